#include "engine/wilderness_war/flow.hpp"

#include <array>
#include <string>

#include "engine/wilderness_war/activation.hpp"
#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/card_exchange.hpp"
#include "engine/wilderness_war/construction.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/events.hpp"
#include "engine/wilderness_war/movement.hpp"
#include "engine/wilderness_war/raid.hpp"
#include "engine/wilderness_war/sequence.hpp"
#include "engine/wilderness_war/siege.hpp"
#include "engine/wilderness_war/state.hpp"
#include "engine/wilderness_war/year_end.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

void list_nothing(const State&, ActionList&) {}
bool not_certain(const State&, std::string_view) { return false; }  // every action is tried
void apply_nothing(State&, const Action&) { throw ActionRejected(ErrorCode::illegal_action, "the game is over"); }
std::string game_over_prompt(const State&) { return "The game is over."; }

struct Procedure {
  void (*list)(const State&, ActionList&);
  void (*apply)(State&, const Action&);
  std::string (*prompt)(const State&);
  bool (*certainly_reversible)(const State&, std::string_view verb);
};

// By Step.
constexpr std::array<Procedure, 11> procedures = {{
    {list_action_phase_actions, apply_action_phase, action_phase_prompt, action_phase_certainly_reversible},
    {list_activation_actions, apply_activation, activation_prompt, activation_certainly_reversible},
    {list_construction_actions, apply_construction, construction_prompt, construction_certainly_reversible},
    {list_movement_actions, apply_movement, movement_prompt, movement_certainly_reversible},
    {list_battle_actions, apply_battle, battle_prompt, not_certain},
    {list_siege_actions, apply_siege, siege_prompt, not_certain},
    {list_raid_actions, apply_raid, raid_prompt, not_certain},
    {list_year_end_actions, apply_year_end, year_end_prompt, not_certain},
    {list_event_actions, apply_event, event_prompt, not_certain},
    {list_nothing, apply_nothing, game_over_prompt, not_certain},
    {list_card_exchange_actions, apply_card_exchange, card_exchange_prompt, not_certain},
}};

const Procedure& procedure_of(const State& s) { return procedures.at(static_cast<std::size_t>(s.step)); }

// A siege, an assault or an attack on the besiegers ends the acting group's activation; started
// other than by an activation (by an event), it ends the card play.
void after_stationary_action(State& s) {
  if (s.activation)
    activation_piece_finished(s);
  else
    end_card_play(s);
}

}  // namespace

void ActionList::add_piece(const State& s, std::string_view verb, std::int16_t piece) {
  add(verb, s.data().piece_id(piece));
}

void ActionList::add_space(const State& s, std::string_view verb, std::int16_t space) {
  add(verb, s.data().spaces.at(static_cast<std::size_t>(space)).id);
}

std::int16_t piece_arg(const State& s, const Action& action) {
  if (!action.arg.is_string()) throw ActionRejected(ErrorCode::malformed, "'" + action.verb + "' needs a piece id");
  const auto piece = s.data().find_piece(action.arg.get<std::string>());
  if (!piece) throw ActionRejected(ErrorCode::illegal_action, "no piece is called " + action.arg.dump());
  return *piece;
}

std::int16_t space_arg(const State& s, const Action& action) {
  if (!action.arg.is_string()) throw ActionRejected(ErrorCode::malformed, "'" + action.verb + "' needs a space id");
  const auto space = s.data().find_space(action.arg.get<std::string>());
  if (!space) throw ActionRejected(ErrorCode::illegal_action, "no space is called " + action.arg.dump());
  return *space;
}

int number_arg(const Action& action) {
  if (!action.arg.is_number_integer())
    throw ActionRejected(ErrorCode::malformed, "'" + action.verb + "' needs a number");
  return action.arg.get<int>();
}

void list_actions(const State& s, ActionList& out) { procedure_of(s).list(s, out); }
void apply_action(State& s, const Action& action) { procedure_of(s).apply(s, action); }
std::string prompt_of(const State& s) { return procedure_of(s).prompt(s); }
bool certainly_reversible(const State& s, std::string_view verb) {
  return procedure_of(s).certainly_reversible(s, verb);
}

// Each continuation first applies the map's continuous rules (effects.hpp): "immediately" (5.532,
// 8.232, 8.24, 6.431, 5.45, 13.23) means before the next procedure reads the map in the same action
// (raid targets, control, supply).
void movement_finished(State& s) {
  settle_map(s);
  activation_piece_finished(s);
}

void battle_finished(State& s) {
  settle_map(s);
  const BattleResult result = s.last_battle.value();
  s.last_battle.reset();
  switch (result.context) {
    case BattleContext::move:
      movement_after_battle(s, result);
      return;
    case BattleContext::raid_militia:
      raid_after_battle(s, result);
      return;
    case BattleContext::break_siege:
      after_stationary_action(s);
      return;
    case BattleContext::assault:
      assault_finished(s);  // siege.cpp: a won assault's Massacre! window (cards.md #7), then as above
      return;
  }
}

void siege_finished(State& s) {
  settle_map(s);
  after_stationary_action(s);
}
void raids_finished(State& s) {
  settle_map(s);
  activation_after_raids(s);
}
void construction_finished(State& s) { end_card_play(s); }
void year_end_finished(State& s) { start_next_year(s); }

}  // namespace warpath::wilderness_war
