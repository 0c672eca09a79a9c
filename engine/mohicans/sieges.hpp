#pragma once
// V. SIEGES (IV. COMBAT: G. Sieges): at the turn's end, after every battle, each siege situation is
// rolled: 2d6 plus the Regulars and Militia on each side (and the defender's bonuses); the besieger
// takes the fortification, or stays (Spring) or retreats; a tie costs both sides a hit.

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

bool enter_sieges(State& s);  // when a siege situation stands
void list_sieges(const State& s, engine::ActionList& out);
void apply_sieges(State& s, const engine::Action& action);
std::string sieges_prompt(const State& s);

}  // namespace warpath::mohicans
