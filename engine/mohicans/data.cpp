#include "engine/mohicans/data.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "engine/mohicans/embedded_data.hpp"

namespace warpath::mohicans {
namespace {

using nlohmann::json;

[[noreturn]] void reject(const std::string& what) { throw std::invalid_argument("Mohicans data: " + what); }

void check(bool ok, const std::string& what) {
  if (!ok) reject(what);
}

json parse_file(const DataFiles& files, std::string_view name, std::string_view format) {
  json j = json::parse(files(name));
  check(j.at("format") == format, std::string(name) + ".json: format must be " + std::string(format));
  return j;
}

template <typename Index>
std::optional<Index> find_by_id(const auto& records, std::string_view id) {
  for (std::size_t i = 0; i < records.size(); ++i)
    if (records[i].id == id) return static_cast<Index>(i);
  return std::nullopt;
}

std::optional<Side> side_or_null(const json& j) {
  if (j.is_null()) return std::nullopt;
  return side_names.parse(j.get<std::string>(), "side");
}

std::vector<LocationIndex> location_list(const GameData& d, const json& ids) {
  std::vector<LocationIndex> out;
  for (const auto& id : ids) out.push_back(d.location_index(id.get<std::string>()));
  return out;
}

std::vector<UnitIndex> unit_list(const GameData& d, const json& ids) {
  std::vector<UnitIndex> out;
  for (const auto& id : ids) out.push_back(d.unit_index(id.get<std::string>()));
  return out;
}

void add_neighbour(Location& from, LocationIndex to, LineType type, LineVia via) {
  for (const auto& n : from.neighbours)
    if (n.to == to && n.type == type && n.via == via) return;
  from.neighbours.push_back({to, type, via});
}

void load_map(GameData& d, const DataFiles& files) {
  const json j = parse_file(files, "map", "warpath/mohicans/map v1");
  const json& limits = j.at("stacking").at("by_type");
  d.indigenous_per_location = j.at("stacking").at("indigenous_per_location").get<int>();
  for (const auto& l : j.at("locations")) {
    Location loc;
    loc.id = l.at("id").get<std::string>();
    loc.name = l.at("name").get<std::string>();
    loc.type = location_type_names.parse(l.at("type").get<std::string>(), "location type");
    loc.terrain = terrain_names.parse(l.at("terrain").get<std::string>(), "terrain");
    loc.owner = owner_names.parse(l.at("owner").get<std::string>(), "owner");
    loc.port = l.at("port").get<bool>();
    loc.fort_marker_at_start = l.at("fort_marker_at_start").get<bool>();
    if (!l.at("shovel_fort").is_null())
      loc.shovel_fort = ShovelFort{l["shovel_fort"].at("year").get<int>(),
                                   side_names.parse(l["shovel_fort"].at("side").get<std::string>(), "side")};
    loc.iroquois_village = l.at("iroquois_village").get<bool>();
    loc.iroquois_land = l.at("iroquois_land").get<bool>();
    loc.stacking_limit = limits.at(std::string(location_type_names(loc.type))).get<int>();
    loc.x = l.at("map").at("x").get<double>();
    loc.y = l.at("map").at("y").get<double>();
    check(!d.find_location(loc.id), "location " + loc.id + " is listed twice");
    d.locations.push_back(std::move(loc));
  }
  for (const auto& l : j.at("lakes")) {
    Lake lake{l.at("id").get<std::string>(), l.at("name").get<std::string>(), location_list(d, l.at("members"))};
    d.lakes.push_back(std::move(lake));
  }
  for (const auto& l : j.at("locations")) {
    auto& loc = d.locations.at(static_cast<std::size_t>(d.location_index(l.at("id").get<std::string>())));
    for (const auto& lake_id : l.at("lakes")) {
      const auto lake = find_by_id<std::int8_t>(d.lakes, lake_id.get<std::string>());
      check(lake.has_value(), loc.id + " is on an unknown lake " + lake_id.dump());
      loc.lakes.push_back(*lake);
    }
  }
  for (const auto& c : j.at("connections")) {
    Connection con{c.at("id").get<std::string>(), d.location_index(c.at("a").get<std::string>()),
                   d.location_index(c.at("b").get<std::string>()),
                   line_type_names.parse(c.at("type").get<std::string>(), "line type"),
                   line_via_names.parse(c.at("via").get<std::string>(), "line via")};
    check(con.a != con.b, "connection " + con.id + " joins a location to itself");
    check((con.type == LineType::waterway) == (con.via != LineVia::overland),
          "connection " + con.id + ": type and via");
    check(con.via != LineVia::coast || (d.location(con.a).port && d.location(con.b).port),
          "coast line " + con.id + " must join two ports");
    add_neighbour(d.locations[static_cast<std::size_t>(con.a)], con.b, con.type, con.via);
    add_neighbour(d.locations[static_cast<std::size_t>(con.b)], con.a, con.type, con.via);
    d.connections.push_back(std::move(con));
  }
  for (std::size_t k = 0; k < d.lakes.size(); ++k) {  // ambiguity 24: any two members of a lake are adjacent
    const auto& members = d.lakes[k].members;
    for (LocationIndex a : members) {
      check(std::count(d.location(a).lakes.begin(), d.location(a).lakes.end(), static_cast<std::int8_t>(k)) == 1,
            d.location(a).id + " is a member of lake " + d.lakes[k].id + " but does not name it");
      for (LocationIndex b : members)
        if (a != b) add_neighbour(d.locations[static_cast<std::size_t>(a)], b, LineType::waterway, LineVia::lake);
    }
  }
  for (Side side : both_sides) {
    d.supply_bases[index_of(side)] = location_list(d, j.at("supply_bases").at(std::string(side_names(side))));
    for (LocationIndex l : location_list(d, j.at("victory_objectives").at(std::string(side_names(side)))))
      d.locations[static_cast<std::size_t>(l)].objective_of = side;
    for (LocationIndex l : d.supply_bases[index_of(side)]) d.locations[static_cast<std::size_t>(l)].supply_base = side;
  }
  for (const auto& s : j.at("naval_insert").at("spots")) {
    NavalSpot spot{s.at("id").get<std::string>(), s.at("name").get<std::string>(),
                   d.location_index(s.at("port").get<std::string>()), no_location, 0};
    if (!s.at("modifier").is_null()) {
      spot.bonus_to_holder_of = d.location_index(s["modifier"].at("holder_of").get<std::string>());
      spot.bonus = s["modifier"].at("add").get<int>();
    }
    d.naval_spots.push_back(std::move(spot));
  }
}

NavalEffect naval_effect(const GameData& d, const json& e) {
  NavalEffect effect;
  if (e.contains("one_of")) {
    effect.one_of = true;
    for (const auto& option : e["one_of"]) {
      effect.tribes_join_coureurs = std::max(effect.tribes_join_coureurs, option.value("tribes_join_coureurs", 0));
      effect.militia_muster = std::max(effect.militia_muster, option.value("militia_muster", 0));
    }
    return effect;
  }
  effect.european_regulars = e.value("european_regulars", 0);
  effect.militia_muster = e.value("militia_muster", 0);
  effect.colonial_regulars = e.value("colonial_regulars", 0);
  if (e.contains("colonial_regulars_at")) effect.colonial_regulars_at = location_list(d, e["colonial_regulars_at"]);
  return effect;
}

void load_pieces(GameData& d, const DataFiles& files) {
  const json j = parse_file(files, "pieces", "warpath/mohicans/pieces v1");
  for (const auto& u : j.at("units")) {
    Unit unit;
    unit.id = u.at("id").get<std::string>();
    unit.name = u.at("name").get<std::string>();
    unit.side = unit_side_names.parse(u.at("side").get<std::string>(), "unit side");
    unit.kind = unit_kind_names.parse(u.at("kind").get<std::string>(), "unit kind");
    unit.category = category_names.parse(u.at("category").get<std::string>(), "category");
    unit.life_points = u.at("life_points").get<int>();
    check(unit.life_points == 1 || unit.life_points == 2, unit.id + ": life points must be 1 or 2");
    if (!u.at("home").is_null()) unit.home = d.location_index(u["home"].get<std::string>());
    if (u.contains("also_home")) unit.also_home = location_list(d, u["also_home"]);
    unit.moves_as_irregular = u.value("moves_as_irregular", false);
    unit.immobile = u.value("immobile", false);
    unit.counts_for_stacking = u.value("counts_for_stacking", true);
    unit.number = u.value("number", 0);
    if (u.contains("aligned_with")) unit.aligned_with = side_or_null(u["aligned_with"]);
    check(!d.find_unit(unit.id) && !d.find_location(unit.id), "unit id " + unit.id + " is not unique");
    d.units.push_back(std::move(unit));
  }
  for (const auto& n : j.at("naval")) {
    NavalPiece piece;
    piece.id = n.at("id").get<std::string>();
    piece.name = n.at("name").get<std::string>();
    piece.side = side_names.parse(n.at("side").get<std::string>(), "side");
    piece.kind = naval_kind_names.parse(n.at("kind").get<std::string>(), "naval kind");
    piece.naval_modifier = n.value("naval_modifier", 0);
    if (n.contains("effect")) piece.effect = naval_effect(d, n["effect"]);
    d.naval.push_back(std::move(piece));
  }
}

void load_setup(GameData& d, const DataFiles& files) {
  const json j = parse_file(files, "setup", "warpath/mohicans/setup v1");
  auto& s = d.setup;
  s.year = j.at("year").get<int>();
  for (Side side : both_sides) {
    const std::string name(side_names(side));
    s.fort_markers[index_of(side)] = location_list(d, j.at("fort_markers").at(name));
    s.force_pool[index_of(side)] = unit_list(d, j.at("force_pool").at(name));
    s.awaiting_reinforcement[index_of(side)] = unit_list(d, j.at("awaiting_reinforcement").at(name));
  }
  for (const auto& p : j.at("placements")) {
    Placement placement;
    placement.unit = d.unit_index(p.at("unit").get<std::string>());
    if (p.contains("location"))
      placement.location = d.location_index(p["location"].get<std::string>());
    else
      placement.choice = location_list(d, p.at("choice"));
    s.placements.push_back(std::move(placement));
  }
  s.coureurs_with_tribes = unit_list(d, j.at("coureurs_with_tribes"));
  s.sea_lift = d.naval_index(j.at("sea_lift").at("piece").get<std::string>());
  for (const auto& [alternate, on_map] : j.at("iroquois_alternates").items()) {
    const UnitIndex a = d.unit_index(alternate), b = d.unit_index(on_map.get<std::string>());
    s.iroquois_alternates.push_back(a);
    d.units[static_cast<std::size_t>(a)].twin = b;
    d.units[static_cast<std::size_t>(b)].twin = a;
  }
}

void load_reinforcements(GameData& d, const DataFiles& files) {
  const json j = parse_file(files, "reinforcements", "warpath/mohicans/reinforcements v1");
  auto& r = d.reinforcements;
  for (Side side : both_sides)
    for (const auto& [year, ids] : j.at("historical").at(std::string(side_names(side))).items())
      r.historical[index_of(side)][std::stoi(year)] = unit_list(d, ids);
  const json& random = j.at("historical_random");
  r.random_side = side_names.parse(random.at("side").get<std::string>(), "side");
  r.random_units = unit_list(d, random.at("units"));
  r.random_from_year = random.at("from_year").get<int>();
  r.random_die = random.at("die").get<int>();
  r.random_enters_on = random.at("enters_on").get<int>();
  r.yearly_supply_convoy = j.at("historical_yearly_supply_convoy").get<bool>();
  for (const auto& f : j.at("shovel_forts"))
    r.shovel_forts.emplace_back(
        d.location_index(f.at("location").get<std::string>()),
        ShovelFort{f.at("year").get<int>(), side_names.parse(f.at("side").get<std::string>(), "side")});
  for (Side side : both_sides) {
    const json& rest = j.at("restoration").at(std::string(side_names(side)));
    r.restoration[index_of(side)].militia = rest.at("militia").get<int>();
    if (!rest.at("homes").is_null()) r.restoration[index_of(side)].homes = location_list(d, rest["homes"]);
  }
}

Roll roll_of(const json& j) { return {j.at("dice").get<int>(), j.at("add").get<int>()}; }

void load_tables(GameData& d, const DataFiles& files) {
  const json j = parse_file(files, "tables", "warpath/mohicans/tables v1");
  auto& t = d.tables;
  for (const auto& turn : j.at("turns"))
    t.turns.push_back({turn.at("year").get<int>(), season_names.parse(turn.at("season").get<std::string>(), "season")});
  for (Side side : both_sides) {
    const json& sp = j.at("supply_points").at(std::string(side_names(side)));
    t.supply_points[index_of(side)].land = roll_of(sp.at("land"));
    if (sp.contains("sea")) t.supply_points[index_of(side)].sea = roll_of(sp["sea"]);
    t.spring_muster[index_of(side)] = j.at("spring_muster").at(std::string(side_names(side))).get<int>();
  }
  const json& m = j.at("movement");
  t.mp_per_supply_point = m.at("mp_per_supply_point").get<int>();
  t.irregular_moves = m.at("irregular_moves").get<int>();
  t.trail_mp = m.at("trail_mp").get<int>();
  t.road_mp = m.at("road_mp").get<int>();
  t.waterway_mp = m.at("waterway_mp").get<int>();
  t.lake_mp = m.at("lake_mp").get<int>();
  t.outmaneuver_cost_sp = j.at("outmaneuver_cost_sp").get<int>();
  t.fort_burn_moves = j.at("fort_burn_moves").get<int>();
  t.sea_lift_stage_cost = j.at("sea_lift_stage_cost").get<int>();
  t.iroquois_spring_muster = j.at("spring_muster").at("iroquois").get<int>();
  t.strategic_movement_regulars = j.at("strategic_movement").at("regulars").get<int>();
  const json& gv = j.at("great_victory");
  t.great_victory_forts_destroyed_per = gv.at("forts_destroyed_per").get<int>();
  t.great_victory_raid_markers_per = gv.at("raid_markers_per").get<int>();
  t.great_victory_regulars_each_side = gv.at("battle_regulars_each_side").get<int>();
  auto die_of = [](const json& faces) {
    return CombatDie{faces.at("blank").get<int>(), faces.at("hit").get<int>(), faces.value("double_hit", 0),
                     faces.at("kill").get<int>()};
  };
  t.white_die = die_of(j.at("combat_dice").at("white"));
  t.black_die = die_of(j.at("combat_dice").at("black"));
  t.max_melee_rounds = j.at("max_rounds").at("melee").get<int>();
  t.max_assault_rounds = j.at("max_rounds").at("assault").get<int>();
  t.siege_dice = j.at("siege_roll").at("dice").get<int>();
  for (const auto& [id, bonus] : j.at("siege_defender_bonus").at("cities").items())
    t.siege_city_bonus.emplace_back(d.location_index(id), bonus.get<int>());
  t.siege_port_or_waterway_bonus = j.at("siege_defender_bonus").at("port_or_waterway").get<int>();
  const json& v = j.at("victory");
  t.victory.french_all_of = location_list(d, v.at("french").at("all_of"));
  t.victory.french_one_of = location_list(d, v.at("french").at("one_of"));
  t.victory.british_count = v.at("british").at("count").get<int>();
  t.victory.british_of = location_list(d, v.at("british").at("of"));
  t.victory.british_one_of = location_list(d, v.at("british").at("one_of"));
}

template <typename T, typename Key>
int count_if(const std::vector<T>& items, Key key) {
  return static_cast<int>(std::count_if(items.begin(), items.end(), key));
}

void check_counts(const GameData& d) {
  auto expect = [](int got, int want, const std::string& what) {
    check(got == want, what + ": " + std::to_string(got) + " instead of " + std::to_string(want));
  };
  expect(static_cast<int>(d.locations.size()), 97, "locations");
  const std::array<int, 5> by_type = {12, 30, 15, 3, 37};
  for (std::size_t t = 0; t < by_type.size(); ++t)
    expect(count_if(d.locations, [&](const Location& l) { return static_cast<std::size_t>(l.type) == t; }), by_type[t],
           std::string(location_type_names(static_cast<LocationType>(t))) + " locations");
  const std::array<int, 4> by_owner = {25, 34, 9, 29};
  for (std::size_t o = 0; o < by_owner.size(); ++o)
    expect(count_if(d.locations, [&](const Location& l) { return static_cast<std::size_t>(l.owner) == o; }),
           by_owner[o], std::string(owner_names(static_cast<Owner>(o))) + " locations at the start");
  expect(count_if(d.locations, [](const Location& l) { return l.port; }), 20, "ports");
  expect(static_cast<int>(d.connections.size()), 131, "drawn connections");
  const std::array<int, 3> by_line = {33, 59, 39};
  for (std::size_t t = 0; t < by_line.size(); ++t)
    expect(count_if(d.connections, [&](const Connection& c) { return static_cast<std::size_t>(c.type) == t; }),
           by_line[t], std::string(line_type_names(static_cast<LineType>(t))) + " connections");
  expect(static_cast<int>(d.lakes.size()), 5, "lakes");
  expect(static_cast<int>(d.naval_spots.size()), 4, "naval insert spots");
  expect(static_cast<int>(d.units.size()), 155, "unit counters");
  const std::array<int, 4> by_side = {56, 63, 12, 24};
  for (std::size_t s = 0; s < by_side.size(); ++s)
    expect(count_if(d.units, [&](const Unit& u) { return static_cast<std::size_t>(u.side) == s; }), by_side[s],
           std::string(unit_side_names(static_cast<UnitSide>(s))) + " counters");
  for (Side side : both_sides) {
    expect(count_if(d.naval, [&](const NavalPiece& n) { return n.side == side; }), side == Side::french ? 4 : 5,
           std::string(side_names(side)) + " naval pieces");
    expect(static_cast<int>(d.setup.fort_markers[index_of(side)].size()), 7,
           std::string(side_names(side)) + " fort markers");
  }
  expect(static_cast<int>(d.tables.turns.size()), 12, "turns");
}

void check_consistency(const GameData& d) {
  // Every counter starts in exactly one place: on the map, with a tribe, in a pool, awaiting, or as
  // an Iroquois twin off the map.
  std::vector<int> seen(d.units.size(), 0);
  auto mark = [&](UnitIndex u) { ++seen.at(static_cast<std::size_t>(u)); };
  for (const auto& p : d.setup.placements) {
    mark(p.unit);
    const Unit& unit = d.unit(p.unit);
    for (LocationIndex l : p.location == no_location ? p.choice : std::vector<LocationIndex>{p.location}) {
      const Owner owner = d.location(l).owner;
      if (unit.side == UnitSide::french || unit.side == UnitSide::british)
        check(owner == (unit.side == UnitSide::french ? Owner::french : Owner::british),
              unit.id + " starts where its side does not hold");
    }
  }
  for (UnitIndex u : d.setup.coureurs_with_tribes) {
    mark(u);
    check(d.unit(u).kind == UnitKind::coureur_de_bois, d.unit(u).id + " is not a Coureur de Bois");
  }
  for (Side side : both_sides) {
    for (UnitIndex u : d.setup.force_pool[index_of(side)]) mark(u);
    for (UnitIndex u : d.setup.awaiting_reinforcement[index_of(side)]) {
      mark(u);
      check(d.unit(u).kind == UnitKind::european_regular,
            d.unit(u).id + ": only European regulars wait as reinforcements");
    }
    for (LocationIndex l : d.setup.fort_markers[index_of(side)])
      check(d.location(l).owner == owner_of(side) && d.location(l).fort_marker_at_start,
            d.location(l).id + ": fort marker at the start");
  }
  for (UnitIndex u : d.setup.iroquois_alternates) mark(u);
  for (std::size_t u = 0; u < seen.size(); ++u)
    check(seen[u] == 1, d.units[u].id + " starts in " + std::to_string(seen[u]) + " places instead of one");
  for (const auto& unit : d.units) {
    const bool homed = unit.kind == UnitKind::militia || unit.kind == UnitKind::tribe ||
                       unit.kind == UnitKind::iroquois || unit.kind == UnitKind::garrison;
    check(homed == (unit.home != no_location), unit.id + ": a home exactly for militia, tribes, Iroquois, garrisons");
    if (unit.kind == UnitKind::tribe) check(d.location(unit.home).owner == Owner::native, unit.id + ": home village");
    if (unit.kind == UnitKind::iroquois) {
      check(d.location(unit.home).iroquois_village, unit.id + ": home must be an Iroquois village");
      check(unit.twin != no_unit && unit.aligned_with.has_value() && d.unit(unit.twin).home == unit.home &&
                d.unit(unit.twin).aligned_with != unit.aligned_with,
            unit.id + ": Iroquois twins");
    }
  }
  check(d.naval_piece(d.setup.sea_lift).kind == NavalKind::sea_lift, "the set-up's Sea Lift");
  for (const auto& [location, fort] : d.reinforcements.shovel_forts)
    check(d.location(location).shovel_fort && d.location(location).shovel_fort->year == fort.year,
          d.location(location).id + ": shovel fort year");
}

}  // namespace

std::optional<LocationIndex> GameData::find_location(std::string_view id) const {
  return find_by_id<LocationIndex>(locations, id);
}
std::optional<UnitIndex> GameData::find_unit(std::string_view id) const { return find_by_id<UnitIndex>(units, id); }
std::optional<NavalIndex> GameData::find_naval(std::string_view id) const { return find_by_id<NavalIndex>(naval, id); }
std::optional<std::size_t> GameData::find_spot(std::string_view id) const {
  return find_by_id<std::size_t>(naval_spots, id);
}

LocationIndex GameData::location_index(std::string_view id) const {
  if (auto l = find_location(id)) return *l;
  reject("unknown location '" + std::string(id) + "'");
}
UnitIndex GameData::unit_index(std::string_view id) const {
  if (auto u = find_unit(id)) return *u;
  reject("unknown unit '" + std::string(id) + "'");
}
NavalIndex GameData::naval_index(std::string_view id) const {
  if (auto n = find_naval(id)) return *n;
  reject("unknown naval piece '" + std::string(id) + "'");
}

std::vector<NavalIndex> GameData::naval_war_pieces(Side side) const {
  std::vector<NavalIndex> out;
  for (std::size_t n = 0; n < naval.size(); ++n)
    if (naval[n].side == side && naval[n].kind != NavalKind::sea_lift) out.push_back(static_cast<NavalIndex>(n));
  return out;
}

GameData load_game_data(const DataFiles& files) {
  GameData d;
  try {
    load_map(d, files);
    load_pieces(d, files);
    load_setup(d, files);
    load_reinforcements(d, files);
    load_tables(d, files);
  } catch (const nlohmann::json::exception& e) {
    reject(e.what());
  }
  check_counts(d);
  check_consistency(d);
  return d;
}

GameData load_game_data() {
  return load_game_data([](std::string_view name) { return std::string(embedded_data_file(name)); });
}

const GameData& game_data() {
  static const GameData data = load_game_data();
  return data;
}

}  // namespace warpath::mohicans
