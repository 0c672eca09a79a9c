// 9.0 assaults: starting an assault on a besieged fortification (9.12) and capturing it (9.22).
#include "engine/wilderness_war/battle.hpp"

#include <algorithm>

#include "engine/wilderness_war/battle_internal.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/siege.hpp"

namespace warpath::wilderness_war::battle_detail {

// 9.22
void capture_fortification(State& s) {
  auto& b = *s.battle;
  const Side def = defender_of(b);
  auto& markers = s.change_space(b.where);
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
  for (PieceIndex p : pieces_in(s, b.where, b.attacker)) s.change_piece(p).inside = false;
  count_capture(s, b.where, b.attacker);
  s.note(role_of(b.attacker), "capture", space_info(s, b.where).id,
         std::string(side_titles(b.attacker)) + " capture " + space_name(s, b.where) + " (9.22).");
  award_vp(s, b.attacker, vp, std::string(vp == 3 ? "capturing a fortress" : "capturing a fort") + " (9.22)");
  if (s.combat_report) s.combat_report->vp += vp;
  // cards.md #7: the loser's Massacre! window opens once the assault is over (assault_finished).
  SiegeState capture;
  capture.where = b.where;
  capture.besieger = b.attacker;
  capture.commander = b.attacker_commander;
  capture.capture = CaptureKind::assault;
  s.siege = capture;
}
}  // namespace warpath::wilderness_war::battle_detail

namespace warpath::wilderness_war {

using namespace battle_detail;
using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

void begin_assault(State& s, SpaceIndex where, Side attacker, PieceIndex commander) {
  begin_assault_after_siege(s, where, attacker, commander, std::nullopt);
}

void begin_assault_after_siege(State& s, SpaceIndex where, Side attacker, PieceIndex commander,
                               std::optional<Side> coehorns) {
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
  // 9.13: #8 played at the siege roll this phase counts in the assault; the battle window then
  // does not offer it again (one copy).
  b.coehorns = coehorns;
  s.battle = std::move(b);
  s.step = Step::battle;
  ++s.rule_events["assaults"];
  s.note(role_of(attacker), "assault", space_info(s, where).id, "Assault on " + space_name(s, where) + ".");
  open_responses(s, attacker);  // 9.14: no militia
}
}  // namespace warpath::wilderness_war
