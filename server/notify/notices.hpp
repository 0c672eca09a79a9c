#pragma once
// The notices a game raises (server/storage/notification_store.hpp sends them as each account's
// settings say): "your move" with what happened since the player's last decision, the end of the
// game, new chat, and the clock warning the clock scheduler raises. Who is told is decided here
// (your_move_recipients, chat_recipients); the texts and webhook events are pure functions of the
// facts, and the facts of a turn (the seat's own log lines, the dice) are read in the move's own
// transaction (move_notices), so a notice goes out exactly when its move is stored. A notice
// holds only what its seat may see: its own log, public dice, the public score and phase.

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/notification_store.hpp"

namespace warpath::server::notify {

// What the rooms need to raise notices: where the links point and whom to wake once one is queued.
struct Site {
  std::string origin;                 // --public-url, else http://host:port of the listener
  std::function<void()> wake_outbox;  // may be empty
};

// What every notice of one game names.
struct GameFacts {
  storage::GameId game = 0;
  std::string title_name;  // "Wilderness War"
  std::string origin;      // of the links
};

// The game page of a seat (its page opens at the game's current version) and the replay page
// stepping through versions (from, to] as the seat saw them.
std::string game_link(const GameFacts& game, const std::string& role);
std::string replay_link(const GameFacts& game, const std::string& role, std::uint64_t from, std::uint64_t to);

// The lines a seat's log gained over a run of moves, given each move's change to that seat's log
// ({keep, lines} or null, engine::seat_log_change) oldest first: the log after the moves from the
// first line that every move kept on. (An undo among them shortens the log: the lines it took
// back are not reported, the ones written again are.)
nlohmann::json lines_since(const std::vector<nlohmann::json>& seat_changes);

// The most lines a turn notice lists; the older ones of a longer run are counted, not listed.
inline constexpr std::size_t max_turn_lines = 200;

struct TurnReport {
  GameFacts game;
  std::string role;
  std::uint64_t from = 0;          // the version of the seat's last decision (0: none yet)
  std::uint64_t to = 0;            // the version now
  std::vector<std::string> lines;  // the seat's log lines of moves from+1..to, as text
  std::size_t earlier_lines = 0;   // lines of those moves left out before `lines`
  std::vector<int> dice;           // the dice those moves rolled
  engine::PositionSummary position;
};
storage::Notice your_move_notice(std::int64_t account, const TurnReport& report);
storage::Notice game_ended_notice(std::int64_t account, const GameFacts& game, const std::string& role,
                                  const engine::GameResult& result);
storage::Notice chat_notice(std::int64_t account, const GameFacts& game, const std::string& role,
                            const std::string& from_seat, const std::string& text);
// A notice of the clocks (server/clocks/) to the player of `role`: its warning, an automatic
// vacation day, a win that may be claimed; `facts` join the webhook's event.
storage::Notice clock_notice(std::int64_t account, const GameFacts& game, const std::string& role,
                             const std::string& subject, const std::string& text, nlohmann::json facts);

// The roles a move hands the decision to that are told: active after it and not before, played
// by an account, and with no page of theirs open on the game (`open_roles`).
std::vector<std::pair<std::string, std::int64_t>> your_move_recipients(
    const std::vector<std::string>& active_before, const std::vector<std::string>& active_after,
    const std::map<std::string, std::int64_t>& accounts, const std::set<std::string>& open_roles);
// The players a chat line from `from_seat` is told to: every role an account plays but the
// sender's, with no page of theirs open. (At most one chat notice per game and seat goes out
// until the seat opens the game again: storage::take_chat_notice.)
std::vector<std::pair<std::string, std::int64_t>> chat_recipients(const std::string& from_seat,
                                                                  const std::map<std::string, std::int64_t>& accounts,
                                                                  const std::set<std::string>& open_roles);

// A move about to be committed, as the room knows it.
struct MoveFacts {
  const engine::GameModule* module = nullptr;
  GameFacts game;
  std::uint64_t version = 0;                                    // the move's
  engine::PositionSummary position;                             // after it
  std::vector<std::pair<std::string, std::int64_t>> your_move;  // your_move_recipients
  std::optional<engine::GameResult> result;                     // the game ended with it
  std::map<std::string, std::int64_t> accounts;                 // role -> account
};
// Work to run in the move's transaction after the move is written (nothing when it tells no one):
// reads each recipient's moves since its last decision and sends the notices.
storage::CommitQueue::Work move_notices(MoveFacts facts, std::int64_t now);
// Work for a chat line's transaction: each recipient whose turn it is gets a notice.
storage::CommitQueue::Work chat_notices(GameFacts game, std::vector<std::pair<std::string, std::int64_t>> recipients,
                                        std::string from_seat, std::string text, std::int64_t now);

}  // namespace warpath::server::notify
