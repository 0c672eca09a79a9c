// The client data (GET /api/titles/mohicans/data): every location, line, lake, counter, naval
// piece and turn of the GameData, each id resolving, and no naval piece's effect (only its face).
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "engine/mohicans/client_data.hpp"
#include "engine/mohicans/data.hpp"
#include "engine/mohicans/module.hpp"

using namespace warpath::mohicans;
using nlohmann::json;

TEST_CASE("client data: the map, the counters and the turn track, as the module serves them") {
  const GameData& d = game_data();
  const json& c = client_component_data();
  CHECK(make_mohicans()->client_data() == c);
  CHECK(c.at("map_width") == 1000);
  CHECK(c.at("map_height") == 630);
  REQUIRE(c.at("locations").size() == d.locations.size());
  CHECK(c.at("locations").size() == 97);
  CHECK(c.at("connections").size() == 131);
  CHECK(c.at("lakes").size() == d.lakes.size());
  CHECK(c.at("units").size() == 155);
  CHECK(c.at("naval").size() == 9);
  CHECK(c.at("turns").size() == 12);
  CHECK(c.at("naval_insert").at("spots").size() == 4);
  std::set<std::string> ids;
  for (const auto& l : c.at("locations")) ids.insert(l.at("id").get<std::string>());
  for (const auto& line : c.at("connections")) {
    CHECK(ids.count(line.at("a").get<std::string>()) == 1);
    CHECK(ids.count(line.at("b").get<std::string>()) == 1);
  }
  for (const auto& lake : c.at("lakes"))
    for (const auto& m : lake.at("members")) CHECK(ids.count(m.get<std::string>()) == 1);
  const json& montreal = *std::find_if(c.at("locations").begin(), c.at("locations").end(),
                                       [](const json& l) { return l.at("id") == "montreal"; });
  CHECK(montreal.at("type") == "city");
  CHECK(montreal.at("supply_base") == "french");
  CHECK(montreal.at("objective_of") == "british");
  CHECK(montreal.at("map").contains("x"));
  for (const auto& n : c.at("naval")) CHECK_FALSE(n.contains("effect"));
  CHECK(c.at("turns").front() == json{{"year", 1754}, {"season", "single"}});
}
