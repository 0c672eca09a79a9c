#pragma once
// What one seat may see of a position (documented in schema/wilderness-war-view.json). Public:
// the map, every piece, every marker, the tracks, the discard pile and removed cards, the sizes
// of the hands and the draw pile (5.24), and the game log. Private to a side: its own hand. Never
// shown: the other hand, the draw pile's order, the Rng.

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// What every seat sees: the map, the pieces (compact: view.cpp), markers, tracks, cards on the table.
nlohmann::json make_public_view(const State& state);
// The members of make_public_view(after) that may differ from make_public_view(before): those a
// cheap comparison of the two states cannot prove unchanged, as values in `members`, or, for the
// pieces and the markers, as their text in `texts`.
void public_view_changes(const State& before, const State& after, nlohmann::json& members,
                         std::map<std::string, std::string>& texts);
// The changes of the members written as text (`texts` above) that are cheaper to state than to
// find by comparing values: the pieces and markers a move touched, as RFC 6902 operations
// written as text by member (engine::append_patch_op, paths from the view's root).
std::map<std::string, std::string> public_view_patches(const State& before, const State& after,
                                                       const std::map<std::string, std::string>& texts);
// What `seat` alone sees: a role ("french", "british") gets its hand; anything else is a
// spectator. `prompt` is the sentence describing the seat's decision (the framework adds its
// legal actions).
nlohmann::json make_seat_view(const State& state, std::string_view seat, std::string prompt);

}  // namespace warpath::wilderness_war
