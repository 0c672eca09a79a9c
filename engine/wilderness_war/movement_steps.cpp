// The mover's steps: land (6.2) and boat (6.3) moves, the stop limits of terrain, entering
// enemy-occupied spaces (6.52, 6.53) and infiltration (6.6).
#include "engine/wilderness_war/movement_internal.hpp"

#include <algorithm>
#include <array>

namespace warpath::wilderness_war::movement_detail {
namespace {

// 6.21, 6.22: the slowest unit sets the pace; leaders alone move 6.
int land_allowance(const State& s) {
  int best = -1;
  for (PieceIndex p : mv(s).pieces)
    if (is_unit(s, p)) best = best < 0 ? movement_of(s, p) : std::min(best, movement_of(s, p));
  return best < 0 ? s.data().tables.leader_alone_movement : best;
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
  for (const auto& c : space_info(s, at).connections) {
    if (kind == MoveKind::land || c.is_water()) {
      out.push_back({c.to, false});
    } else if (portage_available && portage_end(s, at, side) && portage_end(s, c.to, side)) {
      out.push_back({c.to, true});  // 6.3 exception
    }
  }
  for (const auto& a : space_info(s, at).arrows_out)
    if (a.kind == ArrowKind::pays_d_en_haut) out.push_back({a.to, false});
  return out;
}

// 6.2: the stop limit after entering `to` by land.
int stop_limit_after(const State& s, SpaceIndex to, int spaces_moved_after) {
  const auto& m = mv(s);
  int limit = m.stop_after;
  auto lower = [&](int value) { limit = limit < 0 ? value : std::min(limit, value); };
  if (has_friendly_fortification(s, to, m.phasing)) return limit;  // the exception of 6.2
  const Terrain t = space_info(s, to).terrain;
  const bool drilled = any_of(s, m.pieces, is_drilled_troops);
  const bool auxiliaries = any_of(s, m.pieces, is_auxiliary);
  if (t == Terrain::mountain) lower(spaces_moved_after);
  // #16 George Croghan: as if Auxiliaries were with the Drilled Troops.
  if (t == Terrain::wilderness && drilled && !auxiliaries && !m.george_croghan) lower(spaces_moved_after + 1);
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
        if (contains(seen, t.to)) continue;
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

}  // namespace

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
  s.note(role_of(m.phasing), "move", space_info(s, to).id,
         std::string(infiltrate ? "Infiltrating into " : "Moving to ") + space_name(s, to) + ".");
  if (open_lake_schooner_window(s, kind)) return;  // #15, before any interception
  entered(s);
}

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

}  // namespace warpath::wilderness_war::movement_detail
