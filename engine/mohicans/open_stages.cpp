#include "engine/mohicans/open_stages.hpp"

#include <algorithm>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;

bool winter_follows(const State& s) {
  return s.turn_info().last_of_year() && s.turn + 1 < static_cast<int>(s.data().tables.turns.size());
}

// What `side` has to land this Spring: its ships that got through (naval war), or the units the
// historical schedule brings this year, the random French battalions, and the yearly supply ship
// from the first year after the set-up's.
bool has_reinforcements(const State& s, Side side) {
  const int year = s.turn_info().year;
  if (!s.options.historical_reinforcements)
    return std::any_of(s.naval.arrived.begin(), s.naval.arrived.end(),
                       [&](NavalIndex n) { return s.data().naval_piece(n).side == side; });
  const auto& r = s.data().reinforcements;
  if (r.yearly_supply_convoy && year > s.data().setup.year) return true;
  const auto& schedule = r.historical[index_of(side)];
  if (auto due = schedule.find(year); due != schedule.end() && !due->second.empty()) return true;
  return side == r.random_side && year >= r.random_from_year &&
         std::any_of(r.random_units.begin(), r.random_units.end(),
                     [&](UnitIndex u) { return s.unit(u).where == UnitWhere::awaiting; });
}

void clear_open_stages(State& s) {
  s.reinforcement.reset();
  s.movement.reset();
  s.combat.reset();
  s.sieges.reset();
  s.winter.reset();
  s.naval_war.reset();
}

}  // namespace

bool enter_reinforcements(State& s) {
  const Side side = current_row(s).side.value();
  if (!s.turn_info().first_of_year() || !has_reinforcements(s, side)) return false;
  s.active = side;
  s.reinforcement = ReinforcementState{};
  return true;
}

bool enter_movement(State& s) {
  s.active = current_row(s).side.value();
  s.movement = MovementState{};
  return true;
}

bool enter_winter(State& s) {
  if (!winter_follows(s)) return false;
  s.active = Side::french;
  s.winter = WinterState{};
  return true;
}

bool enter_naval_war(State& s) {
  if (!winter_follows(s) || s.options.historical_reinforcements) return false;
  s.active = Side::british;
  s.naval_war = NavalWarState{};
  return true;
}

void list_open_stage(const State&, engine::ActionList& out) { out.add("done"); }

void apply_open_stage(State& s, const Action& action) {
  if (action.verb != "done") reject_verb(action, std::string(stage_names(current_stage(s))));
  s.note(std::string(side_names(s.active)), "done", nullptr,
         the(s.active) + " end the " + std::string(stage_names(current_stage(s))) + " stage.");
  clear_open_stages(s);
  advance(s);
}

std::string open_stage_prompt(const State& s) {
  std::string name(stage_names(current_stage(s)));
  std::replace(name.begin(), name.end(), '_', ' ');
  return "End the " + name + " stage (its rules are not built yet).";
}

}  // namespace warpath::mohicans
