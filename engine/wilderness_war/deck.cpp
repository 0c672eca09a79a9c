#include "engine/wilderness_war/deck.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>

namespace warpath::wilderness_war {

void reshuffle_discard_into_draw_pile(State& state) {
  state.draw_pile.insert(state.draw_pile.end(), state.discard.begin(), state.discard.end());
  state.discard.clear();
  state.rng.shuffle(std::span<CardNumber>(state.draw_pile));
  state.year_track.surrender_played = false;
  ++state.rule_events["reshuffles"];
}

namespace {

// 14.1: once one of William Pitt / Diplomatic Revolution was played as an event, the other, when in
// the discard pile, goes to the side that could play it as part of the next deal (5.21).
struct LinkedEvent {
  bool YearTrack::*played;
  CardNumber other;
  Side receiver;
};
constexpr std::array<LinkedEvent, 2> linked_events{{
    {&YearTrack::william_pitt, 69, Side::french},
    {&YearTrack::diplomatic_revolution, 67, Side::british},
}};

void hand_out_linked_events(State& state) {
  for (const auto& link : linked_events) {
    if (!(state.year_track.*link.played)) continue;
    const auto found = std::find(state.discard.begin(), state.discard.end(), link.other);
    if (found == state.discard.end()) continue;
    state.discard.erase(found);
    auto& player = state.player(link.receiver);
    player.hand.push_back(link.other);
    player.known.insert(std::upper_bound(player.known.begin(), player.known.end(), link.other), link.other);
    ++state.rule_events["linked_event_dealt"];
    state.note(std::string(side_names(link.receiver)), "receive", link.other,
               std::string(side_titles(link.receiver)) + " receive #" + std::to_string(link.other) + " " +
                   state.data().card(link.other).name + " from the discard pile (optional rule 14.1).");
  }
}

}  // namespace

bool deal_cards(State& state) {
  if (state.options.pitt_and_diplomatic_revolution_linked) hand_out_linked_events(state);  // before any reshuffle
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
