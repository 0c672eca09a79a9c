#pragma once
// Questions about a position that every rule asks: who is where, what a piece is, who owns a
// fortification, who controls a space. Pure functions of the state.

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// --- small shared helpers ---------------------------------------------------------------------
const Space& space_info(const State& s, SpaceIndex space);
const std::string& space_name(const State& s, SpaceIndex space);
const std::string& space_id(const State& s, SpaceIndex space);
std::string role_of(Side side);  // the role id: "french" | "british"
template <typename T>
bool contains(const std::vector<T>& list, T value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// --- pieces --------------------------------------------------------------------------------
// The piece questions the rules ask many times per action are inline.
inline bool is_unit(const State& s, PieceIndex p) { return !s.data().is_leader(p); }
inline bool is_leader(const State& s, PieceIndex p) { return s.data().is_leader(p); }
inline Side side_of(const State& s, PieceIndex p) { return s.data().piece_side(p); }
inline bool is_unit_of_class(const State& s, PieceIndex p, UnitClass unit_class) {
  return is_unit(s, p) && s.data().unit(p).unit_class == unit_class;
}
inline bool is_drilled_troops(const State& s, PieceIndex p) {  // 3.11
  return is_unit_of_class(s, p, UnitClass::drilled_troops);
}
inline bool is_auxiliary(const State& s, PieceIndex p) {  // 3.13
  return is_unit_of_class(s, p, UnitClass::auxiliary);
}
inline bool is_militia(const State& s, PieceIndex p) {  // 3.12
  return is_unit_of_class(s, p, UnitClass::militia);
}
inline bool is_indian(const State& s, PieceIndex p) {
  return is_unit(s, p) && s.data().unit(p).type == UnitType::indians;
}
bool is_regulars(const State& s, PieceIndex p);  // 4-4, 3-4 and Marine Detachments (3.11)
bool is_light_infantry(const State& s, PieceIndex p);
bool is_rangers(const State& s, PieceIndex p);
bool is_coureurs(const State& s, PieceIndex p);
bool is_cherokee(const State& s, PieceIndex p);
bool is_iroquois_or_mohawk(const State& s, PieceIndex p);  // 5.534
bool is_johnsons_indian(const State& s, PieceIndex p);     // 5.534: British Iroquois and Mohawks
bool is_johnson(const State& s, PieceIndex p);             // 5.534: the leader who commands them free
inline int steps_of(const State& s, PieceIndex p) {        // 2 full, 1 reduced, 0 not a unit
  return is_unit(s, p) ? (s.piece(p).reduced ? 1 : 2) : 0;
}
int strength_of(const State& s, PieceIndex p);  // current combat strength
int movement_of(const State& s, PieceIndex p);  // units: allowance; leaders: 6.21
inline bool is_on_map(const State& s, PieceIndex p) { return s.space_of(p) != no_space; }
std::string piece_name(const State& s, PieceIndex p);
// "A, B, C": the names of `pieces`, for prompts and the log.
std::string piece_names(const State& s, const std::vector<PieceIndex>& pieces);

// 7.51, 5.34: the leader among `pieces` with the highest Command rating, the best Tactics among
// equals (any of them may command; the owner takes the best); -1 when there is no leader.
PieceIndex highest_command_leader(const State& s, const std::vector<PieceIndex>& pieces);

// 7.3: the militia box of `side` for the Department of `space`; -1 outside any Department.
int militia_box_of(const State& s, SpaceIndex space, Side side);
std::vector<PieceIndex> militia_in_box(const State& s, int box);  // empty for box -1

// --- who is where ----------------------------------------------------------------------------
// Every piece of `side` in `space` (directly or in a leader's box there), in piece order.
std::vector<PieceIndex> pieces_in(const State& s, SpaceIndex space, Side side);
std::vector<PieceIndex> units_in(const State& s, SpaceIndex space, Side side);
std::vector<PieceIndex> leaders_in(const State& s, SpaceIndex space, Side side);
bool has_units(const State& s, SpaceIndex space, Side side);
int unit_count(const State& s, SpaceIndex space, Side side);
// Units of `side` in `space` that are not inside a besieged fortification.
bool has_unbesieged_units(const State& s, SpaceIndex space, Side side);
bool has_units_inside(const State& s, SpaceIndex space, Side side);   // 8.1
bool has_units_outside(const State& s, SpaceIndex space, Side side);  // 8.1
bool has_drilled_troops(const State& s, SpaceIndex space, Side side);

// The units of each side in every space, counted in one pass over the pieces, and every piece
// (leaders too) by space: for the rules that look at the whole map at once (settle_map) and for
// listing a space's pieces without a pass over all of them. A snapshot of the pieces at one
// moment: the state counts again after any piece changes.
struct StackCount {
  std::uint8_t units = 0, drilled = 0, inside = 0, outside = 0;
  bool operator==(const StackCount&) const = default;
};
class Occupancy {
 public:
  explicit Occupancy(const State& s);
  const StackCount& of(SpaceIndex space, Side side) const {
    return counts_[static_cast<std::size_t>(space)][index_of(side)];
  }
  const std::array<StackCount, 2>& counts_in(SpaceIndex space) const {  // by Side
    return counts_[static_cast<std::size_t>(space)];
  }
  // The pieces in `space` (leader boxes included), in ascending order.
  std::span<const PieceIndex> pieces_in(SpaceIndex space) const {
    const auto at = static_cast<std::size_t>(space);
    return std::span<const PieceIndex>(by_space_).subspan(first_[at], first_[at + 1] - first_[at]);
  }
  // The count after `p`, as it is in `s`, goes to map space `to` outside any fortification: what
  // counting `s` anew after that move gives. False, changing nothing, for a leader with pieces in
  // its box (they would move with it): the caller counts anew.
  bool follow(const State& s, PieceIndex p, SpaceIndex to);
  bool operator==(const Occupancy&) const = default;

 private:
  std::vector<std::array<StackCount, 2>> counts_;
  std::vector<PieceIndex> by_space_;  // pieces grouped by space, ascending within a space
  std::vector<std::uint16_t> first_;  // by space: where its pieces start in by_space_; one more at the end
};

// The state's occupancy, counted again only when a piece has changed since the last call (or
// followed the piece: State::place_in_space).
const Occupancy& occupancy_of(const State& s);
// The same, shared: it stays valid while the caller changes pieces (and the state counts anew).
std::shared_ptr<const Occupancy> shared_occupancy_of(const State& s);

// --- fortifications (2.0) ----------------------------------------------------------------------
// The side owning the space's fortress, completed fort or stockade; nullopt when it has none.
// Forts under construction are no fortification (5.44).
std::optional<Side> fortification_side(const State& s, SpaceIndex space);
bool has_fortress(const State& s, SpaceIndex space);
bool has_fort_or_fortress(const State& s, SpaceIndex space, Side side);  // the besiegeable kinds (8.21)
bool has_friendly_fortification(const State& s, SpaceIndex space, Side side);
bool has_unbesieged_fortification(const State& s, SpaceIndex space, Side side);
bool is_besieged(const State& s, SpaceIndex space);  // a Siege marker is on the space (8.21)
// 6.51: unbesieged enemy units or unbesieged enemy fortifications.
bool is_enemy_occupied(const State& s, SpaceIndex space, Side side);
// A piece inside a besieged fortification (8.22: events can neither remove nor restore it).
inline bool is_besieged_piece(const State& s, PieceIndex p) {
  const SpaceIndex at = s.space_of(p);
  return at != no_space && is_besieged(s, at) && s.piece(p).inside;
}

// --- control -----------------------------------------------------------------------------------
bool is_originally_friendly(const State& s, SpaceIndex space, Side side);
bool is_originally_enemy(const State& s, SpaceIndex space, Side side);
bool is_cultivated(const State& s, SpaceIndex space);
bool is_wilderness_or_mountain(const State& s, SpaceIndex space);
// 2.0: unbesieged, free of enemy units and, if originally enemy, held by a friendly unit or (for
// the British) an Amphib marker. Who owns it otherwise (capture, 9.22) is fortress_owner.
std::optional<Side> fortress_controller(const State& s, SpaceIndex fortress);
// Control of any space for naval movement, reinforcements and events: a fortress by 2.0; any
// other space by friendly units or fortification without enemy ones, else its original side if
// no enemy is there.
bool is_friendly_controlled(const State& s, SpaceIndex space, Side side);
// The space holds units or fortifications of `side` and no units or fortifications of the enemy
// (13.23, 5.45).
bool is_solely_occupied_by(const State& s, SpaceIndex space, Side side);

// --- combat in the current Action Phase (State::combats) -----------------------------------------
// 5.36: the piece took part in a battle or assault this Action Phase, so it may not be activated.
bool fought_this_phase(const State& s, PieceIndex p);
// 10.2 exception: any of `pieces` fought a battle in `space` this Action Phase.
bool fought_in_space_this_phase(const State& s, SpaceIndex space, const std::vector<PieceIndex>& pieces);

// --- the map graph -----------------------------------------------------------------------------
bool are_adjacent(const State& s, SpaceIndex a, SpaceIndex b);
bool is_water_connected(const State& s, SpaceIndex a, SpaceIndex b);
// Spaces reachable in one step (adjacent, 2.0; arrows are not adjacency).
std::vector<SpaceIndex> adjacent_spaces(const State& s, SpaceIndex space);

}  // namespace warpath::wilderness_war
