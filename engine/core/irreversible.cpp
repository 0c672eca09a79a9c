#include "engine/core/irreversible.hpp"

#include <string>

#include "engine/core/match.hpp"

namespace warpath::engine {

namespace {

// True when applying `action` to a copy of `state` rolls dice or reveals something hidden. The
// copy is `scratch`, made again from `state` for every trial (without new allocations when the
// module can).
bool is_irreversible(const GameModule& module, const GameState& state, std::unique_ptr<GameState>& scratch,
                     std::string_view seat, const Action& action) {
  if (!scratch || !scratch->assign_from(state)) scratch = state.clone();
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
nlohmann::json irreversible_actions(const GameModule& module, const GameState& state, std::string_view seat,
                                    const nlohmann::json& legal_actions) {
  nlohmann::json out = nlohmann::json::object();
  if (!legal_actions.is_object()) return out;
  std::unique_ptr<GameState> scratch;
  for (const auto& [verb, args] : legal_actions.items()) {
    if (verb == undo_verb) continue;
    if (module.certainly_reversible(state, seat, verb)) continue;  // the module knows: nothing to try
    if (args.is_array()) {
      nlohmann::json kept = nlohmann::json::array();
      for (const auto& arg : args)
        if (is_irreversible(module, state, scratch, seat, Action{verb, arg})) kept.push_back(arg);
      if (!kept.empty()) out[verb] = std::move(kept);
    } else if (args == true) {
      if (is_irreversible(module, state, scratch, seat, Action{verb, nullptr})) out[verb] = true;
    }
  }
  return out;
}

void add_confirm_field(nlohmann::json& view, const GameModule& module, const GameState& state, std::string_view seat) {
  if (!module.is_active(state, seat)) return;
  const auto actions = view.find("actions");
  if (actions == view.end()) return;
  auto confirm = irreversible_actions(module, state, seat, *actions);
  if (!confirm.empty()) view["confirm"] = std::move(confirm);
}

}  // namespace warpath::engine
