#include "engine/mohicans/musters.hpp"

#include <algorithm>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

// --- restoration ----------------------------------------------------------------------------
// Destroyed or unbuilt militia of the side, whose home it holds (SPECIAL RULES: MILITIA: none come
// on in towns no longer held) and, for the French, whose home is one of the four towns.
bool restorable(const State& s, Side side, UnitIndex u) {
  const Unit& unit = s.data().unit(u);
  if (unit.kind != UnitKind::militia || unit.side != (side == Side::french ? UnitSide::french : UnitSide::british) ||
      s.unit(u).where != UnitWhere::force_pool || !holds(s, unit.home, side) || !within_stacking(s, u, unit.home))
    return false;
  const auto& homes = s.data().reinforcements.restoration[index_of(side)].homes;
  return !homes || std::find(homes->begin(), homes->end(), unit.home) != homes->end();
}

std::vector<UnitIndex> restorable_units(const State& s, Side side) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : all_units(s))
    if (restorable(s, side, u)) out.push_back(u);
  return out;
}

int restoration_limit(const State& s) { return s.data().reinforcements.restoration[index_of(s.active)].militia; }

void finish_restoration(State& s) {
  s.restoration.reset();
  advance(s);
}

// --- musters ---------------------------------------------------------------------------------
bool iroquois_muster(const State& s) { return current_row(s).stage == Stage::iroquois_muster; }

int muster_limit(const State& s) {
  return iroquois_muster(s) ? s.data().tables.iroquois_spring_muster
                            : s.data().tables.spring_muster[index_of(s.active)];
}

// A place the unit may muster to: the side's original holdings still held (militia), or any
// Iroquois village (the Iroquois); never where it is, and within the stacking limits.
bool muster_destination(const State& s, UnitIndex u, LocationIndex l) {
  const Location& loc = s.data().location(l);
  if (s.unit(u).at == l || !within_stacking(s, u, l)) return false;
  if (iroquois_muster(s)) return loc.iroquois_village;
  return loc.original_holding_of(s.active) && holds(s, l, s.active);
}

std::vector<LocationIndex> muster_destinations(const State& s, UnitIndex u) {
  std::vector<LocationIndex> out;
  for (std::size_t l = 0; l < s.locations.size(); ++l)
    if (muster_destination(s, u, static_cast<LocationIndex>(l))) out.push_back(static_cast<LocationIndex>(l));
  return out;
}

// On the map, the side's militia (or the ally's Iroquois), not in a battle, not moved yet in this
// muster, with somewhere to go.
bool may_muster(const State& s, UnitIndex u) {
  const Unit& unit = s.data().unit(u);
  const UnitState& at = s.unit(u);
  if (at.where != UnitWhere::map || controller(s, u) != s.active || contested(s, at.at) || contains(s.muster->moved, u))
    return false;
  if (iroquois_muster(s) ? unit.kind != UnitKind::iroquois : unit.kind != UnitKind::militia) return false;
  return !muster_destinations(s, u).empty();
}

std::vector<UnitIndex> musterable_units(const State& s) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : all_units(s))
    if (may_muster(s, u)) out.push_back(u);
  return out;
}

bool start_muster(State& s, Side side) {
  s.active = side;
  s.muster = MusterState{};
  if (musterable_units(s).empty()) {
    s.muster.reset();
    return false;
  }
  return true;
}

void finish_muster(State& s) {
  s.muster.reset();
  advance(s);
}

// --- strategic movement ------------------------------------------------------------------------
bool may_move_strategically(const State& s, UnitIndex u) {
  const Unit& unit = s.data().unit(u);
  const UnitState& at = s.unit(u);
  const LocationIndex port = s.naval.sea_lift_at;
  return unit.side == UnitSide::british && unit.category == Category::regular && at.where == UnitWhere::map &&
         at.at != port && !contested(s, at.at) && !contains(s.strategic_movement->moved, u) &&
         within_stacking(s, u, port);
}

std::vector<UnitIndex> strategic_movers(const State& s) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : all_units(s))
    if (may_move_strategically(s, u)) out.push_back(u);
  return out;
}

void finish_strategic_movement(State& s) {
  s.strategic_movement.reset();
  advance(s);
}

}  // namespace

bool enter_restoration(State& s) {
  if (!s.turn_info().first_of_year()) return false;
  s.active = current_row(s).side.value();
  if (restorable_units(s, s.active).empty()) return false;
  s.restoration = RestorationState{};
  return true;
}

void list_restoration(const State& s, engine::ActionList& out) {
  for (UnitIndex u : restorable_units(s, s.active)) out.add("unit", s.data().unit(u).id);
  out.add("done");
}

void apply_restoration(State& s, const Action& action) {
  if (action.verb == "done") return finish_restoration(s);
  if (action.verb != "unit") reject_verb(action, "the restoration");
  const UnitIndex u = unit_arg(s, action);
  if (!restorable(s, s.active, u))
    throw ActionRejected(ErrorCode::illegal_action, s.data().unit(u).name + " cannot be restored");
  const LocationIndex home = s.data().unit(u).home;
  put_on_map(s, u, home);
  s.restoration->restored.push_back(u);
  ++s.rule_events["militia_restored"];
  s.note(std::string(side_names(s.active)), "unit", s.data().unit(u).id,
         the(s.active) + " restore " + s.data().unit(u).name + " at " + s.data().location(home).name + ".");
  if (static_cast<int>(s.restoration->restored.size()) >= restoration_limit(s) || restorable_units(s, s.active).empty())
    finish_restoration(s);
}

std::string restoration_prompt(const State& s) {
  return "Restore a militia unit to its home (" + std::to_string(s.restoration->restored.size()) + " of " +
         std::to_string(restoration_limit(s)) + "), or done.";
}

bool enter_muster(State& s) {
  if (!s.turn_info().first_of_year()) return false;
  return start_muster(s, current_row(s).side.value());
}

// The Iroquois muster only once the Six Nations have joined a side (ambiguity 7).
bool enter_iroquois_muster(State& s) {
  if (!s.turn_info().first_of_year() || !s.iroquois_ally) return false;
  return start_muster(s, *s.iroquois_ally);
}

void list_muster(const State& s, engine::ActionList& out) {
  if (s.muster->selected != no_unit) {
    for (LocationIndex l : muster_destinations(s, s.muster->selected)) out.add("location", s.data().location(l).id);
    return;
  }
  for (UnitIndex u : musterable_units(s)) out.add("unit", s.data().unit(u).id);
  out.add("done");
}

void apply_muster(State& s, const Action& action) {
  const std::string role(side_names(s.active));
  if (s.muster->selected == no_unit) {
    if (action.verb == "done") return finish_muster(s);
    if (action.verb != "unit") reject_verb(action, "the muster");
    const UnitIndex u = unit_arg(s, action);
    if (!may_muster(s, u)) throw ActionRejected(ErrorCode::illegal_action, s.data().unit(u).name + " cannot muster");
    s.muster->selected = u;
    return;
  }
  if (action.verb != "location") reject_verb(action, "the muster's destination");
  const UnitIndex u = s.muster->selected;
  const LocationIndex l = location_arg(s, action);
  if (!muster_destination(s, u, l))
    throw ActionRejected(ErrorCode::illegal_action,
                         s.data().unit(u).name + " cannot muster to " + s.data().location(l).name);
  const LocationIndex from = s.unit(u).at;
  put_on_map(s, u, l);
  s.muster->moved.push_back(u);
  ++s.rule_events[iroquois_muster(s) ? "iroquois_mustered" : "militia_mustered"];
  s.muster->selected = no_unit;
  s.note(role, "location", s.data().location(l).id,
         the(s.active) + " muster " + s.data().unit(u).name + " from " + s.data().location(from).name + " to " +
             s.data().location(l).name + ".");
  if (static_cast<int>(s.muster->moved.size()) >= muster_limit(s) || musterable_units(s).empty()) finish_muster(s);
}

std::string muster_prompt(const State& s) {
  if (s.muster->selected != no_unit) return "Choose where " + s.data().unit(s.muster->selected).name + " musters.";
  const std::string what = iroquois_muster(s) ? "an Iroquois unit to an Iroquois village"
                                              : "a militia unit to a place of your original holdings";
  return "Spring muster: move " + what + " (" + std::to_string(s.muster->moved.size()) + " of " +
         std::to_string(muster_limit(s)) + "), or done.";
}

bool enter_strategic_movement(State& s) {
  if (!s.turn_info().first_of_year()) return false;
  s.active = Side::british;
  s.strategic_movement = StrategicMovementState{};
  if (strategic_movers(s).empty()) {
    s.strategic_movement.reset();
    return false;
  }
  return true;
}

void list_strategic_movement(const State& s, engine::ActionList& out) {
  for (UnitIndex u : strategic_movers(s)) out.add("unit", s.data().unit(u).id);
  out.add("done");
}

void apply_strategic_movement(State& s, const Action& action) {
  if (action.verb == "done") return finish_strategic_movement(s);
  if (action.verb != "unit") reject_verb(action, "the strategic movement");
  const UnitIndex u = unit_arg(s, action);
  if (!may_move_strategically(s, u))
    throw ActionRejected(ErrorCode::illegal_action, s.data().unit(u).name + " cannot move to the Sea Lift");
  const LocationIndex from = s.unit(u).at, port = s.naval.sea_lift_at;
  put_on_map(s, u, port);
  s.strategic_movement->moved.push_back(u);
  ++s.rule_events["strategic_moves"];
  s.note("british", "unit", s.data().unit(u).id,
         "The British move " + s.data().unit(u).name + " from " + s.data().location(from).name + " to " +
             s.data().location(port).name + " (strategic movement).");
  if (static_cast<int>(s.strategic_movement->moved.size()) >= s.data().tables.strategic_movement_regulars ||
      strategic_movers(s).empty())
    finish_strategic_movement(s);
}

std::string strategic_movement_prompt(const State& s) {
  return "Strategic movement: move a regular to the Sea Lift at " + s.data().location(s.naval.sea_lift_at).name + " (" +
         std::to_string(s.strategic_movement->moved.size()) + " of " +
         std::to_string(s.data().tables.strategic_movement_regulars) + "), or done.";
}

}  // namespace warpath::mohicans
