#pragma once
// Internal declarations shared by the battle files (battle*.cpp); the public interface is
// battle.hpp.

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/battle_state.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war::battle_detail {

// --- small helpers -------------------------------------------------------------------------------

inline bool is_assault(const BattleState& b) { return b.context == BattleContext::assault; }
inline Side defender_of(const BattleState& b) { return enemy_of(b.attacker); }

inline std::vector<PieceIndex>& list_of(BattleState& b, Side side) {
  return side == b.attacker ? b.attackers : b.defenders;
}
inline const std::vector<PieceIndex>& list_of(const BattleState& b, Side side) {
  return side == b.attacker ? b.attackers : b.defenders;
}

// --- the battle flow (battle.cpp) ----------------------------------------------------------------

// The pieces of `side` taking part that are still in the battle space.
std::vector<PieceIndex> present(const State& s, Side side);
std::vector<PieceIndex> present_units(const State& s, Side side);
std::vector<PieceIndex> present_leaders(const State& s, Side side);
// 7.4: the attacker's window, then the defender's.
void open_responses(State& s, Side from);
// Ends the battle: stores the result in s.last_battle and calls battle_finished().
void finish(State& s);

// --- 7.3 militia (battle_militia.cpp) ------------------------------------------------------------

// The militia box whose militia may deploy into the battle, if any.
std::optional<int> deployable_militia_box(const State& s);

// --- 7.5 the roll (battle_roll.cpp) --------------------------------------------------------------

bool any_of_units(const State& s, Side side, bool (*predicate)(const State&, PieceIndex));
// 7.5, 9.13: each side's pieces, strength, column shifts, column and DRMs with their reasons, the
// attacker first; the roll fires with these columns and totals.
std::array<CombatSideReport, 2> fire_reports(const State& s);
// The battle's record (s.combat_report): copies each side's die, hits and steps lost so far.
void update_report(State& s);
// 7.5: DRMs, columns and the dice; then the step losses, the attacker first (7.6). After an
// Ambush! (7.56) only the ambusher fires here; the ambushed side takes its losses first.
void roll(State& s);
// 7.56: once the ambushed side has taken its losses, its leader-loss checks (7.7), then its fire
// with what survived, then the ambusher's losses.
void ambush_victim_fires(State& s);

// --- 7.6 step losses (battle_losses.cpp) ---------------------------------------------------------

// The units of the losing side that may take the next step loss (7.62, 7.63, 9.14).
std::vector<PieceIndex> loss_choices(const State& s);
void take_step(State& s, PieceIndex p);
void continue_losses(State& s);
void start_losses(State& s, Side side);

// --- 7.7 leader losses, 7.8 winner (battle_outcome.cpp) ------------------------------------------

// 7.7: after `firing` rolled `natural_die` and caused `steps_caused`, its enemy's leaders roll.
void leader_losses(State& s, Side firing, int natural_die, int steps_caused);
void after_losses(State& s);

// --- 9.2 assault won (battle_assault.cpp) --------------------------------------------------------

// 9.22
void capture_fortification(State& s);

// --- 7.9 retreat (battle_retreat.cpp) ------------------------------------------------------------

// Every space the piece may retreat to; the battle space itself stands for "inside" (8.13).
std::vector<SpaceIndex> retreat_options(const State& s, PieceIndex p);
void retreat_piece_to(State& s, PieceIndex p, SpaceIndex to);
void start_retreats(State& s);
void continue_retreats(State& s);

}  // namespace warpath::wilderness_war::battle_detail
