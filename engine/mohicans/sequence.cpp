#include "engine/mohicans/sequence.hpp"

#include <array>

#include "engine/mohicans/combat.hpp"
#include "engine/mohicans/iroquois.hpp"
#include "engine/mohicans/movement.hpp"
#include "engine/mohicans/musters.hpp"
#include "engine/mohicans/naval.hpp"
#include "engine/mohicans/naval_war.hpp"
#include "engine/mohicans/reinforcements.hpp"
#include "engine/mohicans/setup.hpp"
#include "engine/mohicans/sieges.hpp"
#include "engine/mohicans/turn.hpp"
#include "engine/mohicans/winter.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

// The stages that never wait for a decision have nothing to list, apply or prompt.
void list_nothing(const State&, engine::ActionList&) {}
void apply_nothing(State& s, const Action& action) { reject_verb(action, std::string(stage_names(current_stage(s)))); }
std::string no_prompt(const State&) { return ""; }
bool enter_game_over(State&) { return true; }
std::string game_over_prompt(const State&) { return "The game is over."; }

struct Procedure {
  bool (*enter)(State&);
  void (*list)(const State&, engine::ActionList&);
  void (*apply)(State&, const Action&);
  std::string (*prompt)(const State&);
};

// By Stage.
constexpr std::array<Procedure, 19> procedures = {{
    {enter_setup_coureur, list_setup_coureur, apply_setup_coureur, setup_coureur_prompt},
    {enter_setup_coureurs_on_tribes, list_setup_coureurs_on_tribes, apply_setup_coureurs_on_tribes,
     setup_coureurs_on_tribes_prompt},
    {enter_setup_sea_lift, list_setup_sea_lift, apply_setup_sea_lift, setup_sea_lift_prompt},
    {enter_turn_start, list_nothing, apply_nothing, no_prompt},
    {enter_naval_placement, list_naval_placement, apply_naval_placement, naval_placement_prompt},
    {enter_reinforcements, list_reinforcements, apply_reinforcements, reinforcements_prompt},
    {enter_restoration, list_restoration, apply_restoration, restoration_prompt},
    {enter_muster, list_muster, apply_muster, muster_prompt},
    {enter_iroquois_muster, list_muster, apply_muster, muster_prompt},
    {enter_strategic_movement, list_strategic_movement, apply_strategic_movement, strategic_movement_prompt},
    {enter_supply_points, list_nothing, apply_nothing, no_prompt},
    {enter_movement, list_movement, apply_movement, movement_prompt},
    {enter_combat, list_combat, apply_combat, combat_prompt},
    {enter_sieges, list_sieges, apply_sieges, sieges_prompt},
    {enter_iroquois_adjustment, list_iroquois_adjustment, apply_iroquois_adjustment, iroquois_adjustment_prompt},
    {enter_winter, list_winter, apply_winter, winter_prompt},
    {enter_naval_war, list_naval_war, apply_naval_war, naval_war_prompt},
    {enter_turn_end, list_nothing, apply_nothing, no_prompt},
    {enter_game_over, list_nothing, apply_nothing, game_over_prompt},
}};

constexpr auto french = Side::french;
constexpr auto british = Side::british;

// The sequence of play. The set-up's rows come once; then every turn runs from turn_start to
// turn_end (ambiguity 5: each side's Supply Points roll opens its own movement, the French first;
// ambiguity 12: reinforcements land, restoration and musters happen at a year's first turn; the
// French naval pieces go on the insert once the ships of last year have landed; ambiguity 11: the
// Iroquois adjustment ends every turn, winter and the naval war follow a year's last turn).
constexpr std::array<SequenceRow, 25> rows = {{
    {Stage::setup_coureur, french},
    {Stage::setup_coureurs_on_tribes, french},
    {Stage::setup_sea_lift, british},
    {Stage::turn_start, std::nullopt},
    {Stage::reinforcements, french},
    {Stage::reinforcements, british},
    {Stage::naval_placement, french},
    {Stage::restoration, french},
    {Stage::restoration, british},
    {Stage::muster, french},
    {Stage::muster, british},
    {Stage::iroquois_muster, std::nullopt},  // the Iroquois ally's
    {Stage::strategic_movement, british},
    {Stage::supply_points, french},
    {Stage::movement, french},
    {Stage::supply_points, british},
    {Stage::movement, british},
    {Stage::combat, std::nullopt},
    {Stage::sieges, std::nullopt},
    {Stage::iroquois_adjustment, french},
    {Stage::iroquois_adjustment, british},
    {Stage::winter, std::nullopt},
    {Stage::naval_war, british},
    {Stage::turn_end, std::nullopt},
    {Stage::game_over, std::nullopt},
}};
constexpr std::uint8_t turn_start_row = 3;
constexpr std::uint8_t turn_end_row = 23;
constexpr std::uint8_t game_over_row = 24;
static_assert(rows[turn_start_row].stage == Stage::turn_start && rows[turn_end_row].stage == Stage::turn_end &&
              rows[game_over_row].stage == Stage::game_over);

const Procedure& procedure_of(Stage stage) { return procedures.at(static_cast<std::size_t>(stage)); }

// Enters rows from the current one until one waits for a decision; a game that ends jumps to the
// game-over row.
void enter_from_current(State& s) {
  for (;;) {
    const bool waits = procedure_of(current_stage(s)).enter(s);
    if (s.over && current_stage(s) != Stage::game_over) {
      s.row = game_over_row;
      continue;
    }
    if (waits) return;
    s.row = s.row == turn_end_row ? turn_start_row : static_cast<std::uint8_t>(s.row + 1);
  }
}

}  // namespace

const SequenceRow& current_row(const State& s) { return rows.at(s.row); }
Stage current_stage(const State& s) { return current_row(s).stage; }
std::uint8_t first_turn_row() { return turn_start_row; }
std::uint8_t sequence_rows() { return static_cast<std::uint8_t>(rows.size()); }

void start_sequence(State& s) {
  s.row = 0;
  enter_from_current(s);
}

void advance(State& s) {
  if (s.over) return;
  s.row = s.row == turn_end_row ? turn_start_row : static_cast<std::uint8_t>(s.row + 1);
  enter_from_current(s);
}

void list_actions(const State& s, engine::ActionList& out) { procedure_of(current_stage(s)).list(s, out); }
void apply_action(State& s, const Action& action) { procedure_of(current_stage(s)).apply(s, action); }
std::string prompt_of(const State& s) { return procedure_of(current_stage(s)).prompt(s); }

LocationIndex location_arg(const State& s, const Action& action) {
  if (!action.arg.is_string()) throw ActionRejected(ErrorCode::malformed, "'" + action.verb + "' needs a location id");
  const auto l = s.data().find_location(action.arg.get<std::string>());
  if (!l) throw ActionRejected(ErrorCode::illegal_action, "no location is called " + action.arg.dump());
  return *l;
}

UnitIndex unit_arg(const State& s, const Action& action) {
  if (!action.arg.is_string()) throw ActionRejected(ErrorCode::malformed, "'" + action.verb + "' needs a unit id");
  const auto u = s.data().find_unit(action.arg.get<std::string>());
  if (!u) throw ActionRejected(ErrorCode::illegal_action, "no unit is called " + action.arg.dump());
  return *u;
}

NavalIndex naval_arg(const State& s, const Action& action) {
  if (!action.arg.is_string())
    throw ActionRejected(ErrorCode::malformed, "'" + action.verb + "' needs a naval piece id");
  const auto n = s.data().find_naval(action.arg.get<std::string>());
  if (!n) throw ActionRejected(ErrorCode::illegal_action, "no naval piece is called " + action.arg.dump());
  return *n;
}

void reject_verb(const Action& action, std::string_view stage) {
  throw ActionRejected(ErrorCode::illegal_action, "'" + action.verb + "' is not an action of " + std::string(stage));
}

}  // namespace warpath::mohicans
