#pragma once
// Scripted random players for integration tests: every seat of a game connected over WebSocket
// with its account's session, each move chosen uniformly among the actions the server lists for
// the seat that may act (never `undo`; resigning is not an action), until the game is over. Many
// games at once, one thread each. Reproducible: each game's choices come from its own RNG seeded
// from the run's seed and the game's index, and the seats are brought to the same version before
// every choice, so a run with the same seed against the same games (same game seeds) makes the
// same moves. A game that is not over after `max_moves` is a failure (a stuck game is a bug), as
// is one in which nobody may act for `idle` while it is not over.
//
// Nothing here asserts: the outcome of each game (with an error text when it failed) goes back to
// the calling test, which checks it on its own thread.

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tests/integration/harness.hpp"

namespace warpath::test {

// Who plays which role of a game.
struct SeatOwner {
  User user;
  std::string role;
};

struct GameToPlay {
  std::int64_t id = 0;
  std::vector<SeatOwner> seats;  // every role of the game
  // Leave the game (still going) after this many moves of ours: for games decided by a deadline.
  std::optional<int> stop_after;
};

struct RandomPlayLimits {
  int max_moves = 20'000;  // a game still going after this many moves fails the run
  // The side to move resigns (POST /api/games/{id}/resign) after this many moves: to keep
  // slow (sanitizer) builds short. nullopt: play to the natural end.
  std::optional<int> resign_after;
  std::chrono::milliseconds idle{30'000};  // nobody may act and nothing changes this long: stuck
};

struct RandomGameOutcome {
  std::int64_t game = 0;
  std::uint64_t seed = 0;  // this game's RNG seed
  int moves = 0;           // actions of ours the server accepted
  int stale = 0;           // actions refused as stale or out of turn (the game moved on meanwhile)
  int resyncs = 0;         // gaps and hash mismatches recovered from by resync
  bool over = false;       // the game has ended (by the rules, a resignation, a deadline, ...)
  bool resigned = false;   // we resigned it (resign_after)
  bool stopped = false;    // left going after stop_after moves
  double seconds = 0;      // wall time
  nlohmann::json result;   // the game's `result` once over (GET /api/games/{id})
  std::string error;       // empty when the game was played as asked
};

// Plays one game as described above; `seed` is the game's own RNG seed.
RandomGameOutcome play_random_game(Harness& h, const GameToPlay& game, std::uint64_t seed,
                                   const RandomPlayLimits& limits = {});

// Plays every game at once, one thread per game; game i uses the RNG seed `seed` + i.
std::vector<RandomGameOutcome> play_random_games(Harness& h, const std::vector<GameToPlay>& games, std::uint64_t seed,
                                                 const RandomPlayLimits& limits = {});

// Every game still going that one of `users` plays, with each role's account (all of them
// among `users`), from their GET /api/my/games.
std::vector<GameToPlay> running_games_of(const std::vector<User>& users);

// The run's seed: $WARPATH_RANDOM_SEED when set (to repeat a failing run), else `fallback`.
std::uint64_t random_play_seed(std::uint64_t fallback);

}  // namespace warpath::test
