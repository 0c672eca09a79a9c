#pragma once
// The ratings as stored (schema/012_ratings.sql): finished games of rated listings waiting to be
// rated, the rated games in the order they were rated (`seq`), each player's current rating per
// title, a player's recent rating changes and a title's leaderboard. Reads on its own connection;
// writes as work for the commit queue, each checking in its transaction that the game is not rated
// yet and that it comes right after the last one rated (so that nothing is rated twice or out of
// order, also across a restart). `recompute_stored` rebuilds every rating from the stored results
// in one transaction of its own (`warpath ratings --recompute`).

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/ratings/rated_result.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/tournaments/ratings.hpp"

namespace warpath::server::ratings {

using GameId = std::int64_t;

// A finished game of a rated listing, not rated nor noted as unrated yet. `game.roles`,
// `bid_option` and `tournament_draw_winner` are the title's, for the caller to fill in.
struct PendingGame {
  GameId id = 0;
  std::string ended_at;  // ISO 8601: when its last move was made
  FinishedGame game;
};

// A row of rated_games.
struct StoredRating {
  std::int64_t seq = 0;
  GameId game = 0;
  std::string ended_at;
  tournaments::RatingChange change;
};

// A player's rating in one title (the ratings table).
struct TitleRating {
  std::string title;
  std::int64_t account = 0;
  std::string name;
  tournaments::Rating rating;
  std::string updated_at;
};

// One rated game from a player's side, for their page.
struct RatingEntry {
  GameId game = 0;
  std::string opponent;
  tournaments::Seat seat = tournaments::Seat::first;
  double score = 0;  // 1, ½ or 0
  tournaments::Rating before, after;
  std::string ended_at;
};

// The rating {rating, deviation, volatility, games} as the rated_games columns hold it.
nlohmann::json rating_json(const tournaments::Rating& rating);
tournaments::Rating rating_from_json(const nlohmann::json& stored);

class RatingStore {
 public:
  explicit RatingStore(const std::string& path);

  // Finished games of rated listings that ended at `since` or later (ISO 8601; "" for all) found
  // neither in rated_games nor in unrated_games, in the order they ended (ties by game id).
  std::vector<PendingGame> pending(const std::string& since, int limit);
  // The rated games after the first `after_seq` (all by default), in the order rated.
  std::vector<StoredRating> rated_games(std::int64_t after_seq = 0);
  std::vector<TitleRating> account_ratings(std::int64_t account);
  // The account's latest rated games of `title`, newest first.
  std::vector<RatingEntry> recent(std::int64_t account, const std::string& title, int limit);
  // Players with at least one rated game of `title`, best first (ties: fewer games... then name).
  std::vector<TitleRating> leaderboard(const std::string& title, int limit);

  // Work for the commit queue: the rated_games row `seq` of the game and both players' ratings.
  // Fails (changing nothing) unless the game is unrated and `seq` follows the last one stored.
  static storage::CommitQueue::Work record(std::int64_t seq, GameId game, std::string ended_at,
                                           tournaments::RatingChange change);
  // The game is not rated, for `reason`.
  static storage::CommitQueue::Work note_unrated(GameId game, std::string reason, std::string now);

 private:
  std::mutex mutex_;
  storage::Connection db_;
};

// What a recompute did.
struct RecomputeSummary {
  std::size_t games = 0;
  std::size_t players = 0;        // (title, account) pairs rated
  std::size_t games_changed = 0;  // rated_games rows whose before/after or side term changed
  double largest_change = 0;      // the largest change of a current rating, in points
};

// Rebuilds, in one transaction, the `ratings` table and the side terms and before/after columns
// of rated_games from the stored results in the order rated (tournaments::recompute). Throws
// std::runtime_error when a stored result is refused (nothing is changed then).
RecomputeSummary recompute_stored(storage::Connection& db, const tournaments::RatingParams& params = {});

}  // namespace warpath::server::ratings
