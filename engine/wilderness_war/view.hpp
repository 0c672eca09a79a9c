#pragma once
// What one seat may see of a position (documented in schema/wilderness-war-view.json). Public:
// the map, every piece, every marker, the tracks, the discard pile and removed cards, the sizes
// of the hands and the draw pile (5.24). Private to a side: its own hand. Never shown: the other
// hand, the draw pile's order, the Rng.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// `seat` is a role ("french", "british") or anything else for a spectator. `actions` and
// `prompt` are the seat's legal actions and the sentence describing them.
nlohmann::json make_view(const State& state, std::string_view seat, nlohmann::json actions, std::string prompt);

}  // namespace warpath::wilderness_war
