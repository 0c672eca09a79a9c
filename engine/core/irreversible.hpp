#pragma once
// Which of a seat's legal actions cannot be taken back: those that roll dice or show something
// hidden (a card draw, a leader drawn from a pool). Clients ask the player to confirm them.

#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/core/game.hpp"

namespace warpath::engine {

// The entries of `listed` (the module's legal actions for `seat`) that, applied to a copy of
// `state`, report used_randomness or revealed_hidden, appended to `out` in their order. Handing
// the turn to someone else does not count: that is an undo barrier, but nothing is rolled or
// revealed. An action the module rejects on trial is left out. The framework's `undo` is never
// tried, nor a verb the module says is certainly reversible in `state`
// (GameModule::certainly_reversible).
void irreversible_actions(const GameModule& module, const GameState& state, std::string_view seat,
                          const ActionList& listed, ActionList& out);
// The same for legal actions in the protocol's form ({verb: true | [args...]}), in that form (an
// arg list keeps only the args that qualify, a verb with none left is dropped).
nlohmann::json irreversible_actions(const GameModule& module, const GameState& state, std::string_view seat,
                                    const nlohmann::json& legal_actions);

}  // namespace warpath::engine
