// VI. WINTER (with PROMOTIONS and SUPPLY; ambiguities 11, 22, 36, 37; SPECIAL RULES: INDIAN
// TRIBES, MILITIA; Great Victory 4 of the IROQUOIS ADJUSTMENT): the year's end, step by step.
#include "engine/mohicans/winter.hpp"

#include <algorithm>
#include <deque>

#include "engine/mohicans/combat.hpp"
#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/reinforcements.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

bool winter_follows(const State& s) {
  return s.turn_info().last_of_year() && s.turn + 1 < static_cast<int>(s.data().tables.turns.size());
}

// --- 1. militia return home -------------------------------------------------------------------
// The friendly places with room for `u` nearest to `from` by steps along any line or lake.
std::vector<LocationIndex> nearest_friendly(const State& s, UnitIndex u, LocationIndex from, Side side) {
  std::vector<int> distance(s.locations.size(), -1);
  std::deque<LocationIndex> queue{from};
  distance[static_cast<std::size_t>(from)] = 0;
  std::vector<LocationIndex> out;
  int found_at = -1;
  while (!queue.empty()) {
    const LocationIndex l = queue.front();
    queue.pop_front();
    const int d = distance[static_cast<std::size_t>(l)];
    if (found_at >= 0 && d > found_at) break;
    if (friendly_place(s, l, side) && (s.unit(u).at == l || within_stacking(s, u, l))) {
      out.push_back(l);
      found_at = d;
    }
    for (const Adjacent& a : s.data().location(l).neighbours)
      if (distance[static_cast<std::size_t>(a.to)] < 0) {
        distance[static_cast<std::size_t>(a.to)] = d + 1;
        queue.push_back(a.to);
      }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// VI. WINTER 1 (SPECIAL RULES: MILITIA): every militia on the map goes to its home; if the enemy
// holds it (or it has no room), to the nearest friendly place, drawn by a die among equals.
void militia_go_home(State& s) {
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const auto u = static_cast<UnitIndex>(i);
    const Unit& unit = s.data().unit(u);
    const auto side = controller(s, u);
    if (unit.kind != UnitKind::militia || s.unit(u).where != UnitWhere::map || !side || s.unit(u).at == unit.home)
      continue;
    LocationIndex to = unit.home;
    if (!friendly_place(s, to, *side) || !within_stacking(s, u, to)) {
      const auto choices = nearest_friendly(s, u, unit.home, *side);
      if (choices.empty()) continue;
      ++s.rule_events["militia_home_elsewhere"];
      to = choices.size() == 1 ? choices.front()
                               : choices[static_cast<std::size_t>(s.roll_die(static_cast<int>(choices.size())) - 1)];
    }
    if (to == s.unit(u).at) continue;
    const LocationIndex from = s.unit(u).at;
    put_on_map(s, u, to);
    ++s.rule_events["militia_home"];
    s.note("", "militia_home", unit.id,
           unit_name(s, u) + " goes home from " + place_name(s, from) + " to " + place_name(s, to) + ".");
  }
}

// --- 2. promotions ----------------------------------------------------------------------------
// PROMOTIONS: the side's militia that won a battle this year and are still on the map.
std::vector<UnitIndex> promotion_candidates(const State& s, Side side) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : s.promotable[index_of(side)])
    if (s.unit(u).where == UnitWhere::map && s.data().unit(u).kind == UnitKind::militia && controller(s, u) == side &&
        !contains(out, u))
      out.push_back(u);
  return out;
}

// The counters a militia of `side` may become, from the pool (Pool Restriction), for next year.
std::vector<UnitIndex> promotion_counters(const State& s, Side side) {
  const int year = s.data().tables.turns.at(static_cast<std::size_t>(s.turn + 1)).year;
  std::vector<UnitIndex> out;
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const auto u = static_cast<UnitIndex>(i);
    const UnitKind kind = s.data().unit(u).kind;
    const bool fits = side == Side::french ? kind == UnitKind::troupes_de_marine || kind == UnitKind::coureur_de_bois
                                           : kind == UnitKind::colonial_regular || kind == UnitKind::ranger;
    if (fits && s.unit(u).where == UnitWhere::force_pool && available_in(s, u, year)) out.push_back(u);
  }
  return out;
}

bool may_promote(const State& s, Side side) {
  return !promotion_candidates(s, side).empty() && !promotion_counters(s, side).empty();
}

// --- 3. supply --------------------------------------------------------------------------------
bool fortified_for(const State& s, LocationIndex l, Side side) {
  return s.data().location(l).permanently_fortified() || s.location(l).fort == side;
}

// SUPPLY: a line runs along roads and waterways (and lakes); a trail only between two places
// fortified for the side (ambiguity 22).
bool supply_step(const State& s, LocationIndex from, const Adjacent& a, Side side) {
  if (a.type != LineType::trail) return true;
  return fortified_for(s, from, side) && fortified_for(s, a.to, side);
}

// SUPPLY: an uninterrupted line through friendly places to one of the side's bases.
bool traces_to_base(const State& s, LocationIndex from, Side side) {
  const auto& bases = s.data().supply_bases[index_of(side)];
  return supply_line_to(s, from, side, [&](LocationIndex l) {
    return std::find(bases.begin(), bases.end(), l) != bases.end() && holds(s, l, side);
  });
}

// SUPPLY: a place where a unit may end the year: a city, a town, a port or a fort marker, or a
// place joined by road to one.
bool wintering_place(const State& s, LocationIndex l) {
  auto sheltered = [&](LocationIndex x) {
    const Location& loc = s.data().location(x);
    return loc.type == LocationType::city || loc.type == LocationType::town || loc.port || s.location(x).fort;
  };
  if (sheltered(l)) return true;
  const auto& around = s.data().location(l).neighbours;
  return std::any_of(around.begin(), around.end(),
                     [&](const Adjacent& a) { return a.type == LineType::road && sheltered(a.to); });
}

// SUPPLY's exception: a friendly seaport needs no line; a British Quebec does while the French hold
// Louisbourg (SEA CONTROL AND LOUISBOURG; ambiguity 37).
bool supplied_seaport(const State& s, LocationIndex l, Side side) {
  if (!s.data().location(l).port || !friendly_place(s, l, side)) return false;
  if (side == Side::british && s.data().find_location("quebec") == l) {
    const auto louisbourg = s.data().find_location("louisbourg");
    return !(louisbourg && holds(s, *louisbourg, Side::french));
  }
  return true;
}

void starvation(State& s) {
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const auto u = static_cast<UnitIndex>(i);
    if (s.unit(u).where != UnitWhere::map || in_winter_supply(s, u)) continue;
    const LocationIndex at = s.unit(u).at;
    eliminate(s, u);
    ++s.rule_events["units_starved"];
    s.note("", "starved", s.data().unit(u).id, unit_name(s, u) + " starves at " + place_name(s, at) + ".");
  }
}

// --- 4. Indians go home -----------------------------------------------------------------------
bool at_home(const State& s, UnitIndex u) {
  const Unit& unit = s.data().unit(u);
  const LocationIndex at = s.unit(u).at;
  return at == unit.home || std::find(unit.also_home.begin(), unit.also_home.end(), at) != unit.also_home.end();
}

bool with_coureur(const State& s, LocationIndex l) {
  for (UnitIndex other : units_at(s, l))
    if (s.data().unit(other).kind == UnitKind::coureur_de_bois) return true;
  return false;
}

// VI. WINTER 3 (SPECIAL RULES: INDIAN TRIBES): tribes and allied Iroquois away from home and not
// with a Coureur go home; those whose village the enemy holds are stranded (the French may save
// one of theirs; the others are eliminated). Neutral Iroquois never leave their villages.
void indians_go_home(State& s) {
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const auto u = static_cast<UnitIndex>(i);
    const Unit& unit = s.data().unit(u);
    const auto side = controller(s, u);
    if ((unit.kind != UnitKind::tribe && unit.kind != UnitKind::iroquois) || s.unit(u).where != UnitWhere::map ||
        !side || at_home(s, u) || (*side == Side::french && with_coureur(s, s.unit(u).at)))
      continue;
    if (holds(s, unit.home, enemy_of(*side))) {
      s.winter->stranded.push_back(u);
      ++s.rule_events["indians_stranded"];
      continue;
    }
    const LocationIndex from = s.unit(u).at;
    put_on_map(s, u, unit.home);
    ++s.rule_events["indians_home"];
    s.note("", "indians_home", unit.id,
           unit_name(s, u) + " go home from " + place_name(s, from) + " to " + place_name(s, unit.home) + ".");
  }
}

std::vector<LocationIndex> save_places(const State& s, UnitIndex u) {
  std::vector<LocationIndex> out;
  for (const char* id : {"montreal", "quebec"}) {
    const auto l = s.data().find_location(id);
    if (l && holds(s, *l, Side::french) && within_stacking(s, u, *l)) out.push_back(*l);
  }
  return out;
}

std::vector<UnitIndex> savable(const State& s) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : s.winter->stranded)
    if (controller(s, u) == Side::french && !save_places(s, u).empty()) out.push_back(u);
  return out;
}

// --- 5. raid markers --------------------------------------------------------------------------
// Great Victory 4: each full five raid markers on the map count one for the French; then every raid
// marker is removed (VI. WINTER 4).
void raid_markers(State& s) {
  int raids = 0;
  for (auto& l : s.locations) raids += l.raided ? 1 : 0;
  if (raids == 0) return;
  const int victories = raids / s.data().tables.great_victory_raid_markers_per;
  s.great_victories[index_of(Side::french)] += victories;
  s.rule_events["raid_markers_removed"] += raids;
  s.rule_events["great_victories_raids"] += victories;
  for (auto& l : s.locations) l.raided = false;
  s.note("", "raid_markers", raids,
         std::to_string(raids) + " raid marker" + (raids == 1 ? "" : "s") + " removed (" + std::to_string(victories) +
             " Great Victor" + (victories == 1 ? "y" : "ies") + " for the French).");
}

// --- the steps in order ---------------------------------------------------------------------------
bool finish_winter(State& s) {
  for (UnitIndex u : s.winter->stranded) {
    const LocationIndex at = s.unit(u).at;
    eliminate(s, u);
    s.note("", "eliminated", s.data().unit(u).id,
           unit_name(s, u) + " at " + place_name(s, at) + " cannot go home and are eliminated.");
  }
  raid_markers(s);
  for (auto& list : s.promotable) list.clear();
  s.winter.reset();
  return false;
}

bool after_promotions(State& s) {
  starvation(s);
  indians_go_home(s);
  if (savable(s).empty()) return finish_winter(s);
  s.winter->step = WinterStep::save_indigenous;
  s.active = Side::french;
  return true;
}

// Promotions from `side` on (the French first); false when winter has ended.
bool promotions_from(State& s, Side side) {
  for (Side next : both_sides) {
    if (next == Side::french && side == Side::british) continue;
    if (may_promote(s, next)) {
      s.winter->step = WinterStep::promotion;
      s.active = next;
      return true;
    }
  }
  return after_promotions(s);
}

bool after_promotion_of(State& s, Side side) {
  s.winter->promoting = no_unit;
  return side == Side::french ? promotions_from(s, Side::british) : after_promotions(s);
}

void list_promotion(const State& s, engine::ActionList& out) {
  const auto& ids =
      s.winter->promoting == no_unit ? promotion_candidates(s, s.active) : promotion_counters(s, s.active);
  for (UnitIndex u : ids) out.add("unit", s.data().unit(u).id);
  if (s.winter->promoting == no_unit) out.add("done");
}

bool apply_promotion(State& s, const Action& action) {
  const std::string role(side_names(s.active));
  const Side side = s.active;
  if (s.winter->promoting == no_unit) {
    if (action.verb == "done") {
      ++s.rule_events["promotions_declined"];
      s.note(role, "done", nullptr, the(side) + " promote nobody.");
      return after_promotion_of(s, side);
    }
    if (action.verb != "unit") reject_verb(action, "the promotions");
    const UnitIndex u = unit_arg(s, action);
    if (!contains(promotion_candidates(s, side), u))
      throw ActionRejected(ErrorCode::illegal_action, unit_name(s, u) + " did not win a battle this year");
    s.winter->promoting = u;
    return true;
  }
  if (action.verb != "unit") reject_verb(action, "the promotion's new counter");
  const UnitIndex to = unit_arg(s, action);
  if (!contains(promotion_counters(s, side), to))
    throw ActionRejected(ErrorCode::illegal_action, unit_name(s, to) + " is not in the pool for a promotion");
  const UnitIndex militia = s.winter->promoting;
  const LocationIndex at = s.unit(militia).at;
  s.unit(militia) = UnitState{UnitWhere::force_pool, no_location, false, false};
  put_on_map(s, to, at);
  ++s.rule_events["promotions"];
  s.note(role, "unit", s.data().unit(to).id,
         the(side) + " promote " + unit_name(s, militia) + ": " + unit_name(s, to) + " takes its place at " +
             place_name(s, at) + ".");
  return after_promotion_of(s, side);
}

std::string promotion_prompt(const State& s) {
  if (s.winter->promoting != no_unit)
    return "Choose the counter from the pool that replaces " + unit_name(s, s.winter->promoting) + ".";
  return "Winter promotion: choose a militia that won a battle this year, or done.";
}

void list_save(const State& s, engine::ActionList& out) {
  if (s.winter->saving != no_unit) {
    for (LocationIndex l : save_places(s, s.winter->saving)) out.add("location", s.data().location(l).id);
    return;
  }
  for (UnitIndex u : savable(s)) out.add("unit", s.data().unit(u).id);
  out.add("done");
}

bool apply_save(State& s, const Action& action) {
  if (s.winter->saving == no_unit) {
    if (action.verb == "done") return finish_winter(s);
    if (action.verb != "unit") reject_verb(action, "the Indians' winter");
    const UnitIndex u = unit_arg(s, action);
    if (!contains(savable(s), u)) throw ActionRejected(ErrorCode::illegal_action, unit_name(s, u) + " cannot be saved");
    s.winter->saving = u;
    return true;
  }
  if (action.verb != "location") reject_verb(action, "the saved unit's place");
  const UnitIndex u = s.winter->saving;
  const LocationIndex l = location_arg(s, action);
  const auto places = save_places(s, u);
  if (std::find(places.begin(), places.end(), l) == places.end())
    throw ActionRejected(ErrorCode::illegal_action, unit_name(s, u) + " cannot be saved at " + place_name(s, l));
  put_on_map(s, u, l);
  auto& stranded = s.winter->stranded;
  stranded.erase(std::find(stranded.begin(), stranded.end(), u));
  ++s.rule_events["indians_saved"];
  s.note("french", "location", s.data().location(l).id,
         "The French save " + unit_name(s, u) + ", taking them to " + place_name(s, l) + ".");
  return finish_winter(s);
}

std::string save_prompt(const State& s) {
  if (s.winter->saving != no_unit) return "Choose where " + unit_name(s, s.winter->saving) + " winter.";
  return "Save one Indian unit whose village the enemy holds (to Montreal or Quebec), or done.";
}

struct WinterStepProcedure {
  void (*list)(const State&, engine::ActionList&);
  bool (*apply)(State&, const Action&);  // false: winter has ended
  std::string (*prompt)(const State&);
};

// By WinterStep.
constexpr std::array<WinterStepProcedure, 2> steps = {{
    {list_promotion, apply_promotion, promotion_prompt},
    {list_save, apply_save, save_prompt},
}};

const WinterStepProcedure& step_of(const State& s) { return steps.at(static_cast<std::size_t>(s.winter->step)); }

}  // namespace

bool supply_line_to(const State& s, LocationIndex from, Side side, const std::function<bool(LocationIndex)>& goal) {
  std::vector<bool> seen(s.locations.size(), false);
  std::deque<LocationIndex> queue{from};
  seen[static_cast<std::size_t>(from)] = true;
  while (!queue.empty()) {
    const LocationIndex l = queue.front();
    queue.pop_front();
    if (goal(l)) return true;
    for (const Adjacent& a : s.data().location(l).neighbours) {
      if (seen[static_cast<std::size_t>(a.to)] || !friendly_place(s, a.to, side) || !supply_step(s, l, a, side))
        continue;
      seen[static_cast<std::size_t>(a.to)] = true;
      queue.push_back(a.to);
    }
  }
  return false;
}

bool in_winter_supply(const State& s, UnitIndex u) {
  const Unit& unit = s.data().unit(u);
  const auto side = controller(s, u);
  if (unit.category == Category::irregular || !side) return true;  // no restriction on Indians, Coureurs, Rangers
  const LocationIndex at = s.unit(u).at;
  if (supplied_seaport(s, at, *side)) return true;
  return wintering_place(s, at) && traces_to_base(s, at, *side);
}

bool enter_winter(State& s) {
  if (!winter_follows(s)) return false;
  s.winter = WinterState{};
  militia_go_home(s);
  return promotions_from(s, Side::french);
}

void list_winter(const State& s, engine::ActionList& out) { step_of(s).list(s, out); }

void apply_winter(State& s, const Action& action) {
  if (!step_of(s).apply(s, action)) advance(s);
}

std::string winter_prompt(const State& s) { return step_of(s).prompt(s); }

}  // namespace warpath::mohicans
