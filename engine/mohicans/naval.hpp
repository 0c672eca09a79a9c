#pragma once
// The Naval War Insert's set-up: at the start of every year the French put their four naval pieces
// face down on its four anchor spots (Deployment: NAVAL WAR INSERT; ambiguity 8), one decision per
// spot in the insert's order. Which piece is where stays the French player's secret until the
// naval war turns the pieces up (VII, next); the log names the spot, never the piece.

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

// The French naval pieces not on the insert and not arrived: the ones still to place.
std::vector<NavalIndex> french_naval_in_hand(const State& s);
// The spot the next French piece goes to; none when all are filled.
std::optional<std::size_t> next_naval_spot(const State& s);

bool enter_naval_placement(State& s);
void list_naval_placement(const State& s, engine::ActionList& out);
void apply_naval_placement(State& s, const engine::Action& action);
std::string naval_placement_prompt(const State& s);

}  // namespace warpath::mohicans
