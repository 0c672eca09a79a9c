#pragma once
// Scenario set-up from the playbook's facts (data/scenarios.json): placements, markers, leader
// pool, set-aside and removed counters, starting VP and bid (13.3), Provincial Assemblies, the
// lasting events in effect, the deck, and the first deal (5.2).

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// Reads the module's options; throws engine::SetupError on unknown keys or bad values.
Options parse_setup_options(const nlohmann::json& options);

// The scenario set up and dealt, poised at the first decision of the sequence of play: the first
// player's Action Phase of the first season (4.0 A.2). Throws engine::SetupError for an unknown
// scenario.
std::unique_ptr<State> set_up_scenario(std::string_view scenario_id, const Options& options, std::uint64_t seed,
                                       const GameData& data = game_data());

}  // namespace warpath::wilderness_war
