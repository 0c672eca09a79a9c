#include "engine/wilderness_war/view.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

namespace warpath::wilderness_war {
namespace {

using nlohmann::json;

json cards_json(const std::vector<CardNumber>& cards) {
  json out = json::array();
  for (CardNumber c : cards) out.push_back(static_cast<int>(c));
  return out;
}

// Per side: one number or list; everyone may see these (5.24).
template <typename Value>
json by_side(Value&& value_of) {
  json out = json::object();
  for (Side side : both_sides) out[std::string(side_names(side))] = value_of(side);
  return out;
}

json militia_boxes_json(const State& state) {  // 7.3: how many militia each box holds, full and reduced
  const auto& boxes = state.data().militia_boxes;
  std::vector<std::array<int, 2>> full_and_reduced(boxes.size());
  for (const auto& piece : state.pieces)
    if (piece.location.kind == LocationKind::militia_box)
      ++full_and_reduced.at(static_cast<std::size_t>(piece.location.index))[piece.reduced ? 1 : 0];
  json out = json::object();
  for (std::size_t b = 0; b < boxes.size(); ++b)
    out[boxes[b].id] = {{"full", full_and_reduced[b][0]}, {"reduced", full_and_reduced[b][1]}};
  return out;
}

int british_leader_pool_size(const State& state) {  // 5.55: drawn at random, so only the size matters
  return static_cast<int>(std::count_if(state.pieces.begin(), state.pieces.end(), [](const PieceState& p) {
    return p.location.kind == LocationKind::british_leader_pool;
  }));
}

json player_flags_json(const PlayerState& p) {
  return {{"holding_last_card", p.holding_last_card},
          {"card_held", p.card_held},
          {"constructed_last", p.constructed_last},
          {"regulars_event_this_season", p.regulars_event_this_season},
          {"blockhouses", p.blockhouses}};
}

json outcome_json(const State& state) {
  if (!state.outcome) return nullptr;
  const auto& o = *state.outcome;
  return {{"winner", o.winner ? json(std::string(side_names(*o.winner))) : json(nullptr)}, {"reason", o.reason}};
}

json piece_ids(const State& state, const std::vector<PieceIndex>& pieces) {
  json out = json::array();
  for (PieceIndex p : pieces) out.push_back(state.data().piece_id(p));
  return out;
}

json space_id_or_null(const State& state, SpaceIndex space) {
  if (space == no_space) return nullptr;
  return state.data().spaces.at(static_cast<std::size_t>(space)).id;
}

// The public part of what is in progress: the decision's procedure, the card played, the pieces
// activated and moving, the battle being fought. Everything here is on the table for both sides.
json turn_json(const State& state) {
  json turn = {{"step", step_names(state.step)}, {"card", nullptr},  {"activated", json::array()},
               {"moving", json::array()},        {"where", nullptr}, {"battle", nullptr}};
  if (state.activation) {
    turn["card"] = state.activation->card;
    turn["activated"] = piece_ids(state, state.activation->activated);
  }
  if (state.construction) turn["card"] = state.construction->card;
  if (state.event) turn["card"] = state.event->card;
  if (state.move) {
    turn["moving"] = piece_ids(state, state.move->pieces);
    turn["where"] = space_id_or_null(state, state.move->where);
  }
  if (state.battle)
    turn["battle"] = {{"space", space_id_or_null(state, state.battle->where)},
                      {"attacker", side_names(state.battle->attacker)},
                      {"attackers", piece_ids(state, state.battle->attackers)}};
  return turn;
}

// One number per piece, in piece order: 4 × its location's number + 2 × inside + reduced.
json compact_pieces_json(const State& state) {
  json out = json::array();
  auto& numbers = out.get_ref<json::array_t&>();
  numbers.reserve(static_cast<std::size_t>(state.data().piece_count()));
  for (PieceIndex p = 0; p < state.data().piece_count(); ++p) {
    const auto& piece = state.piece(p);
    numbers.emplace_back(4 * state.data().location_number(piece.location) + (piece.inside ? 2 : 0) +
                         (piece.reduced ? 1 : 0));
  }
  return out;
}

}  // namespace

json make_public_view(const State& state) {
  return {
      {"scenario", state.scenario().id},
      {"options", options_to_json(state.options)},
      {"year", state.year},
      {"season", season_names(state.season)},
      {"phase", phase_names(state.phase)},
      {"active", state.phase == Phase::game_over ? json(nullptr) : json(std::string(side_names(state.active)))},
      {"vp", state.vp},
      {"hands", by_side([&](Side side) { return state.player(side).hand.size(); })},
      {"known_cards", by_side([&](Side side) { return cards_json(state.player(side).known); })},
      {"hand_size", by_side([&](Side side) { return state.hand_size(side); })},
      {"discard", cards_json(state.discard)},
      {"removed", cards_json(state.removed)},
      {"draw_pile_size", state.draw_pile.size()},
      {"players", by_side([&](Side side) { return player_flags_json(state.player(side)); })},
      {"pieces", compact_pieces_json(state)},
      {"markers", markers_to_json(state)},
      {"fortresses", fortress_owners_to_json(state)},
      {"vp_spaces", vp_space_holders_to_json(state)},
      {"militia_boxes", militia_boxes_json(state)},
      {"british_leader_pool", british_leader_pool_size(state)},
      {"provincial_assemblies", provincial_assemblies_names(state.provincial_assemblies)},
      {"year_track", year_track_to_json(state.year_track)},
      {"outcome", outcome_json(state)},
      {"turn", turn_json(state)},
  };
}

json make_seat_view(const State& state, std::string_view seat, json actions, std::string prompt) {
  json v = {{"prompt", std::move(prompt)}, {"actions", std::move(actions)}};
  if (const auto side = side_names.find(seat)) v["hand"] = cards_json(state.player(*side).hand);
  return v;
}

json log_lines_json(const GameLog& log, std::size_t from, std::size_t to) {
  json out = json::array();
  for (std::size_t i = from; i < to && i < log.size(); ++i) out.push_back(log_line_to_json(log[i]));
  return out;
}

}  // namespace warpath::wilderness_war
