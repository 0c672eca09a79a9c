#pragma once
// VII. NAVAL COMBAT / MANEUVER: in Winter (ambiguities 8, 11) the British match one of their naval
// pieces (not the Sea Lift) to each French piece face down on the insert, one spot at a time in
// the insert's order. Each pair is turned up and both roll a die plus the piece's rating (ambiguity
// 10), the holder of Louisbourg adding +1 on its spot (SEA CONTROL AND LOUISBOURG); the higher gets
// through, both on a tie, into `naval.arrived`, to land next Spring (ambiguity 12). A French piece
// stays secret until its own spot is resolved.

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

// The British naval-war pieces not yet matched this year.
std::vector<NavalIndex> british_naval_in_hand(const State& s);

bool enter_naval_war(State& s);  // after winter, unless Historical Reinforcements replace it
void list_naval_war(const State& s, engine::ActionList& out);
void apply_naval_war(State& s, const engine::Action& action);
std::string naval_war_prompt(const State& s);

}  // namespace warpath::mohicans
