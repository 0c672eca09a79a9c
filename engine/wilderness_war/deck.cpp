#include "engine/wilderness_war/deck.hpp"

#include <algorithm>
#include <optional>
#include <span>

namespace warpath::wilderness_war {

void reshuffle_discard_into_draw_pile(State& state) {
  state.draw_pile.insert(state.draw_pile.end(), state.discard.begin(), state.discard.end());
  state.discard.clear();
  state.rng.shuffle(std::span<CardNumber>(state.draw_pile));
  state.year_track.surrender_played = false;
  ++state.rule_events["reshuffles"];
}

bool deal_cards(State& state) {
  bool reshuffled = false;
  if (state.year_track.surrender_played) {  // 5.25: at the end of the season Surrender! was played
    reshuffle_discard_into_draw_pile(state);
    reshuffled = true;
  }
  // The draw pile's top card, reshuffling the discard pile in when it has run out; nullopt when
  // every card is in a hand or out of the game.
  auto draw = [&]() -> std::optional<CardNumber> {
    if (state.draw_pile.empty() && !state.discard.empty()) {
      reshuffle_discard_into_draw_pile(state);
      reshuffled = true;
    }
    if (state.draw_pile.empty()) return std::nullopt;
    const CardNumber top = state.draw_pile.back();
    state.draw_pile.pop_back();
    return top;
  };
  const Side first = state.first_player();
  const std::array<Side, 2> order = {first, enemy_of(first)};
  for (bool dealing = true; dealing;) {
    dealing = false;
    for (Side side : order) {
      auto& hand = state.player(side).hand;
      if (static_cast<int>(hand.size()) >= state.hand_size(side)) continue;
      const auto card = draw();
      if (!card) break;
      hand.push_back(*card);
      dealing = true;
    }
  }
  for (Side side : both_sides) std::sort(state.player(side).hand.begin(), state.player(side).hand.end());
  ++state.rule_events["deals"];
  return reshuffled;
}

}  // namespace warpath::wilderness_war
