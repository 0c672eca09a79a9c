#pragma once
// The strategy card deck (5.2): dealing and reshuffling.

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// Shuffles the discard pile into the undealt cards (5.25) with the state's Rng.
void reshuffle_discard_into_draw_pile(State& state);

// A.1 / B.1 Deal Cards: tops each hand up to its hand size, one card at a time, the side that
// plays first this season first. Reshuffles first if Surrender! was played this season, and
// whenever the draw pile runs out (5.25 and its clarification: the remaining cards are dealt,
// then the discard pile is reshuffled to deal the rest). Returns true if a reshuffle used the Rng.
bool deal_cards(State& state);

}  // namespace warpath::wilderness_war
