// 7.9 retreat: the loser (7.91, 7.92), retreating inside (8.13), the winner's infiltrator and lone
// leaders (6.712, 6.53), and the sieges that follow (8.21).
#include "engine/wilderness_war/battle_internal.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"

namespace warpath::wilderness_war::battle_detail {
namespace {

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
    s.change_piece(p).location = Location::in_space(b.where);
    b.retreating.push_back(p);
  }
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

}  // namespace

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
    s.change_piece(p).location = Location::in_space(b.where);
    s.change_piece(p).inside = true;
    s.note(role_of(side_of(s, p)), "retreat_inside", s.data().piece_id(p),
           piece_name(s, p) + " retreats inside " + space_name(s, b.where) + " (8.13).");
  } else {
    move_piece_to(s, p, to);
    s.note(role_of(side_of(s, p)), "retreat", s.data().piece_id(p),
           piece_name(s, p) + " retreats to " + space_name(s, to) + ".");
  }
  ++s.rule_events["retreats"];
}

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
      s.change_piece(p).inside = true;
      continue;
    }
    leaving.push_back(p);
  }
  queue_retreat(s, loser, leaving);
  continue_retreats(s);
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
    s.change_space(b.where).siege_level = 0;
    s.note(role_of(b.attacker), "siege", space_info(s, b.where).id,
           "Siege 0 at " + space_name(s, b.where) + " (8.21).");
  }
  finish(s);
}
}  // namespace warpath::wilderness_war::battle_detail
