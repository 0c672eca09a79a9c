#include "engine/wilderness_war/supply.hpp"

#include <vector>

#include "engine/wilderness_war/queries.hpp"

namespace warpath::wilderness_war {
namespace {

// 12.1, 6.43: an Amphib space where the French are not besieging a British fortification. A siege
// the British conduct there does not stop it: 6.432 keeps the marker and the sea link "even if a
// Siege is underway" (README, decisions).
bool is_amphib_source(const State& s, SpaceIndex space) {
  if (!s.space(space).amphib) return false;
  return !is_besieged(s, space) || fortification_side(s, space) == Side::french;
}

// 12.1: where a supply line may end.
bool is_supply_source(const State& s, SpaceIndex space, Side side) {
  const auto& info = s.data().spaces[static_cast<std::size_t>(space)];
  if (side == Side::british && is_amphib_source(s, space)) return true;
  if (is_besieged(s, space)) return false;
  if (info.fortress && is_originally_friendly(s, space, side)) return fortress_controller(s, space) == side;
  if (side != Side::british) return false;
  return info.fortress && info.port && fortress_controller(s, space) == side;  // a captured port
}

// 12.2: a space the line may not pass through or end in.
bool blocks_supply(const State& s, SpaceIndex space, Side side) { return is_enemy_occupied(s, space, side); }

// 12.21: a space in the middle of the chain must be one of these, or water-connected to both
// neighbours in the chain.
bool is_open_link(const State& s, SpaceIndex space, Side side) {
  return is_cultivated(s, space) || has_friendly_fortification(s, space, side) || s.space(space).amphib;
}

}  // namespace

namespace {

bool trace_supply(const State& s, SpaceIndex space, Side side) {
  // Search outward from the supplied space. A space reached over water may continue over water
  // only; an open link (cultivated, fortification, Amphib) may continue over any connection. So
  // each space is visited in two modes: reached by water, and reached as an open link.
  const auto& spaces = s.data().spaces;
  const std::size_t n = spaces.size();
  std::vector<char> seen_any(n, 0), seen_water(n, 0);
  struct Node {
    SpaceIndex space;
    bool via_water;  // entered over a water connection
  };
  std::vector<Node> stack;
  auto expand = [&](SpaceIndex from, bool water_only) {
    for (const auto& c : spaces[static_cast<std::size_t>(from)].connections) {
      if (water_only && !c.is_water()) continue;
      stack.push_back({c.to, c.is_water()});
    }
  };
  if (is_supply_source(s, space, side)) return true;
  // British units on an Amphib marker are supplied by their landing (6.43), even when the French
  // besiege a British fortification there: such a space is no source for others.
  if (side == Side::british && s.space(space).amphib) return true;
  // The supplied space itself needs no characteristic (12.21): every connection leaves it.
  seen_any[static_cast<std::size_t>(space)] = 1;
  expand(space, false);
  while (!stack.empty()) {
    const Node node = stack.back();
    stack.pop_back();
    const auto i = static_cast<std::size_t>(node.space);
    if (blocks_supply(s, node.space, side)) continue;
    if (is_supply_source(s, node.space, side)) return true;
    if (is_open_link(s, node.space, side)) {
      if (seen_any[i]) continue;
      seen_any[i] = 1;
      expand(node.space, false);
    } else if (node.via_water) {
      // A wilderness link reached over water may go on over water only (12.21, first bullet).
      if (seen_water[i] || seen_any[i]) continue;
      seen_water[i] = 1;
      expand(node.space, true);
    }
  }
  return false;
}

}  // namespace

bool is_in_supply(const State& s, SpaceIndex space, Side side) {
  if (s.supply_pieces_stamp_ != s.pieces_stamp_ || s.supply_markers_stamp_ != s.markers_stamp_) {
    for (auto& by_space : s.supply_) by_space.assign(s.spaces.size(), -1);
    s.supply_pieces_stamp_ = s.pieces_stamp_;
    s.supply_markers_stamp_ = s.markers_stamp_;
  }
  auto& known = s.supply_[index_of(side)][static_cast<std::size_t>(space)];
  if (known < 0) known = trace_supply(s, space, side) ? 1 : 0;
  return known == 1;
}

}  // namespace warpath::wilderness_war
