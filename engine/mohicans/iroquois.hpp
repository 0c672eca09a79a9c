#pragma once
// IROQUOIS ADJUSTMENT at the end of every turn (ambiguity 11): for each Great Victory a side has
// won since the last one, it turns one Iroquois nation showing the other's colour to its own. The
// Great Victories are counted as they happen (battles, captures: combat; forts destroyed, counted
// in pairs here); the Six Nations join a side at the start of its turn (turn.cpp).

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

// Replaces the Iroquois counter `u` by its other-colour twin, where `u` was and as `u` was.
void turn_iroquois(State& s, UnitIndex u);

bool enter_iroquois_adjustment(State& s);
void list_iroquois_adjustment(const State& s, engine::ActionList& out);
void apply_iroquois_adjustment(State& s, const engine::Action& action);
std::string iroquois_adjustment_prompt(const State& s);

}  // namespace warpath::mohicans
