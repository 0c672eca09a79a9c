// Single-elimination brackets (server/tournaments/elimination): the seed order, byes to the top
// seeds, rounds by bracket position, the Swiss-elimination playoff, and whole events of 2 to 33
// players with and without the mulligan round, played out with random and with seed-true results.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <variant>

#include "server/tournaments/elimination.hpp"
#include "tests/unit/tournaments/answers.hpp"

namespace elimination_test {

using namespace warpath::server::tournaments;

namespace {

std::vector<std::pair<int, int>> seeds_of(const BracketRound& round) {
  std::vector<std::pair<int, int>> out;
  for (const auto& slot : round) out.emplace_back(slot.top.seed, slot.bottom ? slot.bottom->seed : 0);
  return out;
}

std::vector<Entrant> field(int n) {
  std::vector<Entrant> entrants;
  for (int seed = 1; seed <= n; ++seed) entrants.push_back({1000 + seed, seed});
  return entrants;
}

// Who wins a slot: the better seed when `seed_true`, otherwise a coin.
struct Referee {
  std::mt19937_64 rng;
  bool seed_true;
  Entrant winner(const BracketSlot& slot) {
    if (!slot.bottom) return slot.top;
    if (seed_true) return slot.top;
    return rng() % 2 == 0 ? slot.top : *slot.bottom;
  }
};

struct EventLog {
  int games = 0;
  int round_one_games = 0;
  std::map<PlayerId, int> losses;
  std::set<PlayerId> out;
  std::vector<BracketRound> rounds;
  std::optional<Entrant> champion;
};

// Plays a round, checking that every slot's players are still in and that the better seed is on
// top; a loser is out when the round `eliminates`, else goes to `losers`. Returns the winners in
// bracket order.
std::vector<Entrant> play(const BracketRound& round, Referee& referee, EventLog& log, bool eliminates,
                          std::vector<Entrant>* losers = nullptr) {
  log.rounds.push_back(round);
  std::vector<Entrant> winners;
  for (const auto& slot : round) {
    CHECK(log.out.count(slot.top.id) == 0);
    if (slot.bottom) {
      CHECK(log.out.count(slot.bottom->id) == 0);
      CHECK(slot.top.seed < slot.bottom->seed);
    }
    const Entrant w = referee.winner(slot);
    winners.push_back(w);
    if (slot.bottom) {
      ++log.games;
      const Entrant l = w == slot.top ? *slot.bottom : slot.top;
      log.losses[l.id] += 1;
      if (eliminates) log.out.insert(l.id);
      if (losers) losers->push_back(l);
    }
  }
  return winners;
}

EventLog run_event(int n, bool mulligan, Referee referee) {
  EventLog log;
  std::vector<Entrant> losers;
  auto advancing = play(ok(seeded_round(field(n))), referee, log, !mulligan, &losers);
  log.round_one_games = log.games;
  if (mulligan && !losers.empty()) {
    const auto second_chance_round = ok(mulligan_round(losers));
    // Round 1's losers only, each once, folded by seed; the odd one out is the worst seed.
    std::set<PlayerId> in_mulligan;
    for (const auto& slot : second_chance_round.games) {
      REQUIRE(slot.bottom.has_value());
      CHECK(log.losses[slot.top.id] == 1);
      CHECK(log.losses[slot.bottom->id] == 1);
      in_mulligan.insert(slot.top.id);
      in_mulligan.insert(slot.bottom->id);
    }
    CHECK(second_chance_round.eliminated.has_value() == (losers.size() % 2 == 1));
    if (second_chance_round.eliminated) {
      for (const auto& l : losers) CHECK(l.seed <= second_chance_round.eliminated->seed);
      log.out.insert(second_chance_round.eliminated->id);
      in_mulligan.insert(second_chance_round.eliminated->id);
    }
    CHECK(in_mulligan.size() == losers.size());
    const auto second_chance = play(second_chance_round.games, referee, log, true);
    advancing.insert(advancing.end(), second_chance.begin(), second_chance.end());
    advancing = play(ok(round_after_mulligan(advancing)), referee, log, true);
  }
  for (int guard = 0; guard < 10 && advancing.size() > 1; ++guard)
    advancing = play(ok(next_round(advancing)), referee, log, true);
  REQUIRE(advancing.size() == 1);
  log.champion = advancing[0];
  return log;
}

}  // namespace

TEST_CASE("elimination: seeds in bracket order, so that 1 and 2 can only meet in the final") {
  CHECK(bracket_seed_order(1) == std::vector<int>{1});
  CHECK(bracket_seed_order(2) == std::vector<int>{1, 2});
  CHECK(bracket_seed_order(4) == std::vector<int>{1, 4, 2, 3});
  CHECK(bracket_seed_order(8) == std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6});
  CHECK(bracket_seed_order(16) == std::vector<int>{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11});
  CHECK_THROWS_AS(bracket_seed_order(6), std::invalid_argument);
}

TEST_CASE("elimination: byes go to the top seeds when the field is not a power of two") {
  // 6 players in a bracket of 8: seeds 1 and 2 sit out round 1.
  CHECK(seeds_of(ok(seeded_round(field(6)))) == std::vector<std::pair<int, int>>{{1, 0}, {4, 5}, {2, 0}, {3, 6}});
  for (int n = 2; n <= 33; ++n) {
    CAPTURE(n);
    int size = 1;
    while (size < n) size *= 2;
    const auto round = ok(seeded_round(field(n)));
    CHECK(static_cast<int>(round.size()) == size / 2);
    std::set<int> seen;
    for (const auto& slot : round) {
      seen.insert(slot.top.seed);
      if (slot.bottom) {
        seen.insert(slot.bottom->seed);
        CHECK(slot.top.seed > size - n);  // a bye holder never plays round 1
      } else {
        CHECK(slot.top.seed <= size - n);
      }
    }
    CHECK(static_cast<int>(seen.size()) == n);
  }
}

TEST_CASE("swiss-elimination: the playoff of the top 8 is 1v8, 4v5, 2v7, 3v6, and of the top 4 1v4, 2v3") {
  const std::vector<PlayerId> ranking{50, 40, 30, 20, 10, 60, 70, 80, 90};
  const auto eight = ok(playoff_round(ranking, 8));
  REQUIRE(eight.size() == 4);
  CHECK(seeds_of(eight) == std::vector<std::pair<int, int>>{{1, 8}, {4, 5}, {2, 7}, {3, 6}});
  CHECK(eight[0].top.id == 50);
  CHECK(eight[0].bottom->id == 80);
  CHECK(seeds_of(ok(playoff_round(ranking, 4))) == std::vector<std::pair<int, int>>{{1, 4}, {2, 3}});
  // Then by bracket position: the winner of 1v8 meets the winner of 4v5.
  const auto semis = ok(next_round({eight[0].top, *eight[1].bottom, *eight[2].bottom, eight[3].top}));
  CHECK(seeds_of(semis) == std::vector<std::pair<int, int>>{{1, 5}, {3, 7}});
  CHECK(refused_at(playoff_round(ranking, 6), "size"));
  CHECK(refused_at(playoff_round(ranking, 16), "size"));
}

TEST_CASE("elimination: events of 2 to 33 players without a mulligan") {
  for (int n = 2; n <= 33; ++n) {
    CAPTURE(n);
    // Seed-true results: the favourites meet as late as possible.
    const auto seed_true = run_event(n, false, Referee{std::mt19937_64(n), true});
    CHECK(seed_true.champion->seed == 1);
    CHECK(seeds_of(seed_true.rounds.back()) == std::vector<std::pair<int, int>>{{1, 2}});
    if (n >= 4) {
      CHECK(seeds_of(seed_true.rounds[seed_true.rounds.size() - 2]) ==
            std::vector<std::pair<int, int>>{{1, 4}, {2, 3}});
    }
    for (int trial = 0; trial < 20; ++trial) {
      const auto log = run_event(n, false, Referee{std::mt19937_64(n * 100 + trial), false});
      CHECK(log.games == n - 1);  // every game eliminates one
      for (const auto& [player, losses] : log.losses) CHECK(losses == 1);
      CHECK(log.losses.count(log.champion->id) == 0);
    }
  }
}

TEST_CASE("elimination: events of 2 to 33 players with the mulligan round") {
  for (int n = 2; n <= 33; ++n) {
    for (int trial = 0; trial < 20; ++trial) {
      CAPTURE(n);
      CAPTURE(trial);
      const auto log = run_event(n, true, Referee{std::mt19937_64(n * 1000 + trial), trial == 0});
      // Round 1's games eliminate nobody, every later game its loser, and the mulligan's odd loser
      // out goes without a game: all but the champion go out.
      CHECK(log.games == (n - 1) + log.round_one_games - log.round_one_games % 2);
      CHECK(static_cast<int>(log.out.size()) == n - 1);
      CHECK(log.out.count(log.champion->id) == 0);
      for (const auto& [player, losses] : log.losses) CHECK(losses <= 2);
      if (trial == 0) CHECK(log.champion->seed == 1);
    }
  }
}

TEST_CASE("elimination: the mulligan folds round 1's losers by seed and drops the worst when they are odd") {
  // 8 players: round 1 is 1v8, 4v5, 2v7, 3v6; say 8, 5, 7 and 3 win.
  const auto mulligan = ok(mulligan_round({{1001, 1}, {1004, 4}, {1002, 2}, {1006, 6}}));
  CHECK(seeds_of(mulligan.games) == std::vector<std::pair<int, int>>{{1, 6}, {2, 4}});
  CHECK_FALSE(mulligan.eliminated.has_value());
  const auto odd = ok(mulligan_round({{1003, 3}, {1009, 9}, {1005, 5}}));
  CHECK(seeds_of(odd.games) == std::vector<std::pair<int, int>>{{3, 5}});
  CHECK(odd.eliminated == Entrant{1009, 9});
  CHECK(ok(mulligan_round({})).games.empty());
  // Round 2: the 4 winners and 2 second-chance winners, re-seeded: byes to seeds 1 and 3.
  const auto round_two = ok(round_after_mulligan({{1008, 8}, {1005, 5}, {1007, 7}, {1003, 3}, {1001, 1}, {1004, 4}}));
  CHECK(seeds_of(round_two) == std::vector<std::pair<int, int>>{{1, 0}, {5, 7}, {3, 0}, {4, 8}});
}

TEST_CASE("elimination: malformed rounds are refused") {
  CHECK(refused_at(mulligan_round({{1, 1}, {1, 2}}), "round_one_losers[1]"));
  CHECK(refused_at(seeded_round({}), "entrants"));
  CHECK(refused_at(seeded_round({{1, 1}, {1, 2}}), "entrants[1]"));
  CHECK(refused_at(seeded_round({{1, 1}, {2, 1}}), "entrants[1]"));
  CHECK(refused_at(next_round(field(3)), "winners"));
  CHECK(ok(next_round(field(1))).empty());
  const auto lone = ok(seeded_round(field(1)));
  REQUIRE(lone.size() == 1);
  CHECK_FALSE(lone[0].bottom.has_value());
}

}  // namespace elimination_test
