// The static component data a client draws the game from (GameModule::client_data): the map
// (spaces with their boxes on the reference map, terrain, kinds, connections, arrows), the
// militia and leader boxes, the counters and the cards. Built from GameData, so the client has no
// second copy of the map to keep in step. Display data only: no rule is decided from it.

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/module.hpp"

namespace warpath::wilderness_war {
namespace {

using nlohmann::json;

json rect_json(const MapRect& r) { return {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}}; }

json space_json(const GameData& data, const Space& space) {
  json connections = json::array();
  for (const auto& c : space.connections)
    connections.push_back(
        {{"to", data.spaces.at(static_cast<std::size_t>(c.to)).id}, {"type", connection_kind_names(c.kind)}});
  json arrows = json::array();
  for (const auto& a : space.arrows_out)
    arrows.push_back({{"to", data.spaces.at(static_cast<std::size_t>(a.to)).id}, {"kind", arrow_kind_names(a.kind)}});
  json tribes = json::array();
  for (TribeIndex t : space.settlement_tribes) tribes.push_back(data.tribes.at(static_cast<std::size_t>(t)).id);
  json out = {{"id", space.id},
              {"name", space.name},
              {"terrain", terrain_names(space.terrain)},
              {"department", department_names(space.department)},
              {"originally_friendly_to", nullptr},
              {"fortress", space.fortress},
              {"port", space.port},
              {"vp_space", space.vp_space},
              {"holding_box", space.holding_box},
              {"settlement_tribes", tribes},
              {"map", rect_json(space.map)},
              {"connections", connections},
              {"arrows_out", arrows}};
  if (space.originally_friendly_to) out["originally_friendly_to"] = side_names(*space.originally_friendly_to);
  if (!space.fortification_name.empty()) out["fortification_name"] = space.fortification_name;
  return out;
}

json leader_json(const Leader& leader) {
  return {{"id", leader.id},
          {"kind", "leader"},
          {"name", leader.name},
          {"side", side_names(leader.side)},
          {"initiative", leader.initiative},
          {"command", leader.command},
          {"tactics", leader.tactics},
          {"movement", leader.movement}};
}

json unit_json(const GameData& data, const Unit& unit) {
  json out = {{"id", unit.id},
              {"kind", "unit"},
              {"name", unit.name},
              {"side", side_names(unit.side)},
              {"type", unit_type_names(unit.type)},
              {"subtype", unit_subtype_names(unit.subtype)},
              {"class", unit_class_names(unit.unit_class)},
              {"strength_full", unit.strength_full},
              {"strength_reduced", unit.strength_reduced},
              {"movement", unit.movement},
              {"tribe", nullptr}};
  if (unit.tribe != no_tribe) out["tribe"] = data.tribes.at(static_cast<std::size_t>(unit.tribe)).id;
  return out;
}

json card_json(const Card& card) {
  return {{"number", card.number},
          {"name", card.name},
          {"value", card.activation},
          {"side", event_side_names(card.event_side)},
          {"response", card.response},
          {"remove", card.removed_after_event},
          {"reshuffle", card.triggers_reshuffle},
          {"only_1755", card.only_1755}};
}

json build(const GameData& data) {
  json spaces = json::array();
  for (const auto& space : data.spaces) spaces.push_back(space_json(data, space));
  json militia_boxes = json::array();
  for (const auto& box : data.militia_boxes)
    militia_boxes.push_back({{"id", box.id},
                             {"name", box.name},
                             {"department", department_names(box.department)},
                             {"side", side_names(box.side)},
                             {"map", rect_json(box.map)}});
  json leader_boxes = json::array();
  for (const auto& box : data.leader_boxes)
    leader_boxes.push_back({{"id", box.id}, {"leader", data.piece_id(box.leader)}, {"map", rect_json(box.map)}});
  json pieces = json::array();
  for (const auto& leader : data.leaders) pieces.push_back(leader_json(leader));
  for (const auto& unit : data.units) pieces.push_back(unit_json(data, unit));
  json tribes = json::array();
  for (const auto& tribe : data.tribes) {
    json t = {{"id", tribe.id}, {"name", tribe.name}, {"color_group", tribe.color_group}, {"settlement", nullptr}};
    if (tribe.settlement != no_space) t["settlement"] = data.spaces.at(static_cast<std::size_t>(tribe.settlement)).id;
    tribes.push_back(t);
  }
  json cards = json::array();
  for (const auto& card : data.cards) cards.push_back(card_json(card));
  json scenarios = json::array();
  for (const auto& s : data.scenarios)
    scenarios.push_back({{"id", s.id},
                         {"name", s.name},
                         {"start_year", s.start_year},
                         {"start_season", season_names(s.start_season)},
                         {"end_year", s.end_year}});
  int map_height = 0;
  for (const auto& space : data.spaces) map_height = std::max(map_height, space.map.y + space.map.h);
  for (const auto& box : data.militia_boxes) map_height = std::max(map_height, box.map.y + box.map.h);
  for (const auto& box : data.leader_boxes) map_height = std::max(map_height, box.map.y + box.map.h);
  return {{"format", "warpath/wilderness-war/client-data v2"},
          {"map_width", data.map_width},
          {"map_height", map_height},
          {"spaces", spaces},
          {"militia_boxes", militia_boxes},
          {"leader_boxes", leader_boxes},
          {"pools", data.pool_ids},
          {"locations", data.location_ids()},  // views give a piece's location as its number here
          {"pieces", pieces},                  // in the order of a view's "pieces"
          {"tribes", tribes},
          {"cards", cards},
          {"scenarios", scenarios}};
}

}  // namespace

const nlohmann::json& client_component_data() {
  static const json data = build(game_data());
  return data;
}

}  // namespace warpath::wilderness_war
