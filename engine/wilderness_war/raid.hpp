#pragma once
// Raids (10.0): targets (10.1), militia against raids (10.2), the Raid Table (10.3), previously raided
// spaces (10.33), and going home (10.4).

#include <string>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::raid (see flow.hpp).
void list_raid_actions(const State& s, ActionList& out);
void apply_raid(State& s, const engine::Action& action);
std::string raid_prompt(const State& s);

// 10.1: whether auxiliaries of `side` ending their activation in `space` (without friendly
// Drilled Troops) must raid it.
bool is_raid_target(const State& s, SpaceIndex space, Side side);
// Starts the raids of the activation in `spaces` (in that order). Sets Step::raid; when over,
// clears s.raid and calls raids_finished().
void begin_raids(State& s, std::vector<SpaceIndex> spaces);
// 10.3: the raid roll's modifiers with their reasons; the roll adds their total.
std::vector<CombatModifier> raid_modifiers(const State& s, const RaidState& r);
// The raid in `s.raid->where` as the view shows it before the roll: the raiders with the modifiers
// and the table column (the roll records the same with its die and result in s.combat_report).
CombatReport raid_forecast(const State& s);
// Called by battle_finished for a battle against militia deployed against a raid (10.21).
void raid_after_battle(State& s, const BattleResult& result);

}  // namespace warpath::wilderness_war
