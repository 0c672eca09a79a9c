#include "engine/mohicans/queries.hpp"

#include <algorithm>

namespace warpath::mohicans {

std::optional<Side> controller(const State& s, UnitIndex u) {
  switch (s.data().unit(u).side) {
    case UnitSide::french:
      return Side::french;
    case UnitSide::british:
      return Side::british;
    case UnitSide::native:
      return Side::french;
    case UnitSide::iroquois:
      return s.iroquois_ally;
  }
  return std::nullopt;
}

bool holds(const State& s, LocationIndex l, Side side) { return s.location(l).owner == owner_of(side); }

bool friendly_place(const State& s, LocationIndex l, Side side) {
  return holds(s, l, side) || (side == Side::french && s.location(l).owner == Owner::native);
}

std::vector<UnitIndex> units_at(const State& s, LocationIndex l) {
  std::vector<UnitIndex> out;
  for (std::size_t u = 0; u < s.units.size(); ++u)
    if (s.units[u].where == UnitWhere::map && s.units[u].at == l) out.push_back(static_cast<UnitIndex>(u));
  return out;
}

bool contested(const State& s, LocationIndex l) {
  std::array<bool, 2> present{};
  for (UnitIndex u : units_at(s, l))
    if (auto side = controller(s, u)) present[index_of(*side)] = true;
  return present[0] && present[1];
}

std::vector<LocationIndex> contested_locations(const State& s) {
  std::vector<LocationIndex> out;
  for (std::size_t l = 0; l < s.locations.size(); ++l)
    if (contested(s, static_cast<LocationIndex>(l))) out.push_back(static_cast<LocationIndex>(l));
  return out;
}

bool indigenous(const Unit& unit) { return unit.kind == UnitKind::tribe || unit.kind == UnitKind::iroquois; }

std::vector<UnitIndex> all_units(const State& s) {
  std::vector<UnitIndex> out(s.units.size());
  for (std::size_t u = 0; u < out.size(); ++u) out[u] = static_cast<UnitIndex>(u);
  return out;
}

bool within_stacking(const State& s, UnitIndex u, LocationIndex l) {
  const Unit& unit = s.data().unit(u);
  if (!unit.counts_for_stacking) return true;
  int all = 1, native = indigenous(unit) ? 1 : 0;
  for (UnitIndex other : units_at(s, l)) {
    if (other == u || !s.data().unit(other).counts_for_stacking) continue;
    ++all;
    if (indigenous(s.data().unit(other))) ++native;
  }
  return all <= s.data().location(l).stacking_limit && native <= s.data().indigenous_per_location;
}

std::vector<UnitIndex> iroquois_showing(const State& s) {
  std::vector<UnitIndex> out;
  for (std::size_t u = 0; u < s.units.size(); ++u)
    if (s.data().units[u].kind == UnitKind::iroquois && s.units[u].where != UnitWhere::off_map)
      out.push_back(static_cast<UnitIndex>(u));
  return out;
}

void put_on_map(State& s, UnitIndex u, LocationIndex l) {
  UnitState& unit = s.unit(u);
  unit.where = UnitWhere::map;
  unit.at = l;
}

std::string the(Side side) { return "the " + std::string(side_titles(side)); }

}  // namespace warpath::mohicans
