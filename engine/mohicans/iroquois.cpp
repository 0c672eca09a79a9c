#include "engine/mohicans/iroquois.hpp"

#include <algorithm>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

// Iroquois nations showing the other side's colour.
std::vector<UnitIndex> turnable(const State& s, Side side) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : iroquois_showing(s))
    if (s.data().unit(u).aligned_with == enemy_of(side)) out.push_back(u);
  return out;
}

void finish_adjustment(State& s) {
  s.iroquois_adjustment.reset();
  advance(s);
}

}  // namespace

void turn_iroquois(State& s, UnitIndex u) {
  const UnitIndex twin = s.data().unit(u).twin;
  s.unit(twin) = s.unit(u);
  s.unit(u) = UnitState{UnitWhere::off_map, no_location, false, false};
}

bool enter_iroquois_adjustment(State& s) {
  const Side side = current_row(s).side.value();
  const auto i = index_of(side);
  const int per = s.data().tables.great_victory_forts_destroyed_per;
  const int victories = s.great_victories[i] + s.forts_destroyed[i] / per;  // Great Victory 3: each pair of forts
  s.rule_events["great_victories_from_fort_pairs"] += s.forts_destroyed[i] / per;
  s.great_victories[i] = 0;
  s.forts_destroyed[i] %= per;
  if (s.iroquois_ally) return false;  // they are the ally's for good
  const int turns = std::min<int>(victories, static_cast<int>(turnable(s, side).size()));
  if (turns == 0) return false;
  s.active = side;
  s.iroquois_adjustment = IroquoisAdjustmentState{turns};
  ++s.rule_events["iroquois_adjustments"];
  s.note("", "great_victories", victories,
         the(side) + " count " + std::to_string(victories) + " Great Victor" + (victories == 1 ? "y" : "ies") + ".");
  return true;
}

void list_iroquois_adjustment(const State& s, engine::ActionList& out) {
  for (UnitIndex u : turnable(s, s.active)) out.add("unit", s.data().unit(u).id);
}

void apply_iroquois_adjustment(State& s, const Action& action) {
  if (action.verb != "unit") reject_verb(action, "the Iroquois adjustment");
  const UnitIndex u = unit_arg(s, action);
  const auto candidates = turnable(s, s.active);
  if (std::find(candidates.begin(), candidates.end(), u) == candidates.end())
    throw ActionRejected(ErrorCode::illegal_action, s.data().unit(u).name + " does not show the other side's colour");
  turn_iroquois(s, u);
  ++s.rule_events["iroquois_turned"];
  s.note(std::string(side_names(s.active)), "unit", s.data().unit(u).id,
         the(s.active) + " turn the " + s.data().location(s.data().unit(u).home).name + " Iroquois to their colour.");
  if (--s.iroquois_adjustment->turns_left == 0 || turnable(s, s.active).empty()) finish_adjustment(s);
}

std::string iroquois_adjustment_prompt(const State& s) {
  return "Great Victory: turn an Iroquois nation to your colour (" + std::to_string(s.iroquois_adjustment->turns_left) +
         " left).";
}

}  // namespace warpath::mohicans
