// Movement (6.0): land (6.2), boat (6.3), naval (6.4) and amphibious (6.43) moves, entering
// enemy-occupied spaces (6.5), infiltration (6.6), interception (6.7), avoid battle (6.8) and the
// defenders' inside/outside declaration (8.1).
#include "engine/wilderness_war/movement.hpp"

#include <algorithm>

#include "engine/wilderness_war/activation.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/movement_internal.hpp"

namespace warpath::wilderness_war::movement_detail {
namespace {

// Toggling a piece in or out of a selection of one space.
void toggle(std::vector<PieceIndex>& list, PieceIndex p) {
  if (contains(list, p))
    std::erase(list, p);
  else
    list.push_back(p);
  std::sort(list.begin(), list.end());
}

}  // namespace

// --- moving pieces ------------------------------------------------------------------------------

// Moves the movers to `to`; pieces in a moving leader's box that are not moving stay behind.
// Units go first, so that each leader's box is empty when it moves and the occupancy count
// follows every piece (State::place_in_space).
void relocate(State& s, const std::vector<PieceIndex>& group, SpaceIndex to) {
  const auto leader = [&](PieceIndex p) { return is_leader(s, p); };
  if (std::any_of(group.begin(), group.end(), leader))
    for (PieceIndex p = 0; p < s.data().piece_count(); ++p) {
      const auto& loc = s.piece(p).location;
      if (loc.kind == LocationKind::leader_box && contains(group, loc.index) && !contains(group, p))
        move_piece_to(s, p, s.space_of(p));
    }
  for (PieceIndex p : group)
    if (!leader(p)) move_piece_to(s, p, to);
  for (PieceIndex p : group)
    if (leader(p)) move_piece_to(s, p, to);
}

void finish(State& s) {
  const Side phasing = mv(s).phasing;
  s.move.reset();
  s.active = phasing;
  movement_finished(s);
}
}  // namespace warpath::wilderness_war::movement_detail

namespace warpath::wilderness_war {

using namespace movement_detail;
using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

void begin_move(State& s, std::vector<PieceIndex> pieces, PieceIndex commander) {
  MoveState m;
  m.pieces = std::move(pieces);
  std::sort(m.pieces.begin(), m.pieces.end());
  m.commander = commander;
  m.phasing = s.active;
  m.start = m.pieces.empty() ? no_space : s.space_of(m.pieces.front());
  m.where = m.start;
  s.move = m;
  s.step = Step::movement;
  ++s.periods.moves;
  open_first_step_windows(s);  // #14, then the mover (cards.md section 2)
}

void list_movement_actions(const State& s, ActionList& out) {
  const auto& m = mv(s);
  switch (m.stage) {
    case MoveStage::moving: {
      if (!m.moved && s.activation) list_stationary_options(s, out);
      list_george_croghan(s, out);
      for (const auto& o : step_options(s, MoveKind::land))
        out.add_space(s, o.infiltrate ? "infiltrate" : "space", o.to);
      for (const auto& o : step_options(s, MoveKind::boat))
        out.add_space(s, o.infiltrate ? "boat_infiltrate" : "boat", o.to);
      if (!m.moved && !movers_besieged(s)) {
        for (SpaceIndex sp : naval_destinations(s)) out.add_space(s, "naval", sp);
        for (SpaceIndex sp : amphibious_destinations(s)) out.add_space(s, "amphibious", sp);
      }
      if (m.moved && !m.infiltrating && m.pieces.size() > 1)
        for (PieceIndex p : m.pieces)
          if (p != m.commander) out.add_piece(s, "drop", p);
      out.add("stop");
      return;
    }
    case MoveStage::intercept: {
      for (PieceIndex p : interception_candidates(s)) out.add_piece(s, "piece", p);
      if (!m.selection.empty() && interception_group_allowed(s, m.selection, s.space_of(m.selection.front())))
        out.add("intercept");
      out.add("pass");
      return;
    }
    case MoveStage::inside:
      for (PieceIndex p : inside_candidates(s)) out.add_piece(s, "piece", p);
      out.add("done");
      return;
    case MoveStage::avoid:
      for (PieceIndex p : avoid_candidates(s)) out.add_piece(s, "piece", p);
      if (is_valid_group(s, m.selection)) out.add("avoid");
      out.add("pass");
      return;
    case MoveStage::avoid_destination:
      for (SpaceIndex sp : avoid_destinations(s)) out.add_space(s, "space", sp);
      return;
    case MoveStage::lone_leaders:
      for (SpaceIndex sp : lone_leader_destinations(s)) out.add_space(s, "space", sp);
      return;
    case MoveStage::foul_weather:
      list_foul_weather_window(s, out);
      return;
    case MoveStage::lake_schooner:
      list_lake_schooner_window(s, out);
      return;
  }
}

void apply_movement(State& s, const Action& action) {
  auto& m = mv(s);
  switch (m.stage) {
    case MoveStage::moving:
      if (is_george_croghan_play(s, action)) return play_george_croghan(s);
      if (!m.moved && apply_stationary_option(s, action)) return;
      if (action.verb == "stop") {
        if (m.infiltrating) {  // 6.64: ending in an enemy-occupied space causes a battle
          m.infiltrating = false;
          m.stop_after = m.spaces_moved;
          resolve(s);
          return;
        }
        finish(s);
      } else if (action.verb == "space" || action.verb == "infiltrate") {
        const SpaceIndex to = space_arg(s, action);
        for (const auto& o : step_options(s, MoveKind::land))
          if (o.to == to && o.infiltrate == (action.verb == "infiltrate"))
            return take_step(s, to, MoveKind::land, o.infiltrate, false);
      } else if (action.verb == "boat" || action.verb == "boat_infiltrate") {
        const SpaceIndex to = space_arg(s, action);
        for (const auto& o : step_options(s, MoveKind::boat))
          if (o.to == to && o.infiltrate == (action.verb == "boat_infiltrate"))
            return take_step(s, to, MoveKind::boat, o.infiltrate, o.portage);
      } else if (action.verb == "naval") {
        take_step(s, space_arg(s, action), MoveKind::naval, false, false);
      } else if (action.verb == "amphibious") {
        const SpaceIndex to = space_arg(s, action);
        spend_amphibious_landing(s, to);  // 6.431
        s.change_space(to).amphib = true;
        take_step(s, to, MoveKind::amphibious, false, false);
      } else if (action.verb == "drop") {
        const PieceIndex p = piece_arg(s, action);
        std::erase(m.pieces, p);
        m.dropped_off.push_back(p);
        s.note(role_of(m.phasing), "drop", s.data().piece_id(p),
               piece_name(s, p) + " is dropped off in " + space_name(s, m.where) + " (6.1).");
        if (!has_further_steps(s)) finish(s);
      }
      return;
    case MoveStage::intercept:
      if (action.verb == "piece") {
        toggle(m.selection, piece_arg(s, action));
      } else if (action.verb == "intercept") {
        try_interception(s);
      } else {  // pass
        m.selection.clear();
        if (m.infiltrating) {
          s.active = m.phasing;
          m.stage = MoveStage::moving;
        } else {
          resolve(s);
        }
      }
      return;
    case MoveStage::inside:
      if (action.verb == "piece") {
        const PieceIndex p = piece_arg(s, action);
        auto& piece = s.change_piece(p);
        piece.inside = !piece.inside;
        return;
      }
      {
        const auto inside_list = pieces_in(s, m.where, enemy_of(m.phasing));
        for (PieceIndex p : inside_list)
          if (s.piece(p).inside)
            s.note(role_of(enemy_of(m.phasing)), "inside", s.data().piece_id(p),
                   piece_name(s, p) + " goes inside (8.1).");
      }
      if (m.intercepted) {
        if (has_units_outside(s, m.where, enemy_of(m.phasing))) {
          start_battle(s);
        } else {
          resolve(s);
        }
        return;
      }
      resolve(s);
      return;
    case MoveStage::avoid:
      if (action.verb == "piece") {
        toggle(m.selection, piece_arg(s, action));
      } else if (action.verb == "avoid") {
        try_avoid(s);
      } else {
        m.selection.clear();
        resolve(s);
      }
      return;
    case MoveStage::avoid_destination: {
      const SpaceIndex to = space_arg(s, action);
      s.note(role_of(enemy_of(m.phasing)), "avoid", space_info(s, to).id, "Avoiding to " + space_name(s, to) + ".");
      relocate(s, m.selection, to);
      m.avoided_from.push_back(m.where);
      m.selection.clear();
      resolve(s);
      return;
    }
    case MoveStage::lone_leaders:
      move_lone_leaders(s, space_arg(s, action));
      resolve(s);
      return;
    case MoveStage::foul_weather:
      apply_foul_weather_window(s, action);
      return;
    case MoveStage::lake_schooner:
      apply_lake_schooner_window(s, action);
      return;
  }
}

// The other side picking the pieces that intercept, avoid or go inside only marks them (6.7, 6.8,
// 8.1); the decision that follows (intercept, avoid, done, pass) is tried.
bool movement_certainly_reversible(const State& s, std::string_view verb) {
  const auto stage = mv(s).stage;
  return verb == "piece" && (stage == MoveStage::intercept || stage == MoveStage::avoid || stage == MoveStage::inside);
}

std::string movement_prompt(const State& s) {
  const auto& m = mv(s);
  const std::string at = m.where == no_space ? std::string("?") : space_name(s, m.where);
  switch (m.stage) {
    case MoveStage::moving:
      if (m.infiltrating) return "Infiltrating in " + at + ": keep moving, or stop and fight (6.64).";
      return "Move from " + at + " (" + std::to_string(m.spaces_moved) + " spaces moved), or stop.";
    case MoveStage::intercept:
      return "Enemy entered " + at + ": choose a unit or force to intercept, or pass (6.7).";
    case MoveStage::inside:
      return "Enemy entered " + at + ": choose who defends inside the fortification (8.1).";
    case MoveStage::avoid:
      return "Enemy attacks " + at + ": choose a unit or force to avoid battle, or pass (6.8).";
    case MoveStage::avoid_destination:
      return "Choose where the avoiding units go (6.81).";
    case MoveStage::lone_leaders:
      return "Leaders alone in " + at + " must retreat (6.53).";
    case MoveStage::foul_weather:
      return "Enemy movers activated in " + at + ": the non-moving player may play a response (Foul Weather), or pass.";
    case MoveStage::lake_schooner:
      return "Enemy entered " + at +
             " along a lakeshore: the non-moving player may play a response (Lake Schooner), or pass.";
  }
  return {};
}

void movement_after_battle(State& s, const BattleResult& result) {
  s.step = Step::movement;
  if (!s.move) return;  // a battle started by hand (tests): nothing to continue
  auto& m = mv(s);
  s.active = m.phasing;
  m.stage = MoveStage::moving;
  m.infiltrating = false;
  std::vector<PieceIndex> survivors;
  for (PieceIndex p : m.pieces)
    if (s.space_of(p) == m.where && contains(result.surviving_attackers, p)) survivors.push_back(p);
  const bool continue_moving =
      result.overrun && has_unit(s, survivors) && m.kind != MoveKind::naval && m.kind != MoveKind::amphibious;
  if (continue_moving) {  // 7.82
    m.pieces = survivors;
    if (has_unbesieged_fortification(s, m.where, enemy_of(m.phasing))) {
      stop_at_fortification(s);
      return;
    }
    resolve(s);
    return;
  }
  // 8.21: winners facing a fort or fortress with nobody outside besiege it.
  const SpaceIndex x = m.where;
  const Side enemy = enemy_of(m.phasing);
  if (has_fort_or_fortress(s, x, enemy) && !is_besieged(s, x) && has_units_outside(s, x, m.phasing) &&
      !has_units_outside(s, x, enemy)) {
    s.change_space(x).siege_level = 0;
    ++s.rule_events["sieges_begun"];
    s.note(role_of(m.phasing), "siege", space_info(s, x).id, "Siege 0 at " + space_name(s, x) + " (8.21).");
  }
  finish(s);
}
}  // namespace warpath::wilderness_war
