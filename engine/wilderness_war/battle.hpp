#pragma once
// Battles (7.0) and assaults (9.0): militia (7.3), response windows (7.4), DRMs and shifts (7.5),
// step losses (7.6), leader losses (7.7), winner and VP (7.8), overrun (7.82) and retreat (7.9),
// inside fortifications (8.1, 8.13, 8.252).

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::battle (see flow.hpp).
void list_battle_actions(const State& s, ActionList& out);
void apply_battle(State& s, const engine::Action& action);
std::string battle_prompt(const State& s);

// Starts a battle: defenders are every enemy unit and leader in `battle.where` not inside a
// fortification (7.1, 8.12). Sets Step::battle; when over, stores the result in s.last_battle,
// clears s.battle and calls battle_finished().
void begin_battle(State& s, BattleState battle);
// 9.0: the besiegers in `where` (all of them, 9.12) assault the fortification.
void begin_assault(State& s, SpaceIndex where, Side attacker, PieceIndex commander);
// The battle in progress as the view shows it before the roll: each side's pieces, strength, column
// and modifiers, worked out by the roll's own function (battle_roll.cpp).
CombatReport battle_forecast(const State& s);

}  // namespace warpath::wilderness_war
