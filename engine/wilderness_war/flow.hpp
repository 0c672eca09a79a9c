#pragma once
// How a Wilderness War game waits for decisions. The sequence of play (4.0) runs by itself until a
// player must choose; `State::step` names the procedure that owns the decision and
// `State::active` the side that makes it. Each procedure (activation, movement, battle, ...) keeps
// its own sub-state in the State and, when it finishes, hands control back through one of the
// continuations below, so no procedure needs to know who started it.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/wilderness_war/names.hpp"

namespace warpath::wilderness_war {

class State;

enum class Step : std::uint8_t {
  action_phase,  // sequence.cpp / card_play.cpp: play a card, pass, demolish
  activation,    // activation.cpp: designate pieces, define a force, choose what it does
  construction,  // construction.cpp: place stockades or forts (5.4)
  movement,      // movement.cpp: moving, interception, avoid battle, inside/outside (6.x, 8.1)
  battle,        // battle.cpp: militia, responses, CRT, losses, leaders, retreat; assaults (7.x, 9.x)
  siege,         // siege.cpp: siege rolls and the decision to assault (8.2)
  raid,          // raid.cpp: raids and going home (10.x)
  year_end,      // year_end.cpp: B.3 to B.6 choices (go home, attrition)
  event,         // events.cpp: the choices of a card played for its event (5.26)
  game_over,
  card_exchange,  // card_exchange.cpp: optional rule 14.6 after the deal
};
inline constexpr EnumNames<Step, 11> step_names{{"action_phase", "activation", "construction", "movement", "battle",
                                                 "siege", "raid", "year_end", "event", "game_over", "card_exchange"}};

// The legal actions of the deciding side being built: {verb: true | [args...]}. Args are ids: piece
// and space ids (strings) and card numbers.
class ActionList {
 public:
  ActionList() : list_(&owned_) {}
  explicit ActionList(engine::ActionList& into) : list_(&into) {}
  ActionList(const ActionList&) = delete;
  ActionList& operator=(const ActionList&) = delete;

  void add(std::string_view verb) { list_->add(verb); }  // a word action: `pass`, `done`, `roll`
  void add(std::string_view verb, std::string_view id) { list_->add(verb, id); }
  void add(std::string_view verb, int number) { list_->add(verb, std::int64_t{number}); }
  void add_piece(const State& s, std::string_view verb, std::int16_t piece);
  void add_space(const State& s, std::string_view verb, std::int16_t space);
  bool empty() const { return list_->empty(); }
  bool has(std::string_view verb) const { return list_->has(verb); }
  nlohmann::json release() const { return list_->to_json(); }

 private:
  engine::ActionList owned_;  // when the list is not filled for someone else (tests)
  engine::ActionList* list_;
};

// The decoded argument of an action.
std::int16_t piece_arg(const State& s, const engine::Action& action);
std::int16_t space_arg(const State& s, const engine::Action& action);
int number_arg(const engine::Action& action);

// Dispatch on `s.step` to the owning procedure.
void list_actions(const State& s, ActionList& out);
void apply_action(State& s, const engine::Action& action);
std::string prompt_of(const State& s);
// True when `verb`, with any arg it is listed with, certainly neither rolls a die nor draws a card
// in `s` (GameModule::certainly_reversible): `confirm`'s trials skip it. Each procedure answers for
// its own decisions, next to where it applies them; false wherever that is not certain.
bool certainly_reversible(const State& s, std::string_view verb);

// --- continuations: a procedure calls one when it has finished and cleared its sub-state ------
// The movement of the current activation is over (stopped, or ended by a battle).
void movement_finished(State& s);
// A battle is over: `attacker_won`, and whether the attackers may keep moving (overrun 7.82, or
// every defender avoided 6.82 counts as no battle).
void battle_finished(State& s);
// A siege roll or assault is over.
void siege_finished(State& s);
// The raids of the current activation are over.
void raids_finished(State& s);
// Construction with the current card is over.
void construction_finished(State& s);
// The year-end steps are over (the game goes on to the next year or has ended).
void year_end_finished(State& s);

// Ends the current card play: the next Action Phase, or the end of the season (4.0).
void end_card_play(State& s);

}  // namespace warpath::wilderness_war
