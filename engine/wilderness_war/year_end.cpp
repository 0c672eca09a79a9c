#include "engine/wilderness_war/year_end.hpp"

#include <algorithm>
#include <array>

#include "engine/wilderness_war/attrition.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/go_home.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/victory.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

void place_leader(State& s, PieceIndex leader, SpaceIndex to) {
  move_piece_to(s, leader, to);  // pieces in his box go with him
  s.note(role_of(side_of(s, leader)), "leader_home", s.data().piece_id(leader),
         piece_name(s, leader) + " goes to " + space_name(s, to) + " for the winter (4.0 B.3).");
  ++s.rule_events["leaders_sent_home"];
}

// B.3: stops (false) when the owner of a leader must choose among equally close fortifications.
bool send_leaders_home(State& s) {
  while (const auto leader = next_stranded_leader(s)) {
    const Side side = side_of(s, *leader);
    const auto to = closest_friendly_fortifications(s, s.space_of(*leader), side);
    if (to.size() > 1) {
      s.active = side;  // 10.42: owner's choice
      s.step = Step::year_end;
      return false;
    }
    if (to.empty()) {
      // No friendly fortification is left on the map: the leader cannot winter anywhere and
      // leaves the game (the rules give him no other place).
      s.note(role_of(side), "leader_home", s.data().piece_id(*leader),
             piece_name(s, *leader) + " has no friendly fortification to go to and is removed (4.0 B.3).");
      eliminate_piece(s, *leader);
      ++s.rule_events["leaders_sent_home"];
    } else {
      place_leader(s, *leader, to.front());
    }
  }
  return true;
}

// B.5: stops (false) when the owner of the front stack must choose a unit.
bool run_attrition(State& s) {
  auto& stacks = s.year_end.value().stacks;
  while (!stacks.empty()) {
    if (!resolve_attrition_stack(s, stacks.front())) {
      s.active = stacks.front().side;  // 11.2: owner's choice
      s.step = Step::year_end;
      return false;
    }
    stacks.erase(stacks.begin());
  }
  return true;
}

void end_game(State& s, const VictoryResult& result) {
  s.outcome = result.outcome;
  s.phase = Phase::game_over;
  s.step = Step::game_over;
  s.year_end.reset();
  ++s.rule_events[result.event];
  const std::string who = result.outcome.winner ? std::string(side_titles(*result.outcome.winner)) + " win" : "Draw";
  s.note("", "game_over",
         result.outcome.winner ? nlohmann::json(role_of(*result.outcome.winner)) : nlohmann::json(nullptr),
         who + ". " + result.outcome.reason);
}

// Runs the year-end steps from the current phase on until a choice or the end.
void run(State& s) {
  if (s.phase == Phase::indians_and_leaders_go_home) {
    if (!send_leaders_home(s)) return;
    s.phase = Phase::remove_raided_markers;
    score_raided_markers(s);
    s.phase = Phase::winter_attrition;
    s.year_end->stacks = attrition_stacks(s);
  }
  if (s.phase == Phase::winter_attrition) {
    if (!run_attrition(s)) return;
    s.phase = Phase::victory_check;
  }
  // The map's continuous rules first: attrition may have ended a siege or emptied a space.
  settle_map(s);
  if (const auto result = check_victory(s)) {
    end_game(s, *result);
    return;
  }
  s.year_end.reset();
  s.active = s.first_player();
  year_end_finished(s);
}

}  // namespace

void send_indians_home(State& s) {
  const auto& data = s.data();
  for (std::size_t u = 0; u < data.units.size(); ++u) {
    const PieceIndex p = data.unit_piece(u);
    if (!is_indian(s, p) || !is_on_map(s, p)) continue;
    const Side side = side_of(s, p);
    const SpaceIndex at = s.space_of(p);
    if (has_friendly_fortification(s, at, side)) continue;
    const SpaceIndex settlement = data.tribes.at(static_cast<std::size_t>(data.units[u].tribe)).settlement;
    if (at == settlement) {
      if (s.piece(p).location.kind != LocationKind::space) move_piece_to(s, p, at);  // out of a leader's box
      continue;
    }
    ++s.rule_events["indians_gone_home"];
    if (const auto home = indian_home_settlement(s, p)) {
      move_piece_to(s, p, *home);
      s.note(role_of(side), "go_home", data.piece_id(p),
             piece_name(s, p) + " goes home to " + space_name(s, *home) + " (4.0 B.3, 10.41).");
    } else {
      s.note(role_of(side), "go_home", data.piece_id(p),
             piece_name(s, p) + " cannot go home and is eliminated (10.411, 10.412).");
      eliminate_piece(s, p);
    }
  }
}

std::optional<PieceIndex> next_stranded_leader(const State& s) {
  for (Side side : both_sides)
    for (PieceIndex p = 0; p < static_cast<PieceIndex>(s.data().leaders.size()); ++p) {
      // A leader in another's box goes wherever that leader goes.
      if (side_of(s, p) != side || s.piece(p).location.kind != LocationKind::space) continue;
      const SpaceIndex at = s.space_of(p);
      if (is_wilderness_or_mountain(s, at) && !has_units(s, at, side) && !has_friendly_fortification(s, at, side))
        return p;
    }
  return std::nullopt;
}

void score_raided_markers(State& s) {
  std::array<int, 2> markers{};
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp) {
    if (s.spaces[static_cast<std::size_t>(sp)].raided == std::array<std::uint8_t, 2>{}) continue;
    auto& space = s.change_space(sp);
    for (Side side : both_sides) markers[index_of(side)] += space.raided[index_of(side)];
    space.raided = {};
  }
  for (Side side : both_sides) {
    const int count = markers[index_of(side)];
    if (count == 0) continue;
    award_vp(s, side, (count + 1) / 2, std::to_string(count) + " Raided marker" + (count > 1 ? "s" : "") + " (13.22)");
    ++s.rule_events["raided_markers_scored"];
  }
}

void begin_year_end(State& s) {
  s.year_end = YearEndState{};
  s.phase = Phase::indians_and_leaders_go_home;
  s.note("", "year_end", s.year, "End of " + std::to_string(s.year) + ".");
  send_indians_home(s);
  run(s);
}

void list_year_end_actions(const State& s, ActionList& out) {
  if (s.phase == Phase::indians_and_leaders_go_home) {
    const auto leader = next_stranded_leader(s);
    if (!leader) return;
    for (SpaceIndex sp : closest_friendly_fortifications(s, s.space_of(*leader), side_of(s, *leader)))
      out.add_space(s, "space", sp);
  } else if (s.phase == Phase::winter_attrition) {
    for (PieceIndex p : attrition_candidates(s, s.year_end.value().stacks.front())) out.add_piece(s, "piece", p);
  }
}

void apply_year_end(State& s, const Action& action) {
  if (action.verb == "space" && s.phase == Phase::indians_and_leaders_go_home) {
    place_leader(s, next_stranded_leader(s).value(), space_arg(s, action));
  } else if (action.verb == "piece" && s.phase == Phase::winter_attrition) {
    eliminate_for_attrition(s, s.year_end.value().stacks.front(), piece_arg(s, action));
  } else {
    throw ActionRejected(ErrorCode::illegal_action, "not a year-end choice");
  }
  run(s);
}

std::string year_end_prompt(const State& s) {
  if (s.phase == Phase::indians_and_leaders_go_home) {
    const auto leader = next_stranded_leader(s);
    if (leader) return "Choose the fortification " + piece_name(s, *leader) + " winters in (4.0 B.3, 10.42).";
  } else if (s.phase == Phase::winter_attrition && s.year_end && !s.year_end->stacks.empty()) {
    const auto& stack = s.year_end->stacks.front();
    return "Winter Attrition at " + space_name(s, stack.space) +
           ": choose a reduced Drilled Troops unit to eliminate (" + std::to_string(stack.to_eliminate) +
           " left, 11.2).";
  }
  return "Year end.";
}

}  // namespace warpath::wilderness_war
