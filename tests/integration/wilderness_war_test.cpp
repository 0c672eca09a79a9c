// Wilderness War through the real server: two players over WebSocket and HTTP and a spectator play
// random legal actions; every client's patched view equals what HTTP serves that seat, and no
// seat ever sees the other hand.

#include <doctest/doctest.h>

#include <set>

#include "engine/core/hash.hpp"
#include "tests/integration/harness.hpp"

namespace warpath::test::wilderness_war_test {
namespace {

using nlohmann::json;

std::set<int> hand_of(const json& view) {
  std::set<int> cards;
  for (const auto& c : view.value("hand", json::array())) cards.insert(c.get<int>());
  return cards;
}

void check_wilderness_war_view(const json& view, const std::string& seat) {
  CHECK_MESSAGE(count_keys(view, "draw_pile") == 0, seat, " sees the draw pile");
  CHECK_MESSAGE(count_keys(view, "rng") == 0, seat, " sees the dice");
  if (seat == "spectator") {
    CHECK(count_keys(view, "hand") == 0);
    CHECK(view.value("actions", json::object()).empty());
    return;
  }
  REQUIRE(view.contains("hand"));
  CHECK(view["hand"].size() == view["hands"].value(seat, std::size_t{0}));
  if (active_role(view) != seat) CHECK(view["actions"].empty());
}

}  // namespace

TEST_CASE("Wilderness War is played through WebSocket and HTTP with views that match and never leak") {
  Harness h;
  const CreatedGame game = h.create_titled_game("wilderness-war", "annus_mirabilis", 77, {"french", "british"});
  auto french = h.join(game, "french");
  auto british = h.join(game, "british");
  auto spectator = h.join(game, "spectator");
  SeatClient* clients[] = {french.get(), british.get(), spectator.get()};
  const std::string actions_url = "/api/games/" + std::to_string(game.id) + "/actions";

  std::mt19937 rng(5);
  std::uint64_t version = 0;
  constexpr std::uint64_t moves = 150;
  while (!active_role(french->view()).empty() && version < moves) {
    const std::string role = active_role(french->view());
    if (role == "british" && version % 3 == 0) {  // some British moves over plain HTTP
      const json view = h.http_view(game.id, game.tokens.at("british"));
      const auto choice = random_action(view["view"]["actions"], rng, 0.05);
      REQUIRE(choice.has_value());
      const json body = {{"version", version}, {"verb", choice->verb}, {"arg", choice->arg}};
      const auto res = h.http().post(actions_url, body, game.tokens.at("british"));
      REQUIRE_MESSAGE(res.status == 200, "POST ", body.dump(), " answered ", res.status, ": ", res.raw_body);
      version = res.body.value("version", version + 1);
    } else {
      SeatClient& actor = role == "french" ? *french : *british;
      const auto choice = random_action(actor.view()["actions"], rng, 0.05);
      REQUIRE_MESSAGE(choice.has_value(), role, " is active but has no actions: ", actor.view()["prompt"]);
      const json reply = actor.act(choice->verb, choice->arg);
      REQUIRE_MESSAGE(SeatClient::accepted(reply), role, " ", choice->verb, " ", choice->arg.dump(), " got ",
                      reply.dump());
      version = SeatClient::answered_version(reply);
    }
    for (auto* c : clients) {
      c->wait_for_version(version);
      check_wilderness_war_view(c->view(), c->seat());
    }
    // The hands are disjoint and each is seen only by its owner.
    const auto french_hand = hand_of(french->view());
    for (int card : hand_of(british->view())) CHECK(french_hand.count(card) == 0);
    if (version % 25 == 0)
      for (auto* c : clients) {
        const auto token = game.tokens.count(c->seat()) ? game.tokens.at(c->seat()) : std::string();
        const json fresh = h.http_view(game.id, token);
        CHECK_MESSAGE(fresh.at("view") == c->view(), c->seat(), " at ", version, ": ",
                      json::diff(c->view(), fresh.at("view")).dump());
        CHECK(fresh.value("hash", "") == c->hash());
      }
  }
  MESSAGE("played ", version, " Wilderness War actions");
  CHECK(version > 0);
  for (auto* c : clients) {
    CHECK(c->stats().hash_mismatches == 0);
    CHECK(c->stats().gaps == 0);
  }
  for (const auto& raw : spectator->raw_messages()) CHECK_FALSE(shows_a_hand(raw));

  // An action out of turn is a structured error that changes nothing.
  const std::string waiting = active_role(french->view()) == "french" ? "british" : "french";
  if (!active_role(french->view()).empty()) {
    SeatClient& idle = waiting == "french" ? *french : *british;
    const json refused = idle.act("activate", 1);
    CHECK(refused.value("type", "") == "error");
    CHECK(h.http_status(game.id).value("version", std::uint64_t{0}) == version);
  }
}

// Pages back a client's log to its first line with `log` messages.
void page_to_start(SeatClient& client, std::int64_t game) {
  while (client.replica().log_first() > 0) {
    const std::string ref = "page-" + std::to_string(client.replica().log_first());
    client.ws().send(
        {{"type", "log"}, {"game", game}, {"before", client.replica().log_first()}, {"limit", 137}, {"ref", ref}});
    const std::size_t before = client.replica().log_first();
    const json page = client.wait_for([&](const json& m) { return m.value("ref", "") == ref; });
    REQUIRE_MESSAGE(page.value("type", "") == "log", page.dump());
    REQUIRE(client.stats().stale_log_pages == 0);
    REQUIRE_MESSAGE(client.replica().log_first() < before, "the page before line ", before, " brought nothing older");
  }
}

TEST_CASE("a long game's log pages back to its first line from the stored moves, after a restart too") {
  // A state holds only the log's newest lines (engine/core/log_stream.hpp): the older ones come
  // from what each move stored, the first ones from the set-up.
  Harness h;
  const CreatedGame game = h.create_titled_game("wilderness-war", "late_war_campaign", 91, {"french", "british"});
  auto french = h.join(game, "french");
  auto british = h.join(game, "british");
  auto watcher = h.join(game, "spectator");  // follows from the start: holds every line
  std::mt19937 rng(11);
  std::uint64_t version = 0;
  while (!active_role(french->view()).empty() && watcher->replica().log_size() < 450 && version < 4000) {
    SeatClient& actor = active_role(french->view()) == "french" ? *french : *british;
    const auto choice = random_action(actor.view()["actions"], rng, 0.05);
    REQUIRE(choice.has_value());
    const json reply = actor.act(choice->verb, choice->arg);
    REQUIRE_MESSAGE(SeatClient::accepted(reply), reply.dump());
    version = SeatClient::answered_version(reply);
    for (auto* c : {french.get(), british.get(), watcher.get()}) c->wait_for_version(version);
  }
  MESSAGE(version, " moves, ", watcher->replica().log_size(), " log lines");
  REQUIRE(watcher->replica().log_size() >= 450);
  REQUIRE(watcher->replica().log_first() == 0);

  const auto check_pages = [&](const std::string& when) {
    CAPTURE(when);
    auto fresh = h.join(game, "spectator");
    CHECK(fresh->replica().log_first() > 0);
    page_to_start(*fresh, game.id);
    CHECK(fresh->replica().log_size() == watcher->replica().log_size());
    CHECK(fresh->replica().held_lines() == watcher->replica().held_lines());
    // HTTP pages the same lines.
    const json page = h.http().get("/api/games/" + std::to_string(game.id) + "/log?before=60&limit=50").body;
    CHECK(page.value("from", std::size_t{99}) == 10);
    REQUIRE(page.at("lines").size() == 50);
    for (std::size_t i = 0; i < 50; ++i) CHECK(page["lines"][i] == watcher->replica().held_lines().at(10 + i));
  };
  check_pages("served from memory");
  h.server().restart();
  check_pages("after a restart, loaded from a snapshot and the moves since");
}

TEST_CASE("GET /api/titles/wilderness-war/data serves the map, pieces and cards with an ETag") {
  Harness h;
  const auto res = h.http().get("/api/titles/wilderness-war/data");
  REQUIRE(res.status == 200);
  CHECK(res.content_type == "application/json");
  const json& data = res.body;
  REQUIRE(data.is_object());
  CHECK(data.value("map_width", 0) > 0);
  CHECK(data.value("map_height", 0) > 0);

  // Every space has a box on the map and its connections name spaces that exist.
  std::set<std::string> ids;
  for (const auto& space : data.at("spaces")) ids.insert(space.at("id").get<std::string>());
  CHECK(ids.size() == data.at("spaces").size());
  CHECK(ids.count("quebec") == 1);
  CHECK(ids.count("niagara") == 1);
  int river_or_lake = 0;
  int arrows = 0;
  for (const auto& space : data.at("spaces")) {
    const auto& box = space.at("map");
    CHECK(box.at("w").get<int>() > 0);
    CHECK(box.at("h").get<int>() > 0);
    CHECK(std::set<std::string>{"cultivated", "wilderness", "mountain", "box"}.count(space.at("terrain")) == 1);
    for (const auto& c : space.at("connections")) {
      CHECK_MESSAGE(ids.count(c.at("to").get<std::string>()) == 1, space.at("id"), " -> ", c.at("to"));
      if (c.at("type") != "land") ++river_or_lake;
    }
    for (const auto& a : space.at("arrows_out")) {
      CHECK(ids.count(a.at("to").get<std::string>()) == 1);
      ++arrows;
    }
  }
  CHECK(river_or_lake > 0);
  CHECK(arrows > 0);
  CHECK(data.at("militia_boxes").size() == 3);
  CHECK(!data.at("leader_boxes").empty());

  // Pieces and cards: what the client needs to draw counters and a hand.
  bool leader = false;
  bool reduced_unit = false;
  for (const auto& piece : data.at("pieces")) {
    CHECK(piece.contains("id"));
    CHECK((piece.at("side") == "french" || piece.at("side") == "british"));
    if (piece.at("kind") == "leader") leader = piece.contains("command") && piece.contains("tactics");
    if (piece.at("kind") == "unit" && piece.value("strength_reduced", 0) > 0) reduced_unit = true;
  }
  CHECK(leader);
  CHECK(reduced_unit);
  REQUIRE(data.at("cards").size() == 70);
  for (std::size_t i = 0; i < 70; ++i) {
    const auto& card = data.at("cards")[i];
    CHECK(card.at("number").get<std::size_t>() == i + 1);
    CHECK(!card.at("name").get<std::string>().empty());
    CHECK(card.at("value").get<int>() >= 1);
    CHECK(card.contains("response"));
    CHECK(card.contains("remove"));
  }

  // Cached by ETag: the same answer every time, 304 when the client has it.
  const std::string etag = res.headers.count("etag") ? res.headers.at("etag") : std::string();
  REQUIRE(!etag.empty());
  CHECK(res.headers.at("cache-control").find("max-age") != std::string::npos);
  const auto again =
      h.http().request_raw("GET", "/api/titles/wilderness-war/data", "", "", "", {{"If-None-Match", etag}});
  CHECK(again.status == 304);
  CHECK(again.raw_body.empty());
  CHECK(h.http().get("/api/titles/wilderness-war/data").headers.at("etag") == etag);

  CHECK(h.http().get("/api/titles/no-such-title/data").status == 404);
  const auto duel = h.http().get("/api/titles/test-duel/data");
  CHECK(duel.status == 200);
  CHECK(duel.body == json::object());
}

}  // namespace warpath::test::wilderness_war_test
