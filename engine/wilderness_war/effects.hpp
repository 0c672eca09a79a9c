#pragma once
// The ways the rules change a position, shared by every procedure: dice, VP, moving, reducing and
// eliminating pieces, and the map's continuous rules that hold after every action.

#include <string>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// One six-sided die from the state's Rng; marks the action as having used randomness (undo
// barrier).
int roll_die(State& s);

// 13.21: moves the VP marker `amount` toward `side`.
void award_vp(State& s, Side side, int amount, const std::string& why);

// Places a piece in a space, outside any fortification.
void move_piece_to(State& s, PieceIndex p, SpaceIndex space);
// Takes one step from a unit (3.1: flip, or eliminate a reduced unit).
void reduce_unit(State& s, PieceIndex p);
// 7.61: eliminated Regulars and Coureurs and killed leaders leave the game for good; other units
// go to the eliminated pool, from which events may bring them back (5.52). The last Indian unit of
// a settlement takes its Allied marker with it at once (5.532).
void eliminate_piece(State& s, PieceIndex p);
// 8.24, 9.22, #6: `captor` takes the fortification at `where`; counted for the playout reports.
void count_capture(State& s, SpaceIndex where, Side captor);
// Militia go back to their Department's box (7.91, 10.21), keeping their strength.
void return_militia_to_box(State& s, PieceIndex p);

// The continuous rules, applied after every action and at every hand-over between procedures
// within one (flow.cpp's continuations), so that what a later procedure reads in the same action
// already holds them: Allied markers without Indians (5.532),
// Siege markers without besiegers (8.232), fortress ownership reverting when a captor leaves
// (8.24 exception), Amphib markers (6.431), forts under construction solely occupied by enemy
// Drilled Troops (5.45), Niagara and Ohio Forks changing hands (13.23), and leaders left alone
// with enemy units are handled by the procedures that cause them.
void settle_map(State& s);

}  // namespace warpath::wilderness_war
