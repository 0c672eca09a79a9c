#pragma once
// Swiss rounds, paired exactly: each round is one maximum-weight perfect matching (matching.hpp)
// of the players, so the pairing is the best one under the rules below, not a greedy
// approximation that can paint itself into a corner in the late rounds.
//
// Scores are counted in half-points: a win 2, a draw 1, a loss 0, a bye `bye_half_points`
// (2 by default: a bye counts as a win). The pairing order is score, then rating, then id.
//
// A round, in order of precedence:
//  1. Hard rules (an edge the matching may not use):
//     - no two players meet twice;
//     - with balanced sides, no player ends more than one game off even: two players who have
//       both had the first seat more often (or both the second more often) cannot meet, since one
//       of them would have to take that seat again.
//  2. The bye (odd number of players): to the lowest player in the pairing order who has not had
//     one and without whom the others can still all be paired; never twice. Nobody eligible:
//     no pairing.
//  3. Among the pairings of everyone else that keep the hard rules, the one that minimises the sum
//     over the pairs of the squared score difference. Score groups are therefore kept whenever
//     they can be, and floaters are as few and as small as possible, small first: squaring makes
//     one float across two points (4) cost more than two floats across one point each (1 + 1).
//  4. Then, with balanced sides, the fewest pairs of two players who want the same seat (a player
//     wants the seat they have had less, or, when even, the other one than last game).
//  5. Then the Dutch idea within each score group: with the group sorted by rating, its top half
//     meets its bottom half in order (1st v (m/2+1)th, 2nd v (m/2+2)th, ...), costed as how far
//     each pair's rank distance is from m/2; a player floating down is best the lowest of its
//     group, a player floating up the highest of its group.
// The criteria are weighted so each strictly dominates the next (the edge weight is a constant
// minus criterion 3 * W2 + criterion 4 * W3 + criterion 5, with W3 above any total of criterion 5
// and W2 above any total of criteria 4 and 5), and the matching maximises the number of pairs
// first, so "no perfect matching" means exactly "no pairing keeps the hard rules": the round says
// so (no_pairing) and the caller decides, e.g. to end the tournament.
//
// Sides. With bidding, the pairing leaves the sides to the bid (`sides_assigned` false; `first` is
// just the higher in the pairing order). With balanced sides, the player who has had the first seat
// less takes it; at equal counts, a player who wants a seat (the other than last game) gets it, the
// higher-placed player first if both want the same; when neither has played yet (round 1), the
// higher-placed player takes the first seat on boards 1, 3, 5, ... and the second on 2, 4, 6, ...
//
// Cost: one O(n^3) matching a round, or a few more when the lowest players cannot take the bye.
// Measured (RelWithDebInfo, one core): 128 players over 9 rounds, about 2.5 ms a round on average
// and 6.5 ms at worst with balanced sides; 256 players, 11 ms on average.

#include <optional>
#include <variant>
#include <vector>

#include "server/tournaments/pairing.hpp"

namespace warpath::server::tournaments {

enum class SideRule { balanced, by_bidding };

struct SwissPlayer {
  PlayerId id = 0;
  double rating = 0;
};

// A game already played, with the seats as they were actually taken.
struct PlayedGame {
  PlayerId first = 0;
  PlayerId second = 0;
  Outcome outcome = Outcome::draw;
};

struct SwissRoundRecord {
  std::vector<PlayedGame> games;
  std::optional<PlayerId> bye;
};

struct SwissRequest {
  // The players to pair this round (a withdrawn player is simply left out; their games stay in
  // the history).
  std::vector<SwissPlayer> players;
  // Every earlier round, in order.
  std::vector<SwissRoundRecord> rounds;
  SideRule sides = SideRule::balanced;
  int bye_half_points = 2;
};

// What the pairing knows of a player: the tallies behind the rules above.
struct SwissStanding {
  PlayerId id = 0;
  double rating = 0;
  int half_points = 0;
  int first_seats = 0;
  int second_seats = 0;
  std::optional<Seat> last_side;
  bool had_bye = false;
  std::vector<PlayerId> opponents;
  // The seat this player wants next (balanced sides), if any.
  std::optional<Seat> wanted_side() const;
};

enum class SwissStatus { paired, no_pairing };

struct SwissPairing {
  PlayerId first = 0;
  PlayerId second = 0;
  bool sides_assigned = false;
};

struct SwissRound {
  SwissStatus status = SwissStatus::paired;
  std::vector<SwissPairing> boards;  // board 1 first: by the higher-placed player of each pair
  std::optional<PlayerId> bye;
  // With no_pairing under balanced sides: true when pairings without a repeat exist but none
  // keeps every player within one game of even sides (the caller may then, e.g., pair that
  // round with sides by bidding, or end the tournament).
  bool blocked_by_side_rule = false;
};

// The request's players with their tallies, in pairing order (score, rating, id). A malformed
// request gets an InputError: a player listed twice, a rating that is not a finite number, a game
// of a player against themselves, a player seated twice in one round (two games, or a game and the
// bye), a bye worth other than 0, 1 or 2 half-points.
std::variant<std::vector<SwissStanding>, InputError> swiss_pairing_order(const SwissRequest& request);

// Whether two players may meet this round (the hard rules above).
bool swiss_may_meet(const SwissStanding& a, const SwissStanding& b, SideRule sides);

// The next round's pairing, or the InputError of swiss_pairing_order (or too many rounds for the
// weights: thousands).
std::variant<SwissRound, InputError> pair_swiss_round(const SwissRequest& request);

}  // namespace warpath::server::tournaments
