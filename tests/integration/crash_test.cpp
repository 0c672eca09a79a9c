// kill -9 in the middle of a game: every acknowledged move must survive, and the game must go
// on from exactly where the clients were.

#include <doctest/doctest.h>

#include "tests/integration/harness.hpp"

namespace warpath::test::crash_test {
namespace {

using nlohmann::json;

struct Players {
  std::unique_ptr<SeatClient> red, blue;
  SeatClient& active() { return active_role(red->view()) == "red" ? *red : *blue; }
  bool over() const { return active_role(red->view()).empty(); }
};

Players join_players(Harness& h, const CreatedGame& game) { return {h.join(game, "red"), h.join(game, "blue")}; }

// Plays up to `moves` random moves; returns the version of the last acknowledged one.
std::uint64_t play(Players& p, std::mt19937& rng, int moves, std::uint64_t version) {
  for (int i = 0; i < moves && !p.over(); ++i) {
    SeatClient& actor = p.active();
    const auto choice = random_action(actor.view()["actions"], rng, 0.1);
    REQUIRE(choice.has_value());
    const json reply = actor.act(choice->verb, choice->arg);
    REQUIRE_MESSAGE(SeatClient::accepted(reply), actor.seat(), " ", choice->verb, " got ", reply.dump());
    const auto acked = SeatClient::answered_version(reply);
    REQUIRE(acked == version + 1);
    version = acked;
    p.red->wait_for_version(version);
    p.blue->wait_for_version(version);
  }
  return version;
}

void check_resumed(Harness& h, const CreatedGame& game, Players& before, Players& after, std::uint64_t acked) {
  CHECK_MESSAGE(after.red->version() == acked, "acknowledged version ", acked, " but the restarted server is at ",
                after.red->version());
  CHECK(after.blue->version() == acked);
  CHECK_MESSAGE(after.red->view() == before.red->view(),
                "red's view changed across the crash: ", json::diff(before.red->view(), after.red->view()).dump());
  CHECK(after.blue->view() == before.blue->view());
  CHECK(h.http_status(game.id).value("version", std::uint64_t{0}) == acked);
}

TEST_CASE("kill -9 loses no acknowledged move and the game goes on") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 31337);
  Players p = join_players(h, game);
  std::mt19937 rng(31337);

  // Killed right after an ack, twice, with play in between.
  std::uint64_t version = 0;
  for (int crash = 0; crash < 2; ++crash) {
    version = play(p, rng, 12, version);
    REQUIRE_FALSE(p.over());
    h.server().kill9();
    // The old connections must notice; a socket that stays silent would hide a zombie server.
    CHECK_THROWS_AS(p.red->pump(std::chrono::seconds(5)), ConnectionClosed);
    h.server().restart();
    Players resumed = join_players(h, game);
    check_resumed(h, game, p, resumed, version);
    p = std::move(resumed);
  }

  // Killed with an action in flight: it either committed (and then counts) or vanished.
  {
    SeatClient& actor = p.active();
    const auto choice = random_action(actor.view()["actions"], rng, 0.0);
    REQUIRE(choice.has_value());
    actor.send_action(choice->verb, choice->arg);
    h.server().kill9();
    h.server().restart();
    Players resumed = join_players(h, game);
    const auto now = resumed.red->version();
    CHECK_MESSAGE((now == version || now == version + 1), "in-flight crash left version ", now, " after ", version);
    CHECK(resumed.blue->version() == now);
    if (now == version) CHECK(resumed.red->view() == p.red->view());
    version = now;
    p = std::move(resumed);
  }

  // A move answered 200 over HTTP is acknowledged just the same.
  {
    const std::string actor = active_role(p.red->view());
    const auto choice = random_action(p.active().view()["actions"], rng, 0.0);
    REQUIRE(choice.has_value());
    const auto res =
        h.http().post("/api/games/" + std::to_string(game.id) + "/actions",
                      json{{"version", version}, {"verb", choice->verb}, {"arg", choice->arg}}, game.tokens.at(actor));
    REQUIRE_MESSAGE(res.status == 200, res.raw_body);
    version = res.body.at("version").get<std::uint64_t>();
    h.server().kill9();
    h.server().restart();
    Players resumed = join_players(h, game);
    CHECK(resumed.red->version() == version);
    CHECK((actor == "red" ? resumed.red : resumed.blue)->view() == res.body.at("view"));
    p = std::move(resumed);
  }

  version = play(p, rng, 5000, version);
  CHECK(p.over());
  if (!p.red->game_over()) p.red->wait_for_type("game_over");

  // A clean stop and start keeps the finished game as it was.
  const json final_view = p.red->view();
  CHECK(h.server().stop() == 0);
  h.server().restart();
  const json reread = h.http_view(game.id, game.tokens.at("red"));
  CHECK(reread.value("version", std::uint64_t{0}) == version);
  CHECK(reread.at("view") == final_view);
  CHECK(h.http_status(game.id).contains("result"));
}

}  // namespace
}  // namespace warpath::test::crash_test
