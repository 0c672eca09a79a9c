// Replays over HTTP (GET /api/games/{id}/replay): at every version of random games, each seat's
// replayed view is the view that seat was sent live (kept by its connection, version by version),
// and its log page the lines that seat held then;
// while a game is on, a seat's view is stepped through by its holder only, the other player and
// strangers being refused; once it is over anyone steps through any side.
#include <doctest/doctest.h>

#include <map>
#include <random>

#include "tests/integration/harness.hpp"

namespace replay_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

std::string replay(std::int64_t game, std::uint64_t version, const std::string& seat) {
  return "/api/games/" + std::to_string(game) + "/replay?version=" + std::to_string(version) + "&seat=" + seat;
}

}  // namespace

TEST_CASE("replays: every version's replayed view is the view the seat was sent live") {
  // Snapshots inside the games (replays start from them), and games created faster than a player would.
  Harness h({"--snapshot-every", "5", "--games-per-ip-per-minute", "1000"});
  auto http = h.http();
  constexpr int games = WARPATH_REPLAY_GAMES;
  int refused_while_on = 0;
  for (int g = 0; g < games; ++g) {
    const CreatedGame game = h.create_game("short", 500 + g);
    std::map<std::string, std::unique_ptr<SeatClient>> seats;
    for (const char* seat : {"red", "blue", "spectator"}) seats[seat] = h.join(game, seat);
    std::map<std::string, std::map<std::uint64_t, json>> seen;
    struct HeldLog {
      std::size_t size = 0, first = 0;
      std::vector<json> lines;
    };
    std::map<std::string, std::map<std::uint64_t, HeldLog>> logs;
    auto remember = [&] {
      for (auto& [name, client] : seats) {
        seen[name][client->version()] = client->view();
        const auto& replica = client->replica();
        logs[name][client->version()] = {replica.log_size(), replica.log_first(), replica.held_lines()};
      }
    };
    auto check_log = [&](const json& answer, const std::string& seat, std::uint64_t v) {
      const auto& held = logs[seat][v];
      CHECK(answer["log_size"] == held.size);
      const auto& lines = answer["log"]["lines"];
      const std::size_t from = answer["log"]["from"];
      CHECK(from + lines.size() == held.size);
      for (std::size_t i = 0; i < lines.size(); ++i)
        if (from + i >= held.first) CHECK_MESSAGE(lines[i] == held.lines[from + i - held.first], seat, " version ", v);
    };
    remember();
    std::mt19937 rng(static_cast<std::uint32_t>(g));
    while (true) {
      const json active = seats["red"]->view()["active"];
      if (!active.is_string() || active.get<std::string>().empty()) break;
      auto& actor = *seats[active.get<std::string>()];
      const auto choice = random_action(actor.view()["actions"], rng, 0.15);
      if (!choice) break;
      const auto before = actor.version();
      actor.send_action(choice->verb, choice->arg);
      for (auto& [name, client] : seats) client->wait_for_version(before + 1);
      remember();
      if (before + 1 >= (g % 2 ? 10u : 80u)) break;  // odd games stop while still on
    }
    const auto last = seats["red"]->version();
    for (std::uint64_t v = 0; v <= last; ++v) {
      for (const char* seat : {"red", "blue"}) {
        const auto res = http.get(replay(game.id, v, seat), game.tokens.at(seat));
        REQUIRE_MESSAGE(res.status == 200, res.raw_body);
        CHECK_MESSAGE(res.body["view"] == seen[seat][v], "game ", g, " version ", v, " seat ", seat);
        check_log(res.body, seat, v);
      }
      const auto spectator = http.get(replay(game.id, v, "spectator"));
      REQUIRE(spectator.status == 200);
      CHECK(spectator.body["view"] == seen["spectator"][v]);
      check_log(spectator.body, "spectator", v);
    }
    // While the game is on: not the other side's view, not without the seat's token.
    if (seats["red"]->view().value("active", "") != "") {
      CHECK(http.get(replay(game.id, 0, "red"), game.tokens.at("blue")).status == 401);
      CHECK(http.get(replay(game.id, 0, "red")).status == 401);
      ++refused_while_on;
    }
  }
  CHECK(refused_while_on > 0);  // some games were still on when their replays were checked
}

TEST_CASE("replays: once a game is over, anyone steps through any side") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 77);
  auto http = h.http();
  CHECK(http.get(replay(game.id, 0, "blue")).status == 401);
  CHECK(http.get(replay(game.id, 1, "red"), game.tokens.at("red")).status == 400);  // no version 1 yet
  auto red = h.join(game, "red");
  red->send_action("resign");
  red->wait_for_version(1);
  const auto blue_at_start = http.get(replay(game.id, 0, "blue"));
  REQUIRE(blue_at_start.status == 200);
  CHECK(blue_at_start.body["seat"] == "blue");
  CHECK(blue_at_start.body["view"].contains("hand"));
  const auto end = http.get(replay(game.id, 1, "red"));
  REQUIRE(end.status == 200);
  CHECK(end.body["view"]["result"]["winner"] == "blue");
  CHECK(http.get(replay(game.id, 0, "green")).status == 400);
}

}  // namespace replay_test
