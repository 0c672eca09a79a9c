#pragma once
// The first turn of a year's redeployments, before movement: VIII. RESTORATION (militia back from
// the pool), II. SPRING MUSTERS (militia on the map to the original holdings; one Iroquois unit of
// the ally to an Iroquois village) and II. BRITISH STRATEGIC MOVEMENT (regulars to the Sea Lift's
// port). Each moves up to a number of units one at a time and may stop early with `done`.

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

bool enter_restoration(State& s);
void list_restoration(const State& s, engine::ActionList& out);
void apply_restoration(State& s, const engine::Action& action);
std::string restoration_prompt(const State& s);

// The militia muster and the Iroquois muster (the stage tells them apart).
bool enter_muster(State& s);
bool enter_iroquois_muster(State& s);
void list_muster(const State& s, engine::ActionList& out);
void apply_muster(State& s, const engine::Action& action);
std::string muster_prompt(const State& s);

bool enter_strategic_movement(State& s);
void list_strategic_movement(const State& s, engine::ActionList& out);
void apply_strategic_movement(State& s, const engine::Action& action);
std::string strategic_movement_prompt(const State& s);

}  // namespace warpath::mohicans
