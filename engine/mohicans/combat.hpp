#pragma once
// IV. COMBAT: the battles fought where both sides have units after movement (A to F, H, I), with
// the optional D6 combat, and V. RAIDS — END OF BATTLE PHASE. The battle rules the sieges share
// (losses, eliminations, retreats, captures) are declared here too.
//
// The stage is a small table of steps (CombatStep, in CombatState): each step lists its decisions,
// applies one, and prompts; what the rules decide (the set-up of a battle, the dice, forced hits,
// victory, recovery) runs in `apply` until the next decision.

#include <optional>
#include <string>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

bool enter_combat(State& s);  // when a location holds units of both sides
void list_combat(const State& s, engine::ActionList& out);
void apply_combat(State& s, const engine::Action& action);
std::string combat_prompt(const State& s);

// --- battle rules shared with the sieges ---------------------------------------------------------
// The units at `l` fighting for `side`.
std::vector<UnitIndex> side_units(const State& s, LocationIndex l, Side side);
// The side whose fortification stands at `l`: its fort marker, or the holder of a city (C, G).
std::optional<Side> fortification_holder(const State& s, LocationIndex l);
// IV. B: the units of `pool` that may take the next kill or hit: undamaged ones first; in Woods,
// Regulars take the first hit and Irregulars the last (ambiguity 27).
std::vector<UnitIndex> loss_candidates(const State& s, const std::vector<UnitIndex>& pool, bool kill, bool woods,
                                       bool first_hit);
// One hit on `u` (flips it, or eliminates it on its last life point); true when it was eliminated.
bool take_hit(State& s, UnitIndex u);
// Removes `u` from the map: militia and colonial or irregular counters to the force pool; European
// regulars, garrisons, tribes and Iroquois for good (SPECIAL RULES: INDIAN TRIBES, FRENCH GARRISONS).
void eliminate(State& s, UnitIndex u);
// IV. H: where `units` of `side` may retreat from `from` over land as one stack: a neighbour not held
// by the enemy, without enemy units, open, with room, and not one the enemy there came from this
// turn; the places the stack came from when any is open, else the ones closer to the side's bases.
std::vector<LocationIndex> retreat_destinations(const State& s, LocationIndex from, Side side,
                                                const std::vector<UnitIndex>& units);
// IV. H: the port of origin British `units` that all landed by the Sea Lift may retreat to (with one
// extra hit), when it is still British, free of French units and has room; else no_location.
LocationIndex sea_retreat_port(const State& s, Side side, const std::vector<UnitIndex>& units);
// IV. H: every retreat open to `units` of `side` at `from` after a lost battle or siege: the land
// destinations, and the port of origin by sea (sea_retreat_port) when it is not one of them.
std::vector<LocationIndex> retreat_options(const State& s, LocationIndex from, Side side,
                                           const std::vector<UnitIndex>& units);
// IV. H: whether retreating to `to` is the retreat by sea, which costs one extra hit first.
bool retreat_by_sea(const State& s, LocationIndex from, Side side, const std::vector<UnitIndex>& units,
                    LocationIndex to);
// PROMOTIONS: the militia of `victor` holding `l` at a battle's end may be promoted in the winter.
void note_promotable(State& s, LocationIndex l, Side victor);
// Moves `units` to `to` (one retreating stack), logged.
void retreat_units(State& s, const std::vector<UnitIndex>& units, LocationIndex to, Side side);
// `winner`, alone at `l`, takes it from the loser; a Great Victory for a city, town or village
// (IROQUOIS ADJUSTMENT, ambiguity 35). The fort marker is handled by the caller.
void take_place(State& s, LocationIndex l, Side winner);
// IV. I: damaged units back to full strength.
void recover(State& s, const std::vector<UnitIndex>& units);

}  // namespace warpath::mohicans
