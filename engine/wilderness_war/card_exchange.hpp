#pragma once
// Optional rule 14.6: from 1757 on, right after each deal, the British may discard a random card of
// their hand to take any one British Regulars or Highlanders card from the discard pile.

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// True when the option is on and the exchange is possible now (a card to take, a card to give).
bool offers_card_exchange(const State& s);
// Hands the decision to the British (Step::card_exchange); the season goes on when they decide.
void begin_card_exchange(State& s);

void list_card_exchange_actions(const State& s, ActionList& out);
void apply_card_exchange(State& s, const engine::Action& action);
std::string card_exchange_prompt(const State& s);

}  // namespace warpath::wilderness_war
