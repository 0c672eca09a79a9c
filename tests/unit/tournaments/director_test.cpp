// The tournament director's rules (server/tournaments/director.hpp): given the stored rounds and
// results, the next round of each format (Swiss with byes and withdrawals, round-robin pools,
// the Swiss-elimination cut, elimination with byes and the mulligan), a title's result mapped to
// the seats (a drawn Wilderness War game a French win, 13.14), and the standings.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "server/tournaments/director.hpp"

namespace director_test {

using namespace warpath::server::tournaments;

namespace {

TournamentState field(FormatConfig format, int players) {
  TournamentState state;
  state.format = std::move(format);
  for (int i = 1; i <= players; ++i) state.players.push_back({i * 10, i, 2000.0 - i * 10, false});
  return state;
}

const EntrantState& entrant(const TournamentState& s, PlayerId id) {
  return *std::find_if(s.players.begin(), s.players.end(), [&](const auto& e) { return e.id == id; });
}

// Plays the planned round into the state: byes and forfeits as planned, every game won by
// `winner` (default: the better seed), player1 in the first seat.
using Winner = std::function<std::optional<PlayerId>(const TournamentState&, PlayerId, PlayerId)>;
PlannedRound play(TournamentState& state, const Winner& winner = nullptr) {
  auto next = next_round(state);
  REQUIRE(std::holds_alternative<PlannedRound>(next));
  const auto planned = std::get<PlannedRound>(next);
  const int number = static_cast<int>(state.rounds.size()) + 1;
  state.rounds.push_back({number, planned.stage, true});
  for (const auto& p : planned.pairings) {
    PairingState s;
    s.round = number;
    s.player1 = p.player1;
    s.player2 = p.player2;
    s.pool = p.pool;
    if (!p.player2) {
      s.outcome = Outcome::first_wins;
    } else {
      s.first = p.player1;
      s.second = p.player2;
      if (p.decided) {
        s.outcome = *p.decided;
        s.forfeit = true;
      } else {
        std::optional<PlayerId> w;
        if (winner) w = winner(state, p.player1, *p.player2);
        if (!winner) w = entrant(state, p.player1).seed < entrant(state, *p.player2).seed ? p.player1 : *p.player2;
        s.outcome = !w ? Outcome::draw : *w == p.player1 ? Outcome::first_wins : Outcome::second_wins;
      }
    }
    state.pairings.push_back(s);
  }
  return planned;
}

bool finished(const TournamentState& state) { return std::holds_alternative<NoMoreRounds>(next_round(state)); }

std::set<PlayerId> players_in(const PlannedRound& round) {
  std::set<PlayerId> out;
  for (const auto& p : round.pairings) {
    out.insert(p.player1);
    if (p.player2) out.insert(*p.player2);
  }
  return out;
}

}  // namespace

TEST_CASE("director: a Swiss pairs everyone each round, the bye to the lowest, no rematch, then ends") {
  auto state = field({"swiss", 3, 0, 0, false, false}, 5);
  const auto r1 = play(state);
  CHECK(r1.stage == "swiss");
  CHECK(r1.name == "Round 1");
  REQUIRE(r1.pairings.size() == 3);
  CHECK(players_in(r1).size() == 5);
  const auto bye = std::find_if(r1.pairings.begin(), r1.pairings.end(), [](auto& p) { return !p.player2; });
  REQUIRE(bye != r1.pairings.end());
  CHECK(bye->player1 == 50);  // the lowest in the pairing order
  CHECK(bye->decided == Outcome::first_wins);
  const auto r2 = play(state);
  CHECK(r2.name == "Round 2");
  std::set<std::pair<PlayerId, PlayerId>> met;
  for (const auto& p : state.pairings)
    if (p.player2) CHECK(met.insert(std::minmax(p.player1, *p.player2)).second);  // never twice
  play(state);
  CHECK(finished(state));
  // A player who withdraws is not paired again.
  auto withdrawals = field({"swiss", 3, 0, 0, false, false}, 4);
  play(withdrawals);
  withdrawals.players[1].withdrawn = true;
  const auto after = play(withdrawals);
  CHECK_FALSE(players_in(after).count(20));
  CHECK(after.pairings.size() == 2);  // three left: a game and a bye
}

TEST_CASE("director: round-robin pools, snake-seeded, all pools each round, a withdrawn player forfeits") {
  auto state = field({"round_robin", 0, 3, 0, false, true}, 6);  // pools of 3: {10, 40, 50} and {20, 30, 60}
  const auto r1 = play(state);
  CHECK(r1.stage == "pool");
  CHECK(r1.name == "Pool round 1");
  CHECK(r1.rounds_planned == 3);
  CHECK(planned_rounds(state.format, 6) == 3);
  REQUIRE(r1.pairings.size() == 4);  // a game and a bye in each pool
  for (const auto& p : r1.pairings) {
    REQUIRE(p.pool);
    const std::set<PlayerId> pool1 = {10, 40, 50};
    CHECK(pool1.count(p.player1) == (*p.pool == 1 ? 1u : 0u));
    if (p.player2) CHECK(p.sides_fixed);  // balanced sides: the Berger table's seats
  }
  state.players[3].withdrawn = true;  // 40
  const auto r2 = play(state);
  for (const auto& p : r2.pairings)
    if (p.player2 && (p.player1 == 40 || *p.player2 == 40)) {
      CHECK(p.decided == Outcome::first_wins);
      CHECK(p.player2 == 40);
    }
  play(state);
  CHECK(finished(state));
  // Every pair of a pool met once.
  std::set<std::pair<PlayerId, PlayerId>> met;
  for (const auto& p : state.pairings)
    if (p.player2) CHECK(met.insert(std::minmax(p.player1, *p.player2)).second);
  CHECK(met.size() == 6);
  const auto table = std::get<Standings>(standings(state));
  CHECK(table.tiebreaks == pool_tie_breaks);
  REQUIRE(table.rows.size() == 6);
  CHECK(table.rows[0].pool == 1);
  CHECK(table.rows[0].id == 10);  // won both its games
  CHECK(table.rows[0].rank == 1);
  CHECK(table.rows[3].pool == 2);
  CHECK(table.rows[3].rank == 1);
}

TEST_CASE("director: elimination seeds a bracket with byes to the top seeds; a draw sends the better seed through") {
  auto state = field({"elimination", 0, 0, 0, false, false}, 6);
  const auto r1 = play(state, [](const TournamentState&, PlayerId, PlayerId) { return std::nullopt; });  // draws
  CHECK(r1.stage == "elimination");
  CHECK(r1.name == "Quarter-final");
  CHECK(r1.rounds_planned == 3);
  int byes = 0;
  for (const auto& p : r1.pairings)
    if (!p.player2) {
      ++byes;
      CHECK((p.player1 == 10 || p.player1 == 20));
    }
  CHECK(byes == 2);
  const auto r2 = play(state);
  CHECK(r2.name == "Semi-final");
  CHECK(players_in(r2) == std::set<PlayerId>{10, 20, 30, 40});  // the drawn games went to seeds 3 and 4
  const auto r3 = play(state);
  CHECK(r3.name == "Final");
  CHECK(finished(state));
  const auto table = std::get<Standings>(standings(state));
  CHECK(table.rows[0].id == 10);
  CHECK(table.rows[0].rank == 1);
  CHECK_FALSE(table.rows[0].eliminated);
  CHECK(table.rows[1].id == 20);
  CHECK(table.rows[1].eliminated);
  CHECK(table.rows[2].rank == 3);
  CHECK(table.rows[3].rank == 3);  // both semi-final losers
}

TEST_CASE("director: with a mulligan, round 1's losers play a second chance and its winners rejoin") {
  auto state = field({"elimination", 0, 0, 0, true, false}, 8);
  const auto r1 = play(state);
  CHECK(r1.pairings.size() == 4);
  CHECK(r1.rounds_planned == 5);  // round 1, the mulligan, then a bracket of 6
  const auto r2 = play(state);
  CHECK(r2.stage == "mulligan");
  CHECK(r2.name == "Second chance");
  CHECK(players_in(r2) == std::set<PlayerId>{50, 60, 70, 80});
  const auto r3 = play(state);
  CHECK(r3.stage == "elimination");
  CHECK(players_in(r3) == std::set<PlayerId>{10, 20, 30, 40, 50, 60});
  play(state);
  play(state);
  CHECK(finished(state));
}

TEST_CASE("director: a Swiss-elimination cuts the top of the Swiss standings to a playoff, leaving out withdrawals") {
  auto state = field({"swiss_elimination", 2, 0, 4, false, false}, 6);
  CHECK(planned_rounds(state.format, 6) == 4);
  play(state);
  play(state);
  state.players[0].withdrawn = true;  // the leader withdraws before the cut
  const auto cut = play(state);
  CHECK(cut.stage == "playoff");
  CHECK(cut.name == "Semi-final");
  REQUIRE(cut.pairings.size() == 2);
  CHECK_FALSE(players_in(cut).count(10));
  const auto final = play(state);
  CHECK(final.stage == "playoff");
  CHECK(final.name == "Final");
  CHECK(finished(state));
  const auto table = std::get<Standings>(standings(state));
  CHECK(table.tiebreaks == std::vector<TieBreak>{TieBreak::buchholz, TieBreak::median_buchholz});
  // The playoff's champion first, its finalist second, then the semi-finalists.
  const auto champion = final.pairings[0].player1;
  CHECK(table.rows[0].id == champion);
  CHECK(table.rows[1].rank == 2);
  CHECK(table.rows[2].rank == 3);
  CHECK(table.rows[3].rank == 4);  // the other semi-finalist, lower in the Swiss
  CHECK(table.rows[3].eliminated);
  CHECK(table.rows[4].eliminated);  // not in the playoff
}

TEST_CASE("director: a title's result on the seats; a draw counts for the title's draw winner") {
  CHECK(seat_outcome(std::string("british"), "french", std::string("french")) == Outcome::second_wins);
  CHECK(seat_outcome(std::string("french"), "french", std::string("french")) == Outcome::first_wins);
  CHECK(seat_outcome(std::nullopt, "french", std::string("french")) == Outcome::first_wins);  // 13.14
  CHECK(seat_outcome(std::nullopt, "red", std::string("blue")) == Outcome::second_wins);
  CHECK(seat_outcome(std::nullopt, "red", std::nullopt) == Outcome::draw);
}

TEST_CASE("director: the next round waits for the current one, and bad formats are refused") {
  auto state = field({"swiss", 2, 0, 0, false, false}, 4);
  play(state);
  state.rounds.back().finished = false;
  CHECK(std::holds_alternative<InputError>(next_round(state)));
  auto bad = field({"ladder", 0, 0, 0, false, false}, 4);
  CHECK(std::holds_alternative<InputError>(next_round(bad)));
}

}  // namespace director_test
