#pragma once
// Sieges (8.2): who may roll (8.231), the siege roll and its DRMs, and assault possible (8.24, 9.11).

#include <string>

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
void begin_siege_roll(State& s, SpaceIndex where, PieceIndex commander);

}  // namespace warpath::wilderness_war
