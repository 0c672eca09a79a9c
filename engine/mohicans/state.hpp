#pragma once
// A Mohicans position: everything the rules need to continue the game, as a compact value (indices
// into GameData, not strings). Serialised losslessly by to_json()/from_json(); the format is in
// engine/mohicans/README.md.
//
// The sequence of play is one table (sequence.hpp): `row` is where the game stands in it and
// `active` the side whose decision it waits for. Each procedure keeps its own named sub-state
// below, set while it runs and cleared when it ends.

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/game_log.hpp"
#include "engine/core/rng.hpp"
#include "engine/mohicans/data.hpp"
#include "engine/mohicans/rule_events.hpp"

namespace warpath::mohicans {

using engine::GameLog;
using engine::LogLine;

struct Options {
  bool historical_reinforcements = false;  // OPTIONAL: Historical Reinforcements instead of the naval war
  bool d6_combat = false;                  // OPTIONAL RULES: D6 Combat (declared; combat reads it)

  bool operator==(const Options&) const = default;
};

// Where a counter is.
enum class UnitWhere : std::uint8_t {
  map,         // on `at`
  force_pool,  // Deployment: FORCE POOLS (unbuilt or eliminated militia, colonials, irregulars)
  awaiting,    // a European regular that has not yet crossed the ocean
  removed,     // out of the game for good (eliminated Indians: SPECIAL RULES)
  off_map,     // the Iroquois twin whose colour is not showing (IROQUOIS ADJUSTMENT)
};
inline constexpr EnumNames<UnitWhere, 5> unit_where_names{{"map", "force_pool", "awaiting", "removed", "off_map"}};

// How a counter made its last move this turn (III. MOVEMENT), for the battles: a Landing
// (ambiguity 26) and the Sea Lift's retreat to its port of origin (IV. H. Retreats).
enum class Arrival : std::uint8_t { none, land, waterway, sea_lift };
inline constexpr EnumNames<Arrival, 4> arrival_names{{"none", "land", "waterway", "sea_lift"}};

struct UnitState {
  UnitWhere where = UnitWhere::force_pool;
  LocationIndex at = no_location;
  bool damaged = false;    // Flipping Over Units: on its 1-life-point back
  bool activated = false;  // tribes: face up (INDIAN TRIBES); other counters: always false

  bool pinned = false;                    // III. PINNING (ambiguity 4): may not move until the next turn's movement
  Arrival arrived_by = Arrival::none;     // its last step this turn
  LocationIndex came_from = no_location;  // where that step started (the port of origin for the Sea Lift)
  bool built_fort = false;                // III. FORT CONSTRUCTION: built one this turn (no reinforcing)

  bool operator==(const UnitState&) const = default;
};

struct LocationState {
  Owner owner = Owner::french;
  std::optional<Side> fort;  // a fort marker (never on a city, which is permanently fortified)
  bool raided = false;       // a raid marker (V. RAIDS)
  bool besieged = false;     // a siege situation stands here (IV. COMBAT: G. Sieges)

  std::optional<Side> outmaneuvered_by;  // III. OUTMANEUVERING: the attacker paid to choose the battle's terrain

  bool operator==(const LocationState&) const = default;
};

// The Naval War Insert and the ships: the French pieces sit face down on the anchor spots from the
// start of the year (Deployment: NAVAL WAR INSERT; ambiguity 8) until the naval war turns them up.
struct NavalState {
  std::array<std::optional<NavalIndex>, 4> french_at_spot;  // by NavalData spot; secret while face down
  std::array<std::optional<NavalIndex>, 4> british_at_spot;
  std::array<bool, 4> revealed{};   // the French piece of that spot has been turned up
  std::vector<NavalIndex> arrived;  // got through: they bring their reinforcements next Spring (ambiguity 8)
  LocationIndex sea_lift_at = no_location;

  bool operator==(const NavalState&) const = default;
};

struct SupplyPoints {         // I. SUPPLY POINTS ALLOCATION: this turn's points, spent by movement
  std::array<int, 2> land{};  // by Side
  int sea = 0;                // British Sea Lift points

  bool operator==(const SupplyPoints&) const = default;
};

// --- the procedures' sub-states -------------------------------------------------------------
struct SetupState {         // SETTING UP: the French choices, then the British Sea Lift
  int coureurs_placed = 0;  // of setup.coureurs_with_tribes, in order

  bool operator==(const SetupState&) const = default;
};

// II. MUSTERS: a side moves some of its militia (or the Iroquois ally one Iroquois unit) on the map.
struct MusterState {
  std::vector<UnitIndex> moved;  // this muster's units so far
  UnitIndex selected = no_unit;  // chosen, waiting for its destination

  bool operator==(const MusterState&) const = default;
};

struct StrategicMovementState {  // II. BRITISH STRATEGIC MOVEMENT
  std::vector<UnitIndex> moved;

  bool operator==(const StrategicMovementState&) const = default;
};

struct RestorationState {  // VIII. RESTORATION
  std::vector<UnitIndex> restored;

  bool operator==(const RestorationState&) const = default;
};

struct IroquoisAdjustmentState {  // IROQUOIS ADJUSTMENT: Iroquois this side still turns to its colour
  int turns_left = 0;

  bool operator==(const IroquoisAdjustmentState&) const = default;
};

// III. MOVEMENT: one side's movement phase. The side moves one group at a time: it picks units at
// a place, then steps them from place to place; the group ends with `stop` (movement.cpp).
enum class MoveMode : std::uint8_t {
  none,           // the group has not spent anything yet
  regular,        // 1 SP paid, 4 MP, one trail (SUPPLY POINTS, MOVEMENT ALLOWANCE AND COSTS; ambiguity 6)
  irregular,      // 6 moves (Iroquois stacks pay 1 SP for them: ambiguity 7)
  iroquois_free,  // the Iroquois' one free place per turn
  sea,            // carried by a Sea Lift: no land move afterwards
};
inline constexpr EnumNames<MoveMode, 5> move_mode_names{{"none", "regular", "irregular", "iroquois_free", "sea"}};

struct MovementState {
  std::vector<UnitIndex> group;      // the moving group, all at `at`
  LocationIndex from = no_location;  // where the group started
  LocationIndex at = no_location;    // where it stands
  MoveMode mode = MoveMode::none;
  int moves_used = 0;                         // MP (regular) or moves (irregular) spent
  bool trail_used = false;                    // a regular group has taken its one trail
  int sp_spent = 0;                           // land SP the group spent
  bool aboard = false;                        // on the British Sea Lift
  bool embarked_here = false;                 // the Sea Lift's embark stage at this port is paid
  LocationIndex sea_lift_from = no_location;  // the British Sea Lift's first port of embarkation
  bool engaged = false;                       // entered an enemy-occupied place: it stops there
  int pins_left = 0;                          // enemy units the mover still chooses to pin (ambiguity 4)
  std::vector<UnitIndex> moved;               // units that have made their move this phase
  std::vector<UnitIndex> lifted;              // units the British Sea Lift has carried this phase
  bool iroquois_free_used = false;            // the Iroquois free move of this turn is made
  std::vector<LocationIndex> raid_places;     // V. RAIDS: formerly British places (ambiguity 31)

  bool operator==(const MovementState&) const = default;
};
// IV. COMBAT: where the combat stage stands (combat.hpp has the steps).
enum class CombatStep : std::uint8_t {
  choose_battle,  // the attacker picks his next battle (the French theirs first)
  withdraw,       // the defender withdraws inside the fortification or stays out (C)
  fire,           // the next volley is rolled (no decision)
  allocate,       // a side puts its next loss on one of its units (B)
  round_end,      // after a melee round: reinforce, retreat, withdraw, or fight on (D, H)
  assault,        // the besieger assaults or stops (E)
  surrender,      // the defender holds or surrenders before the last assault round (E)
  retreat,        // the retreating side picks its destination (H)
  fort,           // the victor captures or burns the loser's fort (E)
  booty,          // the French pick the Indians going home with booty (F)
  raid,           // the French raid the captured place or pass (V. RAIDS — END OF BATTLE PHASE)
  raid_home,      // the French pick the indigenous unit going home after the raid
  sea_hit,        // the British retreating by sea put the extra hit on one of their units (H)
};
inline constexpr EnumNames<CombatStep, 13> combat_step_names{{"choose_battle", "withdraw", "fire", "allocate",
                                                              "round_end", "assault", "surrender", "retreat", "fort",
                                                              "booty", "raid", "raid_home", "sea_hit"}};

struct Losses {            // IV. B: a side's results still to be put on its units
  int kills = 0;           // each eliminates a unit (undamaged ones first)
  int hits = 0;            // each flips a full unit or eliminates a 1-life-point one
  bool first_hit = false;  // woods: the first hit has been taken (Regulars take it)
  bool by_enemy = false;   // Ambush or Landing: the defender places the attacker's losses

  bool operator==(const Losses&) const = default;
};

struct CombatState {
  std::vector<LocationIndex> battles;  // still to fight, in map order
  LocationIndex battle = no_location;  // the one being fought
  CombatStep step = CombatStep::choose_battle;
  Side attacker = Side::french;
  Terrain terrain = Terrain::woods;
  bool ambush = false, landing = false;
  bool assault = false;              // in the Assault rounds (E), else the Melee
  int round = 0;                     // rounds fought in the current kind
  bool defender_fired = false;       // an Ambush or Landing's first round, and D6 combat: the defender fires first
  int marker = 0;                    // life points left on the defender's Woods or Fort marker
  std::vector<UnitIndex> inside;     // defenders withdrawn inside the fortification (C)
  std::array<Losses, 2> losses;      // by Side
  std::array<int, 2> destroyed{};    // enemy units each side destroyed (F)
  std::array<int, 2> regulars{};     // the most Regulars each side had in the battle (Great Victories)
  std::array<bool, 2> reinforced{};  // called its one reinforcement this round (D)
  std::optional<Side> acting;        // round end, and the step's deciding side
  std::optional<Side> winner;        // once decided (F)
  bool british_place = false;        // a city or town British-held, or a British fort, at the battle's start
  int booty_left = 0;                // Indians still to go home with booty

  LocationIndex sea_port = no_location;  // H: the port of origin the British retreat to by sea

  bool operator==(const CombatState&) const = default;
};

// V. SIEGES (IV. G): the siege rolls at the turn's end.
enum class SiegeStep : std::uint8_t {
  roll,      // the next siege is rolled (no decision)
  allocate,  // a tie: a side puts its extra hit on one of its units
  lift,      // the besieger lost in the Spring: stays or retreats
  retreat,   // the besieger picks its retreat destination
  sea_hit,   // the British besiegers retreating by sea put the extra hit on one of their units (H)
};
inline constexpr EnumNames<SiegeStep, 5> siege_step_names{{"roll", "allocate", "lift", "retreat", "sea_hit"}};

struct SiegesState {
  std::vector<LocationIndex> sieges;  // still to roll
  LocationIndex siege = no_location;  // the one being resolved
  SiegeStep step = SiegeStep::roll;
  std::array<int, 2> hits{};             // a tie's extra hit still to place, by Side
  LocationIndex sea_port = no_location;  // H: the port of origin the British besiegers retreat to by sea

  bool operator==(const SiegesState&) const = default;
};

// VIII. REINFORCEMENTS: a side lands what reaches it this Spring, one part at a time.
enum class LandingPart : std::uint8_t {
  scheduled,  // Historical Reinforcements: the year's units, each at a friendly port of the owner's choice
  choose,     // PRIVATEERS and GIFTS AND SUPPLIES: the tribes or the militia muster
  port,       // the ONE friendly port of a ship's European regulars
  regulars,   // those regulars, in the historical order (ambiguity 34)
  militia,    // a militia muster from the pool
  colonials,  // the British supply convoy's two Colonial Regulars
  tribes,     // tribes joining Coureurs in the original French holdings
};
inline constexpr EnumNames<LandingPart, 7> landing_part_names{
    {"scheduled", "choose", "port", "regulars", "militia", "colonials", "tribes"}};

struct ReinforcementState {
  std::vector<UnitIndex> scheduled;  // Historical Reinforcements: units still to land, the first now
  std::vector<NavalIndex> ships;     // ships (or the yearly supply ship) still to land, the first now
  LandingPart part = LandingPart::scheduled;
  int left = 0;                      // units the current part may still bring
  LocationIndex port = no_location;  // the port chosen for the current ship's regulars
  UnitIndex selected = no_unit;      // chosen, waiting for its place

  bool operator==(const ReinforcementState&) const = default;
};

// VI. WINTER: the steps that wait for a decision (the others happen as the stage runs).
enum class WinterStep : std::uint8_t { promotion, save_indigenous };
inline constexpr EnumNames<WinterStep, 2> winter_step_names{{"promotion", "save_indigenous"}};

struct WinterState {
  WinterStep step = WinterStep::promotion;
  UnitIndex promoting = no_unit;    // PROMOTIONS: the militia chosen, waiting for the counter replacing it
  std::vector<UnitIndex> stranded;  // Indians whose village the enemy holds: eliminated unless the French save one
  UnitIndex saving = no_unit;       // the one saved, waiting for Montreal or Quebec

  bool operator==(const WinterState&) const = default;
};

// VII. NAVAL COMBAT / MANEUVER: the British match the French pieces one spot at a time.
struct NavalWarState {
  int spot = 0;  // the insert spot matched next

  bool operator==(const NavalWarState&) const = default;
};

struct Outcome {
  std::optional<Side> winner;  // VICTORY CONDITIONS: there is always one
  std::string reason;

  bool operator==(const Outcome&) const = default;
};

class State final : public engine::GameState {
 public:
  explicit State(const GameData& data = game_data());

  const GameData& data() const { return *data_; }
  const Turn& turn_info() const { return data_->tables.turns.at(static_cast<std::size_t>(turn)); }

  Options options;
  int turn = 0;          // index into tables.turns
  std::uint8_t row = 0;  // the sequence table's row (sequence.hpp)
  Side active = Side::french;
  bool over = false;

  std::vector<UnitState> units;          // by UnitIndex
  std::vector<LocationState> locations;  // by LocationIndex
  NavalState naval;
  SupplyPoints supply;
  std::optional<Side> iroquois_ally;     // IROQUOIS ADJUSTMENT: the Six Nations have joined a side for good
  std::array<int, 2> great_victories{};  // won since the last Iroquois adjustment, by Side (battles, captures)
  std::array<int, 2> forts_destroyed{};  // by the side that destroyed them, not yet counted in pairs
  // PROMOTIONS: militia present with the victor of a battle this year, by Side (combat adds them;
  // winter promotes at most one per side and clears the lists).
  std::array<std::vector<UnitIndex>, 2> promotable;
  std::optional<Outcome> outcome;

  std::optional<SetupState> setup;
  std::optional<ReinforcementState> reinforcement;
  std::optional<RestorationState> restoration;
  std::optional<MusterState> muster;
  std::optional<StrategicMovementState> strategic_movement;
  std::optional<MovementState> movement;
  std::optional<CombatState> combat;
  std::optional<SiegesState> sieges;
  std::optional<IroquoisAdjustmentState> iroquois_adjustment;
  std::optional<WinterState> winter;
  std::optional<NavalWarState> naval_war;

  engine::Rng rng;
  GameLog log;
  RuleEventCounts rule_events;  // counters of the rules reached, for the playout reports (rule_events.hpp)
  std::vector<int> dice;        // during one apply(): the dice rolled, in order (not part of the position)

  UnitState& unit(UnitIndex u) { return units.at(static_cast<std::size_t>(u)); }
  const UnitState& unit(UnitIndex u) const { return units.at(static_cast<std::size_t>(u)); }
  LocationState& location(LocationIndex l) { return locations.at(static_cast<std::size_t>(l)); }
  const LocationState& location(LocationIndex l) const { return locations.at(static_cast<std::size_t>(l)); }

  // A die of `sides` faces from the state's Rng, recorded for the move's report.
  int roll_die(int sides = 6);
  void note(std::string role, std::string verb, nlohmann::json arg, std::string text);

  std::unique_ptr<engine::GameState> clone() const override { return std::make_unique<State>(*this); }
  bool assign_from(const engine::GameState& other) override {
    *this = static_cast<const State&>(other);
    return true;
  }
  nlohmann::json to_json() const override;
  // Throws std::invalid_argument (with a readable message) on a malformed document.
  static State from_json(const nlohmann::json& j, const GameData& data = game_data());

  bool operator==(const State& other) const;

 private:
  const GameData* data_;
};

nlohmann::json options_to_json(const Options& options);
// Reads {"historical_reinforcements": bool, "d6_combat": bool}; absent fields take their defaults.
// Throws std::invalid_argument on anything else.
Options options_from_json(const nlohmann::json& j);
// The procedures' sub-states by name, null when not running (the state JSON and the views).
nlohmann::json procedures_to_json(const State& s);
nlohmann::json log_to_json(const GameLog& log, std::size_t from, std::size_t to = SIZE_MAX);
// JSON forms the state, the view and the client data share: a side's name or null, a pair by side.
nlohmann::json side_or_null(std::optional<Side> side);
// A side's seat name (the role of its log lines and prompts).
std::string role_of(Side side);
nlohmann::json by_side(const std::array<int, 2>& values);

}  // namespace warpath::mohicans
