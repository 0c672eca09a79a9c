#include "engine/wilderness_war/rule_event_counts.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace warpath::wilderness_war {
namespace {

// The rule events the engine counts; the card numbers' and windows' names are added below.
constexpr std::array<std::string_view, 64> fixed_names = {
    "activations",
    "ambush_no_return_fire",
    "ambushes",
    "ambushes_cancelled",
    "amphibious_landings",
    "assaults",
    "assaults_won",
    "attrition_steps",
    "avoid_battle_succeeded",
    "avoid_battle_tried",
    "battles",
    "boat_moves",
    "card_exchanges",
    "constructions",
    "deals",
    "demolitions",
    "draw",
    "event_lone_leaders",
    "events_played",
    "forts_completed",
    "forts_started",
    "go_home_moves",
    "indians_gone_home",
    "infiltrations",
    "interceptions_succeeded",
    "interceptions_tried",
    "lake_schooner_eliminations",
    "land_moves",
    "leader_loss_rolls",
    "leaders_killed",
    "leaders_sent_home",
    "linked_event_dealt",
    "louisbourg_captured_by_british",
    "militia_against_raids",
    "militia_deployments",
    "naval_moves",
    "overruns",
    "raid_leader_deaths",
    "raided_markers_scored",
    "raids",
    "raids_succeeded",
    "reshuffles",
    "retreats",
    "siege_level_increases",
    "sieges_begun",
    "sieges_rolled",
    "sieges_rolled_british",
    "step_losses",
    "stockades_built",
    "stockades_captured",
    "surrenders",
    "units_eliminated",
    "victory_13_11_fortresses",
    "victory_13_11_vp",
    "victory_13_11_year_vp",
    "victory_13_12",
    "victory_13_13",
    "window_amphibious_landing",
    "window_battle",
    "window_foul_weather",
    "window_george_croghan",
    "window_lake_schooner",
    "window_massacre",
    "window_raid",
};
constexpr int last_card = 70;

std::vector<std::string> sorted_names() {
  std::vector<std::string> names(fixed_names.begin(), fixed_names.end());
  for (const char* prefix : {"event_", "response_"})
    for (int card = 1; card <= last_card; ++card) names.push_back(prefix + std::to_string(card));
  for (const char* window : {"window_siege_coehorns", "window_surrender"}) names.emplace_back(window);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.size() > RuleEventCounts::capacity) throw std::logic_error("too many rule event names");
  return names;
}

const std::vector<std::string>& names() {
  static const std::vector<std::string> table = sorted_names();  // immutable once built
  return table;
}

// The index of `name` in the table, or -1.
int index_of(std::string_view name) {
  const auto& table = names();
  const auto found = std::lower_bound(table.begin(), table.end(), name,
                                      [](const std::string& a, std::string_view b) { return a < b; });
  return found != table.end() && *found == name ? static_cast<int>(found - table.begin()) : -1;
}

}  // namespace

int& RuleEventCounts::operator[](std::string_view name) {
  const int i = index_of(name);
  if (i >= 0) return known_[static_cast<std::size_t>(i)];
  const auto found = others_.find(name);
  if (found != others_.end()) return found->second;
  return others_.emplace(std::string(name), 0).first->second;
}

int RuleEventCounts::count(std::string_view name) const {
  const int i = index_of(name);
  if (i >= 0) return known_[static_cast<std::size_t>(i)];
  const auto found = others_.find(name);
  return found == others_.end() ? 0 : found->second;
}

bool RuleEventCounts::operator==(const RuleEventCounts& other) const {
  if (known_ != other.known_) return false;
  auto counted_in = [](const RuleEventCounts& a, const RuleEventCounts& b) {
    return std::all_of(a.others_.begin(), a.others_.end(),
                       [&](const auto& entry) { return entry.second == b.count(entry.first); });
  };
  return counted_in(*this, other) && counted_in(other, *this);
}

nlohmann::json RuleEventCounts::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  const auto& table = names();
  for (std::size_t i = 0; i < table.size(); ++i)
    if (known_[i] != 0) out[table[i]] = known_[i];
  for (const auto& [name, n] : others_)
    if (n != 0) out[name] = n;
  return out;
}

RuleEventCounts RuleEventCounts::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::invalid_argument("rule_events must be an object");
  RuleEventCounts counts;
  for (const auto& [name, n] : j.items()) {
    if (!n.is_number_integer()) throw std::invalid_argument("rule_events." + name + " must be an integer");
    counts[name] = n.get<int>();
  }
  return counts;
}

}  // namespace warpath::wilderness_war
