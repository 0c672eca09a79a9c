// The rule events Wilderness War counts for the playout reports (rule_event_names.hpp).
#include "engine/wilderness_war/rule_event_names.hpp"

#include <array>
#include <string>
#include <string_view>
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

std::vector<std::string> all_names() {
  std::vector<std::string> names(fixed_names.begin(), fixed_names.end());
  for (const char* prefix : {"event_", "response_"})
    for (int card = 1; card <= last_card; ++card) names.push_back(prefix + std::to_string(card));
  for (const char* window : {"window_siege_coehorns", "window_surrender"}) names.emplace_back(window);
  return names;
}

}  // namespace

const engine::RuleEventNames& rule_event_names() {
  static const engine::RuleEventNames table(all_names());  // immutable once built
  return table;
}

}  // namespace warpath::wilderness_war
