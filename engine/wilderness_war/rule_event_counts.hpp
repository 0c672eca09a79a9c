#pragma once
// The counters of rule events a game keeps for the playout reports ("battles", "event_23",
// "window_battle", ...). The state is copied for every action (undo and the legality check work
// on copies), so the counters are a flat array indexed through one immutable sorted table of the
// known names: copying them costs a memcpy, not a map of strings. A name missing from the table
// still counts, in a map that stays empty in practice (rule_event_counts.cpp lists the names).

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace warpath::wilderness_war {

class RuleEventCounts {
 public:
  static constexpr std::size_t capacity = 256;

  // The counter of `name`, created at 0.
  int& operator[](std::string_view name);
  int count(std::string_view name) const;
  // Every non-zero counter by name.
  nlohmann::json to_json() const;
  // Throws std::invalid_argument unless `j` is an object of integers.
  static RuleEventCounts from_json(const nlohmann::json& j);

  // Equal when every counter is: a name read but never counted is no difference.
  bool operator==(const RuleEventCounts& other) const;

 private:
  std::array<int, capacity> known_{};
  std::map<std::string, int, std::less<>> others_;
};

}  // namespace warpath::wilderness_war
