#pragma once
// VI. WINTER, between a year's last turn and the next year (ambiguity 11's order): militia go home;
// each side may promote one militia that won a battle this year (PROMOTIONS); Regulars and Militia
// out of supply starve (SUPPLY); Indians without a Coureur go home, those whose village the enemy
// holds are eliminated unless the French save one; raid markers are counted for Great Victories in
// full groups of five and removed. Only the promotions and the French save wait for decisions.

#include <functional>
#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

// SUPPLY: a line from `from` along roads, rivers and lakes (trails only between places fortified
// for the side: ambiguity 22), through places friendly to `side`, to a place where `goal` holds.
bool supply_line_to(const State& s, LocationIndex from, Side side, const std::function<bool(LocationIndex)>& goal);

// SUPPLY: the unit on the map can trace supply, or needs none, at the end of the year.
bool in_winter_supply(const State& s, UnitIndex u);

bool enter_winter(State& s);  // after a year's last turn, except the game's last
void list_winter(const State& s, engine::ActionList& out);
void apply_winter(State& s, const engine::Action& action);
std::string winter_prompt(const State& s);

}  // namespace warpath::mohicans
