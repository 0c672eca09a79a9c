#pragma once
// A game in progress as the framework sees it: the module's state, the move count (version),
// the legality check every action passes before the module sees it, and undo.
//
// Undo is done by replay: the match keeps the state reached at the last undo barrier and the
// moves made since; taking one back rebuilds from that state without the last move. An undo is
// itself a move of the history, so the history only ever grows.
//
// A player may resign at any time in a two-player game (verb "resign"): the opponent wins. A
// player who ran out of time forfeits the same way (verb "timeout"), but only the server records
// that move, never a client (is_client_verb). A game a tournament's round deadline overtakes is
// adjudicated (verb "adjudicate", the server's only too): the module's adjudicate() names the
// winner (Wilderness War: the side ahead on VP). Like undo, these are the framework's, not the
// module's, and moves of the history, so replay sees them.

#include <cstdint>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/core/game.hpp"

namespace warpath::engine {

inline constexpr std::string_view undo_verb = "undo";
inline constexpr std::string_view resign_verb = "resign";
inline constexpr std::string_view timeout_verb = "timeout";
inline constexpr std::string_view adjudicate_verb = "adjudicate";
// Whether a client may send the verb (the server records a timeout itself, once the clocks say so,
// and an adjudication at a tournament round's deadline).
inline bool is_client_verb(std::string_view verb) { return verb != timeout_verb && verb != adjudicate_verb; }

struct Move {
  std::string role;
  Action action;
};

// A validated move and the state it leads to, not yet part of the match: the server stores the
// move durably between prepare() and commit().
struct PreparedMove {
  Move move;
  std::unique_ptr<GameState> state;
  bool barrier = false;
  bool undo = false;
  std::optional<GameResult> forfeit = std::nullopt;  // set when the move is a resignation, a timeout or an adjudication
  std::vector<int> dice = {};                        // the dice it rolled that every seat sees
};

class Match {
 public:
  // A match continuing from `state` after `version` moves, with nothing to undo (a fresh
  // setup or a snapshot taken at a barrier).
  Match(const GameModule& module, std::unique_ptr<GameState> state, std::uint64_t version = 0);
  Match(const Match& other);
  Match& operator=(const Match&) = delete;
  Match(Match&&) = default;

  static Match start(const GameModule& module, const std::string& scenario, const nlohmann::json& options,
                     std::uint64_t seed);

  const GameModule& module() const { return *module_; }
  const GameState& state() const { return *state_; }
  // The current state, to keep beside the match: a state that is shared is never changed again.
  std::shared_ptr<const GameState> shared_state() const { return state_; }
  std::uint64_t version() const { return version_; }
  bool is_over() const { return result().has_value(); }
  std::optional<GameResult> result() const { return forfeit_ ? forfeit_ : module_->result(*state_); }
  std::vector<std::string> active_roles() const;
  // Whether the match ended by a forfeit (resignation or timeout); its state then is the state
  // the player forfeited in.
  bool forfeited() const { return forfeit_.has_value(); }
  // The result and the roles to act once a prepared move is committed.
  std::optional<GameResult> result_after(const PreparedMove& prepared) const;
  std::vector<std::string> active_roles_after(const PreparedMove& prepared) const;

  // No move can be undone: the state alone describes the match (snapshots are taken here).
  bool at_barrier() const { return since_barrier_.empty(); }
  bool can_undo(std::string_view role) const;
  // True when the last accepted move closed the undo window.
  bool last_move_was_barrier() const { return last_was_barrier_; }

  // The module's legal actions for the seat plus `undo` when the seat may take a move back.
  nlohmann::json legal_actions(std::string_view seat) const;
  // The module's legal actions for `seat` in the current state (without `undo`), listed once per
  // version: a client (or the random player) asks for them and then plays one, which checks them
  // again. Valid until the match changes.
  const ActionList& listed_actions(std::string_view seat) const;
  // The response window `role` is in now (GameModule::response_window), only while its pass is
  // among the role's listed actions; none once the game is over.
  std::optional<ResponseWindow> response_window(std::string_view role) const;
  // The periods of play the match is in (GameModule::periods).
  Periods periods() const { return module_->periods(*state_); }
  // The seat part's "window" member for that window: {kind, pass: {verb, arg}, scopes: [...]},
  // the "pass for this ..." scopes the framework offers (response_window.hpp).
  static nlohmann::json window_json(const ResponseWindow& window);
  // The view's public part, the same for every seat; with `result` after a
  // forfeit, which the module's state does not know of.
  nlohmann::json public_view() const;
  // The module's public_view_update from `before` to the current state, with the framework's
  // members as public_view() adds them.
  GameModule::PublicViewUpdate public_view_update(const GameState& before) const;
  // The seat's part in pieces, for a caller that writes the protocol's form itself (the feed):
  // the module's members (with "window" and, after a forfeit, the game-over prompt), the listed
  // actions and whether `undo` joins them, and those of them to confirm first (irreversible.hpp;
  // only for a seat that may act now).
  struct SeatParts {
    nlohmann::json members;
    const ActionList* actions = nullptr;  // none after a forfeit
    bool undo = false;
    ActionList confirm;  // its buffers are reused by the next call
  };
  void seat_parts(std::string_view seat, SeatParts& out) const;
  // The seat's part as one object: the parts above, with "actions" and (when not empty) "confirm"
  // in the protocol's form.
  nlohmann::json seat_view(std::string_view seat) const;
  // Both parts as one object.
  nlohmann::json view(std::string_view seat) const;

  // Validates and applies one move (verb "undo" takes back the role's last move). On error
  // nothing changes. On success version() grows by one.
  std::optional<ActionError> play(std::string_view role, const Action& action);
  // play() in two steps. Only a move prepared from the current version may be committed.
  std::variant<PreparedMove, ActionError> prepare(std::string_view role, const Action& action) const;
  void commit(PreparedMove prepared);
  // Replays a recorded move; a recorded move that is refused means the history is corrupt.
  void replay(const Move& move);

 private:
  std::variant<PreparedMove, ActionError> prepare_undo(std::string_view role) const;
  std::variant<PreparedMove, ActionError> prepare_forfeit(std::string_view role, std::string_view verb) const;
  std::variant<PreparedMove, ActionError> prepare_adjudication(std::string_view role) const;
  // Why `role` may not make this (non-undo) move now, if it may not.
  std::optional<ActionError> refusal(std::string_view role, const Action& action) const;
  // The current state again from the barrier's and the moves since, after a move applied in
  // place was refused or failed half-way.
  void rebuild_state();

  const GameModule* module_;
  // The state at the last barrier is shared with the current one rather than copied; a state that
  // is shared is never changed (a move then applies to a copy).
  std::shared_ptr<GameState> state_;
  std::uint64_t version_;
  std::shared_ptr<GameState> barrier_state_;
  std::vector<Move> since_barrier_;
  bool last_was_barrier_ = true;
  std::optional<GameResult> forfeit_;
  // Each seat's list at one version: the views of every seat and the legality check of the next
  // action ask for them in turn. Entries are kept between versions so that their buffers are
  // reused, in a deque so that a list handed out stays where it is while another seat's is added.
  struct LegalCache {
    struct Entry {
      std::string seat;
      bool listed = false;  // at `version`
      ActionList actions;
    };
    std::uint64_t version = 0;  // of every entry that is `listed`
    std::deque<Entry> seats;
  };
  mutable LegalCache legal_cache_;
};

}  // namespace warpath::engine
