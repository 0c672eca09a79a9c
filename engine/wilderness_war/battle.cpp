// PLACEHOLDER until the battle procedure lands.
#include "engine/wilderness_war/battle.hpp"

namespace warpath::wilderness_war {

void begin_battle(State& s, BattleState battle) {
  BattleResult r;
  r.context = battle.context;
  r.where = battle.where;
  r.attacker = battle.attacker;
  s.last_battle = r;
  battle_finished(s);
}

void begin_assault(State& s, SpaceIndex where, Side attacker, PieceIndex) {
  BattleState b;
  b.where = where;
  b.attacker = attacker;
  b.context = BattleContext::assault;
  begin_battle(s, b);
}

void list_battle_actions(const State&, ActionList&) {}
void apply_battle(State&, const engine::Action&) {}
std::string battle_prompt(const State&) { return "Battle."; }

}  // namespace warpath::wilderness_war
