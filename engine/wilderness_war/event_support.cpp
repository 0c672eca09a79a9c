#include "engine/wilderness_war/event_support.hpp"

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/supply.hpp"

namespace warpath::wilderness_war {

bool is_available(const State& s, PieceIndex p) {
  const auto kind = s.piece(p).location.kind;
  return kind == LocationKind::unused || kind == LocationKind::eliminated;
}

std::vector<PieceIndex> available_units(const State& s, Side side, PiecePredicate kind) {
  std::vector<PieceIndex> out;
  for (PieceIndex p = static_cast<PieceIndex>(s.data().leaders.size()); p < s.data().piece_count(); ++p)
    if (side_of(s, p) == side && is_available(s, p) && kind(s, p)) out.push_back(p);
  return out;
}

bool reinforcements_may_enter(const State& s, SpaceIndex space, Side side) {
  const Side enemy = enemy_of(side);
  return !has_units(s, space, enemy) && !has_friendly_fortification(s, space, enemy) && !is_besieged(s, space);
}

void place_reinforcement(State& s, PieceIndex p, SpaceIndex space) {
  move_piece_to(s, p, space);
  s.change_piece(p).reduced = false;
  s.note(role_of(side_of(s, p)), "place", s.data().piece_id(p),
         piece_name(s, p) + " enters at " + space_name(s, space) + ".");
}

void place_militia_in_box(State& s, PieceIndex p, int box) {
  auto& piece = s.change_piece(p);
  piece.location = Location::in_militia_box(box);
  piece.reduced = false;
  piece.inside = false;
  s.note(role_of(side_of(s, p)), "place", s.data().piece_id(p),
         piece_name(s, p) + " enters the " + s.data().militia_boxes.at(static_cast<std::size_t>(box)).name + ".");
}

bool may_be_restored(const State& s, PieceIndex p) {
  if (!is_unit(s, p)) return false;
  const auto& piece = s.piece(p);
  if (!piece.reduced) return false;
  if (piece.location.kind == LocationKind::militia_box) return true;
  if (!is_on_map(s, p) || is_besieged_piece(s, p)) return false;
  return !is_drilled_troops(s, p) || is_in_supply(s, s.space_of(p), side_of(s, p));
}

std::vector<PieceIndex> restorable_units(const State& s, Side side, PiecePredicate kind) {
  std::vector<PieceIndex> out;
  for (PieceIndex p = static_cast<PieceIndex>(s.data().leaders.size()); p < s.data().piece_count(); ++p)
    if (side_of(s, p) == side && kind(s, p) && may_be_restored(s, p)) out.push_back(p);
  return out;
}

void restore_unit(State& s, PieceIndex p) {
  s.change_piece(p).reduced = false;
  s.note(role_of(side_of(s, p)), "restore", s.data().piece_id(p), piece_name(s, p) + " is restored to full strength.");
}

std::optional<PieceIndex> draw_british_leader(State& s) {
  std::vector<PieceIndex> pool;
  for (PieceIndex p = 0; p < static_cast<PieceIndex>(s.data().leaders.size()); ++p)
    if (s.piece(p).location.kind == LocationKind::british_leader_pool) pool.push_back(p);
  if (pool.empty()) {
    s.note("british", "draw_leader", nullptr, "The British leader pool is empty (5.55).");
    return std::nullopt;
  }
  s.dice_rolled = true;
  const PieceIndex drawn = pool[s.rng.below(static_cast<std::uint32_t>(pool.size()))];
  s.note("british", "draw_leader", s.data().piece_id(drawn),
         piece_name(s, drawn) + " is drawn from the leader pool (5.55).");
  return drawn;
}

std::vector<PieceIndex> seven_command_leaders_on_map(const State& s, PieceIndex except) {
  std::vector<PieceIndex> out;
  for (PieceIndex p = 0; p < static_cast<PieceIndex>(s.data().leaders.size()); ++p)
    if (p != except && s.data().leaders[static_cast<std::size_t>(p)].seven_command && is_on_map(s, p)) out.push_back(p);
  return out;
}

bool is_british_reinforcement_port(const State& s, SpaceIndex space) {
  const auto& info = space_info(s, space);
  if (is_besieged(s, space) || has_units(s, space, Side::french)) return false;
  if (info.port && is_friendly_controlled(s, space, Side::british)) return true;
  return s.space(space).amphib && !has_friendly_fortification(s, space, Side::french);
}

std::vector<PieceIndex> unbesieged_units_on_map(const State& s, Side side, PiecePredicate kind) {
  std::vector<PieceIndex> out;
  for (PieceIndex p = static_cast<PieceIndex>(s.data().leaders.size()); p < s.data().piece_count(); ++p)
    if (side_of(s, p) == side && is_on_map(s, p) && !is_besieged_piece(s, p) && kind(s, p)) out.push_back(p);
  return out;
}

bool is_provincial_of(const State& s, PieceIndex p, Department department) {
  if (!is_unit(s, p) || s.data().unit(p).type != UnitType::provincials) return false;
  const auto subtype = s.data().unit(p).subtype;
  return department == Department::northern ? subtype == UnitSubtype::northern : subtype == UnitSubtype::southern;
}
bool is_northern_provincial(const State& s, PieceIndex p) { return is_provincial_of(s, p, Department::northern); }
bool is_southern_provincial(const State& s, PieceIndex p) { return is_provincial_of(s, p, Department::southern); }

std::vector<PieceIndex> provincials_on_map(const State& s, Department department, bool unbesieged_only) {
  std::vector<PieceIndex> out;
  for (PieceIndex p = static_cast<PieceIndex>(s.data().leaders.size()); p < s.data().piece_count(); ++p)
    if (is_provincial_of(s, p, department) && is_on_map(s, p) && !(unbesieged_only && is_besieged_piece(s, p)))
      out.push_back(p);
  return out;
}

std::optional<int> provincial_limit(const State& s, Department department) {
  const auto& limit = s.data().provincial_limits.at(static_cast<std::size_t>(s.provincial_assemblies));
  return department == Department::northern ? limit.northern : limit.southern;
}

void note_event(State& s, Side side, const std::string& verb, nlohmann::json arg, const std::string& text) {
  s.note(role_of(side), verb, std::move(arg), text);
}

}  // namespace warpath::wilderness_war
