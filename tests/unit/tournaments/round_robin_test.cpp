// Round-robin pools (server/tournaments/round_robin): the Berger-table schedule for 2 to 16
// players (everyone meets everyone once, one game a round, the byes of an odd pool, side
// balance) and the snake split into pools.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <variant>

#include "server/tournaments/round_robin.hpp"
#include "tests/unit/tournaments/answers.hpp"

namespace round_robin_test {

using namespace warpath::server::tournaments;

TEST_CASE("round robin: everyone meets everyone exactly once, one game a round, byes in odd pools") {
  for (int n = 2; n <= 16; ++n) {
    CAPTURE(n);
    std::vector<PlayerId> players;
    for (int i = 0; i < n; ++i) players.push_back(100 + 7 * i);
    const auto rounds = ok(round_robin_schedule(players));
    CHECK(static_cast<int>(rounds.size()) == (n % 2 == 0 ? n - 1 : n));
    std::map<std::pair<PlayerId, PlayerId>, int> meetings;
    std::map<PlayerId, int> byes;
    for (const auto& round : rounds) {
      std::multiset<PlayerId> seated;
      for (const auto& game : round.games) {
        seated.insert(game.first);
        seated.insert(game.second);
        meetings[{std::min(game.first, game.second), std::max(game.first, game.second)}] += 1;
      }
      if (round.bye) {
        seated.insert(*round.bye);
        byes[*round.bye] += 1;
      }
      CHECK(round.bye.has_value() == (n % 2 == 1));
      // Every player exactly once in each round.
      CHECK(seated == std::multiset<PlayerId>(players.begin(), players.end()));
    }
    CHECK(static_cast<int>(meetings.size()) == n * (n - 1) / 2);
    for (const auto& [pair, count] : meetings) CHECK(count == 1);
    if (n % 2 == 1) {
      CHECK(static_cast<int>(byes.size()) == n);
      for (const auto& [player, count] : byes) CHECK(count == 1);
    }
  }
}

TEST_CASE("round robin: each player's first and second seats differ by at most one") {
  for (int n = 2; n <= 16; ++n) {
    CAPTURE(n);
    std::vector<PlayerId> players;
    for (int i = 0; i < n; ++i) players.push_back(i + 1);
    std::map<PlayerId, int> firsts;
    std::map<PlayerId, int> seconds;
    for (const auto& round : ok(round_robin_schedule(players)))
      for (const auto& game : round.games) {
        firsts[game.first] += 1;
        seconds[game.second] += 1;
      }
    for (PlayerId p : players) {
      CAPTURE(p);
      // An odd pool gives everyone n-1 games, an even number: exactly half in each seat. An even
      // pool gives everyone n-1 games, an odd number: as even as can be is one apart.
      CHECK(std::abs(firsts[p] - seconds[p]) == (n % 2 == 1 ? 0 : 1));
    }
  }
}

TEST_CASE("round robin: a turning player's seats alternate except around the fixed player") {
  // In a pool of 6, player index 0 (seed 1) meets the fixed player in round 1 and alternates after.
  const auto rounds = ok(round_robin_schedule({1, 2, 3, 4, 5, 6}));
  std::vector<Seat> seed_two;
  for (const auto& round : rounds)
    for (const auto& game : round.games) {
      if (game.first == 2) seed_two.push_back(Seat::first);
      if (game.second == 2) seed_two.push_back(Seat::second);
    }
  REQUIRE(seed_two.size() == 5);
  int repeats = 0;
  for (std::size_t i = 1; i < seed_two.size(); ++i) repeats += seed_two[i] == seed_two[i - 1] ? 1 : 0;
  CHECK(repeats <= 1);
}

TEST_CASE("round robin: a small or malformed pool") {
  CHECK(ok(round_robin_schedule({})).empty());
  CHECK(ok(round_robin_schedule({5})).empty());
  const auto two = ok(round_robin_schedule({5, 9}));
  REQUIRE(two.size() == 1);
  CHECK(two[0].games == std::vector<Game>{{5, 9}});
  CHECK(refused_at(round_robin_schedule({1, 2, 1}), "players[2]"));
}

TEST_CASE("round robin pools: the snake split keeps pools within one player and balanced in strength") {
  std::vector<PlayerId> ranked;
  for (int i = 1; i <= 11; ++i) ranked.push_back(i);
  const auto pools = ok(snake_pools(ranked, 3));
  REQUIRE(pools.size() == 3);
  CHECK(pools[0] == std::vector<PlayerId>{1, 6, 7});
  CHECK(pools[1] == std::vector<PlayerId>{2, 5, 8, 11});
  CHECK(pools[2] == std::vector<PlayerId>{3, 4, 9, 10});
  CHECK(refused_at(snake_pools(ranked, 0), "pool_count"));
}

}  // namespace round_robin_test
