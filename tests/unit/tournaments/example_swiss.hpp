#pragma once
// The five-player Swiss that the standings and TRF tests work by hand (ids 11-15, starting ranks
// 1-5), three rounds:
//   round 1: 11-12 1-0, 13-14 ½-½, 15 pairing bye
//   round 2: 15-11 0-1, 12-13 ½-½, 14 pairing bye
//   round 3: 13-11 1-0, 14-15 won by forfeit (15 absent), 12 pairing bye

#include "server/tournaments/standings.hpp"

namespace warpath::server::tournaments {

inline TournamentResults example_swiss() {
  TournamentResults results;
  results.players = {11, 12, 13, 14, 15};
  results.rounds = 3;
  results.games = {{1, 11, 12, Outcome::first_wins},  {1, 13, 14, Outcome::draw},
                   {2, 15, 11, Outcome::second_wins}, {2, 12, 13, Outcome::draw},
                   {3, 13, 11, Outcome::first_wins},  {3, 14, 15, Outcome::first_wins, true}};
  results.byes = {{1, 15, ByeKind::pairing}, {2, 14, ByeKind::pairing}, {3, 12, ByeKind::pairing}};
  return results;
}

}  // namespace warpath::server::tournaments
