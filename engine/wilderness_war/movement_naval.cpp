// Naval (6.4) and amphibious (6.43) moves.
#include "engine/wilderness_war/movement_internal.hpp"

#include <algorithm>

namespace warpath::wilderness_war::movement_detail {
namespace {

bool may_naval_move_at_all(const State& s) {
  const auto& m = mv(s);
  if (m.foul_weather) return false;  // #14 (cards.md): no naval move, so no Amphibious Landing
  if (m.commander >= 0) {            // 6.41: a force needs a 3-value card (every Campaign card is one)
    if (!s.activation || s.data().card(s.activation->card).activation != 3) return false;
  }
  if (m.phasing == Side::french && s.year_track.no_french_naval) return false;
  return true;
}

}  // namespace

std::vector<SpaceIndex> naval_destinations(const State& s) {
  std::vector<SpaceIndex> out;
  const auto& m = mv(s);
  if (!may_naval_move_at_all(s)) return out;
  const SpaceIndex at = m.where;
  if (m.phasing == Side::french) {
    const auto& ports = s.data().french_naval_ports;
    if (!contains(ports, at) || !is_friendly_controlled(s, at, Side::french)) return out;
    for (SpaceIndex p : ports)
      if (p != at && is_friendly_controlled(s, p, Side::french)) out.push_back(p);
    return out;
  }
  // 6.432: an Amphib space links to any British-controlled port, even during a siege there.
  const bool from_port = space_info(s, at).port && is_friendly_controlled(s, at, Side::british);
  const bool from_amphib = s.space(at).amphib;
  if (!from_port && !from_amphib) return out;
  for (SpaceIndex p : s.data().ports)
    if (p != at && is_friendly_controlled(s, p, Side::british)) out.push_back(p);
  if (from_port)
    for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
      if (sp != at && s.space(sp).amphib && !contains(out, sp)) out.push_back(sp);
  std::sort(out.begin(), out.end());
  return out;
}

// 6.43, 6.431, cards.md #17-#20: the public conditions of an Amphibious Landing. A special naval
// move (so 6.41 applies to a force, and Foul Weather forbids it) along an amphibious arrow from a
// British-controlled Halifax or Louisbourg (the only arrow tails), outside a No Amphib year (#21).
std::vector<SpaceIndex> amphibious_arrow_targets(const State& s) {
  std::vector<SpaceIndex> out;
  const auto& m = mv(s);
  if (m.phasing != Side::british || m.moved || s.year_track.no_amphib || !may_naval_move_at_all(s)) return out;
  if (movers_besieged(s) || !space_info(s, m.where).port || !is_friendly_controlled(s, m.where, Side::british))
    return out;
  for (const auto& a : space_info(s, m.where).arrows_out)
    if (a.kind == ArrowKind::amphibious_landing && may_enter(s, a.to)) out.push_back(a.to);
  return out;
}

// The British list these only while they hold an Amphibious Landing card (their own hand).
std::vector<SpaceIndex> amphibious_destinations(const State& s) {
  if (!amphibious_landing_card(s)) return {};
  return amphibious_arrow_targets(s);
}
}  // namespace warpath::wilderness_war::movement_detail
