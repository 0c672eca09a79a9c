#pragma once
// The sequence of play (4.0): seasons, deals, alternating Action Phases, holding the last card, and
// the card play of an Action Phase (5.26).

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// 5.22: `card` leaves `side`'s hand for the discard pile (the other side sees it go); Surrender!
// so discarded triggers the reshuffle (5.25).
void discard_from_hand(State& s, Side side, CardNumber card);
// Amherst, Forbes and Wolfe, if still set aside, join the British leader pool (1759 or #67).
void release_pitt_leaders(State& s);

// The decision of Step::action_phase: play a card for activation, construction or its event,
// pass holding the last card, or demolish (5.46).
void list_action_phase_actions(const State& s, ActionList& out);
void apply_action_phase(State& s, const engine::Action& action);
std::string action_phase_prompt(const State& s);
bool action_phase_certainly_reversible(const State& s, std::string_view verb);  // flow.hpp

// A.1/B.1 then A.2/B.2: deals and starts the season's first Action Phase.
void begin_season(State& s);
// A.2/B.2: the season's first Action Phase (or the end of a season nobody can play in).
void start_first_action_phase(State& s);
// After the year-end steps: the next year's Early Season (4.0 A).
void start_next_year(State& s);
// True if `side` still takes Action Phases this season (cards left and not holding the last one).
bool takes_action_phases(const State& s, Side side);

}  // namespace warpath::wilderness_war
