#pragma once
// Tournament standings: each player's points, the tie-breaks Sonneborn-Berger (for round-robin
// pools), Buchholz and median-Buchholz (for Swiss), and the ranking order with them. Pure
// functions of the results the caller gives; the tournament report (trf.hpp) reads the same
// crosstable.
//
// Scoring: a win 1, a draw ½, a loss 0; a forfeit counts as a win for the player who was there
// and a loss for the other; a pairing-allocated bye (U) and a full-point bye (F) 1, a half-point
// bye (H) ½, a zero-point bye (Z) 0; a round in which a player has neither a game nor a bye is a
// zero-point bye (absent).
//
// Unplayed rounds in tie-breaks follow the FIDE Handbook's virtual opponent (the tie-break rule
// for unplayed games of 2009; FIDE's later tie-break regulations refine it):
// - A player's unplayed round R (a bye of any kind, a forfeit won or lost, an absence) is a game
//   against a virtual opponent whose score is
//     Svon = SPfR + (1 - SfPR) + ½ (n - R)
//   SPfR being the player's score before round R, SfPR the player's points from round R and n the
//   number of rounds played so far: the virtual opponent starts the round level with the player,
//   gets the other side of the round's result and draws every later round. The round's own result
//   counts as if played (Sonneborn-Berger multiplies it by Svon).
// - An opponent's own unplayed rounds count as draws (½) in the opponent's score used for the
//   player's tie-breaks, so that a player's tie-break does not gain from an opponent's bye or
//   lose from an opponent's absence.
// Buchholz is the sum of the opponents' scores so adjusted, one per round (Svon for unplayed
// rounds); median-Buchholz drops the highest and the lowest of them (nothing is dropped with
// fewer than three rounds); Sonneborn-Berger sums each opponent's adjusted score times the
// player's result against them (1, ½, 0).
//
// Ranking: points, then the tie-breaks in the order given (pools: Sonneborn-Berger; Swiss:
// median-Buchholz, Buchholz, Sonneborn-Berger), all highest first; players equal on all of them
// share a rank and are listed in starting order.

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "server/tournaments/results.hpp"

namespace warpath::server::tournaments {

// A round's game between two players. A forfeit was not played: `outcome` names who was there
// (it cannot be a draw).
struct TournamentGame {
  int round = 1;
  PlayerId first = 0;
  PlayerId second = 0;
  Outcome outcome = Outcome::draw;
  bool forfeit = false;
};

// The TRF's bye codes: U (allotted by the pairing, a full point), F (full point), H (half point),
// Z (zero points: a known absence, or a round-robin's free round).
enum class ByeKind : std::uint8_t { pairing, full, half, zero };

struct TournamentBye {
  int round = 1;
  PlayerId player = 0;
  ByeKind kind = ByeKind::pairing;
};

struct TournamentResults {
  std::vector<PlayerId> players;  // in starting-rank order (rank 1 first)
  int rounds = 0;                 // rounds played so far
  std::vector<TournamentGame> games;
  std::vector<TournamentBye> byes;
};

// What one round was for one player.
struct RoundCard {
  enum class Kind : std::uint8_t { game, forfeit, bye, absent };
  Kind kind = Kind::absent;
  std::optional<std::size_t> opponent;  // the opponent's index in `players` (games and forfeits)
  std::optional<Seat> seat;             // the player's seat (games and forfeits)
  std::optional<ByeKind> bye;           // byes
  double points = 0;                    // the player's points from the round
  bool played() const { return kind == Kind::game; }
};

// rows[i][r - 1]: player i's round r.
struct Crosstable {
  std::vector<PlayerId> players;
  int rounds = 0;
  std::vector<std::vector<RoundCard>> rows;
};

// The crosstable of checked results: a player unknown or listed twice, a round out of 1..rounds,
// a player twice in a round, a player against themselves or a drawn forfeit is refused.
std::variant<Crosstable, InputError> build_crosstable(const TournamentResults& results);

enum class TieBreak : std::uint8_t { sonneborn_berger, buchholz, median_buchholz };

inline const std::vector<TieBreak> pool_tie_breaks{TieBreak::sonneborn_berger};
inline const std::vector<TieBreak> swiss_tie_breaks{TieBreak::median_buchholz, TieBreak::buchholz,
                                                    TieBreak::sonneborn_berger};

double points(const Crosstable& table, std::size_t player);
double tie_break(const Crosstable& table, std::size_t player, TieBreak kind);

struct Standing {
  PlayerId player = 0;
  int starting_rank = 0;  // 1-based
  double points = 0;
  std::vector<double> tie_breaks;  // in the order asked for
  int rank = 0;                    // 1-based, shared by players equal on everything
};

// The standings, best first.
std::vector<Standing> rank_players(const Crosstable& table, const std::vector<TieBreak>& order);

}  // namespace warpath::server::tournaments
