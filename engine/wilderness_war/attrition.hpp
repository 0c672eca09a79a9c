#pragma once
// Winter Attrition (11.0), the B.5 step of the year end.

#include <vector>

#include "engine/wilderness_war/state.hpp"
#include "engine/wilderness_war/year_end_state.hpp"

namespace warpath::wilderness_war {

// 11.1: the stacks of Drilled Troops that suffer attrition now, in map order, French before
// British in a space, the besieged stack before the other units of its side.
std::vector<AttritionStack> attrition_stacks(const State& s);
// The units of a stack (every kind; the losses fall on its Drilled Troops only), in piece order.
std::vector<PieceIndex> attrition_stack_units(const State& s, const AttritionStack& stack);
// 11.2: the reduced Drilled Troops of the stack, from which its owner chooses the eliminated ones.
std::vector<PieceIndex> attrition_candidates(const State& s, const AttritionStack& stack);
// 11.2 exception: the side has a single step left in the space, which attrition never removes.
bool is_last_friendly_step(const State& s, SpaceIndex space, Side side);

// Resolves the stack as far as it can without its owner's choice: true when finished (its
// full-strength Drilled Troops reduced), false when the owner must choose which reduced unit to
// eliminate next (one of attrition_candidates).
bool resolve_attrition_stack(State& s, AttritionStack& stack);
// The owner eliminates `piece`, one of attrition_candidates(stack).
void eliminate_for_attrition(State& s, AttritionStack& stack, PieceIndex piece);

}  // namespace warpath::wilderness_war
