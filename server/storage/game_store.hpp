#pragma once
// Reads of the database (through one read connection; WAL lets it read while the commit queue
// writes) and the write operations, as work for the commit queue.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/log_stream.hpp"
#include "engine/core/match.hpp"
#include "server/clocks/clock_rules.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/storage/lease_store.hpp"
#include "server/storage/records.hpp"

namespace warpath::server::storage {

struct NewGame {
  std::string title;
  std::string scenario;
  nlohmann::json options;
  std::uint64_t seed;
  nlohmann::json active_roles;
  std::string seed_nonce;                           // secret until the game is over
  std::string seed_commitment;                      // SHA-256 of "<seed>:<nonce>", public
  std::map<std::string, std::string> token_hashes;  // role -> SHA-256 of its token
  std::optional<clocks::TimeControl> time_control;  // none: untimed
  std::string rules_version;
};

struct MoveRecord {
  GameId game;
  std::uint64_t seq;
  engine::Move move;
  // The game row after the move, for the lobby: whose turn, over or not.
  nlohmann::json active_roles;
  nlohmann::json result;  // null while the game goes on
  // What the move did to the log, shared with the room that sends it in the move's patches; a
  // null change or none: nothing.
  std::shared_ptr<const engine::MoveLog> log;
  std::int64_t time_ms = 0;  // when it was made (Unix ms)
  // A timed game's clocks are settled in the move's transaction: who was to decide before it.
  bool timed = false;
  std::vector<std::string> active_before;
  std::vector<int> dice = {};  // the dice it rolled that every seat sees (engine::PreparedMove::dice)
  // Several nodes: the game's lease the move is fenced by, renewed until lease_until_ms.
  std::optional<HeldLease> lease = {};
  std::int64_t lease_until_ms = 0;
};

struct ChatLine {
  std::string seat;
  std::string text;
  std::string time;
};

// The columns of `games` as read_game reads them, in its order (for queries of other stores).
extern const char* const game_columns;
GameRecord read_game(const Statement& row);

class GameStore {
 public:
  explicit GameStore(const std::string& path);

  std::optional<GameRecord> game(GameId id);
  // The newest games, private ones (from a private listing, not a tournament's) left out.
  std::vector<GameRecord> recent_games(int limit);
  // Whether the game started from a private listing: watched by its players only. A tournament
  // pairing's listing is private (nobody else's to join) but its game is anyone's to watch.
  bool is_private(GameId id);
  std::map<std::string, std::string> seat_hashes(GameId id);
  // role -> the account that plays it, for a game started from the lobby (empty otherwise).
  std::map<std::string, std::int64_t> game_players(GameId id);
  std::optional<SnapshotRecord> latest_snapshot(GameId id);
  std::vector<SnapshotRecord> snapshots(GameId id);
  std::vector<engine::Move> moves_after(GameId id, std::uint64_t seq);
  // Every move with its number and time, for the game's record.
  struct StoredMove {
    std::uint64_t seq = 0;
    engine::Move move;
    std::string time;
  };
  std::vector<StoredMove> move_history(GameId id);
  // Feeds `reader` the stored log changes of the moves up to `version`, newest first, until it
  // has every line it wants (the set-up's own lines are not in any move).
  void read_log_changes(GameId id, std::uint64_t version, engine::LogReader& reader);
  // Every game's id, oldest first (`warpath replay --all`).
  std::vector<GameId> game_ids();
  std::int64_t count_games();
  // The newest `limit` lines, oldest first.
  std::vector<ChatLine> recent_chat(GameId id, int limit);
  std::int64_t count_chat(GameId id);
  // A timed game's clocks as the seats are shown them at `now_ms` (null: untimed), and whether a
  // role is out of time past its grace period (server/clocks/clock_store.hpp).
  nlohmann::json clocks(GameId id, std::int64_t now_ms);
  bool timed_out(GameId id, const std::string& role, std::int64_t now_ms);
  // Each role's standing orders in the game (schema/008_standing_orders.sql); roles without any
  // are left out.
  std::map<std::string, engine::StandingOrders> standing_orders(GameId id);

  // Work for the commit queue.
  static CommitQueue::Work create_game(NewGame game, std::shared_ptr<GameId> created_id);
  static CommitQueue::Work append_move(MoveRecord record);
  static CommitQueue::Work save_snapshot(GameId game, SnapshotRecord snapshot);
  static CommitQueue::Work append_chat(GameId game, std::string seat, std::string text, std::string time);
  // Replaces the role's standing orders.
  static CommitQueue::Work save_standing_orders(GameId game, std::string role, engine::StandingOrders orders);

 private:
  std::mutex mutex_;
  Connection db_;
};

}  // namespace warpath::server::storage
