#pragma once
// The stages whose rules come next: combat (IV) and sieges (V). Each already has its row in the
// sequence table, its sub-state and the test of whether it happens this turn; until its rules are built, the side
// acting in it ends it with `done` (README: what is implemented).

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

bool enter_combat(State& s);  // when a location holds units of both sides; the French (attacker first) act
bool enter_sieges(State& s);  // when a siege situation stands

// `done`, the one action of an open stage.
void list_open_stage(const State& s, engine::ActionList& out);
void apply_open_stage(State& s, const engine::Action& action);
std::string open_stage_prompt(const State& s);

}  // namespace warpath::mohicans
