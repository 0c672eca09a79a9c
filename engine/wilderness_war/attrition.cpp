#include "engine/wilderness_war/attrition.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/queries.hpp"

namespace warpath::wilderness_war {
namespace {

bool in_stack(const State& s, PieceIndex p, const AttritionStack& stack) {
  return (is_besieged(s, stack.space) && s.piece(p).inside) == stack.besieged;
}

// 11.1: the three kinds of winter quarters. Besieged units never have any; their besiegers only
// if the space itself shelters them (an originally friendly cultivated space).
bool is_winter_quarters(const State& s, const AttritionStack& stack) {
  if (stack.besieged) return false;
  const SpaceIndex sp = stack.space;
  if (is_cultivated(s, sp) && is_originally_friendly(s, sp, stack.side)) return true;
  if (is_besieged(s, sp)) return false;
  const auto& markers = s.space(sp);
  if (has_fortress(s, sp)) return markers.fortress_owner == stack.side;
  // "Fort or stockade space with no more than four friendly units of any kind (leaders do not
  // count)": a fifth unit makes the whole stack suffer.
  const bool fortification = markers.fort == stack.side || markers.stockade == stack.side;
  return fortification && unit_count(s, sp, stack.side) <= s.data().tables.fort_capacity;
}

// Reduced Drilled Troops are interchangeable for the owner when their counters only differ by
// historical designation (scenario notes): same type, strength, return rule and location.
bool interchangeable(const State& s, PieceIndex a, PieceIndex b) {
  const Unit& x = s.data().unit(a);
  const Unit& y = s.data().unit(b);
  return x.type == y.type && x.subtype == y.subtype && x.strength_full == y.strength_full &&
         x.strength_reduced == y.strength_reduced &&
         x.may_reenter_after_elimination == y.may_reenter_after_elimination &&
         s.piece(a).location == s.piece(b).location;
}

void note_loss(State& s, PieceIndex p, const char* what) {
  s.note(std::string(side_names(side_of(s, p))), "attrition", s.data().piece_id(p),
         piece_name(s, p) + " " + what + " by Winter Attrition (11.2).");
  ++s.rule_events["attrition_steps"];
}

}  // namespace

std::vector<AttritionStack> attrition_stacks(const State& s) {
  std::vector<AttritionStack> out;
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
    for (Side side : both_sides)
      for (bool besieged : {true, false}) {
        const AttritionStack stack{sp, side, besieged, -1};
        const auto units = attrition_stack_units(s, stack);
        const bool drilled =
            std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return is_drilled_troops(s, p); });
        if (drilled && !is_winter_quarters(s, stack)) out.push_back(stack);
      }
  return out;
}

std::vector<PieceIndex> attrition_stack_units(const State& s, const AttritionStack& stack) {
  auto units = units_in(s, stack.space, stack.side);
  std::erase_if(units, [&](PieceIndex p) { return !in_stack(s, p, stack); });
  return units;
}

std::vector<PieceIndex> attrition_candidates(const State& s, const AttritionStack& stack) {
  auto units = attrition_stack_units(s, stack);
  std::erase_if(units, [&](PieceIndex p) { return !is_drilled_troops(s, p) || !s.piece(p).reduced; });
  return units;
}

bool is_last_friendly_step(const State& s, SpaceIndex space, Side side) {
  int steps = 0;
  for (PieceIndex p : units_in(s, space, side)) steps += steps_of(s, p);
  return steps <= 1;
}

bool resolve_attrition_stack(State& s, AttritionStack& stack) {
  // 11.2, first: half the reduced Drilled Troops, rounded up.
  if (stack.to_eliminate < 0)
    stack.to_eliminate = static_cast<std::int8_t>((attrition_candidates(s, stack).size() + 1) / 2);
  while (stack.to_eliminate > 0) {
    const auto candidates = attrition_candidates(s, stack);
    if (candidates.empty() || is_last_friendly_step(s, stack.space, stack.side)) {
      stack.to_eliminate = 0;  // 11.2 exception
      break;
    }
    const bool all_go = static_cast<int>(candidates.size()) <= stack.to_eliminate;
    const bool same = std::all_of(candidates.begin(), candidates.end(),
                                  [&](PieceIndex p) { return interchangeable(s, p, candidates.front()); });
    if (!all_go && !same) return false;  // the owner's choice
    eliminate_for_attrition(s, stack, candidates.front());
  }
  // 11.2, second: every full-strength Drilled Troops unit (they cannot be the last step).
  for (PieceIndex p : attrition_stack_units(s, stack))
    if (is_drilled_troops(s, p) && !s.piece(p).reduced) {
      reduce_unit(s, p);
      note_loss(s, p, "is reduced");
    }
  return true;
}

void eliminate_for_attrition(State& s, AttritionStack& stack, PieceIndex piece) {
  note_loss(s, piece, "is eliminated");
  eliminate_piece(s, piece);
  --stack.to_eliminate;
}

}  // namespace warpath::wilderness_war
