#include "engine/mohicans/setup.hpp"

#include <algorithm>

#include "engine/core/game.hpp"
#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

// The placement whose counter the French place at one of a choice of locations.
const Placement& coureur_choice(const GameData& d) {
  for (const auto& p : d.setup.placements)
    if (!p.choice.empty()) return p;
  throw std::logic_error("the set-up has no placement by choice");
}

// A village with a green tribe counter not yet activated: a Coureur placed there activates it.
std::optional<UnitIndex> inactive_tribe_at(const State& s, LocationIndex l) {
  for (UnitIndex u : units_at(s, l))
    if (s.data().unit(u).kind == UnitKind::tribe && !s.unit(u).activated) return u;
  return std::nullopt;
}

UnitIndex next_coureur(const State& s) {
  return s.data().setup.coureurs_with_tribes.at(static_cast<std::size_t>(s.setup->coureurs_placed));
}

}  // namespace

Options parse_setup_options(const nlohmann::json& options) {
  try {
    return options_from_json(options);
  } catch (const std::invalid_argument& e) {
    throw engine::SetupError(e.what());
  }
}

std::unique_ptr<State> set_up_game(std::string_view scenario, const Options& options, std::uint64_t seed,
                                   const GameData& data) {
  if (scenario != campaign_scenario)
    throw engine::SetupError("unknown Mohicans scenario '" + std::string(scenario) + "'");
  auto s = std::make_unique<State>(data);
  s->options = options;
  s->rng = engine::Rng(seed);
  for (std::size_t l = 0; l < data.locations.size(); ++l) s->locations[l].owner = data.locations[l].owner;
  for (Side side : both_sides) {
    for (LocationIndex l : data.setup.fort_markers[index_of(side)]) s->location(l).fort = side;
    for (UnitIndex u : data.setup.force_pool[index_of(side)]) s->unit(u).where = UnitWhere::force_pool;
    for (UnitIndex u : data.setup.awaiting_reinforcement[index_of(side)]) s->unit(u).where = UnitWhere::awaiting;
  }
  for (UnitIndex u : data.setup.iroquois_alternates) s->unit(u).where = UnitWhere::off_map;
  for (UnitIndex u : data.setup.coureurs_with_tribes) s->unit(u).where = UnitWhere::force_pool;  // until placed
  for (const auto& p : data.setup.placements) {
    if (p.location != no_location)
      put_on_map(*s, p.unit, p.location);
    else
      s->unit(p.unit).where = UnitWhere::force_pool;  // until the French choose its place
  }
  s->note("", "setup", nullptr, "1754: the armies are set up.");
  start_sequence(*s);
  return s;
}

// --- the French Coureur at one of three places ------------------------------------------------
bool enter_setup_coureur(State& s) {
  s.setup = SetupState{};
  s.active = Side::french;
  return true;
}

void list_setup_coureur(const State& s, engine::ActionList& out) {
  for (LocationIndex l : coureur_choice(s.data()).choice)
    if (within_stacking(s, coureur_choice(s.data()).unit, l)) out.add("location", s.data().location(l).id);
}

void apply_setup_coureur(State& s, const Action& action) {
  if (action.verb != "location") reject_verb(action, "the Coureur's place");
  const Placement& p = coureur_choice(s.data());
  const LocationIndex l = location_arg(s, action);
  if (std::find(p.choice.begin(), p.choice.end(), l) == p.choice.end())
    throw ActionRejected(ErrorCode::illegal_action, s.data().location(l).name + " is not one of the Coureur's places");
  put_on_map(s, p.unit, l);
  s.note("french", "location", s.data().location(l).id,
         "The French place " + s.data().unit(p.unit).name + " at " + s.data().location(l).name + ".");
  advance(s);
}

std::string setup_coureur_prompt(const State& s) {
  return "Place " + s.data().unit(coureur_choice(s.data()).unit).name + " at one of its set-up places.";
}

// --- three Coureurs, one at a time, each on a green tribe it activates --------------------------
bool enter_setup_coureurs_on_tribes(State& s) {
  s.active = Side::french;
  return s.setup->coureurs_placed < static_cast<int>(s.data().setup.coureurs_with_tribes.size());
}

void list_setup_coureurs_on_tribes(const State& s, engine::ActionList& out) {
  const UnitIndex coureur = next_coureur(s);
  for (std::size_t l = 0; l < s.locations.size(); ++l) {
    const auto at = static_cast<LocationIndex>(l);
    if (inactive_tribe_at(s, at) && within_stacking(s, coureur, at)) out.add("location", s.data().locations[l].id);
  }
}

void apply_setup_coureurs_on_tribes(State& s, const Action& action) {
  if (action.verb != "location") reject_verb(action, "the Coureurs' places");
  const LocationIndex l = location_arg(s, action);
  const auto tribe = inactive_tribe_at(s, l);
  if (!tribe) throw ActionRejected(ErrorCode::illegal_action, s.data().location(l).name + " has no tribe to activate");
  const UnitIndex coureur = next_coureur(s);
  put_on_map(s, coureur, l);
  s.unit(*tribe).activated = true;
  ++s.setup->coureurs_placed;
  s.note("french", "location", s.data().location(l).id,
         "The French place " + s.data().unit(coureur).name + " at " + s.data().location(l).name + ", activating the " +
             s.data().unit(*tribe).name + ".");
  if (s.setup->coureurs_placed == static_cast<int>(s.data().setup.coureurs_with_tribes.size())) advance(s);
}

std::string setup_coureurs_on_tribes_prompt(const State& s) {
  return "Place " + s.data().unit(next_coureur(s)).name + " on a village with a tribe, which it activates (" +
         std::to_string(s.setup->coureurs_placed + 1) + " of " +
         std::to_string(s.data().setup.coureurs_with_tribes.size()) + ").";
}

// --- the British Sea Lift in any port he holds --------------------------------------------------
bool enter_setup_sea_lift(State& s) {
  s.active = Side::british;
  return true;
}

void list_setup_sea_lift(const State& s, engine::ActionList& out) {
  for (std::size_t l = 0; l < s.locations.size(); ++l)
    if (s.data().locations[l].port && holds(s, static_cast<LocationIndex>(l), Side::british))
      out.add("location", s.data().locations[l].id);
}

void apply_setup_sea_lift(State& s, const Action& action) {
  if (action.verb != "location") reject_verb(action, "the Sea Lift's port");
  const LocationIndex l = location_arg(s, action);
  if (!s.data().location(l).port || !holds(s, l, Side::british))
    throw ActionRejected(ErrorCode::illegal_action, s.data().location(l).name + " is not a British port");
  s.naval.sea_lift_at = l;
  s.setup.reset();
  s.note("british", "location", s.data().location(l).id,
         "The British put the Sea Lift at " + s.data().location(l).name + ".");
  advance(s);
}

std::string setup_sea_lift_prompt(const State&) { return "Put the Sea Lift in a port you hold."; }

}  // namespace warpath::mohicans
