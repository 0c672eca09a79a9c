#pragma once
// Construction (5.4): stockades (5.41) or forts (5.42), one per space (5.43), and demolition (5.46).

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::construction (see flow.hpp).
void list_construction_actions(const State& s, ActionList& out);
void apply_construction(State& s, const engine::Action& action);
std::string construction_prompt(const State& s);
bool construction_certainly_reversible(const State& s, std::string_view verb);  // flow.hpp

// 5.26: the active side plays `card` for construction of `kind`.
void begin_construction(State& s, CardNumber card, ConstructionKind kind);
bool may_construct(const State& s, Side side);                         // 5.4 exception: not two card plays in a row
bool can_place_stockade(const State& s, SpaceIndex space, Side side);  // 5.41, 5.43
bool can_place_fort(const State& s, SpaceIndex space, Side side);      // 5.42, 5.43
bool can_construct_somewhere(const State& s, Side side, ConstructionKind kind);
// 5.46: demolition during the own Action Phase.
std::vector<SpaceIndex> demolition_targets(const State& s, Side side);
void demolish(State& s, SpaceIndex space);

}  // namespace warpath::wilderness_war
