#include "engine/core/match.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/core/irreversible.hpp"

namespace warpath::engine {

Match::Match(const GameModule& module, std::unique_ptr<GameState> state, std::uint64_t version)
    : module_(&module), state_(std::move(state)), version_(version), barrier_state_(state_) {}

Match::Match(const Match& other)
    : module_(other.module_),
      // A copy may live on another thread: it gets states of its own, whose caches it may fill.
      state_(other.state_->clone()),
      version_(other.version_),
      barrier_state_(other.barrier_state_ == other.state_ ? state_ : std::shared_ptr(other.barrier_state_->clone())),
      since_barrier_(other.since_barrier_),
      last_was_barrier_(other.last_was_barrier_),
      forfeit_(other.forfeit_) {}

Match Match::start(const GameModule& module, const std::string& scenario, const nlohmann::json& options,
                   std::uint64_t seed) {
  return Match(module, module.setup(scenario, options, seed));
}

std::vector<std::string> Match::active_roles() const {
  if (forfeit_) return {};
  return module_->active_roles(*state_);
}

std::optional<GameResult> Match::result_after(const PreparedMove& prepared) const {
  if (prepared.forfeit) return prepared.forfeit;
  return module_->result(*prepared.state);
}

std::vector<std::string> Match::active_roles_after(const PreparedMove& prepared) const {
  if (prepared.forfeit) return {};
  return module_->active_roles(*prepared.state);
}

bool Match::can_undo(std::string_view role) const {
  return !since_barrier_.empty() && since_barrier_.back().role == role;
}

const ActionList& Match::listed_actions(std::string_view seat) const {
  LegalCache& cache = legal_cache_;
  if (cache.version != version_) {
    for (auto& entry : cache.seats) entry.listed = false;
    cache.version = version_;
  }
  auto entry = std::find_if(cache.seats.begin(), cache.seats.end(), [&](const auto& e) { return e.seat == seat; });
  if (entry == cache.seats.end()) {
    cache.seats.emplace_back();
    entry = std::prev(cache.seats.end());
    entry->seat.assign(seat);
  }
  if (!entry->listed) {
    entry->actions.clear();
    module_->list_legal_actions(*state_, seat, entry->actions);
    entry->listed = true;
  }
  return entry->actions;
}

nlohmann::json Match::legal_actions(std::string_view seat) const {
  if (forfeit_) return nlohmann::json::object();
  nlohmann::json actions = listed_actions(seat).to_json();
  if (can_undo(seat)) actions[std::string(undo_verb)] = true;
  return actions;
}

nlohmann::json Match::public_view() const {
  nlohmann::json v = module_->public_view(*state_);
  if (forfeit_) v["result"] = forfeit_->to_json();
  return v;
}

GameModule::PublicViewUpdate Match::public_view_update(const GameState& before) const {
  auto update = module_->public_view_update(before, *state_);
  if (forfeit_) update.members["result"] = forfeit_->to_json();
  return update;
}

void Match::seat_parts(std::string_view seat, SeatParts& out) const {
  out.members = module_->seat_view(*state_, seat);
  out.confirm.clear();
  if (forfeit_) {  // nothing is listed after a forfeit
    out.actions = nullptr;
    out.undo = false;
    if (out.members.contains("prompt")) out.members["prompt"] = "Game over: " + forfeit_->summary + ".";
    return;
  }
  out.actions = &listed_actions(seat);
  out.undo = can_undo(seat);
  if (module_->is_active(*state_, seat)) irreversible_actions(*module_, *state_, seat, *out.actions, out.confirm);
  if (auto window = response_window(seat)) out.members["window"] = window_json(*window);
}

nlohmann::json Match::seat_view(std::string_view seat) const {
  SeatParts parts;
  seat_parts(seat, parts);
  nlohmann::json v = std::move(parts.members);
  v["actions"] = legal_actions(seat);
  if (!parts.confirm.empty()) v["confirm"] = parts.confirm.to_json();
  return v;
}

std::optional<ResponseWindow> Match::response_window(std::string_view role) const {
  if (is_over()) return std::nullopt;
  auto window = module_->response_window(*state_, role);
  if (!window || !listed_actions(role).contains(window->pass)) return std::nullopt;
  return window;
}

nlohmann::json Match::window_json(const ResponseWindow& window) {
  nlohmann::json scopes = nlohmann::json::array();
  for (PassScope scope : pass_scopes) scopes.push_back(to_string(scope));
  return {{"kind", window.kind}, {"pass", window.pass.to_json()}, {"scopes", std::move(scopes)}};
}

nlohmann::json Match::view(std::string_view seat) const {
  nlohmann::json v = public_view();
  nlohmann::json own = seat_view(seat);
  for (auto& [key, value] : own.items()) v[key] = std::move(value);
  return v;
}

std::optional<ActionError> Match::play(std::string_view role, const Action& action) {
  // A state nothing else holds is changed in place, saving a copy per move; the state of the last
  // barrier is shared, so the first move after a barrier goes through a copy.
  if (action.verb == undo_verb || action.verb == resign_verb || action.verb == timeout_verb ||
      action.verb == adjudicate_verb || state_.use_count() != 1) {
    auto prepared = prepare(role, action);
    if (auto* error = std::get_if<ActionError>(&prepared)) return *error;
    commit(std::move(std::get<PreparedMove>(prepared)));
    return std::nullopt;
  }
  if (auto error = refusal(role, action)) return error;
  const auto before = module_->active_roles(*state_);
  ApplyReport report;
  try {
    report = module_->apply(*state_, role, action);
  } catch (const ActionRejected& rejected) {
    rebuild_state();
    return ActionError{rejected.code(), rejected.what()};
  } catch (...) {
    rebuild_state();
    throw;
  }
  ++version_;
  last_was_barrier_ = report.used_randomness || report.revealed_hidden || module_->active_roles(*state_) != before;
  if (last_was_barrier_) {
    barrier_state_ = state_;
    since_barrier_.clear();
  } else {
    since_barrier_.push_back(Move{std::string(role), action});
  }
  return std::nullopt;
}

void Match::rebuild_state() {
  std::shared_ptr<GameState> state = barrier_state_->clone();
  for (const auto& move : since_barrier_) module_->apply(*state, move.role, move.action);
  state_ = std::move(state);
}

std::optional<ActionError> Match::refusal(std::string_view role, const Action& action) const {
  if (!is_well_formed(action)) return ActionError{ErrorCode::malformed, "an action is a verb and an id argument"};
  if (!module_->is_active(*state_, role))
    return ActionError{ErrorCode::not_your_turn, "it is not " + std::string(role) + "'s turn to act"};
  if (!listed_actions(role).contains(action))
    return ActionError{ErrorCode::illegal_action, "'" + action.verb + " " +
                                                      (action.arg.is_null() ? std::string() : action.arg.dump()) +
                                                      "' is not a legal action now"};
  return std::nullopt;
}

std::variant<PreparedMove, ActionError> Match::prepare(std::string_view role, const Action& action) const {
  if (!is_well_formed(action)) return ActionError{ErrorCode::malformed, "an action is a verb and an id argument"};
  if (action.verb == undo_verb) return prepare_undo(role);
  if (action.verb == resign_verb || action.verb == timeout_verb) return prepare_forfeit(role, action.verb);
  if (action.verb == adjudicate_verb) return prepare_adjudication(role);
  if (forfeit_) return ActionError{ErrorCode::game_over, "the game has ended"};
  if (auto error = refusal(role, action)) return *error;
  const auto before = module_->active_roles(*state_);
  PreparedMove prepared{Move{std::string(role), action}, state_->clone()};
  ApplyReport report;
  try {
    report = module_->apply(*prepared.state, role, action);
  } catch (const ActionRejected& rejected) {
    return ActionError{rejected.code(), rejected.what()};
  }
  // Handing the turn to someone else closes the window too: the opponent has seen the move.
  prepared.barrier =
      report.used_randomness || report.revealed_hidden || module_->active_roles(*prepared.state) != before;
  prepared.dice = std::move(report.dice);
  return prepared;
}

std::variant<PreparedMove, ActionError> Match::prepare_undo(std::string_view role) const {
  if (!can_undo(role)) return ActionError{ErrorCode::undo_not_allowed, "there is no move of yours to take back"};
  PreparedMove prepared{Move{std::string(role), Action{std::string(undo_verb), nullptr}}, barrier_state_->clone()};
  for (std::size_t i = 0; i + 1 < since_barrier_.size(); ++i)
    module_->apply(*prepared.state, since_barrier_[i].role, since_barrier_[i].action);
  prepared.undo = true;
  return prepared;
}

std::variant<PreparedMove, ActionError> Match::prepare_forfeit(std::string_view role, std::string_view verb) const {
  const auto& roles = module_->info().roles;
  const bool resigning = verb == resign_verb;
  if (std::find(roles.begin(), roles.end(), role) == roles.end())
    return ActionError{ErrorCode::not_your_turn,
                       resigning ? "only a player may resign" : "only a player runs out of time"};
  if (roles.size() != 2) return ActionError{ErrorCode::illegal_action, "forfeiting needs a game of two players"};
  if (is_over()) return ActionError{ErrorCode::game_over, "the game has ended"};
  const std::string& winner = roles[0] == role ? roles[1] : roles[0];
  PreparedMove prepared{Move{std::string(role), Action{std::string(verb), nullptr}}, state_->clone()};
  prepared.barrier = true;
  prepared.forfeit = resigning ? GameResult{winner, nlohmann::json{{"resigned", role}},
                                            std::string(role) + " resigned; " + winner + " wins"}
                               : GameResult{winner, nlohmann::json{{"timeout", role}},
                                            std::string(role) + " ran out of time; " + winner + " wins"};
  return prepared;
}

// The server records it under a player's role (the first's): who records it does not change the
// result, which is the module's adjudication of the state reached.
std::variant<PreparedMove, ActionError> Match::prepare_adjudication(std::string_view role) const {
  const auto& roles = module_->info().roles;
  if (std::find(roles.begin(), roles.end(), role) == roles.end())
    return ActionError{ErrorCode::not_your_turn, "a game is adjudicated under a player's role"};
  if (is_over()) return ActionError{ErrorCode::game_over, "the game has ended"};
  PreparedMove prepared{Move{std::string(role), Action{std::string(adjudicate_verb), nullptr}}, state_->clone()};
  prepared.barrier = true;
  GameResult judged = module_->adjudicate(*state_);
  nlohmann::json score = judged.score.is_object() ? judged.score : nlohmann::json::object();
  score["adjudicated"] = true;
  prepared.forfeit =
      GameResult{judged.winner, std::move(score), "adjudicated at the round's deadline: " + judged.summary};
  return prepared;
}

void Match::commit(PreparedMove prepared) {
  if (prepared.forfeit) forfeit_ = std::move(prepared.forfeit);
  state_ = std::move(prepared.state);
  ++version_;
  last_was_barrier_ = prepared.barrier;
  if (prepared.undo) {
    since_barrier_.pop_back();
  } else if (prepared.barrier) {
    barrier_state_ = state_;  // shared: play() changes a state in place only when nothing else holds it
    since_barrier_.clear();
  } else {
    since_barrier_.push_back(std::move(prepared.move));
  }
}

void Match::replay(const Move& move) {
  if (auto error = play(move.role, move.action))
    throw std::runtime_error("recorded move " + std::to_string(version_ + 1) + " (" + move.role + " " +
                             move.action.verb + ") was refused on replay: " + error->message);
}

}  // namespace warpath::engine
