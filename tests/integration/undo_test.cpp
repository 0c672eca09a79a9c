// Undo over the wire: a move of its own (version + 1, kept in the history) that brings every
// seat's view back to what it was, and only within the undo window.

#include <doctest/doctest.h>

#include "tests/integration/harness.hpp"

namespace warpath::test::undo_test {
namespace {

using nlohmann::json;

struct Table {
  std::unique_ptr<SeatClient> red, blue, spectator;
  std::vector<SeatClient*> all() { return {red.get(), blue.get(), spectator.get()}; }
  void wait_for(std::uint64_t version) {
    for (auto* c : all()) c->wait_for_version(version);
  }
};

Table seat_everyone(Harness& h, const CreatedGame& game) {
  return {h.join(game, "red"), h.join(game, "blue"), h.join(game, "spectator")};
}

void expect_ack(const json& reply, std::uint64_t version) {
  REQUIRE_MESSAGE(SeatClient::accepted(reply), reply.dump());
  CHECK(SeatClient::answered_version(reply) == version);
}

TEST_CASE("undo of a non-barrier move restores every view and is recorded") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 11);
  Table t = seat_everyone(h, game);

  CHECK_FALSE(t.red->view()["actions"].contains("undo"));
  expect_ack(t.red->act("piece", "r1"), 1);
  t.wait_for(1);
  CHECK(t.red->view()["actions"] == json({{"space", {"b"}}, {"cancel", true}, {"undo", true}}));
  CHECK(t.blue->view().value("selected", "") == "r1");
  CHECK_FALSE(t.blue->view()["actions"].contains("undo"));

  // The `undo` message.
  expect_ack(t.red->wait_for_reply(t.red->send_undo()), 2);
  t.wait_for(2);
  for (auto* c : t.all()) {
    CHECK_MESSAGE(c->view() == c->history().at(0), c->seat(),
                  " after undo: ", json::diff(c->history().at(0), c->view()).dump());
    CHECK(c->view() == h.http_view(game.id, game.tokens.count(c->seat()) ? game.tokens.at(c->seat()) : "")["view"]);
  }
  CHECK(h.http_status(game.id).value("version", std::uint64_t{0}) == 2);

  // The `undo` verb of `action`, after a card (no randomness, no hand-over: still undoable).
  const int card = t.red->view()["hand"][0].get<int>();
  expect_ack(t.red->act("card", card), 3);
  t.wait_for(3);
  CHECK(t.red->view()["actions"].contains("undo"));
  expect_ack(t.red->act("undo"), 4);
  t.wait_for(4);
  for (auto* c : t.all()) CHECK(c->view() == c->history().at(2));

  // Two moves in the window come back one at a time.
  expect_ack(t.red->act("card", card), 5);
  expect_ack(t.red->act("piece", "r2"), 6);
  expect_ack(t.red->act("undo"), 7);
  t.wait_for(7);
  for (auto* c : t.all()) CHECK(c->view() == c->history().at(5));
  expect_ack(t.red->act("undo"), 8);
  t.wait_for(8);
  for (auto* c : t.all()) CHECK(c->view() == c->history().at(4));

  // A roll uses randomness: a barrier.
  expect_ack(t.red->act("roll"), 9);
  t.wait_for(9);
  CHECK_FALSE(t.red->view()["actions"].contains("undo"));
  json refused = t.red->act("undo");
  CHECK(refused.value("code", "") == "undo_not_allowed");
  CHECK(refused.value("version", json()) == 9);
  // Blue has made no move at all.
  refused = t.blue->wait_for_reply(t.blue->send_undo());
  CHECK(refused.value("type", "") == "error");
  CHECK(refused.value("code", "") == "undo_not_allowed");

  // Passing hands the turn over: a barrier for red, and nothing of blue's to take back.
  expect_ack(t.red->act("piece", "r1"), 10);
  expect_ack(t.red->act("space", "b"), 11);
  expect_ack(t.red->act("pass"), 12);
  t.wait_for(12);
  CHECK(active_role(t.blue->view()) == "blue");
  CHECK(t.red->act("undo").value("code", "") == "undo_not_allowed");
  CHECK(t.blue->act("undo").value("code", "") == "undo_not_allowed");
  CHECK(h.http_status(game.id).value("version", std::uint64_t{0}) == 12);
  for (auto* c : t.all()) CHECK(c->stats().hash_mismatches == 0);
}

TEST_CASE("the undo window survives a restart") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 12);
  {
    Table t = seat_everyone(h, game);
    expect_ack(t.red->act("roll"), 1);
    expect_ack(t.red->act("piece", "r2"), 2);
  }
  const json before_piece = h.http_view(game.id, game.tokens.at("red"));
  CHECK(before_piece["view"]["actions"].contains("undo"));
  REQUIRE(h.server().stop() == 0);
  h.server().restart();
  Table t = seat_everyone(h, game);
  CHECK(t.red->version() == 2);
  CHECK(t.red->view() == before_piece["view"]);
  expect_ack(t.red->act("undo"), 3);
  t.wait_for(3);
  CHECK(t.red->view().value("selected", "x") == "");
  CHECK(t.red->view()["actions"].contains("piece"));
  CHECK_FALSE(t.red->view()["actions"].contains("undo"));
}

}  // namespace
}  // namespace warpath::test::undo_test
