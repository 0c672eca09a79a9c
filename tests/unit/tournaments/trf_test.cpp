// The FIDE tournament report (server/tournaments/trf): the header lines and the 001 lines' fixed
// columns for a five-player Swiss with byes and a forfeit, against a hand-written file.
#include <doctest/doctest.h>

#include "server/tournaments/trf.hpp"
#include "tests/unit/tournaments/example_swiss.hpp"

namespace trf_test {

using namespace warpath::server::tournaments;

namespace {

std::vector<TrfPlayer> players() {
  std::vector<TrfPlayer> list(5);
  list[0] = {11, "Montcalm, Louis", 1720, ' ', "", "FRA", "", std::nullopt};
  list[1] = {12, "Amherst, Jeffery", 1650, ' ', "", "GBR", "", std::nullopt};
  list[2] = {13, "Levis, Francois", 1600, ' ', "", "", "", std::nullopt};
  list[3] = {14, "Wolfe, James", 1580, ' ', "", "", "", std::nullopt};
  list[4] = {15, "Johnson, William", std::nullopt, ' ', "", "", "", std::nullopt};
  return list;
}

TrfTournament tournament() {
  TrfTournament t;
  t.name = "Warpath Autumn Swiss";
  t.start = TrfDate{2026, 11, 1};
  t.end = TrfDate{2026, 11, 30};
  t.type = "Swiss (Warpath)";
  t.round_dates = {{2026, 11, 1}, {2026, 11, 10}, {2026, 11, 20}};
  return t;
}

}  // namespace

TEST_CASE("TRF16: header lines and one 001 line per player in the format's columns") {
  // clang-format off
  // Columns:  1-3 001, 5-8 rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
  // 58-68 FIDE number, 70-79 birth, 81-84 points, 86-89 rank, rounds from 92 every 10 columns.
  //            1         2         3         4         5         6         7         8         9         0         1         2
  //   123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890
  const char* expected =
      "012 Warpath Autumn Swiss\n"
      "042 2026/11/01\n"
      "052 2026/11/30\n"
      "062 5\n"
      "072 4\n"
      "092 Swiss (Warpath)\n"
      "132                                                                                        26/11/01  26/11/10  26/11/20\n"
      "001    1      Montcalm, Louis                   1720 FRA                         2.0    3     2 w 1     5 b 1     3 b 0\n"
      "001    2      Amherst, Jeffery                  1650 GBR                         1.5    4     1 b 0     3 w =  0000 - U\n"
      "001    3      Levis, Francois                   1600                             2.0    2     4 w =     2 b =     1 w 1\n"
      "001    4      Wolfe, James                      1580                             2.5    1     3 b =  0000 - U     5 w +\n"
      "001    5      Johnson, William                                                   1.0    5  0000 - U     1 w 0     4 b -\n";
  // clang-format on
  const auto written = write_trf(tournament(), players(), example_swiss(), swiss_tie_breaks);
  REQUIRE(std::holds_alternative<std::string>(written));
  CHECK(std::get<std::string>(written) == expected);
}

TEST_CASE("TRF16: sex, title, FIDE number and birth date in their columns; long names cut whole characters") {
  auto list = players();
  list[0].sex = 'm';
  list[0].title = "FM";
  list[0].fide_number = "12345678";
  list[0].birth = TrfDate{1712, 2, 28};
  // 32 ASCII bytes then a two-byte "é": the 33-byte field keeps the ASCII and drops the é.
  list[1].name = std::string(32, 'x') + "\xc3\xa9" + "tail";
  TournamentResults results = example_swiss();
  results.rounds = 1;
  results.games.resize(2);
  results.byes.resize(1);
  TrfTournament cup;
  cup.name = "Cup";
  const auto written = write_trf(cup, list, results, swiss_tie_breaks);
  REQUIRE(std::holds_alternative<std::string>(written));
  const std::string text = std::get<std::string>(written);
  CHECK(text.find(
            "001    1 m FM Montcalm, Louis                   1720 FRA    12345678 1712/02/28  1.0    1     2 w 1\n") !=
        std::string::npos);
  CHECK(text.find("001    2      " + std::string(32, 'x') + "  1650 GBR") != std::string::npos);
  CHECK(text.find("062 5\n072 4\n") != std::string::npos);
}

TEST_CASE("TRF16: bad player or tournament data is refused") {
  const auto refused = [](const TrfTournament& t, const std::vector<TrfPlayer>& list) {
    auto written = write_trf(t, list, example_swiss(), swiss_tie_breaks);
    REQUIRE(std::holds_alternative<InputError>(written));
    return std::get<InputError>(written).where;
  };
  auto list = players();
  list[2].rating = 10000;
  CHECK(refused(tournament(), list) == "players[2].rating");
  list = players();
  list[0].name = "Line\nbreak";
  CHECK(refused(tournament(), list) == "players[0].name");
  list = players();
  list.pop_back();
  CHECK(refused(tournament(), list) == "players");
  auto t = tournament();
  t.round_dates.pop_back();
  CHECK(refused(t, players()) == "round_dates");
  t = tournament();
  t.start->month = 13;
  CHECK(refused(t, players()) == "start");
}

}  // namespace trf_test
