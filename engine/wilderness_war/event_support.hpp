#pragma once
// What many events do (cards.md §0): bring counters into play (5.52), restore reduced units
// (5.523), draw British leaders (5.55), and the entry restrictions they all obey (5.521, 5.522,
// 8.22). Shared by the events_*.cpp files.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The sub-state of the event being resolved (State::event; only while one is).
inline EventState& ev(State& s) { return s.event.value(); }
inline const EventState& ev(const State& s) { return s.event.value(); }
// A space by its data id.
inline SpaceIndex space_named(const State& s, std::string_view id) { return s.data().space_index(id); }
// The event table's condition of a card whose event is always playable.
inline bool always(const State&, Side) { return true; }
// The event waits for `chooser`'s next choice.
inline void wait_for(State& s, Side chooser) {
  s.step = Step::event;
  s.active = chooser;
}
// 5.54: the two Departments that raise Provincials.
inline constexpr std::array<Department, 2> provincial_departments = {Department::northern, Department::southern};

using PiecePredicate = bool (*)(const State&, PieceIndex);

// 5.52: a counter not in play (never used, or eliminated and allowed back, 7.61).
bool is_available(const State& s, PieceIndex p);
// The available units of `side` that `kind` accepts, in piece order.
std::vector<PieceIndex> available_units(const State& s, Side side, PiecePredicate kind);

// 5.521, 5.522, 6.432: new units of `side` may enter `space` only if it holds no enemy units and
// no enemy fortification and is not besieged.
bool reinforcements_may_enter(const State& s, SpaceIndex space, Side side);
// Brings an available counter into `space` at full strength, outside any fortification, and logs it.
void place_reinforcement(State& s, PieceIndex p, SpaceIndex space);
// Places an available militia counter in a militia box at full strength.
void place_militia_in_box(State& s, PieceIndex p, int box);

// 5.523, 8.22, 12.3: a reduced unit on the map (or a militia in its box) that is not besieged;
// Drilled Troops must also be in supply.
bool may_be_restored(const State& s, PieceIndex p);
// The units of `side` that `kind` accepts and may be restored.
std::vector<PieceIndex> restorable_units(const State& s, Side side, PiecePredicate kind);
// Flips a reduced unit to full strength and logs it.
void restore_unit(State& s, PieceIndex p);

// 5.55: a random leader from the British leader pool (the Rng; an undo barrier), moved nowhere
// yet (the event places him); nullopt when the pool is empty.
std::optional<PieceIndex> draw_british_leader(State& s);
// 5.55: the Command-7 leaders on the map, `except` not counted.
std::vector<PieceIndex> seven_command_leaders_on_map(const State& s, PieceIndex except = -1);

// The space of a British-controlled port usable for British reinforcements (cards.md #57): a port
// the British control that is not besieged and holds no French units, or an Amphib space that is
// not besieged and holds no French units or fortification (6.432).
bool is_british_reinforcement_port(const State& s, SpaceIndex space);

// Units of `side` on the map that are not besieged and that `kind` accepts: the targets of events
// that eliminate (8.22).
std::vector<PieceIndex> unbesieged_units_on_map(const State& s, Side side, PiecePredicate kind);

// 5.54: the British Provincials of a Department (Northern or Southern counters), those on the map
// (besieged ones count toward the limits; `unbesieged_only` for the events that remove them), and
// the Department's limit at the current Provincial Assemblies level (nullopt: no limit).
bool is_provincial_of(const State& s, PieceIndex p, Department department);
bool is_northern_provincial(const State& s, PieceIndex p);
bool is_southern_provincial(const State& s, PieceIndex p);
std::vector<PieceIndex> provincials_on_map(const State& s, Department department, bool unbesieged_only);
std::optional<int> provincial_limit(const State& s, Department department);

// An event's log line for `side`.
void note_event(State& s, Side side, const std::string& verb, nlohmann::json arg, const std::string& text);

}  // namespace warpath::wilderness_war
