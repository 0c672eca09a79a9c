#include "engine/core/irreversible.hpp"

#include <string>
#include <typeinfo>

#include "engine/core/match.hpp"

namespace warpath::engine {

namespace {

// The copy trials are made on: one per thread, kept from move to move and from room to room, so
// that a trial overwrites memory the thread has just used (warm in its cache, allocations reused
// by `assign_from`) instead of cloning the state into fresh memory every move. Made anew when a
// state of another module comes.
std::unique_ptr<GameState>& trial_scratch() {
  thread_local std::unique_ptr<GameState> scratch;
  return scratch;
}

// True when applying `action` to a copy of `state` rolls dice or reveals something hidden.
bool is_irreversible(const GameModule& module, const GameState& state, std::string_view seat, const Action& action) {
  auto& scratch = trial_scratch();
  if (!scratch || typeid(*scratch) != typeid(state) || !scratch->assign_from(state)) scratch = state.clone();
  try {
    const ApplyReport report = module.trial(*scratch, seat, action);
    return report.used_randomness || report.revealed_hidden;
  } catch (const ActionRejected&) {
    return false;  // the move would be refused anyway; nothing to confirm
  }
}

}  // namespace

// Why this leaks nothing: whether an action rolls or draws is a property of the rules applied to
// the position the seat already sees (a battle's `roll`, the last card of a season that deals the
// next hands, an event that draws from the deck or a leader from the pool). The trial uses the
// real hidden state (the opponent's hand, the deck's order, the Rng), but its answer is only the
// yes/no of "did the rules reach for the dice or the deck", never what came out, and a module's
// decisions of that kind follow from public facts (how many cards a hand holds, not which). This
// is checked, not assumed: the Wilderness War unit tests compare the result for a seat across
// redeal_hidden() twins of many positions of random games (everything the seat cannot see dealt
// anew) and require it to be the same, as the leak tests do for views.
void irreversible_actions(const GameModule& module, const GameState& state, std::string_view seat,
                          const ActionList& listed, ActionList& out) {
  std::string_view verb;  // the last verb asked about, and the module's answer
  bool certain = false;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const ActionRef action = listed[i];
    if (action.verb == undo_verb) continue;
    if (action.verb != verb) {
      verb = action.verb;
      certain = module.certainly_reversible(state, seat, verb);  // the module knows: nothing to try
    }
    if (!certain && is_irreversible(module, state, seat, action.to_action())) out.add(action);
  }
}

nlohmann::json irreversible_actions(const GameModule& module, const GameState& state, std::string_view seat,
                                    const nlohmann::json& legal_actions) {
  if (!legal_actions.is_object()) return nlohmann::json::object();
  ActionList listed, out;
  listed.append_json(legal_actions);
  irreversible_actions(module, state, seat, listed, out);
  return out.to_json();
}

}  // namespace warpath::engine
