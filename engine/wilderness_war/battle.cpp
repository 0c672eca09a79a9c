#include "engine/wilderness_war/battle.hpp"

#include <algorithm>

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

const Space& space_info(const State& s, SpaceIndex sp) { return s.data().spaces.at(static_cast<std::size_t>(sp)); }
const std::string& space_name(const State& s, SpaceIndex sp) { return space_info(s, sp).name; }
std::string role_of(Side side) { return std::string(side_names(side)); }

bool is_assault(const BattleState& b) { return b.context == BattleContext::assault; }
Side defender_of(const BattleState& b) { return enemy_of(b.attacker); }

std::vector<PieceIndex>& list_of(BattleState& b, Side side) { return side == b.attacker ? b.attackers : b.defenders; }
const std::vector<PieceIndex>& list_of(const BattleState& b, Side side) {
  return side == b.attacker ? b.attackers : b.defenders;
}

// The pieces of `side` taking part that are still in the battle space.
std::vector<PieceIndex> present(const State& s, Side side) {
  const auto& b = *s.battle;
  std::vector<PieceIndex> out;
  for (PieceIndex p : list_of(b, side))
    if (s.space_of(p) == b.where) out.push_back(p);
  return out;
}
std::vector<PieceIndex> present_units(const State& s, Side side) {
  auto out = present(s, side);
  std::erase_if(out, [&](PieceIndex p) { return !is_unit(s, p); });
  return out;
}
std::vector<PieceIndex> present_leaders(const State& s, Side side) {
  auto out = present(s, side);
  std::erase_if(out, [&](PieceIndex p) { return !is_leader(s, p); });
  return out;
}

int total_steps(const State& s, const std::vector<PieceIndex>& units) {
  int steps = 0;
  for (PieceIndex p : units) steps += steps_of(s, p);
  return steps;
}

// 7.4: whether `side` holds a response event for this combat (Ambush!, Fieldworks, Coehorns...).
bool has_battle_response(const State&, Side) {
  return false;  // issue 4
}

// --- 7.3 militia -------------------------------------------------------------------------------

// The militia box whose militia may deploy into the battle, if any.
std::optional<int> deployable_militia_box(const State& s) {
  const auto& b = *s.battle;
  if (b.context == BattleContext::raid_militia || is_assault(b)) return std::nullopt;  // 10.21, 9.14
  const auto& info = space_info(s, b.where);
  if (info.holding_box || !info.is_cultivated() || info.department == Department::none) return std::nullopt;
  const auto& boxes = s.data().militia_boxes;
  for (std::size_t box = 0; box < boxes.size(); ++box) {
    const Side owner = boxes[box].side;
    if (boxes[box].department != info.department || !is_originally_friendly(s, b.where, owner)) continue;
    // 7.3 exception: enemy Raided markers anywhere in the Department this year.
    const Side enemy = enemy_of(owner);
    for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
      if (space_info(s, sp).department == info.department && s.space(sp).raided[index_of(enemy)] > 0)
        return std::nullopt;
    return static_cast<int>(box);
  }
  return std::nullopt;
}

std::vector<PieceIndex> militia_in_box(const State& s, int box) {
  std::vector<PieceIndex> out;
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p)
    if (s.piece(p).location == Location::in_militia_box(box)) out.push_back(p);
  return out;
}

// --- 7.5 the roll --------------------------------------------------------------------------------

// 7.51, 9.13: the leader whose Tactics count for `side`.
PieceIndex commanding_leader(const State& s, Side side) {
  const auto& b = *s.battle;
  const auto leaders = present_leaders(s, side);
  if (side == b.attacker && b.attacker_commander >= 0 && contains(leaders, b.attacker_commander))
    return b.attacker_commander;
  PieceIndex best = -1;
  for (PieceIndex p : leaders) {
    if (best < 0) {
      best = p;
      continue;
    }
    const auto& l = s.data().leader(p);
    const auto& m = s.data().leader(best);
    // Any leader with the highest Command may be used: the owner takes the best Tactics.
    if (l.command > m.command || (l.command == m.command && l.tactics > m.tactics)) best = p;
  }
  return best;
}

int tactics_of(const State& s, PieceIndex leader) { return leader < 0 ? 0 : s.data().leader(leader).tactics; }

bool any_of_units(const State& s, Side side, bool (*predicate)(const State&, PieceIndex)) {
  const auto units = present_units(s, side);
  return std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return predicate(s, p); });
}

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
    }
    // "ambush" (7.56) and "coehorns" (9.13) come with the response events (issue 4).
  }
  const int last = static_cast<int>(crt.column_min_strength.size()) - 1;
  b.attacker_column = std::clamp(crt.column_for_strength(strength_total(s, att)) + att_shift, 0, last);
  b.defender_column = std::clamp(crt.column_for_strength(strength_total(s, def)), 0, last);
}

void start_losses(State& s, Side side);
void after_losses(State& s);

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

// --- 7.6 step losses -----------------------------------------------------------------------------

// The units of `side` that may take the next step loss: 7.62 (or 9.14 in an assault) first, then
// 7.63 — no unit is eliminated while another eligible one is at full strength.
std::vector<PieceIndex> loss_choices(const State& s) {
  const auto& b = *s.battle;
  auto candidates = present_units(s, b.losing_side);
  const bool drilled_first = is_assault(b) ? std::any_of(candidates.begin(), candidates.end(),
                                                         [&](PieceIndex p) { return is_drilled_troops(s, p); })
                                           : b.drilled_left > 0;
  if (drilled_first) std::erase_if(candidates, [&](PieceIndex p) { return !is_drilled_troops(s, p); });
  const bool any_full =
      std::any_of(candidates.begin(), candidates.end(), [&](PieceIndex p) { return !s.piece(p).reduced; });
  if (any_full) std::erase_if(candidates, [&](PieceIndex p) { return s.piece(p).reduced; });
  return candidates;
}

void take_step(State& s, PieceIndex p) {
  auto& b = *s.battle;
  if (is_drilled_troops(s, p) && b.drilled_left > 0) --b.drilled_left;
  --b.losses_left;
  (b.losing_side == b.attacker ? b.attacker_steps_lost : b.defender_steps_lost) += 1;
  ++s.rule_events["step_losses"];
  const bool eliminated = s.piece(p).reduced;
  s.note(role_of(b.losing_side), "loss", s.data().piece_id(p),
         piece_name(s, p) + (eliminated ? " is eliminated." : " is reduced."));
  reduce_unit(s, p);
}

// Applies the losses that leave no choice; returns whether the side still has to choose.
bool settle_forced_losses(State& s) {
  auto& b = *s.battle;
  const auto units = present_units(s, b.losing_side);
  if (b.losses_left >= total_steps(s, units)) {
    for (PieceIndex p : units)
      while (s.space_of(p) == b.where) take_step(s, p);
    b.losses_left = 0;
    return false;
  }
  while (b.losses_left > 0) {
    const auto choices = loss_choices(s);
    if (choices.size() != 1) return true;
    take_step(s, choices.front());
  }
  return false;
}

void continue_losses(State& s) {
  auto& b = *s.battle;
  if (settle_forced_losses(s)) {
    s.active = b.losing_side;
    b.stage = BattleStage::losses;
    return;
  }
  if (b.losing_side == b.attacker) {
    start_losses(s, defender_of(b));
    return;
  }
  after_losses(s);
}

void start_losses(State& s, Side side) {
  auto& b = *s.battle;
  b.losing_side = side;
  b.losses_left = side == b.attacker ? b.defender_result : b.attacker_result;
  // 7.62: at least half, rounded up, from Drilled Troops if available.
  int drilled_steps = 0;
  for (PieceIndex p : present_units(s, side))
    if (is_drilled_troops(s, p)) drilled_steps += steps_of(s, p);
  b.drilled_left = std::min((b.losses_left + 1) / 2, drilled_steps);
  continue_losses(s);
}

// --- 7.7 leader losses, 7.8 winner ---------------------------------------------------------------

void leader_losses(State& s, Side firing, int natural_die, int steps_caused) {
  if ((natural_die != 1 && natural_die != 6) || steps_caused == 0) return;
  const Side victim = enemy_of(firing);
  for (PieceIndex leader : present_leaders(s, victim)) {
    const int die = roll_die(s);
    ++s.rule_events["leader_loss_rolls"];
    if (die == 1) {
      s.note(role_of(victim), "leader_killed", s.data().piece_id(leader),
             piece_name(s, leader) + " is killed (7.7, rolled 1).");
      eliminate_piece(s, leader);
    } else {
      s.note(role_of(victim), "leader_survives", s.data().piece_id(leader),
             piece_name(s, leader) + " survives (7.7, rolled " + std::to_string(die) + ").");
    }
  }
}

void capture_fortification(State& s);
void start_retreats(State& s);
void finish(State& s);

void after_losses(State& s) {
  auto& b = *s.battle;
  leader_losses(s, b.attacker, b.attacker_die, b.defender_steps_lost);
  leader_losses(s, defender_of(b), b.defender_die, b.attacker_steps_lost);
  const Side def = defender_of(b);
  const bool attackers_left = !present_units(s, b.attacker).empty();
  const bool defenders_left = !present_units(s, def).empty();
  const bool higher = b.attacker_result > b.defender_result;
  if (is_assault(b)) {
    // 9.2: only a higher result wins; the attackers must have survived to take the place.
    b.attacker_won = higher && attackers_left;
  } else if (attackers_left != defenders_left) {
    b.attacker_won = attackers_left;  // 7.8: only one side has surviving units
  } else {
    b.attacker_won = higher;  // 7.8: more step losses caused on the CRT; the defender wins ties
  }
  const Side winner = b.attacker_won ? b.attacker : def;
  const Side loser = enemy_of(winner);
  s.note(role_of(winner), "battle_won", space_info(s, b.where).id,
         std::string(side_titles(winner)) + (is_assault(b) ? " win the assault at " : " win the battle at ") +
             space_name(s, b.where) + ".");
  if (is_assault(b)) {
    if (b.attacker_won) capture_fortification(s);  // 9.21: otherwise the siege continues
    finish(s);
    return;
  }
  // 7.82
  b.overrun = b.attacker_won && !b.defender_fortified && !defenders_left && b.attacker_steps_lost == 0;
  if (b.overrun) ++s.rule_events["overruns"];
  // 7.81
  if (loser == b.attacker ? b.attacker_vp_worthy : b.defender_vp_worthy)
    award_vp(s, winner, 1, "winning the battle at " + space_name(s, b.where) + " (7.81)");
  // 5.45: winning Drilled Troops destroy the loser's stockade.
  auto& markers = s.space(b.where);
  if (markers.stockade == loser && any_of_units(s, winner, is_drilled_troops)) {
    markers.stockade.reset();
    s.note(role_of(winner), "stockade_destroyed", space_info(s, b.where).id,
           "The stockade at " + space_name(s, b.where) + " is destroyed (5.45).");
    award_vp(s, winner, 1, "destroying a stockade (5.45)");
  }
  start_retreats(s);
}

// 9.22
void capture_fortification(State& s) {
  auto& b = *s.battle;
  const Side def = defender_of(b);
  auto& markers = s.space(b.where);
  ++s.rule_events["assaults_won"];
  for (PieceIndex p : pieces_in(s, b.where, def))
    if (s.piece(p).inside) eliminate_piece(s, p);
  markers.siege_level.reset();
  int vp = 0;
  if (has_fortress(s, b.where)) {
    markers.fortress_owner = b.attacker;
    vp = 3;
  } else {
    markers.fort.reset();
    markers.fort_under_construction = b.attacker;
    vp = 2;
  }
  for (PieceIndex p : pieces_in(s, b.where, b.attacker)) s.piece(p).inside = false;
  s.note(role_of(b.attacker), "capture", space_info(s, b.where).id,
         std::string(side_titles(b.attacker)) + " capture " + space_name(s, b.where) + " (9.22).");
  award_vp(s, b.attacker, vp, std::string(vp == 3 ? "capturing a fortress" : "capturing a fort") + " (9.22)");
}

// --- 7.9 retreat ---------------------------------------------------------------------------------

// Whether `side` retreating from the battle may use this move: 7.92 naval movement, arrows.
bool reaches(const State& s, SpaceIndex from, SpaceIndex to, Side side) {
  if (are_adjacent(s, from, to)) return true;
  const auto& arrows = space_info(s, from).arrows_out;
  const bool arrow = std::any_of(arrows.begin(), arrows.end(),
                                 [&](const Arrow& a) { return a.to == to && a.kind == ArrowKind::pays_d_en_haut; });
  if (arrow) return true;
  // 6.432, 7.91: the British retreat by sea from an Amphib space to a British-controlled port.
  return side == Side::british && s.space(from).amphib && space_info(s, to).port &&
         is_friendly_controlled(s, to, Side::british);
}

// 7.92: the requirements on the space a piece retreats into.
bool may_retreat_into(const State& s, PieceIndex p, SpaceIndex to) {
  const Side side = side_of(s, p);
  if (is_enemy_occupied(s, to, side)) return false;
  if (is_drilled_troops(s, p) && !is_cultivated(s, to) && !has_friendly_fortification(s, to, side)) return false;
  return true;
}

// 8.13: room inside the side's fort or fortress in the battle space.
bool may_retreat_inside(const State& s, PieceIndex p) {
  const auto& b = *s.battle;
  const Side side = side_of(s, p);
  if (side != defender_of(b) || !has_fort_or_fortress(s, b.where, side)) return false;
  if (is_leader(s, p) || has_fortress(s, b.where)) return true;
  int inside = 0;
  for (PieceIndex u : units_in(s, b.where, side))
    if (s.piece(u).inside) ++inside;
  return inside < s.data().tables.fort_capacity;  // 8.11
}

// Every space the piece may retreat to; the battle space itself stands for "inside" (8.13).
std::vector<SpaceIndex> retreat_options(const State& s, PieceIndex p) {
  const auto& b = *s.battle;
  const Side side = side_of(s, p);
  std::vector<SpaceIndex> out;
  if (side == b.attacker && b.attacker_from != no_space) {  // 7.92: back where they came from
    if (reaches(s, b.where, b.attacker_from, side) && may_retreat_into(s, p, b.attacker_from))
      out.push_back(b.attacker_from);
    return out;
  }
  if (may_retreat_inside(s, p)) out.push_back(b.where);
  for (SpaceIndex to = 0; to < static_cast<SpaceIndex>(s.spaces.size()); ++to) {
    if (to == b.where || (side != b.attacker && to == b.attacker_from)) continue;  // 7.92
    if (reaches(s, b.where, to, side) && may_retreat_into(s, p, to)) out.push_back(to);
  }
  return out;
}

void retreat_piece_to(State& s, PieceIndex p, SpaceIndex to) {
  auto& b = *s.battle;
  std::erase(b.retreating, p);
  if (to == b.where) {
    s.piece(p).location = Location::in_space(b.where);
    s.piece(p).inside = true;
    s.note(role_of(side_of(s, p)), "retreat_inside", s.data().piece_id(p),
           piece_name(s, p) + " retreats inside " + space_name(s, b.where) + " (8.13).");
  } else {
    move_piece_to(s, p, to);
    s.note(role_of(side_of(s, p)), "retreat", s.data().piece_id(p),
           piece_name(s, p) + " retreats to " + space_name(s, to) + ".");
  }
  ++s.rule_events["retreats"];
}

// Eliminates the pieces that cannot retreat and moves those with only one way; returns whether a
// choice is left.
bool settle_forced_retreats(State& s) {
  auto& b = *s.battle;
  for (PieceIndex p : std::vector<PieceIndex>(b.retreating)) {
    const auto options = retreat_options(s, p);
    if (options.empty()) {
      std::erase(b.retreating, p);
      s.note(role_of(side_of(s, p)), "no_retreat", s.data().piece_id(p),
             piece_name(s, p) + " cannot retreat and is eliminated (7.92).");
      eliminate_piece(s, p);
    } else if (options.size() == 1) {
      retreat_piece_to(s, p, options.front());
    }
  }
  return !b.retreating.empty();
}

// The pieces of the battle on `side` that must leave the battle space, in piece order.
void queue_retreat(State& s, Side side, std::vector<PieceIndex> pieces) {
  auto& b = *s.battle;
  b.retreat_side = side;
  b.retreating.clear();
  for (PieceIndex p : pieces) {
    // Out of any leader's box: each piece retreats on its own (7.91: defenders may split).
    s.piece(p).location = Location::in_space(b.where);
    b.retreating.push_back(p);
  }
}

void continue_retreats(State& s);

void start_retreats(State& s) {
  auto& b = *s.battle;
  // 7.91: militia go back to their box first.
  for (Side side : both_sides)
    for (PieceIndex p : present_units(s, side))
      if (is_militia(s, p)) {
        return_militia_to_box(s, p);
        s.note(role_of(side), "militia_return", s.data().piece_id(p), piece_name(s, p) + " returns to its box.");
      }
  const Side loser = b.attacker_won ? defender_of(b) : b.attacker;
  std::vector<PieceIndex> leaving;
  for (PieceIndex p : present(s, loser)) {
    // 8.252: besieged attackers (and the besieged pieces that joined them, 8.251) go back inside.
    if (loser == b.attacker && (b.context == BattleContext::break_siege || contains(b.joined_from_inside, p))) {
      s.piece(p).inside = true;
      continue;
    }
    leaving.push_back(p);
  }
  queue_retreat(s, loser, leaving);
  continue_retreats(s);
}

// 6.712, 6.53/7.64: after the loser, the winner's infiltrator and lone leaders may have to go.
std::vector<PieceIndex> winner_leaving(const State& s) {
  const auto& b = *s.battle;
  const Side winner = b.attacker_won ? b.attacker : defender_of(b);
  std::vector<PieceIndex> out;
  if (b.attacker_won && b.infiltrator_must_retreat) return present(s, b.attacker);
  const bool alone = !has_units(s, b.where, winner) && !has_friendly_fortification(s, b.where, winner);
  if (alone && is_enemy_occupied(s, b.where, winner))
    for (PieceIndex p : present_leaders(s, winner))
      if (!s.piece(p).inside) out.push_back(p);
  return out;
}

void continue_retreats(State& s) {
  auto& b = *s.battle;
  if (settle_forced_retreats(s)) {
    s.active = b.retreat_side;
    b.stage = BattleStage::retreat;
    return;
  }
  if (!b.winner_retreat_done) {
    b.winner_retreat_done = true;
    auto leaving = winner_leaving(s);
    if (!leaving.empty()) {
      queue_retreat(s, b.attacker_won ? b.attacker : defender_of(b), leaving);
      continue_retreats(s);
      return;
    }
  }
  // 8.21 a, c: attackers left outside an enemy fort or fortress besiege it.
  const Side def = defender_of(b);
  if (has_fort_or_fortress(s, b.where, def) && !is_besieged(s, b.where) && has_units_outside(s, b.where, b.attacker)) {
    s.space(b.where).siege_level = 0;
    s.note(role_of(b.attacker), "siege", space_info(s, b.where).id,
           "Siege 0 at " + space_name(s, b.where) + " (8.21).");
  }
  finish(s);
}

void finish(State& s) {
  const auto& b = *s.battle;
  BattleResult r;
  r.context = b.context;
  r.where = b.where;
  r.attacker = b.attacker;
  r.attacker_won = b.attacker_won;
  r.overrun = b.overrun;
  r.surviving_attackers = present(s, b.attacker);
  const Side phasing = b.phasing;
  s.battle.reset();
  s.active = phasing;
  s.last_battle = r;
  battle_finished(s);
}

// --- steps A and B -----------------------------------------------------------------------------

void to_roll(State& s) {
  auto& b = *s.battle;
  b.stage = BattleStage::roll;
  s.active = b.attacker;
}

// 7.4: the attacker's window, then the defender's.
void open_responses(State& s, Side from) {
  auto& b = *s.battle;
  for (Side side : {b.attacker, defender_of(b)}) {
    if (from == defender_of(b) && side == b.attacker) continue;
    if (has_battle_response(s, side)) {
      b.stage = BattleStage::responses;
      b.deciding = side;
      s.active = side;
      return;
    }
  }
  to_roll(s);
}

void open_militia(State& s) {
  auto& b = *s.battle;
  const auto box = deployable_militia_box(s);
  if (box && !militia_in_box(s, *box).empty()) {
    b.stage = BattleStage::militia;
    s.active = s.data().militia_boxes[static_cast<std::size_t>(*box)].side;
    return;
  }
  open_responses(s, b.attacker);
}

std::vector<PieceIndex> joinable_besieged(const State& s) {
  const auto& b = *s.battle;
  std::vector<PieceIndex> out;
  if (b.context != BattleContext::move || !is_besieged(s, b.where)) return out;
  for (PieceIndex p : pieces_in(s, b.where, b.attacker))
    if (s.piece(p).inside && !contains(b.attackers, p)) out.push_back(p);
  return out;
}

std::string piece_list_text(const State& s, const std::vector<PieceIndex>& pieces) {
  std::string text;
  for (PieceIndex p : pieces) text += (text.empty() ? "" : ", ") + piece_name(s, p);
  return text;
}

}  // namespace

void begin_battle(State& s, BattleState battle) {
  battle.phasing = s.active;
  const Side def = enemy_of(battle.attacker);
  battle.defenders.clear();
  // 8.12: pieces inside a fortification stay out of a battle fought outside it.
  for (PieceIndex p : pieces_in(s, battle.where, def))
    if (!s.piece(p).inside) battle.defenders.push_back(p);
  if (battle.context == BattleContext::break_siege) battle.joined_from_inside = battle.attackers;
  battle.defender_fortified = fortification_side(s, battle.where) == def;
  s.battle = std::move(battle);
  s.step = Step::battle;
  ++s.rule_events["battles"];
  auto& b = *s.battle;
  s.note(role_of(b.attacker), "battle", space_info(s, b.where).id,
         "Battle at " + space_name(s, b.where) + ": " + piece_list_text(s, b.attackers) + " attack " +
             piece_list_text(s, b.defenders) + ".");
  if (!joinable_besieged(s).empty()) {  // 8.251
    b.stage = BattleStage::join_besieged;
    s.active = b.attacker;
    return;
  }
  open_militia(s);
}

void begin_assault(State& s, SpaceIndex where, Side attacker, PieceIndex commander) {
  BattleState b;
  b.where = where;
  b.attacker = attacker;
  b.context = BattleContext::assault;
  b.attacker_commander = commander;
  b.phasing = s.active;
  // 9.12: every besieger outside; every defender inside.
  for (PieceIndex p : pieces_in(s, where, attacker))
    if (!s.piece(p).inside) b.attackers.push_back(p);
  for (PieceIndex p : pieces_in(s, where, enemy_of(attacker)))
    if (s.piece(p).inside) b.defenders.push_back(p);
  b.defender_fortified = true;
  s.battle = std::move(b);
  s.step = Step::battle;
  ++s.rule_events["assaults"];
  s.note(role_of(attacker), "assault", space_info(s, where).id, "Assault on " + space_name(s, where) + ".");
  open_responses(s, attacker);  // 9.14: no militia
}

void list_battle_actions(const State& s, ActionList& out) {
  const auto& b = *s.battle;
  switch (b.stage) {
    case BattleStage::join_besieged:
      for (PieceIndex p : joinable_besieged(s)) out.add_piece(s, "piece", p);
      out.add("done");
      return;
    case BattleStage::militia:
      if (const auto box = deployable_militia_box(s))
        for (PieceIndex p : militia_in_box(s, *box)) out.add_piece(s, "piece", p);
      out.add("done");
      return;
    case BattleStage::responses:
      out.add("pass");  // issue 4: the response events
      return;
    case BattleStage::roll:
      out.add("roll");
      return;
    case BattleStage::losses:
      for (PieceIndex p : loss_choices(s)) out.add_piece(s, "piece", p);
      return;
    case BattleStage::retreat: {
      for (PieceIndex p : b.retreating) out.add_piece(s, "piece", p);
      // A space every remaining piece may use: all retreat there at once.
      std::vector<SpaceIndex> common;
      bool first = true;
      for (PieceIndex p : b.retreating) {
        const auto options = retreat_options(s, p);
        if (first) {
          common = options;
          first = false;
        } else {
          std::erase_if(common,
                        [&](SpaceIndex sp) { return std::find(options.begin(), options.end(), sp) == options.end(); });
        }
      }
      for (SpaceIndex sp : common) {
        if (sp == b.where) {
          // 8.11: all of them must fit inside a fort.
          int units = 0;
          for (PieceIndex p : b.retreating) units += is_unit(s, p) ? 1 : 0;
          for (PieceIndex p : units_in(s, b.where, b.retreat_side)) units += s.piece(p).inside ? 1 : 0;
          if (has_fortress(s, b.where) || units <= s.data().tables.fort_capacity) out.add("inside");
        } else {
          out.add_space(s, "space", sp);
        }
      }
      return;
    }
    case BattleStage::retreat_destination:
      for (SpaceIndex sp : retreat_options(s, b.retreat_piece)) {
        if (sp == b.where)
          out.add("inside");
        else
          out.add_space(s, "space", sp);
      }
      return;
  }
}

void apply_battle(State& s, const Action& action) {
  auto& b = *s.battle;
  switch (b.stage) {
    case BattleStage::join_besieged:
      if (action.verb == "done") {
        open_militia(s);
      } else {
        const PieceIndex p = piece_arg(s, action);
        b.attackers.push_back(p);
        b.joined_from_inside.push_back(p);
        s.note(role_of(b.attacker), "join", s.data().piece_id(p), piece_name(s, p) + " joins the battle (8.251).");
        if (joinable_besieged(s).empty()) open_militia(s);
      }
      return;
    case BattleStage::militia: {
      if (action.verb == "done") {
        open_responses(s, b.attacker);
        return;
      }
      const PieceIndex p = piece_arg(s, action);
      move_piece_to(s, p, b.where);
      list_of(b, side_of(s, p)).push_back(p);
      ++s.rule_events["militia_deployments"];
      s.note(role_of(side_of(s, p)), "militia", s.data().piece_id(p),
             piece_name(s, p) + " deploys to " + space_name(s, b.where) + " (7.3).");
      if (militia_in_box(s, *deployable_militia_box(s)).empty()) open_responses(s, b.attacker);
      return;
    }
    case BattleStage::responses:
      if (b.deciding == b.attacker)
        open_responses(s, defender_of(b));
      else
        to_roll(s);
      return;
    case BattleStage::roll:
      roll(s);
      return;
    case BattleStage::losses:
      take_step(s, piece_arg(s, action));
      continue_losses(s);
      return;
    case BattleStage::retreat:
      if (action.verb == "piece") {
        b.retreat_piece = piece_arg(s, action);
        b.stage = BattleStage::retreat_destination;
        return;
      }
      {
        const SpaceIndex to = action.verb == "inside" ? b.where : space_arg(s, action);
        for (PieceIndex p : std::vector<PieceIndex>(b.retreating)) retreat_piece_to(s, p, to);
      }
      continue_retreats(s);
      return;
    case BattleStage::retreat_destination:
      retreat_piece_to(s, b.retreat_piece, action.verb == "inside" ? b.where : space_arg(s, action));
      b.retreat_piece = -1;
      continue_retreats(s);
      return;
  }
  throw ActionRejected(ErrorCode::illegal_action, "no battle decision is pending");
}

std::string battle_prompt(const State& s) {
  const auto& b = *s.battle;
  const std::string where = space_name(s, b.where);
  switch (b.stage) {
    case BattleStage::join_besieged:
      return "Battle at " + where + ": choose besieged pieces to join the attack (8.251).";
    case BattleStage::militia:
      return "Battle at " + where + ": deploy militia from the box (7.3).";
    case BattleStage::responses:
      return "Battle at " + where + ": play response events (7.4).";
    case BattleStage::roll:
      return std::string(is_assault(b) ? "Assault on " : "Battle at ") + where + ": roll the dice (7.5).";
    case BattleStage::losses:
      return "Battle at " + where + ": choose a unit to lose a step (" + std::to_string(b.losses_left) + " left, 7.6" +
             (b.drilled_left > 0 ? ", " + std::to_string(b.drilled_left) + " from Drilled Troops" : "") + ").";
    case BattleStage::retreat:
      return "Battle at " + where + ": choose a piece to retreat, or a space for all of them (7.9).";
    case BattleStage::retreat_destination:
      return "Retreat " + piece_name(s, b.retreat_piece) + " from " + where + " (7.92).";
  }
  return {};
}

}  // namespace warpath::wilderness_war
