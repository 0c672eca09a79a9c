#pragma once
// The lobby as stored (schema/004_lobby.sql): listings (games proposed, waiting for players),
// who plays which seat of a started game, each account's games and a player's record. Reads on
// their own connection; writes as work for the commit queue, each checking in its transaction
// that the listing is still as the caller saw it (two players racing for the last seat: one
// wins, the other is told the listing is closed). Policy (who may do what) is the caller's.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/bidding/bidding.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/storage/game_store.hpp"
#include "server/storage/notification_store.hpp"
#include "server/storage/outbox_store.hpp"
#include "server/storage/records.hpp"

namespace warpath::server::storage {

using ListingId = std::int64_t;

struct ListingPlayer {
  std::int64_t account = 0;
  std::string name;
  std::optional<std::string> role;  // none: any side
};

struct ListingRecord {
  ListingId id = 0;
  std::int64_t owner = 0;
  std::string owner_name;
  std::string title;
  std::string scenario;
  nlohmann::json options = nlohmann::json::object();
  bool rated = false;
  bool is_private = false;
  std::string status = "open";
  std::optional<std::int64_t> invitee;
  std::string invitee_name;
  std::optional<GameId> rematch_of;
  std::optional<GameId> game;
  std::string created_at;
  std::string updated_at;
  nlohmann::json time_control;             // null: untimed (clocks::TimeControl::to_json)
  nlohmann::json bidding;                  // null: sides chosen or dealt; else bidding::Config::to_json
  bool in_bidding = false;                 // full, its sides being bid for (schema/011_bidding.sql)
  std::vector<ListingPlayer> players;      // in the order they joined, the owner first
  std::optional<std::int64_t> tournament;  // the tournament whose pairing it is (schema/012, 013)

  bool has_player(std::int64_t account) const;
};

struct NewListing {
  std::int64_t owner = 0;
  std::string title;
  std::string scenario;
  nlohmann::json options = nlohmann::json::object();
  bool rated = false;
  bool is_private = false;
  std::optional<std::string> owner_role;  // none: any side
  std::optional<std::int64_t> invitee;
  std::optional<GameId> rematch_of;
  nlohmann::json time_control;  // null: untimed
  nlohmann::json bidding;       // null: no bidding
};

// A bid as stored (schema/011_bidding.sql).
struct StoredBid {
  std::int64_t seq = 0;
  bidding::Act act;
  std::string made_at;
};

// The bidding of a full listing: its players (0 the owner), the game's seed fixed at its start,
// the deadline of the players still to act, the bids in order and, once over, the game.
struct BiddingRecord {
  ListingId listing = 0;
  std::array<std::int64_t, 2> players{};
  std::uint64_t seed = 0;
  std::string seed_nonce;
  std::string seed_commitment;
  std::string started_at;
  std::optional<std::int64_t> deadline_ms;
  std::optional<GameId> game;
  std::vector<StoredBid> bids;
};

struct NewBidding {
  std::array<std::int64_t, 2> players{};
  std::uint64_t seed = 0;
  std::string seed_nonce;
  std::string seed_commitment;
  std::int64_t deadline_ms = 0;
};

struct PlayerSeat {
  std::string role;
  std::int64_t account = 0;
  std::string name;
};

// A game an account plays, for "my games".
struct AccountGame {
  GameRecord game;
  std::vector<std::string> roles;  // the account's
  std::vector<PlayerSeat> players;
};

struct PlayerRecord {
  std::int64_t id = 0;
  std::string name;
  std::string joined;
  bool deleted = false;
  std::int64_t played = 0;  // finished
  std::int64_t running = 0;
  std::map<std::string, std::map<std::string, std::int64_t>> results;  // title -> won/lost/drawn
  std::vector<AccountGame> recent;
  // How long the player takes to decide: from the move before each of theirs (or the start) to
  // theirs, over their latest decisions, in seconds.
  struct ResponseTimes {
    std::int64_t decisions = 0;
    double q1 = 0, median = 0, q3 = 0;
    std::int64_t timeouts = 0;  // games lost on time
  } response_times;
};

// The quartiles of `seconds` (sorted in place); all zero when empty.
PlayerRecord::ResponseTimes response_times(std::vector<double> seconds);

// What a change of a listing came to: done, or refused because it was no longer as seen.
struct ListingChange {
  bool done = false;
  std::optional<GameId> game;  // the game started by a join that filled the listing
};

class LobbyStore {
 public:
  explicit LobbyStore(const std::string& path);

  std::optional<ListingRecord> listing(ListingId id);
  // Open public listings, newest first; empty filters match everything.
  std::vector<ListingRecord> open_listings(const std::string& title, const std::string& scenario,
                                           std::optional<bool> rated, int limit);
  // Open listings the account plays in, and those it is invited to.
  std::vector<ListingRecord> account_listings(std::int64_t account);
  std::vector<ListingRecord> invitations(std::int64_t account);
  std::vector<AccountGame> account_games(std::int64_t account);
  std::optional<std::int64_t> live_account_named(const std::string& name);
  std::optional<PlayerRecord> player(const std::string& name);
  // The seats of a game and their players (none for a quick game).
  std::vector<PlayerSeat> game_players(GameId game);
  // A listing's bidding once it has begun; the bidding a game's seats came from.
  std::optional<BiddingRecord> bidding(ListingId listing);
  std::optional<BiddingRecord> bidding_of_game(GameId game);
  // Biddings not over whose deadline is `now_ms` or earlier.
  std::vector<ListingId> due_biddings(std::int64_t now_ms, int limit);

  // Work for the commit queue. `now`: ISO 8601, `unix_now`: seconds (for the outbox).
  static CommitQueue::Work create_listing(NewListing listing, std::string now, std::int64_t unix_now,
                                          std::vector<Notice> notices, std::shared_ptr<ListingId> id);
  // Adds the account to the open listing if it still has `players_before` players; with `start`,
  // that join fills it and the game is created in the same transaction, its seats given to the
  // players as `seats` says.
  static CommitQueue::Work join_listing(ListingId listing, std::int64_t account, std::optional<std::string> role,
                                        std::size_t players_before, std::optional<NewGame> start,
                                        std::map<std::string, std::int64_t> seats, std::string now,
                                        std::int64_t unix_now, std::vector<Notice> notices,
                                        std::shared_ptr<ListingChange> result);
  // The join that fills a listing whose sides are bid for: the bidding begins (no game yet).
  static CommitQueue::Work join_listing_to_bid(ListingId listing, std::int64_t account, std::size_t players_before,
                                               NewBidding bidding, std::string now, std::int64_t unix_now,
                                               std::vector<Notice> notices, std::shared_ptr<ListingChange> result);
  // Adds `acts` to the bidding if it is not over and has `bids_before` bids; the next deadline,
  // or with `start` the bidding is over and the game created with its seats in the same
  // transaction.
  static CommitQueue::Work add_bids(ListingId listing, std::size_t bids_before, std::vector<bidding::Act> acts,
                                    std::optional<std::int64_t> deadline_ms, std::optional<NewGame> start,
                                    std::map<std::string, std::int64_t> seats, std::string now, std::int64_t unix_now,
                                    std::vector<Notice> notices, std::shared_ptr<ListingChange> result);
  // From status open: to `status` (cancelled, declined), or a new invitee (none: withdrawn).
  static CommitQueue::Work close_listing(ListingId listing, std::string status, std::string now,
                                         std::shared_ptr<ListingChange> result);
  static CommitQueue::Work set_invitee(ListingId listing, std::optional<std::int64_t> invitee, std::string now,
                                       std::int64_t unix_now, std::vector<Notice> notices,
                                       std::shared_ptr<ListingChange> result);

 private:
  std::vector<ListingRecord> listings_where(const std::string& where, const std::vector<std::string>& texts,
                                            const std::vector<std::int64_t>& numbers, int limit);
  std::vector<PlayerSeat> game_players_locked(GameId game);
  std::optional<BiddingRecord> bidding_where(const char* where, std::int64_t id);

  std::mutex mutex_;
  Connection db_;
};

}  // namespace warpath::server::storage
