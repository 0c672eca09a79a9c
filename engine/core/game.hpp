#pragma once
// The one interface through which the server, the tools and the tests know a game module.
// A module is stateless: every function takes the game state it works on.

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"
#include "engine/core/response_window.hpp"
#include "engine/core/rng.hpp"

namespace warpath::engine {

inline constexpr std::string_view spectator_seat = "spectator";

class GameModule;
// The members of every seat part: the framework's "actions", "confirm" and "prompt" (and "window"
// for a module with response windows) and the module's seat_view_keys(), sorted and without
// duplicates.
std::vector<std::string> seat_keys(const GameModule& module);

struct ScenarioInfo {
  std::string id;
  std::string name;
};

struct OptionInfo {
  std::string id;
  std::string description;
  nlohmann::json default_value;
};

// The option of a two-seat title that takes the outcome of a bidding for sides (Wilderness War
// 13.3 and 14.7, offered by the lobby for any title that names one): its value is null (no bid)
// or {"side": a role, "vp": 0..max_vp}, the VP the game starts with moved toward that role, the
// one that did not win the bid.
struct BidOption {
  std::string option;
  int max_vp = 0;
};

struct GameInfo {
  std::string title_id;
  std::string display_name;
  std::vector<std::string> roles;
  std::vector<ScenarioInfo> scenarios;
  std::vector<OptionInfo> options;
  std::optional<BidOption> bid_option;  // none: sides are not bid for
  // The role a drawn game counts as a win for in a tournament (Wilderness War 13.14: the French);
  // none: a draw stays a draw.
  std::optional<std::string> tournament_draw_winner;

  nlohmann::json to_json() const;
  bool has_role(std::string_view role) const;
  bool has_scenario(std::string_view scenario) const;
};

struct GameResult {
  std::optional<std::string> winner;  // empty for a draw
  nlohmann::json score;               // module-defined final score
  std::string summary;                // one readable line

  bool draw() const { return !winner.has_value(); }
  nlohmann::json to_json() const;
};

// What applying one action did that matters to undo: an action that rolled dice, drew from a
// hidden deck or otherwise showed a player something new cannot be taken back.
struct ApplyReport {
  bool used_randomness = false;
  bool revealed_hidden = false;
  // The dice the action rolled, in order, when every seat sees them (a roll only its roller may
  // know is not listed): the turn mail reports them (server/notify).
  std::vector<int> dice;
};

// Where a game stands, in a few words for a notification (turn mail, webhook): public facts only.
struct PositionSummary {
  nlohmann::json score;    // in GameResult::score's shape ({"vp": 3}); null when the title keeps none
  std::string score_text;  // "VP 3 (French lead)"; empty when none
  std::string phase;       // "1757, late season: French action phase"; empty when none
};

// A game position. Value semantics through clone(); to_json() must be lossless so that
// GameModule::load(to_json()) reproduces a state whose to_json() is identical.
class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
  // Makes this state a copy of `other` (a state of the same type), reusing what it holds: for
  // the framework's trials, which run one after another on one scratch state per thread. False
  // when the module does not do it; the caller then clones instead.
  virtual bool assign_from(const GameState& /*other*/) { return false; }
  virtual nlohmann::json to_json() const = 0;
};

// A module's own state from the framework's reference, for a module whose state type is final:
// the framework hands a module only the states it made, so one type comparison (of two
// type_info names, a pointer compare) stands in for dynamic_cast's walk of the hierarchy, which
// a move paid some forty times. Throws std::bad_cast for any other type, as dynamic_cast does.
template <class T>
const T& state_cast(const GameState& state) {
  static_assert(std::is_final_v<T> && std::is_base_of_v<GameState, T>);
  if (typeid(state) != typeid(T)) throw std::bad_cast();
  return static_cast<const T&>(state);
}
template <class T>
T& state_cast(GameState& state) {
  return const_cast<T&>(state_cast<T>(static_cast<const GameState&>(state)));
}

// Thrown by setup() for an unknown scenario or bad options.
class SetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class GameModule {
 public:
  virtual ~GameModule() = default;

  virtual const GameInfo& info() const = 0;

  virtual std::unique_ptr<GameState> setup(const std::string& scenario, const nlohmann::json& options,
                                           std::uint64_t seed) const = 0;
  virtual std::unique_ptr<GameState> load(const nlohmann::json& state_json) const = 0;

  // Everything `seat` (a role or "spectator") may see and nothing else, in two parts whose
  // top-level members are disjoint. The public part is what every seat sees; the server builds
  // it once per move for all of them. The seat part is what only that seat sees, with a readable
  // "prompt"; its members are those that seat_view_keys() names. Its "actions" (what
  // list_legal_actions lists for the seat, as legal_actions shows them) are added by the framework
  // (view(), Match::seat_view), which lists them once per seat and version for the view and the
  // legality check alike: a module's seat_view leaves them out.
  virtual nlohmann::json public_view(const GameState&) const { return nlohmann::json::object(); }
  virtual nlohmann::json seat_view(const GameState& state, std::string_view seat) const = 0;
  // The public part of `after` for a caller that holds the public part of `before`, an earlier
  // state of the same game: by default all of it. A module that can tell cheaply which members a
  // move left alone gives only the others (`complete` false) and names any member that is gone.
  struct PublicViewUpdate {
    nlohmann::json members = nlohmann::json::object();
    bool complete = true;           // `members` is the whole public part
    std::vector<std::string> gone;  // when not complete: members of `before` that `after` lacks
    // Members the module writes as JSON text straight from its state (large ones that change
    // often, without building a tree to write out): each exactly the text dump() writes of the
    // member's value in public_view. A change to one is sent as its `patches`, or replaces it.
    std::map<std::string, std::string> texts;
    // For members of `members` or `texts` whose change the module states itself (a few pieces
    // moved, a marker placed), the RFC 6902 operations as text (engine::append_patch_op, paths
    // from the view's root): the feed sends them instead of comparing the member's old and new values.
    std::map<std::string, std::string> patches;
  };
  virtual PublicViewUpdate public_view_update(const GameState& /*before*/, const GameState& after) const {
    PublicViewUpdate update;
    update.members = public_view(after);
    return update;
  }
  // The members a seat part may hold besides the framework's own (`engine::seat_keys`).
  virtual std::vector<std::string> seat_view_keys() const { return {}; }
  // The two parts as one object (tests, tools): a member in both is a module bug and throws.
  nlohmann::json view(const GameState& state, std::string_view seat) const;

  // The game log as `seat` may read it: lines (objects the title defines) numbered from 0. A
  // move only adds lines at the end; an undo restores the log the undone move found, so the log
  // before a move is always a prefix of the log after it, or the other way round.
  virtual std::size_t log_size(const GameState&, std::string_view /*seat*/) const { return 0; }
  // The oldest line the state holds: a long log keeps only its newest lines in the state, a
  // function of its size alone (so replays and snapshots hold the same ones); the older ones are
  // kept with the moves that wrote them (log_stream.hpp).
  virtual std::size_t log_first(const GameState&, std::string_view /*seat*/) const { return 0; }
  // True when every seat reads the same log (no line is private): a move's change to it is then
  // worked out and stored once (log_stream.hpp).
  virtual bool log_same_for_every_seat() const { return false; }
  // Lines [from, to) of that log, log_first <= from, to <= log_size(state, seat), as a JSON array.
  virtual nlohmann::json log_lines(const GameState&, std::string_view /*seat*/, std::size_t /*from*/,
                                   std::size_t /*to*/) const {
    return nlohmann::json::array();
  }
  // The same lines as their JSON text, byte for byte what log_lines(...).dump() writes, appended
  // to `out`: a move's log is written out with every move (log_stream.hpp), and a title whose log
  // is a GameLog writes it without a JSON tree (append_log_text).
  virtual void append_log_lines(std::string& out, const GameState& state, std::string_view seat, std::size_t from,
                                std::size_t to) const {
    out += log_lines(state, seat, from, to).dump();
  }
  // One log line (as log_lines gives it) as plain text, for a mail: by default its "text" member,
  // else the line's JSON.
  virtual std::string log_line_text(const nlohmann::json& line) const;
  // The score and phase every seat sees, for a notification.
  virtual PositionSummary position_summary(const GameState&) const { return {}; }

  // Appends the seat's legal actions to `out` (nothing when the seat may not act now).
  virtual void list_legal_actions(const GameState& state, std::string_view seat, ActionList& out) const = 0;
  // The same as the protocol shows them: {verb: true | [args...]}.
  nlohmann::json legal_actions(const GameState& state, std::string_view seat) const;
  // Roles that may act now; empty once the game is over.
  virtual std::vector<std::string> active_roles(const GameState& state) const = 0;
  // Whether `role` is one of them (a module may answer without building the list).
  virtual bool is_active(const GameState& state, std::string_view role) const;

  // Applies an action in place. The caller (Match) has checked that the legal actions list it for
  // `role`; a module need not check again. May throw ActionRejected, leaving a partial change: the
  // caller (Match) then discards the copy it passed, or rebuilds a state it changed in place.
  virtual ApplyReport apply(GameState& state, std::string_view role, const Action& action) const = 0;
  // What apply() would report, on a scratch state that is thrown away after (irreversible.hpp's
  // trials): a module may leave out work that cannot change the report, such as continuous rules
  // settled after the action that never roll or reveal.
  virtual ApplyReport trial(GameState& scratch, std::string_view role, const Action& action) const {
    return apply(scratch, role, action);
  }
  // True when `role` applying `verb` (with any arg it is listed with) in `state` certainly neither
  // rolls nor reveals: `confirm`'s trials (irreversible.hpp) skip those actions. A module says so
  // only where its rules make it certain, never as a guess: the answer must be what trial() would
  // report. False by default: every listed action is tried.
  virtual bool certainly_reversible(const GameState& /*state*/, std::string_view /*role*/,
                                    std::string_view /*verb*/) const {
    return false;
  }

  virtual std::optional<GameResult> result(const GameState& state) const = 0;
  // The result of a game that is not over, decided from where it stands (a tournament round's
  // deadline, Match's verb "adjudicate"): by default a draw. `score` holds what decided it.
  virtual GameResult adjudicate(const GameState& state) const;

  // A state that `seat` cannot tell apart from `state`: everything hidden from that seat
  // (other hands, deck order, future dice) is dealt anew from `rng`. Leak tests compare
  // view(state, seat) with view(redeal_hidden(state, seat), seat).
  virtual std::unique_ptr<GameState> redeal_hidden(const GameState& state, std::string_view seat, Rng& rng) const = 0;

  // Response windows (response_window.hpp): the window `role` is in now, if its decision is one;
  // its `pass` must be among the role's listed actions. It must follow from what the role sees of
  // the situation only, never from its hand: a window opens whether or not the role holds a card
  // it could play in it, so that neither the window nor an order declining it reveals the hand.
  virtual std::optional<ResponseWindow> response_window(const GameState& /*state*/, std::string_view /*role*/) const {
    return std::nullopt;
  }
  // Every kind response_window() may return, each once, in the order a client should list them.
  virtual std::vector<std::string> response_window_kinds() const { return {}; }
  // The periods of play the state is in (response_window.hpp); none told apart by default.
  virtual Periods periods(const GameState& /*state*/) const { return {}; }

  // Counters of rule events for playout reports (battles, raids, ...): {name: count}.
  virtual nlohmann::json rule_events(const GameState&) const { return nlohmann::json::object(); }
  // How much a random player should favour an action (events over activations, say).
  virtual double playout_weight(const GameState&, std::string_view /*role*/, const ActionRef&) const { return 1.0; }

  // The title's static component data for clients (map, pieces, cards), the same for every game
  // and every seat: clients draw from it instead of keeping a second copy. Empty when none.
  virtual nlohmann::json client_data() const { return nlohmann::json::object(); }
};

}  // namespace warpath::engine
