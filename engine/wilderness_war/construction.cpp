#include "engine/wilderness_war/construction.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/supply.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;

// 5.41, 5.42: friendly supplied Drilled Troops are in the space.
bool has_supplied_drilled_troops(const State& s, const Occupancy& occupancy, SpaceIndex space, Side side) {
  return occupancy.of(space, side).drilled > 0 && is_in_supply(s, space, side);
}

// 5.43: never in a fortress space or a siege space, nor where a fort stands.
bool construction_possible_at(const State& s, SpaceIndex space) {
  return !has_fortress(s, space) && !is_besieged(s, space) && !s.space(space).fort &&
         !s.data().spaces[static_cast<std::size_t>(space)].holding_box;
}

bool placed_with_this_card(const ConstructionState& c, SpaceIndex space) {
  return std::find(c.placed.begin(), c.placed.end(), space) != c.placed.end();
}

// The map-wide scans (every space, every card play) count the units once (Occupancy).
bool stockade_placeable(const State& s, const Occupancy& occupancy, SpaceIndex space, Side side) {
  if (!construction_possible_at(s, space) || s.space(space).stockade) return false;
  const Side enemy = enemy_of(side);
  if (occupancy.of(space, enemy).units > 0 || fortification_side(s, space) == enemy) return false;
  const bool home = is_cultivated(s, space) && is_originally_friendly(s, space, side);
  return home || has_supplied_drilled_troops(s, occupancy, space, side);
}

bool fort_placeable(const State& s, const Occupancy& occupancy, SpaceIndex space, Side side) {
  if (!construction_possible_at(s, space)) return false;
  const auto& markers = s.space(space);
  if (markers.fort_under_construction && markers.fort_under_construction != side) return false;
  if (markers.stockade && markers.stockade != side) return false;
  if (occupancy.of(space, enemy_of(side)).units > 0) return false;
  return has_supplied_drilled_troops(s, occupancy, space, side);
}

bool placeable(const State& s, const Occupancy& occupancy, SpaceIndex space, Side side, ConstructionKind kind) {
  return kind == ConstructionKind::stockades ? stockade_placeable(s, occupancy, space, side)
                                             : fort_placeable(s, occupancy, space, side);
}

}  // namespace

bool may_construct(const State& s, Side side) { return !s.player(side).constructed_last; }

bool can_place_stockade(const State& s, SpaceIndex space, Side side) {
  return stockade_placeable(s, occupancy_of(s), space, side);
}

bool can_place_fort(const State& s, SpaceIndex space, Side side) {
  return fort_placeable(s, occupancy_of(s), space, side);
}

bool can_construct_somewhere(const State& s, Side side, ConstructionKind kind) {
  const Occupancy& occupancy = occupancy_of(s);
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
    if (placeable(s, occupancy, sp, side, kind)) return true;
  return false;
}

void begin_construction(State& s, CardNumber card, ConstructionKind kind) {
  s.construction = ConstructionState{card, kind, s.data().card(card).activation, {}};
  s.step = Step::construction;
  ++s.rule_events["constructions"];
}

void list_construction_actions(const State& s, ActionList& out) {
  const auto& c = s.construction.value();
  const Side side = s.active;
  if (c.remaining > 0) {
    const Occupancy& occupancy = occupancy_of(s);
    for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
      // 5.42: a pickaxe placed with this card is not completed with it.
      if (placeable(s, occupancy, sp, side, c.kind) && !placed_with_this_card(c, sp)) out.add_space(s, "space", sp);
  }
  out.add("done");
}

void apply_construction(State& s, const Action& action) {
  auto& c = s.construction.value();
  const Side side = s.active;
  const std::string role(side_names(side));
  if (action.verb == "done") {
    s.construction.reset();
    construction_finished(s);
    return;
  }
  const SpaceIndex sp = space_arg(s, action);
  auto& markers = s.change_space(sp);
  if (c.kind == ConstructionKind::stockades) {
    markers.stockade = side;  // 5.41
    s.note(role, "stockade", s.data().spaces[static_cast<std::size_t>(sp)].id,
           "Stockade built at " + space_name(s, sp) + ".");
    ++s.rule_events["stockades_built"];
  } else if (markers.fort_under_construction == side) {
    markers.fort_under_construction.reset();  // 5.42: flipped to the completed fort
    markers.fort = side;
    markers.stockade.reset();  // 5.43
    s.note(role, "fort", s.data().spaces[static_cast<std::size_t>(sp)].id,
           "Fort completed at " + space_name(s, sp) + ".");
    ++s.rule_events["forts_completed"];
  } else {
    markers.fort_under_construction = side;
    c.placed.push_back(sp);
    s.note(role, "fort_under_construction", s.data().spaces[static_cast<std::size_t>(sp)].id,
           "Fort under construction at " + space_name(s, sp) + ".");
    ++s.rule_events["forts_started"];
  }
  if (--c.remaining == 0) {
    s.construction.reset();
    construction_finished(s);
  }
}

// A marker placed with more still to place only changes that space (5.41, 5.42); the last one ends
// the card play, which may end the season and deal, and `done` does: both are tried.
bool construction_certainly_reversible(const State& s, std::string_view verb) {
  return verb == "space" && s.construction->remaining > 1;
}

std::string construction_prompt(const State& s) {
  const auto& c = s.construction.value();
  return c.kind == ConstructionKind::stockades
             ? "Build stockades: " + std::to_string(c.remaining) + " left (5.41)."
             : "Place or complete forts: " + std::to_string(c.remaining) + " left (5.42).";
}

std::vector<SpaceIndex> demolition_targets(const State& s, Side side) {
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp) {
    const auto& m = s.space(sp);
    const bool own_fort = m.fort == side && !m.siege_level;
    if (own_fort || m.stockade == side || m.fort_under_construction == side) out.push_back(sp);
  }
  return out;
}

void demolish(State& s, SpaceIndex space) {
  const Side side = s.active;
  auto& m = s.change_space(space);
  const std::string role(side_names(side));
  const std::string& id = s.data().spaces[static_cast<std::size_t>(space)].id;
  // 5.46: a fort first (it costs 1 VP), then a stockade, then a pickaxe: each is one action.
  if (m.fort == side && !m.siege_level) {
    m.fort.reset();
    s.note(role, "demolish", id, "Fort demolished at " + space_name(s, space) + ".");
    award_vp(s, enemy_of(side), 1, "a fort demolished (5.46)");
  } else if (m.stockade == side) {
    m.stockade.reset();
    s.note(role, "demolish", id, "Stockade demolished at " + space_name(s, space) + ".");
  } else {
    m.fort_under_construction.reset();
    s.note(role, "demolish", id, "Fort under construction demolished at " + space_name(s, space) + ".");
  }
  ++s.rule_events["demolitions"];
}

}  // namespace warpath::wilderness_war
