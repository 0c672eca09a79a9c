#pragma once
// Round-robin pools: every player of a pool meets every other exactly once.
//
// The schedule is the circle method behind the Berger tables: with n players (n even; an odd
// pool gets a phantom player, and meeting the phantom is that round's bye), the last player stays
// put and the others turn one place each round. In round r (0-based, of n-1 rounds), with
// m = n-1 and players indexed by seed 0..n-1:
//   - the fixed player n-1 meets player r, taking the first seat in odd rounds;
//   - for each table t = 1..n/2-1, player (r+t) mod m meets player (r-t) mod m, and (r+t) mod m
//     takes the first seat when t is odd, the second when t is even.
// Why sides balance: a turning player x meets, over the m rounds, every offset d = (x-r) mod m
// once; offsets 1..(m-1)/2 and their mirror images give it (m-1)/2 first seats and (m-1)/2 second
// seats, and its one game against the fixed player adds one more of either: its first-seat and
// second-seat counts differ by at most one (and by none in an odd pool, where the fixed player is
// the phantom). The fixed player alternates, so it too is within one. Each turning player's sides
// also alternate from round to round, except around its game against the fixed player.
//
// Pools: a field split into pools by the snake (seeds 1..k into pools 1..k, seeds k+1..2k into
// pools k..1, and so on), so the pools' strengths stay close.

#include <variant>
#include <vector>

#include "server/tournaments/pairing.hpp"

namespace warpath::server::tournaments {

// The full schedule of one pool, `players` in seed order (best first): n-1 rounds for an even
// pool, n rounds (one bye each) for an odd one. Fewer than two players: no rounds. A player listed
// twice: an InputError.
std::variant<std::vector<ScheduledRound>, InputError> round_robin_schedule(const std::vector<PlayerId>& players);

// The field (ranked, best first) split into `pool_count` pools by the snake; pool sizes differ by
// at most one. Fewer than one pool: an InputError.
std::variant<std::vector<std::vector<PlayerId>>, InputError> snake_pools(const std::vector<PlayerId>& ranked,
                                                                         int pool_count);

}  // namespace warpath::server::tournaments
