#include "engine/mohicans/open_stages.hpp"

#include <algorithm>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;

void clear_open_stages(State& s) {
  s.combat.reset();
  s.sieges.reset();
}

}  // namespace

bool enter_combat(State& s) {
  auto battles = contested_locations(s);
  if (battles.empty()) return false;
  s.active = Side::french;
  s.combat = CombatState{std::move(battles)};
  return true;
}

bool enter_sieges(State& s) {
  SiegesState sieges;
  for (std::size_t l = 0; l < s.locations.size(); ++l)
    if (s.locations[l].besieged) sieges.sieges.push_back(static_cast<LocationIndex>(l));
  if (sieges.sieges.empty()) return false;
  s.active = Side::french;
  s.sieges = std::move(sieges);
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
