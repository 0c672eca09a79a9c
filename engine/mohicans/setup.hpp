#pragma once
// SETTING UP and Deployment: the counters and markers the rulebook places, then the set-up's
// decisions (the French Coureurs, the British Sea Lift), each a prompt of the sequence table.

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

inline constexpr std::string_view campaign_scenario = "campaign";  // 1754-1760, the only scenario

// Reads the module's options; throws engine::SetupError on unknown keys or bad values.
Options parse_setup_options(const nlohmann::json& options);

// The game set up and poised at its first decision (the French Coureur's place). Throws
// engine::SetupError for an unknown scenario.
std::unique_ptr<State> set_up_game(std::string_view scenario, const Options& options, std::uint64_t seed,
                                   const GameData& data = game_data());

// The set-up's stages (sequence.hpp).
bool enter_setup_coureur(State& s);
void list_setup_coureur(const State& s, engine::ActionList& out);
void apply_setup_coureur(State& s, const engine::Action& action);
std::string setup_coureur_prompt(const State& s);

bool enter_setup_coureurs_on_tribes(State& s);
void list_setup_coureurs_on_tribes(const State& s, engine::ActionList& out);
void apply_setup_coureurs_on_tribes(State& s, const engine::Action& action);
std::string setup_coureurs_on_tribes_prompt(const State& s);

bool enter_setup_sea_lift(State& s);
void list_setup_sea_lift(const State& s, engine::ActionList& out);
void apply_setup_sea_lift(State& s, const engine::Action& action);
std::string setup_sea_lift_prompt(const State& s);

}  // namespace warpath::mohicans
