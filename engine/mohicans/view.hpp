#pragma once
// What a seat sees of a Mohicans game (schema/mohicans-view.json). The public part is the board,
// the tracks and the procedure in progress, the same for every seat; the French naval pieces face
// down on the insert show only as face down. A seat's own part is its prompt and actions and,
// for the French, where each of their naval pieces is (`naval_orders`).

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

inline constexpr std::string_view face_down = "face_down";

nlohmann::json make_public_view(const State& s);
// The seat part besides the framework's members: {"naval_orders": ...}.
nlohmann::json make_seat_view(const State& s, std::string_view seat);

}  // namespace warpath::mohicans
