#pragma once
// How each card's event (5.26, cards.md) plugs into the game: when it may be played, what it does
// at once, and, when it needs choices, how it lists, applies and prompts them while the game is at
// Step::event. Every card's rules are a row of one table (events.cpp), filled by the files that
// implement groups of cards (events_*.cpp). A card without a row may not be played as an event.

#include <array>
#include <optional>
#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

struct EventRules {
  // The card's own precondition (cards.md "Playable when") for `side`; the colour band (5.12) and
  // the rule that response cards are no Action Phase (5.56) are checked by events.cpp.
  bool (*playable)(const State& s, Side side) = nullptr;
  // Resolves the event. The card has left the hand already (discard, or removed for REMOVE
  // events). Either finishes at once by calling event_finished(), or sets `s.event` (card and
  // player are filled in) and `s.step = Step::event` and waits for the choices below.
  void (*begin)(State& s) = nullptr;
  void (*list)(const State& s, ActionList& out) = nullptr;
  void (*apply)(State& s, const engine::Action& action) = nullptr;
  std::string (*prompt)(const State& s) = nullptr;
};

using EventTable = std::array<std::optional<EventRules>, 71>;  // by card number; [0] unused

// The groups of cards, each in its own file.
void add_campaign_events(EventTable& table);       // events_campaign.cpp: #1-#4
void add_political_events(EventTable& table);      // events_political.cpp: #5, #21, #22, #35-#42, #62, #67, #69, #70
void add_indian_events(EventTable& table);         // events_indians.cpp: #23-#34
void add_reinforcement_events(EventTable& table);  // events_reinforcements.cpp: #43-#61, #63-#66, #68

// The game's table, filled once.
const EventTable& event_table();

// Ends the event: the decision returns to its player and the card play is over (4.0 A.2).
void event_finished(State& s);

}  // namespace warpath::wilderness_war
