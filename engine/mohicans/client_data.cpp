// Mohicans' component data as a client draws it (client_data.hpp): facts only, taken from the
// typed GameData (ids, names, types, flags, positions), plus the drawing positions GameData does
// not keep (the lakes' labels and the naval insert's box), read from the embedded map.json. No
// rule is decided from it.

#include "engine/mohicans/client_data.hpp"

#include <string>

#include "engine/mohicans/data.hpp"
#include "engine/mohicans/embedded_data.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {
namespace {

using nlohmann::json;

json location_id_or_null(const GameData& d, LocationIndex l) {
  return l == no_location ? json(nullptr) : json(d.location(l).id);
}

json location_json(const GameData& d, const Location& l) {
  json lakes = json::array();
  for (auto lake : l.lakes) lakes.push_back(d.lakes.at(static_cast<std::size_t>(lake)).id);
  return {{"id", l.id},
          {"name", l.name},
          {"type", location_type_names(l.type)},
          {"terrain", terrain_names(l.terrain)},
          {"owner", owner_names(l.owner)},
          {"port", l.port},
          {"lakes", lakes},
          {"fort_marker_at_start", l.fort_marker_at_start},
          {"shovel_fort", l.shovel_fort ? json{{"year", l.shovel_fort->year}, {"side", side_names(l.shovel_fort->side)}}
                                        : json(nullptr)},
          {"iroquois_village", l.iroquois_village},
          {"iroquois_land", l.iroquois_land},
          {"supply_base", side_or_null(l.supply_base)},
          {"objective_of", side_or_null(l.objective_of)},
          {"stacking_limit", l.stacking_limit},
          {"map", {{"x", l.x}, {"y", l.y}}}};
}

json unit_json(const GameData& d, const Unit& u) {
  json out = {{"id", u.id},
              {"side", unit_side_names(u.side)},
              {"kind", unit_kind_names(u.kind)},
              {"category", category_names(u.category)},
              {"name", u.name},
              {"life_points", u.life_points},
              {"home", location_id_or_null(d, u.home)}};
  if (u.number) out["number"] = u.number;
  if (u.aligned_with) out["aligned_with"] = side_names(*u.aligned_with);
  return out;
}

json build() {
  const GameData& d = game_data();
  const json map = json::parse(embedded_data_file("map"));
  json locations = json::array();
  for (const auto& l : d.locations) locations.push_back(location_json(d, l));
  json connections = json::array();
  for (const auto& c : d.connections)
    connections.push_back({{"id", c.id},
                           {"a", d.location(c.a).id},
                           {"b", d.location(c.b).id},
                           {"type", line_type_names(c.type)},
                           {"via", line_via_names(c.via)}});
  json lakes = json::array();
  for (const auto& raw : map.at("lakes")) {
    lakes.push_back(
        {{"id", raw.at("id")}, {"name", raw.at("name")}, {"members", raw.at("members")}, {"label", raw.at("label")}});
  }
  json units = json::array();
  for (const auto& u : d.units) units.push_back(unit_json(d, u));
  json naval = json::array();
  for (const auto& n : d.naval)
    naval.push_back({{"id", n.id},
                     {"side", side_names(n.side)},
                     {"kind", naval_kind_names(n.kind)},
                     {"name", n.name},
                     {"naval_modifier", n.naval_modifier}});
  json spots = json::array();
  for (const auto& raw : map.at("naval_insert").at("spots"))
    spots.push_back({{"id", raw.at("id")}, {"name", raw.at("name")}, {"port", raw.at("port")}, {"map", raw.at("map")}});
  json turns = json::array();
  for (const auto& t : d.tables.turns) turns.push_back({{"year", t.year}, {"season", season_names(t.season)}});
  json bases = json::object();
  for (Side side : both_sides) {
    json ids = json::array();
    for (LocationIndex l : d.supply_bases[index_of(side)]) ids.push_back(d.location(l).id);
    bases[std::string(side_names(side))] = ids;
  }
  return {{"title", "mohicans"},
          {"map_width", map.at("map_width")},
          {"map_height", map.at("map_height")},
          {"locations", locations},
          {"connections", connections},
          {"lakes", lakes},
          {"supply_bases", bases},
          {"units", units},
          {"naval", naval},
          {"naval_insert", {{"spots", spots}, {"map", map.at("naval_insert").at("map")}}},
          {"turns", turns}};
}

}  // namespace

const json& client_component_data() {
  static const json data = build();
  return data;
}

}  // namespace warpath::mohicans
