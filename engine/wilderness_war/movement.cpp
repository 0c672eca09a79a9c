// PLACEHOLDER until the movement procedure lands: the mover may only take a stationary option or stop.
#include "engine/wilderness_war/movement.hpp"

#include "engine/wilderness_war/activation.hpp"

namespace warpath::wilderness_war {

void begin_move(State& s, std::vector<PieceIndex> pieces, PieceIndex commander) {
  MoveState m;
  m.pieces = std::move(pieces);
  m.commander = commander;
  s.move = m;
  s.step = Step::movement;
}

void list_movement_actions(const State& s, ActionList& out) {
  list_stationary_options(s, out);
  out.add("stop");
}

void apply_movement(State& s, const engine::Action& action) {
  if (apply_stationary_option(s, action)) return;
  s.move.reset();
  movement_finished(s);
}

std::string movement_prompt(const State&) { return "Move."; }

void movement_after_battle(State& s, const BattleResult&) {
  s.move.reset();
  movement_finished(s);
}

}  // namespace warpath::wilderness_war
