// III. MOVEMENT: one side's movement phase (see movement.hpp for the decisions). Every legal action
// is enumerated once by `legal_actions`; `list` shows them and `apply` plays only those, so the
// legality of each step (costs, allowances, stacking, closed places) is decided in one place.
#include "engine/mohicans/movement.hpp"
#include "engine/mohicans/combat.hpp"

#include <algorithm>
#include <deque>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

const Unit& info(const State& s, UnitIndex u) { return s.data().unit(u); }
const Location& place(const State& s, LocationIndex l) { return s.data().location(l); }
std::string role_of(const State& s) { return std::string(side_names(s.active)); }

// TYPES OF TROOPS: Troupes de la Marine move as Irregulars.
bool irregular_mover(const Unit& u) { return u.category == Category::irregular || u.moves_as_irregular; }
// SEA LIFT: Irregulars may not use it, except the British Rangers.
bool may_sail(const Unit& u) { return u.category != Category::irregular || u.kind == UnitKind::ranger; }

std::vector<UnitIndex> side_units_at(const State& s, LocationIndex l, Side side) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : units_at(s, l))
    if (controller(s, u) == side) out.push_back(u);
  return out;
}
std::vector<UnitIndex> enemies_at(const State& s, LocationIndex l) { return side_units_at(s, l, enemy_of(s.active)); }

// LAND STACKING: `units` together at `l` stay within the place's limit and the indigenous limit (the
// French garrisons count for neither).
bool within_limits(const State& s, const std::vector<UnitIndex>& units, LocationIndex l) {
  int all = 0, native = 0;
  for (UnitIndex u : units) {
    if (!info(s, u).counts_for_stacking) continue;
    ++all;
    if (indigenous(info(s, u))) ++native;
  }
  return all <= place(s, l).stacking_limit && native <= s.data().indigenous_per_location;
}

// The moving side's units at `l` with `group` added fit there. Only the mover's units count: the
// enemy's there are to be fought.
bool fits(const State& s, const std::vector<UnitIndex>& group, LocationIndex l) {
  std::vector<UnitIndex> there;
  for (UnitIndex u : side_units_at(s, l, s.active))
    if (!contains(group, u)) there.push_back(u);
  there.insert(there.end(), group.begin(), group.end());
  return within_limits(s, there, l);
}

// --- the group's allowance (SUPPLY POINTS, MOVEMENT ALLOWANCE AND COSTS; ambiguities 6 and 7) ------
const MovementState& ms(const State& s) { return *s.movement; }
bool has_group(const State& s) { return !ms(s).group.empty(); }
// The group fits where it stands (LAND STACKING): it may end its move, or spend moves, there.
bool fits_here(const State& s) { return fits(s, ms(s).group, ms(s).at); }

bool any_of_group(const State& s, bool (*test)(const Unit&)) {
  return std::any_of(ms(s).group.begin(), ms(s).group.end(), [&](UnitIndex u) { return test(info(s, u)); });
}
bool all_of_group(const State& s, bool (*test)(const Unit&)) {
  return std::all_of(ms(s).group.begin(), ms(s).group.end(), [&](UnitIndex u) { return test(info(s, u)); });
}
bool is_iroquois(const Unit& u) { return u.kind == UnitKind::iroquois; }
bool is_coureur(const Unit& u) { return u.kind == UnitKind::coureur_de_bois; }
bool is_regular_kind(const Unit& u) { return u.category == Category::regular; }
bool not_irregular_mover(const Unit& u) { return !irregular_mover(u); }

// The mode a group that has not spent anything yet would move in, and its activation cost: a stack
// with any Regular or Militia pays 1 SP for 4 MP; Irregulars move 6 places free, except that
// Iroquois pay 1 SP for it.
MoveMode start_mode(const State& s) {
  return any_of_group(s, not_irregular_mover) ? MoveMode::regular : MoveMode::irregular;
}
int start_cost(const State& s) { return start_mode(s) == MoveMode::regular || any_of_group(s, is_iroquois) ? 1 : 0; }
MoveMode mode(const State& s) { return ms(s).mode == MoveMode::none ? start_mode(s) : ms(s).mode; }

int allowance(const State& s, MoveMode m) {
  const Tables& t = s.data().tables;
  switch (m) {
    case MoveMode::regular:
      return t.mp_per_supply_point;
    case MoveMode::irregular:
      return t.irregular_moves;
    case MoveMode::iroquois_free:
      return 1;
    case MoveMode::none:
    case MoveMode::sea:
      return 0;
  }
  return 0;
}
int moves_left(const State& s) { return allowance(s, mode(s)) - ms(s).moves_used; }
int land_sp(const State& s) { return s.supply.land[index_of(s.active)]; }
// The group has started (paid its activation) or can.
bool can_start(const State& s) { return ms(s).mode != MoveMode::none || land_sp(s) >= start_cost(s); }
bool started(const MovementState& m) { return m.mode != MoveMode::none || m.moves_used > 0 || m.sp_spent > 0; }

void pay_sp(State& s, int sp) {
  s.supply.land[index_of(s.active)] -= sp;
  s.movement->sp_spent += sp;
}
void begin(State& s) {
  if (ms(s).mode != MoveMode::none) return;
  const int cost = start_cost(s);
  s.movement->mode = start_mode(s);
  ++s.rule_events[s.movement->mode == MoveMode::regular ? "groups_regular"
                  : cost > 0                            ? "groups_iroquois_paid"
                                                        : "groups_irregular"];
  pay_sp(s, cost);
}

// The group may spend `n` moves (activation, burning, raiding) where it stands.
bool may_spend_moves(const State& s, int n) {
  const MovementState& m = ms(s);
  return has_group(s) && !m.engaged && !m.aboard && m.mode != MoveMode::sea && m.mode != MoveMode::iroquois_free &&
         can_start(s) && moves_left(s) >= n && fits_here(s);
}

// --- who may move -----------------------------------------------------------------------------
// A unit of the moving side that has not moved this phase, may move, and is not pinned; an inactive
// tribe never moves (INDIAN TRIBES); neutral Iroquois have no side (ambiguity 7).
bool free_to_move(const State& s, UnitIndex u) {
  const UnitState& at = s.unit(u);
  const Unit& unit = info(s, u);
  return at.where == UnitWhere::map && controller(s, u) == s.active && !unit.immobile && !at.pinned &&
         !contains(ms(s).moved, u) && !(unit.kind == UnitKind::tribe && !at.activated);
}

bool strands(const State& s, UnitIndex u);

// A unit the group may pick up where it stands (LAND MOVEMENT: collected units move free): any for a
// regular stack; only Irregulars for an irregular one (Iroquois only when it has paid for them).
bool may_pick_up(const State& s, UnitIndex u) {
  const MovementState& m = ms(s);
  if (!has_group(s) || m.engaged || m.aboard || contains(m.group, u) || s.unit(u).at != m.at || !free_to_move(s, u))
    return false;
  if (strands(s, u)) return false;
  switch (m.mode) {
    case MoveMode::none:
    case MoveMode::regular:
      return true;
    case MoveMode::irregular:
      return irregular_mover(info(s, u)) && (!is_iroquois(info(s, u)) || m.sp_spent > 0);
    case MoveMode::iroquois_free:
    case MoveMode::sea:
      return false;
  }
  return false;
}

// INDIGENOUS TRIBES ACTIVATION: a Coureur in the group spends one move to turn up the tribe of the
// village where it stands; the tribe joins the group.
bool may_activate(const State& s, UnitIndex u) {
  const UnitState& at = s.unit(u);
  return info(s, u).kind == UnitKind::tribe && at.where == UnitWhere::map && !at.activated && at.at == ms(s).at &&
         info(s, u).home == at.at && any_of_group(s, is_coureur) && may_spend_moves(s, 1);
}

// The British Sea Lift picks up units at its port: any British land unit that may sail and has not
// been carried yet, even one that reached the port by land this phase (SEA LIFT: gathering).
bool may_board(const State& s, UnitIndex u) {
  const MovementState& m = ms(s);
  const UnitState& at = s.unit(u);
  if (!m.aboard || at.where != UnitWhere::map || at.at != m.at || contains(m.group, u) || contains(m.lifted, u) ||
      controller(s, u) != s.active || info(s, u).immobile || at.pinned || !may_sail(info(s, u)))
    return false;
  return s.supply.sea >= (m.embarked_here ? 1 : 2);  // the embark stage here, and the disembark
}

// --- steps ----------------------------------------------------------------------------------
struct Way {
  int cost = 0;
  bool trail = false;
  bool water = false;
  bool lake = false;  // a waterway across a lake (ambiguity 24)
};

// Tribes leave their village only with a Coureur (INDIAN TRIBES). A group cannot pass through a
// full place it could not leave: a tribe of the group without a Coureur would have to stay at home there.
bool tribes_may_leave_from(const State& s, LocationIndex l) {
  if (any_of_group(s, is_coureur)) return true;
  return std::none_of(ms(s).group.begin(), ms(s).group.end(),
                      [&](UnitIndex u) { return info(s, u).kind == UnitKind::tribe && info(s, u).home == l; });
}
bool tribes_may_leave(const State& s) { return tribes_may_leave_from(s, ms(s).at); }

// LAND MOVEMENT: nobody enters an Iroquois village before the Six Nations join a side.
bool open_place(const State& s, LocationIndex l) { return !place(s, l).iroquois_village || s.iroquois_ally; }

// The cheapest way from `from` to `l` for a group moving as a regular stack or not, with `left`
// moves and its trail taken or not: a road or waterway (lake included: ambiguity 24) costs 1; a trail
// costs a regular stack 2 MP and is its only trail; Irregulars pay 1 move for any line.
std::optional<Way> cheapest_way(const State& s, LocationIndex from, LocationIndex l, bool regular, bool trail_used,
                                int left) {
  const Tables& t = s.data().tables;
  std::optional<Way> best;
  for (const Adjacent& a : place(s, from).neighbours) {
    if (a.to != l) continue;
    Way w;
    w.trail = a.type == LineType::trail;
    w.water = a.type == LineType::waterway;
    w.lake = a.via == LineVia::lake;
    if (regular && w.trail && trail_used) continue;
    w.cost = !regular                 ? 1
             : w.trail                ? t.trail_mp
             : a.via == LineVia::lake ? t.lake_mp
             : w.water                ? t.waterway_mp
                                      : t.road_mp;
    if (w.cost > left) continue;
    if (!best || w.cost < best->cost || (w.cost == best->cost && best->trail && !w.trail)) best = w;
  }
  return best;
}

// LAND STACKING is checked where a group ends its move, not on the way: it may pass a place where it
// does not fit when, from there, it can still reach a free place where it does.
bool can_go_on(const State& s, LocationIndex x, bool regular, bool trail_used, int left) {
  if (left <= 0) return false;
  for (const Adjacent& a : place(s, x).neighbours)
    if (open_place(s, a.to) && enemies_at(s, a.to).empty() && fits(s, ms(s).group, a.to) &&
        cheapest_way(s, x, a.to, regular, trail_used, left))
      return true;
  return false;
}

// The group may step to `l` this way, if any.
std::optional<Way> step_way(const State& s, LocationIndex l) {
  const MovementState& m = ms(s);
  if (!has_group(s) || m.engaged || m.aboard || m.mode == MoveMode::sea || m.mode == MoveMode::iroquois_free)
    return std::nullopt;
  if (!open_place(s, l) || !can_start(s) || !tribes_may_leave(s)) return std::nullopt;
  const bool regular = mode(s) == MoveMode::regular;
  const auto way = cheapest_way(s, m.at, l, regular, m.trail_used, moves_left(s));
  if (!way || fits(s, m.group, l)) return way;
  // Passing a full place; an enemy there must be overrun in passing (six to one), paid for first.
  const bool trail = m.trail_used || (regular && way->trail);
  int left = moves_left(s) - way->cost;
  const int enemies = static_cast<int>(enemies_at(s, l).size());
  if (enemies > 0) {
    if (static_cast<int>(m.group.size()) < 6 * enemies) return std::nullopt;
    if (mode(s) == MoveMode::irregular)
      --left;
    else if (land_sp(s) < start_cost(s) * (m.mode == MoveMode::none ? 1 : 0) + 1)
      return std::nullopt;
  }
  if (!can_go_on(s, l, regular, trail, left) || !tribes_may_leave_from(s, l)) return std::nullopt;
  return way;
}

std::vector<LocationIndex> neighbour_places(const State& s, LocationIndex from) {
  std::vector<LocationIndex> out;
  for (const Adjacent& a : place(s, from).neighbours)
    if (!contains(out, a.to)) out.push_back(a.to);
  return out;
}

// `u` joining the group (picked up) or leaving it (dropped) would strand it: the place too full for
// the group to stop and no step on (no moves left, no room ahead, a tribe at home without its
// Coureur). Found stuck by the playouts: a group too big to stop or to go on, with nothing to drop.
bool strands(const State& s, UnitIndex u) {
  if (fits_here(s)) return false;  // the units there do not change: the group may stop here before and after
  State after = s;
  MovementState& m = *after.movement;
  if (const auto it = std::find(m.group.begin(), m.group.end(), u); it != m.group.end()) {
    m.group.erase(it);
    if (started(m)) m.moved.push_back(u);
  } else {
    m.group.push_back(u);
  }
  if (m.group.empty()) return false;
  const auto ahead = neighbour_places(after, m.at);
  return std::none_of(ahead.begin(), ahead.end(), [&](LocationIndex l) { return step_way(after, l).has_value(); });
}

// IROQUOIS RULES: one Iroquois stack a turn moves one place free (ambiguity 7).
bool may_free_move(const State& s, LocationIndex l) {
  const MovementState& m = ms(s);
  if (!has_group(s) || m.mode != MoveMode::none || m.iroquois_free_used || !all_of_group(s, is_iroquois)) return false;
  const auto n = neighbour_places(s, m.at);
  return contains(n, l) && open_place(s, l) && fits(s, m.group, l);
}

// --- engagements: OVERRUNS, OUTMANEUVERING, PINNING ------------------------------------------------
// OVERRUNS (ambiguity 3): at six to one or more, 1 SP (or 1 move for an irregular group) and the
// group may go on; at five to one, 2 SP and the group stops.
enum class Overrun { none, passing, stopping };
Overrun overrun_tier(const State& s) {
  const MovementState& m = ms(s);
  if (!m.engaged) return Overrun::none;
  const int attackers = static_cast<int>(m.group.size());
  const int defenders = static_cast<int>(enemies_at(s, m.at).size());
  if (defenders == 0) return Overrun::none;
  const bool irregular = m.mode == MoveMode::irregular;
  if (attackers >= 6 * defenders && (irregular ? moves_left(s) >= 1 : land_sp(s) >= 1)) return Overrun::passing;
  if (attackers >= 5 * defenders && land_sp(s) >= 2 && fits_here(s)) return Overrun::stopping;
  return Overrun::none;
}

// OVERRUNS: an unoccupied enemy fort (a fort marker or an enemy city) is captured in passing for 1 SP
// (or 1 move for an irregular group).
bool enemy_fortification(const State& s, LocationIndex l) {
  const LocationState& at = s.location(l);
  return at.fort ? *at.fort != s.active : place(s, l).permanently_fortified() && !holds(s, l, s.active);
}
bool may_overrun_fort(const State& s) {
  const MovementState& m = ms(s);
  if (!has_group(s) || m.engaged || m.aboard || m.mode == MoveMode::none || !enemy_fortification(s, m.at) ||
      !enemies_at(s, m.at).empty() || !fits_here(s))
    return false;
  return m.mode == MoveMode::irregular ? moves_left(s) >= 1 : land_sp(s) >= 1;
}

bool may_outmaneuver(const State& s) {
  const MovementState& m = ms(s);
  return m.engaged && !s.location(m.at).outmaneuvered_by && land_sp(s) >= s.data().tables.outmaneuver_cost_sp &&
         fits_here(s);
}

std::vector<UnitIndex> pinnable(const State& s) {
  std::vector<UnitIndex> out;
  if (ms(s).pins_left <= 0) return out;
  for (UnitIndex u : enemies_at(s, ms(s).at))
    if (!s.unit(u).pinned) out.push_back(u);
  return out;
}

// --- fort construction, burning and raids ---------------------------------------------------------
// FORT CONSTRUCTION: Regulars spend all their remaining moves to build a fort on a town, portage or
// village (or a fort site whose fort is gone), where no enemy stands.
bool may_build_fort(const State& s) {
  const MovementState& m = ms(s);
  if (!has_group(s) || m.engaged || m.aboard || m.mode == MoveMode::sea || !any_of_group(s, is_regular_kind) ||
      !can_start(s) || !fits_here(s))
    return false;
  const LocationState& at = s.location(m.at);
  return !place(s, m.at).permanently_fortified() && !at.fort && enemies_at(s, m.at).empty();
}

// FORT BURNING: any group spends 2 moves to burn an enemy fort where it does not engage the enemy.
bool may_burn(const State& s) {
  const LocationState& at = s.location(ms(s).at);
  return may_spend_moves(s, s.data().tables.fort_burn_moves) && at.fort && *at.fort != s.active &&
         enemies_at(s, ms(s).at).empty();
}

// V. RAIDS — DURING MOVEMENT: French Irregulars spend 2 moves at a formerly British place (ambiguity
// 31) with no battle to fight there.
bool may_raid(const State& s) {
  const MovementState& m = ms(s);
  return s.active == Side::french && may_spend_moves(s, s.data().tables.fort_burn_moves) &&
         all_of_group(s, [](const Unit& u) { return u.category == Category::irregular; }) &&
         contains(m.raid_places, m.at) && !s.location(m.at).raided && enemies_at(s, m.at).empty();
}

// --- the Sea Lifts ------------------------------------------------------------------------------
bool british_hold_louisbourg(const State& s) { return holds(s, s.data().location_index("louisbourg"), Side::british); }
// BRITISH SEA LIFT: Québec and Tadoussac are closed to it until the British hold Louisbourg.
bool sea_lift_may_carry_to(const State& s, LocationIndex l) {
  const std::string& id = place(s, l).id;
  return (id != "quebec" && id != "tadoussac") || british_hold_louisbourg(s);
}
int stage_cost(const State& s) { return s.data().tables.sea_lift_stage_cost; }

// The group embarks at a British-held port: one stage, plus one to sail the empty Sea Lift there;
// enough sea points must remain to sail and disembark.
int embark_cost(const State& s) { return stage_cost(s) * (s.naval.sea_lift_at == ms(s).at ? 1 : 2); }
bool may_embark(const State& s) {
  const MovementState& m = ms(s);
  return s.active == Side::british && has_group(s) && !m.aboard && !m.engaged && m.mode != MoveMode::sea &&
         s.naval.sea_lift_at != no_location && place(s, m.at).port && holds(s, m.at, Side::british) && fits_here(s) &&
         all_of_group(s, may_sail) && s.supply.sea >= embark_cost(s) + 2 * stage_cost(s);
}

std::vector<LocationIndex> ports(const State& s) {
  std::vector<LocationIndex> out;
  for (std::size_t l = 0; l < s.locations.size(); ++l)
    if (s.data().locations[l].port) out.push_back(static_cast<LocationIndex>(l));
  return out;
}

// The ports the loaded Sea Lift may sail to (keeping a point to disembark).
std::vector<LocationIndex> british_sail_targets(const State& s) {
  std::vector<LocationIndex> out;
  const MovementState& m = ms(s);
  if (!m.aboard || s.supply.sea < 2 * stage_cost(s)) return out;
  for (LocationIndex p : ports(s))
    if (p != m.at && sea_lift_may_carry_to(s, p) && fits(s, m.group, p)) out.push_back(p);
  return out;
}

// The empty Sea Lift sails to another British port (one sea point).
std::vector<LocationIndex> empty_sail_targets(const State& s) {
  std::vector<LocationIndex> out;
  if (s.active != Side::british || has_group(s) || s.naval.sea_lift_at == no_location || s.supply.sea < stage_cost(s))
    return out;
  for (LocationIndex p : ports(s))
    if (p != s.naval.sea_lift_at && holds(s, p, Side::british)) out.push_back(p);
  return out;
}

// FRENCH SEA LIFT: while the French hold Louisbourg and Québec, a stack of Regulars (Troupes de la
// Marine included: ambiguity 38) goes from one to the other for 2 SP.
std::vector<LocationIndex> french_sail_targets(const State& s) {
  std::vector<LocationIndex> out;
  const MovementState& m = ms(s);
  if (s.active != Side::french || !has_group(s) || m.engaged || m.mode == MoveMode::sea) return out;
  const LocationIndex louisbourg = s.data().location_index("louisbourg"), quebec = s.data().location_index("quebec");
  if (!holds(s, louisbourg, Side::french) || !holds(s, quebec, Side::french)) return out;
  if (m.at != louisbourg && m.at != quebec) return out;
  if (!all_of_group(s, is_regular_kind) || land_sp(s) < 2) return out;
  const LocationIndex other = m.at == louisbourg ? quebec : louisbourg;
  if (fits(s, m.group, other)) out.push_back(other);
  return out;
}

// --- the legal actions, once -----------------------------------------------------------------------
bool may_stop(const State& s) { return has_group(s) && !ms(s).aboard && ms(s).pins_left == 0 && fits_here(s); }
bool may_finish(const State& s) { return !has_group(s) || may_stop(s); }
// A unit of the group may stay where the group stands: it fits there with the units not moving on,
// and the rest of the group is not stranded by it (strands).
bool may_drop(const State& s, UnitIndex u) {
  const MovementState& m = ms(s);
  if (m.engaged || m.aboard) return false;
  std::vector<UnitIndex> staying{u};
  for (UnitIndex v : side_units_at(s, m.at, s.active))
    if (!contains(m.group, v)) staying.push_back(v);
  return within_limits(s, staying, m.at) && (m.group.size() == 1 || !strands(s, u));
}

std::vector<UnitIndex> selectable(const State& s) {
  std::vector<UnitIndex> out;
  for (std::size_t u = 0; u < s.units.size(); ++u)
    if (free_to_move(s, static_cast<UnitIndex>(u))) out.push_back(static_cast<UnitIndex>(u));
  return out;
}

std::vector<Action> legal_actions(const State& s) {
  std::vector<Action> out;
  auto add = [&](const char* verb, nlohmann::json arg = nullptr) { out.push_back({verb, std::move(arg)}); };
  const GameData& d = s.data();
  const MovementState& m = ms(s);
  if (!has_group(s)) {
    std::vector<LocationIndex> stacks;
    for (UnitIndex u : selectable(s)) {
      add("unit", d.unit(u).id);
      if (!contains(stacks, s.unit(u).at)) stacks.push_back(s.unit(u).at);
    }
    std::sort(stacks.begin(), stacks.end());
    for (LocationIndex l : stacks) add("location", d.location(l).id);
    for (LocationIndex p : empty_sail_targets(s)) add("sail", d.location(p).id);
    add("done");
    return out;
  }
  // The group: drop or pick up units, pin enemies, activate tribes.
  for (UnitIndex u : m.group)
    if (may_drop(s, u)) add("unit", d.unit(u).id);  // it stays here (or leaves the group before it moved)
  for (UnitIndex u : units_at(s, m.at))
    if (may_pick_up(s, u) || may_activate(s, u) || may_board(s, u)) add("unit", d.unit(u).id);
  for (UnitIndex u : pinnable(s)) add("unit", d.unit(u).id);
  for (LocationIndex l : neighbour_places(s, m.at))
    if (step_way(s, l)) add("location", d.location(l).id);
  for (LocationIndex l : neighbour_places(s, m.at))
    if (may_free_move(s, l)) add("free_move", d.location(l).id);
  if (overrun_tier(s) != Overrun::none || may_overrun_fort(s)) add("overrun");
  if (may_outmaneuver(s)) add("outmaneuver");
  if (may_build_fort(s)) add("fort");
  if (may_burn(s)) add("burn");
  if (may_raid(s)) add("raid");
  if (may_embark(s)) add("embark");
  for (LocationIndex p : british_sail_targets(s)) add("sail", d.location(p).id);
  for (LocationIndex p : french_sail_targets(s)) add("sail", d.location(p).id);
  if (m.aboard) add("disembark");
  if (may_stop(s)) add("stop");
  if (may_finish(s)) add("done");
  return out;
}

// --- effects --------------------------------------------------------------------------------
std::string names_of(const State& s, const std::vector<UnitIndex>& units) {
  std::string out;
  for (std::size_t i = 0; i < units.size(); ++i)
    out += (i == 0 ? "" : i + 1 == units.size() ? " and " : ", ") + info(s, units[i]).name;
  return out;
}

// IROQUOIS ADJUSTMENT: a capture of a fortified city, town or village the enemy held counts as a Great
// Victory (ambiguity 35: green villages count for the British; an Iroquois village for the French
// only once the Six Nations are British).
bool enemy_holding(const State& s, Owner owner, Side side) {
  if (owner == owner_of(enemy_of(side))) return true;
  if (owner == Owner::native) return side == Side::british;
  if (owner == Owner::iroquois) return s.iroquois_ally != side;
  return false;
}
bool great_victory_capture(const State& s, LocationIndex l, Side side) {
  const Owner owner = s.location(l).owner;
  const LocationType type = place(s, l).type;
  if (type != LocationType::city && type != LocationType::town && type != LocationType::village) return false;
  if (owner == owner_of(enemy_of(side))) return true;
  if (owner == Owner::native) return side == Side::british;
  if (owner == Owner::iroquois) return side == Side::french && s.iroquois_ally == Side::british;
  return false;
}

// The place becomes the side's; an enemy fort marker there is captured. A siege standing there is
// over (IV. COMBAT G): the besieger holds the fortification, nobody being left inside.
void take(State& s, LocationIndex l, Side side) {
  LocationState& at = s.location(l);
  if (great_victory_capture(s, l, side)) {
    ++s.great_victories[index_of(side)];
    ++s.rule_events["great_victories_movement_captures"];
  }
  at.owner = owner_of(side);
  if (at.fort) at.fort = side;
  if (at.besieged) {
    at.besieged = false;
    ++s.rule_events["sieges_taken_empty"];
    s.note(role_of(side), "siege", place(s, l).id,
           "The siege of " + place(s, l).name + " is over: nobody is left inside.");
  }
}

void move_group(State& s, LocationIndex to, Arrival by) {
  MovementState& m = *s.movement;
  for (UnitIndex u : m.group) {
    UnitState& at = s.unit(u);
    at.came_from = by == Arrival::sea_lift && m.sea_lift_from != no_location ? m.sea_lift_from : m.at;
    at.arrived_by = by;
    at.at = to;
  }
  m.at = to;
}

void finish_group(State& s) {
  MovementState& m = *s.movement;
  if (!has_group(s)) return;
  if (started(m))
    for (UnitIndex u : m.group)
      if (!contains(m.moved, u)) m.moved.push_back(u);
  m.group.clear();
  m.from = m.at = no_location;
  m.mode = MoveMode::none;
  m.moves_used = m.sp_spent = m.pins_left = 0;
  m.trail_used = m.aboard = m.embarked_here = m.engaged = false;
  m.sea_lift_from = no_location;
}

// PINNING (ambiguity 4): the mover pins as many of the enemy units there as he has units; when the
// enemy has no more than that, all are pinned without a choice.
void engage(State& s) {
  MovementState& m = *s.movement;
  const auto enemies = enemies_at(s, m.at);
  if (enemies.empty()) return;
  m.engaged = true;
  std::vector<UnitIndex> free;
  for (UnitIndex u : enemies)
    if (!s.unit(u).pinned) free.push_back(u);
  const int n = static_cast<int>(m.group.size());
  ++s.rule_events["enemies_met"];
  if (static_cast<int>(free.size()) <= n) {
    if (!free.empty()) ++s.rule_events["pins_automatic"];
    for (UnitIndex u : free) s.unit(u).pinned = true;
    m.pins_left = 0;
  } else {
    m.pins_left = n;
  }
  s.note(role_of(s), "engage", place(s, m.at).id,
         the(s.active) + " meet " + std::to_string(enemies.size()) + " enemy unit(s) at " + place(s, m.at).name +
             (m.pins_left > 0 ? "; they choose " + std::to_string(m.pins_left) + " to pin." : ", pinned there."));
}

void step(State& s, LocationIndex l, const Way& way) {
  MovementState& m = *s.movement;
  begin(s);
  const LocationIndex from = m.at;
  m.moves_used += way.cost;
  if (way.trail && m.mode == MoveMode::regular) m.trail_used = true;
  if (!fits(s, m.group, l)) ++s.rule_events["passes_through_full_place"];
  ++s.rule_events[way.trail   ? "moves_by_trail"
                  : way.lake  ? "moves_by_lake"
                  : way.water ? "moves_by_river_or_coast"
                              : "moves_by_road"];
  move_group(s, l, way.water ? Arrival::waterway : Arrival::land);
  s.note(role_of(s), "location", place(s, l).id,
         the(s.active) + " move " + names_of(s, m.group) + " from " + place(s, from).name + " to " + place(s, l).name +
             " (" + std::to_string(moves_left(s)) + " move(s) left).");
  engage(s);
}

// End of the side's movement: places held solely by its units become its own (ambiguity 36), and
// the British Sea Lift leaves a port it no longer holds for the nearest British port.
void take_places(State& s) {
  for (std::size_t i = 0; i < s.locations.size(); ++i) {
    const auto l = static_cast<LocationIndex>(i);
    if (side_units_at(s, l, s.active).empty() || !enemies_at(s, l).empty()) continue;
    const Owner owner = s.location(l).owner;
    if (!enemy_holding(s, owner, s.active)) continue;
    take(s, l, s.active);
    ++s.rule_events["places_taken_in_movement"];
    s.note(role_of(s), "take", place(s, l).id, the(s.active) + " take " + place(s, l).name + ".");
  }
}

void bump_sea_lift(State& s) {
  const LocationIndex at = s.naval.sea_lift_at;
  if (at == no_location || holds(s, at, Side::british)) return;
  std::vector<bool> seen(s.locations.size());
  std::deque<LocationIndex> queue{at};
  seen[static_cast<std::size_t>(at)] = true;
  while (!queue.empty()) {
    const LocationIndex l = queue.front();
    queue.pop_front();
    if (place(s, l).port && holds(s, l, Side::british)) {
      s.naval.sea_lift_at = l;
      ++s.rule_events["british_sea_lift_bumped"];
      s.note("british", "sea_lift", place(s, l).id,
             "The Sea Lift leaves " + place(s, at).name + " for " + place(s, l).name + ".");
      return;
    }
    for (const Adjacent& a : place(s, l).neighbours)
      if (!seen[static_cast<std::size_t>(a.to)]) {
        seen[static_cast<std::size_t>(a.to)] = true;
        queue.push_back(a.to);
      }
  }
}

void finish_movement(State& s) {
  finish_group(s);
  s.note(role_of(s), "done", nullptr, the(s.active) + " end their movement.");
  take_places(s);
  bump_sea_lift(s);
  s.movement.reset();
  advance(s);
}

// --- apply, by verb ---------------------------------------------------------------------------
void apply_unit(State& s, UnitIndex u) {
  MovementState& m = *s.movement;
  const std::string role = role_of(s), id = info(s, u).id, name = info(s, u).name;
  if (!has_group(s)) {
    m.group = {u};
    m.from = m.at = s.unit(u).at;
    s.note(role, "unit", id, the(s.active) + " pick " + name + " at " + place(s, m.at).name + " to move.");
    return;
  }
  if (contains(m.group, u)) {  // dropped where the group stands
    m.group.erase(std::find(m.group.begin(), m.group.end(), u));
    if (started(m)) {
      m.moved.push_back(u);
      ++s.rule_events["units_dropped"];
    }
    s.note(role, "unit", id,
           the(s.active) + (started(m) ? " leave " : " take back ") + name + " at " + place(s, m.at).name + ".");
    if (m.group.empty()) finish_group(s);
    return;
  }
  if (m.pins_left > 0) {
    s.unit(u).pinned = true;
    --m.pins_left;
    ++s.rule_events["pins_chosen"];
    s.note(role, "unit", id, the(s.active) + " pin " + name + " at " + place(s, m.at).name + ".");
    return;
  }
  if (m.aboard) {
    if (!m.embarked_here) {
      s.supply.sea -= stage_cost(s);
      m.embarked_here = true;
    }
    m.group.push_back(u);
    ++s.rule_events["british_sea_lift_boardings"];
    s.note(role, "unit", id, "The British embark " + name + " on the Sea Lift at " + place(s, m.at).name + ".");
    return;
  }
  if (info(s, u).kind == UnitKind::tribe && !s.unit(u).activated) {
    begin(s);
    m.moves_used += 1;
    s.unit(u).activated = true;
    m.group.push_back(u);
    ++s.rule_events["coureur_activations"];
    s.note(role, "unit", id,
           "A Coureur activates " + name + ", who joins the group (" + std::to_string(moves_left(s)) + " left).");
    return;
  }
  m.group.push_back(u);
  if (started(m)) ++s.rule_events["units_collected"];
  s.note(role, "unit", id, the(s.active) + " add " + name + " to the group at " + place(s, m.at).name + ".");
}

void apply_overrun(State& s) {
  MovementState& m = *s.movement;
  const std::string role = role_of(s), where = place(s, m.at).name;
  if (!m.engaged) {  // an empty enemy fortification, captured in passing
    if (m.mode == MoveMode::irregular)
      m.moves_used += 1;
    else
      pay_sp(s, 1);
    take(s, m.at, s.active);
    ++s.rule_events["overruns_empty_fort"];
    s.note(role, "overrun", nullptr, the(s.active) + " overrun and capture " + where + ".");
    return;
  }
  const Overrun tier = overrun_tier(s);
  const auto enemies = enemies_at(s, m.at);
  for (UnitIndex u : enemies) eliminate(s, u);
  m.engaged = false;
  m.pins_left = 0;
  ++s.rule_events[tier == Overrun::passing ? "overruns_passing" : "overruns_stopping"];
  if (tier == Overrun::passing) {
    if (m.mode == MoveMode::irregular)
      m.moves_used += 1;
    else
      pay_sp(s, 1);
    s.note(role, "overrun", nullptr,
           the(s.active) + " overrun " + names_of(s, enemies) + " at " + where + " and may go on.");
    return;
  }
  pay_sp(s, 2);
  s.note(role, "overrun", nullptr, the(s.active) + " overrun " + names_of(s, enemies) + " at " + where + " for 2 SP.");
  finish_group(s);
}

void apply_sail(State& s, LocationIndex p) {
  MovementState& m = *s.movement;
  const std::string role = role_of(s), id = place(s, p).id;
  if (!has_group(s)) {
    const LocationIndex from = s.naval.sea_lift_at;
    s.supply.sea -= stage_cost(s);
    s.naval.sea_lift_at = p;
    ++s.rule_events["british_sea_lift_empty_sails"];
    s.note(role, "sail", id, "The empty Sea Lift sails from " + place(s, from).name + " to " + place(s, p).name + ".");
    return;
  }
  if (m.aboard) {
    const LocationIndex from = m.at;
    s.supply.sea -= stage_cost(s);
    for (UnitIndex u : m.group) s.unit(u).at = p;
    m.at = p;
    m.embarked_here = false;
    s.naval.sea_lift_at = p;
    ++s.rule_events["british_sea_lift_sails"];
    s.note(role, "sail", id, "The Sea Lift sails from " + place(s, from).name + " to " + place(s, p).name + ".");
    return;
  }
  // FRENCH SEA LIFT
  const LocationIndex from = m.at;
  pay_sp(s, 2);
  m.mode = MoveMode::sea;
  m.sea_lift_from = from;
  move_group(s, p, Arrival::sea_lift);
  ++s.rule_events["french_sea_lift"];
  s.note(role, "sail", id,
         "The French sail " + names_of(s, m.group) + " from " + place(s, from).name + " to " + place(s, p).name + ".");
  engage(s);
  if (!m.engaged) finish_group(s);
}

}  // namespace

bool enter_movement(State& s) {
  s.active = current_row(s).side.value();
  s.movement = MovementState{};
  if (s.active == Side::french) {  // a new turn's movement: last turn's pins, arrivals and fort builders are over
    for (UnitState& u : s.units) {
      u.pinned = false;
      u.arrived_by = Arrival::none;
      u.came_from = no_location;
      u.built_fort = false;
    }
    for (LocationState& l : s.locations) l.outmaneuvered_by.reset();
    // V. RAIDS (ambiguity 31): a city or town British at the start of the turn, or any place with a
    // British fort marker then.
    for (std::size_t l = 0; l < s.locations.size(); ++l) {
      const LocationType type = s.data().locations[l].type;
      const bool town = type == LocationType::city || type == LocationType::town;
      if ((town && s.locations[l].owner == Owner::british) || s.locations[l].fort == Side::british)
        s.movement->raid_places.push_back(static_cast<LocationIndex>(l));
    }
  }
  return true;
}

void list_movement(const State& s, engine::ActionList& out) {
  for (const Action& a : legal_actions(s)) {
    if (a.arg.is_string())
      out.add(a.verb, a.arg.get<std::string>());
    else
      out.add(a.verb);
  }
}

void apply_movement(State& s, const Action& action) {
  const auto legal = legal_actions(s);
  if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
    if (std::none_of(legal.begin(), legal.end(), [&](const Action& a) { return a.verb == action.verb; }))
      reject_verb(action, "the movement now");
    throw ActionRejected(ErrorCode::illegal_action, "that move is not possible now");
  }
  MovementState& m = *s.movement;
  const std::string role = role_of(s);
  const std::string& verb = action.verb;
  if (verb == "done") return finish_movement(s);
  if (verb == "stop") {
    s.note(role, "stop", nullptr,
           the(s.active) + " end the move of " + names_of(s, m.group) + " at " + place(s, m.at).name + ".");
    return finish_group(s);
  }
  if (verb == "unit") return apply_unit(s, unit_arg(s, action));
  if (verb == "location") {
    const LocationIndex l = location_arg(s, action);
    if (!has_group(s)) {  // the whole stack there
      for (UnitIndex u : selectable(s))
        if (s.unit(u).at == l) m.group.push_back(u);
      m.from = m.at = l;
      s.note(role, "location", place(s, l).id,
             the(s.active) + " pick the stack at " + place(s, l).name + ": " + names_of(s, m.group) + ".");
      return;
    }
    return step(s, l, *step_way(s, l));
  }
  if (verb == "free_move") {
    const LocationIndex l = location_arg(s, action);
    const LocationIndex from = m.at;
    m.mode = MoveMode::iroquois_free;
    m.moves_used = 1;
    m.iroquois_free_used = true;
    ++s.rule_events["iroquois_free_moves"];
    move_group(s, l, Arrival::land);
    s.note(role, "free_move", place(s, l).id,
           the(s.active) + " move " + names_of(s, m.group) + " free from " + place(s, from).name + " to " +
               place(s, l).name + " (the Iroquois free move).");
    engage(s);
    return;
  }
  if (verb == "overrun") return apply_overrun(s);
  if (verb == "outmaneuver") {
    pay_sp(s, s.data().tables.outmaneuver_cost_sp);
    s.location(m.at).outmaneuvered_by = s.active;
    ++s.rule_events["outmaneuvers"];
    s.note(role, "outmaneuver", nullptr,
           the(s.active) + " outmaneuver at " + place(s, m.at).name + ": they will choose the battle's terrain.");
    return;
  }
  if (verb == "fort") {
    begin(s);
    s.location(m.at).fort = s.active;
    for (UnitIndex u : m.group) s.unit(u).built_fort = true;  // FORT CONSTRUCTION: no reinforcing this turn
    ++s.rule_events["forts_built"];
    s.note(role, "fort", nullptr, the(s.active) + " build a fort at " + place(s, m.at).name + ".");
    return finish_group(s);
  }
  if (verb == "burn") {
    begin(s);
    m.moves_used += s.data().tables.fort_burn_moves;
    LocationState& at = s.location(m.at);
    at.fort.reset();
    at.raided = true;
    ++s.forts_destroyed[index_of(s.active)];
    ++s.rule_events["forts_burnt_in_movement"];
    s.note(role, "burn", nullptr, the(s.active) + " burn the fort at " + place(s, m.at).name + ".");
    return;
  }
  if (verb == "raid") {
    begin(s);
    m.moves_used += s.data().tables.fort_burn_moves;
    s.location(m.at).raided = true;
    ++s.rule_events["raids_in_movement"];
    s.note(role, "raid", nullptr, "The French raid " + place(s, m.at).name + ".");
    return;
  }
  if (verb == "embark") {
    s.supply.sea -= embark_cost(s);
    s.naval.sea_lift_at = m.at;
    m.aboard = true;
    m.embarked_here = true;
    m.mode = MoveMode::sea;
    m.sea_lift_from = m.at;
    ++s.rule_events["british_sea_lift_embarkations"];
    s.note(role, "embark", nullptr,
           "The British embark " + names_of(s, m.group) + " on the Sea Lift at " + place(s, m.at).name + ".");
    return;
  }
  if (verb == "sail") return apply_sail(s, location_arg(s, action));
  if (verb == "disembark") {
    s.supply.sea -= stage_cost(s);
    m.aboard = false;
    move_group(s, m.at, Arrival::sea_lift);
    for (UnitIndex u : m.group) m.lifted.push_back(u);
    ++s.rule_events[holds(s, m.at, Side::british) ? "british_sea_lift_landings" : "amphibious_landings"];
    s.note(role, "disembark", nullptr,
           "The British land " + names_of(s, m.group) + " at " + place(s, m.at).name +
               (holds(s, m.at, Side::british) ? "." : " (an amphibious move)."));
    engage(s);
    if (!m.engaged) finish_group(s);
    return;
  }
  reject_verb(action, "the movement");
}

std::string movement_prompt(const State& s) {
  const MovementState& m = ms(s);
  const std::string sp = std::to_string(land_sp(s)) + " SP";
  if (!has_group(s))
    return "Movement (" + sp + (s.active == Side::british ? ", " + std::to_string(s.supply.sea) + " sea SP" : "") +
           "): pick a unit or a stack to move, or done.";
  const std::string where = place(s, m.at).name;
  if (m.pins_left > 0) return "Choose " + std::to_string(m.pins_left) + " more enemy unit(s) at " + where + " to pin.";
  if (m.engaged)
    return fits_here(s) ? "Battle at " + where + ": overrun or outmaneuver if you can, or stop there."
                        : "Overrun the enemy at " + where + " to go on: the group cannot stop here.";
  if (m.aboard)
    return "On the Sea Lift at " + where + " (" + std::to_string(s.supply.sea) +
           " sea SP): embark units, sail, or disembark.";
  if (!fits_here(s))
    return "The group cannot end its move at " + where + " (stacking): move on, or leave units here if they fit.";
  return "Move the group at " + where + " (" + std::to_string(std::max(0, moves_left(s))) + " move(s) left, " + sp +
         "): step to a place, pick up or drop units, or stop.";
}

}  // namespace warpath::mohicans
