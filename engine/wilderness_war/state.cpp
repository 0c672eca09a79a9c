#include "engine/wilderness_war/state.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <utility>

#include "engine/wilderness_war/optional_rules.hpp"

namespace warpath::wilderness_war {
namespace {

using nlohmann::json;

constexpr std::string_view state_format = "warpath/wilderness-war/state v1";

[[noreturn]] void reject(const std::string& message) { throw std::invalid_argument("state JSON: " + message); }

json side_or_null(const std::optional<Side>& side) {
  return side ? json(std::string(side_names(*side))) : json(nullptr);
}

template <typename Enum, std::size_t N>
Enum enum_field(const json& j, const char* key, const EnumNames<Enum, N>& names) {
  return names.parse(j.at(key).get<std::string>(), key);
}

// The object's keys must all be among `allowed`: a typo in a hand-written position is an error,
// not a silently ignored field.
void require_known_keys(const json& j, std::span<const std::string_view> allowed, const std::string& what) {
  if (!j.is_object()) reject(what + " must be an object");
  for (const auto& [key, value] : j.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      reject("unknown field '" + key + "' in " + what);
}

void require_known_keys(const json& j, std::initializer_list<std::string_view> allowed, const std::string& what) {
  require_known_keys(j, std::span<const std::string_view>(allowed.begin(), allowed.size()), what);
}

std::vector<CardNumber> cards_from_json(const json& list, const std::string& what) {
  if (!list.is_array()) reject(what + " must be an array of card numbers");
  std::vector<CardNumber> out;
  for (const auto& n : list) {
    if (!n.is_number_integer() || n.get<int>() < 1 || n.get<int>() > 70) reject(what + " holds a bad card number");
    out.push_back(static_cast<CardNumber>(n.get<int>()));
  }
  return out;
}

json cards_to_json(const std::vector<CardNumber>& cards) {
  json out = json::array();
  for (CardNumber c : cards) out.push_back(static_cast<int>(c));
  return out;
}

json player_to_json(const PlayerState& p) {
  return {{"hand", cards_to_json(p.hand)},
          {"known", cards_to_json(p.known)},
          {"holding_last_card", p.holding_last_card},
          {"card_held", p.card_held},
          {"constructed_last", p.constructed_last},
          {"regulars_event_this_season", p.regulars_event_this_season},
          {"blockhouses", p.blockhouses}};
}

PlayerState player_from_json(const json& j, const std::string& what) {
  require_known_keys(j,
                     {"hand", "known", "holding_last_card", "card_held", "constructed_last",
                      "regulars_event_this_season", "blockhouses"},
                     what);
  PlayerState p;
  p.hand = cards_from_json(j.at("hand"), what + ".hand");
  p.known = cards_from_json(j.value("known", json::array()), what + ".known");
  p.holding_last_card = j.value("holding_last_card", false);
  p.card_held = j.value("card_held", false);
  p.constructed_last = j.value("constructed_last", false);
  p.regulars_event_this_season = j.value("regulars_event_this_season", false);
  p.blockhouses = j.value("blockhouses", false);
  std::sort(p.hand.begin(), p.hand.end());
  std::sort(p.known.begin(), p.known.end());
  if (!std::includes(p.hand.begin(), p.hand.end(), p.known.begin(), p.known.end()))
    reject(what + ".known lists a card that is not in the hand");
  return p;
}

YearTrack year_track_from_json(const json& j) {
  require_known_keys(j,
                     {"william_pitt", "diplomatic_revolution", "quiberon_bay", "no_amphib", "no_french_naval",
                      "cherokees", "surrender_played"},
                     "year_track");
  YearTrack t;
  t.william_pitt = j.value("william_pitt", false);
  t.diplomatic_revolution = j.value("diplomatic_revolution", false);
  t.quiberon_bay = j.value("quiberon_bay", false);
  t.no_amphib = j.value("no_amphib", false);
  t.no_french_naval = j.value("no_french_naval", false);
  t.cherokees = cherokee_status_names.parse(j.value("cherokees", "none"), "cherokees");
  t.surrender_played = j.value("surrender_played", false);
  return t;
}

std::optional<Side> optional_side_field(const json& j, const char* key) {
  // Absent and null both mean "no such marker".
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return side_names.parse(j.at(key).get<std::string>(), key);
}

SpaceState space_markers_from_json(const json& j, const std::string& where) {
  require_known_keys(
      j, {"stockade", "fort", "fort_under_construction", "allied", "siege", "amphib", "fieldworks", "raided"},
      "markers." + where);
  SpaceState s;
  s.stockade = optional_side_field(j, "stockade");
  s.fort = optional_side_field(j, "fort");
  s.fort_under_construction = optional_side_field(j, "fort_under_construction");
  s.allied = optional_side_field(j, "allied");
  if (j.contains("siege") && !j.at("siege").is_null()) {
    const int level = j.at("siege").get<int>();
    if (level < 0 || level > 2) reject("siege level at " + where + " must be 0, 1 or 2 (8.21)");
    s.siege_level = static_cast<std::uint8_t>(level);
  }
  s.amphib = j.value("amphib", false);
  s.fieldworks = j.value("fieldworks", false);
  if (j.contains("raided")) {
    require_known_keys(j.at("raided"), {"french", "british"}, "markers." + where + ".raided");
    for (Side side : both_sides)
      s.raided[index_of(side)] = static_cast<std::uint8_t>(j.at("raided").value(std::string(side_names(side)), 0));
  }
  if (s.fort && s.stockade) reject(where + " has both a fort and a stockade (5.43)");
  return s;
}

// Only militia go in militia boxes, of their own side (7.3); a leader box holds pieces of the
// leader's side and never the leader himself (2.0).
void check_location(const GameData& data, PieceIndex piece, Location location) {
  const Side side = data.piece_side(piece);
  if (location.kind == LocationKind::militia_box) {
    const bool militia = !data.is_leader(piece) && data.unit(piece).type == UnitType::militia;
    if (!militia || data.militia_boxes.at(static_cast<std::size_t>(location.index)).side != side)
      reject(data.piece_id(piece) + " cannot be in a " + data.location_id(location));
  }
  if (location.kind == LocationKind::leader_box && (location.index == piece || data.piece_side(location.index) != side))
    reject(data.piece_id(piece) + " cannot be in " + data.location_id(location));
  if (location.kind == LocationKind::british_leader_pool && (!data.is_leader(piece) || side != Side::british))
    reject(data.piece_id(piece) + " cannot be in the British leader pool (5.55)");
}

PieceState piece_from_json(const GameData& data, PieceIndex piece, const json& j) {
  const std::string& id = data.piece_id(piece);
  require_known_keys(j, {"at", "reduced", "inside"}, "pieces." + id);
  PieceState p;
  const auto where = j.at("at").get<std::string>();
  const auto location = data.find_location(where);
  if (!location) reject("piece " + id + " is at unknown location '" + where + "'");
  check_location(data, piece, *location);
  p.location = *location;
  p.reduced = j.value("reduced", false);
  p.inside = j.value("inside", false);
  if (p.reduced && data.is_leader(piece)) reject("leader " + id + " cannot be reduced");
  return p;
}

// Every card of the game is in exactly one place: the draw pile, a hand, the discard pile or
// out of the game.
void check_cards_accounted_for(const State& s) {
  std::vector<CardNumber> all = s.draw_pile;
  for (const auto& list : {s.discard, s.removed, s.players[0].hand, s.players[1].hand})
    all.insert(all.end(), list.begin(), list.end());
  std::sort(all.begin(), all.end());
  std::vector<CardNumber> expected(s.data().cards.size());
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = static_cast<CardNumber>(i + 1);
  if (all != expected) reject("every card #1-70 must be in exactly one of draw_pile, hands, discard, removed");
}

Outcome outcome_from_json(const json& j) {
  require_known_keys(j, {"winner", "reason"}, "outcome");
  return {optional_side_field(j, "winner"), j.value("reason", "")};
}

constexpr std::array<std::string_view, 24> state_keys = {"format",
                                                         "scenario",
                                                         "options",
                                                         "year",
                                                         "season",
                                                         "phase",
                                                         "active",
                                                         "vp",
                                                         "draw_pile",
                                                         "discard",
                                                         "removed",
                                                         "players",
                                                         "pieces",
                                                         "markers",
                                                         "fortresses",
                                                         "vp_spaces",
                                                         "provincial_assemblies",
                                                         "year_track",
                                                         "outcome",
                                                         "rng",
                                                         "log",
                                                         "log_first",
                                                         "rule_events",
                                                         "turn"};

void read_header(const json& j, State& s) {
  const auto& data = s.data();
  const auto* scenario = data.find_scenario(j.at("scenario").get<std::string>());
  if (!scenario) reject("unknown scenario '" + j.at("scenario").get<std::string>() + "'");
  s.scenario_index = static_cast<std::uint8_t>(scenario - data.scenarios.data());
  s.options = options_from_json(j.at("options"));
  s.year = j.at("year");
  s.season = enum_field(j, "season", season_names);
  s.phase = enum_field(j, "phase", phase_names);
  s.active = enum_field(j, "active", side_names);
  s.vp = j.at("vp");
}

void read_cards(const json& j, State& s) {
  s.draw_pile = cards_from_json(j.at("draw_pile"), "draw_pile");
  s.discard = cards_from_json(j.at("discard"), "discard");
  s.removed = cards_from_json(j.at("removed"), "removed");
  require_known_keys(j.at("players"), {"french", "british"}, "players");
  for (Side side : both_sides) {
    const std::string name(side_names(side));
    s.player(side) = player_from_json(j.at("players").at(name), "players." + name);
  }
  check_cards_accounted_for(s);
}

// Pieces left out of the document are not in play (unused, full strength), so a test can list
// only the pieces its position needs.
void read_pieces(const json& j, State& s) {
  if (!j.at("pieces").is_object()) reject("pieces must be an object");
  for (const auto& [id, value] : j.at("pieces").items()) {
    const auto piece = s.data().find_piece(id);
    if (!piece) reject("unknown piece '" + id + "'");
    s.change_piece(*piece) = piece_from_json(s.data(), *piece, value);
  }
}

void read_map(const json& j, State& s) {
  const auto& data = s.data();
  if (!j.at("markers").is_object()) reject("markers must be an object");
  for (const auto& [id, value] : j.at("markers").items()) {
    const auto space = data.find_space(id);
    if (!space) reject("markers on unknown space '" + id + "'");
    s.change_space(*space) = space_markers_from_json(value, id);
  }
  // Fortresses left out belong to the side they are originally friendly to (2.0).
  for (SpaceIndex f : data.fortresses)
    s.change_space(f).fortress_owner = data.spaces[static_cast<std::size_t>(f)].originally_friendly_to;
  if (!j.at("fortresses").is_object()) reject("fortresses must be an object");
  for (const auto& [id, owner] : j.at("fortresses").items()) {
    const auto space = data.find_space(id);
    if (!space || !data.spaces[static_cast<std::size_t>(*space)].fortress) reject("'" + id + "' is not a fortress");
    s.change_space(*space).fortress_owner = side_names.parse(owner.get<std::string>(), "fortress owner");
  }
  if (!j.at("vp_spaces").is_object() || j.at("vp_spaces").size() != data.vp_spaces.size())
    reject("vp_spaces must name the holder of each VP space (13.23)");
  for (std::size_t i = 0; i < data.vp_spaces.size(); ++i) {
    const auto& id = data.spaces[static_cast<std::size_t>(data.vp_spaces[i])].id;
    s.vp_space_holders[i] = side_names.parse(j.at("vp_spaces").at(id).get<std::string>(), "VP space holder");
  }
}

void read_tracks(const json& j, State& s) {
  s.provincial_assemblies = enum_field(j, "provincial_assemblies", provincial_assemblies_names);
  s.year_track = year_track_from_json(j.at("year_track"));
  if (!j.at("outcome").is_null()) s.outcome = outcome_from_json(j.at("outcome"));
  s.rng = engine::Rng::from_json(j.at("rng"));
  // The lines held and the index of the first (absent: the whole log, which pushing trims).
  const std::size_t first = j.value("log_first", std::size_t{0});
  s.log = GameLog::starting_at(first);
  for (const auto& line : j.at("log")) {
    require_known_keys(line, {"role", "verb", "arg", "text"}, "a log line");
    s.log.push_back({line.at("role"), line.at("verb"), line.at("arg"), line.at("text")});
  }
  if (s.log.first() != first_held(s.log.size()))
    reject("log_first must be " + std::to_string(first_held(s.log.size())) + " for a log of " +
           std::to_string(s.log.size()) + " lines");
  s.rule_events = RuleEventCounts::from_json(j.at("rule_events"));
}

// The decision point and the procedures in progress. Absent in a hand-written position: the
// active side's Action Phase with nothing in progress.
json turn_to_json(const State& s) {
  return {{"step", step_names(s.step)},
          {"activation", s.activation},
          {"construction", s.construction},
          {"move", s.move},
          {"battle", s.battle},
          {"last_battle", s.last_battle},
          {"combats", s.combats},
          {"siege", s.siege},
          {"raid", s.raid},
          {"combat_report", s.combat_report},
          {"year_end", s.year_end},
          {"event", s.event},
          {"periods", s.periods}};
}

void read_turn(const json& j, State& s) {
  require_known_keys(j,
                     {"step", "activation", "construction", "move", "battle", "last_battle", "combats", "siege", "raid",
                      "combat_report", "year_end", "event", "periods"},
                     "turn");
  s.step = enum_field(j, "step", step_names);
  auto read = [&](const char* key, auto& field) {
    if (j.contains(key)) j.at(key).get_to(field);
  };
  read("activation", s.activation);
  read("construction", s.construction);
  read("move", s.move);
  read("battle", s.battle);
  read("last_battle", s.last_battle);
  read("combats", s.combats);
  read("siege", s.siege);
  read("raid", s.raid);
  read("combat_report", s.combat_report);  // absent in positions written before it
  read("year_end", s.year_end);
  read("event", s.event);
  read("periods", s.periods);  // absent in positions written before it: nothing counted yet
}

const OptionalRuleFlag* find_optional_rule(const std::string& id) {
  for (const auto& rule : optional_rule_flags)
    if (id == rule.id) return &rule;
  return nullptr;
}

}  // namespace

bool SpaceState::has_markers() const {
  SpaceState bare;
  bare.fortress_owner = fortress_owner;
  return !(*this == bare);
}

State::State(const GameData& data) : data_(&data) {
  pieces.resize(static_cast<std::size_t>(data.piece_count()));
  spaces.resize(data.spaces.size());
  vp_space_holders.assign(data.vp_spaces.size(), Side::french);
}

SpaceIndex State::space_of_boxed(PieceIndex p) const {
  // A leader box may sit in another leader's box; the depth is bounded by the number of leaders.
  Location at = piece(p).location;
  for (std::size_t depth = 0; at.kind == LocationKind::leader_box && depth <= data_->leaders.size(); ++depth)
    at = piece(at.index).location;
  return at.kind == LocationKind::space ? at.index : no_space;
}

bool& YearTrack::lasting(LastingEvent event) { return this->*lasting_event_flags[static_cast<std::size_t>(event)]; }

bool YearTrack::lasting(LastingEvent event) const {
  return this->*lasting_event_flags[static_cast<std::size_t>(event)];
}

int State::hand_size(Side side) const {
  int size = scenario().hand_size[index_of(side)];
  for (const auto& rule : data_->hand_size_rules)  // in data order: later rules override earlier ones
    if (rule.side == side && year_track.lasting(rule.event)) size = rule.hand_size;
  return size;
}

Side State::first_player() const { return year_track.quiberon_bay ? Side::british : scenario().first_player; }

void State::note(std::string role, std::string verb, json arg, std::string text) {
  text.shrink_to_fit();  // a line is kept for a hundred moves or more; it was built by appending
  log.push_back({std::move(role), std::move(verb), std::move(arg), std::move(text)});
}

bool State::operator==(const State& o) const {
  return data_ == o.data_ && scenario_index == o.scenario_index && options == o.options && year == o.year &&
         season == o.season && phase == o.phase && active == o.active && vp == o.vp && draw_pile == o.draw_pile &&
         discard == o.discard && removed == o.removed && players == o.players && pieces == o.pieces &&
         spaces == o.spaces && vp_space_holders == o.vp_space_holders &&
         provincial_assemblies == o.provincial_assemblies && year_track == o.year_track && outcome == o.outcome &&
         rng == o.rng && log == o.log && rule_events == o.rule_events && step == o.step && activation == o.activation &&
         construction == o.construction && move == o.move && battle == o.battle && last_battle == o.last_battle &&
         combats == o.combats && siege == o.siege && raid == o.raid && combat_report == o.combat_report &&
         year_end == o.year_end && event == o.event && periods == o.periods;
}

// view.cpp's write_markers writes the same as text for the view (checked by view_test).
json space_state_to_json(const SpaceState& s) {
  json out = json::object();
  auto put_side = [&](const char* key, const std::optional<Side>& side) {
    if (side) out[key] = side_names(*side);
  };
  put_side("stockade", s.stockade);
  put_side("fort", s.fort);
  put_side("fort_under_construction", s.fort_under_construction);
  put_side("allied", s.allied);
  if (s.siege_level) out["siege"] = *s.siege_level;
  if (s.amphib) out["amphib"] = true;
  if (s.fieldworks) out["fieldworks"] = true;
  if (s.raided[0] > 0 || s.raided[1] > 0) {
    json raided = json::object();
    for (Side side : both_sides)
      if (s.raided[index_of(side)] > 0) raided[std::string(side_names(side))] = s.raided[index_of(side)];
    out["raided"] = raided;
  }
  return out;
}

json markers_to_json(const State& state) {
  json out = json::object();
  for (std::size_t s = 0; s < state.spaces.size(); ++s)
    if (state.spaces[s].has_markers()) out[state.data().spaces[s].id] = space_state_to_json(state.spaces[s]);
  return out;
}

json pieces_to_json(const State& state) {
  json out = json::object();
  for (PieceIndex p = 0; p < state.data().piece_count(); ++p) {
    const auto& piece = state.piece(p);
    out[state.data().piece_id(p)] = {
        {"at", state.data().location_id(piece.location)}, {"reduced", piece.reduced}, {"inside", piece.inside}};
  }
  return out;
}

json fortress_owners_to_json(const State& state) {
  json out = json::object();
  for (SpaceIndex s : state.data().fortresses)
    out[state.data().spaces[static_cast<std::size_t>(s)].id] = side_or_null(state.space(s).fortress_owner);
  return out;
}

json vp_space_holders_to_json(const State& state) {
  json out = json::object();
  for (std::size_t i = 0; i < state.data().vp_spaces.size(); ++i)
    out[state.data().spaces[static_cast<std::size_t>(state.data().vp_spaces[i])].id] =
        side_names(state.vp_space_holders[i]);
  return out;
}

json year_track_to_json(const YearTrack& t) {
  return {{"william_pitt", t.william_pitt},        {"diplomatic_revolution", t.diplomatic_revolution},
          {"quiberon_bay", t.quiberon_bay},        {"no_amphib", t.no_amphib},
          {"no_french_naval", t.no_french_naval},  {"cherokees", cherokee_status_names(t.cherokees)},
          {"surrender_played", t.surrender_played}};
}

json options_to_json(const Options& options) {
  json bid = nullptr;
  if (options.bid) bid = {{"side", side_names(options.bid->side)}, {"vp", options.bid->vp}};
  json out = {{"bid", bid}};
  for (const auto& rule : optional_rule_flags) out[rule.id] = options.*rule.flag;
  return out;
}

Options options_from_json(const json& j) {
  if (j.is_null()) return {};
  if (!j.is_object()) throw std::invalid_argument("options must be an object");
  Options options;
  for (const auto& [key, value] : j.items()) {
    if (key == "bid") {
      if (value.is_null()) continue;  // null means "the default": no bid
      if (!value.is_object() || value.size() != 2 || !value.contains("side") || !value.contains("vp") ||
          !value.at("side").is_string() || !value.at("vp").is_number_integer())
        throw std::invalid_argument("option 'bid' must be {\"side\": \"french\"|\"british\", \"vp\": integer}");
      const auto side = side_names.find(value.at("side").get<std::string>());
      const int vp = value.at("vp").get<int>();
      if (!side) throw std::invalid_argument("option 'bid': side must be \"french\" or \"british\"");
      if (vp < 0 || vp > max_bid_vp)
        throw std::invalid_argument("option 'bid': vp must be from 0 to " + std::to_string(max_bid_vp) + " (13.3)");
      options.bid = Bid{*side, vp};
    } else if (const auto* rule = find_optional_rule(key)) {
      if (value.is_null()) continue;
      if (!value.is_boolean()) throw std::invalid_argument("option '" + key + "' must be true or false");
      options.*rule->flag = value.get<bool>();
    } else {
      throw std::invalid_argument("unknown option '" + key + "'");
    }
  }
  return options;
}

namespace {

json log_line_to_json(const LogLine& l) {  // {role, verb, arg, text}
  return {{"role", l.role}, {"verb", l.verb}, {"arg", l.arg}, {"text", l.text}};
}

}  // namespace

json log_to_json(const GameLog& log, std::size_t from, std::size_t to) {
  json out = json::array();
  log.for_each_between(from, to, [&](const LogLine& line) { out.push_back(log_line_to_json(line)); });
  return out;
}

json State::to_json() const {
  json players_json = json::object();
  for (Side side : both_sides) players_json[std::string(side_names(side))] = player_to_json(player(side));
  json outcome_json = nullptr;
  if (outcome) outcome_json = {{"winner", side_or_null(outcome->winner)}, {"reason", outcome->reason}};
  return {{"format", state_format},
          {"scenario", scenario().id},
          {"options", options_to_json(options)},
          {"year", year},
          {"season", season_names(season)},
          {"phase", phase_names(phase)},
          {"active", side_names(active)},
          {"vp", vp},
          {"draw_pile", cards_to_json(draw_pile)},
          {"discard", cards_to_json(discard)},
          {"removed", cards_to_json(removed)},
          {"players", players_json},
          {"pieces", pieces_to_json(*this)},
          {"markers", markers_to_json(*this)},
          {"fortresses", fortress_owners_to_json(*this)},
          {"vp_spaces", vp_space_holders_to_json(*this)},
          {"provincial_assemblies", provincial_assemblies_names(provincial_assemblies)},
          {"year_track", year_track_to_json(year_track)},
          {"outcome", outcome_json},
          {"rng", rng.to_json()},
          {"log", log_to_json(log, log.first())},
          {"log_first", log.first()},
          {"rule_events", rule_events.to_json()},
          {"turn", turn_to_json(*this)}};
}

State State::from_json(const json& j, const GameData& data) {
  try {
    require_known_keys(j, state_keys, "the state");
    if (j.at("format") != state_format) reject("format must be \"" + std::string(state_format) + "\"");
    State s(data);
    read_header(j, s);
    read_cards(j, s);
    read_pieces(j, s);
    read_map(j, s);
    read_tracks(j, s);
    if (j.contains("turn"))
      read_turn(j.at("turn"), s);
    else if (s.phase == Phase::game_over)
      s.step = Step::game_over;
    return s;
  } catch (const json::exception& e) {
    reject(e.what());  // a missing field or a value of the wrong type
  } catch (const std::out_of_range& e) {
    reject(e.what());  // an rng word out of range
  }
}

}  // namespace warpath::wilderness_war
