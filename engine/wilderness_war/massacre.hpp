#pragma once
// #7 Massacre! (cards.md #7): after the enemy captures one of your fortifications with a stack
// holding Indians and Drilled Troops — a stockade taken intact (6.51), an assault won (9.22), a
// Surrender! (#6) — you may eliminate every Indian unit there and gain 1 VP.

#include "engine/core/action.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

inline constexpr CardNumber massacre_card = 7;

// The window of the side that lost the fortification at `where` to `captor` opens (responses.hpp).
bool massacre_window_opens(const State& s, SpaceIndex where, Side captor);
// Opens the window for the capture in s.siege (where, besieger = the captor, capture); false (and
// nothing changed) when it does not open.
bool open_massacre_window(State& s);
// movement_entering.cpp, 6.51/5.45: a stockade captured intact by a move. True when the window
// opened: the move ends (6.51) once it is closed.
bool open_massacre_after_stockade_capture(State& s, SpaceIndex where, Side captor);
// SiegeStage::massacre: `play` or `pass`, then the capture's procedure goes on.
void apply_massacre(State& s, const engine::Action& action);

}  // namespace warpath::wilderness_war
