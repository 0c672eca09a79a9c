#pragma once
// Tournament pairing: the plain types every format shares, and the formats themselves.
//
// Pairing is a pure library: no database, no sockets, no clock. The caller (the tournament
// service) passes the players, their ratings and the results so far, and stores what comes back.
// What a result means for the title (in Wilderness War a drawn game counts as a French win, 13.14)
// is the caller's business: the pairing takes outcomes exactly as stated.
//
// The formats, each in its own header (each includes this one):
//   round_robin.hpp  round-robin pools (Berger tables), and a snake split of a field into pools;
//   swiss.hpp        Swiss rounds, each an exact maximum-weight perfect matching (matching.hpp);
//   elimination.hpp  seeded single-elimination brackets, the optional mulligan round, and the
//                    playoff of a Swiss-elimination (the top 4 or 8 of the Swiss standings).

#include <optional>
#include <vector>

#include "server/tournaments/results.hpp"

namespace warpath::server::tournaments {

// PlayerId, the two seats (Seat), a game's Outcome and the InputError every entry point answers
// bad data with are the ones the ratings and standings use (results.hpp).

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
