// 7.6 step losses: 7.62 Drilled Troops first (9.14 in an assault), 7.63 reduce before eliminating.
#include "engine/wilderness_war/battle_internal.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"

namespace warpath::wilderness_war::battle_detail {
namespace {

int total_steps(const State& s, const std::vector<PieceIndex>& units) {
  int steps = 0;
  for (PieceIndex p : units) steps += steps_of(s, p);
  return steps;
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

}  // namespace

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
  update_report(s);
  ++s.rule_events["step_losses"];
  const bool eliminated = s.piece(p).reduced;
  s.note(role_of(b.losing_side), "loss", s.data().piece_id(p),
         piece_name(s, p) + (eliminated ? " is eliminated." : " is reduced."));
  reduce_unit(s, p);
}

void continue_losses(State& s) {
  auto& b = *s.battle;
  if (settle_forced_losses(s)) {
    s.active = b.losing_side;
    b.stage = BattleStage::losses;
    return;
  }
  if (b.ambush) {  // 7.56: the ambushed side has taken its losses and fires back; or the ambusher has
    if (b.losing_side != *b.ambush)
      ambush_victim_fires(s);
    else
      after_losses(s);
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
}  // namespace warpath::wilderness_war::battle_detail
