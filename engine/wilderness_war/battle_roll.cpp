// 7.5 the roll: the commanding leaders, the DRMs and column shifts, and the Combat Results Table.
#include "engine/wilderness_war/battle_internal.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"

namespace warpath::wilderness_war::battle_detail {
namespace {

// 7.51, 9.13: the leader whose Tactics count for `side`.
PieceIndex commanding_leader(const State& s, Side side) {
  const auto& b = *s.battle;
  const auto leaders = present_leaders(s, side);
  if (side == b.attacker && b.attacker_commander >= 0 && contains(leaders, b.attacker_commander))
    return b.attacker_commander;
  return highest_command_leader(s, leaders);
}

int tactics_of(const State& s, PieceIndex leader) { return leader < 0 ? 0 : s.data().leader(leader).tactics; }

bool is_auxiliary_or_light_infantry(const State& s, PieceIndex p) {
  return is_auxiliary(s, p) || is_light_infantry(s, p);
}

int strength_total(const State& s, Side side) {
  int total = 0;
  for (PieceIndex p : present_units(s, side)) total += strength_of(s, p);
  return total;
}

// 7.81: a Regular unit or more than four units.
bool vp_worthy(const State& s, Side side) {
  const auto units = present_units(s, side);
  return units.size() > 4 || std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return is_regulars(s, p); });
}

void compute_modifiers(const State& s, BattleState& b) {
  const auto& crt = s.data().tables.combat_results;
  const Side att = b.attacker;
  const Side def = defender_of(b);
  const int att_tactics = tactics_of(s, commanding_leader(s, att));
  const int def_tactics = tactics_of(s, commanding_leader(s, def));
  int att_shift = 0;
  b.attacker_drm = 0;
  b.defender_drm = 0;
  const auto& markers = s.space(b.where);
  const auto& modifiers = is_assault(b) ? crt.assault_modifiers : crt.battle_modifiers;
  for (const Modifier& m : modifiers) {
    if (m.id == "leader_tactics") {  // 7.51, 9.13
      b.attacker_drm += m.tactics_sign * att_tactics;
      b.defender_drm += m.tactics_sign * def_tactics;
    } else if (m.id == "no_auxiliaries_in_wilderness" && is_wilderness_or_mountain(s, b.where)) {  // 7.52
      const bool a = any_of_units(s, att, is_auxiliary_or_light_infantry);
      const bool d = any_of_units(s, def, is_auxiliary_or_light_infantry);
      if (a && !d) b.defender_drm += m.drm;
      if (d && !a) b.attacker_drm += m.drm;
    } else if (m.id == "no_regulars_in_cultivated" && is_cultivated(s, b.where)) {  // 7.53
      const bool a = any_of_units(s, att, is_regulars);
      const bool d = any_of_units(s, def, is_regulars);
      if (a && !d) b.defender_drm += m.drm;
      if (d && !a) b.attacker_drm += m.drm;
    } else if (m.id == "amphibious_landing" && b.amphibious) {  // 7.54
      b.attacker_drm += m.drm;
    } else if (m.id == "stockade" && markers.stockade == def) {  // 7.54
      b.attacker_drm += m.drm;
    } else if (m.id == "fieldworks" && markers.fieldworks) {  // 7.55
      att_shift += m.column_shift;
    } else if (m.id == "assault") {  // 9.13: always one column left
      att_shift += m.column_shift;
    } else if (m.id == "coehorns" && b.coehorns) {  // 9.13: #8 Coehorns & Howitzers
      (*b.coehorns == att ? b.attacker_drm : b.defender_drm) += m.drm;
    }
    // "ambush" (7.56) comes with the Ambush! response (issue 4).
  }
  const int last = static_cast<int>(crt.column_min_strength.size()) - 1;
  b.attacker_column = std::clamp(crt.column_for_strength(strength_total(s, att)) + att_shift, 0, last);
  b.defender_column = std::clamp(crt.column_for_strength(strength_total(s, def)), 0, last);
}

}  // namespace

bool any_of_units(const State& s, Side side, bool (*predicate)(const State&, PieceIndex)) {
  const auto units = present_units(s, side);
  return std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return predicate(s, p); });
}

void roll(State& s) {
  auto& b = *s.battle;
  compute_modifiers(s, b);
  b.attacker_vp_worthy = vp_worthy(s, b.attacker);
  b.defender_vp_worthy = vp_worthy(s, defender_of(b));
  const auto& crt = s.data().tables.combat_results;
  b.attacker_die = roll_die(s);
  b.defender_die = roll_die(s);
  b.attacker_result = crt.step_losses(b.attacker_column, b.attacker_die + b.attacker_drm);
  b.defender_result = crt.step_losses(b.defender_column, b.defender_die + b.defender_drm);
  auto describe = [&](Side side, int column, int die, int drm, int result) {
    return std::string(side_titles(side)) + " roll " + std::to_string(die) + (drm >= 0 ? "+" : "") +
           std::to_string(drm) + " on column " + std::to_string(column) + ": " + std::to_string(result) + " hits";
  };
  s.note(role_of(b.attacker), "roll", b.attacker_die,
         describe(b.attacker, b.attacker_column, b.attacker_die, b.attacker_drm, b.attacker_result) + "; " +
             describe(defender_of(b), b.defender_column, b.defender_die, b.defender_drm, b.defender_result) + ".");
  start_losses(s, b.attacker);  // 7.6: the attacker assigns his losses first
}
}  // namespace warpath::wilderness_war::battle_detail
