// Several nodes on one database (docs/ARCHITECTURE.md "Several nodes"): game leases
// and their fence, through two real servers. Under integration_tests.postgresql.* the nodes share
// a PostgreSQL database; under integration.* one SQLite file (nodes with names take leases there
// too). On PostgreSQL only, the events between nodes: a timeout the scheduler's node finds is
// applied by the node serving the game, and the ratings it commits reach the other node's book.

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <random>

#include "server/storage/database.hpp"
#include "tests/integration/harness.hpp"
#include "tests/integration/test_clock.hpp"
#include "tests/support/test_postgres.hpp"

namespace cluster_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

std::unique_ptr<ServerProcess> node(const std::string& id, const std::string& db = {},
                                    const std::vector<std::string>& more = {}) {
  ServerOptions options = server_options();
  options.db = db;
  options.extra_args.insert(options.extra_args.end(), {"--node-id", id});
  options.extra_args.insert(options.extra_args.end(), more.begin(), more.end());
  return std::make_unique<ServerProcess>(options);
}

CreatedGame create(ServerProcess& server) {
  const auto res = HttpClient(server.host(), server.port())
                       .post("/api/games", json{{"title", "test-duel"}, {"scenario", "standard"}, {"seed", 20}});
  REQUIRE_MESSAGE(res.status == 201, res.raw_body);
  CreatedGame game;
  game.id = res.body.at("id").get<std::int64_t>();
  for (const auto& [role, token] : res.body.at("seats").items()) game.tokens[role] = token.get<std::string>();
  return game;
}

std::unique_ptr<SeatClient> seat(ServerProcess& server, const CreatedGame& game, const std::string& role) {
  auto client = std::make_unique<SeatClient>(server.host(), server.port());
  client->join(game.id, role, game.tokens.at(role));
  return client;
}

// A legal action of the seat's view; the seat must be the one to act.
json act(SeatClient& client, std::mt19937& rng) {
  const auto choice = random_action(client.view()["actions"], rng, 0);
  REQUIRE_MESSAGE(choice.has_value(), client.seat(), " has no action: ", client.view().dump());
  return client.act(choice->verb, choice->arg);
}

std::int64_t count(const std::string& db, const std::string& sql) {
  warpath::server::storage::Connection c(db);
  auto q = c.prepare(sql);
  REQUIRE(q.step());
  return q.column_int(0);
}

std::string text(const std::string& db, const std::string& sql) {
  warpath::server::storage::Connection c(db);
  auto q = c.prepare(sql);
  return q.step() ? q.column_text(0) : std::string();
}

// Starts node `id` on a new database and waits until it runs the scheduler and
// its jobs (it holds their lease).
std::unique_ptr<ServerProcess> scheduler_node(const std::string& id, const std::vector<std::string>& more) {
  auto n = node(id, {}, more);
  REQUIRE(
      eventually([&] { return text(n->db_location(), "SELECT node FROM job_leases WHERE job = 'scheduler'") == id; }));
  return n;
}

// Monday 2026-11-23 10:00 UTC.
constexpr std::int64_t start_ms = 1'795'392'000'000 + 10 * 3'600'000;
constexpr std::int64_t hour = 3'600'000;

}  // namespace

TEST_CASE("lease fencing: of two nodes forced to load the same game, only the lease's holder commits") {
  auto a = node("a");
  auto b = node("b", a->db_location());
  const CreatedGame game = create(*a);
  std::mt19937 rng(20);

  // Node a serves the game: its first move is stored.
  auto red_on_a = seat(*a, game, "red");
  auto blue_on_a = seat(*a, game, "blue");
  REQUIRE(active_role(red_on_a->view()) == "red");
  REQUIRE(SeatClient::accepted(act(*red_on_a, rng)));
  blue_on_a->wait_for_version(1);
  REQUIRE(active_role(blue_on_a->view()) == "blue");
  // Node b is told where the game is, and how long a's lease still runs.
  {
    SeatClient on_b(b->host(), b->port());
    on_b.ws().send(json{{"type", "join"}, {"game", game.id}, {"seat", "blue"}, {"token", game.tokens.at("blue")}});
    const auto refused = on_b.wait_for_type("error");
    REQUIRE(refused.value("code", "") == "moved");
    CHECK(refused["node"] == "a");
    CHECK(refused["retry_after_ms"].get<std::int64_t>() > 0);
    const auto http = HttpClient(b->host(), b->port()).get("/api/games/" + std::to_string(game.id) + "/view");
    CHECK(http.status == 307);
  }

  // a stalls past its lease (forced here: the lease's expiry is set in the past) and b takes the
  // game: both nodes now have it loaded.
  warpath::server::storage::Connection(a->db_location())
      .exec("UPDATE game_leases SET expires_at = 1 WHERE game_id = " + std::to_string(game.id));
  auto on_b = seat(*b, game, "blue");
  CHECK(on_b->version() == 1);
  auto red_on_b = seat(*b, game, "red");
  // a's move is refused by the fence: nothing stored, and a's connection is sent to b.
  const json refused = act(*blue_on_a, rng);
  CHECK(refused.value("type", "") == "error");
  CHECK(refused.value("code", "") == "moved");
  CHECK(refused.value("node", "") == "b");
  CHECK(count(a->db_location(), "SELECT COUNT(*) FROM moves WHERE game_id = " + std::to_string(game.id)) == 1);
  // b, the holder, goes on.
  SeatClient& mover = active_role(red_on_b->view()) == "red" ? *red_on_b : *on_b;
  const json played = act(mover, rng);
  REQUIRE(SeatClient::accepted(played));
  CHECK(SeatClient::answered_version(played) == 2);
  CHECK(count(a->db_location(), "SELECT COUNT(*) FROM moves WHERE game_id = " + std::to_string(game.id)) == 2);
  CHECK(count(a->db_location(), "SELECT epoch FROM game_leases WHERE game_id = " + std::to_string(game.id)) == 2);

  // One history: the stored game replays from move 0.
  const std::string command = std::string(WARPATH_BINARY) + " replay --db '" + a->db_location() + "' --game " +
                              std::to_string(game.id) + " > /dev/null";
  const int status = std::system(command.c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("a node that lost a game's lease while nobody acted sends its connections to the holder") {
  // Renewals every 300 ms: the loss is found within a second.
  auto a = node("a", {}, {"--lease-ttl-ms", "900"});
  auto b = node("b", a->db_location());
  const CreatedGame game = create(*a);
  auto red_on_a = seat(*a, game, "red");
  warpath::server::storage::Connection(a->db_location())
      .exec("UPDATE game_leases SET expires_at = 1 WHERE game_id = " + std::to_string(game.id));
  auto red_on_b = seat(*b, game, "red");
  // Nobody acts on a: its renewal finds the lease gone and tells its connection where the game is.
  const json moved =
      red_on_a->wait_for([](const json& m) { return m.value("code", "") == "moved"; }, std::chrono::milliseconds(5000));
  CHECK(moved.value("node", "") == "b");
  CHECK(moved.value("game", std::int64_t{0}) == game.id);
}

TEST_CASE("cluster events: a timeout found by the scheduler's node is applied by the node serving the game") {
  if (!test_postgres_url("postgres")) return;  // LISTEN/NOTIFY: the nodes of a PostgreSQL cluster only
  TestClock clock("cluster-timeout", start_ms);
  auto a = scheduler_node("a", {"--test-clock", clock.path()});
  auto b = node("b", a->db_location(), {"--test-clock", clock.path()});
  // A game whose clocks the server applies itself, served by b: its players are connected there.
  const auto res =
      HttpClient(b->host(), b->port())
          .post("/api/games", json{{"title", "test-duel"},
                                   {"scenario", "standard"},
                                   {"seed", 20},
                                   {"time_control", {{"preset", "7_per_day"}, {"automatic_timeout", true}}}});
  REQUIRE_MESSAGE(res.status == 201, res.raw_body);
  CreatedGame game;
  game.id = res.body.at("id").get<std::int64_t>();
  for (const auto& [role, token] : res.body.at("seats").items()) game.tokens[role] = token.get<std::string>();
  auto red = seat(*b, game, "red");
  auto blue = seat(*b, game, "blue");
  const std::string lease = "SELECT node FROM game_leases WHERE game_id = " + std::to_string(game.id);
  REQUIRE(text(a->db_location(), lease) == "b");
  REQUIRE(active_role(red->view()) == "red");

  // Red's bank (a day) and the grace period (a day) run out: a's scheduler finds the timeout, b
  // applies it, and b's players see the game end.
  clock.advance(2 * 24 * hour + hour);
  const json over = blue->wait_for([](const json& m) { return m.value("type", "") == "game_over"; },
                                   std::chrono::milliseconds(10000));
  CHECK(over["result"]["winner"] == "blue");
  CHECK(over["result"]["score"]["timeout"] == "red");
  CHECK(red->wait_for_type("game_over")["result"] == over["result"]);
  const auto status = HttpClient(b->host(), b->port()).get("/api/games/" + std::to_string(game.id));
  CHECK(status.body["status"] == "over");
  CHECK(count(a->db_location(),
              "SELECT COUNT(*) FROM moves WHERE verb = 'timeout' AND game_id = " + std::to_string(game.id)) == 1);
  CHECK(text(a->db_location(), lease) == "b");  // b kept serving it
}

TEST_CASE("cluster events: the ratings the scheduler's node commits reach the other node's rating book") {
  if (!test_postgres_url("postgres")) return;  // LISTEN/NOTIFY: the nodes of a PostgreSQL cluster only
  TestClock clock("cluster-ratings", start_ms);
  auto a = scheduler_node("a", {"--test-clock", clock.path()});
  auto b = node("b", a->db_location(), {"--test-clock", clock.path()});
  // Alice and Bob play a rated game on b; Alice resigns.
  auto alice = sign_up(*b, "alice"), bob = sign_up(*b, "bob");
  const auto proposed =
      alice.ok("POST", "/api/lobby",
               {{"title", "test-duel"}, {"scenario", "standard"}, {"seat", "red"}, {"rated", true}}, 201)["listing"];
  const auto joined = bob.ok("POST", "/api/lobby/" + std::to_string(proposed["id"].get<std::int64_t>()) + "/join",
                             json::object())["listing"];
  REQUIRE(joined["game"].is_number_integer());
  alice.ok("POST", "/api/games/" + std::to_string(joined["game"].get<std::int64_t>()) + "/resign");
  // a rates it.
  REQUIRE(eventually([&] { return count(a->db_location(), "SELECT COUNT(*) FROM rated_games") == 1; }, 150));

  // Alice's next listing shows her new rating on both nodes: b's book followed a's.
  const auto listing =
      alice.ok("POST", "/api/lobby",
               {{"title", "test-duel"}, {"scenario", "standard"}, {"seat", "red"}, {"rated", true}}, 201)["listing"];
  const std::string path = "/api/lobby/" + std::to_string(listing["id"].get<std::int64_t>());
  User alice_on_a = alice;
  alice_on_a.http = HttpClient(a->host(), a->port());
  const auto on_a = alice_on_a.ok("GET", path)["listing"]["players"][0]["rating"];
  REQUIRE(on_a.is_number_integer());
  CHECK(on_a.get<std::int64_t>() < 1500);  // she lost
  CHECK(eventually([&] { return alice.ok("GET", path)["listing"]["players"][0]["rating"] == on_a; }, 50));
}

}  // namespace cluster_test
