#pragma once
// Mohicans' component data (data/*.json, field by field in README.md) as typed, immutable C++
// structures, loaded once and checked at load: every id resolves, and the counts the rulebook and
// the reference give (locations, lines, counters, naval pieces, set-up) hold. Everything refers to
// locations, units and naval pieces by index.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/mohicans/names.hpp"

namespace warpath::mohicans {

using LocationIndex = std::int16_t;
using UnitIndex = std::int16_t;
using NavalIndex = std::int8_t;
inline constexpr LocationIndex no_location = -1;
inline constexpr UnitIndex no_unit = -1;

struct ShovelFort {  // Deployment: a fort that appears at the start of `year` unless the other side holds the place
  int year = 0;
  Side side = Side::french;
};

struct Adjacent {  // one way of moving to a neighbour: a drawn line or a shared lake
  LocationIndex to = no_location;
  LineType type = LineType::road;
  LineVia via = LineVia::overland;
};

struct Location {
  std::string id;
  std::string name;
  LocationType type = LocationType::town;
  Terrain terrain = Terrain::woods;  // printed; forts, cities and raids change a battle's (ambiguity 25)
  Owner owner = Owner::french;       // at the start; a side's original holdings are the places it owns here
  bool port = false;
  std::vector<std::int8_t> lakes;  // indices into GameData::lakes
  bool fort_marker_at_start = false;
  std::optional<ShovelFort> shovel_fort;
  bool iroquois_village = false;
  bool iroquois_land = false;
  int stacking_limit = 5;            // LAND STACKING, by type
  std::optional<Side> supply_base;   // Bases of Operations
  std::optional<Side> objective_of;  // VICTORY CONDITIONS: the side whose objective it is
  std::vector<Adjacent> neighbours;  // drawn lines and lake pairs, each neighbour once per way
  double x = 0, y = 0;               // drawing position

  bool permanently_fortified() const { return type == LocationType::city; }
  bool original_holding_of(Side side) const { return owner == owner_of(side); }
};

struct Connection {
  std::string id;
  LocationIndex a = no_location, b = no_location;
  LineType type = LineType::road;
  LineVia via = LineVia::overland;
};

struct Lake {
  std::string id;
  std::string name;
  std::vector<LocationIndex> members;
};

struct NavalSpot {  // the Naval War Insert's anchor spots
  std::string id;
  std::string name;
  LocationIndex port = no_location;
  LocationIndex bonus_to_holder_of = no_location;  // SEA CONTROL AND LOUISBOURG: +1 to its holder, or none
  int bonus = 0;
};

struct Unit {
  std::string id;
  std::string name;
  UnitSide side = UnitSide::french;
  UnitKind kind = UnitKind::european_regular;
  Category category = Category::regular;
  int life_points = 2;
  LocationIndex home = no_location;      // militia, tribes, Iroquois, garrisons
  std::vector<LocationIndex> also_home;  // the Seneca's second village
  bool moves_as_irregular = false;       // Troupes de la Marine
  bool immobile = false;                 // the French garrisons
  bool counts_for_stacking = true;
  int number = 0;                    // tribes 7-30, Iroquois 1-6 (ambiguity 20)
  std::optional<Side> aligned_with;  // Iroquois: the colour's side
  UnitIndex twin = no_unit;          // Iroquois: the other-colour counter of the same nation
};

// What a naval piece brings when it gets through (VIII. REINFORCEMENTS).
struct NavalEffect {
  int european_regulars = 0;  // at one friendly port
  int militia_muster = 0;
  int colonial_regulars = 0;
  std::vector<LocationIndex> colonial_regulars_at;
  int tribes_join_coureurs = 0;
  bool one_of = false;  // the French privateer and supply convoy: the tribes or the muster
};

struct NavalPiece {
  std::string id;
  std::string name;
  Side side = Side::french;
  NavalKind kind = NavalKind::naval_squadron;
  int naval_modifier = 0;
  NavalEffect effect;
};

struct Placement {  // SETTING UP: a counter on a location, or on one of a choice of locations
  UnitIndex unit = no_unit;
  LocationIndex location = no_location;
  std::vector<LocationIndex> choice;
};

struct Setup {
  int year = 1754;
  std::array<std::vector<LocationIndex>, 2> fort_markers;  // by Side
  std::vector<Placement> placements;
  std::vector<UnitIndex> coureurs_with_tribes;  // placed one at a time on a green tribe they activate
  NavalIndex sea_lift = -1;                     // placed by the British in any port he holds
  std::array<std::vector<UnitIndex>, 2> force_pool;
  std::array<std::vector<UnitIndex>, 2> awaiting_reinforcement;
  std::vector<UnitIndex> iroquois_alternates;  // the twins not on the map at the start
};

struct Restoration {  // RESTORATION: militia put back each Spring, from these homes only (none: any)
  int militia = 0;
  std::optional<std::vector<LocationIndex>> homes;
};

struct Reinforcements {
  std::array<std::map<int, std::vector<UnitIndex>>, 2> historical;  // by Side, by year
  Side random_side = Side::french;
  std::vector<UnitIndex> random_units;
  int random_from_year = 1755, random_die = 6, random_enters_on = 5;
  bool yearly_supply_convoy = true;
  std::vector<std::pair<LocationIndex, ShovelFort>> shovel_forts;
  std::array<Restoration, 2> restoration;
};

struct Turn {
  int year = 0;
  Season season = Season::single;
  bool first_of_year() const { return season != Season::summer; }
  bool last_of_year() const { return season != Season::spring; }
};

struct Roll {  // a number of d6 plus a constant
  int dice = 0;
  int add = 0;
};

struct SupplyRolls {  // I. SUPPLY POINTS ALLOCATION
  Roll land;
  std::optional<Roll> sea;
};

// IV. COMBAT: Custom Combat Dice — how many faces of each result a die has (ambiguity 2).
struct CombatDie {
  int blank = 0, hit = 0, double_hit = 0, kill = 0;
  int faces() const { return blank + hit + double_hit + kill; }
};

struct Victory {  // VICTORY CONDITIONS
  std::vector<LocationIndex> french_all_of, french_one_of;
  int british_count = 0;
  std::vector<LocationIndex> british_of, british_one_of;
};

struct Tables {
  std::vector<Turn> turns;
  std::array<SupplyRolls, 2> supply_points;
  int mp_per_supply_point = 4, irregular_moves = 6, trail_mp = 2, road_mp = 1, waterway_mp = 1, lake_mp = 1;
  int outmaneuver_cost_sp = 2;
  int fort_burn_moves = 2;
  int sea_lift_stage_cost = 1;
  std::array<int, 2> spring_muster{};  // militia moved, by Side
  int iroquois_spring_muster = 1;
  int strategic_movement_regulars = 5;
  int great_victory_forts_destroyed_per = 2, great_victory_raid_markers_per = 5, great_victory_regulars_each_side = 2;
  Victory victory;
  CombatDie white_die, black_die;                               // IV. COMBAT: Custom Combat Dice
  int max_melee_rounds = 2, max_assault_rounds = 2;             // ambiguity 28
  int siege_dice = 2;                                           // IV. G. Sieges (ambiguity 29)
  std::vector<std::pair<LocationIndex, int>> siege_city_bonus;  // IV. G: +2 at Louisbourg and Québec
  int siege_port_or_waterway_bonus = 2;
};

class GameData {
 public:
  std::vector<Location> locations;
  std::vector<Connection> connections;
  std::vector<Lake> lakes;
  std::vector<NavalSpot> naval_spots;
  std::array<std::vector<LocationIndex>, 2> supply_bases;
  int indigenous_per_location = 5;
  std::vector<Unit> units;
  std::vector<NavalPiece> naval;
  Setup setup;
  Reinforcements reinforcements;
  Tables tables;

  std::optional<LocationIndex> find_location(std::string_view id) const;
  std::optional<UnitIndex> find_unit(std::string_view id) const;
  std::optional<NavalIndex> find_naval(std::string_view id) const;
  std::optional<std::size_t> find_spot(std::string_view id) const;
  // The same, throwing std::invalid_argument for an unknown id.
  LocationIndex location_index(std::string_view id) const;
  UnitIndex unit_index(std::string_view id) const;
  NavalIndex naval_index(std::string_view id) const;

  const Location& location(LocationIndex l) const { return locations.at(static_cast<std::size_t>(l)); }
  const Unit& unit(UnitIndex u) const { return units.at(static_cast<std::size_t>(u)); }
  const NavalPiece& naval_piece(NavalIndex n) const { return naval.at(static_cast<std::size_t>(n)); }
  // The naval pieces of `side` that sail in the naval war (not the Sea Lift), in data order.
  std::vector<NavalIndex> naval_war_pieces(Side side) const;
};

// The text of the data file `name` ("map", "pieces", "setup", "reinforcements", "tables").
using DataFiles = std::function<std::string(std::string_view name)>;
// Parses and checks the data files; throws std::invalid_argument naming the first problem.
GameData load_game_data(const DataFiles& files);
// The same for the embedded data (data/*.json).
GameData load_game_data();
// The embedded data, loaded once.
const GameData& game_data();

}  // namespace warpath::mohicans
