#pragma once
// Sieges (8.2): who may roll (8.231), the response windows before the roll (#8 Coehorns, #6
// Surrender!), the siege roll and its DRMs, and assault possible (8.24, 9.11). Step::siege also
// holds the aftermath of a captured fortification (#7 Massacre!, massacre.hpp; the relocation
// after a Surrender!, surrender.hpp).

#include <optional>
#include <string>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::siege (see flow.hpp).
void list_siege_actions(const State& s, ActionList& out);
void apply_siege(State& s, const engine::Action& action);
std::string siege_prompt(const State& s);

// 8.231: an activated force in `where` may roll on the Siege Table.
bool may_roll_siege(const State& s, SpaceIndex where, Side side, PieceIndex commander);
// 9.11: the siege level allows an assault.
bool may_assault(const State& s, SpaceIndex where, Side side);
// 8.231: the activated force rolls; first the Coehorns and Surrender! windows (cards.md section 2).
void begin_siege_roll(State& s, SpaceIndex where, PieceIndex commander);

// 8.231: the siege roll's modifiers with their reasons; the roll adds their total.
std::vector<CombatModifier> siege_modifiers(const State& s, const SiegeState& g);
// The siege roll as the view shows it before the roll: the besiegers with the modifiers, and the
// besieged inside (the roll records the same with its die and new level in s.combat_report).
CombatReport siege_forecast(const State& s);
// Clears the siege sub-state: the besieger is active again and his force's activation is over.
void finish_siege(State& s);
// An assault is over (flow.cpp's battle_finished): a won assault's Massacre! window (9.22,
// cards.md #7), then the force's activation ends.
void assault_finished(State& s);

// battle_assault.cpp: begin_assault, with #8 Coehorns played at the siege roll by `coehorns`
// carried into the assault made right afterwards (9.13).
void begin_assault_after_siege(State& s, SpaceIndex where, Side attacker, PieceIndex commander,
                               std::optional<Side> coehorns);

}  // namespace warpath::wilderness_war
