#pragma once
// #6 Surrender! (cards.md #6, 8.231): the besieger (under 14.4 the besieged too) captures the
// fortification intact in place of the siege roll or of an assault; the garrison relocates to its
// closest friendly fortification (10.421 by analogy).

#include <vector>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

inline constexpr CardNumber surrender_card = 6;

// The public condition of Surrender! for a force that qualifies to roll on the Siege Table: at
// Louisbourg the siege marker must show 1 or 2 (cards.md #6).
bool surrender_situation_allows(const State& s, SpaceIndex where);
// Window (b): at the start of the force's activation, in place of an assault already possible.
bool may_surrender_instead_of_assault(const State& s, SpaceIndex where, Side side, PieceIndex commander);
// The active besieger plays #6 in window (b).
void surrender_instead_of_assault(State& s, SpaceIndex where, PieceIndex commander);
// `player` plays #6 at the siege in s.siege: capture intact, Massacre! window, relocation.
void play_surrender(State& s, Side player);

// #6 step 3: the garrison relocates (SiegeStage::relocate when the loser must choose).
std::vector<SpaceIndex> relocation_options(const State& s);
void start_relocation(State& s);
void relocate_displaced(State& s, SpaceIndex to);

}  // namespace warpath::wilderness_war
