#pragma once
// Internal declarations shared by the movement files (movement*.cpp); the public interface is
// movement.hpp.

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/battle_state.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war::movement_detail {

// --- small helpers -------------------------------------------------------------------------------

inline bool any_of(const State& s, const std::vector<PieceIndex>& pieces, bool (*pred)(const State&, PieceIndex)) {
  return std::any_of(pieces.begin(), pieces.end(), [&](PieceIndex p) { return pred(s, p); });
}
inline bool has_unit(const State& s, const std::vector<PieceIndex>& pieces) { return any_of(s, pieces, is_unit); }
inline int unit_total(const State& s, const std::vector<PieceIndex>& pieces) {
  return static_cast<int>(std::count_if(pieces.begin(), pieces.end(), [&](PieceIndex p) { return is_unit(s, p); }));
}

// 6.6: one auxiliary unit, with or without leaders.
inline bool is_lone_auxiliary(const State& s, const std::vector<PieceIndex>& pieces) {
  return unit_total(s, pieces) == 1 && any_of(s, pieces, is_auxiliary);
}

// An unbesieged enemy fort or fortress (6.52, 8.1).
inline bool has_unbesieged_fort_or_fortress(const State& s, SpaceIndex sp, Side side) {
  return has_fort_or_fortress(s, sp, side) && !is_besieged(s, sp);
}

inline MoveState& mv(State& s) { return *s.move; }
inline const MoveState& mv(const State& s) { return *s.move; }

// --- 5.34 forces for interception and avoid battle (movement_groups.cpp) ------------------------

// 6.72, 6.8: an individual unit, or a force within the command limits of its leaders (5.34,
// 5.534); leaders never act alone.
bool is_valid_group(const State& s, const std::vector<PieceIndex>& group);
// The Tactics rating of the group's commanding leader (0 without a leader).
int group_tactics(const State& s, const std::vector<PieceIndex>& group);

// --- the mover's steps: land (6.2), boat (6.3), infiltration (6.6) (movement_steps.cpp) ----------

// The movement allowance of the movers for a land or boat move (6.21, 6.22, 6.3).
int allowance(const State& s, MoveKind kind);
bool movers_besieged(const State& s);
// 6.52, 6.53: may the movers enter `to` (ordinarily, not infiltrating)?
bool may_enter(const State& s, SpaceIndex to);

struct StepOption {
  SpaceIndex to;
  bool portage;
  bool infiltrate;
};

// The land or boat steps the movers may take next.
std::vector<StepOption> step_options(const State& s, MoveKind kind);
// Whether the movers may go on (possibly after dropping off slower units, 6.22).
bool has_further_steps(const State& s);
void take_step(State& s, SpaceIndex to, MoveKind kind, bool infiltrate, bool portage);

// --- naval (6.4) and amphibious (6.43) moves (movement_naval.cpp) --------------------------------

std::vector<SpaceIndex> naval_destinations(const State& s);
// Where an Amphibious Landing could go, whatever the British hold (the window's public condition).
std::vector<SpaceIndex> amphibious_arrow_targets(const State& s);
// The same, listed to the British only while they hold an Amphibious Landing card.
std::vector<SpaceIndex> amphibious_destinations(const State& s);

// --- response cards while moving (movement_responses.cpp, cards.md section 2) --------------------

// #14 Foul Weather (the non-moving side) before the first step, then the mover's first step.
void open_first_step_windows(State& s);
void list_foul_weather_window(const State& s, ActionList& out);
void apply_foul_weather_window(State& s, const engine::Action& action);
// #16 George Croghan: a British choice before the first step of a mover with Drilled Troops.
void list_george_croghan(const State& s, ActionList& out);
bool is_george_croghan_play(const State& s, const engine::Action& action);
void play_george_croghan(State& s);
// #17-#20 Amphibious Landing: the lowest-numbered copy the British hold.
std::optional<CardNumber> amphibious_landing_card(const State& s);
void spend_amphibious_landing(State& s, SpaceIndex to);
// #15 Lake Schooner after a step of `kind`; true when the window opened.
bool open_lake_schooner_window(State& s, MoveKind kind);
void list_lake_schooner_window(const State& s, ActionList& out);
void apply_lake_schooner_window(State& s, const engine::Action& action);

// --- 6.7 interception (movement_interception.cpp) ------------------------------------------------

// 6.721: a lone Auxiliary entering wilderness or mountain only meets a lone enemy Auxiliary
// (except against an infiltrator in the interceptors' own space).
bool interception_group_allowed(const State& s, const std::vector<PieceIndex>& group, SpaceIndex source);
std::vector<PieceIndex> interception_candidates(const State& s);
bool interception_possible(const State& s);
void try_interception(State& s);

// --- 6.8 avoid battle (movement_avoid.cpp) -------------------------------------------------------

std::vector<PieceIndex> avoid_candidates(const State& s);
std::vector<SpaceIndex> avoid_destinations(const State& s);
bool avoid_possible(const State& s);
void try_avoid(State& s);

// --- entering spaces (6.5, 6.53) and the inside/outside declaration (8.1) (movement_entering.cpp)

void start_battle(State& s);
// 6.51, 6.82 exception, 8.21, 5.45: the movers stop at an enemy fortification with nobody outside.
void stop_at_fortification(State& s);
std::vector<SpaceIndex> lone_leader_destinations(const State& s);
void move_lone_leaders(State& s, SpaceIndex to);
// The movers are in their space after any interception: what the enemy there makes happen.
void resolve(State& s);
// After the movers entered their new space: interception (6.7), then the space's effects.
void entered(State& s);
std::vector<PieceIndex> inside_candidates(const State& s);

// --- moving pieces (movement.cpp) ----------------------------------------------------------------

// Moves the movers to `to`; pieces in a moving leader's box that are not moving stay behind.
void relocate(State& s, const std::vector<PieceIndex>& group, SpaceIndex to);
void finish(State& s);

}  // namespace warpath::wilderness_war::movement_detail
