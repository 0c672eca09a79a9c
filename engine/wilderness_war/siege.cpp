#include "engine/wilderness_war/siege.hpp"

#include <algorithm>

#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/supply.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

// A Siege Table modifier (tables.json).
int table_drm(const State& s, const char* id, int tactics = 0) {
  return modifier_drm(s.data().tables.siege.modifiers, id, tactics);
}

// Pieces of `side` in `where` outside the fortification: the besieging stack (8.21).
std::vector<PieceIndex> besiegers(const State& s, SpaceIndex where, Side side) {
  auto out = pieces_in(s, where, side);
  std::erase_if(out, [&](PieceIndex p) { return s.piece(p).inside; });
  return out;
}

// Coehorns & Howitzers (8.231) may be played by either side before the roll. issue 4
bool has_coehorns_response(const State&, Side) { return false; }

void finish_siege(State& s) {
  s.active = s.siege->besieger;
  s.siege.reset();
  siege_finished(s);
}

}  // namespace

bool may_roll_siege(const State& s, SpaceIndex where, Side side, PieceIndex commander) {
  if (where == no_space || !is_besieged(s, where) || !has_fort_or_fortress(s, where, enemy_of(side))) return false;
  const auto stack = besiegers(s, where, side);
  // 8.231: supplied Drilled Troops and at least one leader in the besieging stack.
  const bool drilled = std::any_of(stack.begin(), stack.end(), [&](PieceIndex p) { return is_drilled_troops(s, p); });
  if (!drilled || !is_in_supply(s, where, side)) return false;
  if (commander < 0 || !is_leader(s, commander) || std::find(stack.begin(), stack.end(), commander) == stack.end())
    return false;
  // 8.231: the activated leader has the highest command rating in the space.
  const int command = s.data().leader(commander).command;
  return std::none_of(stack.begin(), stack.end(),
                      [&](PieceIndex p) { return is_leader(s, p) && s.data().leader(p).command > command; });
}

bool may_assault(const State& s, SpaceIndex where, Side side) {
  if (where == no_space || !is_besieged(s, where) || !has_fort_or_fortress(s, where, enemy_of(side))) return false;
  const auto& table = s.data().tables.siege;
  // 8.24, 9.11: siege 1 for a fort, 2 for a fortress.
  const int required = has_fortress(s, where) ? table.fortress_assault_level : table.fort_assault_level;
  if (*s.space(where).siege_level < required) return false;
  const auto stack = besiegers(s, where, side);
  return std::any_of(stack.begin(), stack.end(), [&](PieceIndex p) { return is_leader(s, p); }) &&
         std::any_of(stack.begin(), stack.end(), [&](PieceIndex p) { return is_unit(s, p); });
}

void begin_siege_roll(State& s, SpaceIndex where, PieceIndex commander) {
  const Side besieger = s.active;
  s.siege = SiegeState{where, besieger, commander, SiegeStage::roll};
  s.step = Step::siege;
  // 8.231: either player may play Coehorns before the roll (issue 4: no events yet).
  (void)has_coehorns_response(s, besieger);
  (void)has_coehorns_response(s, enemy_of(besieger));
  s.active = besieger;
}

void list_siege_actions(const State& s, ActionList& out) {
  const auto& g = s.siege.value();
  if (s.active != g.besieger) return;
  if (g.stage == SiegeStage::roll) {
    out.add("roll");
  } else {
    out.add("assault");
    out.add("done");
  }
}

void apply_siege(State& s, const Action& action) {
  auto& g = s.siege.value();
  const std::string role(side_names(g.besieger));
  if (g.stage == SiegeStage::assault_or_done) {
    if (action.verb == "assault") {
      const SiegeState siege = g;
      s.siege.reset();
      s.note(role, "assault", s.data().spaces[static_cast<std::size_t>(siege.where)].id,
             "Assault on " + space_name(s, siege.where) + " (8.24).");
      begin_assault(s, siege.where, siege.besieger, siege.commander);
    } else {
      finish_siege(s);
    }
    return;
  }
  if (action.verb != "roll") throw ActionRejected(ErrorCode::illegal_action, "the besieger rolls");
  const int die = roll_die(s);
  // 8.231: the besieger's commander's tactics, minus those of the defender's commanding leader
  // (the highest command leader inside), -1 at Louisbourg.
  const int attack_tactics = table_drm(s, "besieger_tactics", s.data().leader(g.commander).tactics);
  auto inside = pieces_in(s, g.where, enemy_of(g.besieger));
  std::erase_if(inside, [&](PieceIndex p) { return !s.piece(p).inside; });
  const PieceIndex defender = highest_command_leader(s, inside);
  const int defend_tactics = defender >= 0 ? table_drm(s, "besieged_tactics", s.data().leader(defender).tactics) : 0;
  const auto& info = s.data().spaces[static_cast<std::size_t>(g.where)];
  const int louisbourg = info.id == "louisbourg" ? table_drm(s, "louisbourg") : 0;
  const int modified = die + attack_tactics + defend_tactics + louisbourg;
  const auto& table = s.data().tables.siege;
  const int before = *s.space(g.where).siege_level;
  const int after = std::min(table.max_level, before + table.increase(modified));
  s.space(g.where).siege_level = static_cast<std::uint8_t>(after);
  ++s.rule_events["sieges_rolled"];
  if (after > before) ++s.rule_events["siege_level_increases"];
  s.note(role, "roll", die,
         "Siege roll at " + info.name + ": " + std::to_string(die) + " modified to " + std::to_string(modified) +
             ", siege level " + std::to_string(before) + " to " + std::to_string(after) + " (8.23).");
  if (may_assault(s, g.where, g.besieger)) {
    g.stage = SiegeStage::assault_or_done;
    return;
  }
  finish_siege(s);
}

std::string siege_prompt(const State& s) {
  const auto& g = s.siege.value();
  const std::string& name = space_name(s, g.where);
  if (g.stage == SiegeStage::roll) return "Siege of " + name + ": roll on the Siege Table (8.231).";
  return "Siege of " + name + " at level " + std::to_string(*s.space(g.where).siege_level) +
         ": assault now, or be done (8.24).";
}

}  // namespace warpath::wilderness_war
