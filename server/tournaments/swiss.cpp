// Swiss rounds as exact maximum-weight perfect matchings: see swiss.hpp for the rules and why.
#include "server/tournaments/swiss.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "server/tournaments/matching.hpp"

namespace warpath::server::tournaments {

namespace {

constexpr std::int64_t weight_ceiling = std::int64_t{1} << 58;

int half_points_for(Outcome outcome, Seat side) {
  switch (outcome) {
    case Outcome::draw:
      return 1;
    case Outcome::first_wins:
      return side == Seat::first ? 2 : 0;
    case Outcome::second_wins:
      return side == Seat::second ? 2 : 0;
  }
  return 0;
}

int imbalance(const SwissStanding& s) { return s.first_seats - s.second_seats; }

bool have_met(const SwissStanding& a, const SwissStanding& b) {
  return std::find(a.opponents.begin(), a.opponents.end(), b.id) != a.opponents.end();
}

// The players to match (indices into the pairing order) and what each pair costs.
struct RoundProblem {
  const std::vector<SwissStanding>& order;
  SideRule sides;
  std::vector<int> group_size;   // per player: the size of their score group
  std::vector<int> group_index;  // per player: their place in it (0 = highest rated)

  RoundProblem(const std::vector<SwissStanding>& o, SideRule s) : order(o), sides(s) {
    const int n = static_cast<int>(order.size());
    group_size.assign(n, 0);
    group_index.assign(n, 0);
    for (int i = 0; i < n;) {
      int j = i;
      while (j < n && order[j].half_points == order[i].half_points) ++j;
      for (int k = i; k < j; ++k) {
        group_size[k] = j - i;
        group_index[k] = k - i;
      }
      i = j;
    }
  }

  // Criterion 3: the squared score difference.
  std::int64_t score_cost(int i, int j) const {
    const std::int64_t d = order[i].half_points - order[j].half_points;
    return d * d;
  }
  // Criterion 4: both players want the same seat.
  std::int64_t side_cost(int i, int j) const {
    if (sides != SideRule::balanced) return 0;
    const auto a = order[i].wanted_side();
    const auto b = order[j].wanted_side();
    return a && b && *a == *b ? 1 : 0;
  }
  // Criterion 5: the Dutch idea (i placed above j in the pairing order).
  std::int64_t dutch_cost(int i, int j) const {
    if (i > j) std::swap(i, j);
    if (order[i].half_points == order[j].half_points) {
      const int distance = group_index[j] - group_index[i];
      return std::abs(2 * distance - group_size[i]);
    }
    return (group_size[i] - 1 - group_index[i]) + group_index[j];
  }

  // The best perfect matching of `players`, or nothing when the hard rules allow none.
  std::optional<std::vector<std::pair<int, int>>> match(const std::vector<int>& players) const {
    const int m = static_cast<int>(players.size());
    if (m == 0) return std::vector<std::pair<int, int>>{};
    if (m % 2 == 1) return std::nullopt;
    int lowest = order[players[0]].half_points;
    int highest = lowest;
    for (int p : players) {
      lowest = std::min(lowest, order[p].half_points);
      highest = std::max(highest, order[p].half_points);
    }
    const std::int64_t n = static_cast<std::int64_t>(order.size());
    const std::int64_t spread = highest - lowest;
    const std::int64_t pairs = m / 2;
    // Each criterion's weight exceeds any possible total of the ones below it (weighable() has
    // checked that the largest stays in range).
    const std::int64_t w3 = n * n + 1;                    // criterion 5 is at most 2n a pair
    const std::int64_t w2 = (pairs + 1) * w3;             // criterion 4 is at most 1 a pair
    const std::int64_t top = (spread * spread + 1) * w2;  // keeps every weight positive
    std::vector<WeightedEdge> edges;
    for (int a = 0; a < m; ++a) {
      for (int b = a + 1; b < m; ++b) {
        const int i = players[a];
        const int j = players[b];
        if (!swiss_may_meet(order[i], order[j], sides)) continue;
        const std::int64_t cost = score_cost(i, j) * w2 + side_cost(i, j) * w3 + dutch_cost(i, j);
        edges.push_back({a, b, top - cost});
      }
    }
    const auto mate = maximum_weight_matching(m, edges, true);
    std::vector<std::pair<int, int>> result;
    for (int a = 0; a < m; ++a) {
      if (mate[a] == -1) return std::nullopt;
      if (a < mate[a]) result.emplace_back(players[a], players[mate[a]]);
    }
    return result;
  }
};

}  // namespace

std::optional<Seat> SwissStanding::wanted_side() const {
  if (first_seats > second_seats) return Seat::second;
  if (second_seats > first_seats) return Seat::first;
  if (last_side) return *last_side == Seat::first ? Seat::second : Seat::first;
  return std::nullopt;
}

std::variant<std::vector<SwissStanding>, InputError> swiss_pairing_order(const SwissRequest& request) {
  if (request.bye_half_points < 0 || request.bye_half_points > 2)
    return InputError{"bye_half_points", "a bye is worth 0, 1 or 2 half-points"};
  std::map<PlayerId, SwissStanding> by_id;
  for (std::size_t i = 0; i < request.players.size(); ++i) {
    const auto& p = request.players[i];
    const std::string where = "players[" + std::to_string(i) + "]";
    SwissStanding standing;
    standing.id = p.id;
    standing.rating = p.rating;
    if (!std::isfinite(p.rating)) return InputError{where, "the rating is not a finite number"};
    if (!by_id.emplace(p.id, standing).second) return InputError{where, "the player is listed twice"};
  }
  for (std::size_t r = 0; r < request.rounds.size(); ++r) {
    const auto& round = request.rounds[r];
    std::set<PlayerId> seated;  // each player at most once a round
    if (round.bye) seated.insert(*round.bye);
    for (std::size_t g = 0; g < round.games.size(); ++g) {
      const auto& game = round.games[g];
      const std::string where = "rounds[" + std::to_string(r) + "].games[" + std::to_string(g) + "]";
      if (game.first == game.second) return InputError{where, "a player cannot play themselves"};
      if (!seated.insert(game.first).second || !seated.insert(game.second).second)
        return InputError{where, "a player is seated twice in one round"};
      for (Seat side : {Seat::first, Seat::second}) {
        const PlayerId me = side == Seat::first ? game.first : game.second;
        const PlayerId them = side == Seat::first ? game.second : game.first;
        auto it = by_id.find(me);
        if (it == by_id.end()) continue;  // withdrawn
        SwissStanding& s = it->second;
        s.half_points += half_points_for(game.outcome, side);
        (side == Seat::first ? s.first_seats : s.second_seats) += 1;
        s.last_side = side;
        s.opponents.push_back(them);
      }
    }
    if (round.bye) {
      auto it = by_id.find(*round.bye);
      if (it != by_id.end()) {
        it->second.half_points += request.bye_half_points;
        it->second.had_bye = true;
      }
    }
  }
  std::vector<SwissStanding> order;
  for (auto& [id, s] : by_id) order.push_back(std::move(s));
  std::stable_sort(order.begin(), order.end(), [](const SwissStanding& a, const SwissStanding& b) {
    if (a.half_points != b.half_points) return a.half_points > b.half_points;
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.id < b.id;
  });
  return order;
}

bool swiss_may_meet(const SwissStanding& a, const SwissStanding& b, SideRule sides) {
  if (a.id == b.id || have_met(a, b)) return false;
  if (sides == SideRule::balanced) {
    const int ia = imbalance(a);
    const int ib = imbalance(b);
    if ((ia > 0 && ib > 0) || (ia < 0 && ib < 0)) return false;
  }
  return true;
}

namespace {

// Whether the largest edge weight of any round problem over `order` stays in the matching's range.
bool weighable(const std::vector<SwissStanding>& order) {
  if (order.empty()) return true;
  const auto [low, high] = std::minmax_element(
      order.begin(), order.end(), [](const auto& a, const auto& b) { return a.half_points < b.half_points; });
  const long double n = static_cast<long double>(order.size());
  const long double spread = high->half_points - low->half_points;
  const long double top = (spread * spread + 1) * (n / 2 + 1) * (n * n + 1);
  return top < static_cast<long double>(weight_ceiling);
}

// A round's pairs (indices into the pairing order) and its bye, or nothing when the hard rules
// allow no pairing.
struct Solution {
  std::vector<std::pair<int, int>> pairs;
  std::optional<int> bye;
};

std::optional<Solution> solve(const std::vector<SwissStanding>& order, const RoundProblem& problem) {
  const int n = static_cast<int>(order.size());
  if (n % 2 == 0) {
    std::vector<int> everyone(n);
    for (int i = 0; i < n; ++i) everyone[i] = i;
    if (auto pairs = problem.match(everyone)) return Solution{std::move(*pairs), std::nullopt};
    return std::nullopt;
  }
  // The bye: the lowest eligible player without whom the rest can be paired.
  for (int candidate = n - 1; candidate >= 0; --candidate) {
    if (order[candidate].had_bye) continue;
    std::vector<int> rest;
    for (int i = 0; i < n; ++i)
      if (i != candidate) rest.push_back(i);
    if (auto pairs = problem.match(rest)) return Solution{std::move(*pairs), candidate};
  }
  return std::nullopt;
}

}  // namespace

std::variant<SwissRound, InputError> pair_swiss_round(const SwissRequest& request) {
  auto ordered = swiss_pairing_order(request);
  if (const auto* error = std::get_if<InputError>(&ordered)) return *error;
  const auto& order = std::get<std::vector<SwissStanding>>(ordered);
  if (!weighable(order)) return InputError{"rounds", "too many rounds for the pairing's weights"};
  SwissRound round;
  auto solution = solve(order, RoundProblem(order, request.sides));
  if (!solution) {
    round.status = SwissStatus::no_pairing;
    // Tell the caller whether only the side rule stands in the way.
    round.blocked_by_side_rule =
        request.sides == SideRule::balanced && solve(order, RoundProblem(order, SideRule::by_bidding)).has_value();
    return round;
  }
  if (solution->bye) round.bye = order[*solution->bye].id;
  auto* pairs = &solution->pairs;

  // Boards by the higher-placed player of each pair; within a pair, i is placed above j.
  for (auto& [i, j] : *pairs)
    if (i > j) std::swap(i, j);
  std::sort(pairs->begin(), pairs->end());
  for (std::size_t board = 0; board < pairs->size(); ++board) {
    const auto [i, j] = (*pairs)[board];
    const SwissStanding& hi = order[i];
    const SwissStanding& lo = order[j];
    if (request.sides == SideRule::by_bidding) {
      round.boards.push_back({hi.id, lo.id, false});
      continue;
    }
    bool hi_first;
    if (imbalance(hi) != imbalance(lo)) {
      hi_first = imbalance(hi) < imbalance(lo);
    } else {
      const auto want_hi = hi.wanted_side();
      const auto want_lo = lo.wanted_side();
      if (want_hi) {
        hi_first = *want_hi == Seat::first;
      } else if (want_lo) {
        hi_first = *want_lo == Seat::second;
      } else {
        hi_first = board % 2 == 0;
      }
    }
    round.boards.push_back(hi_first ? SwissPairing{hi.id, lo.id, true} : SwissPairing{lo.id, hi.id, true});
  }
  return round;
}

}  // namespace warpath::server::tournaments
