// Standings and tie-breaks (server/tournaments/standings): points, Sonneborn-Berger for a pool,
// Buchholz and median-Buchholz for a Swiss with byes and a forfeit (FIDE's virtual opponent),
// the ranking order, and refused results.
#include <doctest/doctest.h>

#include "server/tournaments/standings.hpp"
#include "tests/unit/tournaments/example_swiss.hpp"

namespace standings_test {

using namespace warpath::server::tournaments;

namespace {

Crosstable table_of(const TournamentResults& results) {
  auto built = build_crosstable(results);
  REQUIRE(std::holds_alternative<Crosstable>(built));
  return std::get<Crosstable>(built);
}

}  // namespace

TEST_CASE("standings: points for wins, draws, byes and forfeits") {
  const auto table = table_of(example_swiss());
  CHECK(points(table, 0) == 2.0);
  CHECK(points(table, 1) == 1.5);
  CHECK(points(table, 2) == 2.0);
  CHECK(points(table, 3) == 2.5);
  CHECK(points(table, 4) == 1.0);
}

TEST_CASE("Buchholz and median-Buchholz: byes and forfeits count as a virtual opponent (FIDE)") {
  // Opponents' scores with their unplayed rounds as draws: 11: 2, 12: 1, 13: 2, 14: 1.5, 15: 1.
  // Unplayed rounds, Svon = SPfR + (1 - SfPR) + ½(n - R), n = 3:
  //   12 round 3 bye: 0.5 + 0 + 0 = 0.5; 14 round 2 bye: 0.5 + 0 + 0.5 = 1; 14 round 3 forfeit
  //   won: 1.5 + 0 + 0 = 1.5; 15 round 1 bye: 0 + 0 + 1 = 1; 15 round 3 forfeit lost: 1 + 1 + 0 = 2.
  // Per round:  11: 1, 1, 2   12: 2, 2, 0.5   13: 1.5, 1, 2   14: 2, 1, 1.5   15: 1, 2, 2
  const auto table = table_of(example_swiss());
  const double buchholz[] = {4.0, 4.5, 4.5, 4.5, 5.0};
  const double median[] = {1.0, 2.0, 1.5, 1.5, 2.0};
  for (std::size_t i = 0; i < 5; ++i) {
    CAPTURE(i);
    CHECK(tie_break(table, i, TieBreak::buchholz) == buchholz[i]);
    CHECK(tie_break(table, i, TieBreak::median_buchholz) == median[i]);
  }
}

TEST_CASE("Sonneborn-Berger: each opponent's score times the result against them, virtual ones too") {
  // 11: 1·1 + 1·1 + 0·2 = 2; 12: 0·2 + ½·2 + 1·0.5 = 1.5; 13: ½·1.5 + ½·1 + 1·2 = 3.25;
  // 14: ½·2 + 1·1 + 1·1.5 = 3.5; 15: 1·1 + 0·2 + 0·2 = 1.
  const auto table = table_of(example_swiss());
  const double expected[] = {2.0, 1.5, 3.25, 3.5, 1.0};
  for (std::size_t i = 0; i < 5; ++i) {
    CAPTURE(i);
    CHECK(tie_break(table, i, TieBreak::sonneborn_berger) == expected[i]);
  }
}

TEST_CASE("Swiss ranking: points, then median-Buchholz, Buchholz, Sonneborn-Berger") {
  const auto standings = rank_players(table_of(example_swiss()), swiss_tie_breaks);
  REQUIRE(standings.size() == 5);
  // 14 leads on points; 13 and 11 tie on 2 and 13's median-Buchholz (1.5) beats 11's (1).
  const PlayerId order[] = {14, 13, 11, 12, 15};
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(standings[i].player == order[i]);
    CHECK(standings[i].rank == static_cast<int>(i) + 1);
  }
  CHECK(standings[1].tie_breaks == std::vector<double>{1.5, 4.5, 3.25});
  CHECK(standings[2].starting_rank == 1);
}

TEST_CASE("pool ranking: Sonneborn-Berger breaks a tie on points; players equal on all share a rank") {
  // Four players, every one meets every other:
  //   round 1: 1-4 1-0, 2-3 ½-½; round 2: 3-1 ½-½, 4-2 0-1; round 3: 1-2 0-1, 3-4 ½-½
  // Points: 1: 1.5, 2: 2.5, 3: 1.5, 4: 0.5.
  // SB 1: 1·0.5 + ½·1.5 + 0·2.5 = 1.25; SB 3: ½·2.5 + ½·1.5 + ½·0.5 = 2.25.
  TournamentResults pool;
  pool.players = {1, 2, 3, 4};
  pool.rounds = 3;
  pool.games = {{1, 1, 4, Outcome::first_wins},  {1, 2, 3, Outcome::draw},        {2, 3, 1, Outcome::draw},
                {2, 4, 2, Outcome::second_wins}, {3, 1, 2, Outcome::second_wins}, {3, 3, 4, Outcome::draw}};
  const auto standings = rank_players(table_of(pool), pool_tie_breaks);
  CHECK(standings[0].player == 2);
  CHECK(standings[1].player == 3);
  CHECK(standings[1].tie_breaks == std::vector<double>{2.25});
  CHECK(standings[2].player == 1);
  CHECK(standings[2].tie_breaks == std::vector<double>{1.25});
  CHECK(standings[3].player == 4);
  CHECK(standings[3].rank == 4);

  TournamentResults level;
  level.players = {7, 8};
  level.rounds = 1;
  level.games = {{1, 8, 7, Outcome::draw}};
  const auto tied = rank_players(table_of(level), pool_tie_breaks);
  CHECK(tied[0].player == 7);  // starting order among equals
  CHECK(tied[0].rank == 1);
  CHECK(tied[1].rank == 1);
}

TEST_CASE("standings: a round without a game or a bye is an absence (zero points)") {
  TournamentResults results;
  results.players = {1, 2, 3};
  results.rounds = 2;
  results.games = {{1, 1, 2, Outcome::first_wins}, {2, 2, 3, Outcome::first_wins}};
  const auto table = table_of(results);
  CHECK(table.rows[2][0].kind == RoundCard::Kind::absent);
  CHECK(points(table, 2) == 0);
  // Player 3's absence in round 1: Svon = 0 + 1 + ½·1 = 1.5; round 2 against 2, who played both
  // rounds and scored 1.
  CHECK(tie_break(table, 2, TieBreak::buchholz) == 2.5);
}

TEST_CASE("standings: bad results are refused with where they are") {
  const auto refused = [](TournamentResults results) {
    auto built = build_crosstable(results);
    REQUIRE(std::holds_alternative<InputError>(built));
    return std::get<InputError>(built).where;
  };
  auto results = example_swiss();
  results.players.push_back(11);
  CHECK(refused(results) == "players[5]");
  results = example_swiss();
  results.games.push_back({4, 11, 12, Outcome::draw});
  CHECK(refused(results) == "games[6].round");
  results = example_swiss();
  results.games.push_back({1, 11, 13, Outcome::draw});
  CHECK(refused(results) == "games[6]");
  results = example_swiss();
  results.byes.push_back({2, 99, ByeKind::full});
  CHECK(refused(results) == "byes[3]");
  results = example_swiss();
  results.games[5].outcome = Outcome::draw;
  CHECK(refused(results) == "games[5].outcome");
  results = example_swiss();
  results.games[0].second = 11;
  CHECK(refused(results) == "games[0]");
}

}  // namespace standings_test
