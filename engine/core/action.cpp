#include "engine/core/action.hpp"

namespace warpath::engine {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::not_your_turn:
      return "not_your_turn";
    case ErrorCode::illegal_action:
      return "illegal_action";
    case ErrorCode::malformed:
      return "malformed";
    case ErrorCode::undo_not_allowed:
      return "undo_not_allowed";
    case ErrorCode::game_over:
      return "game_over";
  }
  return "unknown";
}

bool is_well_formed(const Action& action) {
  if (action.verb.empty() || action.verb.size() > 64) return false;
  const auto& arg = action.arg;
  return arg.is_null() || arg.is_string() || arg.is_number_integer();
}

std::vector<Action> list_actions(const nlohmann::json& legal_actions) {
  std::vector<Action> actions;
  for (const auto& [verb, args] : legal_actions.items()) {
    if (args.is_boolean()) {
      if (args.get<bool>()) actions.push_back({verb, nullptr});
    } else {
      for (const auto& arg : args) actions.push_back({verb, arg});
    }
  }
  return actions;
}

}  // namespace warpath::engine
