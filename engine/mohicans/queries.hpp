#pragma once
// Questions the rules ask about a position: who a counter fights for, who holds a place, what a
// place holds, and whether a counter may be placed there.

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/mohicans/state.hpp"

namespace warpath::mohicans {

// `items` holds `x` (the short lists of units and places the procedures keep).
template <typename T>
bool contains(const std::vector<T>& items, T x) {
  return std::find(items.begin(), items.end(), x) != items.end();
}
// The printed names, for log lines and prompts.
inline const std::string& unit_name(const State& s, UnitIndex u) { return s.data().unit(u).name; }
inline const std::string& place_name(const State& s, LocationIndex l) { return s.data().location(l).name; }

// The side a counter on the map fights for: its own; green tribes are French (INDIAN TRIBES);
// Iroquois only once the Six Nations have joined a side (ambiguity 7), none before.
std::optional<Side> controller(const State& s, UnitIndex u);

// The location is held by `side` (VICTORY CONDITIONS, musters: "friendly").
bool holds(const State& s, LocationIndex l, Side side);

// The location is friendly to `side`: held by it, or for the French a green village the British
// have not taken (ambiguity 36: French supply, retreat and movement).
bool friendly_place(const State& s, LocationIndex l, Side side);

// Counters on the map at `l`.
std::vector<UnitIndex> units_at(const State& s, LocationIndex l);
// Units of both sides stand at `l`: a battle (IV. COMBAT), so none may leave by muster (II).
bool contested(const State& s, LocationIndex l);
// Where both sides have units, in map order.
std::vector<LocationIndex> contested_locations(const State& s);

// Indians: the tribes and the Iroquois (INDIAN TRIBES, IROQUOIS).
bool indigenous(const Unit& unit);
// Every counter of the game, in counter order.
std::vector<UnitIndex> all_units(const State& s);

// LAND STACKING: `u` may join the units at `l` without going over the place's limit or the
// indigenous limit (the French garrisons count for neither).
bool within_stacking(const State& s, UnitIndex u, LocationIndex l);

// The Iroquois counters whose colour is showing (on the map or not), one per nation.
std::vector<UnitIndex> iroquois_showing(const State& s);

// Moves a counter onto the map at `l`, face up and full strength unless told otherwise.
void put_on_map(State& s, UnitIndex u, LocationIndex l);

// "the French", "the British": for log lines.
std::string the(Side side);

}  // namespace warpath::mohicans
