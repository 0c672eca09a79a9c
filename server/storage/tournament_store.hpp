#pragma once
// Tournaments as stored (schema/013_tournaments.sql): the events, their registrations, rounds and
// pairings, and the organiser role of an account. Reads on their own connection; writes as work
// for the commit queue, each checking in its transaction that the tournament is still as the
// caller saw it (two players racing for the last place: one gets it, the other is told it is
// full; the director run twice pairs a round once). Policy (who may do what, what comes next) is
// the caller's: the routes' and the director's (server/tournaments/director.hpp).

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/storage/notification_store.hpp"

namespace warpath::server::storage {

using TournamentId = std::int64_t;

struct TournamentRecord {
  TournamentId id = 0;
  std::string name;
  std::int64_t organiser = 0;
  std::string organiser_name;
  std::string title;
  std::string scenario;
  nlohmann::json options = nlohmann::json::object();
  nlohmann::json time_control;  // null: untimed
  nlohmann::json sides;         // {"mode", "favoured"?}
  nlohmann::json format;        // {"kind", ...}
  std::string status = "registration";
  std::string registration_closes;
  std::int64_t registration_closes_ms = 0;
  int min_players = 2;
  int max_players = 2;
  int round_hours = 1;
  std::optional<int> rounds_planned;
  std::string created_at;
  std::optional<std::string> started_at;
  std::optional<std::string> finished_at;
  int round = 0;    // the latest round paired
  int players = 0;  // registered (withdrawn ones too)
};

struct NewTournament {
  std::string name;
  std::int64_t organiser = 0;
  std::string title;
  std::string scenario;
  nlohmann::json options = nlohmann::json::object();
  nlohmann::json time_control;
  nlohmann::json sides;
  nlohmann::json format;
  std::string registration_closes;
  std::int64_t registration_closes_ms = 0;
  int min_players = 2;
  int max_players = 2;
  int round_hours = 1;
  std::optional<int> rounds_planned;
};

struct TournamentPlayerRecord {
  std::int64_t account = 0;
  std::string name;
  std::optional<int> seed;  // fixed at the start
  double rating = 1500;     // seeded with (before the start: the current rating)
  double deviation = 350;   // the current one
  bool withdrawn = false;
  std::string registered_at;
};

struct RoundRecord {
  int number = 0;
  std::string stage;
  std::string name;
  std::string paired_at;
  std::int64_t deadline_ms = 0;
  std::optional<std::string> finished_at;
};

struct PairingRecord {
  int round = 0;
  int table = 0;
  std::int64_t player1 = 0;
  std::optional<std::int64_t> player2;  // none: a bye
  std::optional<int> pool;
  std::optional<std::int64_t> listing;
  std::optional<std::int64_t> game;  // the listing's, once begun
  std::optional<std::int64_t> first;
  std::optional<std::int64_t> second;
  std::optional<std::string> outcome;  // first, second, draw, bye; none: undecided
  std::optional<std::string> how;
  nlohmann::json score;
  bool forfeit = false;
  std::optional<std::int64_t> withdrawn_by;
  bool decided() const { return outcome.has_value(); }
};

// A pairing to store with its round: the players and, for a game, `open`, which creates its
// listing (with the bidding begun or the game started: the lobby's work, run in the round's
// transaction) and returns the listing's id, which then names the tournament; or a result known at
// once (a bye, a forfeit).
struct NewPairing {
  std::int64_t player1 = 0;
  std::optional<std::int64_t> player2;
  std::optional<int> pool;
  std::function<std::int64_t(WriteContext&)> open;  // none: no game
  std::optional<std::string> outcome;               // decided at once: "bye", or "first" (player1 wins) by forfeit
  std::optional<std::string> how;
  std::optional<std::int64_t> first;
  std::optional<std::int64_t> second;
};

struct NewRound {
  int number = 0;
  std::string stage;
  std::string name;
  std::int64_t deadline_ms = 0;
  std::vector<NewPairing> pairings;
  std::optional<int> rounds_planned;  // known now (elimination once seeded)
};

// The seat in a tournament whose pairing a listing or game is.
struct TournamentSeat {
  TournamentId id = 0;
  std::string name;
  int round = 0;
  int table = 0;
};

// What a change came to: done, or why not (as the transaction saw the tournament).
enum class TournamentChange {
  done,
  not_found,
  registration_closed,
  full,
  already_registered,
  not_registered,
  started,
  stale,  // not as the caller saw it (another change came first)
};

struct TournamentGame {
  std::map<std::string, std::int64_t> seats;  // role -> account
  nlohmann::json options;
};

class TournamentStore {
 public:
  explicit TournamentStore(const std::string& path);

  std::optional<TournamentRecord> tournament(TournamentId id);
  // Newest first; empty status: any.
  std::vector<TournamentRecord> tournaments(const std::string& status, int limit);
  // Registration still open whose close is `now_ms` or earlier; running ones.
  std::vector<TournamentId> due_to_start(std::int64_t now_ms);
  std::vector<TournamentId> running();
  // In seed order once seeded, else by current rating (of the title; 1500 when unrated), then
  // registration order.
  std::vector<TournamentPlayerRecord> players(TournamentId id);
  std::vector<RoundRecord> rounds(TournamentId id);
  std::vector<PairingRecord> pairings(TournamentId id);
  // The begun games of a tournament's pairings: who sits in each role and the game's options (its
  // bid), read in two queries whatever the number of pairings (the rounds page polls them).
  std::map<std::int64_t, TournamentGame> games(TournamentId id);
  std::optional<TournamentSeat> of_listing(std::int64_t listing);
  std::optional<TournamentSeat> of_game(std::int64_t game);
  bool is_organiser(std::int64_t account);

  // Work for the commit queue. `now`: ISO 8601, `unix_now`: seconds (for the outbox).
  static CommitQueue::Work create(NewTournament t, std::string now, std::shared_ptr<TournamentId> id);
  static CommitQueue::Work register_player(TournamentId id, std::int64_t account, std::string now,
                                           std::shared_ptr<TournamentChange> result);
  // During registration: removed; while running: marked withdrawn, each undecided pairing of
  // theirs that has no game yet lost by forfeit (its bidding closed), and the ones with a game
  // noted as theirs to resign (`games`: those games).
  static CommitQueue::Work withdraw_player(TournamentId id, std::int64_t account, std::string now,
                                           std::shared_ptr<TournamentChange> result,
                                           std::shared_ptr<std::vector<std::int64_t>> games);
  // Registration to running with the seeds fixed (account, seed, rating), or to cancelled.
  struct Seed {
    std::int64_t account = 0;
    int seed = 0;
    double rating = 1500;
  };
  static CommitQueue::Work start(TournamentId id, std::vector<Seed> seeds, std::string now, std::int64_t unix_now,
                                 std::vector<Notice> notices, std::shared_ptr<TournamentChange> result);
  static CommitQueue::Work cancel(TournamentId id, std::string now, std::int64_t unix_now, std::vector<Notice> notices,
                                  std::shared_ptr<TournamentChange> result);
  // The round and its pairings (their listings, biddings and games) if the latest round is still
  // `round.number - 1`.
  static CommitQueue::Work pair_round(TournamentId id, NewRound round, std::string now, std::int64_t unix_now,
                                      std::vector<Notice> notices, std::shared_ptr<TournamentChange> result);
  // A pairing's result, if still undecided.
  static CommitQueue::Work decide(TournamentId id, int round, int table, std::string outcome, std::string how,
                                  nlohmann::json score, std::optional<std::int64_t> first,
                                  std::optional<std::int64_t> second, std::string now);
  static CommitQueue::Work finish_round(TournamentId id, int round, std::string now);
  static CommitQueue::Work finish(TournamentId id, std::string now, std::int64_t unix_now, std::vector<Notice> notices);

  // The organiser role, written directly (the operator's command, also while the server runs);
  // false when no live account has the name.
  static bool set_organiser(const std::string& db_path, const std::string& name, bool organiser);

 private:
  std::vector<TournamentRecord> tournaments_where(const std::string& where, const std::vector<std::string>& texts,
                                                  const std::vector<std::int64_t>& numbers, int limit);
  std::optional<TournamentSeat> seat_where(const char* where, std::int64_t id);

  std::mutex mutex_;
  Connection db_;
};

}  // namespace warpath::server::storage
