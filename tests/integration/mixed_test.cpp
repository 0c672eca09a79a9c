// One player acts over HTTP, the other over WebSocket: both paths reach the same room, so every
// HTTP move shows up on the sockets as a patch.

#include <doctest/doctest.h>

#include "engine/core/hash.hpp"
#include "protocol/seat_replica.hpp"
#include "tests/integration/harness.hpp"

namespace warpath::test::mixed_test {
namespace {

using nlohmann::json;

TEST_CASE("red plays over HTTP, blue over WebSocket") {
  Harness h;
  const CreatedGame game = h.create_game("short", 99);
  const std::string actions_url = "/api/games/" + std::to_string(game.id) + "/actions";
  auto blue = h.join(game, "blue");
  // Red's own socket only watches: it must see the moves red makes over HTTP too.
  auto red_watcher = h.join(game, "red");
  auto spectator = h.join(game, "spectator");
  SeatClient* sockets[] = {blue.get(), red_watcher.get(), spectator.get()};

  std::mt19937 rng(99);
  std::uint64_t version = 0;
  int http_moves = 0;
  while (!active_role(blue->view()).empty()) {
    REQUIRE(version < 2000);
    if (active_role(blue->view()) == "red") {
      const json red_view = h.http_view(game.id, game.tokens.at("red"));
      REQUIRE(red_view.value("version", std::uint64_t{0}) == version);
      const auto choice = random_action(red_view["view"]["actions"], rng, 0.1);
      REQUIRE(choice.has_value());
      const json body = {{"version", version}, {"verb", choice->verb}, {"arg", choice->arg}};
      const auto res = h.http().post(actions_url, body, game.tokens.at("red"));
      REQUIRE_MESSAGE(res.status == 200, "POST ", body.dump(), " answered ", res.status, ": ", res.raw_body);
      CHECK(res.body.value("version", std::uint64_t{0}) == version + 1);
      version = res.body.value("version", version + 1);
      CHECK(protocol::view_hash(res.body.at("view"), res.body.at("seat_keys")) == res.body.value("hash", ""));
      CHECK(res.body.at("view") == h.http_view(game.id, game.tokens.at("red")).at("view"));
      ++http_moves;
      const int patches_before = blue->stats().patches;
      blue->wait_for_version(version);
      CHECK_MESSAGE(blue->stats().patches > patches_before, "blue caught up without a patch");
      red_watcher->wait_for_version(version);
      CHECK(red_watcher->view() == res.body.at("view"));
    } else {
      const auto choice = random_action(blue->view()["actions"], rng, 0.1);
      REQUIRE(choice.has_value());
      const json reply = blue->act(choice->verb, choice->arg);
      REQUIRE_MESSAGE(SeatClient::accepted(reply), "blue ", choice->verb, " got ", reply.dump());
      version = SeatClient::answered_version(reply);
      // The HTTP player sees blue's move on its next read.
      CHECK(h.http_view(game.id, game.tokens.at("red")).value("version", std::uint64_t{0}) == version);
    }
    for (auto* s : sockets) {
      s->wait_for_version(version);
      const auto token = game.tokens.count(s->seat()) ? game.tokens.at(s->seat()) : std::string();
      CHECK(s->view() == h.http_view(game.id, token).at("view"));
      check_no_leak(s->view(), s->seat());
    }
  }
  CHECK(http_moves > 0);
  for (auto* s : sockets) {
    if (!s->game_over()) s->wait_for_type("game_over");
    CHECK(s->stats().hash_mismatches == 0);
    CHECK(s->stats().gaps == 0);
  }
  const auto late = h.http().post(actions_url, json{{"version", version}, {"verb", "pass"}}, game.tokens.at("red"));
  CHECK(late.status >= 400);
  CHECK(late.body.value("error", json::object()).value("code", "") == "game_over");
}

TEST_CASE("two connections of one seat racing for one version: one move, one stale_version") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 21);
  auto first = h.join(game, "red");
  auto second = h.join(game, "red");
  auto blue = h.join(game, "blue");
  std::uint64_t version = 0;
  for (int round = 0; round < 10; ++round) {
    // Both hold the same view; the card each plays differs when the hand allows it.
    const json hand = first->view().value("hand", json::array());
    const bool cards = first->view()["actions"].contains("card") && hand.size() >= 2;
    const std::string ref_a = cards ? first->send_action("card", hand[0]) : first->send_action("roll");
    const std::string ref_b = cards ? second->send_action("card", hand[1]) : second->send_action("roll");
    const json a = first->wait_for_reply(ref_a);
    const json b = second->wait_for_reply(ref_b);
    const int acks = SeatClient::accepted(a) + SeatClient::accepted(b);
    CHECK_MESSAGE(acks == 1, "replies: ", a.dump(), " and ", b.dump());
    const json& refused = SeatClient::accepted(a) ? b : a;
    CHECK(refused.value("code", "") == "stale_version");
    ++version;
    for (auto* c : {first.get(), second.get(), blue.get()}) c->wait_for_version(version);
    CHECK(first->view() == second->view());
    CHECK(h.http_status(game.id).value("version", std::uint64_t{0}) == version);
    // Hand the turn back and forth so that the race repeats on fresh turns.
    if (!first->view()["actions"].contains("pass")) break;
    REQUIRE(SeatClient::accepted(first->act("pass")));
    ++version;
    if (active_role(blue->view()).empty()) break;
    blue->wait_for_version(version);
    REQUIRE(SeatClient::accepted(blue->act("pass")));
    ++version;
    if (active_role(blue->view()).empty()) break;
    for (auto* c : {first.get(), second.get()}) c->wait_for_version(version);
  }
  for (auto* c : {first.get(), second.get(), blue.get()}) CHECK(c->stats().hash_mismatches == 0);
}

TEST_CASE("the HTTP API describes titles and games") {
  Harness h;
  auto http = h.http();
  const auto health = http.get("/healthz");
  CHECK(health.status == 200);
  CHECK(health.body.value("status", "") == "ok");

  const CreatedGame game = h.create_game("short", 4, json{{"target", 30}});
  // Tokens are 128-bit secrets in hex, and links carry them only in the fragment.
  for (const auto& [role, token] : game.tokens) {
    CHECK(token.size() == 32);
    CHECK(token.find_first_not_of("0123456789abcdef") == std::string::npos);
    const std::string link = game.body["links"].value(role, "");
    const auto hash = link.find('#');
    REQUIRE(hash != std::string::npos);
    CHECK(link.find(token) > hash);
  }
  CHECK(game.body["links"].contains("spectator"));
  CHECK(h.http_view(game.id, game.tokens.at("red"))["view"].value("target", 0) == 30);

  const auto list = http.get("/api/games");
  REQUIRE(list.status == 200);
  bool listed = false;
  for (const auto& g : list.body.value("games", json::array()))
    if (g.value("id", std::int64_t{0}) == game.id) {
      listed = true;
      CHECK(g.value("title", "") == "test-duel");
      CHECK(g.value("scenario", "") == "short");
      CHECK(g.value("version", -1) == 0);
    }
  CHECK_MESSAGE(listed, list.raw_body);
  const json status = h.http_status(game.id);
  CHECK(status.value("id", std::int64_t{0}) == game.id);

  // Options the game refuses are a bad request, not a server error.
  const auto refused =
      http.post("/api/games", json{{"title", "test-duel"}, {"scenario", "short"}, {"options", {{"colour", 1}}}});
  CHECK_MESSAGE(refused.status == 400, refused.status, ": ", refused.raw_body);
}

}  // namespace
}  // namespace warpath::test::mixed_test
