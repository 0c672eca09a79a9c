// The rule event counters of the playout reports (rule_event_counts.hpp): a sorted name table per
// title, a flat array of counters over it, an overflow map for names outside it.
#include "engine/core/rule_event_counts.hpp"

#include <algorithm>
#include <stdexcept>

namespace warpath::engine {

RuleEventNames::RuleEventNames(std::vector<std::string> names) : sorted_(std::move(names)) {
  std::sort(sorted_.begin(), sorted_.end());
  sorted_.erase(std::unique(sorted_.begin(), sorted_.end()), sorted_.end());
  if (sorted_.size() > RuleEventCounts::capacity) throw std::logic_error("too many rule event names");
}

int RuleEventNames::index_of(std::string_view name) const {
  const auto found = std::lower_bound(sorted_.begin(), sorted_.end(), name,
                                      [](const std::string& a, std::string_view b) { return a < b; });
  return found != sorted_.end() && *found == name ? static_cast<int>(found - sorted_.begin()) : -1;
}

int& RuleEventCounts::operator[](std::string_view name) {
  const int i = names_->index_of(name);
  if (i >= 0) return known_[static_cast<std::size_t>(i)];
  const auto found = others_.find(name);
  if (found != others_.end()) return found->second;
  return others_.emplace(std::string(name), 0).first->second;
}

int RuleEventCounts::count(std::string_view name) const {
  const int i = names_->index_of(name);
  if (i >= 0) return known_[static_cast<std::size_t>(i)];
  const auto found = others_.find(name);
  return found == others_.end() ? 0 : found->second;
}

bool RuleEventCounts::operator==(const RuleEventCounts& other) const {
  if (names_ != other.names_) return to_json() == other.to_json();  // different tables: compare by name
  if (known_ != other.known_) return false;
  auto counted_in = [](const RuleEventCounts& a, const RuleEventCounts& b) {
    return std::all_of(a.others_.begin(), a.others_.end(),
                       [&](const auto& entry) { return entry.second == b.count(entry.first); });
  };
  return counted_in(*this, other) && counted_in(other, *this);
}

nlohmann::json RuleEventCounts::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (std::size_t i = 0; i < names_->size(); ++i)
    if (known_[i] != 0) out[(*names_)[i]] = known_[i];
  for (const auto& [name, n] : others_)
    if (n != 0) out[name] = n;
  return out;
}

RuleEventCounts RuleEventCounts::from_json(const RuleEventNames& names, const nlohmann::json& j) {
  if (!j.is_object()) throw std::invalid_argument("rule_events must be an object");
  RuleEventCounts counts(names);
  for (const auto& [name, n] : j.items()) {
    if (!n.is_number_integer()) throw std::invalid_argument("rule_events." + name + " must be an integer");
    counts[name] = n.get<int>();
  }
  return counts;
}

}  // namespace warpath::engine
