#pragma once
// The sequence of play as one table (PLAYING THE GAME, I to VIII; ambiguities 1, 5, 8, 11, 12):
// the set-up's decisions, then every turn's rows in order. Each row names a stage and the side it
// is for; each stage is one {enter, list, apply, prompt} procedure. `enter` starts the stage's
// sub-state and says whether it waits for a decision (false: it did its work, or has nothing to do
// this turn, and the game goes on to the next row). A verb a stage does not handle throws
// ActionRejected.

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

enum class Stage : std::uint8_t {
  setup_coureur,             // SETTING UP: the French place one Coureur at one of three places
  setup_coureurs_on_tribes,  // SETTING UP: three Coureurs, one at a time, each activating a tribe
  setup_sea_lift,            // SETTING UP: the British put the Sea Lift in a port
  turn_start,                // victory check (VICTORY CONDITIONS), shovel forts at a year's start
  naval_placement,           // Deployment: NAVAL WAR INSERT, at a year's start
  reinforcements,            // VIII, first turn of a year (ambiguity 12)
  restoration,               // VIII. RESTORATION, first turn of a year
  muster,                    // II. SPRING MUSTERS
  iroquois_muster,           // II: the Iroquois ally's one unit
  strategic_movement,        // II. BRITISH STRATEGIC MOVEMENT
  supply_points,             // I. SUPPLY POINTS ALLOCATION (and whether the Iroquois join: begins his turn)
  movement,                  // III. MOVEMENT
  combat,                    // IV. COMBAT
  sieges,                    // V. SIEGES (IV. G)
  iroquois_adjustment,       // IROQUOIS ADJUSTMENT, every turn's end (ambiguity 11)
  winter,                    // VI. WINTER, after a year's last turn
  naval_war,                 // VII. NAVAL COMBAT / MANEUVER, after winter
  turn_end,                  // the turn track; the end of the game after the last turn
  game_over,
};
inline constexpr EnumNames<Stage, 19> stage_names{
    {"setup_coureur", "setup_coureurs_on_tribes", "setup_sea_lift", "turn_start", "naval_placement", "reinforcements",
     "restoration", "muster", "iroquois_muster", "strategic_movement", "supply_points", "movement", "combat", "sieges",
     "iroquois_adjustment", "winter", "naval_war", "turn_end", "game_over"}};

struct SequenceRow {
  Stage stage;
  std::optional<Side> side;  // the side the row is for; none: the stage decides who acts
};

// The row the state stands at.
const SequenceRow& current_row(const State& s);
Stage current_stage(const State& s);
// The first row of a turn: the sequence comes back to it after each turn_end.
std::uint8_t first_turn_row();
// The table's number of rows.
std::uint8_t sequence_rows();

// The rows from the first onward, entered until one waits for a decision (set-up's start).
void start_sequence(State& s);
// Ends the current row and enters the next ones until one waits for a decision or the game ends.
void advance(State& s);

void list_actions(const State& s, engine::ActionList& out);
void apply_action(State& s, const engine::Action& action);
std::string prompt_of(const State& s);

// The decoded argument of an action: a location, unit or naval piece id.
LocationIndex location_arg(const State& s, const engine::Action& action);
UnitIndex unit_arg(const State& s, const engine::Action& action);
NavalIndex naval_arg(const State& s, const engine::Action& action);
[[noreturn]] void reject_verb(const engine::Action& action, std::string_view stage);

}  // namespace warpath::mohicans
