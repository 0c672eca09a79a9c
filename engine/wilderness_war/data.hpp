#pragma once
// The components of Wilderness War as immutable tables: map, counters, cards, scenarios and charts.
// Parsed once from the JSON files of engine/wilderness_war/data/ (embedded in the binary, written
// by tools/ww_import.py); everything else names spaces, pieces, tribes and cards by small integer
// indices into these tables and uses the string ids only at the JSON boundary.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/wilderness_war/names.hpp"

namespace warpath::wilderness_war {

using SpaceIndex = std::int16_t;
using PieceIndex = std::int16_t;  // leaders first, then units (see GameData::leaders)
using TribeIndex = std::int8_t;
using CardNumber = std::uint8_t;  // the printed card number, 1-70

inline constexpr SpaceIndex no_space = -1;
inline constexpr TribeIndex no_tribe = -1;

// A bad data file, or an id that names nothing.
class DataError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where a piece is: `index` is the space, the militia box, or the leader whose box holds it.
struct Location {
  LocationKind kind = LocationKind::unused;
  std::int16_t index = 0;

  static Location in_space(SpaceIndex space) { return {LocationKind::space, space}; }
  static Location in_militia_box(int box) { return {LocationKind::militia_box, static_cast<std::int16_t>(box)}; }
  static Location in_leader_box(PieceIndex leader) { return {LocationKind::leader_box, leader}; }
  static Location pool(LocationKind kind) { return {kind, 0}; }
  bool operator==(const Location&) const = default;
};

struct MapRect {  // display only: pixels of the reference map image
  int x = 0, y = 0, w = 0, h = 0;
};

struct Connection {
  SpaceIndex to = no_space;
  ConnectionKind kind = ConnectionKind::land;
  bool is_water() const { return kind != ConnectionKind::land; }  // 2.0: usable by land and boat
};

// One-way (2.0): Pays d'en Haut arrows for land or boat movement outward, amphibious arrows for
// British Amphibious Landings only (6.43). Arrow-linked spaces are not adjacent.
struct Arrow {
  SpaceIndex to = no_space;
  ArrowKind kind = ArrowKind::pays_d_en_haut;
};

struct Space {
  std::string id;
  std::string name;
  Terrain terrain = Terrain::wilderness;
  Department department = Department::none;
  std::optional<Side> originally_friendly_to;  // 2.0
  bool fortress = false;
  bool port = false;
  bool vp_space = false;                      // Niagara and Ohio Forks (13.23)
  bool holding_box = false;                   // Halifax, Louisbourg, Pays d'en Haut
  std::vector<TribeIndex> settlement_tribes;  // empty: not a settlement (2.0, 5.531)
  std::string fortification_name;             // historical name on its fort/stockade markers, if any
  MapRect map;
  std::vector<Connection> connections;  // symmetric adjacency, sorted by id of the other end
  std::vector<Arrow> arrows_out;

  bool is_settlement() const { return !settlement_tribes.empty(); }
  bool is_cultivated() const { return terrain == Terrain::cultivated; }
};

struct MilitiaBox {  // 7.3: one per Department
  std::string id;
  std::string name;
  Department department = Department::none;
  Side side = Side::british;
  MapRect map;
};

struct LeaderBox {  // 2.0 Holding Boxes
  std::string id;
  PieceIndex leader = 0;
  MapRect map;
};

struct Leader {  // 3.2
  std::string id;
  std::string name;
  Side side = Side::french;
  int initiative = 0;
  int command = 0;
  int tactics = 0;
  int movement = 0;
  bool seven_command = false;                      // 5.55: at most two on the map
  bool commands_iroquois_and_mohawk_free = false;  // Johnson, 5.534
};

struct Unit {  // 3.1
  std::string id;
  std::string name;
  Side side = Side::french;
  UnitType type = UnitType::regulars;
  UnitSubtype subtype = UnitSubtype::none;
  UnitClass unit_class = UnitClass::drilled_troops;
  int strength_full = 0;
  int strength_reduced = 0;
  int movement = 0;
  TribeIndex tribe = no_tribe;
  bool may_reenter_after_elimination = false;  // 5.52 play note, 7.61

  bool is_regular() const { return type == UnitType::regulars; }  // incl. Marine Detachments (3.11)
};

struct Tribe {  // 5.531
  std::string id;
  std::string name;
  std::string color_group;
  SpaceIndex settlement = no_space;  // no_space: off the map (Cherokee, 10.412)
};

struct IndianGroup {  // the colour groups of 5.531
  std::string id;
  std::string name;
  std::vector<TribeIndex> tribes;
  std::vector<Side> sides;  // which sides have counters of these tribes
};

struct Card {
  CardNumber number = 0;
  std::string name;
  int activation = 0;  // 5.32
  EventSide event_side = EventSide::both;
  bool response = false;             // brown band, 5.56
  bool removed_after_event = false;  // REMOVE, 5.23
  bool triggers_reshuffle = false;   // 5.25 (#6 Surrender!)
  bool anchor = false;               // 6.41: a force may naval move
  bool only_1755 = false;            // #63-70, in the 1755 scenarios only
};

struct Placement {
  PieceIndex piece = 0;
  Location location;
};

struct MarkerPlacement {
  SetupMarker marker = SetupMarker::fort;
  Side side = Side::french;
  SpaceIndex space = no_space;
};

struct SetAsideRule {
  std::vector<PieceIndex> pieces;
  SetAsideTrigger trigger = SetAsideTrigger::first_french_regulars_event;
  std::string description;
};

struct Setup {
  std::string id;
  std::vector<Placement> placements;
  std::vector<MarkerPlacement> markers;
  std::vector<PieceIndex> british_leader_pool;
  std::vector<PieceIndex> removed_from_game;
  std::vector<PieceIndex> set_aside;
  std::vector<SetAsideRule> set_aside_rules;
  std::vector<std::pair<SpaceIndex, Side>> vp_space_holders;  // 13.23
};

struct Scenario {
  std::string id;
  std::string name;
  std::string kind;
  int start_year = 0;
  Season start_season = Season::early;
  int end_year = 0;
  int setup = 0;                           // index into GameData::setups
  int starting_vp = 0;                     // signed: positive = French lead (13.21)
  std::optional<int> starting_vp_variant;  // README ambiguity 1
  Side first_player = Side::french;
  std::array<int, 2> hand_size{};  // by Side
  std::vector<CardNumber> deck;
  std::vector<CardNumber> removed_at_start;
  ProvincialAssemblies provincial_assemblies_start = ProvincialAssemblies::supportive;
  std::vector<LastingEvent> events_in_effect_at_start;
  std::vector<std::string> victory;
  std::vector<std::string> special_rules;
};

// A lasting event that sets one side's hand size from the next deal on; later entries override
// earlier ones (Quiberon Bay over Diplomatic Revolution).
struct HandSizeRule {
  LastingEvent event = LastingEvent::william_pitt;
  CardNumber card = 0;
  Side side = Side::french;
  int hand_size = 0;
};

struct ProvincialLimit {  // 5.54; nullopt: no limit but the counter mix
  ProvincialAssemblies level = ProvincialAssemblies::supportive;
  std::optional<int> northern;
  std::optional<int> southern;
};

struct OptionalRule {
  std::string id;
  std::string rule;
  std::string summary;
};

// A die-roll modifier or column shift of a chart. `tactics_sign` is +1 or -1 when the modifier
// is a leader's Tactics rating rather than a fixed number.
struct Modifier {
  std::string id;
  std::string rule;
  int drm = 0;
  int tactics_sign = 0;
  int column_shift = 0;
};

// The die-roll modifier `id` of a chart: its fixed DRM, or its sign times `tactics`; 0 if absent.
inline int modifier_drm(const std::vector<Modifier>& modifiers, std::string_view id, int tactics = 0) {
  for (const auto& m : modifiers)
    if (m.id == id) return m.drm + m.tactics_sign * tactics;
  return 0;
}

inline constexpr int die_rows = 8;  // modified rolls <=0, 1..6, >=7

// Row of a chart for a modified die roll.
constexpr int die_row(int modified_roll) {
  return modified_roll < 0 ? 0 : (modified_roll > die_rows - 1 ? die_rows - 1 : modified_roll);
}

struct CombatResultsTable {              // 7.0, 9.0
  std::vector<int> column_min_strength;  // column i covers strengths from here to the next one
  std::vector<std::array<int, die_rows>> losses_by_column;
  std::vector<Modifier> battle_modifiers;
  std::vector<Modifier> assault_modifiers;

  int column_for_strength(int strength) const;
  int step_losses(int column, int modified_roll) const { return losses_by_column.at(column)[die_row(modified_roll)]; }
};

struct RaidResult {
  bool success = false;
  int raider_step_losses = 0;
};

enum class RaidColumn : std::uint8_t { stockade_settlement_or_blockhouse, cultivated };

struct RaidTable {                                            // 10.3
  std::array<std::array<RaidResult, die_rows>, 2> results{};  // by RaidColumn
  std::vector<Modifier> modifiers;

  const RaidResult& result(RaidColumn column, int modified_roll) const {
    return results[static_cast<std::size_t>(column)][die_row(modified_roll)];
  }
};

struct SiegeTable {  // 8.23
  std::array<int, die_rows> level_increase{};
  int max_level = 2;
  int fort_assault_level = 1;      // 8.24
  int fortress_assault_level = 2;  // 8.24
  std::vector<Modifier> modifiers;

  int increase(int modified_roll) const { return level_increase[die_row(modified_roll)]; }
};

struct VictoryPointAward {  // 13.0 Victory Point Table
  std::string id;
  std::string rule;
  int half_points = 0;  // in halves: a Raided marker is worth half a VP (13.22)
};

struct Tables {
  CombatResultsTable combat_results;
  RaidTable raid;
  SiegeTable siege;
  int fort_capacity = 4;  // 8.11
  std::vector<VictoryPointAward> victory_points;
  int leader_alone_movement = 6;  // 6.21
  int boat_movement = 9;          // 6.3
};

// Every component table, parsed once. Construct from the embedded files with game_data().
class GameData {
 public:
  // Parses the five data files' texts; throws DataError when they are inconsistent.
  GameData(std::string_view spaces_json, std::string_view pieces_json, std::string_view cards_json,
           std::string_view scenarios_json, std::string_view tables_json);

  std::vector<Space> spaces;
  std::vector<MilitiaBox> militia_boxes;
  std::vector<LeaderBox> leader_boxes;
  std::vector<std::string> pool_ids;           // ids of the off-map pools (british_leader_pool, unused, ...)
  std::vector<SpaceIndex> french_naval_ports;  // 6.4
  std::vector<Leader> leaders;
  std::vector<Unit> units;
  std::vector<Tribe> tribes;
  std::vector<IndianGroup> indian_groups;
  std::vector<Card> cards;  // cards[n - 1] is card #n
  std::vector<Scenario> scenarios;
  std::vector<Setup> setups;
  std::vector<HandSizeRule> hand_size_rules;
  std::vector<ProvincialLimit> provincial_limits;  // by ProvincialAssemblies
  std::vector<OptionalRule> optional_rules;
  Tables tables;
  int map_width = 0;

  // Derived lists, in map order.
  std::vector<SpaceIndex> fortresses;
  std::vector<SpaceIndex> vp_spaces;
  std::vector<SpaceIndex> ports;

  // Pieces: leaders are 0..leaders.size()-1, units follow.
  int piece_count() const { return static_cast<int>(leaders.size() + units.size()); }
  bool is_leader(PieceIndex piece) const { return piece >= 0 && static_cast<std::size_t>(piece) < leaders.size(); }
  const Leader& leader(PieceIndex piece) const { return leaders.at(static_cast<std::size_t>(piece)); }
  const Unit& unit(PieceIndex piece) const { return units.at(static_cast<std::size_t>(piece) - leaders.size()); }
  const std::string& piece_id(PieceIndex piece) const;
  // Inline and unchecked: the rules ask it for every piece many times per action.
  Side piece_side(PieceIndex piece) const { return piece_sides_[static_cast<std::size_t>(piece)]; }
  PieceIndex unit_piece(std::size_t unit_index) const { return static_cast<PieceIndex>(leaders.size() + unit_index); }

  const Card& card(CardNumber number) const { return cards.at(static_cast<std::size_t>(number) - 1); }

  // Lookups by id; nullopt (or nullptr) when nothing has that id.
  std::optional<SpaceIndex> find_space(std::string_view id) const;
  std::optional<PieceIndex> find_piece(std::string_view id) const;
  std::optional<TribeIndex> find_tribe(std::string_view id) const;
  std::optional<int> find_militia_box(std::string_view id) const;
  const Scenario* find_scenario(std::string_view id) const;
  // The same lookups, throwing DataError naming the id.
  SpaceIndex space_index(std::string_view id) const;
  PieceIndex piece_index(std::string_view id) const;
  TribeIndex tribe_index(std::string_view id) const;

  // Location ids are unique across spaces, militia boxes, leader boxes and pools.
  std::string location_id(Location location) const;
  std::optional<Location> find_location(std::string_view id) const;
  // Every location numbered: spaces, militia boxes, leader boxes, pools, in data order. Views
  // send a piece's location as its number (the client data lists the ids in this order).
  const std::vector<std::string>& location_ids() const { return location_ids_; }
  // The spaces in the order of their ids: as a JSON object keyed by space id lists them.
  const std::map<std::string, SpaceIndex, std::less<>>& spaces_by_id() const { return space_by_id_; }
  int location_number(Location location) const;

 private:
  void parse_spaces(const nlohmann::json& doc);
  void parse_connections(const nlohmann::json& j, Space& space) const;
  void parse_pieces(const nlohmann::json& doc);
  Tribe parse_tribe(const nlohmann::json& j) const;
  Unit parse_unit(const nlohmann::json& j) const;
  void parse_leader_boxes(const nlohmann::json& spaces_doc);
  void parse_cards(const nlohmann::json& doc);
  void parse_scenarios(const nlohmann::json& doc);
  Setup parse_setup(const nlohmann::json& j) const;
  Scenario parse_scenario(const nlohmann::json& j) const;
  std::vector<PieceIndex> pieces_named(const nlohmann::json& ids) const;
  void parse_tables(const nlohmann::json& doc);
  void index_locations();
  void derive_space_lists();

  std::vector<Side> piece_sides_;  // by PieceIndex
  std::map<std::string, SpaceIndex, std::less<>> space_by_id_;
  std::map<std::string, PieceIndex, std::less<>> piece_by_id_;
  std::map<std::string, Location, std::less<>> location_by_id_;
  std::vector<std::string> location_ids_;  // by location number
  std::vector<int> leader_box_number_;     // by PieceIndex; -1 for a piece without a box
  std::array<int, 8> pool_number_{};       // by LocationKind; -1 for a kind that is no pool
};

// The game data parsed from the embedded files; built on first use and immutable afterwards.
const GameData& game_data();

}  // namespace warpath::wilderness_war
