#include "engine/wilderness_war/queries.hpp"

#include <algorithm>

namespace warpath::wilderness_war {

const Space& space_info(const State& s, SpaceIndex space) {
  return s.data().spaces.at(static_cast<std::size_t>(space));
}
const std::string& space_name(const State& s, SpaceIndex space) { return space_info(s, space).name; }
const std::string& space_id(const State& s, SpaceIndex space) { return space_info(s, space).id; }
std::string role_of(Side side) { return std::string(side_names(side)); }

namespace {
bool unit_has(const State& s, PieceIndex p, auto predicate) { return is_unit(s, p) && predicate(s.data().unit(p)); }
}  // namespace

bool is_regulars(const State& s, PieceIndex p) {
  return unit_has(s, p, [](const Unit& u) { return u.type == UnitType::regulars; });
}
bool is_light_infantry(const State& s, PieceIndex p) {
  return unit_has(s, p, [](const Unit& u) { return u.type == UnitType::light_infantry; });
}
bool is_rangers(const State& s, PieceIndex p) {
  return unit_has(s, p, [](const Unit& u) { return u.type == UnitType::rangers; });
}
bool is_coureurs(const State& s, PieceIndex p) {
  return unit_has(s, p, [](const Unit& u) { return u.type == UnitType::coureurs; });
}
bool is_cherokee(const State& s, PieceIndex p) {
  return unit_has(s, p, [&](const Unit& u) {
    return u.type == UnitType::indians && s.data().tribes.at(static_cast<std::size_t>(u.tribe)).settlement == no_space;
  });
}
bool is_iroquois_or_mohawk(const State& s, PieceIndex p) {
  return unit_has(s, p, [&](const Unit& u) {
    if (u.type != UnitType::indians) return false;
    const auto& group = s.data().tribes.at(static_cast<std::size_t>(u.tribe)).color_group;
    return group == "gray" || group == "mohawk";
  });
}
bool is_johnsons_indian(const State& s, PieceIndex p) {
  return side_of(s, p) == Side::british && is_iroquois_or_mohawk(s, p);
}
bool is_johnson(const State& s, PieceIndex p) {
  return is_leader(s, p) && s.data().leader(p).commands_iroquois_and_mohawk_free;
}

int strength_of(const State& s, PieceIndex p) {
  if (!is_unit(s, p)) return 0;
  const auto& u = s.data().unit(p);
  return s.piece(p).reduced ? u.strength_reduced : u.strength_full;
}

int movement_of(const State& s, PieceIndex p) {
  if (is_leader(s, p)) return s.data().tables.leader_alone_movement;
  return s.data().unit(p).movement;
}

std::string piece_name(const State& s, PieceIndex p) {
  return is_leader(s, p) ? s.data().leader(p).name : s.data().unit(p).name;
}

std::string piece_names(const State& s, const std::vector<PieceIndex>& pieces) {
  std::string text;
  for (PieceIndex p : pieces) text += (text.empty() ? "" : ", ") + piece_name(s, p);
  return text;
}

PieceIndex highest_command_leader(const State& s, const std::vector<PieceIndex>& pieces) {
  PieceIndex best = -1;
  for (PieceIndex p : pieces) {
    if (!is_leader(s, p)) continue;
    if (best < 0) {
      best = p;
      continue;
    }
    const auto& l = s.data().leader(p);
    const auto& b = s.data().leader(best);
    if (l.command > b.command || (l.command == b.command && l.tactics > b.tactics)) best = p;
  }
  return best;
}

int militia_box_of(const State& s, SpaceIndex space, Side side) {
  const Department department = space_info(s, space).department;
  if (department == Department::none) return -1;
  const auto& boxes = s.data().militia_boxes;
  for (std::size_t b = 0; b < boxes.size(); ++b)
    if (boxes[b].side == side && boxes[b].department == department) return static_cast<int>(b);
  return -1;
}

std::vector<PieceIndex> militia_in_box(const State& s, int box) {
  std::vector<PieceIndex> out;
  if (box < 0) return out;
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p)
    if (s.piece(p).location == Location::in_militia_box(box)) out.push_back(p);
  return out;
}

std::vector<PieceIndex> pieces_in(const State& s, SpaceIndex space, Side side) {
  std::vector<PieceIndex> out;
  const auto& data = s.data();
  for (PieceIndex p : occupancy_of(s).pieces_in(space))
    if (data.piece_side(p) == side) out.push_back(p);
  return out;
}

std::vector<PieceIndex> units_in(const State& s, SpaceIndex space, Side side) {
  auto out = pieces_in(s, space, side);
  std::erase_if(out, [&](PieceIndex p) { return !is_unit(s, p); });
  return out;
}

std::vector<PieceIndex> leaders_in(const State& s, SpaceIndex space, Side side) {
  auto out = pieces_in(s, space, side);
  std::erase_if(out, [&](PieceIndex p) { return !is_leader(s, p); });
  return out;
}

const Occupancy& occupancy_of(const State& s) {
  if (!s.occupancy_ || s.occupancy_stamp_ != s.pieces_stamp_) {
    s.occupancy_ = std::make_shared<Occupancy>(s);
    s.occupancy_stamp_ = s.pieces_stamp_;
  }
  return *s.occupancy_;
}

std::shared_ptr<const Occupancy> shared_occupancy_of(const State& s) {
  occupancy_of(s);
  return s.occupancy_;
}

void State::place_in_space(PieceIndex p, SpaceIndex space) {
  const bool current = occupancy_ && occupancy_stamp_ == pieces_stamp_;
  bool followed = false;
  if (current) {
    // Shared with a copy of this state (a trial's, settle_map's hold): changed in a copy of its own.
    if (occupancy_.use_count() > 1) occupancy_ = std::make_shared<Occupancy>(*occupancy_);
    followed = occupancy_->follow(*this, p, space);
  }
  PieceState& piece = change_piece(p);
  piece.location = Location::in_space(space);
  piece.inside = false;
  if (followed) occupancy_stamp_ = pieces_stamp_;
}

bool Occupancy::follow(const State& s, PieceIndex p, SpaceIndex to) {
  const GameData& data = s.data();
  const SpaceIndex from = s.space_of(p);
  const auto leaders = static_cast<PieceIndex>(data.leaders.size());
  if (p < leaders) {  // a box off the map holds pieces off the map, which the count leaves out
    const auto boxed = [&](PieceIndex other) { return s.piece(other).location == Location::in_leader_box(p); };
    if (from != no_space) {
      const auto run = pieces_in(from);
      if (std::any_of(run.begin(), run.end(), boxed)) return false;
    } else {
      for (PieceIndex other = 0; other < data.piece_count(); ++other)
        if (boxed(other)) return false;
    }
  }
  if (p >= leaders) {
    const bool drilled = data.units[static_cast<std::size_t>(p - leaders)].unit_class == UnitClass::drilled_troops;
    const std::size_t side = index_of(data.piece_side(p));
    if (from != no_space) {
      StackCount& c = counts_[static_cast<std::size_t>(from)][side];
      --c.units;
      if (drilled) --c.drilled;
      if (s.piece(p).inside)
        --c.inside;
      else
        --c.outside;
    }
    StackCount& c = counts_[static_cast<std::size_t>(to)][side];
    ++c.units;
    if (drilled) ++c.drilled;
    ++c.outside;
  }
  if (from == to) return true;
  // Out of its space's run of by_space_ and into the new one's, in ascending order; the runs
  // between start one place later or earlier.
  if (from != no_space) {
    const auto at = static_cast<std::size_t>(from);
    const auto run = by_space_.begin() + first_[at];
    by_space_.erase(std::lower_bound(run, by_space_.begin() + first_[at + 1], p));
    for (std::size_t sp = at + 1; sp < first_.size(); ++sp) --first_[sp];
  }
  const auto at = static_cast<std::size_t>(to);
  by_space_.insert(std::lower_bound(by_space_.begin() + first_[at], by_space_.begin() + first_[at + 1], p), p);
  for (std::size_t sp = at + 1; sp < first_.size(); ++sp) ++first_[sp];
  return true;
}

bool has_units(const State& s, SpaceIndex space, Side side) { return occupancy_of(s).of(space, side).units > 0; }

int unit_count(const State& s, SpaceIndex space, Side side) { return occupancy_of(s).of(space, side).units; }

bool has_unbesieged_units(const State& s, SpaceIndex space, Side side) {
  const auto& c = occupancy_of(s).of(space, side);
  return is_besieged(s, space) ? c.outside > 0 : c.units > 0;
}

bool has_units_inside(const State& s, SpaceIndex space, Side side) {
  return occupancy_of(s).of(space, side).inside > 0;
}

bool has_units_outside(const State& s, SpaceIndex space, Side side) {
  return occupancy_of(s).of(space, side).outside > 0;
}

bool has_drilled_troops(const State& s, SpaceIndex space, Side side) {
  return occupancy_of(s).of(space, side).drilled > 0;
}

// One pass over the pieces counts the units and sorts every piece by space (a counting sort:
// filling each space from its end while visiting pieces in descending order keeps each space's
// pieces ascending, the order the rules list them in). It runs after most actions, so it reads
// the state's arrays directly.
Occupancy::Occupancy(const State& s) {
  const GameData& data = s.data();
  const std::size_t pieces = static_cast<std::size_t>(data.piece_count());
  const std::size_t leaders = data.leaders.size();
  const std::size_t spaces = s.spaces.size();
  counts_.assign(spaces, {});
  first_.assign(spaces + 1, 0);
  std::vector<SpaceIndex> where(pieces);
  for (std::size_t p = 0; p < pieces; ++p) {
    const SpaceIndex at = s.space_of(static_cast<PieceIndex>(p));
    where[p] = at;
    if (at == no_space) continue;
    ++first_[static_cast<std::size_t>(at) + 1];
    if (p < leaders) continue;
    StackCount& c = counts_[static_cast<std::size_t>(at)][index_of(data.piece_side(static_cast<PieceIndex>(p)))];
    ++c.units;
    if (data.units[p - leaders].unit_class == UnitClass::drilled_troops) ++c.drilled;
    if (s.pieces[p].inside)
      ++c.inside;
    else
      ++c.outside;
  }
  for (std::size_t sp = 0; sp < spaces; ++sp) first_[sp + 1] = static_cast<std::uint16_t>(first_[sp + 1] + first_[sp]);
  by_space_.resize(first_[spaces]);
  // first_[sp + 1] is where space sp ends; filling backwards leaves it where space sp starts.
  for (std::size_t p = pieces; p-- > 0;) {
    const SpaceIndex at = where[p];
    if (at != no_space) by_space_[--first_[static_cast<std::size_t>(at) + 1]] = static_cast<PieceIndex>(p);
  }
  std::copy(first_.begin() + 1, first_.end(), first_.begin());
  first_[spaces] = static_cast<std::uint16_t>(by_space_.size());
}

std::optional<Side> fortification_side(const State& s, SpaceIndex space) {
  const auto& m = s.space(space);
  if (s.data().spaces[static_cast<std::size_t>(space)].fortress) return m.fortress_owner;
  if (m.fort) return m.fort;
  return m.stockade;
}

bool has_fortress(const State& s, SpaceIndex space) {
  return s.data().spaces[static_cast<std::size_t>(space)].fortress;
}

bool has_fort_or_fortress(const State& s, SpaceIndex space, Side side) {
  if (has_fortress(s, space)) return s.space(space).fortress_owner == side;
  return s.space(space).fort == side;
}

bool has_friendly_fortification(const State& s, SpaceIndex space, Side side) {
  return fortification_side(s, space) == side;
}

bool has_unbesieged_fortification(const State& s, SpaceIndex space, Side side) {
  return fortification_side(s, space) == side && !is_besieged(s, space);
}

bool is_besieged(const State& s, SpaceIndex space) { return s.space(space).siege_level.has_value(); }

bool is_enemy_occupied(const State& s, SpaceIndex space, Side side) {
  const Side enemy = enemy_of(side);
  return has_unbesieged_units(s, space, enemy) || has_unbesieged_fortification(s, space, enemy);
}

bool is_originally_friendly(const State& s, SpaceIndex space, Side side) {
  return s.data().spaces[static_cast<std::size_t>(space)].originally_friendly_to == side;
}

bool is_originally_enemy(const State& s, SpaceIndex space, Side side) {
  return s.data().spaces[static_cast<std::size_t>(space)].originally_friendly_to == enemy_of(side);
}

bool is_cultivated(const State& s, SpaceIndex space) {
  return s.data().spaces[static_cast<std::size_t>(space)].terrain == Terrain::cultivated;
}

bool is_wilderness_or_mountain(const State& s, SpaceIndex space) {
  const Terrain t = s.data().spaces[static_cast<std::size_t>(space)].terrain;
  return t == Terrain::wilderness || t == Terrain::mountain;
}

std::optional<Side> fortress_controller(const State& s, SpaceIndex fortress) {
  const auto& m = s.space(fortress);
  if (!m.fortress_owner || m.siege_level) return std::nullopt;
  const Side owner = *m.fortress_owner;
  if (has_units(s, fortress, enemy_of(owner))) return std::nullopt;
  if (is_originally_enemy(s, fortress, owner)) {
    const bool held = has_units(s, fortress, owner) || (owner == Side::british && m.amphib);
    if (!held) return std::nullopt;
  }
  return owner;
}

bool is_friendly_controlled(const State& s, SpaceIndex space, Side side) {
  if (has_fortress(s, space)) return fortress_controller(s, space) == side;
  const Side enemy = enemy_of(side);
  const bool enemy_present = has_units(s, space, enemy) || has_friendly_fortification(s, space, enemy);
  if (enemy_present) return false;
  if (has_units(s, space, side) || has_friendly_fortification(s, space, side)) return true;
  return is_originally_friendly(s, space, side);
}

bool is_solely_occupied_by(const State& s, SpaceIndex space, Side side) {
  const Side enemy = enemy_of(side);
  const bool ours = has_units(s, space, side) || has_friendly_fortification(s, space, side);
  const bool theirs = has_units(s, space, enemy) || has_friendly_fortification(s, space, enemy);
  return ours && !theirs;
}

bool are_adjacent(const State& s, SpaceIndex a, SpaceIndex b) {
  const auto& c = s.data().spaces[static_cast<std::size_t>(a)].connections;
  return std::any_of(c.begin(), c.end(), [&](const Connection& k) { return k.to == b; });
}

bool is_water_connected(const State& s, SpaceIndex a, SpaceIndex b) {
  const auto& c = s.data().spaces[static_cast<std::size_t>(a)].connections;
  return std::any_of(c.begin(), c.end(), [&](const Connection& k) { return k.to == b && k.is_water(); });
}

std::vector<SpaceIndex> adjacent_spaces(const State& s, SpaceIndex space) {
  std::vector<SpaceIndex> out;
  for (const auto& c : s.data().spaces[static_cast<std::size_t>(space)].connections) out.push_back(c.to);
  return out;
}

bool fought_this_phase(const State& s, PieceIndex p) {
  return std::any_of(s.combats.begin(), s.combats.end(), [&](const FoughtCombat& c) { return contains(c.pieces, p); });
}

bool fought_in_space_this_phase(const State& s, SpaceIndex space, const std::vector<PieceIndex>& pieces) {
  return std::any_of(s.combats.begin(), s.combats.end(), [&](const FoughtCombat& c) {
    return c.where == space &&
           std::any_of(pieces.begin(), pieces.end(), [&](PieceIndex p) { return contains(c.pieces, p); });
  });
}

}  // namespace warpath::wilderness_war
