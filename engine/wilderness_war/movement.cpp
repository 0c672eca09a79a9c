// Movement (6.0): land (6.2), boat (6.3), naval (6.4) and amphibious (6.43) moves, entering
// enemy-occupied spaces (6.5), infiltration (6.6), interception (6.7), avoid battle (6.8) and the
// defenders' inside/outside declaration (8.1).
#include "engine/wilderness_war/movement.hpp"

#include <algorithm>
#include <array>

#include "engine/wilderness_war/activation.hpp"
#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/queries.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

bool contains(const std::vector<PieceIndex>& list, PieceIndex p) {
  return std::find(list.begin(), list.end(), p) != list.end();
}
bool contains_space(const std::vector<SpaceIndex>& list, SpaceIndex sp) {
  return std::find(list.begin(), list.end(), sp) != list.end();
}

const Space& info(const State& s, SpaceIndex sp) { return s.data().spaces.at(static_cast<std::size_t>(sp)); }
std::string space_name(const State& s, SpaceIndex sp) { return info(s, sp).name; }
std::string role(Side side) { return std::string(side_names(side)); }

bool any_of(const State& s, const std::vector<PieceIndex>& pieces, bool (*pred)(const State&, PieceIndex)) {
  return std::any_of(pieces.begin(), pieces.end(), [&](PieceIndex p) { return pred(s, p); });
}
bool has_unit(const State& s, const std::vector<PieceIndex>& pieces) { return any_of(s, pieces, is_unit); }
int unit_total(const State& s, const std::vector<PieceIndex>& pieces) {
  return static_cast<int>(std::count_if(pieces.begin(), pieces.end(), [&](PieceIndex p) { return is_unit(s, p); }));
}

// 6.6: one auxiliary unit, with or without leaders.
bool is_lone_auxiliary(const State& s, const std::vector<PieceIndex>& pieces) {
  return unit_total(s, pieces) == 1 && any_of(s, pieces, is_auxiliary);
}

bool is_besieged_piece(const State& s, PieceIndex p) {
  const SpaceIndex at = s.space_of(p);
  return at != no_space && is_besieged(s, at) && s.piece(p).inside;
}

// An unbesieged enemy fort or fortress (6.52, 8.1).
bool has_unbesieged_fort_or_fortress(const State& s, SpaceIndex sp, Side side) {
  return has_fort_or_fortress(s, sp, side) && !is_besieged(s, sp);
}

// --- 5.34 forces for interception and avoid battle (6.72, 6.8) --------------------------------

bool is_johnsons_indian(const State& s, PieceIndex p) {
  return side_of(s, p) == Side::british && is_iroquois_or_mohawk(s, p);
}

// The commanding leader of a group: the highest Command rating (others are subordinates, 5.34),
// the best Tactics among equals.
PieceIndex group_commander(const State& s, const std::vector<PieceIndex>& group) {
  PieceIndex best = -1;
  for (PieceIndex p : group) {
    if (!is_leader(s, p)) continue;
    if (best < 0) {
      best = p;
      continue;
    }
    const auto& a = s.data().leader(p);
    const auto& b = s.data().leader(best);
    if (a.command > b.command || (a.command == b.command && a.tactics > b.tactics)) best = p;
  }
  return best;
}

// 6.72, 6.8: an individual unit, or a force within the command limits of its leaders (5.34,
// 5.534); leaders never act alone.
bool is_valid_group(const State& s, const std::vector<PieceIndex>& group) {
  const int units = unit_total(s, group);
  if (units == 0) return false;
  if (group_commander(s, group) < 0) return units == 1;
  const bool johnson = std::any_of(group.begin(), group.end(), [&](PieceIndex p) {
    return is_leader(s, p) && s.data().leader(p).commands_iroquois_and_mohawk_free;
  });
  int capacity = 0;
  int commanded = 0;
  for (PieceIndex p : group) {
    if (is_leader(s, p)) capacity += s.data().leader(p).command;
    if (!is_unit(s, p)) continue;
    if (is_johnsons_indian(s, p)) {
      if (!johnson && units > 1) return false;
      if (johnson) continue;
    }
    ++commanded;
  }
  return commanded <= capacity;
}

int group_tactics(const State& s, const std::vector<PieceIndex>& group) {
  const PieceIndex c = group_commander(s, group);
  return c < 0 ? 0 : s.data().leader(c).tactics;
}

// --- the movers ----------------------------------------------------------------------------------

MoveState& mv(State& s) { return *s.move; }
const MoveState& mv(const State& s) { return *s.move; }

// 6.21, 6.22: the slowest unit sets the pace; leaders alone move 6.
int land_allowance(const State& s) {
  int best = -1;
  for (PieceIndex p : mv(s).pieces)
    if (is_unit(s, p)) best = best < 0 ? movement_of(s, p) : std::min(best, movement_of(s, p));
  return best < 0 ? s.data().tables.leader_alone_movement : best;
}

int allowance(const State& s, MoveKind kind) {
  const auto& m = mv(s);
  int limit = kind == MoveKind::boat ? s.data().tables.boat_movement : land_allowance(s);
  if (m.stop_after >= 0) limit = std::min(limit, m.stop_after);
  return limit;
}

bool movers_besieged(const State& s) {
  return std::any_of(mv(s).pieces.begin(), mv(s).pieces.end(), [&](PieceIndex p) { return is_besieged_piece(s, p); });
}

// 6.52, 6.53: may the movers enter `to` (ordinarily, not infiltrating)?
bool may_enter(const State& s, SpaceIndex to) {
  const auto& m = mv(s);
  if (!is_enemy_occupied(s, to, m.phasing)) return true;
  if (!has_unit(s, m.pieces)) return false;  // 6.53
  if (has_unbesieged_fort_or_fortress(s, to, enemy_of(m.phasing)) && !any_of(s, m.pieces, is_drilled_troops))
    return false;  // 6.52
  return true;
}

// Where one land or boat step may go from `at` (adjacency and Pays d'en Haut arrows, 2.0).
// `portage`: the one land connection of 6.3 is still available.
struct StepTarget {
  SpaceIndex to;
  bool portage;
};

bool portage_end(const State& s, SpaceIndex sp, Side side) {
  return (is_originally_friendly(s, sp, side) && is_cultivated(s, sp)) || has_friendly_fortification(s, sp, side);
}

std::vector<StepTarget> step_targets(const State& s, SpaceIndex at, MoveKind kind, bool portage_available) {
  std::vector<StepTarget> out;
  const Side side = mv(s).phasing;
  for (const auto& c : info(s, at).connections) {
    if (kind == MoveKind::land || c.is_water()) {
      out.push_back({c.to, false});
    } else if (portage_available && portage_end(s, at, side) && portage_end(s, c.to, side)) {
      out.push_back({c.to, true});  // 6.3 exception
    }
  }
  for (const auto& a : info(s, at).arrows_out)
    if (a.kind == ArrowKind::pays_d_en_haut) out.push_back({a.to, false});
  return out;
}

// 6.2: the stop limit after entering `to` by land.
int stop_limit_after(const State& s, SpaceIndex to, int spaces_moved_after) {
  const auto& m = mv(s);
  int limit = m.stop_after;
  auto lower = [&](int value) { limit = limit < 0 ? value : std::min(limit, value); };
  if (has_friendly_fortification(s, to, m.phasing)) return limit;  // the exception of 6.2
  const Terrain t = info(s, to).terrain;
  const bool drilled = any_of(s, m.pieces, is_drilled_troops);
  const bool auxiliaries = any_of(s, m.pieces, is_auxiliary);
  if (t == Terrain::mountain) lower(spaces_moved_after);
  if (t == Terrain::wilderness && drilled && !auxiliaries) lower(spaces_moved_after + 1);
  if (is_cultivated(s, to) && is_originally_enemy(s, to, m.phasing) && auxiliaries && !drilled)
    lower(spaces_moved_after + 1);
  return limit;
}

// 6.61: after infiltrating into `to`, the remaining allowance must reach a space the movers may
// enter without infiltrating (terrain limits beyond `to` are not applied to this look-ahead).
bool infiltration_has_exit(const State& s, SpaceIndex to, MoveKind kind) {
  const auto& m = mv(s);
  int limit = kind == MoveKind::boat ? s.data().tables.boat_movement : land_allowance(s);
  if (kind == MoveKind::land) {
    const int l = stop_limit_after(s, to, m.spaces_moved + 1);
    if (l >= 0) limit = std::min(limit, l);
  } else if (m.stop_after >= 0) {
    limit = std::min(limit, m.stop_after);
  }
  int remaining = limit - (m.spaces_moved + 1);
  std::vector<SpaceIndex> frontier{to};
  std::vector<SpaceIndex> seen{to};
  bool portage = kind == MoveKind::boat && !m.portage_used;
  while (remaining-- > 0 && !frontier.empty()) {
    std::vector<SpaceIndex> next;
    for (SpaceIndex at : frontier)
      for (const auto& t : step_targets(s, at, kind, portage)) {
        if (contains_space(seen, t.to)) continue;
        if (!is_enemy_occupied(s, t.to, m.phasing)) return true;
        seen.push_back(t.to);
        next.push_back(t.to);
      }
    frontier = std::move(next);
  }
  return false;
}

bool may_infiltrate(const State& s, SpaceIndex to, MoveKind kind) {
  const auto& m = mv(s);
  if (!is_enemy_occupied(s, to, m.phasing) || !is_lone_auxiliary(s, m.pieces)) return false;
  return infiltration_has_exit(s, to, kind);
}

// --- naval movement (6.4, 6.43) ----------------------------------------------------------------

bool may_naval_move_at_all(const State& s) {
  const auto& m = mv(s);
  if (m.commander >= 0) {  // 6.41: a force needs a 3-value card
    if (!s.activation || s.data().card(s.activation->card).activation != 3) return false;
  }
  if (m.phasing == Side::french && s.year_track.no_french_naval) return false;
  return true;
}

std::vector<SpaceIndex> naval_destinations(const State& s) {
  std::vector<SpaceIndex> out;
  const auto& m = mv(s);
  if (!may_naval_move_at_all(s)) return out;
  const SpaceIndex at = m.where;
  if (m.phasing == Side::french) {
    const auto& ports = s.data().french_naval_ports;
    if (!contains_space(ports, at) || !is_friendly_controlled(s, at, Side::french)) return out;
    for (SpaceIndex p : ports)
      if (p != at && is_friendly_controlled(s, p, Side::french)) out.push_back(p);
    return out;
  }
  // 6.432: an Amphib space links to any British-controlled port, even during a siege there.
  const bool from_port = info(s, at).port && is_friendly_controlled(s, at, Side::british);
  const bool from_amphib = s.space(at).amphib;
  if (!from_port && !from_amphib) return out;
  for (SpaceIndex p : s.data().ports)
    if (p != at && is_friendly_controlled(s, p, Side::british)) out.push_back(p);
  if (from_port)
    for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
      if (sp != at && s.space(sp).amphib && !contains_space(out, sp)) out.push_back(sp);
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<CardNumber> amphibious_landing_card(const State& s) {
  for (CardNumber c : s.player(Side::british).hand)
    if (s.data().card(c).name == "Amphibious Landing") return c;
  return std::nullopt;
}

std::vector<SpaceIndex> amphibious_destinations(const State& s) {
  std::vector<SpaceIndex> out;
  const auto& m = mv(s);
  if (m.phasing != Side::british || s.year_track.no_amphib || !amphibious_landing_card(s)) return out;
  if (!info(s, m.where).port || !is_friendly_controlled(s, m.where, Side::british)) return out;
  for (const auto& a : info(s, m.where).arrows_out)
    if (a.kind == ArrowKind::amphibious_landing && may_enter(s, a.to)) out.push_back(a.to);
  return out;
}

// --- 6.7 interception ----------------------------------------------------------------------------

// Pieces of the non-moving side that may be part of an interception from `from_space`.
bool may_intercept_with(const State& s, PieceIndex p) {
  return is_on_map(s, p) && !is_militia(s, p) && !is_besieged_piece(s, p);
}

// The spaces interceptors may come from for the movers' entry into their current space.
std::vector<SpaceIndex> interception_sources(const State& s) {
  std::vector<SpaceIndex> out;
  const auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  const SpaceIndex x = m.where;
  if (!has_unit(s, m.pieces)) return out;                         // 6.723
  if (contains_space(m.avoided_from, x)) return out;              // 6.85
  if (has_unbesieged_fortification(s, x, m.phasing)) return out;  // 6.722
  for (PieceIndex p : units_in(s, x, m.phasing))
    if (!contains(m.pieces, p) && !is_besieged_piece(s, p)) return out;  // 6.722
  std::vector<SpaceIndex> candidates = adjacent_spaces(s, x);
  std::erase(candidates, m.from);               // 6.724
  if (m.infiltrating) candidates.push_back(x);  // 6.62
  std::sort(candidates.begin(), candidates.end());
  for (SpaceIndex sp : candidates) {
    bool any = false;
    for (PieceIndex p : units_in(s, sp, enemy)) any = any || may_intercept_with(s, p);
    if (any) out.push_back(sp);
  }
  return out;
}

// 6.721: a lone Auxiliary entering wilderness or mountain only meets a lone enemy Auxiliary
// (except against an infiltrator in the interceptors' own space).
bool interception_group_allowed(const State& s, const std::vector<PieceIndex>& group, SpaceIndex source) {
  const auto& m = mv(s);
  if (!is_valid_group(s, group)) return false;
  if (m.infiltrating && source == m.where) return true;
  if (is_lone_auxiliary(s, m.pieces) && is_wilderness_or_mountain(s, m.where)) return is_lone_auxiliary(s, group);
  return true;
}

std::vector<PieceIndex> interception_candidates(const State& s) {
  std::vector<PieceIndex> out;
  const auto& m = mv(s);
  const auto sources = interception_sources(s);
  const SpaceIndex fixed = m.selection.empty() ? no_space : s.space_of(m.selection.front());
  for (SpaceIndex sp : sources) {
    if (fixed != no_space && sp != fixed) continue;
    for (PieceIndex p : pieces_in(s, sp, enemy_of(m.phasing)))
      if (may_intercept_with(s, p)) out.push_back(p);
  }
  return out;
}

bool interception_possible(const State& s) {
  for (SpaceIndex sp : interception_sources(s))
    for (PieceIndex p : units_in(s, sp, enemy_of(mv(s).phasing)))
      if (may_intercept_with(s, p) && interception_group_allowed(s, {p}, sp)) return true;
  return false;
}

// --- 6.8 avoid battle ----------------------------------------------------------------------------

std::vector<PieceIndex> avoid_candidates(const State& s) {
  std::vector<PieceIndex> out;
  const auto& m = mv(s);
  for (PieceIndex p : pieces_in(s, m.where, enemy_of(m.phasing)))
    if (!s.piece(p).inside && !is_militia(s, p) && !contains(m.failed_interceptors, p)) out.push_back(p);
  return out;
}

std::vector<SpaceIndex> avoid_destinations(const State& s) {
  std::vector<SpaceIndex> out;
  const auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  for (SpaceIndex sp : adjacent_spaces(s, m.where))
    if (sp != m.from && !is_enemy_occupied(s, sp, enemy)) out.push_back(sp);  // 6.81
  if (enemy == Side::british && s.space(m.where).amphib)                      // 6.811
    for (SpaceIndex p : s.data().ports)
      if (p != m.where && !contains_space(out, p) && is_friendly_controlled(s, p, Side::british)) out.push_back(p);
  std::sort(out.begin(), out.end());
  return out;
}

bool avoid_possible(const State& s) {
  const auto& m = mv(s);
  if (m.intercepted || contains_space(m.intercepted_into, m.where)) return false;  // 6.84, 6.85
  if (avoid_destinations(s).empty()) return false;
  const auto candidates = avoid_candidates(s);
  return std::any_of(candidates.begin(), candidates.end(), [&](PieceIndex p) { return is_unit(s, p); });
}

// 6.8 exception: auxiliaries in wilderness or mountain slip away from attackers without any.
bool automatic_avoid(const State& s, const std::vector<PieceIndex>& group) {
  const auto& m = mv(s);
  if (!is_wilderness_or_mountain(s, m.where) || any_of(s, m.pieces, is_auxiliary)) return false;
  return std::all_of(group.begin(), group.end(), [&](PieceIndex p) { return !is_unit(s, p) || is_auxiliary(s, p); });
}

// --- moving pieces ------------------------------------------------------------------------------

// Moves the movers to `to`; pieces in a moving leader's box that are not moving stay behind.
void relocate(State& s, const std::vector<PieceIndex>& group, SpaceIndex to) {
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p) {
    const auto& loc = s.piece(p).location;
    if (loc.kind == LocationKind::leader_box && contains(group, loc.index) && !contains(group, p))
      move_piece_to(s, p, s.space_of(p));
  }
  for (PieceIndex p : group) move_piece_to(s, p, to);
}

void finish(State& s) {
  const Side phasing = mv(s).phasing;
  s.move.reset();
  s.active = phasing;
  movement_finished(s);
}

void resolve(State& s);

void start_battle(State& s) {
  auto& m = mv(s);
  BattleState b;
  b.where = m.where;
  b.attacker = m.phasing;
  b.context = BattleContext::move;
  b.attackers = m.pieces;
  b.attacker_from = m.from;
  b.attacker_commander = contains(m.pieces, m.commander) ? m.commander : -1;
  b.intercepted = m.intercepted;
  b.amphibious = m.kind == MoveKind::amphibious;
  // 6.712: an infiltrator intercepted at an enemy fort or fortress must retreat whoever wins.
  b.infiltrator_must_retreat = m.infiltrating && has_unbesieged_fort_or_fortress(s, m.where, enemy_of(m.phasing));
  s.active = m.phasing;
  m.stage = MoveStage::moving;
  s.note(role(m.phasing), "battle", info(s, m.where).id, "Battle in " + space_name(s, m.where) + ".");
  begin_battle(s, b);
}

// 6.51, 6.82 exception, 8.21, 5.45: the movers stop at an enemy fortification with nobody outside.
void stop_at_fortification(State& s) {
  auto& m = mv(s);
  const SpaceIndex x = m.where;
  const Side enemy = enemy_of(m.phasing);
  if (has_fort_or_fortress(s, x, enemy)) {
    if (!is_besieged(s, x) && has_units(s, x, m.phasing)) {
      s.space(x).siege_level = 0;
      ++s.rule_events["sieges_begun"];
      s.note(role(m.phasing), "siege", info(s, x).id, "Siege 0 at " + space_name(s, x) + " (8.21).");
    }
  } else if (s.space(x).stockade == enemy && any_of(s, m.pieces, is_drilled_troops)) {
    s.space(x).stockade = m.phasing;  // 5.45: captured intact
    ++s.rule_events["stockades_captured"];
    s.note(role(m.phasing), "capture", info(s, x).id, "Stockade at " + space_name(s, x) + " captured.");
    award_vp(s, m.phasing, 1, "capturing a stockade (6.51)");
  }
  // Auxiliaries without Drilled Troops at an enemy stockade: activation makes them raid.
  finish(s);
}

std::vector<PieceIndex> lone_enemy_leaders(const State& s) {
  const auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  std::vector<PieceIndex> out;
  if (!has_unit(s, m.pieces) || has_units(s, m.where, enemy) || has_friendly_fortification(s, m.where, enemy))
    return out;
  for (PieceIndex p : leaders_in(s, m.where, enemy))
    if (!s.piece(p).inside) out.push_back(p);
  return out;
}

std::vector<SpaceIndex> lone_leader_destinations(const State& s) {
  const auto& m = mv(s);
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp : adjacent_spaces(s, m.where))
    if (sp != m.from && !is_enemy_occupied(s, sp, enemy_of(m.phasing))) out.push_back(sp);  // 7.92
  return out;
}

void move_lone_leaders(State& s, SpaceIndex to) {
  auto& m = mv(s);
  for (PieceIndex p : lone_enemy_leaders(s)) {
    if (to == no_space) {
      s.note(role(enemy_of(m.phasing)), "eliminate", s.data().piece_id(p), piece_name(s, p) + " is eliminated (6.53).");
      eliminate_piece(s, p);
    } else {
      s.note(role(enemy_of(m.phasing)), "retreat", s.data().piece_id(p),
             piece_name(s, p) + " retreats to " + space_name(s, to) + " (6.53).");
      relocate(s, {p}, to);
    }
  }
}

bool has_further_steps(const State& s);

// The movers are in their space after any interception: what the enemy there makes happen.
void resolve(State& s) {
  auto& m = mv(s);
  const SpaceIndex x = m.where;
  const Side enemy = enemy_of(m.phasing);
  s.active = m.phasing;
  m.stage = MoveStage::moving;
  if (has_units_outside(s, x, enemy)) {
    if (!m.inside_declared && has_unbesieged_fort_or_fortress(s, x, enemy)) {  // 8.1
      m.inside_declared = true;
      m.stage = MoveStage::inside;
      s.active = enemy;
      return;
    }
    if (!m.avoid_offered && avoid_possible(s)) {  // 6.8, after the inside declaration (6.83)
      m.avoid_offered = true;
      m.selection.clear();
      m.stage = MoveStage::avoid;
      s.active = enemy;
      return;
    }
    if (has_units_outside(s, x, enemy)) {
      start_battle(s);
      return;
    }
  }
  if (!lone_enemy_leaders(s).empty()) {  // 6.53
    const auto to = lone_leader_destinations(s);
    if (to.size() > 1) {
      m.stage = MoveStage::lone_leaders;
      s.active = enemy;
      return;
    }
    move_lone_leaders(s, to.empty() ? no_space : to.front());
  }
  if (has_unbesieged_fortification(s, x, enemy)) {  // 6.51, 6.82 exception
    stop_at_fortification(s);
    return;
  }
  if (!has_further_steps(s)) finish(s);
}

// After the movers entered their new space: interception (6.7), then the space's effects.
void entered(State& s) {
  auto& m = mv(s);
  m.inside_declared = false;
  m.avoid_offered = false;
  m.intercepted = false;
  m.selection.clear();
  if (interception_possible(s)) {
    m.stage = MoveStage::intercept;
    s.active = enemy_of(m.phasing);
    return;
  }
  if (m.infiltrating) {
    s.active = m.phasing;
    m.stage = MoveStage::moving;
    return;
  }
  resolve(s);
}

void take_step(State& s, SpaceIndex to, MoveKind kind, bool infiltrate, bool portage) {
  auto& m = mv(s);
  if (!m.moved) {
    static constexpr std::array<const char*, 5> events = {"", "land_moves", "boat_moves", "naval_moves",
                                                          "amphibious_landings"};
    ++s.rule_events[events.at(static_cast<std::size_t>(kind))];
  }
  m.kind = kind;
  m.moved = true;
  if (kind == MoveKind::land) m.stop_after = stop_limit_after(s, to, m.spaces_moved + 1);
  m.from = m.where;
  m.where = to;
  ++m.spaces_moved;
  m.portage_used = m.portage_used || portage;
  m.infiltrating = infiltrate;
  if (infiltrate) ++s.rule_events["infiltrations"];
  relocate(s, m.pieces, to);
  s.note(role(m.phasing), "move", info(s, to).id,
         std::string(infiltrate ? "Infiltrating into " : "Moving to ") + space_name(s, to) + ".");
  entered(s);
}

struct StepOption {
  SpaceIndex to;
  bool portage;
  bool infiltrate;
};

std::vector<StepOption> step_options(const State& s, MoveKind kind) {
  std::vector<StepOption> out;
  const auto& m = mv(s);
  if (m.kind != MoveKind::undecided && m.kind != kind) return out;  // 6.1
  if (movers_besieged(s)) return out;                               // 8.25
  if (m.spaces_moved >= allowance(s, kind)) return out;
  for (const auto& t : step_targets(s, m.where, kind, kind == MoveKind::boat && !m.portage_used)) {
    if (may_enter(s, t.to)) out.push_back({t.to, t.portage, false});
    if (may_infiltrate(s, t.to, kind)) out.push_back({t.to, t.portage, true});
  }
  return out;
}

bool has_further_steps(const State& s) {
  const auto& m = mv(s);
  if (m.kind == MoveKind::naval || m.kind == MoveKind::amphibious) return false;
  if (!step_options(s, MoveKind::land).empty() || !step_options(s, MoveKind::boat).empty()) return true;
  // 6.22: dropping off the slower units may let the others go on.
  if (m.kind == MoveKind::boat || m.pieces.size() < 2 || movers_besieged(s)) return false;
  int potential = 0;
  for (PieceIndex p : m.pieces) potential = std::max(potential, movement_of(s, p));
  if (m.stop_after >= 0) potential = std::min(potential, m.stop_after);
  return potential > m.spaces_moved;
}

// Toggling a piece in or out of a selection of one space.
void toggle(std::vector<PieceIndex>& list, PieceIndex p) {
  if (contains(list, p))
    std::erase(list, p);
  else
    list.push_back(p);
  std::sort(list.begin(), list.end());
}

void try_interception(State& s) {
  auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  const SpaceIndex source = s.space_of(m.selection.front());
  const int tactics = group_tactics(s, m.selection);
  const int die = roll_die(s);
  ++s.rule_events["interceptions_tried"];
  m.intercepted_into.push_back(m.where);
  const bool success = die + tactics >= 4;
  s.note(role(enemy), "intercept", die,
         "Interception from " + space_name(s, source) + ": rolled " + std::to_string(die) +
             (tactics ? " + " + std::to_string(tactics) : "") + (success ? ", success." : ", failure."));
  if (!success) {
    for (PieceIndex p : m.selection) m.failed_interceptors.push_back(p);
    std::sort(m.failed_interceptors.begin(), m.failed_interceptors.end());
    m.selection.clear();
    if (m.infiltrating) {
      s.active = m.phasing;
      m.stage = MoveStage::moving;
      return;
    }
    resolve(s);
    return;
  }
  ++s.rule_events["interceptions_succeeded"];
  if (source != m.where) relocate(s, m.selection, m.where);
  m.intercepted = true;
  m.avoid_offered = true;  // 6.84
  // 8.1 clarification: units that started in a fort or fortress space may go inside; the
  // interceptors must fight.
  if (has_unbesieged_fort_or_fortress(s, m.where, enemy)) {
    bool others = false;
    for (PieceIndex p : units_in(s, m.where, enemy)) others = others || !contains(m.selection, p);
    if (others) {
      m.inside_declared = true;
      m.stage = MoveStage::inside;
      s.active = enemy;
      return;
    }
  }
  start_battle(s);
}

void try_avoid(State& s) {
  auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  ++s.rule_events["avoid_battle_tried"];
  bool success = automatic_avoid(s, m.selection);
  if (success) {
    s.note(role(enemy), "avoid", true, "Auxiliaries avoid battle automatically (6.8).");
  } else {
    const int tactics = group_tactics(s, m.selection);
    const int die = roll_die(s);
    success = die + tactics >= 4;
    s.note(role(enemy), "avoid", die,
           "Avoid battle: rolled " + std::to_string(die) + (tactics ? " + " + std::to_string(tactics) : "") +
               (success ? ", success." : ", failure."));
  }
  if (!success) {
    m.selection.clear();
    start_battle(s);  // 6.83: a failed avoid fights; those inside stay inside
    return;
  }
  ++s.rule_events["avoid_battle_succeeded"];
  m.stage = MoveStage::avoid_destination;
  const auto to = avoid_destinations(s);
  if (to.size() == 1) {
    relocate(s, m.selection, to.front());
    m.avoided_from.push_back(m.where);
    m.selection.clear();
    resolve(s);
  }
}

int units_inside(const State& s, SpaceIndex sp, Side side) {
  int n = 0;
  for (PieceIndex p : units_in(s, sp, side)) n += s.piece(p).inside ? 1 : 0;
  return n;
}

// 8.11: a fort holds four units; a fortress any number.
bool may_go_inside(const State& s, PieceIndex p) {
  const auto& m = mv(s);
  if (s.piece(p).inside || is_leader(s, p) || has_fortress(s, m.where)) return true;
  return units_inside(s, m.where, side_of(s, p)) < s.data().tables.fort_capacity;
}

std::vector<PieceIndex> inside_candidates(const State& s) {
  const auto& m = mv(s);
  std::vector<PieceIndex> out;
  for (PieceIndex p : pieces_in(s, m.where, enemy_of(m.phasing)))
    if (!is_militia(s, p) && !contains(m.selection, p) && may_go_inside(s, p)) out.push_back(p);
  return out;
}

}  // namespace

void begin_move(State& s, std::vector<PieceIndex> pieces, PieceIndex commander) {
  MoveState m;
  m.pieces = std::move(pieces);
  std::sort(m.pieces.begin(), m.pieces.end());
  m.commander = commander;
  m.phasing = s.active;
  m.start = m.pieces.empty() ? no_space : s.space_of(m.pieces.front());
  m.where = m.start;
  s.move = m;
  s.step = Step::movement;
}

void list_movement_actions(const State& s, ActionList& out) {
  const auto& m = mv(s);
  switch (m.stage) {
    case MoveStage::moving: {
      if (!m.moved && s.activation) list_stationary_options(s, out);
      for (const auto& o : step_options(s, MoveKind::land))
        out.add_space(s, o.infiltrate ? "infiltrate" : "space", o.to);
      for (const auto& o : step_options(s, MoveKind::boat))
        out.add_space(s, o.infiltrate ? "boat_infiltrate" : "boat", o.to);
      if (!m.moved && !movers_besieged(s)) {
        for (SpaceIndex sp : naval_destinations(s)) out.add_space(s, "naval", sp);
        for (SpaceIndex sp : amphibious_destinations(s)) out.add_space(s, "amphibious", sp);
      }
      if (m.moved && !m.infiltrating && m.pieces.size() > 1)
        for (PieceIndex p : m.pieces)
          if (p != m.commander) out.add_piece(s, "drop", p);
      out.add("stop");
      return;
    }
    case MoveStage::intercept: {
      for (PieceIndex p : interception_candidates(s)) out.add_piece(s, "piece", p);
      if (!m.selection.empty() && interception_group_allowed(s, m.selection, s.space_of(m.selection.front())))
        out.add("intercept");
      out.add("pass");
      return;
    }
    case MoveStage::inside:
      for (PieceIndex p : inside_candidates(s)) out.add_piece(s, "piece", p);
      out.add("done");
      return;
    case MoveStage::avoid:
      for (PieceIndex p : avoid_candidates(s)) out.add_piece(s, "piece", p);
      if (is_valid_group(s, m.selection)) out.add("avoid");
      out.add("pass");
      return;
    case MoveStage::avoid_destination:
      for (SpaceIndex sp : avoid_destinations(s)) out.add_space(s, "space", sp);
      return;
    case MoveStage::lone_leaders:
      for (SpaceIndex sp : lone_leader_destinations(s)) out.add_space(s, "space", sp);
      return;
  }
}

void apply_movement(State& s, const Action& action) {
  auto& m = mv(s);
  switch (m.stage) {
    case MoveStage::moving:
      if (!m.moved && apply_stationary_option(s, action)) return;
      if (action.verb == "stop") {
        if (m.infiltrating) {  // 6.64: ending in an enemy-occupied space causes a battle
          m.infiltrating = false;
          m.stop_after = m.spaces_moved;
          resolve(s);
          return;
        }
        finish(s);
      } else if (action.verb == "space" || action.verb == "infiltrate") {
        const SpaceIndex to = space_arg(s, action);
        for (const auto& o : step_options(s, MoveKind::land))
          if (o.to == to && o.infiltrate == (action.verb == "infiltrate"))
            return take_step(s, to, MoveKind::land, o.infiltrate, false);
      } else if (action.verb == "boat" || action.verb == "boat_infiltrate") {
        const SpaceIndex to = space_arg(s, action);
        for (const auto& o : step_options(s, MoveKind::boat))
          if (o.to == to && o.infiltrate == (action.verb == "boat_infiltrate"))
            return take_step(s, to, MoveKind::boat, o.infiltrate, o.portage);
      } else if (action.verb == "naval") {
        take_step(s, space_arg(s, action), MoveKind::naval, false, false);
      } else if (action.verb == "amphibious") {
        const SpaceIndex to = space_arg(s, action);
        const CardNumber card = *amphibious_landing_card(s);  // 6.431
        auto& british = s.player(Side::british);
        std::erase(british.hand, card);
        std::erase(british.known, card);
        s.discard.push_back(card);
        s.note("british", "discard", card, "Amphibious Landing (#" + std::to_string(card) + ") is played (6.431).");
        s.space(to).amphib = true;
        take_step(s, to, MoveKind::amphibious, false, false);
      } else if (action.verb == "drop") {
        const PieceIndex p = piece_arg(s, action);
        std::erase(m.pieces, p);
        m.dropped_off.push_back(p);
        s.note(role(m.phasing), "drop", s.data().piece_id(p),
               piece_name(s, p) + " is dropped off in " + space_name(s, m.where) + " (6.1).");
        if (!has_further_steps(s)) finish(s);
      }
      return;
    case MoveStage::intercept:
      if (action.verb == "piece") {
        toggle(m.selection, piece_arg(s, action));
      } else if (action.verb == "intercept") {
        try_interception(s);
      } else {  // pass
        m.selection.clear();
        if (m.infiltrating) {
          s.active = m.phasing;
          m.stage = MoveStage::moving;
        } else {
          resolve(s);
        }
      }
      return;
    case MoveStage::inside:
      if (action.verb == "piece") {
        const PieceIndex p = piece_arg(s, action);
        s.piece(p).inside = !s.piece(p).inside;
        return;
      }
      {
        const auto inside_list = pieces_in(s, m.where, enemy_of(m.phasing));
        for (PieceIndex p : inside_list)
          if (s.piece(p).inside)
            s.note(role(enemy_of(m.phasing)), "inside", s.data().piece_id(p), piece_name(s, p) + " goes inside (8.1).");
      }
      if (m.intercepted) {
        if (has_units_outside(s, m.where, enemy_of(m.phasing))) {
          start_battle(s);
        } else {
          resolve(s);
        }
        return;
      }
      resolve(s);
      return;
    case MoveStage::avoid:
      if (action.verb == "piece") {
        toggle(m.selection, piece_arg(s, action));
      } else if (action.verb == "avoid") {
        try_avoid(s);
      } else {
        m.selection.clear();
        resolve(s);
      }
      return;
    case MoveStage::avoid_destination: {
      const SpaceIndex to = space_arg(s, action);
      s.note(role(enemy_of(m.phasing)), "avoid", info(s, to).id, "Avoiding to " + space_name(s, to) + ".");
      relocate(s, m.selection, to);
      m.avoided_from.push_back(m.where);
      m.selection.clear();
      resolve(s);
      return;
    }
    case MoveStage::lone_leaders:
      move_lone_leaders(s, space_arg(s, action));
      resolve(s);
      return;
  }
}

std::string movement_prompt(const State& s) {
  const auto& m = mv(s);
  const std::string at = m.where == no_space ? std::string("?") : space_name(s, m.where);
  switch (m.stage) {
    case MoveStage::moving:
      if (m.infiltrating) return "Infiltrating in " + at + ": keep moving, or stop and fight (6.64).";
      return "Move from " + at + " (" + std::to_string(m.spaces_moved) + " spaces moved), or stop.";
    case MoveStage::intercept:
      return "Enemy entered " + at + ": choose a unit or force to intercept, or pass (6.7).";
    case MoveStage::inside:
      return "Enemy entered " + at + ": choose who defends inside the fortification (8.1).";
    case MoveStage::avoid:
      return "Enemy attacks " + at + ": choose a unit or force to avoid battle, or pass (6.8).";
    case MoveStage::avoid_destination:
      return "Choose where the avoiding units go (6.81).";
    case MoveStage::lone_leaders:
      return "Leaders alone in " + at + " must retreat (6.53).";
  }
  return {};
}

void movement_after_battle(State& s, const BattleResult& result) {
  s.step = Step::movement;
  if (!s.move) return;  // a battle started by hand (tests): nothing to continue
  auto& m = mv(s);
  s.active = m.phasing;
  m.stage = MoveStage::moving;
  m.infiltrating = false;
  std::vector<PieceIndex> survivors;
  for (PieceIndex p : m.pieces)
    if (s.space_of(p) == m.where && contains(result.surviving_attackers, p)) survivors.push_back(p);
  const bool continue_moving =
      result.overrun && has_unit(s, survivors) && m.kind != MoveKind::naval && m.kind != MoveKind::amphibious;
  if (continue_moving) {  // 7.82
    m.pieces = survivors;
    if (has_unbesieged_fortification(s, m.where, enemy_of(m.phasing))) {
      stop_at_fortification(s);
      return;
    }
    resolve(s);
    return;
  }
  // 8.21: winners facing a fort or fortress with nobody outside besiege it.
  const SpaceIndex x = m.where;
  const Side enemy = enemy_of(m.phasing);
  if (has_fort_or_fortress(s, x, enemy) && !is_besieged(s, x) && has_units_outside(s, x, m.phasing) &&
      !has_units_outside(s, x, enemy)) {
    s.space(x).siege_level = 0;
    ++s.rule_events["sieges_begun"];
    s.note(role(m.phasing), "siege", info(s, x).id, "Siege 0 at " + space_name(s, x) + " (8.21).");
  }
  finish(s);
}

}  // namespace warpath::wilderness_war
