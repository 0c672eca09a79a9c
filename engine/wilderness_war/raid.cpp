// PLACEHOLDER until the raid procedure lands.
#include "engine/wilderness_war/raid.hpp"

namespace warpath::wilderness_war {

bool is_raid_target(const State&, SpaceIndex, Side) { return false; }
void begin_raids(State& s, std::vector<SpaceIndex>) { raids_finished(s); }
void raid_after_battle(State& s, const BattleResult&) { raids_finished(s); }
void list_raid_actions(const State&, ActionList&) {}
void apply_raid(State&, const engine::Action&) {}
std::string raid_prompt(const State&) { return "Raid."; }

}  // namespace warpath::wilderness_war
