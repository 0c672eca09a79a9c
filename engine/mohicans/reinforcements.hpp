#pragma once
// VIII. REINFORCEMENTS, at a year's first turn (ambiguity 12), each side in turn, the French first
// (I: each side lands its reinforcements before its Supply Points roll). With the naval war, each
// ship of the side that got through last Winter brings its effect (Naval Units & Reinforcements):
// European regulars at ONE friendly port, taken in the historical order (ambiguity 34); a militia
// muster from the pool (ambiguity 30); the British supply convoy's two Colonial Regulars; or, for the
// French privateer and supply convoy, either five tribes joining Coureurs or the muster. With
// Historical Reinforcements (OPTIONAL RULES), the year's listed European regulars and the random
// French battalions that roll 5+ land at friendly ports, and each side's supply ship brings its
// effect every year after the first.

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

// Ambiguity 34: with Historical Reinforcements, a counter listed for a year cannot be promoted into
// or mustered before it; otherwise (and for counters not listed) always true.
bool available_in(const State& s, UnitIndex u, int year);

bool enter_reinforcements(State& s);  // first turn of a year, when the side has anything to land
void list_reinforcements(const State& s, engine::ActionList& out);
void apply_reinforcements(State& s, const engine::Action& action);
std::string reinforcements_prompt(const State& s);

}  // namespace warpath::mohicans
