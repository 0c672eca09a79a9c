#pragma once
// Mohicans' static component data for clients (GameModule::client_data, served at
// GET /api/titles/mohicans/data): the map to draw (locations, lines, lakes, the naval insert), the
// counters' and naval pieces' faces, and the turn track. Built from the loaded GameData, so the
// browser keeps no second copy of the map.

#include <nlohmann/json.hpp>

namespace warpath::mohicans {

// Built once, the same for every game and seat.
const nlohmann::json& client_component_data();

}  // namespace warpath::mohicans
