// Wilderness War through the real server: two players over WebSocket and HTTP and a spectator play
// random legal actions; every client's patched view equals what HTTP serves that seat, and no
// seat ever sees the other hand.

#include <doctest/doctest.h>

#include <set>

#include "engine/core/hash.hpp"
#include "tests/integration/harness.hpp"

namespace warpath::test {
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
      REQUIRE_MESSAGE(reply.value("type", "") == "ack", role, " ", choice->verb, " ", choice->arg.dump(), " got ",
                      reply.dump());
      version = reply.value("version", version + 1);
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
  for (const auto& raw : spectator->raw_messages()) CHECK(raw.find("\"hand\"") == std::string::npos);

  // An action out of turn is a structured error that changes nothing.
  const std::string waiting = active_role(french->view()) == "french" ? "british" : "french";
  if (!active_role(french->view()).empty()) {
    SeatClient& idle = waiting == "french" ? *french : *british;
    const json refused = idle.act("activate", 1);
    CHECK(refused.value("type", "") == "error");
    CHECK(h.http_status(game.id).value("version", std::uint64_t{0}) == version);
  }
}

}  // namespace warpath::test
