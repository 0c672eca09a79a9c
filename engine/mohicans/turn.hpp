#pragma once
// The turn track and what happens on it without a decision: a turn's start (victory check, shovel
// forts), the Supply Points rolls (and the Iroquois joining a side), a turn's end and the game's.

#include <optional>

#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

// VICTORY CONDITIONS: `side` holds its objectives now.
bool meets_victory_conditions(const State& s, Side side);

bool enter_turn_start(State& s);
bool enter_supply_points(State& s);
bool enter_turn_end(State& s);

// Ends the game with `winner`.
void end_game(State& s, Side winner, std::string reason);

}  // namespace warpath::mohicans
