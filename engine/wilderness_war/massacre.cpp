// #7 Massacre! (cards.md #7): the window of the side that lost a fortification, and its effect.
#include "engine/wilderness_war/massacre.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/movement_internal.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/responses.hpp"
#include "engine/wilderness_war/siege.hpp"
#include "engine/wilderness_war/surrender.hpp"

namespace warpath::wilderness_war {
namespace {

constexpr std::array<CardNumber, 1> massacre_cards = {massacre_card};

// The captor's stack in the space holds both Indian units and Drilled Troops.
bool captors_may_massacre(const State& s, SpaceIndex where, Side captor) {
  const auto units = units_in(s, where, captor);
  return std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return is_indian(s, p); }) &&
         std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return is_drilled_troops(s, p); });
}

// Effect: 1 VP to the player; every Indian unit in the space is eliminated, leader boxes
// included, whichever side it is on (cards.md #7: "Indians of every kind count"). 5.532: the
// Allied markers of tribes left without a unit on the map go in settle_map, after this action.
void massacre(State& s, Side player, SpaceIndex where) {
  spend_response(s, player, massacre_card, "the Indians at " + space_name(s, where) + " are eliminated.");
  award_vp(s, player, 1, "Massacre! at " + space_name(s, where) + " (#7)");
  for (Side side : both_sides)
    for (PieceIndex p : units_in(s, where, side)) {
      if (!is_indian(s, p)) continue;
      s.note(role_of(side), "eliminate", s.data().piece_id(p), piece_name(s, p) + " is eliminated (#7).");
      eliminate_piece(s, p);
    }
}

// The capture's procedure goes on where the window interrupted it.
void resume_after_massacre(State& s) {
  switch (s.siege->capture) {
    case CaptureKind::stockade:
      // 6.51: the movers stop in the captured stockade (cards.md #7 keeps the stop).
      s.siege.reset();
      s.step = Step::movement;
      movement_detail::finish(s);
      return;
    case CaptureKind::surrender:
      start_relocation(s);  // cards.md #6 step 3
      return;
    case CaptureKind::none:
    case CaptureKind::assault:
      finish_siege(s);
      return;
  }
}

}  // namespace

bool massacre_window_opens(const State& s, SpaceIndex where, Side captor) {
  return response_window_opens(s, enemy_of(captor), massacre_cards,
                               [&](CardNumber) { return captors_may_massacre(s, where, captor); });
}

bool open_massacre_window(State& s) {
  auto& g = *s.siege;
  if (!massacre_window_opens(s, g.where, g.besieger)) return false;
  count_window(s, window_kind::massacre);
  g.stage = SiegeStage::massacre;
  g.deciding = enemy_of(g.besieger);
  s.active = g.deciding;
  s.step = Step::siege;
  return true;
}

bool open_massacre_after_stockade_capture(State& s, SpaceIndex where, Side captor) {
  if (!massacre_window_opens(s, where, captor)) return false;
  SiegeState g;
  g.where = where;
  g.besieger = captor;
  g.capture = CaptureKind::stockade;
  s.siege = g;
  return open_massacre_window(s);
}

void apply_massacre(State& s, const engine::Action& action) {
  const auto& g = *s.siege;
  if (action.verb == "play") massacre(s, g.deciding, g.where);
  resume_after_massacre(s);
}

}  // namespace warpath::wilderness_war
