#include "engine/wilderness_war/raid.hpp"

#include <algorithm>
#include <array>

#include "engine/wilderness_war/activation.hpp"
#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/go_home.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/responses.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

// A Raid Table modifier (tables.json).
int raid_drm(const State& s, const char* id, int tactics = 0) {
  return modifier_drm(s.data().tables.raid.modifiers, id, tactics);
}

// 14.2: the militia units of the Department, in its box or on its spaces.
std::vector<PieceIndex> department_militia(const State& s, SpaceIndex space, Side side) {
  const int box = militia_box_of(s, space, side);
  auto out = militia_in_box(s, box);
  if (box < 0) return out;
  const Department department = s.data().spaces[static_cast<std::size_t>(space)].department;
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p) {
    if (!is_militia(s, p) || side_of(s, p) != side || !is_on_map(s, p)) continue;
    if (s.data().spaces[static_cast<std::size_t>(s.space_of(p))].department == department) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The raiders still standing in the raid space.
std::vector<PieceIndex> surviving_raiders(const State& s) {
  const auto& r = *s.raid;
  std::vector<PieceIndex> out;
  for (PieceIndex p : r.raiders)
    if (s.space_of(p) == r.where && !s.piece(p).inside) out.push_back(p);
  return out;
}

constexpr std::array<CardNumber, 1> blockhouses_card = {13};

// 10.3, cards.md #13: the raided player may play Blockhouses before the roll, unless his
// Blockhouses are already on the year track.
bool has_blockhouses_response(const State& s, Side side) {
  return !s.player(side).blockhouses &&
         response_window_opens(s, side, blockhouses_card, [](CardNumber) { return true; });
}

void to_raid_roll(State& s) {
  auto& r = *s.raid;
  if (s.player(enemy_of(r.raider)).blockhouses) r.stockade_column = true;  // 10.3 with #13
  r.stage = RaidStage::roll;
  s.active = r.raider;
}

void start_next_raid(State& s);
void advance_raid(State& s);

void finish_raids(State& s) {
  const Side raider = s.raid->raider;
  s.raid.reset();
  s.active = raider;
  raids_finished(s);
}

void before_roll(State& s) {
  auto& r = *s.raid;
  const Side enemy = enemy_of(r.raider);
  if (has_blockhouses_response(s, enemy)) {
    count_window(s, window_kind::raid);
    r.stage = RaidStage::blockhouses;
    s.active = enemy;
    return;
  }
  to_raid_roll(s);
}

// #13: the Blockhouses marker covers this raid and every enemy raid against the player until the
// end of the year (cards.md §3).
void apply_blockhouses_window(State& s, const Action& action) {
  const Side side = enemy_of(s.raid->raider);
  if (action.verb == "play") {
    spend_response(
        s, side, 13,
        "raids against the " + std::string(side_titles(side)) + " use the Stockade column until the end of the year.");
    s.player(side).blockhouses = true;
  }
  to_raid_roll(s);
}

void start_raid(State& s, SpaceIndex where) {
  auto& r = *s.raid;
  const Side side = r.raider;
  const Side enemy = enemy_of(side);
  r.where = where;
  r.raiders.clear();
  r.deployed_militia = -1;
  r.militia_step_pending = false;
  r.losses_left = 0;
  r.homeward = false;
  r.going_home.clear();
  r.gone_home.clear();
  r.gone_to.clear();
  // 10.1 clarification: all of the space's raiding auxiliaries and leaders raid with one roll.
  for (PieceIndex p : pieces_in(s, where, side)) {
    if (s.piece(p).inside) continue;
    const bool active = !s.activation || is_activated(s, p);
    if (is_leader(s, p) || (is_auxiliary(s, p) && active)) r.raiders.push_back(p);
  }
  // Only auxiliaries raid (10.1): leaders whose auxiliaries did not survive do not.
  if (std::none_of(r.raiders.begin(), r.raiders.end(), [&](PieceIndex p) { return is_auxiliary(s, p); })) {
    r.raiders.clear();
    return;
  }
  s.combat_report.reset();  // the last combat's record gives way to this raid's (view.cpp)
  r.commander = highest_command_leader(s, r.raiders);
  const auto& markers = s.space(where);
  const bool stockade = markers.stockade == enemy;
  const bool allied = s.data().spaces[static_cast<std::size_t>(where)].is_settlement() && markers.allied == enemy;
  r.stockade_or_settlement = stockade || allied;
  r.allied_settlement = allied;
  r.stockade_column = r.stockade_or_settlement;  // 10.3: even in cultivated terrain
  ++s.rule_events["raids"];
  s.note(std::string(side_names(side)), "raid", space_id(s, where), "Raid on " + space_name(s, where) + " (10.1).");
  // 10.2: against a stockade in an enemy cultivated space, the enemy may deploy one militia unit
  // (7.3's Raided-marker exception does not apply), unless the raiders already fought a battle in
  // that space this Action Phase (10.2 exception): Auxiliaries that beat its defenders leave the
  // stockade standing (5.45) and must raid it (10.12).
  if (stockade && is_cultivated(s, where) && is_originally_enemy(s, where, side) &&
      !militia_in_box(s, militia_box_of(s, where, enemy)).empty() && !fought_in_space_this_phase(s, where, r.raiders)) {
    r.stage = RaidStage::militia;
    s.active = enemy;
    return;
  }
  before_roll(s);
}

void start_next_raid(State& s) {
  auto& r = *s.raid;
  while (!r.pending.empty()) {
    const SpaceIndex where = r.pending.front();
    r.pending.erase(r.pending.begin());
    start_raid(s, where);
    if (!r.raiders.empty()) return;
  }
  finish_raids(s);
}

// 10.31: the effects of a successful raid.
void raid_succeeded(State& s) {
  auto& r = *s.raid;
  const Side enemy = enemy_of(r.raider);
  auto& markers = s.change_space(r.where);
  const std::string role(side_names(r.raider));
  ++s.rule_events["raids_succeeded"];
  // 10.33: a second marker only for a stockade or an enemy-allied settlement.
  const bool already = markers.raided[0] + markers.raided[1] > 0;
  const bool placed = !already || r.stockade_or_settlement;
  if (placed) ++markers.raided[index_of(r.raider)];
  s.note(role, "raided", space_id(s, r.where),
         "Raid on " + space_name(s, r.where) + " succeeds" + (placed ? ": Raided marker placed" : "") + " (10.31).");
  if (markers.stockade == enemy) markers.stockade.reset();  // no VP in a raid
  if (r.allied_settlement) {
    const auto& tribes = s.data().spaces[static_cast<std::size_t>(r.where)].settlement_tribes;
    for (PieceIndex p = 0; p < s.data().piece_count(); ++p) {
      if (!is_indian(s, p) || side_of(s, p) != enemy || !is_on_map(s, p)) continue;
      if (std::find(tribes.begin(), tribes.end(), s.data().unit(p).tribe) == tribes.end()) continue;
      const SpaceIndex at = s.space_of(p);
      if (s.piece(p).inside && is_besieged(s, at)) continue;  // only unbesieged units
      s.note(std::string(side_names(enemy)), "eliminated", s.data().piece_id(p),
             piece_name(s, p) + " eliminated: its settlement was raided (10.31).");
      eliminate_piece(s, p);
    }
    markers.allied.reset();
  }
  // Optional 14.2: a Raided marker costs a militia step in its Department.
  if (placed && s.options.raids_cost_militia_steps) r.militia_step_pending = true;
}

// 10.32: each raiding leader may die.
void check_leader_losses(State& s) {
  auto& r = *s.raid;
  for (PieceIndex p : surviving_raiders(s)) {
    if (!is_leader(s, p)) continue;
    const int die = roll_die(s);
    if (s.combat_report) s.combat_report->leader_checks.push_back({p, die, die == 1});
    if (die == 1) {
      s.note(std::string(side_names(r.raider)), "leader_killed", s.data().piece_id(p),
             piece_name(s, p) + " is killed raiding (10.32).");
      eliminate_piece(s, p);
      ++s.rule_events["raid_leader_deaths"];
    } else {
      s.note(std::string(side_names(r.raider)), "leader_survives", s.data().piece_id(p),
             piece_name(s, p) + " survives the raid (10.32, rolled " + std::to_string(die) + ").");
    }
  }
}

void resolve_raid_roll(State& s) {
  auto& r = *s.raid;
  CombatReport report = raid_forecast(s);
  const int die = roll_die(s);
  const int drm = report.sides[0].drm;
  const RaidColumn column = r.stockade_column ? RaidColumn::stockade_settlement_or_blockhouse : RaidColumn::cultivated;
  const RaidResult result = s.data().tables.raid.result(column, die + drm);
  report.sides[0].die = die;
  report.sides[0].hits = result.raider_step_losses;
  report.raid_success = result.success;
  report.finished = true;
  s.combat_report = std::move(report);
  s.note(std::string(side_names(r.raider)), "roll", die,
         "Raid roll at " + space_name(s, r.where) + ": " + std::to_string(die) + " modified to " +
             std::to_string(die + drm) + (result.success ? ", success" : ", failure") + ", " +
             std::to_string(result.raider_step_losses) + " step loss(es) (10.3).");
  if (result.success) raid_succeeded(s);
  // 10.32 (README ambiguity 4: the natural 6 applies against a stockade or enemy-allied settlement;
  // cards.md #13: also on the Blockhouses column).
  if (die == 1 || (die == 6 && r.stockade_column)) check_leader_losses(s);
  r.losses_left = result.raider_step_losses;
  advance_raid(s);
}

std::vector<PieceIndex> raider_units(const State& s) {
  auto out = surviving_raiders(s);
  std::erase_if(out, [&](PieceIndex p) { return !is_unit(s, p); });
  return out;
}

void take_raider_step(State& s, PieceIndex p) {
  s.note(std::string(side_names(s.raid->raider)), "step_loss", s.data().piece_id(p),
         piece_name(s, p) + " loses a step raiding (10.31).");
  reduce_unit(s, p);
  --s.raid->losses_left;
}

void take_militia_step(State& s, PieceIndex p) {
  s.note(std::string(side_names(side_of(s, p))), "step_loss", s.data().piece_id(p),
         piece_name(s, p) + " loses a step to the raid (14.2).");
  reduce_unit(s, p);
  s.raid->militia_step_pending = false;
}

void add_unique(std::vector<SpaceIndex>& list, SpaceIndex sp) {
  if (sp != no_space && std::find(list.begin(), list.end(), sp) == list.end()) list.push_back(sp);
}

// 10.4: where a surviving raider may go home. Leaders choose first, then Indians, then the rest, so
// that accompanying (10.413, 10.422) is always towards a choice already made.
std::vector<SpaceIndex> home_options(const State& s, PieceIndex p) {
  const auto& r = *s.raid;
  const auto forts = closest_friendly_fortifications(s, r.where, r.raider);
  std::vector<SpaceIndex> out;
  if (is_indian(s, p)) {
    const auto home = indian_home_settlement(s, p);
    // A leader that chose to accompany Indians to this settlement goes with them (10.413).
    if (home) {
      for (std::size_t i = 0; i < r.gone_home.size(); ++i)
        if (is_leader(s, r.gone_home[i]) && r.gone_to[i] == *home) return {*home};
      add_unique(out, *home);  // 10.41
    }
    // 10.422: or with a leader to the fortification he chose (even Cherokee, 10.412).
    for (std::size_t i = 0; i < r.gone_home.size(); ++i)
      if (is_leader(s, r.gone_home[i]) && std::find(forts.begin(), forts.end(), r.gone_to[i]) != forts.end())
        add_unique(out, r.gone_to[i]);
  } else {
    out = forts;  // 10.42
    if (is_leader(s, p)) {
      // 10.413: a leader may accompany an Indian going home (the Indians with that home follow).
      for (PieceIndex q : r.going_home)
        if (is_indian(s, q)) add_unique(out, indian_home_settlement(s, q).value_or(no_space));
    } else if (is_coureurs(s, p)) {
      // 10.413: Coureurs may accompany an Indian that went home.
      for (std::size_t i = 0; i < r.gone_home.size(); ++i)
        if (is_indian(s, r.gone_home[i]) && indian_home_settlement(s, r.gone_home[i]) == r.gone_to[i])
          add_unique(out, r.gone_to[i]);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

void send_home(State& s, PieceIndex p, SpaceIndex to) {
  auto& r = *s.raid;
  move_piece_to(s, p, to);
  r.gone_home.push_back(p);
  r.gone_to.push_back(to);
  std::erase(r.going_home, p);
  ++s.rule_events["go_home_moves"];
  s.note(std::string(side_names(r.raider)), "go_home", space_id(s, to),
         piece_name(s, p) + " goes home to " + space_name(s, to) + " (10.4).");
}

void start_going_home(State& s) {
  auto& r = *s.raid;
  r.homeward = true;
  const auto raiders = surviving_raiders(s);
  // Pieces carried in a raiding leader's box are set down first, so that each redeploys by itself.
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p)
    if (s.piece(p).location.kind == LocationKind::leader_box && contains(raiders, s.piece(p).location.index))
      move_piece_to(s, p, r.where);
  for (PieceIndex p : raiders)
    if (is_leader(s, p)) r.going_home.push_back(p);
  for (PieceIndex p : raiders)
    if (is_indian(s, p)) r.going_home.push_back(p);
  for (PieceIndex p : raiders)
    if (is_unit(s, p) && !is_indian(s, p)) r.going_home.push_back(p);
}

// Runs the raid forward until a player must decide.
void advance_raid(State& s) {
  auto& r = *s.raid;
  const Side enemy = enemy_of(r.raider);
  while (r.militia_step_pending) {
    const auto militia = department_militia(s, r.where, enemy);
    if (militia.empty()) {
      r.militia_step_pending = false;
    } else if (militia.size() == 1) {
      take_militia_step(s, militia.front());
    } else {
      r.stage = RaidStage::militia_step;
      s.active = enemy;
      return;
    }
  }
  while (r.losses_left > 0) {
    const auto units = raider_units(s);
    int steps = 0;
    for (PieceIndex p : units) steps += steps_of(s, p);
    if (units.empty()) {
      r.losses_left = 0;
    } else if (units.size() == 1 || steps <= r.losses_left) {
      take_raider_step(s, units.front());
    } else {
      r.stage = RaidStage::raider_losses;
      s.active = r.raider;
      return;
    }
  }
  if (!r.homeward) start_going_home(s);
  while (!r.going_home.empty()) {
    const PieceIndex p = r.going_home.front();
    if (s.space_of(p) != r.where) {
      r.going_home.erase(r.going_home.begin());
      continue;
    }
    const auto options = home_options(s, p);
    if (options.empty()) {
      // 10.411, 10.412; no friendly fortification for the others.
      s.note(std::string(side_names(r.raider)), "eliminated", s.data().piece_id(p),
             piece_name(s, p) + " has no home to go to and is eliminated (10.4).");
      r.going_home.erase(r.going_home.begin());
      eliminate_piece(s, p);
    } else if (options.size() == 1) {
      send_home(s, p, options.front());
    } else {
      r.stage = RaidStage::go_home;
      s.active = r.raider;
      return;
    }
  }
  start_next_raid(s);
}

}  // namespace

// 10.3: the raid roll's modifiers with their reasons; the roll adds their total.
std::vector<CombatModifier> raid_modifiers(const State& s, const RaidState& r) {
  std::vector<CombatModifier> out;
  auto add = [&](std::string why, int value) {
    if (value != 0) out.push_back({std::move(why), value});
  };
  const auto raiders = surviving_raiders(s);
  if (r.commander >= 0 && s.space_of(r.commander) == r.where)
    add("Tactics of " + piece_name(s, r.commander),
        raid_drm(s, "leader_tactics", s.data().leader(r.commander).tactics));
  if (std::any_of(raiders.begin(), raiders.end(), [&](PieceIndex p) { return is_rangers(s, p); }))
    add("Rangers among the raiders", raid_drm(s, "rangers"));
  if (militia_in_box(s, militia_box_of(s, r.where, enemy_of(r.raider))).size() >= 2)
    add("Two or more militia in the Department's box", raid_drm(s, "militia_box"));
  return out;
}

CombatReport raid_forecast(const State& s) {
  const auto& r = *s.raid;
  CombatReport report;
  report.kind = CombatKind::raid;
  report.where = r.where;
  report.attacker = r.raider;
  report.raid_stockade_column = r.stockade_column;
  CombatSideReport raider;
  raider.side = r.raider;
  raider.pieces = surviving_raiders(s);
  raider.modifiers = raid_modifiers(s, r);
  for (const auto& m : raider.modifiers) raider.drm += m.value;
  CombatSideReport raided;
  raided.side = enemy_of(r.raider);
  if (r.deployed_militia >= 0 && s.space_of(r.deployed_militia) == r.where) raided.pieces.push_back(r.deployed_militia);
  report.sides = {std::move(raider), std::move(raided)};
  return report;
}

bool is_raid_target(const State& s, SpaceIndex space, Side side) {
  if (space == no_space) return false;
  const Side enemy = enemy_of(side);
  const auto& markers = s.space(space);
  const auto& info = s.data().spaces[static_cast<std::size_t>(space)];
  // 10.11
  if (info.fortress || markers.fort || markers.stockade == side || has_drilled_troops(s, space, side)) return false;
  // 10.1 (10.33: an already raided cultivated space is still a target)
  if (is_cultivated(s, space) && is_originally_enemy(s, space, side)) return true;
  if (markers.stockade == enemy) return true;
  return info.is_settlement() && markers.allied == enemy;
}

void begin_raids(State& s, std::vector<SpaceIndex> spaces) {
  RaidState r;
  r.raider = s.active;
  r.pending = std::move(spaces);
  s.raid = std::move(r);
  s.step = Step::raid;
  start_next_raid(s);
}

void raid_after_battle(State& s, const BattleResult& result) {
  auto& r = s.raid.value();
  s.step = Step::raid;
  s.active = r.raider;
  // 10.21: surviving militia returns to its box.
  if (r.deployed_militia >= 0 && s.space_of(r.deployed_militia) == r.where)
    return_militia_to_box(s, r.deployed_militia);
  r.deployed_militia = -1;
  if (!result.attacker_won || surviving_raiders(s).empty()) {
    // 10.23: they have retreated and do not go home.
    start_next_raid(s);
    return;
  }
  before_roll(s);  // 10.22
}

void list_raid_actions(const State& s, ActionList& out) {
  const auto& r = s.raid.value();
  switch (r.stage) {
    case RaidStage::militia:
      for (PieceIndex p : militia_in_box(s, militia_box_of(s, r.where, enemy_of(r.raider))))
        out.add_piece(s, "piece", p);
      out.add("pass");
      return;
    case RaidStage::roll:
      out.add("roll");
      return;
    case RaidStage::blockhouses:
      if (holds_card(s, s.active, 13)) out.add("play", 13);
      out.add("pass");
      return;
    case RaidStage::militia_step:
      for (PieceIndex p : department_militia(s, r.where, enemy_of(r.raider))) out.add_piece(s, "piece", p);
      return;
    case RaidStage::raider_losses:
      for (PieceIndex p : raider_units(s)) out.add_piece(s, "piece", p);
      return;
    case RaidStage::go_home:
      for (SpaceIndex sp : home_options(s, r.going_home.front())) out.add_space(s, "space", sp);
      return;
  }
}

void apply_raid(State& s, const Action& action) {
  auto& r = s.raid.value();
  switch (r.stage) {
    case RaidStage::militia: {
      if (action.verb == "pass") {
        before_roll(s);
        return;
      }
      const PieceIndex militia = piece_arg(s, action);
      move_piece_to(s, militia, r.where);
      r.deployed_militia = militia;
      ++s.rule_events["militia_against_raids"];
      s.note(std::string(side_names(enemy_of(r.raider))), "militia", s.data().piece_id(militia),
             piece_name(s, militia) + " deploys against the raid on " + space_name(s, r.where) + " (10.2).");
      // 10.21: the raiders attack it at once.
      BattleState battle;
      battle.where = r.where;
      battle.attacker = r.raider;
      battle.context = BattleContext::raid_militia;
      battle.attackers = surviving_raiders(s);
      battle.attacker_from = no_space;
      battle.attacker_commander = r.commander;
      s.active = r.raider;
      begin_battle(s, battle);
      return;
    }
    case RaidStage::roll:
      resolve_raid_roll(s);
      return;
    case RaidStage::blockhouses:
      apply_blockhouses_window(s, action);
      return;
    case RaidStage::militia_step:
      take_militia_step(s, piece_arg(s, action));
      advance_raid(s);
      return;
    case RaidStage::raider_losses:
      take_raider_step(s, piece_arg(s, action));
      advance_raid(s);
      return;
    case RaidStage::go_home:
      send_home(s, r.going_home.front(), space_arg(s, action));
      advance_raid(s);
      return;
  }
  throw ActionRejected(ErrorCode::illegal_action, "no raid decision");
}

std::string raid_prompt(const State& s) {
  const auto& r = s.raid.value();
  const std::string& name = space_name(s, r.where);
  switch (r.stage) {
    case RaidStage::militia:
      return "Raid on " + name + ": deploy one militia unit against it, or pass (10.2).";
    case RaidStage::roll:
      return "Raid on " + name + ": roll on the Raid Table (10.3).";
    case RaidStage::blockhouses:
      return "Raid on " + name + ": the raided player may play a response (Blockhouses, 10.3).";
    case RaidStage::militia_step:
      return "Raid on " + name + ": choose the militia unit that loses a step (14.2).";
    case RaidStage::raider_losses:
      return "Raid on " + name + ": choose a raiding unit to lose a step (" + std::to_string(r.losses_left) +
             " left, 10.31).";
    case RaidStage::go_home:
      return "Raid on " + name + ": choose where " + piece_name(s, r.going_home.front()) + " goes home (10.4).";
  }
  return {};
}

}  // namespace warpath::wilderness_war
