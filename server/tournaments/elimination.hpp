#pragma once
// Single-elimination brackets: seeded, with byes, an optional mulligan round, and the playoff of a
// Swiss-elimination.
//
// Seeding. A bracket of size P (the power of two at or above the number of entrants N) lays the
// seeds out in the standard order, built by doubling: [1], then [1,2], then [1,4,2,3], then
// [1,8,4,5,2,7,3,6], ... (each seed s of the order for P/2 is followed by P+1-s). Adjacent
// positions meet in the first round, so seeds s and P+1-s meet, and seeds 1 and 2 can only meet
// in the final. A seed above N is a bye: the byes fall to the top P-N seeds.
//
// Later rounds go by bracket position: the winners of slots 2k and 2k+1 meet in slot k of the next
// round, whatever their seeds.
//
// Swiss-elimination: the Swiss rounds (swiss.hpp), then a playoff of the top 4 or 8 of the Swiss
// standings, ranked by the caller (tie-breaks are theirs): 1 v 8, 4 v 5, 2 v 7, 3 v 6 (or 1 v 4,
// 2 v 3), then by bracket position as above.
//
// The mulligan (optional): a second chance for round 1's losers, kept simple.
//   1. Round 1 is the seeded bracket of all N entrants (byes to the top seeds).
//   2. The mulligan is a single round of round 1's losers among themselves, folded by original
//      seed: the best-seeded loser meets the worst, the second the second-worst, and so on. With
//      an odd number of losers the worst-seeded one is out without playing it: a player who has
//      just lost gets no free pass back in. A mulligan loser is out.
//   3. Round 2 is a fresh seeded bracket of everyone still in (round 1's winners and bye holders,
//      the mulligan's winners), again by original seed, with byes to the top seeds when their
//      number is not a power of two. From there on the bracket is fixed and goes by position.
// Why re-seed at round 2 rather than slot the mulligan winners into fixed places: the number of
// survivors (winners, byes and second-chance winners) is rarely a power of two, and a re-seeded
// bracket handles every N the same way, keeps the byes with the top seeds, and needs no table.
// Round 1's games eliminate nobody and every later game its loser (plus the odd loser out of the
// mulligan), so a field of N plays (N - 1) + (round 1's games) games in all, one fewer when round
// 1 has an odd number of games.
//
// Sides are not the bracket's business: the caller gives them by bid, or by its own rule; `top` is
// the better seed of a slot.

#include <optional>
#include <variant>
#include <vector>

#include "server/tournaments/pairing.hpp"

namespace warpath::server::tournaments {

// A player in a bracket, with their seed (1 = best) for the whole event.
struct Entrant {
  PlayerId id = 0;
  int seed = 0;
  friend bool operator==(const Entrant&, const Entrant&) = default;
};

// One slot of a round: `top` meets `bottom`; without a bottom, `top` has a bye and goes through.
struct BracketSlot {
  Entrant top;
  std::optional<Entrant> bottom;
};

// A round's slots in bracket order.
using BracketRound = std::vector<BracketSlot>;

// The seeds 1..size in bracket order. A precondition, not caller data: size must be a power of two
// (std::invalid_argument otherwise).
std::vector<int> bracket_seed_order(int size);

// The first round of a seeded bracket of `entrants` (any order; they are seeded by `seed`, lowest
// best). One entrant: one slot with a bye. Empty, or a player or seed listed twice: an InputError.
std::variant<BracketRound, InputError> seeded_round(std::vector<Entrant> entrants);

// The next round from the winners of a round's slots, in that round's bracket order (a bye holder
// counts as the winner of their slot). An even number of winners, or one (the event is won: no
// round); otherwise an InputError.
std::variant<BracketRound, InputError> next_round(const std::vector<Entrant>& winners);

// The playoff of a Swiss-elimination: the first `size` players of `ranking` (best first) seeded
// 1..size. size must be a power of two from 2 to the ranking's length (an InputError otherwise).
std::variant<BracketRound, InputError> playoff_round(const std::vector<PlayerId>& ranking, int size);

// The mulligan round: round 1's losers among themselves, folded by original seed, and the odd one
// out (eliminated) when they are odd. No losers: no games. A player or seed listed twice: an
// InputError.
struct MulliganRound {
  BracketRound games;  // every slot has both players
  std::optional<Entrant> eliminated;
};
std::variant<MulliganRound, InputError> mulligan_round(std::vector<Entrant> round_one_losers);

// Round 2 after a mulligan: a fresh seeded bracket of everyone still in.
std::variant<BracketRound, InputError> round_after_mulligan(const std::vector<Entrant>& survivors);

}  // namespace warpath::server::tournaments
