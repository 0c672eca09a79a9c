#pragma once
// Playing a card for its event (5.26): whether it may be, and the Step::event procedure that
// waits for the event's choices. The events themselves are in events_*.cpp (event_rules.hpp).

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// 5.12, 5.56 and the card's own precondition. Response cards (#6-#20) are never an Action Phase's
// card play: they are played in their windows (responses.hpp).
bool event_playable(const State& s, Side side, CardNumber card);
// The card has left `side`'s hand (to the discard pile, or out of the game for REMOVE, 5.23).
void begin_event(State& s, Side side, CardNumber card);

void list_event_actions(const State& s, ActionList& out);
void apply_event(State& s, const engine::Action& action);
std::string event_prompt(const State& s);

}  // namespace warpath::wilderness_war
