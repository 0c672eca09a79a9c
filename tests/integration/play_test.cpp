// Two players and a spectator play whole games over WebSocket; at every version each client's
// patched view must equal what HTTP serves that seat.

#include <doctest/doctest.h>

#include "engine/core/hash.hpp"
#include "protocol/seat_replica.hpp"
#include "tests/integration/harness.hpp"

namespace warpath::test::play_test {
namespace {

using nlohmann::json;

void check_matches_http(Harness& h, const CreatedGame& game, SeatClient& client, std::uint64_t version) {
  client.wait_for_version(version);
  REQUIRE(client.version() == version);
  const auto token = game.tokens.count(client.seat()) ? game.tokens.at(client.seat()) : std::string();
  const json fresh = h.http_view(game.id, token);
  CHECK(fresh.value("seat", "") == client.seat());
  CHECK(fresh.value("version", std::uint64_t{0}) == version);
  CHECK_MESSAGE(fresh.value("view", json()) == client.view(), client.seat(), " at version ", version,
                ": patched view differs from HTTP view; diff = ", json::diff(client.view(), fresh["view"]).dump());
  CHECK(fresh.value("hash", "") == client.hash());
  CHECK(protocol::view_hash(client.view(), client.replica().seat_keys()) == client.hash());
  // The log lines the client holds are the seat's, from the HTTP log.
  const json log = h.http().get("/api/games/" + std::to_string(game.id) + "/log?limit=500", token).body;
  CHECK(log.value("log_size", std::size_t{0}) == client.replica().log_size());
  const auto& held = client.replica().held_lines();
  const json& lines = log.at("lines");
  const std::size_t from = log.value("from", std::size_t{0});
  for (std::size_t i = std::max(from, client.replica().log_first()); i < client.replica().log_size(); ++i)
    CHECK(lines.at(i - from) == held.at(i - client.replica().log_first()));
  check_no_leak(client.view(), client.seat());
}

void play_whole_game(Harness& h, std::uint64_t seed) {
  const CreatedGame game = h.create_game("standard", seed);
  auto red = h.join(game, "red");
  auto blue = h.join(game, "blue");
  auto spectator = h.join(game, "spectator");
  SeatClient* clients[] = {red.get(), blue.get(), spectator.get()};
  for (auto* c : clients) check_matches_http(h, game, *c, 0);

  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  std::uint64_t version = 0;
  int undos = 0;
  while (!active_role(red->view()).empty()) {
    REQUIRE_MESSAGE(version < 2000, "the game does not end");
    SeatClient& actor = active_role(red->view()) == "red" ? *red : *blue;
    const auto choice = random_action(actor.view()["actions"], rng, 0.1);
    REQUIRE_MESSAGE(choice.has_value(), actor.seat(), " is active but has no actions: ", actor.view().dump());
    json reply;
    if (choice->verb == "undo") {
      ++undos;
      // Both spellings of undo are protocol: a message of its own and an action verb.
      reply = undos % 2 ? actor.wait_for_reply(actor.send_undo()) : actor.act("undo");
    } else {
      reply = actor.act(choice->verb, choice->arg);
    }
    // The acting connection's patch answers its action: it carries the action's ref, and no ack
    // follows.
    REQUIRE_MESSAGE(reply.value("type", "") == "patch", "version ", version, ": ", actor.seat(), " ", choice->verb, " ",
                    choice->arg.dump(), " got ", reply.dump());
    CHECK(reply.value("to", std::uint64_t{0}) == version + 1);
    CHECK(reply.value("game", std::int64_t{0}) == game.id);
    CHECK(actor.version() == version + 1);
    version = reply.value("to", version + 1);
    for (auto* c : clients) check_matches_http(h, game, *c, version);
  }
  MESSAGE("seed ", seed, ": game over after ", version, " moves, ", undos, " undos");

  const json result = red->view().at("result");
  for (auto* c : clients) {
    const json over = c->game_over() ? *c->game_over() : c->wait_for_type("game_over");
    CHECK(over.value("version", std::uint64_t{0}) == version);
    CHECK_MESSAGE(over.value("result", json()) == result, "game_over result ", over.dump(), " vs view ", result.dump());
    CHECK(c->view().at("result") == result);
    CHECK(c->stats().hash_mismatches == 0);
    CHECK(c->stats().gaps == 0);
  }
  // The spectator received every version and never a hand, not even inside a patch.
  for (const auto& raw : spectator->raw_messages()) CHECK_FALSE(shows_a_hand(raw));
  for (const auto& raw : red->raw_messages()) CHECK(raw.find("\"hands\"") == std::string::npos);

  const json status = h.http_status(game.id);
  CHECK(status.value("version", std::uint64_t{0}) == version);

  const json late = red->act("pass");
  CHECK(late.value("type", "") == "error");
  CHECK_MESSAGE(late.value("code", "") == "game_over", "action after the end answered ", late.dump());
}

TEST_CASE("two players and a spectator play test-duel to the end over WebSocket") {
  Harness h;
  for (std::uint64_t seed : {123u, 2024u}) play_whole_game(h, seed);
  CHECK_MESSAGE(h.server().stop() == 0, "SIGTERM did not end the server cleanly; stderr:\n", h.server().log_tail());
}

TEST_CASE("a late joiner gets the current snapshot and presence reaches the room") {
  Harness h;
  const CreatedGame game = h.create_game("short", 7);
  auto red = h.join(game, "red");
  REQUIRE(SeatClient::accepted(red->act("roll")));
  REQUIRE(SeatClient::accepted(red->act("piece", "r1")));
  auto blue = h.join(game, "blue");
  CHECK(blue->version() == 2);
  CHECK(blue->view() == h.http_view(game.id, game.tokens.at("blue")).at("view"));
  const json presence = red->wait_for([](const json& m) {
    return m.value("type", "") == "presence" && m.value("seats", json::object()).value("blue", 0) >= 1;
  });
  CHECK(presence["seats"].value("red", 0) >= 1);

  red->ws().send({{"type", "chat"}, {"game", game.id}, {"text", "good luck"}});
  const json chat = blue->wait_for_type("chat");
  CHECK(chat.value("seat", "") == "red");
  CHECK(chat.value("text", "") == "good luck");
  CHECK(chat.value("game", std::int64_t{0}) == game.id);
}

}  // namespace
}  // namespace warpath::test::play_test
