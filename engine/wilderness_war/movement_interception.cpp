// 6.7 interception.
#include "engine/wilderness_war/movement_internal.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"

namespace warpath::wilderness_war::movement_detail {
namespace {

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
  if (contains(m.avoided_from, x)) return out;                    // 6.85
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

}  // namespace

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

void try_interception(State& s) {
  auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  const SpaceIndex source = s.space_of(m.selection.front());
  const int tactics = group_tactics(s, m.selection);
  const int die = roll_die(s);
  ++s.rule_events["interceptions_tried"];
  m.intercepted_into.push_back(m.where);
  const bool success = die + tactics >= 4;
  s.note(role_of(enemy), "intercept", die,
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
}  // namespace warpath::wilderness_war::movement_detail
