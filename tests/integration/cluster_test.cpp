// Several nodes on one database (docs/ARCHITECTURE.md "Several nodes"): game leases
// and their fence, through two real servers. Under integration_tests.postgresql.* the nodes share
// a PostgreSQL database; under integration.* one SQLite file (nodes with names take leases there
// too).

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <random>

#include "server/storage/database.hpp"
#include "tests/integration/harness.hpp"

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

}  // namespace cluster_test
