// PLACEHOLDER until the siege procedure lands.
#include "engine/wilderness_war/siege.hpp"

namespace warpath::wilderness_war {

bool may_roll_siege(const State&, SpaceIndex, Side, PieceIndex) { return false; }
bool may_assault(const State&, SpaceIndex, Side) { return false; }
void begin_siege_roll(State& s, SpaceIndex, PieceIndex) { siege_finished(s); }
void list_siege_actions(const State&, ActionList&) {}
void apply_siege(State&, const engine::Action&) {}
std::string siege_prompt(const State&) { return "Siege."; }

}  // namespace warpath::wilderness_war
