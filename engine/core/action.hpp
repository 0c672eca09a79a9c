#pragma once
// What a player sends (an Action) and why the rules may refuse it (an ActionError).

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace warpath::engine {

// A verb ("space", "card", "pass"...) and its argument: a stable id (string or integer), or
// null for word actions listed as `verb: true`.
struct Action {
  std::string verb;
  nlohmann::json arg;  // null, string or integer

  bool operator==(const Action&) const = default;
  nlohmann::json to_json() const { return {{"verb", verb}, {"arg", arg}}; }
};

enum class ErrorCode { not_your_turn, illegal_action, malformed, undo_not_allowed, game_over };

std::string_view to_string(ErrorCode code);

struct ActionError {
  ErrorCode code;
  std::string message;
};

// Thrown by a module's apply() when it refuses an action; the framework then throws away (or
// rebuilds from its last barrier) the state the move changed, so no partial change stays behind.
class ActionRejected : public std::runtime_error {
 public:
  ActionRejected(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

// Every action of a legal-actions object, one per (verb, arg).
std::vector<Action> list_actions(const nlohmann::json& legal_actions);

// Args must be ids: strings or integers. Anything else is malformed before it is illegal.
bool is_well_formed(const Action& action);

}  // namespace warpath::engine
