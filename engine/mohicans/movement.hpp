#pragma once
// III. MOVEMENT: a side's movement phase (the `movement` rows of the sequence table). Implements
// LAND MOVEMENT, SUPPLY POINTS, MOVEMENT ALLOWANCE AND COSTS, OUTMANEUVERING, PINNING, OVERRUNS,
// INDIGENOUS TRIBES ACTIVATION, FORT CONSTRUCTION, FORT BURNING, SEA LIFT (British and French),
// V. RAIDS — DURING MOVEMENT, LAND STACKING and the change of owners at the end of the phase; the
// Iroquois free move (IROQUOIS RULES, ambiguity 7) and the closed Iroquois villages.
//
// The side moves one group at a time. At rest it picks a unit (`unit <id>`) or a whole stack
// (`location <id>`); a group then steps to an adjacent place (`location <id>`), picks up or drops
// units where it stands (`unit <id>`), and ends with `stop`; `done` ends the side's movement.
// Other verbs: `free_move <id>` (Iroquois), `overrun`, `outmaneuver`, `fort`, `burn`, `raid`,
// `embark`, `sail <port>`, `disembark`.

#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

bool enter_movement(State& s);
void list_movement(const State& s, engine::ActionList& out);
void apply_movement(State& s, const engine::Action& action);
std::string movement_prompt(const State& s);

}  // namespace warpath::mohicans
