// Swiss rounds (server/tournaments/swiss): crafted rounds (round 1's top half against bottom half,
// a floater, the side rule beating score, the bye, the dead end), exhaustive optimality on small
// fields, and the rules' properties over 1,000 simulated tournaments of 5 to 128 players.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <variant>

#include "server/tournaments/matching.hpp"
#include "server/tournaments/swiss.hpp"
#include "tests/unit/tournaments/answers.hpp"

namespace swiss_test {

using namespace warpath::server::tournaments;

namespace {

// The sanitizer build runs ~30 times slower: it plays a sample of the tournaments.
#ifdef WARPATH_SANITIZED_BUILD
constexpr int simulated_tournaments = 200;
#else
constexpr int simulated_tournaments = 1000;
#endif

SwissRequest field(int n, SideRule sides = SideRule::balanced) {
  SwissRequest request;
  request.sides = sides;
  for (int i = 0; i < n; ++i) request.players.push_back({i + 1, 2000.0 - 10 * i});  // id 1 rated highest
  return request;
}

std::vector<std::pair<PlayerId, PlayerId>> pairs_of(const SwissRound& round) {
  std::vector<std::pair<PlayerId, PlayerId>> out;
  for (const auto& board : round.boards) out.emplace_back(board.first, board.second);
  return out;
}

// Whether the given players (indices into `order`) can all be paired under the hard rules.
bool perfectly_pairable(const std::vector<SwissStanding>& order, const std::vector<int>& players, SideRule sides) {
  const int m = static_cast<int>(players.size());
  if (m % 2 == 1) return false;
  std::vector<WeightedEdge> edges;
  for (int a = 0; a < m; ++a)
    for (int b = a + 1; b < m; ++b)
      if (swiss_may_meet(order[players[a]], order[players[b]], sides)) edges.push_back({a, b, 1});
  const auto mate = maximum_weight_matching(m, edges, true);
  return std::none_of(mate.begin(), mate.end(), [](int v) { return v == -1; });
}

std::vector<int> all_but(int n, int left_out) {
  std::vector<int> out;
  for (int i = 0; i < n; ++i)
    if (i != left_out) out.push_back(i);
  return out;
}

bool side_conflict(const SwissStanding& a, const SwissStanding& b, SideRule sides) {
  if (sides != SideRule::balanced) return false;
  const auto wa = a.wanted_side();
  const auto wb = b.wanted_side();
  return wa && wb && *wa == *wb;
}

// Exhaustive search of the best (sum of squared score differences, then side conflicts) over the
// perfect pairings of `players` that keep the hard rules.
void best_by_brute_force(const std::vector<SwissStanding>& order, std::vector<int>& players, std::size_t from,
                         SideRule sides, std::pair<long, long> cost, std::optional<std::pair<long, long>>& best) {
  while (from < players.size() && players[from] == -1) ++from;
  if (from == players.size()) {
    if (!best || cost < *best) best = cost;
    return;
  }
  const int i = players[from];
  players[from] = -1;
  for (std::size_t k = from + 1; k < players.size(); ++k) {
    const int j = players[k];
    if (j == -1 || !swiss_may_meet(order[i], order[j], sides)) continue;
    players[k] = -1;
    const long d = order[i].half_points - order[j].half_points;
    best_by_brute_force(order, players, from + 1, sides,
                        {cost.first + d * d, cost.second + (side_conflict(order[i], order[j], sides) ? 1 : 0)}, best);
    players[k] = j;
  }
  players[from] = i;
}

// Checks one round against the rules; `exhaustive` compares it with the brute-force optimum.
void check_round(const SwissRequest& request, const SwissRound& round, bool exhaustive) {
  const auto order = ok(swiss_pairing_order(request));
  const int n = static_cast<int>(order.size());
  std::map<PlayerId, int> place;
  for (int i = 0; i < n; ++i) place[order[i].id] = i;

  if (round.status == SwissStatus::no_pairing) {
    // A dead end must be real: no player could take the bye and leave the rest pairable.
    CHECK(round.boards.empty());
    CHECK(round.blocked_by_side_rule ==
          (request.sides == SideRule::balanced &&
           (n % 2 == 0 ? perfectly_pairable(order, all_but(n, -1), SideRule::by_bidding) : [&] {
             for (int i = 0; i < n; ++i)
               if (!order[i].had_bye && perfectly_pairable(order, all_but(n, i), SideRule::by_bidding)) return true;
             return false;
           }())));
    if (n % 2 == 0) {
      CHECK_FALSE(perfectly_pairable(order, all_but(n, -1), request.sides));
    } else {
      for (int i = 0; i < n; ++i)
        if (!order[i].had_bye) CHECK_FALSE(perfectly_pairable(order, all_but(n, i), request.sides));
    }
    return;
  }

  // Everyone exactly once.
  std::multiset<PlayerId> seated;
  for (const auto& board : round.boards) {
    seated.insert(board.first);
    seated.insert(board.second);
  }
  if (round.bye) seated.insert(*round.bye);
  std::multiset<PlayerId> expected;
  for (const auto& s : order) expected.insert(s.id);
  REQUIRE(seated == expected);
  CHECK(round.bye.has_value() == (n % 2 == 1));

  // No repeat, and (balanced sides) nobody more than one game off even.
  for (const auto& board : round.boards) {
    const auto& a = order[place[board.first]];
    const auto& b = order[place[board.second]];
    CHECK(std::count(a.opponents.begin(), a.opponents.end(), b.id) == 0);
    CHECK(board.sides_assigned == (request.sides == SideRule::balanced));
    if (request.sides == SideRule::balanced) {
      CHECK(std::abs(a.first_seats + 1 - a.second_seats) <= 1);
      CHECK(std::abs(b.first_seats - (b.second_seats + 1)) <= 1);
      // A player who wants a seat gets it unless the opponent wanted the same one.
      const auto wa = a.wanted_side();
      const auto wb = b.wanted_side();
      const int disappointed = (wa && *wa != Seat::first ? 1 : 0) + (wb && *wb != Seat::second ? 1 : 0);
      CHECK(disappointed <= (wa && wb && *wa == *wb ? 1 : 0));
    }
  }

  // The bye: to a player who has not had one, and every lower player without one could not
  // have taken it and left the rest pairable.
  if (round.bye) {
    const int b = place[*round.bye];
    CHECK_FALSE(order[b].had_bye);
    for (int i = b + 1; i < n; ++i)
      if (!order[i].had_bye) CHECK_FALSE(perfectly_pairable(order, all_but(n, i), request.sides));
  }

  // Score differences minimal: no two boards could swap partners (keeping the hard rules) for a
  // smaller total score difference, summed plainly or squared.
  const auto diff = [&](PlayerId x, PlayerId y) {
    return static_cast<long>(std::abs(order[place[x]].half_points - order[place[y]].half_points));
  };
  const auto may = [&](PlayerId x, PlayerId y) {
    return swiss_may_meet(order[place[x]], order[place[y]], request.sides);
  };
  for (std::size_t p = 0; p < round.boards.size(); ++p)
    for (std::size_t q = p + 1; q < round.boards.size(); ++q) {
      const PlayerId a = round.boards[p].first, b = round.boards[p].second;
      const PlayerId c = round.boards[q].first, d = round.boards[q].second;
      const long now = diff(a, b) + diff(c, d);
      const long now_sq = diff(a, b) * diff(a, b) + diff(c, d) * diff(c, d);
      for (const auto& [x1, y1, x2, y2] : {std::tuple{a, c, b, d}, std::tuple{a, d, b, c}}) {
        if (!may(x1, y1) || !may(x2, y2)) continue;
        CHECK(now <= diff(x1, y1) + diff(x2, y2));
        CHECK(now_sq <= diff(x1, y1) * diff(x1, y1) + diff(x2, y2) * diff(x2, y2));
      }
    }

  if (exhaustive) {
    std::vector<int> players = all_but(n, round.bye ? place[*round.bye] : -1);
    std::optional<std::pair<long, long>> best;
    best_by_brute_force(order, players, 0, request.sides, {0, 0}, best);
    REQUIRE(best.has_value());
    std::pair<long, long> cost{0, 0};
    for (const auto& board : round.boards) {
      const long d = diff(board.first, board.second);
      cost.first += d * d;
      cost.second += side_conflict(order[place[board.first]], order[place[board.second]], request.sides) ? 1 : 0;
    }
    CHECK(cost == *best);
  }
}

Outcome random_result(std::mt19937_64& rng) {
  const auto roll = rng() % 100;
  return roll < 45 ? Outcome::first_wins : (roll < 90 ? Outcome::second_wins : Outcome::draw);
}

SwissRoundRecord record(const SwissRound& round, std::mt19937_64& rng) {
  SwissRoundRecord r;
  for (const auto& board : round.boards) r.games.push_back({board.first, board.second, random_result(rng)});
  r.bye = round.bye;
  return r;
}

struct Played {
  int rounds = 0;                     // paired
  bool blocked_by_side_rule = false;  // ended by the side rule alone
};

// Plays a tournament of `n` players and up to `rounds` rounds, checking every round.
Played simulate(std::mt19937_64& rng, int n, int rounds, SideRule sides, bool exhaustive) {
  SwissRequest request;
  request.sides = sides;
  for (int i = 0; i < n; ++i) {
    // Ratings on a coarse grid so that ties (broken by id) happen.
    request.players.push_back({static_cast<PlayerId>(10 + 3 * i), 1200.0 + 25.0 * static_cast<double>(rng() % 40)});
  }
  Played played;
  for (int r = 0; r < rounds; ++r) {
    // Now and then a player withdraws: their games stay in the history.
    if (request.players.size() > 4 && rng() % 20 == 0)
      request.players.erase(request.players.begin() + static_cast<long>(rng() % request.players.size()));
    const auto round = ok(pair_swiss_round(request));
    check_round(request, round, exhaustive);
    if (round.status == SwissStatus::no_pairing) {
      played.blocked_by_side_rule = round.blocked_by_side_rule;
      break;
    }
    request.rounds.push_back(record(round, rng));
    ++played.rounds;
  }
  return played;
}

}  // namespace

TEST_CASE("swiss: round 1 pairs the top half against the bottom half, sides alternating by board") {
  const auto round = ok(pair_swiss_round(field(8)));
  REQUIRE(round.status == SwissStatus::paired);
  CHECK_FALSE(round.bye.has_value());
  CHECK(pairs_of(round) == std::vector<std::pair<PlayerId, PlayerId>>{{1, 5}, {6, 2}, {3, 7}, {8, 4}});
  // With bidding the sides are left to the bid: the higher placed is listed first.
  const auto bid = ok(pair_swiss_round(field(8, SideRule::by_bidding)));
  CHECK(pairs_of(bid) == std::vector<std::pair<PlayerId, PlayerId>>{{1, 5}, {2, 6}, {3, 7}, {4, 8}});
  for (const auto& board : bid.boards) CHECK_FALSE(board.sides_assigned);
}

TEST_CASE("swiss: the bye goes to the lowest player who has not had one, never twice") {
  auto request = field(5);
  auto round = ok(pair_swiss_round(request));
  CHECK(round.bye == PlayerId{5});
  // Player 5 had the bye and lost nothing: next round someone else gets it, the lowest without one.
  request.rounds.push_back({{{1, 3, Outcome::first_wins}, {4, 2, Outcome::first_wins}}, PlayerId{5}});
  const auto order = ok(swiss_pairing_order(request));
  CHECK(order.back().id == 3);  // 3 lost and is rated lower than 2, who also lost
  round = ok(pair_swiss_round(request));
  CHECK(round.bye == PlayerId{3});
  check_round(request, round, true);
}

TEST_CASE("swiss: a score group of odd size floats its lowest player down to the highest it may meet") {
  auto request = field(6);
  const auto first = ok(pair_swiss_round(request));
  REQUIRE(pairs_of(first) == std::vector<std::pair<PlayerId, PlayerId>>{{1, 4}, {5, 2}, {3, 6}});
  request.rounds.push_back(
      {{{1, 4, Outcome::first_wins}, {5, 2, Outcome::second_wins}, {3, 6, Outcome::first_wins}}, std::nullopt});
  // Winners 1, 2, 3 and losers 4, 5, 6: 1 v 2 in the top group, 3 floats down to 4 (3 met 6), and
  // the player who has had the first seat less takes it.
  const auto second = ok(pair_swiss_round(request));
  CHECK(pairs_of(second) == std::vector<std::pair<PlayerId, PlayerId>>{{2, 1}, {4, 3}, {6, 5}});
  check_round(request, second, true);
}

TEST_CASE("swiss: with balanced sides, two players who both had the same seat more cannot meet") {
  // 1 and 3 have had the first seat, 2 and 4 the second; 1 and 3 won. By score 1 would meet 3,
  // but one of them would then be two first seats up: the side rule comes first.
  for (SideRule sides : {SideRule::balanced, SideRule::by_bidding}) {
    auto request = field(4, sides);
    request.rounds.push_back({{{1, 2, Outcome::first_wins}, {3, 4, Outcome::first_wins}}, std::nullopt});
    const auto round = ok(pair_swiss_round(request));
    check_round(request, round, true);
    if (sides == SideRule::balanced) {
      CHECK(pairs_of(round) == std::vector<std::pair<PlayerId, PlayerId>>{{4, 1}, {2, 3}});
    } else {
      CHECK(pairs_of(round) == std::vector<std::pair<PlayerId, PlayerId>>{{1, 3}, {2, 4}});
    }
  }
}

TEST_CASE("swiss: when no pairing without a repeat exists, the round says so") {
  auto request = field(4, SideRule::by_bidding);
  request.rounds.push_back({{{1, 2, Outcome::first_wins}, {3, 4, Outcome::first_wins}}, std::nullopt});
  request.rounds.push_back({{{1, 3, Outcome::first_wins}, {2, 4, Outcome::first_wins}}, std::nullopt});
  request.rounds.push_back({{{1, 4, Outcome::first_wins}, {2, 3, Outcome::first_wins}}, std::nullopt});
  const auto round = ok(pair_swiss_round(request));
  CHECK(round.status == SwissStatus::no_pairing);
  CHECK(round.boards.empty());
  CHECK_FALSE(round.bye.has_value());
  CHECK_FALSE(round.blocked_by_side_rule);

  // Three players who have all had the bye: nobody may take it.
  auto three = field(3, SideRule::by_bidding);
  three.rounds.push_back({{{1, 2, Outcome::draw}}, PlayerId{3}});
  three.rounds.push_back({{{1, 3, Outcome::draw}}, PlayerId{2}});
  three.rounds.push_back({{}, PlayerId{1}});
  CHECK(ok(pair_swiss_round(three)).status == SwissStatus::no_pairing);
}

TEST_CASE("swiss: a dead end the side rule alone causes is told apart from one of repeats") {
  // 1 and 2 both had the first seat (against 3 and 4, who then withdrew): they have not met, but
  // either would end two first seats up.
  auto request = field(2);
  request.rounds.push_back({{{1, 3, Outcome::first_wins}, {2, 4, Outcome::first_wins}}, std::nullopt});
  const auto round = ok(pair_swiss_round(request));
  CHECK(round.status == SwissStatus::no_pairing);
  CHECK(round.blocked_by_side_rule);
  request.sides = SideRule::by_bidding;
  CHECK(pairs_of(ok(pair_swiss_round(request))) == std::vector<std::pair<PlayerId, PlayerId>>{{1, 2}});
}

TEST_CASE("swiss: malformed requests are refused") {
  auto twice = field(4);
  twice.players.push_back({2, 1500});
  CHECK(refused_at(pair_swiss_round(twice), "players[4]"));
  auto self = field(4);
  self.rounds.push_back({{{1, 1, Outcome::draw}}, std::nullopt});
  CHECK(refused_at(pair_swiss_round(self), "rounds[0].games[0]"));
  auto twice_in_a_round = field(4);
  twice_in_a_round.rounds.push_back({{{1, 2, Outcome::draw}, {3, 1, Outcome::draw}}, std::nullopt});
  CHECK(refused_at(pair_swiss_round(twice_in_a_round), "rounds[0].games[1]"));
  auto played_and_bye = field(3);
  played_and_bye.rounds.push_back({{{1, 2, Outcome::draw}}, PlayerId{2}});
  CHECK(refused_at(pair_swiss_round(played_and_bye), "rounds[0].games[0]"));
  auto not_a_number = field(4);
  not_a_number.players[2].rating = std::nan("");
  CHECK(refused_at(pair_swiss_round(not_a_number), "players[2]"));
  auto bye_score = field(4);
  bye_score.bye_half_points = -1;
  CHECK(refused_at(pair_swiss_round(bye_score), "bye_half_points"));
  bye_score.bye_half_points = 3;
  CHECK(refused_at(pair_swiss_round(bye_score), "bye_half_points"));
}

TEST_CASE("swiss: on small fields each round is the exact optimum found by brute force") {
  std::mt19937_64 rng(77);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 4 + static_cast<int>(rng() % 8);  // 4..11
    CAPTURE(trial);
    CAPTURE(n);
    simulate(rng, n, 1 + static_cast<int>(rng() % 9), trial % 2 == 0 ? SideRule::balanced : SideRule::by_bidding, true);
  }
}

TEST_CASE("swiss: 1,000 tournaments of 5 to 128 players keep every rule in every round") {
  std::mt19937_64 rng(1789);
  const auto started = std::chrono::steady_clock::now();
  int rounds_paired = 0;
  int dead_ends = 0;
  int dead_ends_sides = 0;
  for (int t = 0; t < simulated_tournaments; ++t) {
    // Fields of 5 to 128 players, 1 to 9 rounds, sides balanced or by bidding in turn.
    const int n = 5 + static_cast<int>(rng() % 124);
    const int rounds = 1 + static_cast<int>(rng() % 9);
    CAPTURE(t);
    CAPTURE(n);
    const Played played = simulate(rng, n, rounds, t % 2 == 0 ? SideRule::balanced : SideRule::by_bidding, false);
    rounds_paired += played.rounds;
    dead_ends += played.rounds < rounds ? 1 : 0;
    dead_ends_sides += played.blocked_by_side_rule ? 1 : 0;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  MESSAGE("swiss simulation: ", simulated_tournaments, " tournaments, ", rounds_paired, " rounds paired, ", dead_ends,
          " ended early for want of a pairing (", dead_ends_sides, " by the side rule alone), ", seconds, " s");
  CHECK(rounds_paired > simulated_tournaments * 3);
}

}  // namespace swiss_test
