#pragma once
// Going home (10.4, 4.0 B.3): where Indians, leaders, coureurs and rangers go.

#include <vector>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// 10.42, 10.421: the friendly unbesieged fortifications closest to `from`, counting connected
// spaces regardless of enemy presence or terrain (all at the least distance; `from` itself if it
// has one). Empty when the side has none.
std::vector<SpaceIndex> closest_friendly_fortifications(const State& s, SpaceIndex from, Side side);

// 10.41: the settlement an Indian unit goes home to; nullopt when it is eliminated instead (its
// settlement is occupied by the enemy, 10.411, or off the map, the Cherokee, 10.412).
std::optional<SpaceIndex> indian_home_settlement(const State& s, PieceIndex indian);

}  // namespace warpath::wilderness_war
