#pragma once
// The counters of rule events a game keeps for the playout reports ("battles", "sieges_rolled",
// ...), for any title. Each title supplies its own table of names (RuleEventNames, built once and
// immutable after). The state is copied for every action (undo and the legality check work on
// copies), so the counters are a flat array indexed through that sorted table: copying them costs
// a memcpy and a pointer, not a map of strings. A name missing from the table still counts, in a
// map that stays empty in practice.

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace warpath::engine {

// One title's known rule event names, sorted and without repeats.
class RuleEventNames {
 public:
  // Sorts `names` and drops repeats; throws std::logic_error when they exceed the counters' capacity.
  explicit RuleEventNames(std::vector<std::string> names);

  // The index of `name`, or -1 when it is not in the table.
  int index_of(std::string_view name) const;
  std::size_t size() const { return sorted_.size(); }
  const std::string& operator[](std::size_t i) const { return sorted_[i]; }

 private:
  std::vector<std::string> sorted_;
};

class RuleEventCounts {
 public:
  static constexpr std::size_t capacity = 256;

  // `names` must outlive the counters (a title's table is a function-local static).
  explicit RuleEventCounts(const RuleEventNames& names) : names_(&names) {}

  // The counter of `name`, created at 0.
  int& operator[](std::string_view name);
  int count(std::string_view name) const;
  // Every non-zero counter by name.
  nlohmann::json to_json() const;
  // Throws std::invalid_argument unless `j` is an object of integers.
  static RuleEventCounts from_json(const RuleEventNames& names, const nlohmann::json& j);

  // Equal when every counter is: a name read but never counted is no difference.
  bool operator==(const RuleEventCounts& other) const;

 private:
  const RuleEventNames* names_;
  std::array<int, capacity> known_{};
  std::map<std::string, int, std::less<>> others_;
};

// A title's counters, default-constructible over the table `Names()` returns: the type a title's
// state holds (`using RuleEventCounts = engine::TitleRuleEventCounts<&rule_event_names>;`).
template <const RuleEventNames& (*Names)()>
class TitleRuleEventCounts : public RuleEventCounts {
 public:
  TitleRuleEventCounts() : RuleEventCounts(Names()) {}
  static TitleRuleEventCounts from_json(const nlohmann::json& j) {
    TitleRuleEventCounts counts;
    static_cast<RuleEventCounts&>(counts) = RuleEventCounts::from_json(Names(), j);
    return counts;
  }
};

}  // namespace warpath::engine
