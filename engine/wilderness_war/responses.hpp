#pragma once
// Response cards (5.56, cards.md "Response timing" and "Hidden hands"): the windows in which a
// player may play one, and spending it. A window opens for a player whenever a card that could be
// played in it is still unaccounted for (not discarded, not removed) and the player holds any
// card at all — never because of what the hand holds, so that the window reveals nothing.
//
// The response windows as the framework knows them (engine::ResponseWindow, for standing orders):
// those card windows and the other side's interception, avoid-battle and militia decisions, each
// declined by `pass`.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/response_window.hpp"

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The kinds of window (engine::ResponseWindow::kind). The card windows are also counted under
// these names when they open (count_window: rule event "window_<kind>").
namespace window_kind {
inline constexpr std::string_view foul_weather = "foul_weather";      // #14 before a unit or force moves (6.2 note)
inline constexpr std::string_view lake_schooner = "lake_schooner";    // #15 after a lakeshore step (6.63)
inline constexpr std::string_view interception = "interception";      // 6.7: intercept the movers, or not
inline constexpr std::string_view avoid_battle = "avoid_battle";      // 6.8: avoid the attackers, or not
inline constexpr std::string_view battle = "battle";                  // 7.4: #8-#12 before the battle roll
inline constexpr std::string_view siege_coehorns = "siege_coehorns";  // #8 before a siege roll (8.231)
inline constexpr std::string_view surrender = "surrender";            // #6 in place of a siege roll
inline constexpr std::string_view massacre = "massacre";              // #7 after losing a fortification
inline constexpr std::string_view raid_militia = "raid_militia";      // 10.2: militia against a raid
inline constexpr std::string_view raid = "raid";                      // #13 Blockhouses before a raid roll (10.3)
}  // namespace window_kind
inline constexpr std::array<std::string_view, 10> window_kinds = {
    window_kind::foul_weather, window_kind::lake_schooner, window_kind::interception,
    window_kind::avoid_battle, window_kind::battle,        window_kind::siege_coehorns,
    window_kind::surrender,    window_kind::massacre,      window_kind::raid_militia,
    window_kind::raid};

// The response window the side to decide (`s.active`) is in, if its decision is one; the same
// whatever its hand holds (the card windows open by is_unaccounted, never by holds_card).
std::optional<engine::ResponseWindow> open_response_window(const State& s);

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
void count_window(State& s, std::string_view kind);

}  // namespace warpath::wilderness_war
