// 6.8 avoid battle.
#include "engine/wilderness_war/movement_internal.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"

namespace warpath::wilderness_war::movement_detail {
namespace {

// 6.8 exception: auxiliaries in wilderness or mountain slip away from attackers without any.
bool automatic_avoid(const State& s, const std::vector<PieceIndex>& group) {
  const auto& m = mv(s);
  if (!is_wilderness_or_mountain(s, m.where) || any_of(s, m.pieces, is_auxiliary)) return false;
  return std::all_of(group.begin(), group.end(), [&](PieceIndex p) { return !is_unit(s, p) || is_auxiliary(s, p); });
}

}  // namespace

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
      if (p != m.where && !contains(out, p) && is_friendly_controlled(s, p, Side::british)) out.push_back(p);
  std::sort(out.begin(), out.end());
  return out;
}

bool avoid_possible(const State& s) {
  const auto& m = mv(s);
  if (m.intercepted || contains(m.intercepted_into, m.where)) return false;  // 6.84, 6.85
  if (avoid_destinations(s).empty()) return false;
  const auto candidates = avoid_candidates(s);
  return std::any_of(candidates.begin(), candidates.end(), [&](PieceIndex p) { return is_unit(s, p); });
}

void try_avoid(State& s) {
  auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  ++s.rule_events["avoid_battle_tried"];
  bool success = automatic_avoid(s, m.selection);
  if (success) {
    s.note(role_of(enemy), "avoid", true, "Auxiliaries avoid battle automatically (6.8).");
  } else {
    const int tactics = group_tactics(s, m.selection);
    const int die = roll_die(s);
    success = die + tactics >= 4;
    s.note(role_of(enemy), "avoid", die,
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
}  // namespace warpath::wilderness_war::movement_detail
