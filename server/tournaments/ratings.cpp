// Glicko-2 with a side term, the side estimate, the fair bid and the rating book (see ratings.hpp
// and docs/RATINGS.md).
#include "server/tournaments/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace warpath::server::tournaments {

namespace {

constexpr double pi = std::numbers::pi;

double mu_of(const Rating& r) { return (r.rating - 1500.0) / glicko2_scale; }
double phi_of(const Rating& r) { return r.deviation / glicko2_scale; }

// Glickman's g(φ): how much an opponent's uncertainty damps what a result says.
double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (pi * pi)); }

double logistic(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// log σ(z), without overflow for large |z|.
double log_logistic(double z) { return z >= 0 ? -std::log1p(std::exp(-z)) : z - std::log1p(std::exp(z)); }

double signed_vp(const std::optional<Bid>& bid) {
  if (!bid) return 0;
  return bid->favours == Seat::first ? bid->vp : -bid->vp;
}

// Step 5: the new volatility σ', the root of f by the Illinois algorithm.
double new_volatility(double sigma, double phi, double v, double delta, const Glicko2Params& params) {
  const double a = std::log(sigma * sigma);
  const double tau = params.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double denominator = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * denominator * denominator) - (x - a) / (tau * tau);
  };
  double big_a = a;
  double big_b;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  while (std::abs(big_b - big_a) > params.epsilon) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

// Solves m·x = rhs for a small symmetric positive definite m (Gaussian elimination).
std::vector<double> solve(std::vector<std::vector<double>> m, std::vector<double> rhs) {
  const std::size_t n = rhs.size();
  for (std::size_t col = 0; col < n; ++col) {
    for (std::size_t row = col + 1; row < n; ++row) {
      const double factor = m[row][col] / m[col][col];
      for (std::size_t k = col; k < n; ++k) m[row][k] -= factor * m[col][k];
      rhs[row] -= factor * rhs[col];
    }
  }
  std::vector<double> x(n);
  for (std::size_t i = n; i-- > 0;) {
    double sum = rhs[i];
    for (std::size_t k = i + 1; k < n; ++k) sum -= m[i][k] * x[k];
    x[i] = sum / m[i][i];
  }
  return x;
}

}  // namespace

double expected_score(const Rating& player, const Rating& opponent, double side) {
  return logistic(g(phi_of(opponent)) * (mu_of(player) - mu_of(opponent) + side / glicko2_scale));
}

Rating glicko2_update(const Rating& player, const std::vector<PeriodGame>& games, const Glicko2Params& params) {
  // Step 2: the Glicko-2 scale.
  const double mu = mu_of(player);
  const double phi = phi_of(player);
  const double sigma = player.volatility;
  if (games.empty()) {
    // Step 6 alone: a player who did not play keeps rating and volatility; the deviation grows.
    Rating idle = player;
    idle.deviation = std::sqrt(phi * phi + sigma * sigma) * glicko2_scale;
    return idle;
  }
  // Steps 3 and 4: the estimated variance v and improvement Δ.
  double information = 0;
  double surprise = 0;
  for (const auto& game : games) {
    const double g_j = g(phi_of(game.opponent));
    const double e = expected_score(player, game.opponent, game.side);
    information += g_j * g_j * e * (1.0 - e);
    surprise += g_j * (game.score - e);
  }
  const double v = 1.0 / information;
  const double delta = v * surprise;
  // Steps 5-7.
  const double sigma_new = new_volatility(sigma, phi, v, delta, params);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * surprise;
  // Step 8: back to rating points.
  Rating updated;
  updated.rating = glicko2_scale * mu_new + 1500.0;
  updated.deviation = glicko2_scale * phi_new;
  updated.volatility = sigma_new;
  updated.games = player.games + static_cast<int>(games.size());
  return updated;
}

double side_points(const SideModel& side, const std::optional<Bid>& bid) {
  return side.advantage + side.vp_value * signed_vp(bid);
}

double predicted_first_score(const Rating& first, const Rating& second, double side_points) {
  const double phi1 = phi_of(first);
  const double phi2 = phi_of(second);
  return logistic(g(std::sqrt(phi1 * phi1 + phi2 * phi2)) *
                  (mu_of(first) - mu_of(second) + side_points / glicko2_scale));
}

FairBid fair_bid(const Rating& first, const Rating& second, const SideModel& side) {
  // The predicted score is ½ exactly when r1 - r2 + A_s + V·b = 0 (b signed: + for the first
  // seat), whatever the deviations: so the fair whole bid is the integer b nearest -(r1 - r2 + A_s)/V.
  const double edge = first.rating - second.rating + side.advantage;
  long best = 0;
  if (side.vp_value > 0) {
    const double exact = -edge / side.vp_value;
    const long low = static_cast<long>(std::floor(exact));
    const long high = low + 1;
    const double miss_low = std::abs(edge + side.vp_value * low);
    const double miss_high = std::abs(edge + side.vp_value * high);
    if (miss_low < miss_high) {
      best = low;
    } else if (miss_high < miss_low) {
      best = high;
    } else {
      best = std::abs(low) <= std::abs(high) ? low : high;
    }
  }
  FairBid fair;
  if (best != 0) fair.bid = Bid{best > 0 ? Seat::first : Seat::second, static_cast<int>(std::abs(best))};
  fair.first_score = predicted_first_score(first, second, side_points(side, fair.bid));
  return fair;
}

SideModel SideEstimate::model(const std::string& scenario) const {
  const auto found = advantage.find(scenario);
  return {found == advantage.end() ? 0.0 : found->second, vp_value};
}

SideEstimate estimate_side(const std::vector<RatedGame>& games, const SidePriors& priors, const SideEstimate* start) {
  // Parameters on the Glicko-2 scale: one advantage per scenario (indices 0..n-1), then V (index n).
  std::map<std::string, std::size_t> index;
  for (const auto& game : games) index.emplace(game.scenario, 0);
  std::size_t next = 0;
  for (auto& [scenario, i] : index) i = next++;
  const std::size_t n = index.size();
  const std::size_t vp = n;

  struct Row {
    std::size_t scenario;
    double offset;  // g·(μ1 - μ2)
    double g;       // g(sqrt(φ1² + φ2²))
    double bid;     // signed VP
    double score;   // the first seat's
  };
  std::vector<Row> rows;
  rows.reserve(games.size());
  for (const auto& game : games) {
    const double phi1 = phi_of(game.first);
    const double phi2 = phi_of(game.second);
    const double g_k = g(std::sqrt(phi1 * phi1 + phi2 * phi2));
    rows.push_back({index.at(game.scenario), g_k * (mu_of(game.first) - mu_of(game.second)), g_k, signed_vp(game.bid),
                    first_score(game.outcome)});
  }
  const double advantage_precision = std::pow(glicko2_scale / priors.advantage_sd, 2);
  const double vp_precision = std::pow(glicko2_scale / priors.vp_value_sd, 2);
  const double vp_mean = priors.vp_value_mean / glicko2_scale;

  std::vector<double> theta(n + 1, 0.0);
  theta[vp] = vp_mean;
  if (start) {
    for (const auto& [scenario, i] : index) theta[i] = start->model(scenario).advantage / glicko2_scale;
    theta[vp] = start->vp_value / glicko2_scale;
  }

  // The penalised log-likelihood, concave in theta.
  const auto objective = [&](const std::vector<double>& t) {
    double sum = 0;
    for (const auto& row : rows) {
      const double z = row.offset + row.g * (t[row.scenario] + t[vp] * row.bid);
      sum += row.score * log_logistic(z) + (1.0 - row.score) * log_logistic(-z);
    }
    for (std::size_t i = 0; i < n; ++i) sum -= advantage_precision * t[i] * t[i] / 2.0;
    sum -= vp_precision * (t[vp] - vp_mean) * (t[vp] - vp_mean) / 2.0;
    return sum;
  };

  for (int iteration = 0; iteration < 100; ++iteration) {
    std::vector<double> gradient(n + 1, 0.0);
    std::vector<std::vector<double>> curvature(n + 1, std::vector<double>(n + 1, 0.0));
    for (const auto& row : rows) {
      const double p = logistic(row.offset + row.g * (theta[row.scenario] + theta[vp] * row.bid));
      const double residual = row.g * (row.score - p);
      const double weight = row.g * row.g * p * (1.0 - p);
      gradient[row.scenario] += residual;
      gradient[vp] += residual * row.bid;
      curvature[row.scenario][row.scenario] += weight;
      curvature[row.scenario][vp] += weight * row.bid;
      curvature[vp][row.scenario] += weight * row.bid;
      curvature[vp][vp] += weight * row.bid * row.bid;
    }
    for (std::size_t i = 0; i < n; ++i) {
      gradient[i] -= advantage_precision * theta[i];
      curvature[i][i] += advantage_precision;
    }
    gradient[vp] -= vp_precision * (theta[vp] - vp_mean);
    curvature[vp][vp] += vp_precision;

    const auto step = solve(curvature, gradient);
    double largest = 0;
    for (double x : step) largest = std::max(largest, std::abs(x));
    if (largest < 1e-6) {
      // Newton's method converges quadratically: after a step this small (1e-6 on this scale is
      // 2e-4 rating points) the error left is of order 1e-12. Take it whole, without the line
      // search, whose comparisons this close to the top are within rounding.
      for (std::size_t i = 0; i <= n; ++i) theta[i] += step[i];
      break;
    }
    // Far from the top Newton's step can overshoot: halve it until the objective does not fall.
    const double before = objective(theta);
    double scale = 1.0;
    std::vector<double> candidate(n + 1);
    for (int halving = 0; halving < 60; ++halving, scale /= 2.0) {
      for (std::size_t i = 0; i <= n; ++i) candidate[i] = theta[i] + scale * step[i];
      if (objective(candidate) >= before) break;
    }
    theta = candidate;
  }

  SideEstimate estimate;
  for (const auto& [scenario, i] : index) estimate.advantage[scenario] = theta[i] * glicko2_scale;
  estimate.vp_value = theta[vp] * glicko2_scale;
  return estimate;
}

std::variant<RatingChange, InputError> RatingBook::apply(const GameRecord& game) {
  if (game.title.empty()) return InputError{"title", "a rated game needs its title"};
  if (game.scenario.empty()) return InputError{"scenario", "a rated game needs its scenario"};
  if (game.first == game.second) return InputError{"second", "a player cannot be rated against themselves"};
  if (game.bid && game.bid->vp < 0) return InputError{"bid.vp", "a bid is a whole number of VP from 0 up"};

  RatingChange change;
  change.game = game;
  change.side = side(game.title, game.scenario);
  change.first_before = rating(game.title, game.first);
  change.second_before = rating(game.title, game.second);
  const double d = side_points(change.side, game.bid);
  const double score = first_score(game.outcome);
  change.first_after = glicko2_update(change.first_before, {{change.second_before, score, d}}, params_.glicko);
  change.second_after = glicko2_update(change.second_before, {{change.first_before, 1.0 - score, -d}}, params_.glicko);

  ratings_[{game.title, game.first}] = change.first_after;
  ratings_[{game.title, game.second}] = change.second_after;
  auto& history = history_[game.title];
  history.push_back({game.scenario, change.first_before, change.second_before, game.bid, game.outcome});
  const auto previous = estimates_.find(game.title);
  const SideEstimate* start = previous == estimates_.end() ? nullptr : &previous->second;
  estimates_[game.title] = estimate_side(history, params_.priors, start);
  changes_.push_back(change);
  return change;
}

Rating RatingBook::rating(const std::string& title, PlayerId player) const {
  const auto found = ratings_.find({title, player});
  return found == ratings_.end() ? params_.glicko.initial : found->second;
}

SideModel RatingBook::side(const std::string& title, const std::string& scenario) const {
  const auto found = estimates_.find(title);
  if (found != estimates_.end()) return found->second.model(scenario);
  return SideModel{0.0, params_.priors.vp_value_mean};
}

std::variant<RatingBook, InputError> recompute(const std::vector<GameRecord>& results, const RatingParams& params) {
  RatingBook book(params);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto applied = book.apply(results[i]);
    if (const auto* error = std::get_if<InputError>(&applied)) {
      return InputError{"results[" + std::to_string(i) + "]." + error->where, error->message};
    }
  }
  return book;
}

}  // namespace warpath::server::tournaments
