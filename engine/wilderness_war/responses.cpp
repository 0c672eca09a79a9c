#include "engine/wilderness_war/responses.hpp"

#include <algorithm>

#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/sequence.hpp"

namespace warpath::wilderness_war {

bool is_unaccounted(const State& s, CardNumber card) {
  return std::find(s.discard.begin(), s.discard.end(), card) == s.discard.end() &&
         std::find(s.removed.begin(), s.removed.end(), card) == s.removed.end();
}

bool holds_card(const State& s, Side side, CardNumber card) {
  const auto& hand = s.player(side).hand;
  return std::binary_search(hand.begin(), hand.end(), card);
}

void spend_response(State& s, Side side, CardNumber card, const std::string& what) {
  discard_from_hand(s, side, card);
  ++s.rule_events["response_" + std::to_string(card)];
  ++s.rule_events["event_" + std::to_string(card)];
  s.note(
      role_of(side), "play", card,
      std::string(side_titles(side)) + " play #" + std::to_string(card) + " " + s.data().card(card).name + ": " + what);
}

void count_window(State& s, const std::string& window) { ++s.rule_events["window_" + window]; }

}  // namespace warpath::wilderness_war
