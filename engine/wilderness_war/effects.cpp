#include "engine/wilderness_war/effects.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "engine/wilderness_war/queries.hpp"

namespace warpath::wilderness_war {

int roll_die(State& s) {
  s.dice_rolled = true;
  const int die = s.rng.roll(6);
  s.dice.push_back(die);
  return die;
}

void award_vp(State& s, Side side, int amount, const std::string& why) {
  if (amount == 0) return;
  s.vp += side == Side::french ? amount : -amount;
  s.note("", "vp", amount,
         std::string(side_titles(side)) + (amount > 0 ? " gain " : " lose ") + std::to_string(std::abs(amount)) +
             " VP: " + why + ".");
}

namespace {

// 5.532: an Allied marker stays while any unit of the settlement's tribes is on the map, and goes
// "immediately" when the last is eliminated: eliminate_piece() calls this, so that whatever reads
// the map later in the same action (a raid after the battle that killed them) sees it gone.
void remove_orphaned_allied_markers(State& s) {
  const auto& data = s.data();
  const bool any_marker = std::any_of(s.spaces.begin(), s.spaces.end(), [](const SpaceState& m) { return m.allied; });
  if (!any_marker) return;
  // By side, a bit per tribe (data.cpp checks there are at most 64).
  std::array<std::uint64_t, 2> tribe_on_map{};
  for (std::size_t u = 0; u < data.units.size(); ++u)
    if (data.units[u].tribe != no_tribe && is_on_map(s, data.unit_piece(u)))
      tribe_on_map[index_of(data.units[u].side)] |= std::uint64_t{1} << data.units[u].tribe;
  for (std::size_t sp = 0; sp < s.spaces.size(); ++sp) {
    const auto allied = s.spaces[sp].allied;
    if (!allied) continue;
    const auto& tribes = data.spaces[sp].settlement_tribes;
    const bool any = std::any_of(tribes.begin(), tribes.end(),
                                 [&](TribeIndex t) { return (tribe_on_map[index_of(*allied)] >> t) & 1U; });
    if (!any) s.change_space(static_cast<SpaceIndex>(sp)).allied.reset();
  }
}

}  // namespace

void move_piece_to(State& s, PieceIndex p, SpaceIndex space) { s.place_in_space(p, space); }

void reduce_unit(State& s, PieceIndex p) {
  auto& piece = s.change_piece(p);
  if (piece.reduced) {
    eliminate_piece(s, p);
  } else {
    piece.reduced = true;
  }
}

void eliminate_piece(State& s, PieceIndex p) {
  // Pieces in this one's leader box stay where they are on the map.
  const SpaceIndex at = s.space_of(p);
  for (PieceIndex other = 0; other < s.data().piece_count(); ++other)
    if (s.piece(other).location == Location::in_leader_box(p)) move_piece_to(s, other, at);
  auto& piece = s.change_piece(p);
  const bool returns = is_unit(s, p) && s.data().unit(p).may_reenter_after_elimination;
  piece.location = Location::pool(returns ? LocationKind::eliminated : LocationKind::removed);
  piece.reduced = false;
  piece.inside = false;
  ++s.rule_events[is_leader(s, p) ? "leaders_killed" : "units_eliminated"];
  if (is_unit(s, p) && s.data().unit(p).tribe != no_tribe) remove_orphaned_allied_markers(s);  // 5.532
}

void count_capture(State& s, SpaceIndex where, Side captor) {
  if (captor == Side::british && s.data().spaces[static_cast<std::size_t>(where)].id == "louisbourg")
    ++s.rule_events["louisbourg_captured_by_british"];
}

void return_militia_to_box(State& s, PieceIndex p) {
  if (const int box = militia_box_of(s, s.space_of(p), side_of(s, p)); box >= 0) {
    auto& piece = s.change_piece(p);
    piece.location = Location::in_militia_box(box);
    piece.inside = false;
    return;
  }
  const auto& boxes = s.data().militia_boxes;
  // A militia unit away from its Department (an event may move one): back to its own side's box.
  for (std::size_t b = 0; b < boxes.size(); ++b)
    if (boxes[b].side == side_of(s, p)) {
      auto& piece = s.change_piece(p);
      piece.location = Location::in_militia_box(static_cast<int>(b));
      piece.inside = false;
      return;
    }
}

namespace {

// True when no rule of settle_space() can apply to the space: no marker it looks at, nothing
// inside a fortification, no captured fortress. Most spaces, after most actions.
bool nothing_to_settle(const SpaceState& markers, const Space& info, const std::array<StackCount, 2>& counts) {
  const bool captured_fortress = info.fortress && markers.fortress_owner != info.originally_friendly_to;
  return !markers.siege_level && !markers.amphib && !markers.fort_under_construction && !captured_fortress &&
         counts[0].inside == 0 && counts[1].inside == 0;
}

// Reads the space's markers through a const reference and changes them through State::space()
// only when a rule applies: a change invalidates the cached supply, and most spaces never change.
// `counts` are the space's units by side, kept up to date as pieces come out of the fortification.
void settle_space(State& s, SpaceIndex sp, std::span<const PieceIndex> pieces_here, std::array<StackCount, 2> counts) {
  const SpaceState& markers = std::as_const(s).space(sp);
  const auto& info = s.data().spaces[static_cast<std::size_t>(sp)];
  auto units = [&](Side side) { return counts[index_of(side)].units > 0; };
  auto outside = [&](Side side) { return counts[index_of(side)].outside > 0; };
  auto drilled = [&](Side side) { return counts[index_of(side)].drilled > 0; };
  auto clear_inside = [&](Side side) {
    StackCount& c = counts[index_of(side)];
    if (c.inside == 0) return;
    for (PieceIndex p : pieces_here)
      if (s.data().piece_side(p) == side) s.change_piece(p).inside = false;
    c.outside = static_cast<std::uint8_t>(c.outside + c.inside);
    c.inside = 0;
  };
  // 8.232: a siege ends when no besieger is left.
  if (markers.siege_level) {
    const auto defender = fortification_side(s, sp);
    if (!defender || !outside(enemy_of(*defender))) {
      s.change_space(sp).siege_level.reset();
      if (defender) clear_inside(*defender);
    }
  }
  // Nothing is inside an unbesieged fortification but by the 8.1 declaration of a battle.
  if (!markers.siege_level)
    for (Side side : both_sides)
      if (!outside(enemy_of(side))) clear_inside(side);
  // 8.24 exception: a captured originally-enemy fortress left without a unit (or, for the
  // British, an Amphib marker) reverts to its original side, who gains 3 VP.
  if (info.fortress && markers.fortress_owner && info.originally_friendly_to &&
      *markers.fortress_owner != *info.originally_friendly_to && !markers.siege_level) {
    const Side captor = *markers.fortress_owner;
    const bool held = units(captor) || (captor == Side::british && markers.amphib);
    if (!held) {
      s.change_space(sp).fortress_owner = info.originally_friendly_to;
      award_vp(s, *info.originally_friendly_to, 3, info.name + " reverts to its original owner (8.24)");
    }
  }
  // 6.431: the Amphib marker goes once the space is solely occupied by French units that include
  // Drilled Troops, or by an unbesieged French fortification: with no British piece left there. British
  // landed against a garrisoned Louisbourg keep it (their supply, sea link and retreat, 6.432), and
  // so does a British leader left alone by a lost battle until he has retreated by sea (6.53).
  const auto british_piece = [&] {
    return std::any_of(pieces_here.begin(), pieces_here.end(),
                       [&](PieceIndex p) { return s.data().piece_side(p) == Side::british; });
  };
  if (markers.amphib && !british_piece()) {
    if (drilled(Side::french) || has_unbesieged_fortification(s, sp, Side::french)) s.change_space(sp).amphib = false;
  }
  // 5.45: a fort under construction goes when enemy Drilled Troops solely occupy its space.
  if (markers.fort_under_construction) {
    const Side owner = *markers.fort_under_construction;
    if (drilled(enemy_of(owner)) && !units(owner)) s.change_space(sp).fort_under_construction.reset();
  }
}

// 13.23: Niagara or Ohio Forks changes hands when solely occupied by the other side.
void update_vp_spaces(State& s) {
  const auto& vp_spaces = s.data().vp_spaces;
  for (std::size_t i = 0; i < vp_spaces.size(); ++i) {
    const Side holder = s.vp_space_holders[i];
    const Side other = enemy_of(holder);
    if (is_solely_occupied_by(s, vp_spaces[i], other)) {
      s.vp_space_holders[i] = other;
      award_vp(s, other, 1, "taking " + s.data().spaces[static_cast<std::size_t>(vp_spaces[i])].name + " (13.23)");
    }
  }
}

}  // namespace

void settle_map(State& s) {
  if (s.map_settled()) return;
  // Held here: settling changes pieces, after which the state would count them anew, and this
  // count stays right for the spaces not yet settled (each space changes only its own pieces).
  const auto occupancy = shared_occupancy_of(s);
  const auto& infos = s.data().spaces;
  for (std::size_t sp = 0; sp < s.spaces.size(); ++sp) {
    const auto space = static_cast<SpaceIndex>(sp);
    const auto& counts = occupancy->counts_in(space);
    if (nothing_to_settle(s.spaces[sp], infos[sp], counts)) continue;
    settle_space(s, space, occupancy->pieces_in(space), counts);
  }
  remove_orphaned_allied_markers(s);
  update_vp_spaces(s);
  s.mark_map_settled();
}

}  // namespace warpath::wilderness_war
