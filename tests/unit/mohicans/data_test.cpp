// The component data: it loads, matches the rulebook's counts, and a broken file is refused.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/mohicans/data.hpp"
#include "engine/mohicans/embedded_data.hpp"

using namespace warpath::mohicans;
using nlohmann::json;

namespace {

int count_units(const GameData& d, UnitSide side, UnitKind kind) {
  return static_cast<int>(
      std::count_if(d.units.begin(), d.units.end(), [&](const Unit& u) { return u.side == side && u.kind == kind; }));
}

bool adjacent(const GameData& d, const char* a, const char* b, LineType type) {
  const auto& from = d.location(d.location_index(a));
  return std::any_of(from.neighbours.begin(), from.neighbours.end(),
                     [&](const Adjacent& n) { return n.to == d.location_index(b) && n.type == type; });
}

// The embedded files with one of them changed by `edit`.
DataFiles edited(const std::string& name, void (*edit)(json&)) {
  return [name, edit](std::string_view file) {
    std::string text(embedded_data_file(file));
    if (file != name) return text;
    json j = json::parse(text);
    edit(j);
    return j.dump();
  };
}

}  // namespace

TEST_CASE("the data loads and matches the rulebook's counts (COMPONENTS, PLAYING PIECES)") {
  const GameData& d = game_data();
  CHECK(d.locations.size() == 97);
  CHECK(d.connections.size() == 131);
  CHECK(d.lakes.size() == 5);
  CHECK(d.units.size() == 155);
  CHECK(d.naval.size() == 9);
  CHECK(d.naval_war_pieces(Side::french).size() == 4);
  CHECK(d.naval_war_pieces(Side::british).size() == 4);  // the Sea Lift does not sail in the naval war
  CHECK(count_units(d, UnitSide::british, UnitKind::european_regular) == 29);
  CHECK(count_units(d, UnitSide::british, UnitKind::colonial_regular) == 9);
  CHECK(count_units(d, UnitSide::british, UnitKind::ranger) == 3);
  CHECK(count_units(d, UnitSide::british, UnitKind::militia) == 22);
  CHECK(count_units(d, UnitSide::french, UnitKind::european_regular) == 24);
  CHECK(count_units(d, UnitSide::french, UnitKind::garrison) == 2);
  CHECK(count_units(d, UnitSide::french, UnitKind::troupes_de_marine) == 8);
  CHECK(count_units(d, UnitSide::french, UnitKind::coureur_de_bois) == 6);
  CHECK(count_units(d, UnitSide::french, UnitKind::militia) == 16);
  CHECK(count_units(d, UnitSide::iroquois, UnitKind::iroquois) == 12);
  CHECK(count_units(d, UnitSide::native, UnitKind::tribe) == 24);
  for (const auto& u : d.units) {
    if (u.kind == UnitKind::tribe) CHECK((u.number >= 7 && u.number <= 30));
    if (u.kind == UnitKind::iroquois) CHECK(d.unit(u.twin).twin == d.unit_index(u.id));
    if (u.kind == UnitKind::troupes_de_marine) CHECK((u.category == Category::regular && u.moves_as_irregular));
  }
  const auto& garrison = d.unit(d.unit_index("fr_gar_quebec"));
  CHECK((garrison.immobile && !garrison.counts_for_stacking));
  CHECK(d.location(d.location_index("quebec")).stacking_limit == 10);
  CHECK(d.location(d.location_index("albany")).stacking_limit == 5);
  CHECK(d.location(d.location_index("quebec")).supply_base == Side::french);
  CHECK(d.location(d.location_index("albany")).objective_of == Side::french);
  CHECK(d.location(d.location_index("louisbourg")).objective_of == Side::british);
}

TEST_CASE("the tables hold the turn track, the Supply Points rolls and the victory conditions") {
  const Tables& t = game_data().tables;
  REQUIRE(t.turns.size() == 12);
  CHECK((t.turns.front().year == 1754 && t.turns.front().season == Season::single));
  CHECK((t.turns[1].year == 1755 && t.turns[1].season == Season::spring));
  CHECK((t.turns[2].year == 1755 && t.turns[2].season == Season::summer));
  CHECK((t.turns.back().year == 1760 && t.turns.back().season == Season::single));
  CHECK((t.supply_points[0].land.dice == 2 && t.supply_points[0].land.add == 4 && !t.supply_points[0].sea));
  CHECK((t.supply_points[1].land.dice == 2 && t.supply_points[1].land.add == 6));
  CHECK((t.supply_points[1].sea->dice == 1 && t.supply_points[1].sea->add == 0));
  CHECK(t.spring_muster == std::array<int, 2>{3, 4});
  CHECK(t.strategic_movement_regulars == 5);
  CHECK(t.victory.british_count == 3);
}

TEST_CASE("the map joins the places of the rulebook's movement examples") {
  const GameData& d = game_data();
  CHECK(adjacent(d, "montreal", "chambly", LineType::road));
  CHECK(adjacent(d, "chambly", "ft_carillon", LineType::waterway));  // by lake (ambiguity 24)
  CHECK(adjacent(d, "ft_carillon", "william_henry", LineType::trail));
  CHECK(adjacent(d, "albany", "ft_george", LineType::trail));
  CHECK(adjacent(d, "ft_george", "william_henry", LineType::trail));
  for (std::size_t a = 0; a < d.locations.size(); ++a)  // every way of moving works both ways
    for (const auto& n : d.locations[a].neighbours) {
      const auto& back = d.location(n.to).neighbours;
      CHECK(std::any_of(back.begin(), back.end(), [&](const Adjacent& m) {
        return m.to == static_cast<LocationIndex>(a) && m.type == n.type && m.via == n.via;
      }));
    }
}

TEST_CASE("a broken data file is refused at load, naming the problem") {
  CHECK_NOTHROW(load_game_data());
  CHECK_THROWS_WITH_AS(load_game_data(edited("pieces", [](json& j) { j["units"][0]["side"] = "french"; })),
                       doctest::Contains("french counters: 57 instead of 56"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(load_game_data(edited("setup", [](json& j) { j["placements"][0]["location"] = "atlantis"; })),
                       doctest::Contains("unknown location 'atlantis'"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(load_game_data(edited("setup", [](json& j) { j["placements"][0]["location"] = "quebec"; })),
                       doctest::Contains("starts where its side does not hold"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      load_game_data(edited("map", [](json& j) { j["connections"][0]["b"] = j["connections"][0]["a"]; })),
      doctest::Contains("joins a location to itself"), std::invalid_argument);
  CHECK_THROWS_AS(load_game_data(edited("tables", [](json& j) { j.erase("turns"); })), std::invalid_argument);
}
