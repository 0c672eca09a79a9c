// Entering a space: battle against the enemy there (6.5), stopping at an enemy fortification
// (6.51), lone enemy leaders (6.53) and the defenders' inside/outside declaration (8.1).
#include "engine/wilderness_war/movement_internal.hpp"

#include <algorithm>

#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/massacre.hpp"

namespace warpath::wilderness_war::movement_detail {
namespace {

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

}  // namespace

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
  s.note(role_of(m.phasing), "battle", space_info(s, m.where).id, "Battle in " + space_name(s, m.where) + ".");
  begin_battle(s, b);
}

// 6.51, 6.82 exception, 8.21, 5.45: the movers stop at an enemy fortification with nobody outside.
void stop_at_fortification(State& s) {
  auto& m = mv(s);
  const SpaceIndex x = m.where;
  const Side enemy = enemy_of(m.phasing);
  if (has_fort_or_fortress(s, x, enemy)) {
    if (!is_besieged(s, x) && has_units(s, x, m.phasing)) {
      s.change_space(x).siege_level = 0;
      ++s.rule_events["sieges_begun"];
      s.note(role_of(m.phasing), "siege", space_info(s, x).id, "Siege 0 at " + space_name(s, x) + " (8.21).");
    }
  } else if (s.space(x).stockade == enemy && any_of(s, m.pieces, is_drilled_troops)) {
    s.change_space(x).stockade = m.phasing;  // 5.45: captured intact
    ++s.rule_events["stockades_captured"];
    s.note(role_of(m.phasing), "capture", space_info(s, x).id, "Stockade at " + space_name(s, x) + " captured.");
    award_vp(s, m.phasing, 1, "capturing a stockade (6.51)");
    // cards.md #7: the loser's Massacre! window; the movers still stop here (6.51) after it.
    if (open_massacre_after_stockade_capture(s, x, m.phasing)) return;
  }
  // Auxiliaries without Drilled Troops at an enemy stockade: activation makes them raid.
  finish(s);
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
      s.note(role_of(enemy_of(m.phasing)), "eliminate", s.data().piece_id(p),
             piece_name(s, p) + " is eliminated (6.53).");
      eliminate_piece(s, p);
    } else {
      s.note(role_of(enemy_of(m.phasing)), "retreat", s.data().piece_id(p),
             piece_name(s, p) + " retreats to " + space_name(s, to) + " (6.53).");
      relocate(s, {p}, to);
    }
  }
}

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

std::vector<PieceIndex> inside_candidates(const State& s) {
  const auto& m = mv(s);
  std::vector<PieceIndex> out;
  for (PieceIndex p : pieces_in(s, m.where, enemy_of(m.phasing)))
    if (!is_militia(s, p) && !contains(m.selection, p) && may_go_inside(s, p)) out.push_back(p);
  return out;
}
}  // namespace warpath::wilderness_war::movement_detail
