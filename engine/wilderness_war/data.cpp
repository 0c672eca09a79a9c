#include "engine/wilderness_war/data.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "engine/wilderness_war/embedded_data.hpp"

namespace warpath::wilderness_war {
namespace {

using nlohmann::json;

// The off-map pools of spaces.json "pools", by id.
constexpr std::array<std::pair<std::string_view, LocationKind>, 5> pool_kinds = {{
    {"british_leader_pool", LocationKind::british_leader_pool},
    {"unused", LocationKind::unused},
    {"set_aside", LocationKind::set_aside},
    {"eliminated", LocationKind::eliminated},
    {"removed_from_game", LocationKind::removed},
}};

json parse_document(std::string_view text, std::string_view name) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    throw DataError("data/" + std::string(name) + ".json: " + e.what());
  }
}

// Runs `body`, turning JSON access errors and bad names into a DataError about `where`.
template <typename Body>
void parsing(std::string_view where, Body&& body) {
  try {
    body();
  } catch (const json::exception& e) {
    throw DataError("data/" + std::string(where) + ".json: " + e.what());
  } catch (const std::invalid_argument& e) {
    throw DataError("data/" + std::string(where) + ".json: " + e.what());
  }
}

template <typename Enum, std::size_t N>
Enum parse_enum(const EnumNames<Enum, N>& names, const json& value, std::string_view what) {
  return names.parse(value.get<std::string>(), what);
}

std::optional<Side> parse_optional_side(const json& value) {
  const auto name = value.get<std::string>();
  if (name == "none") return std::nullopt;
  return side_names.parse(name, "side");
}

MapRect parse_rect(const json& j) { return {j.at("x"), j.at("y"), j.at("w"), j.at("h")}; }

Modifier parse_modifier(const json& j) {
  Modifier m;
  m.id = j.at("id");
  m.rule = j.at("rule");
  if (auto drm = j.find("drm"); drm != j.end()) {
    if (drm->is_string()) {
      const auto text = drm->get<std::string>();
      if (text != "+tactics" && text != "-tactics") throw DataError("unknown modifier '" + text + "'");
      m.tactics_sign = text[0] == '+' ? 1 : -1;
    } else {
      m.drm = drm->get<int>();
    }
  }
  m.column_shift = j.value("column_shift", 0);
  return m;
}

std::vector<Modifier> parse_modifiers(const json& list) {
  std::vector<Modifier> out;
  for (const auto& j : list) out.push_back(parse_modifier(j));
  return out;
}

std::array<int, die_rows> parse_die_row_values(const json& list) {
  if (list.size() != die_rows) throw DataError("a chart column does not have 8 die rows");
  std::array<int, die_rows> out{};
  for (std::size_t row = 0; row < die_rows; ++row) out[row] = list[row].get<int>();
  return out;
}

Space parse_space(const json& j) {
  Space s;
  s.id = j.at("id");
  s.name = j.at("name");
  s.terrain = parse_enum(terrain_names, j.at("terrain"), "terrain");
  s.department = parse_enum(department_names, j.at("department"), "department");
  s.originally_friendly_to = parse_optional_side(j.at("originally_friendly_to"));
  s.fortress = j.at("fortress");
  s.port = j.at("port");
  s.vp_space = j.at("vp_space");
  s.holding_box = j.at("holding_box");
  s.fortification_name = j.value("fortification_name", "");
  s.map = parse_rect(j.at("map"));
  return s;  // connections are added once every space is known
}

CombatResultsTable parse_combat_results_table(const json& crt) {
  CombatResultsTable table;
  for (const auto& column : crt.at("columns")) table.column_min_strength.push_back(column.at("min_strength"));
  const auto& rows = crt.at("results");  // [row][column] in the file
  if (rows.size() != die_rows) throw DataError("the CRT does not have 8 die rows");
  table.losses_by_column.resize(table.column_min_strength.size());
  for (std::size_t row = 0; row < die_rows; ++row) {
    if (rows[row].size() != table.column_min_strength.size()) throw DataError("a CRT row has the wrong width");
    for (std::size_t column = 0; column < rows[row].size(); ++column)
      table.losses_by_column[column][row] = rows[row][column].get<int>();
  }
  table.battle_modifiers = parse_modifiers(crt.at("battle_modifiers"));
  table.assault_modifiers = parse_modifiers(crt.at("assault_modifiers"));
  return table;
}

RaidTable parse_raid_table(const json& raid) {
  constexpr std::array<std::string_view, 2> columns = {"stockade_settlement_or_blockhouse",
                                                       "cultivated"};  // RaidColumn
  RaidTable table;
  for (std::size_t column = 0; column < columns.size(); ++column) {
    const auto& cells = raid.at("results").at(std::string(columns[column]));
    if (cells.size() != die_rows) throw DataError("a raid table column does not have 8 die rows");
    for (std::size_t row = 0; row < die_rows; ++row)
      table.results[column][row] = {cells[row].at("success"), cells[row].at("raider_step_losses")};
  }
  table.modifiers = parse_modifiers(raid.at("modifiers"));
  return table;
}

SiegeTable parse_siege_table(const json& siege) {
  SiegeTable table;
  table.level_increase = parse_die_row_values(siege.at("siege_level_increase"));
  table.max_level = siege.at("siege_levels").back();
  table.fort_assault_level = siege.at("assault_requires_level").at("fort");
  table.fortress_assault_level = siege.at("assault_requires_level").at("fortress");
  table.modifiers = parse_modifiers(siege.at("modifiers"));
  return table;
}

Leader parse_leader(const json& j) {
  Leader l;
  l.id = j.at("id");
  l.name = j.at("name");
  l.side = parse_enum(side_names, j.at("side"), "side");
  l.initiative = j.at("initiative");
  l.command = j.at("command");
  l.tactics = j.at("tactics");
  l.movement = j.at("movement");
  const auto flags = j.at("flags").get<std::vector<std::string>>();
  auto has_flag = [&](std::string_view flag) { return std::find(flags.begin(), flags.end(), flag) != flags.end(); };
  l.seven_command = has_flag("seven_command");
  l.commands_iroquois_and_mohawk_free = has_flag("commands_iroquois_and_mohawk_free");
  return l;
}

}  // namespace

int CombatResultsTable::column_for_strength(int strength) const {
  int column = 0;
  while (column + 1 < static_cast<int>(column_min_strength.size()) && strength >= column_min_strength[column + 1])
    ++column;
  return column;
}

GameData::GameData(std::string_view spaces_json, std::string_view pieces_json, std::string_view cards_json,
                   std::string_view scenarios_json, std::string_view tables_json) {
  // The order matters: tribes name settlement spaces, leader boxes name leaders, set-ups name
  // pieces and locations.
  const json spaces_doc = parse_document(spaces_json, "spaces");
  parse_spaces(spaces_doc);
  parse_pieces(parse_document(pieces_json, "pieces"));
  for (const auto& l : leaders) piece_sides_.push_back(l.side);
  for (const auto& u : units) piece_sides_.push_back(u.side);
  parse_leader_boxes(spaces_doc);
  index_locations();
  parse_cards(parse_document(cards_json, "cards"));
  parse_scenarios(parse_document(scenarios_json, "scenarios"));
  parse_tables(parse_document(tables_json, "tables"));
  derive_space_lists();
}

void GameData::parse_spaces(const json& doc) {
  parsing("spaces", [&] {
    map_width = doc.at("map_width");
    for (const auto& j : doc.at("spaces")) {
      space_by_id_.emplace(j.at("id").get<std::string>(), static_cast<SpaceIndex>(spaces.size()));
      spaces.push_back(parse_space(j));
    }
    // Connections name spaces by id, so they are resolved once every space has its index.
    const auto& list = doc.at("spaces");
    for (std::size_t i = 0; i < spaces.size(); ++i) parse_connections(list[i], spaces[i]);
    for (const auto& j : doc.at("militia_boxes"))
      militia_boxes.push_back({j.at("id"), j.at("name"), parse_enum(department_names, j.at("department"), "department"),
                               parse_enum(side_names, j.at("side"), "side"), parse_rect(j.at("map"))});
    pool_ids = doc.at("pools").get<std::vector<std::string>>();
    for (const auto& id : doc.at("french_naval_ports"))
      french_naval_ports.push_back(space_index(id.get<std::string>()));
  });
}

void GameData::parse_connections(const json& j, Space& space) const {
  for (const auto& c : j.at("connections")) {
    const bool water = c.at("type") == "water";
    const auto kind =
        water ? parse_enum(connection_kind_names, c.at("water_kind"), "water kind") : ConnectionKind::land;
    space.connections.push_back({space_index(c.at("to").get<std::string>()), kind});
  }
  for (const auto& a : j.at("arrows_out"))
    space.arrows_out.push_back(
        {space_index(a.at("to").get<std::string>()), parse_enum(arrow_kind_names, a.at("kind"), "arrow kind")});
}

void GameData::parse_pieces(const json& doc) {
  parsing("pieces", [&] {
    for (const auto& j : doc.at("tribes")) tribes.push_back(parse_tribe(j));
    // settle_map keeps the tribes on the map as one bit each.
    if (tribes.size() > 64) throw DataError("at most 64 tribes are supported");
    for (const auto& j : doc.at("leaders")) leaders.push_back(parse_leader(j));
    for (const auto& j : doc.at("units")) units.push_back(parse_unit(j));
    for (const auto& j : doc.at("indian_groups")) {
      IndianGroup g{j.at("id"), j.at("name"), {}, {}};
      for (const auto& t : j.at("tribes")) g.tribes.push_back(tribe_index(t.get<std::string>()));
      for (const auto& s : j.at("sides")) g.sides.push_back(parse_enum(side_names, s, "side"));
      indian_groups.push_back(std::move(g));
    }
  });
  for (std::size_t t = 0; t < tribes.size(); ++t)
    if (tribes[t].settlement != no_space)
      spaces[static_cast<std::size_t>(tribes[t].settlement)].settlement_tribes.push_back(static_cast<TribeIndex>(t));
  for (PieceIndex p = 0; p < piece_count(); ++p)
    if (!piece_by_id_.emplace(piece_id(p), p).second) throw DataError("duplicate piece id " + piece_id(p));
}

Tribe GameData::parse_tribe(const json& j) const {
  const auto& settlement = j.at("settlement");
  return {j.at("id"), j.at("name"), j.at("color_group"),
          settlement.is_null() ? no_space : space_index(settlement.get<std::string>())};
}

Unit GameData::parse_unit(const json& j) const {
  Unit u;
  u.id = j.at("id");
  u.name = j.at("name");
  u.side = parse_enum(side_names, j.at("side"), "side");
  u.type = parse_enum(unit_type_names, j.at("type"), "unit type");
  u.subtype =
      j.at("subtype").is_null() ? UnitSubtype::none : parse_enum(unit_subtype_names, j.at("subtype"), "subtype");
  u.unit_class = parse_enum(unit_class_names, j.at("class"), "unit class");
  u.strength_full = j.at("strength_full");
  u.strength_reduced = j.at("strength_reduced");
  u.movement = j.at("movement");
  if (j.contains("tribe")) u.tribe = tribe_index(j.at("tribe").get<std::string>());
  u.may_reenter_after_elimination = j.at("may_reenter_after_elimination");
  return u;
}

void GameData::parse_leader_boxes(const json& spaces_doc) {
  parsing("spaces", [&] {
    for (const auto& j : spaces_doc.at("leader_boxes")) {
      const PieceIndex leader_piece = piece_index(j.at("leader").get<std::string>());
      if (!is_leader(leader_piece)) throw DataError("leader box " + j.at("id").get<std::string>() + " names a unit");
      leader_boxes.push_back({j.at("id"), leader_piece, parse_rect(j.at("map"))});
    }
  });
}

void GameData::index_locations() {
  leader_box_number_.assign(static_cast<std::size_t>(piece_count()), -1);
  pool_number_.fill(-1);
  auto add = [&](const std::string& id, Location location) {
    if (!location_by_id_.emplace(id, location).second) throw DataError("location id '" + id + "' is not unique");
    const int number = static_cast<int>(location_ids_.size());
    location_ids_.push_back(id);
    if (location.kind == LocationKind::leader_box)
      leader_box_number_.at(static_cast<std::size_t>(location.index)) = number;
    if (location.kind != LocationKind::space && location.kind != LocationKind::militia_box &&
        location.kind != LocationKind::leader_box)
      pool_number_.at(static_cast<std::size_t>(location.kind)) = number;
  };
  for (std::size_t s = 0; s < spaces.size(); ++s) add(spaces[s].id, Location::in_space(static_cast<SpaceIndex>(s)));
  for (std::size_t b = 0; b < militia_boxes.size(); ++b)
    add(militia_boxes[b].id, Location::in_militia_box(static_cast<int>(b)));
  for (const auto& box : leader_boxes) add(box.id, Location::in_leader_box(box.leader));
  for (const auto& id : pool_ids) {
    auto pool = std::find_if(pool_kinds.begin(), pool_kinds.end(), [&](const auto& p) { return p.first == id; });
    if (pool == pool_kinds.end()) throw DataError("unknown pool '" + id + "'");
    add(id, Location::pool(pool->second));
  }
}

void GameData::parse_cards(const json& doc) {
  parsing("cards", [&] {
    for (const auto& j : doc.at("cards")) {
      Card c;
      c.number = static_cast<CardNumber>(j.at("number").get<int>());
      c.name = j.at("name");
      c.activation = j.at("activation");
      c.event_side = parse_enum(event_side_names, j.at("event_side"), "event side");
      c.response = j.at("response");
      c.removed_after_event = j.at("removed_after_event");
      c.triggers_reshuffle = j.at("triggers_reshuffle");
      c.anchor = j.at("anchor");
      c.only_1755 = j.at("scenarios") == "1755_only";
      if (c.number != cards.size() + 1) throw DataError("cards are not numbered 1, 2, 3... in order");
      cards.push_back(std::move(c));
    }
  });
}

void GameData::parse_scenarios(const json& doc) {
  parsing("scenarios", [&] {
    for (const auto& j : doc.at("setups")) setups.push_back(parse_setup(j));
    for (const auto& j : doc.at("scenarios")) scenarios.push_back(parse_scenario(j));
    for (const auto& j : doc.at("hand_size_rules").at("events"))
      for (const auto& [side, size] : j.at("hand_size").items())
        hand_size_rules.push_back({parse_enum(lasting_event_names, j.at("event"), "lasting event"),
                                   static_cast<CardNumber>(j.at("card").get<int>()), side_names.parse(side, "side"),
                                   size.get<int>()});
    for (const auto& j : doc.at("provincial_assemblies_track")) {
      const auto& limits = j.at("max_provincials");
      auto limit = [](const json& v) { return v.is_null() ? std::nullopt : std::optional<int>(v.get<int>()); };
      provincial_limits.push_back({parse_enum(provincial_assemblies_names, j.at("level"), "level"),
                                   limit(limits.at("northern")), limit(limits.at("southern"))});
    }
    for (std::size_t i = 0; i < provincial_limits.size(); ++i)
      if (static_cast<std::size_t>(provincial_limits[i].level) != i)
        throw DataError("the Provincial Assemblies track is not in the order reluctant, supportive, enthusiastic");
    for (const auto& j : doc.at("optional_rules"))
      optional_rules.push_back({j.at("id"), j.at("rule"), j.at("summary")});
  });
}

std::vector<PieceIndex> GameData::pieces_named(const json& ids) const {
  std::vector<PieceIndex> out;
  for (const auto& id : ids) out.push_back(piece_index(id.get<std::string>()));
  return out;
}

Setup GameData::parse_setup(const json& j) const {
  Setup s;
  s.id = j.at("id");
  for (const auto& p : j.at("placements")) {
    const auto where = p.at("location").get<std::string>();
    const auto location = find_location(where);
    if (!location || (location->kind != LocationKind::space && location->kind != LocationKind::militia_box))
      throw DataError("set-up " + s.id + " places a piece at '" + where + "', not a space or militia box");
    s.placements.push_back({piece_index(p.at("piece").get<std::string>()), *location});
  }
  for (const auto& m : j.at("markers"))
    s.markers.push_back({parse_enum(setup_marker_names, m.at("marker"), "marker"),
                         parse_enum(side_names, m.at("side"), "side"), space_index(m.at("space").get<std::string>())});
  s.british_leader_pool = pieces_named(j.at("british_leader_pool"));
  s.removed_from_game = pieces_named(j.at("removed_from_game"));
  s.set_aside = pieces_named(j.at("set_aside"));
  for (const auto& r : j.at("set_aside_triggers"))
    s.set_aside_rules.push_back({pieces_named(r.at("pieces")),
                                 parse_enum(set_aside_trigger_names, r.at("trigger"), "trigger"), r.at("description")});
  for (const auto& [space, side] : j.at("vp_space_holders").items())
    s.vp_space_holders.emplace_back(space_index(space), side_names.parse(side.get<std::string>(), "side"));
  return s;
}

Scenario GameData::parse_scenario(const json& j) const {
  Scenario s;
  s.id = j.at("id");
  s.name = j.at("name");
  s.kind = j.at("kind");
  s.start_year = j.at("start_year");
  s.start_season = parse_enum(season_names, j.at("start_season"), "season");
  s.end_year = j.at("end_year");
  const auto setup_id = j.at("setup").get<std::string>();
  const auto setup = std::find_if(setups.begin(), setups.end(), [&](const Setup& x) { return x.id == setup_id; });
  if (setup == setups.end()) throw DataError("scenario " + s.id + " names an unknown set-up");
  s.setup = static_cast<int>(setup - setups.begin());
  s.starting_vp = j.at("starting_vp");
  if (j.contains("starting_vp_variant")) s.starting_vp_variant = j.at("starting_vp_variant").at("vp").get<int>();
  s.first_player = parse_enum(side_names, j.at("first_player"), "side");
  for (Side side : both_sides) s.hand_size[index_of(side)] = j.at("hand_size").at(std::string(side_names(side)));
  for (const auto& n : j.at("deck")) s.deck.push_back(static_cast<CardNumber>(n.get<int>()));
  for (const auto& n : j.at("removed_at_start")) s.removed_at_start.push_back(static_cast<CardNumber>(n.get<int>()));
  s.provincial_assemblies_start =
      parse_enum(provincial_assemblies_names, j.at("provincial_assemblies_start"), "Provincial Assemblies level");
  for (const auto& e : j.at("events_in_effect_at_start"))
    s.events_in_effect_at_start.push_back(parse_enum(lasting_event_names, e, "lasting event"));
  s.victory = j.at("victory").get<std::vector<std::string>>();
  s.special_rules = j.at("special_rules").get<std::vector<std::string>>();
  return s;
}

void GameData::parse_tables(const json& doc) {
  parsing("tables", [&] {
    tables.combat_results = parse_combat_results_table(doc.at("combat_results_table"));
    tables.raid = parse_raid_table(doc.at("raid_table"));
    tables.siege = parse_siege_table(doc.at("siege_table"));
    tables.fort_capacity = doc.at("fort_and_fortress").at("fort").at("capacity_inside");
    for (const auto& award : doc.at("victory_points"))
      tables.victory_points.push_back(
          {award.at("id"), award.at("rule"), static_cast<int>(award.at("vp").get<double>() * 2)});
    tables.leader_alone_movement = doc.at("movement").at("leader_alone_allowance");
    tables.boat_movement = doc.at("movement").at("boat_allowance");
  });
}

void GameData::derive_space_lists() {
  for (SpaceIndex s = 0; s < static_cast<SpaceIndex>(spaces.size()); ++s) {
    if (spaces[s].fortress) fortresses.push_back(s);
    if (spaces[s].vp_space) vp_spaces.push_back(s);
    if (spaces[s].port) ports.push_back(s);
  }
}

const std::string& GameData::piece_id(PieceIndex piece) const {
  return is_leader(piece) ? leader(piece).id : unit(piece).id;
}

std::optional<SpaceIndex> GameData::find_space(std::string_view id) const {
  auto it = space_by_id_.find(id);
  if (it == space_by_id_.end()) return std::nullopt;
  return it->second;
}

std::optional<PieceIndex> GameData::find_piece(std::string_view id) const {
  auto it = piece_by_id_.find(id);
  if (it == piece_by_id_.end()) return std::nullopt;
  return it->second;
}

std::optional<TribeIndex> GameData::find_tribe(std::string_view id) const {
  for (std::size_t t = 0; t < tribes.size(); ++t)
    if (tribes[t].id == id) return static_cast<TribeIndex>(t);
  return std::nullopt;
}

std::optional<int> GameData::find_militia_box(std::string_view id) const {
  for (std::size_t b = 0; b < militia_boxes.size(); ++b)
    if (militia_boxes[b].id == id) return static_cast<int>(b);
  return std::nullopt;
}

const Scenario* GameData::find_scenario(std::string_view id) const {
  for (const auto& s : scenarios)
    if (s.id == id) return &s;
  return nullptr;
}

TribeIndex GameData::tribe_index(std::string_view id) const {
  if (auto t = find_tribe(id)) return *t;
  throw DataError("unknown tribe '" + std::string(id) + "'");
}

SpaceIndex GameData::space_index(std::string_view id) const {
  if (auto s = find_space(id)) return *s;
  throw DataError("unknown space '" + std::string(id) + "'");
}

PieceIndex GameData::piece_index(std::string_view id) const {
  if (auto p = find_piece(id)) return *p;
  throw DataError("unknown piece '" + std::string(id) + "'");
}

int GameData::location_number(Location location) const {
  const auto index = static_cast<std::size_t>(location.index);
  switch (location.kind) {
    case LocationKind::space:
      return location.index;
    case LocationKind::militia_box:
      return static_cast<int>(spaces.size() + index);
    case LocationKind::leader_box:
      if (leader_box_number_.at(index) < 0)
        throw DataError("leader " + piece_id(location.index) + " has no holding box");
      return leader_box_number_[index];
    default:
      if (pool_number_.at(static_cast<std::size_t>(location.kind)) < 0)
        throw DataError("a location kind without a pool");
      return pool_number_[static_cast<std::size_t>(location.kind)];
  }
}

std::string GameData::location_id(Location location) const {
  const auto index = static_cast<std::size_t>(location.index);
  switch (location.kind) {
    case LocationKind::space:
      return spaces.at(index).id;
    case LocationKind::militia_box:
      return militia_boxes.at(index).id;
    case LocationKind::leader_box:
      for (const auto& box : leader_boxes)
        if (box.leader == location.index) return box.id;
      throw DataError("leader " + piece_id(location.index) + " has no holding box");
    default:
      for (const auto& [id, kind] : pool_kinds)
        if (kind == location.kind) return std::string(id);
  }
  throw DataError("location of unknown kind");
}

std::optional<Location> GameData::find_location(std::string_view id) const {
  auto it = location_by_id_.find(id);
  if (it == location_by_id_.end()) return std::nullopt;
  return it->second;
}

const GameData& game_data() {
  static const GameData data(embedded_data_file("spaces"), embedded_data_file("pieces"), embedded_data_file("cards"),
                             embedded_data_file("scenarios"), embedded_data_file("tables"));
  return data;
}

}  // namespace warpath::wilderness_war
