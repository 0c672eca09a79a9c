#include "engine/wilderness_war/go_home.hpp"

#include <algorithm>

#include "engine/wilderness_war/queries.hpp"

namespace warpath::wilderness_war {

std::vector<SpaceIndex> closest_friendly_fortifications(const State& s, SpaceIndex from, Side side) {
  // Breadth-first over connections, one ring at a time, so every fortification at the least
  // distance is found (the owner chooses among them, 10.42).
  const auto& spaces = s.data().spaces;
  std::vector<char> seen(spaces.size(), 0);
  std::vector<SpaceIndex> ring{from};
  seen[static_cast<std::size_t>(from)] = 1;
  while (!ring.empty()) {
    std::vector<SpaceIndex> found;
    for (SpaceIndex sp : ring)
      if (has_unbesieged_fortification(s, sp, side)) found.push_back(sp);
    if (!found.empty()) {
      std::sort(found.begin(), found.end());
      return found;
    }
    std::vector<SpaceIndex> next;
    for (SpaceIndex sp : ring)
      for (const auto& c : spaces[static_cast<std::size_t>(sp)].connections)
        if (!seen[static_cast<std::size_t>(c.to)]) {
          seen[static_cast<std::size_t>(c.to)] = 1;
          next.push_back(c.to);
        }
    ring = std::move(next);
  }
  return {};
}

std::optional<SpaceIndex> indian_home_settlement(const State& s, PieceIndex indian) {
  const auto& unit = s.data().unit(indian);
  const SpaceIndex home = s.data().tribes.at(static_cast<std::size_t>(unit.tribe)).settlement;
  if (home == no_space) return std::nullopt;                         // 10.412
  if (has_units(s, home, enemy_of(unit.side))) return std::nullopt;  // 10.411
  return home;
}

}  // namespace warpath::wilderness_war
