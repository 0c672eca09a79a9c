#pragma once
// The tournament director's rules, as pure functions of a tournament as stored: given its format,
// its players and the rounds and results so far, what the next round is (or that there is none),
// and the standings. The clock-scheduler job that applies them (server/api/tournament_director)
// reads the tournament, calls these, and stores what comes back; it keeps nothing in memory.
//
// Formats (docs/PROTOCOL.md, "Tournaments"):
//   round_robin        players snake-seeded into pools of about `pool_size` (pools = ceil(n / size)),
//                      each pool's Berger schedule played one round at a time, all pools at once;
//   swiss              `rounds` Swiss rounds (swiss.hpp), withdrawn players left out;
//   swiss_elimination  the Swiss rounds, then single elimination of the top `playoff` (4 or 8; fewer
//                      when fewer are left: the largest power of two) by the Swiss standings;
//   elimination        a bracket seeded by rating, byes to the top seeds; with `mulligan`, round 2 is
//                      the second chance of round 1's losers and round 3 a fresh bracket of everyone
//                      still in (elimination.hpp).
// Results: a pairing's outcome from its seats (first, second); a drawn elimination game (a title
// without a tournament draw winner) sends the better seed through. A pairing with a withdrawn
// player is decided at once for the other (a forfeit). Score: win 1, draw ½, loss 0, bye 1.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/tournaments/results.hpp"
#include "server/tournaments/standings.hpp"

namespace warpath::server::tournaments {

struct FormatConfig {
  std::string kind;  // round_robin, swiss, swiss_elimination, elimination
  int rounds = 0;    // swiss, swiss_elimination
  int pool_size = 0;
  int playoff = 0;
  bool mulligan = false;
  bool balanced = false;  // sides given by the pairing (else bid for)
};

struct EntrantState {
  PlayerId id = 0;
  int seed = 0;  // 1 = best
  double rating = 1500;
  bool withdrawn = false;
};

struct PairingState {
  int round = 0;
  PlayerId player1 = 0;
  std::optional<PlayerId> player2;  // none: a bye
  std::optional<int> pool;
  std::optional<PlayerId> first;  // the seats, once known
  std::optional<PlayerId> second;
  std::optional<Outcome> outcome;  // none: undecided; a bye: first_wins
  bool forfeit = false;
  bool bye() const { return !player2.has_value(); }
};

struct RoundState {
  int number = 0;
  std::string stage;  // pool, swiss, playoff, elimination, mulligan
  bool finished = false;
};

struct TournamentState {
  FormatConfig format;
  std::vector<EntrantState> players;  // in seed order
  std::vector<RoundState> rounds;     // in order
  std::vector<PairingState> pairings;
};

struct PlannedPairing {
  PlayerId player1 = 0;
  std::optional<PlayerId> player2;  // none: a bye
  std::optional<int> pool;
  bool sides_fixed = false;  // balanced sides: player1 takes the first seat
  // Decided at once: a bye, or a forfeit against a withdrawn player (first_wins: player1 wins).
  std::optional<Outcome> decided;
};

struct PlannedRound {
  std::string stage;
  std::string name;  // "Round 2", "Pool round 3", "Quarter-final", "Semi-final", "Final", "Second chance"
  std::vector<PlannedPairing> pairings;
  std::optional<int> rounds_planned;  // the total, when this round makes it known
};

struct NoMoreRounds {};

// The rounds a format plays with `players` entrants, when known before it starts (elimination:
// once seeded, which is at the start).
std::optional<int> planned_rounds(const FormatConfig& format, int players);

// What comes after the rounds so far (all finished): the next round, or none (the tournament is
// over). Bad state (a player unknown, a pairing that cannot be) is an InputError.
std::variant<PlannedRound, NoMoreRounds, InputError> next_round(const TournamentState& state);

// The winner of a decided two-player pairing (a draw: the better seed), or of a bye.
std::optional<PlayerId> pairing_winner(const TournamentState& state, const PairingState& pairing);

// A title's result mapped to the seats: `winner` a role (none: a draw); a draw counts for
// `draw_winner` when the title names one (Wilderness War 13.14: the French).
Outcome seat_outcome(const std::optional<std::string>& winner, const std::string& first_role,
                     const std::optional<std::string>& draw_winner);

struct StandingRow {
  PlayerId id = 0;
  int rank = 0;
  double score = 0;
  int played = 0, wins = 0, draws = 0, losses = 0, byes = 0;
  std::vector<double> tiebreaks;  // in the order of Standings::tiebreaks
  bool withdrawn = false;
  std::optional<int> pool;
  bool eliminated = false;
};

struct Standings {
  std::vector<TieBreak> tiebreaks;
  std::vector<StandingRow> rows;
};

// The standings (docs/PROTOCOL.md): pools by Sonneborn-Berger within each pool; Swiss by
// Buchholz then median-Buchholz (Swiss-elimination: the playoff's placings first once played);
// elimination by the round reached.
std::variant<Standings, InputError> standings(const TournamentState& state);

// The crosstable's input for the standings and the TRF: every decided pairing so far.
TournamentResults tournament_results(const TournamentState& state);

}  // namespace warpath::server::tournaments
