#pragma once
// The stages whose rules come next: reinforcements (VIII), movement (III), winter (VI) and the
// naval war (VII). Each already has its row in the sequence table, its
// sub-state and the test of whether it happens this turn; until its rules are built, the side
// acting in it ends it with `done` (README: what is implemented).

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

bool enter_reinforcements(State& s);  // first turn of a year, when the side has anything to land
bool enter_movement(State& s);
bool enter_winter(State& s);     // after a year's last turn, except the game's last
bool enter_naval_war(State& s);  // after winter, unless Historical Reinforcements replace it

// `done`, the one action of an open stage.
void list_open_stage(const State& s, engine::ActionList& out);
void apply_open_stage(State& s, const engine::Action& action);
std::string open_stage_prompt(const State& s);

}  // namespace warpath::mohicans
