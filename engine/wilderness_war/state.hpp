#pragma once
// A Wilderness War position: everything the rules need to continue the game, as a compact value
// (indices into GameData, not strings). Serialised losslessly by to_json()/from_json(); the JSON
// format is documented in engine/wilderness_war/README.md so tests can build positions from it.
//
// Victory points are one signed number: positive when the French lead, negative when the British
// lead (13.21: one VP track, the marker moves toward the side that gains).

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "engine/wilderness_war/activation_state.hpp"
#include "engine/wilderness_war/battle_state.hpp"
#include "engine/wilderness_war/combat_report_state.hpp"
#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/event_state.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/game_log.hpp"
#include "engine/wilderness_war/movement_state.hpp"
#include "engine/wilderness_war/raid_state.hpp"
#include "engine/wilderness_war/rule_event_names.hpp"
#include "engine/wilderness_war/siege_state.hpp"
#include "engine/wilderness_war/year_end_state.hpp"

namespace warpath::wilderness_war {

// The steps of the sequence of play (4.0). Each season is a deal and the Action Phases; the late
// season adds the year-end steps.
enum class Phase : std::uint8_t {
  deal_cards,                   // A.1 / B.1
  action_phases,                // A.2 / B.2
  indians_and_leaders_go_home,  // B.3
  remove_raided_markers,        // B.4
  winter_attrition,             // B.5
  victory_check,                // B.6
  game_over
};
inline constexpr EnumNames<Phase, 7> phase_names{{"deal_cards", "action_phases", "indians_and_leaders_go_home",
                                                  "remove_raided_markers", "winter_attrition", "victory_check",
                                                  "game_over"}};

// The Cherokees marker of the year track (5.51): #30 Cherokees allows #31 Cherokee Uprising,
// which ends the alliance for good.
enum class CherokeeStatus : std::uint8_t { none, allied, uprising };
inline constexpr EnumNames<CherokeeStatus, 3> cherokee_status_names{{"none", "allied", "uprising"}};

// 13.3: the starting-VP adjustment a bid buys; `vp` moves the marker toward `side`.
// 13.3 sets no maximum bid, but 11 VP win at the first Victory Check (13.11): more is no bid.
inline constexpr int max_bid_vp = 10;

struct Bid {
  Side side = Side::french;
  int vp = 0;

  bool operator==(const Bid&) const = default;
};

struct Options {
  std::optional<Bid> bid;  // 13.3 (14.7's alternative bidding ends in the same bid)
  // The optional rules of 14.0 (table: optional_rules.hpp).
  bool pitt_and_diplomatic_revolution_linked = false;  // 14.1
  bool raids_cost_militia_steps = false;               // 14.2
  bool early_regulars_cost_vp = false;                 // 14.3
  bool either_side_may_surrender = false;              // 14.4
  bool either_side_may_expel_acadians = false;         // 14.5
  bool british_regulars_exchange = false;              // 14.6

  bool operator==(const Options&) const = default;
};

struct PieceState {
  Location location;
  bool reduced = false;  // 3.1: flipped to its reduced-strength side (units only)
  bool inside = false;   // 8.1: inside the fort or fortress of its space rather than outside

  bool operator==(const PieceState&) const = default;
};

// The markers on one map space. A space may hold a stockade and a fort under construction at once
// (5.43); only one completed fortification.
struct SpaceState {
  std::optional<Side> stockade;                 // 5.41
  std::optional<Side> fort;                     // 5.42, completed
  std::optional<Side> fort_under_construction;  // 5.44 (pickaxe)
  std::optional<Side> fortress_owner;       // fortress spaces only: originally friendly side or its captor (8.24, 9.22)
  std::optional<std::uint8_t> siege_level;  // 8.21: a Siege 0/1/2 marker; the space is besieged
  bool amphib = false;                      // 6.431 (British only)
  bool fieldworks = false;                  // 7.55, one per space
  std::optional<Side> allied;               // 5.532 Allied marker on a settlement
  std::array<std::uint8_t, 2> raided{};     // 10.31 Raided markers by the side that placed them (10.33)

  bool operator==(const SpaceState&) const = default;
  bool has_markers() const;  // anything besides the fortress owner
};

// The markers of the year track and other game-long flags (5.51, cards.md §3).
struct YearTrack {
  bool william_pitt = false;           // #67, pre-played in the 1757 scenarios
  bool diplomatic_revolution = false;  // #69, pre-played in the 1757 scenarios
  bool quiberon_bay = false;           // #62: French hand 7, British first each season
  bool no_amphib = false;              // #21, until the end of the current year
  bool no_french_naval = false;        // #21 on a roll of 1-3, for good
  CherokeeStatus cherokees = CherokeeStatus::none;
  bool surrender_played = false;  // 5.25: #6 reached the discard pile this season; reshuffle before the deal

  // The flag of a lasting event, by LastingEvent.
  bool& lasting(LastingEvent event);
  bool lasting(LastingEvent event) const;

  bool operator==(const YearTrack&) const = default;
};

inline constexpr std::array<bool YearTrack::*, 3> lasting_event_flags = {
    &YearTrack::william_pitt, &YearTrack::diplomatic_revolution, &YearTrack::quiberon_bay};

// What belongs to one side besides its pieces.
struct PlayerState {
  std::vector<CardNumber> hand;    // sorted; secret from the other side (5.21)
  std::vector<CardNumber> known;   // cards of `hand` the other side saw enter it (e.g. from the discard pile); sorted
  bool holding_last_card = false;  // passed with one card left this season (4.0 A.2)
  bool card_held = false;          // "Card Held" marker: held a card into this season, must play all (4.0 A.2)
  bool constructed_last = false;   // last card play was construction: no construction next (5.4)
  bool regulars_event_this_season = false;  // one Regulars event per side per season (cards.md #55, #57)
  bool blockhouses = false;                 // #13 Blockhouses protects this side until the end of the year

  bool operator==(const PlayerState&) const = default;
};

// The periods of play counted so that each has its own identifier (GameModule::periods, for
// "pass for this move / this Action Phase / this season"; the season is `year` and `season`).
struct PeriodCounts {
  std::uint32_t action_phases = 0;  // Action Phases begun in the game (4.0 A.2)
  std::uint32_t moves = 0;          // units or forces that began to act in the current one (5.33, 5.34, 6.0)

  bool operator==(const PeriodCounts&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PeriodCounts, action_phases, moves)

struct Outcome {               // the game's result once over (13.1)
  std::optional<Side> winner;  // nullopt: a draw (13.14)
  std::string reason;

  bool operator==(const Outcome&) const = default;
};

class State final : public engine::GameState {
 public:
  explicit State(const GameData& data = game_data());

  const GameData& data() const { return *data_; }
  const Scenario& scenario() const { return data_->scenarios.at(scenario_index); }

  std::uint8_t scenario_index = 0;
  Options options;
  int year = 0;
  Season season = Season::early;
  Phase phase = Phase::deal_cards;
  Side active = Side::french;  // whose decision it is
  int vp = 0;                  // positive: French lead; negative: British lead (13.21)

  std::vector<CardNumber> draw_pile;   // back() is the top card; order secret (5.21)
  std::vector<CardNumber> discard;     // in the order discarded; public (5.22, 5.24)
  std::vector<CardNumber> removed;     // out of the game; public (5.23, 5.24)
  std::array<PlayerState, 2> players;  // by Side

  std::vector<PieceState> pieces;      // by PieceIndex
  std::vector<SpaceState> spaces;      // by SpaceIndex
  std::vector<Side> vp_space_holders;  // by GameData::vp_spaces: who last took Niagara, Ohio Forks (13.23)
  ProvincialAssemblies provincial_assemblies = ProvincialAssemblies::supportive;  // 5.54
  YearTrack year_track;
  std::optional<Outcome> outcome;

  // The decision the game waits for (flow.hpp) and the sub-states of the procedures in progress.
  Step step = Step::action_phase;
  std::optional<ActivationState> activation;
  std::optional<ConstructionState> construction;
  std::optional<MoveState> move;
  std::optional<BattleState> battle;
  std::optional<BattleResult> last_battle;  // read by battle_finished() and cleared
  std::vector<FoughtCombat> combats;        // of the current Action Phase (5.36, 10.2): queries.hpp
  std::optional<SiegeState> siege;
  std::optional<RaidState> raid;
  std::optional<CombatReport> combat_report;  // the last combat rolled, kept for the view: combat_report_state.hpp
  std::optional<YearEndState> year_end;
  std::optional<EventState> event;
  PeriodCounts periods;

  engine::Rng rng;
  bool dice_rolled = false;  // during one apply(): an undo barrier (not part of the position)
  std::vector<int> dice;     // during one apply(): the dice roll_die rolled, in order (likewise)
  GameLog log;
  RuleEventCounts rule_events;  // counters for playout reports

  PlayerState& player(Side side) { return players[index_of(side)]; }
  const PlayerState& player(Side side) const { return players[index_of(side)]; }
  // Every change to a piece goes through here (never through `pieces` directly): it stamps the
  // pieces anew, which invalidates the cached Occupancy (queries.hpp). A name of its own, so that
  // reading a piece of a non-const state (`piece`) never stamps it.
  PieceState& change_piece(PieceIndex p) {
    pieces_stamp_ = new_change_stamp();
    return pieces.at(static_cast<std::size_t>(p));
  }
  const PieceState& piece(PieceIndex p) const { return pieces.at(static_cast<std::size_t>(p)); }
  // Moves a piece to a map space, outside any fortification (effects.hpp's move_piece_to, the
  // common change): a current cached Occupancy follows the piece rather than being counted anew.
  void place_in_space(PieceIndex p, SpaceIndex space);
  // Every change to a space's markers goes through here: it invalidates the cached supply (and,
  // like change_piece, has a name of its own).
  SpaceState& change_space(SpaceIndex s) {
    markers_stamp_ = new_change_stamp();
    return spaces.at(static_cast<std::size_t>(s));
  }
  const SpaceState& space(SpaceIndex s) const { return spaces.at(static_cast<std::size_t>(s)); }
  // Whether `other` has the same pieces (markers): at once when both hold the same stamp, which
  // only a copy of the other or of a common ancestor with no change since can (the views' test
  // of what a move left alone), else by comparing them.
  bool same_pieces(const State& other) const { return pieces_stamp_ == other.pieces_stamp_ || pieces == other.pieces; }
  bool same_markers(const State& other) const {
    return markers_stamp_ == other.markers_stamp_ || spaces == other.spaces;
  }

  // settle_map's bookkeeping: the map's continuous rules are a function of the pieces and markers,
  // so once applied they need not run again until one of them changes (most actions change none).
  bool map_settled() const {
    return settled_pieces_stamp_ == pieces_stamp_ && settled_markers_stamp_ == markers_stamp_;
  }
  void mark_map_settled() {
    settled_pieces_stamp_ = pieces_stamp_;
    settled_markers_stamp_ = markers_stamp_;
  }

  // The map space a piece is in, looking through leader boxes (2.0); no_space when off the map.
  SpaceIndex space_of(PieceIndex piece) const {
    const Location& at = pieces[static_cast<std::size_t>(piece)].location;
    if (at.kind == LocationKind::space) return at.index;
    return at.kind == LocationKind::leader_box ? space_of_boxed(piece) : no_space;
  }
  // The number of cards `side` is dealt up to (4.0 A.1, 5.21): the scenario's, changed by the
  // lasting events in effect.
  int hand_size(Side side) const;
  // The side that takes the first Action Phase of a season (4.0 A.2; Quiberon Bay).
  Side first_player() const;

  void note(std::string role, std::string verb, nlohmann::json arg, std::string text);

  std::unique_ptr<engine::GameState> clone() const override { return std::make_unique<State>(*this); }
  bool assign_from(const engine::GameState& other) override {
    *this = static_cast<const State&>(other);
    return true;
  }
  nlohmann::json to_json() const override;
  // Throws std::invalid_argument (with a readable message) on a malformed or inconsistent document.
  static State from_json(const nlohmann::json& j, const GameData& data = game_data());

  bool operator==(const State& other) const;

 private:
  friend std::shared_ptr<const class Occupancy> shared_occupancy_of(const State& s);
  friend const class Occupancy& occupancy_of(const State& s);
  friend bool is_in_supply(const State& s, SpaceIndex space, Side side);
  SpaceIndex space_of_boxed(PieceIndex piece) const;
  const GameData* data_;
  // A value no other change to any state of the process has had (blocks of them handed to each
  // thread): the stamp of the last change to a state's pieces or markers, copied with the state.
  static std::uint64_t new_change_stamp() {
    constexpr int block_bits = 32;
    static std::atomic<std::uint64_t> blocks{1};
    thread_local std::uint64_t next = 0, end = 0;
    if (next == end) {
      next = blocks.fetch_add(1, std::memory_order_relaxed) << block_bits;
      end = next + (std::uint64_t{1} << block_bits);
    }
    return next++;
  }
  // Units per space and side, rebuilt on demand when pieces have changed since. A cache inside a
  // const object: a State is used by one thread at a time (a room's strand, a playout).
  std::uint64_t pieces_stamp_ = new_change_stamp();
  mutable std::uint64_t occupancy_stamp_ = ~std::uint64_t{0};
  mutable std::shared_ptr<class Occupancy> occupancy_;  // shared by copies; copied before place_in_space changes it
  // Supply by space and side (-1: not traced yet), valid while neither pieces nor markers change
  // (12.0: "cache supply per active side until the state changes").
  std::uint64_t markers_stamp_ = new_change_stamp();
  std::uint64_t settled_pieces_stamp_ = ~std::uint64_t{0};
  std::uint64_t settled_markers_stamp_ = ~std::uint64_t{0};
  mutable std::uint64_t supply_pieces_stamp_ = ~std::uint64_t{0};
  mutable std::uint64_t supply_markers_stamp_ = ~std::uint64_t{0};
  mutable std::array<std::vector<std::int8_t>, 2> supply_;
};

// Shared by the state JSON and the views: the public encodings of the parts of a position.
nlohmann::json space_state_to_json(const SpaceState& space);
nlohmann::json markers_to_json(const State& state);  // {space id: markers}, only spaces with markers
nlohmann::json pieces_to_json(const State& state);   // {piece id: {at, reduced, inside}}
nlohmann::json fortress_owners_to_json(const State& state);
nlohmann::json vp_space_holders_to_json(const State& state);
nlohmann::json year_track_to_json(const YearTrack& track);
nlohmann::json options_to_json(const Options& options);
// Reads {"bid": null | {"side", "vp"}, "optional_14_2": bool}; null or absent fields take their
// defaults. Throws std::invalid_argument on anything else.
Options options_from_json(const nlohmann::json& j);
// Lines [from, to) of the log (from >= log.first()), as the views and the state JSON hold them.
nlohmann::json log_to_json(const GameLog& log, std::size_t from, std::size_t to = SIZE_MAX);

}  // namespace warpath::wilderness_war
