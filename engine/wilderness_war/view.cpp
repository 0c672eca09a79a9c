#include "engine/wilderness_war/view.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/json_string.hpp"
#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/raid.hpp"
#include "engine/wilderness_war/siege.hpp"

namespace warpath::wilderness_war {
namespace {

using nlohmann::json;

json card_list_json(const std::vector<CardNumber>& cards) {
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

// --- the combat panel: the battle, assault, siege roll or raid in progress or last rolled ---------

// The Combat Results Table column's strengths, as printed: "4-5", "28+".
std::string crt_column_label(const State& state, int column) {
  const auto& mins = state.data().tables.combat_results.column_min_strength;
  if (column < 0 || column >= static_cast<int>(mins.size())) return {};
  const int low = mins[static_cast<std::size_t>(column)];
  if (column + 1 == static_cast<int>(mins.size())) return std::to_string(low) + "+";
  const int high = mins[static_cast<std::size_t>(column) + 1] - 1;
  return high == low ? std::to_string(low) : std::to_string(low) + "-" + std::to_string(high);
}

json modifiers_json(const std::vector<CombatModifier>& modifiers) {
  json out = json::array();
  for (const auto& m : modifiers) out.push_back({{"why", m.why}, {"value", m.value}});
  return out;
}

constexpr EnumNames<CombatKind, 4> combat_kind_names{{"battle", "assault", "siege", "raid"}};

const char* combat_role(CombatKind kind, bool first) {
  switch (kind) {
    case CombatKind::siege:
      return first ? "besieger" : "besieged";
    case CombatKind::raid:
      return first ? "raider" : "raided";
    default:
      return first ? "attacker" : "defender";
  }
}

// Before the roll: the combat about to be rolled, worked out by the roll's own functions.
std::optional<CombatReport> combat_forecast(const State& state) {
  if (state.battle) {
    const auto stage = state.battle->stage;
    if (stage == BattleStage::join_besieged || stage == BattleStage::militia || stage == BattleStage::responses ||
        stage == BattleStage::roll)
      return battle_forecast(state);
    return std::nullopt;
  }
  if (state.siege) {
    const auto stage = state.siege->stage;
    if (stage == SiegeStage::roll || stage == SiegeStage::coehorns || stage == SiegeStage::surrender)
      return siege_forecast(state);
    return std::nullopt;
  }
  if (state.raid && state.raid->where != no_space && !state.raid->raiders.empty()) {
    const auto stage = state.raid->stage;
    if (stage == RaidStage::militia || stage == RaidStage::roll || stage == RaidStage::blockhouses)
      return raid_forecast(state);
  }
  return std::nullopt;
}

// Public: both sides see the combat's dice (nothing of a hand or the draw pile is in it).
json combat_json(const State& state) {
  auto forecast = combat_forecast(state);
  const bool rolled = !forecast;
  const std::optional<CombatReport>& shown = forecast ? forecast : state.combat_report;
  if (!shown) return nullptr;
  const CombatReport& r = *shown;
  json sides = json::array();
  for (std::size_t i = 0; i < r.sides.size(); ++i) {
    const auto& side = r.sides[i];
    const bool fired = rolled && side.die > 0;
    sides.push_back({{"side", side_names(side.side)},
                     {"role", combat_role(r.kind, i == 0)},
                     {"pieces", piece_ids(state, side.pieces)},
                     {"strength", side.strength},
                     {"fire_strength", side.fire_strength},
                     {"column", side.column >= 0 ? json(crt_column_label(state, side.column)) : json(nullptr)},
                     {"shifts", modifiers_json(side.shifts)},
                     {"modifiers", modifiers_json(side.modifiers)},
                     {"drm", side.drm},
                     {"die", fired ? json(side.die) : json(nullptr)},
                     {"modified", fired ? json(side.die + side.drm) : json(nullptr)},
                     {"hits", side.hits},
                     {"steps_lost", side.steps_lost}});
  }
  json checks = json::array();
  for (const auto& c : r.leader_checks)
    checks.push_back({{"leader", state.data().piece_id(c.leader)},
                      {"side", side_names(side_of(state, c.leader))},
                      {"die", c.die},
                      {"killed", c.killed}});
  json out = {{"kind", combat_kind_names(r.kind)},
              {"space", space_id_or_null(state, r.where)},
              {"attacker", side_names(r.attacker)},
              {"rolled", rolled},
              {"finished", rolled && r.finished},
              {"sides", std::move(sides)},
              {"leader_checks", std::move(checks)},
              {"winner", r.winner ? json(std::string(side_names(*r.winner))) : json(nullptr)},
              {"overrun", r.overrun},
              {"vp", r.vp},
              {"siege", nullptr},
              {"raid", nullptr}};
  if (r.kind == CombatKind::siege) out["siege"] = {{"before", r.siege_before}, {"after", r.siege_after}};
  if (r.kind == CombatKind::raid)
    out["raid"] = {{"column", r.raid_stockade_column ? "stockade" : "cultivated"}, {"success", r.raid_success}};
  return out;
}

// The pieces the deciding side has picked so far while it defines an activated force (5.34),
// chooses an intercepting force (6.7) or an avoiding force (6.8), or the pieces still to retreat
// from a battle (7.9): {kind, side, pieces}, or null when no such choice is being made. All of it
// is on the map for both sides to see.
json picked_json(const State& state) {
  auto picked = [&](const char* kind, Side side, const std::vector<PieceIndex>& pieces) {
    return json{{"kind", kind}, {"side", side_names(side)}, {"pieces", piece_ids(state, pieces)}};
  };
  if (state.activation && state.activation->stage == ActivationStage::define_force &&
      !state.activation->force_pieces.empty())
    return picked("force", state.data().piece_side(state.activation->force_pieces.front()),
                  state.activation->force_pieces);
  if (state.battle && !state.battle->retreating.empty())
    return picked("retreat", state.battle->retreat_side, state.battle->retreating);
  if (state.move && state.move->stage == MoveStage::intercept)
    return picked("intercept", enemy_of(state.move->phasing), state.move->selection);
  if (state.move && (state.move->stage == MoveStage::avoid || state.move->stage == MoveStage::avoid_destination))
    return picked("avoid", enemy_of(state.move->phasing), state.move->selection);
  return nullptr;
}

// The public part of what is in progress: the decision's procedure, the card played, the pieces
// activated, moving or being picked, the battle and the combat panel. Everything here is on the
// table for both sides.
json turn_json(const State& state) {
  // Built member by member into the object (an initializer list would copy every value once more):
  // this runs on most moves.
  json turn(json::value_t::object);
  auto& members = turn.get_ref<json::object_t&>();
  json card, activated(json::value_t::array), moving(json::value_t::array), where, battle;
  if (state.activation) {
    card = state.activation->card;
    activated = piece_ids(state, state.activation->activated);
  }
  if (state.construction) card = state.construction->card;
  if (state.event) card = state.event->card;
  if (state.move) {
    moving = piece_ids(state, state.move->pieces);
    where = space_id_or_null(state, state.move->where);
  }
  if (state.battle) {
    battle = json(json::value_t::object);
    auto& b = battle.get_ref<json::object_t&>();
    b.emplace("space", space_id_or_null(state, state.battle->where));
    b.emplace("attacker", side_names(state.battle->attacker));
    b.emplace("attackers", piece_ids(state, state.battle->attackers));
  }
  members.emplace("step", step_names(state.step));
  members.emplace("card", std::move(card));
  members.emplace("activated", std::move(activated));
  members.emplace("moving", std::move(moving));
  members.emplace("where", std::move(where));
  members.emplace("battle", std::move(battle));
  members.emplace("picked", picked_json(state));
  members.emplace("combat", combat_json(state));
  return turn;
}

// One number per piece, in piece order: 4 × its location's number + 2 × inside + reduced.
int piece_number(const State& state, PieceIndex p) {
  const auto& piece = state.piece(p);
  return 4 * state.data().location_number(piece.location) + (piece.inside ? 2 : 0) + (piece.reduced ? 1 : 0);
}

json compact_pieces_json(const State& state) {
  json out = json::array();
  auto& numbers = out.get_ref<json::array_t&>();
  numbers.reserve(static_cast<std::size_t>(state.data().piece_count()));
  for (PieceIndex p = 0; p < state.data().piece_count(); ++p) numbers.emplace_back(piece_number(state, p));
  return out;
}

void append_number(std::string& out, int n) {
  char digits[12];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
}

// The two members a move changes most often and that are the largest, written as text straight
// from the state (a move that changes them would otherwise build a tree of hundreds of values, write
// it out and free it): exactly what dump() writes of compact_pieces_json and markers_to_json
// (state.cpp), as view_test checks at every move of random games.
void write_pieces(const State& state, std::string& out) {
  out.reserve(out.size() + 4 * static_cast<std::size_t>(state.data().piece_count()) + 2);
  out += '[';
  for (PieceIndex p = 0; p < state.data().piece_count(); ++p) {
    if (p > 0) out += ',';
    append_number(out, piece_number(state, p));
  }
  out += ']';
}

// One space's markers as the object markers_to_json gives it (state.cpp), `{}` when it has none.
void write_space_markers(const SpaceState& s, std::string& out) {
  auto side = [&](Side side) {
    out += '"';
    out += side_names(side);
    out += '"';
  };
  out += '{';
  bool first = true;
  auto key = [&](const char* name) {  // the markers' names in name order, as a JSON object has them
    if (!first) out += ',';
    first = false;
    out += '"';
    out += name;
    out += "\":";
  };
  if (s.allied) key("allied"), side(*s.allied);
  if (s.amphib) key("amphib"), out += "true";
  if (s.fieldworks) key("fieldworks"), out += "true";
  if (s.fort) key("fort"), side(*s.fort);
  if (s.fort_under_construction) key("fort_under_construction"), side(*s.fort_under_construction);
  if (s.raided[0] > 0 || s.raided[1] > 0) {
    key("raided");
    out += '{';
    bool first_side = true;
    for (Side raider : {Side::british, Side::french}) {  // in name order
      if (s.raided[index_of(raider)] == 0) continue;
      if (!first_side) out += ',';
      first_side = false;
      side(raider);
      out += ':';
      append_number(out, s.raided[index_of(raider)]);
    }
    out += '}';
  }
  if (s.siege_level) key("siege"), append_number(out, *s.siege_level);
  if (s.stockade) key("stockade"), side(*s.stockade);
  out += '}';
}

void write_markers(const State& state, std::string& out) {
  out += '{';
  bool first_space = true;
  for (const auto& [id, index] : state.data().spaces_by_id()) {
    const SpaceState& s = state.space(index);
    if (!s.has_markers()) continue;
    if (!first_space) out += ',';
    first_space = false;
    engine::append_json_string(out, id);
    out += ':';
    write_space_markers(s, out);
  }
  out += '}';
}

// The public part, one row per member: how to build it and, where a cheap test can tell, whether
// a move left it alone (`same`; a member without one is rebuilt every time, and the feed finds
// out from its text whether it changed).
struct PublicMember {
  const char* name;
  json (*build)(const State&);
  bool (*same)(const State& before, const State& after);
  void (*write)(const State&, std::string&) = nullptr;  // the text of build's value, where written apart
};

bool same_pieces(const State& a, const State& b) { return a.same_pieces(b); }
// The same pieces in and out of the off-map places of `kind` (most moves change pieces on the map).
template <LocationKind kind>
bool same_pieces_in(const State& a, const State& b) {
  if (a.same_pieces(b)) return true;
  for (PieceIndex p = 0; p < a.data().piece_count(); ++p) {
    const PieceState &was = a.piece(p), &is = b.piece(p);
    if ((was.location.kind == kind || is.location.kind == kind) && !(was == is)) return false;
  }
  return true;
}
bool same_spaces(const State& a, const State& b) { return a.same_markers(b); }
bool same_players(const State& a, const State& b) { return a.players == b.players; }
bool same_known_cards(const State& a, const State& b) {
  return std::ranges::all_of(both_sides, [&](Side side) { return a.player(side).known == b.player(side).known; });
}
// The fortresses' owners (8.24, 9.22) change far more rarely than the markers beside them.
bool same_fortress_owners(const State& a, const State& b) {
  return a.same_markers(b) || std::ranges::all_of(a.data().fortresses, [&](SpaceIndex s) {
           return a.space(s).fortress_owner == b.space(s).fortress_owner;
         });
}
bool same_setup(const State& a, const State& b) {
  return a.scenario_index == b.scenario_index && a.options == b.options;
}

const std::array<PublicMember, 24> public_members = {{
    {"scenario", [](const State& s) { return json(s.scenario().id); }, same_setup},
    {"options", [](const State& s) { return options_to_json(s.options); }, same_setup},
    {"year", [](const State& s) { return json(s.year); },
     [](const State& a, const State& b) { return a.year == b.year; }},
    {"season", [](const State& s) { return json(season_names(s.season)); },
     [](const State& a, const State& b) { return a.season == b.season; }},
    {"phase", [](const State& s) { return json(phase_names(s.phase)); },
     [](const State& a, const State& b) { return a.phase == b.phase; }},
    {"active",
     [](const State& s) {
       return s.phase == Phase::game_over ? json(nullptr) : json(std::string(side_names(s.active)));
     },
     [](const State& a, const State& b) { return a.phase == b.phase && a.active == b.active; }},
    {"vp", [](const State& s) { return json(s.vp); }, [](const State& a, const State& b) { return a.vp == b.vp; }},
    {"hands", [](const State& s) { return by_side([&](Side side) { return s.player(side).hand.size(); }); },
     same_players},
    {"known_cards",
     [](const State& s) { return by_side([&](Side side) { return card_list_json(s.player(side).known); }); },
     same_known_cards},
    {"hand_size", [](const State& s) { return by_side([&](Side side) { return s.hand_size(side); }); },
     [](const State& a, const State& b) { return same_setup(a, b) && a.year_track == b.year_track; }},
    {"discard", [](const State& s) { return card_list_json(s.discard); },
     [](const State& a, const State& b) { return a.discard == b.discard; }},
    {"removed", [](const State& s) { return card_list_json(s.removed); },
     [](const State& a, const State& b) { return a.removed == b.removed; }},
    {"draw_pile_size", [](const State& s) { return json(s.draw_pile.size()); },
     [](const State& a, const State& b) { return a.draw_pile.size() == b.draw_pile.size(); }},
    {"players", [](const State& s) { return by_side([&](Side side) { return player_flags_json(s.player(side)); }); },
     same_players},
    {"pieces", compact_pieces_json, same_pieces, write_pieces},
    {"markers", markers_to_json, same_spaces, write_markers},
    {"fortresses", fortress_owners_to_json, same_fortress_owners},
    {"vp_spaces", [](const State& s) { return vp_space_holders_to_json(s); },
     [](const State& a, const State& b) { return a.vp_space_holders == b.vp_space_holders; }},
    {"militia_boxes", militia_boxes_json, same_pieces_in<LocationKind::militia_box>},
    {"british_leader_pool", [](const State& s) { return json(british_leader_pool_size(s)); },
     same_pieces_in<LocationKind::british_leader_pool>},
    {"provincial_assemblies", [](const State& s) { return json(provincial_assemblies_names(s.provincial_assemblies)); },
     [](const State& a, const State& b) { return a.provincial_assemblies == b.provincial_assemblies; }},
    {"year_track", [](const State& s) { return year_track_to_json(s.year_track); },
     [](const State& a, const State& b) { return a.year_track == b.year_track; }},
    {"outcome", outcome_json, [](const State& a, const State& b) { return a.outcome == b.outcome; }},
    {"turn", turn_json, nullptr},
}};

}  // namespace

json make_public_view(const State& state) {
  json view = json::object();
  for (const auto& member : public_members) view[member.name] = member.build(state);
  return view;
}

void public_view_changes(const State& before, const State& after, json& members,
                         std::map<std::string, std::string>& texts) {
  // Several members share a test (the spaces, the pieces): each test runs once per move.
  std::array<std::pair<bool (*)(const State&, const State&), bool>, public_members.size()> done{};
  std::size_t done_count = 0;
  auto same = [&](bool (*test)(const State&, const State&)) {
    for (std::size_t i = 0; i < done_count; ++i)
      if (done[i].first == test) return done[i].second;
    const bool answer = test(before, after);
    done[done_count++] = {test, answer};
    return answer;
  };
  for (const auto& member : public_members) {
    if (member.same && same(member.same)) continue;
    if (member.write)
      member.write(after, texts[member.name]);
    else
      members[member.name] = member.build(after);
  }
}

std::map<std::string, std::string> public_view_patches(const State& before, const State& after,
                                                       const std::map<std::string, std::string>& texts) {
  std::map<std::string, std::string> patches;
  std::string path, value;
  if (texts.contains("pieces")) {  // the pieces that moved, were flipped or went inside
    std::string& ops = patches["pieces"];
    for (PieceIndex p = 0; p < after.data().piece_count(); ++p) {
      if (before.piece(p) == after.piece(p)) continue;
      path = "/pieces/";
      append_number(path, p);
      value.clear();
      append_number(value, piece_number(after, p));
      engine::append_patch_op(ops, "replace", path, value);
    }
  }
  if (texts.contains("markers")) {  // the spaces whose markers changed
    std::string& ops = patches["markers"];
    std::string was_value;
    for (std::size_t sp = 0; sp < after.spaces.size(); ++sp) {
      const SpaceState &was = before.spaces[sp], &is = after.spaces[sp];
      if (was == is) continue;
      path = "/markers";
      engine::append_pointer_token(path, after.data().spaces[sp].id);
      if (!is.has_markers()) {
        if (was.has_markers()) engine::append_patch_op(ops, "remove", path, {});
        continue;
      }
      value.clear();
      write_space_markers(is, value);
      if (!was.has_markers()) {
        engine::append_patch_op(ops, "add", path, value);
        continue;
      }
      was_value.clear();
      write_space_markers(was, was_value);
      if (value != was_value) engine::append_patch_op(ops, "replace", path, value);
    }
  }
  return patches;
}

json make_seat_view(const State& state, std::string_view seat, std::string prompt) {
  json v(json::value_t::object);  // built in place: this runs for every seat on every move
  auto& members = v.get_ref<json::object_t&>();
  members.emplace("prompt", std::move(prompt));
  if (const auto side = side_names.find(seat)) members.emplace("hand", card_list_json(state.player(*side).hand));
  return v;
}

}  // namespace warpath::wilderness_war
