#pragma once
// Movement (6.0): land, boat, naval and amphibious moves, entering enemy spaces (6.5),
// infiltration (6.6), interception (6.7), avoid battle (6.8) and declaring inside/outside (8.1).

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/battle_state.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::movement (see flow.hpp).
void list_movement_actions(const State& s, ActionList& out);
void apply_movement(State& s, const engine::Action& action);
std::string movement_prompt(const State& s);
bool movement_certainly_reversible(const State& s, std::string_view verb);  // flow.hpp

// Starts moving `pieces` from their space: a force under `commander`, or one piece activated
// individually (commander -1). Sets Step::movement. Before the first step the mover may instead
// choose a stationary option (activation.hpp).
void begin_move(State& s, std::vector<PieceIndex> pieces, PieceIndex commander);
// Called by battle_finished for a battle started by a move (BattleContext::move).
void movement_after_battle(State& s, const BattleResult& result);

}  // namespace warpath::wilderness_war
