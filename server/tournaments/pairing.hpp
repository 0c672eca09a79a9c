#pragma once
// Tournament pairing: the plain types every format shares, and the formats themselves.
//
// Pairing is a pure library: no database, no sockets, no clock. The caller (the tournament
// service) passes the players, their ratings and the results so far, and stores what comes back.
// What a result means for the title (in Wilderness War a drawn game counts as a French win, 13.14)
// is the caller's business: the pairing takes results as win/loss/draw exactly as stated.
//
// The formats, each in its own header (each includes this one):
//   round_robin.hpp  round-robin pools (Berger tables), and a snake split of a field into pools;
//   swiss.hpp        Swiss rounds, each an exact maximum-weight perfect matching (matching.hpp);
//   elimination.hpp  seeded single-elimination brackets, the optional mulligan round, and the
//                    playoff of a Swiss-elimination (the top 4 or 8 of the Swiss standings).

#include <cstdint>
#include <optional>
#include <vector>

namespace warpath::server::tournaments {

// A player as the tournament knows them (the caller's account or entry id).
using PlayerId = std::int64_t;

// The two seats of a two-player title (Wilderness War: the title maps them to its sides).
enum class Side { first, second };

// How a game ended, as the caller states it.
enum class Result { first_won, second_won, draw };

// One game to play: `first` takes the first seat, `second` the second.
struct Game {
  PlayerId first = 0;
  PlayerId second = 0;
  friend bool operator==(const Game&, const Game&) = default;
};

// One round of a fixed schedule (a round-robin pool): the games and who sits out.
struct ScheduledRound {
  std::vector<Game> games;
  std::optional<PlayerId> bye;
};

}  // namespace warpath::server::tournaments
