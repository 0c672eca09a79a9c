#pragma once
// Ratings per title: Glicko-2 (Glickman, "Example of the Glicko-2 system") with a side term, so
// that a rating measures the player and not the side they drew or the bid they paid; the
// estimate of each scenario's first-seat advantage and of the rating value of one VP from all
// rated results so far; the fair-bid hint; and the rating book that folds stored results in order
// (`recompute` rebuilds every rating from them). docs/RATINGS.md gives the formulas and a worked
// example.
//
// The model. The expected score of the first seat is
//   E = 1 / (1 + exp(-g(φ) (μ_first - μ_second + d))),   d = (A_s ± V·vp) / 173.7178,
// where A_s is the first seat's advantage in scenario s and V the value of one VP, both in rating
// points, and the bid's vp counts + when it favours the first seat and - when it favours the
// second. For Wilderness War this is D = R_French - R_British + A_s - V·bid for a bid given to
// the British.
//
// Choices (documented in docs/RATINGS.md):
// - A rating period is one game: when a rated game ends, both players are updated from their
//   ratings before it (the server rates a game as it ends, and a correspondence game takes weeks).
//   `glicko2_update` itself takes any batch, which is how Glickman's example is checked. No
//   deviation is added for time without games (the caller may add periods later).
// - A_s and V are estimated per title by one penalised logistic fit of the first seat's results
//   on the rating difference before each game (an offset), a per-scenario constant (A_s, prior
//   N(0, 100²)) and the signed bid (V, prior N(50, 25²)): with few games the priors dominate, and
//   V stays at its prior until bids are seen.
// - Results are the caller's: a timeout or a resignation is a loss; Wilderness War's draws are
//   French (first-seat) wins in tournaments (13.14), mapped by the caller before calling.
//
// Everything is a pure function of its arguments: no clock, no storage.

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/tournaments/results.hpp"

namespace warpath::server::tournaments {

// Glicko-2's scale factor between rating points and its internal scale (μ = (r - 1500) / 173.7178).
inline constexpr double glicko2_scale = 173.7178;

struct Rating {
  double rating = 1500;
  double deviation = 350;  // RD
  double volatility = 0.06;
  int games = 0;  // rated games played

  bool operator==(const Rating&) const = default;
};

struct Glicko2Params {
  double tau = 0.5;       // constrains the change of volatility (Glickman: 0.3 to 1.2)
  double epsilon = 1e-6;  // the volatility iteration's convergence tolerance
  Rating initial = {};    // a player's rating before their first rated game
};

// One game of a rating period, from the rated player's side: the opponent's rating before the
// period, the player's score (1, ½ or 0) and the side term in rating points in the player's
// favour (positive when the player's seat and bid help them).
struct PeriodGame {
  Rating opponent;
  double score = 0;
  double side = 0;
};

// Glicko-2's step 3 expectation with the side term: 1 / (1 + exp(-g(φ_j)(μ - μ_j + side/173.7178))).
double expected_score(const Rating& player, const Rating& opponent, double side = 0);

// Glickman's steps 2-8 for one player over one rating period. With no games only the deviation
// grows (step 6). The volatility is found by the Illinois algorithm (step 5).
Rating glicko2_update(const Rating& player, const std::vector<PeriodGame>& games, const Glicko2Params& params = {});

// The side term of a title's scenario, in rating points.
struct SideModel {
  double advantage = 0;  // A_s: the first seat's advantage
  double vp_value = 0;   // V: the rating value of one VP

  bool operator==(const SideModel&) const = default;
};

// d in rating points for the first seat: A_s + V·vp if the bid favours the first seat, A_s - V·vp
// if it favours the second.
double side_points(const SideModel& side, const std::optional<Bid>& bid);

// The first seat's expected score before a game, for predictions (the fair bid, the estimate):
// Glicko's combined uncertainty, 1 / (1 + exp(-g(sqrt(φ1² + φ2²)) (μ1 - μ2 + d))).
double predicted_first_score(const Rating& first, const Rating& second, double side_points);

// The whole-VP bid that brings the first seat's predicted score closest to ½: no bid when none
// helps (or V is not positive), else the bid and the seat it favours. Halfway ties take the
// smaller bid.
struct FairBid {
  std::optional<Bid> bid;
  double first_score = 0.5;  // the predicted first-seat score with that bid
};
FairBid fair_bid(const Rating& first, const Rating& second, const SideModel& side);

// The estimate of A_s and V. Priors are in rating points.
struct SidePriors {
  double advantage_sd = 100;
  double vp_value_mean = 50;
  double vp_value_sd = 25;
};

// A rated game as the estimate sees it: both ratings before the game.
struct RatedGame {
  std::string scenario;
  Rating first;
  Rating second;
  std::optional<Bid> bid;
  Outcome outcome = Outcome::draw;
};

struct SideEstimate {
  std::map<std::string, double> advantage;  // A_s of each scenario seen
  double vp_value = 0;                      // V

  // A scenario never played has A_s = 0 (its prior).
  SideModel model(const std::string& scenario) const;
};

// The penalised maximum-likelihood fit over one title's games (Newton's method with step halving;
// the objective is concave, so the answer is unique). `start` warm-starts the iteration.
SideEstimate estimate_side(const std::vector<RatedGame>& games, const SidePriors& priors = {},
                           const SideEstimate* start = nullptr);

// A finished rated game as the server stores it.
struct GameRecord {
  std::string title;
  std::string scenario;
  PlayerId first = 0;
  PlayerId second = 0;
  std::optional<Bid> bid;
  Outcome outcome = Outcome::draw;
};

// What one game did to the ratings.
struct RatingChange {
  GameRecord game;
  SideModel side;  // the title's estimate before the game
  Rating first_before, second_before;
  Rating first_after, second_after;
};

struct RatingParams {
  Glicko2Params glicko;
  SidePriors priors;
};

// Every player's rating per title and each title's side estimate, after the games applied so far.
class RatingBook {
 public:
  explicit RatingBook(RatingParams params = {}) : params_(params) {}

  // Rates one game from both players' ratings before it and the title's side estimate from the
  // games before it, then updates the estimate. Bad input (an empty title or scenario, a player
  // against themselves, a negative bid) is refused and changes nothing.
  std::variant<RatingChange, InputError> apply(const GameRecord& game);

  // The player's rating in the title (the initial rating if they have not played it).
  Rating rating(const std::string& title, PlayerId player) const;
  // The side term the next game of this title and scenario would be rated with.
  SideModel side(const std::string& title, const std::string& scenario) const;
  const std::map<std::pair<std::string, PlayerId>, Rating>& ratings() const { return ratings_; }
  const std::vector<RatingChange>& changes() const { return changes_; }

 private:
  RatingParams params_;
  std::map<std::pair<std::string, PlayerId>, Rating> ratings_;
  std::map<std::string, std::vector<RatedGame>> history_;  // per title
  std::map<std::string, SideEstimate> estimates_;          // per title
  std::vector<RatingChange> changes_;
};

// Rebuilds every rating from the stored results in the order given (the order they ended). The
// first bad result is refused with its index (results[i]).
std::variant<RatingBook, InputError> recompute(const std::vector<GameRecord>& results, const RatingParams& params = {});

}  // namespace warpath::server::tournaments
