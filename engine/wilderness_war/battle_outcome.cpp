// The outcome of a battle: 7.7 leader losses, 7.8 winner, 7.81 VP, 7.82 overrun, 5.45 stockades.
#include "engine/wilderness_war/battle_internal.hpp"

#include <algorithm>
#include <utility>

#include "engine/wilderness_war/effects.hpp"

namespace warpath::wilderness_war::battle_detail {

// 7.7
void leader_losses(State& s, Side firing, int natural_die, int steps_caused) {
  if ((natural_die != 1 && natural_die != 6) || steps_caused == 0) return;
  const Side victim = enemy_of(firing);
  for (PieceIndex leader : present_leaders(s, victim)) {
    const int die = roll_die(s);
    ++s.rule_events["leader_loss_rolls"];
    if (s.combat_report) s.combat_report->leader_checks.push_back({leader, die, die == 1});
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

void after_losses(State& s) {
  auto& b = *s.battle;
  if (b.ambush) {
    // 7.56: the ambushed side's leaders were checked before it fired; now the ambusher's.
    const Side victim = enemy_of(*b.ambush);
    leader_losses(s, victim, victim == b.attacker ? b.attacker_die : b.defender_die,
                  victim == b.attacker ? b.defender_steps_lost : b.attacker_steps_lost);
  } else {
    leader_losses(s, b.attacker, b.attacker_die, b.defender_steps_lost);
    leader_losses(s, defender_of(b), b.defender_die, b.attacker_steps_lost);
  }
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
  if (s.combat_report) {
    s.combat_report->winner = winner;
    s.combat_report->finished = true;
  }
  s.note(role_of(winner), "battle_won", space_info(s, b.where).id,
         std::string(side_titles(winner)) + (is_assault(b) ? " win the assault at " : " win the battle at ") +
             space_name(s, b.where) + ".");
  // cards.md #9-#10: Fieldworks go when an attacker wins a battle there or takes the
  // fortification by assault (capture_fortification).
  if (b.attacker_won && std::as_const(s).space(b.where).fieldworks) {
    s.change_space(b.where).fieldworks = false;
    s.note(role_of(winner), "fieldworks_removed", space_info(s, b.where).id,
           "The fieldworks at " + space_name(s, b.where) + " are lost with the " +
               (is_assault(b) ? "assault." : "battle."));
  }
  if (is_assault(b)) {
    if (b.attacker_won) capture_fortification(s);  // 9.21: otherwise the siege continues
    finish(s);
    return;
  }
  // 7.82
  b.overrun = b.attacker_won && !b.defender_fortified && !defenders_left && b.attacker_steps_lost == 0;
  if (b.overrun) ++s.rule_events["overruns"];
  if (s.combat_report) s.combat_report->overrun = b.overrun;
  // 7.81
  if (loser == b.attacker ? b.attacker_vp_worthy : b.defender_vp_worthy) {
    award_vp(s, winner, 1, "winning the battle at " + space_name(s, b.where) + " (7.81)");
    if (s.combat_report) ++s.combat_report->vp;
  }
  // 5.45: winning Drilled Troops destroy the loser's stockade.
  auto& markers = s.change_space(b.where);
  if (markers.stockade == loser && any_of_units(s, winner, is_drilled_troops)) {
    markers.stockade.reset();
    s.note(role_of(winner), "stockade_destroyed", space_info(s, b.where).id,
           "The stockade at " + space_name(s, b.where) + " is destroyed (5.45).");
    award_vp(s, winner, 1, "destroying a stockade (5.45)");
    if (s.combat_report) ++s.combat_report->vp;
  }
  start_retreats(s);
}
}  // namespace warpath::wilderness_war::battle_detail
