// 7.5 the roll: the commanding leaders, the DRMs and column shifts, and the Combat Results Table.
#include "engine/wilderness_war/battle_internal.hpp"

#include <algorithm>
#include <array>
#include <string>

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

// The column (after shifts) and DRM each side fires with.
struct Fire {
  int column = 0;
  int drm = 0;
};
struct Fires {
  Fire attacker, defender;
};

std::string tactics_reason(const State& s, PieceIndex leader) { return "Tactics of " + piece_name(s, leader); }

}  // namespace

// 7.5, 9.13: every modifier, shift and the column of each side, the attacker first. The one place
// the battle's modifiers are worked out: the roll uses its totals and the view shows it whole.
std::array<CombatSideReport, 2> fire_reports(const State& s) {
  const auto& b = *s.battle;
  const auto& crt = s.data().tables.combat_results;
  const Side att = b.attacker;
  const Side def = defender_of(b);
  std::array<CombatSideReport, 2> out;
  out[0].side = att;
  out[1].side = def;
  auto& a = out[0];
  auto& d = out[1];
  const PieceIndex att_leader = commanding_leader(s, att);
  const PieceIndex def_leader = commanding_leader(s, def);
  int att_factor = 1, def_factor = 1;
  const auto& markers = s.space(b.where);
  const auto& modifiers = is_assault(b) ? crt.assault_modifiers : crt.battle_modifiers;
  auto add = [](std::vector<CombatModifier>& list, std::string why, int value) {
    if (value != 0) list.push_back({std::move(why), value});
  };
  for (const Modifier& m : modifiers) {
    if (m.id == "leader_tactics") {  // 7.51, 9.13
      if (att_leader >= 0) add(a.modifiers, tactics_reason(s, att_leader), m.tactics_sign * tactics_of(s, att_leader));
      if (def_leader >= 0) add(d.modifiers, tactics_reason(s, def_leader), m.tactics_sign * tactics_of(s, def_leader));
    } else if (m.id == "no_auxiliaries_in_wilderness" && is_wilderness_or_mountain(s, b.where)) {  // 7.52
      const bool has_a = any_of_units(s, att, is_auxiliary_or_light_infantry);
      const bool has_d = any_of_units(s, def, is_auxiliary_or_light_infantry);
      const std::string why = "No Auxiliaries or Light Infantry, facing some in the wilderness";
      if (has_a && !has_d) add(d.modifiers, why, m.drm);
      if (has_d && !has_a) add(a.modifiers, why, m.drm);
    } else if (m.id == "no_regulars_in_cultivated" && is_cultivated(s, b.where)) {  // 7.53
      const bool has_a = any_of_units(s, att, is_regulars);
      const bool has_d = any_of_units(s, def, is_regulars);
      const std::string why = "No Regulars, facing some in cultivated land";
      if (has_a && !has_d) add(d.modifiers, why, m.drm);
      if (has_d && !has_a) add(a.modifiers, why, m.drm);
    } else if (m.id == "amphibious_landing" && b.amphibious) {  // 7.54
      add(a.modifiers, "Amphibious landing", m.drm);
    } else if (m.id == "stockade" && markers.stockade == def) {  // 7.54
      add(a.modifiers, "Defenders in a stockade", m.drm);
    } else if (m.id == "fieldworks" && markers.fieldworks) {  // 7.55
      add(a.shifts, "Defenders behind fieldworks", m.column_shift);
    } else if (m.id == "assault") {  // 9.13: always one column left
      add(a.shifts, "Assaulting a fortification", m.column_shift);
    } else if (m.id == "coehorns" && b.coehorns) {  // 9.13: #8 Coehorns & Howitzers
      add(*b.coehorns == att ? a.modifiers : d.modifiers, "Coehorns & Howitzers", m.drm);
    } else if (m.id == "ambush" && b.ambush) {  // 7.56: the ambusher's strength doubled, before shifts
      (*b.ambush == att ? att_factor : def_factor) = 2;
    }
  }
  const int last = static_cast<int>(crt.column_min_strength.size()) - 1;
  for (auto* side : {&a, &d}) {
    const int factor = side == &a ? att_factor : def_factor;
    side->pieces = present(s, side->side);
    side->strength = strength_total(s, side->side);
    side->fire_strength = factor * side->strength;
    int shift = 0;
    for (const auto& m : side->shifts) shift += m.value;
    int drm = 0;
    for (const auto& m : side->modifiers) drm += m.value;
    side->column = std::clamp(crt.column_for_strength(side->fire_strength) + shift, 0, last);
    side->drm = drm;
  }
  return out;
}

namespace {

// The fields of BattleState recording one side's fire.
struct FireRecord {
  int& column;
  int& drm;
  int& die;
  int& result;
};
FireRecord record_of(BattleState& b, Side side) {
  if (side == b.attacker) return {b.attacker_column, b.attacker_drm, b.attacker_die, b.attacker_result};
  return {b.defender_column, b.defender_drm, b.defender_die, b.defender_result};
}

void set_fire(BattleState& b, Side side, const Fires& fires) {
  const Fire& f = side == b.attacker ? fires.attacker : fires.defender;
  auto r = record_of(b, side);
  r.column = f.column;
  r.drm = f.drm;
}

// Rolls `side`'s die on its recorded column and DRM.
void fire(State& s, Side side) {
  const auto& crt = s.data().tables.combat_results;
  auto r = record_of(*s.battle, side);
  r.die = roll_die(s);
  r.result = crt.step_losses(r.column, r.die + r.drm);
}

std::string describe_fire(BattleState& b, Side side) {
  const auto r = record_of(b, side);
  return std::string(side_titles(side)) + " roll " + std::to_string(r.die) + (r.drm >= 0 ? "+" : "") +
         std::to_string(r.drm) + " on column " + std::to_string(r.column) + ": " + std::to_string(r.result) + " hits";
}

// 7.56: the ambusher fires alone; the victim takes its losses before it fires back.
void ambusher_fires(State& s) {
  auto& b = *s.battle;
  const Side ambusher = *b.ambush;
  ++s.rule_events["ambushes"];
  fire(s, ambusher);
  update_report(s);
  s.note(role_of(ambusher), "roll", record_of(b, ambusher).die,
         "Ambush! " + describe_fire(b, ambusher) + "; the " + std::string(side_titles(enemy_of(ambusher))) +
             " fire back after their losses (7.56).");
  start_losses(s, enemy_of(ambusher));
}

}  // namespace

bool any_of_units(const State& s, Side side, bool (*predicate)(const State&, PieceIndex)) {
  const auto units = present_units(s, side);
  return std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return predicate(s, p); });
}

namespace {

// 5.36, 10.2: who fights here, for the rest of the Action Phase.
void record_combat(State& s) {
  const auto& b = *s.battle;
  FoughtCombat combat;
  combat.where = b.where;
  for (Side side : both_sides) {
    const auto pieces = present(s, side);
    combat.pieces.insert(combat.pieces.end(), pieces.begin(), pieces.end());
  }
  std::sort(combat.pieces.begin(), combat.pieces.end());
  s.combats.push_back(std::move(combat));
}

}  // namespace

void roll(State& s) {
  auto& b = *s.battle;
  record_combat(s);
  const auto sides = fire_reports(s);
  const Fires fires = {{sides[0].column, sides[0].drm}, {sides[1].column, sides[1].drm}};
  set_fire(b, b.attacker, fires);
  set_fire(b, defender_of(b), fires);
  b.attacker_vp_worthy = vp_worthy(s, b.attacker);
  b.defender_vp_worthy = vp_worthy(s, defender_of(b));
  CombatReport report;
  report.kind = is_assault(b) ? CombatKind::assault : CombatKind::battle;
  report.where = b.where;
  report.attacker = b.attacker;
  report.sides.assign(sides.begin(), sides.end());
  s.combat_report = std::move(report);
  if (b.ambush) {
    ambusher_fires(s);
    return;
  }
  fire(s, b.attacker);
  fire(s, defender_of(b));
  update_report(s);
  s.note(role_of(b.attacker), "roll", b.attacker_die,
         describe_fire(b, b.attacker) + "; " + describe_fire(b, defender_of(b)) + ".");
  start_losses(s, b.attacker);  // 7.6: the attacker assigns his losses first
}

// 7.56, 7.7: the ambushed side's leaders are checked for the ambusher's fire; then what survived of
// it fires — column, tactics and DRMs from the pieces still there — and the ambusher takes his
// losses. With no unit left it does not fire (die and result stay 0).
void ambush_victim_fires(State& s) {
  auto& b = *s.battle;
  const Side ambusher = *b.ambush;
  const Side victim = enemy_of(ambusher);
  leader_losses(s, ambusher, record_of(b, ambusher).die,
                victim == b.attacker ? b.attacker_steps_lost : b.defender_steps_lost);
  if (present_units(s, victim).empty()) {
    ++s.rule_events["ambush_no_return_fire"];
    s.note(role_of(victim), "no_fire", space_id(s, b.where),
           std::string(side_titles(victim)) + " have no unit left to fire back (7.56).");
  } else {
    const auto sides = fire_reports(s);
    set_fire(b, victim, {{sides[0].column, sides[0].drm}, {sides[1].column, sides[1].drm}});
    // The report shows the victim's fire as it is now: what survived, with its column and DRMs.
    if (s.combat_report) s.combat_report->sides[victim == b.attacker ? 0 : 1] = sides[victim == b.attacker ? 0 : 1];
    fire(s, victim);
    update_report(s);
    s.note(role_of(victim), "roll", record_of(b, victim).die, describe_fire(b, victim) + " (7.56).");
  }
  start_losses(s, ambusher);
}

// The battle's record: each side's die, hits and steps lost so far.
void update_report(State& s) {
  if (!s.combat_report || !s.battle) return;
  const auto& b = *s.battle;
  for (auto& side : s.combat_report->sides) {
    const bool att = side.side == b.attacker;
    side.die = att ? b.attacker_die : b.defender_die;
    side.hits = att ? b.attacker_result : b.defender_result;
    side.steps_lost = att ? b.attacker_steps_lost : b.defender_steps_lost;
  }
}
}  // namespace warpath::wilderness_war::battle_detail

namespace warpath::wilderness_war {

CombatReport battle_forecast(const State& s) {
  const auto& b = *s.battle;
  CombatReport report;
  report.kind = battle_detail::is_assault(b) ? CombatKind::assault : CombatKind::battle;
  report.where = b.where;
  report.attacker = b.attacker;
  const auto sides = battle_detail::fire_reports(s);
  report.sides.assign(sides.begin(), sides.end());
  return report;
}

}  // namespace warpath::wilderness_war
