#pragma once
// Which of a seat's legal actions cannot be taken back: those that roll dice or show something
// hidden (a card draw, a leader drawn from a pool). Clients ask the player to confirm them.

#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/core/game.hpp"

namespace warpath::engine {

// The subset of `legal_actions` (the module's own {verb: true | [args...]} for `seat`) that,
// applied to a copy of `state`, report used_randomness or revealed_hidden; in the same shape (an
// arg list keeps only the args that qualify, a verb with none left is dropped). Handing the turn
// to someone else does not count: that is an undo barrier, but nothing is rolled or revealed. An
// action the module rejects on trial is left out. The framework's `undo` is never tried, nor a
// verb the module says is certainly reversible in `state` (GameModule::certainly_reversible).
nlohmann::json irreversible_actions(const GameModule& module, const GameState& state, std::string_view seat,
                                    const nlohmann::json& legal_actions);

// Adds `confirm` = irreversible_actions(...) to a seat's view when the seat may act now and the
// set is not empty; the legal actions are the view's own `actions`.
void add_confirm_field(nlohmann::json& view, const GameModule& module, const GameState& state, std::string_view seat);

}  // namespace warpath::engine
