#pragma once
// Response cards (5.56, cards.md "Response timing" and "Hidden hands"): the windows in which a
// player may play one, and spending it. A window opens for a player whenever a card that could be
// played in it is still unaccounted for (not discarded, not removed) and the player holds any
// card at all — never because of what the hand holds, so that the window reveals nothing.

#include <span>
#include <string>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// Not in the discard pile and not out of the game: it could be in any hand or the draw pile.
bool is_unaccounted(const State& s, CardNumber card);
bool holds_card(const State& s, Side side, CardNumber card);
// The window opens for `side` (see above); `situation_allows(card)` is the public condition of
// the card in this window (e.g. Regulars in the battle for Coehorns).
template <typename Allows>
bool response_window_opens(const State& s, Side side, std::span<const CardNumber> cards, Allows situation_allows) {
  if (s.player(side).hand.empty()) return false;
  for (CardNumber card : cards)
    if (is_unaccounted(s, card) && situation_allows(card)) return true;
  return false;
}
// The card leaves `side`'s hand for the discard pile and the play is logged and counted.
void spend_response(State& s, Side side, CardNumber card, const std::string& what);
// Counts a window that opened, for the playout reports.
void count_window(State& s, const std::string& window);

}  // namespace warpath::wilderness_war
