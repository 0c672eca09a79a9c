// A client that fell behind asks for `resync` with the last version it holds: the server sends
// the patches it missed while it still has them, and a snapshot otherwise.

#include <doctest/doctest.h>

#include "engine/core/hash.hpp"
#include "protocol/seat_replica.hpp"
#include "tests/integration/harness.hpp"

namespace warpath::test::resync_test {
namespace {

using nlohmann::json;

// Plays `moves` moves that never end the game: red and blue alternate select and cancel of a
// pawn, which changes every seat's view (the selected pawn is public).
std::uint64_t shuffle_pawns(SeatClient& red, int moves) {
  for (int i = 0; i < moves; ++i) {
    const bool selected = !red.view().value("selected", "").empty();
    const json reply = selected ? red.act("cancel") : red.act("piece", "r1");
    REQUIRE_MESSAGE(SeatClient::accepted(reply), reply.dump());
  }
  return red.version();
}

// The members of a test-game seat's own part (the snapshot's seat_keys).
const std::vector<std::string> duel_seat_keys = {"actions", "confirm", "hand", "prompt"};

// Reads what a resync from `from` brings and rebuilds the view from `start` (the view at `from`).
json follow_resync(WsClient& ws, std::int64_t game, std::uint64_t from, const json& start, std::uint64_t target,
                   bool* got_snapshot) {
  ws.send({{"type", "resync"}, {"game", game}, {"version", from}});
  json view = start;
  std::uint64_t at = from;
  *got_snapshot = false;
  while (at < target) {
    const json m = ws.receive();
    const std::string type = m.value("type", "");
    if (type == "presence" || type == "log") continue;
    if (type == "snapshot") {
      *got_snapshot = true;
      view = m.at("view");
      at = m.at("version").get<std::uint64_t>();
      CHECK(m.at("seat_keys") == json(duel_seat_keys));
      CHECK(protocol::view_hash(view, duel_seat_keys) == m.value("hash", ""));
      continue;
    }
    REQUIRE_MESSAGE(type == "patch", "resync answered ", m.dump());
    REQUIRE(m.value("from", std::uint64_t{0}) == at);
    view = view.patch(m.at("ops"));
    at = m.at("to").get<std::uint64_t>();
    CHECK(protocol::view_hash(view, duel_seat_keys) == m.value("hash", ""));
  }
  CHECK(at == target);
  return view;
}

TEST_CASE("resync sends the missed patches, or a snapshot when they are gone") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 8);
  auto red = h.join(game, "red");
  auto blue = h.join(game, "blue");  // records blue's view at every version
  std::uint64_t version = shuffle_pawns(*red, 6);
  blue->wait_for_version(version);

  WsClient ws(h.server().host(), h.server().port());
  ws.send({{"type", "join"}, {"game", game.id}, {"seat", "blue"}, {"token", game.tokens.at("blue")}});
  json first;
  do first = ws.receive();
  while (first.value("type", "") == "presence");
  REQUIRE(first.value("type", "") == "snapshot");

  bool snapshot = false;
  json rebuilt = follow_resync(ws, game.id, 2, blue->history().at(2), version, &snapshot);
  CHECK_FALSE(snapshot);
  CHECK(rebuilt == blue->view());

  {
    // Joining again with the version held brings the missed patches instead of a snapshot.
    WsClient rejoin(h.server().host(), h.server().port());
    rejoin.send({{"type", "join"},
                 {"game", game.id},
                 {"seat", "blue"},
                 {"token", game.tokens.at("blue")},
                 {"version", 3},
                 {"ref", "rejoin"}});
    json view = blue->history().at(3);
    std::uint64_t at = 3;
    while (at < version) {
      const json m = rejoin.receive();
      const std::string type = m.value("type", "");
      if (type == "presence" || type == "chat") continue;
      REQUIRE_MESSAGE(type == "patch", "join with a version answered ", m.dump());
      REQUIRE(m.value("from", std::uint64_t{0}) == at);
      view = view.patch(m.at("ops"));
      at = m.at("to").get<std::uint64_t>();
    }
    CHECK(view == blue->view());
    CHECK(protocol::view_hash(view, duel_seat_keys) == blue->hash());
  }

  // Up to date: nothing to send.
  ws.send({{"type", "resync"}, {"game", game.id}, {"version", version}});
  ws.send({{"type", "ping"}, {"ref", "current"}});
  json next;
  do next = ws.receive();
  while (next.value("type", "") == "presence");
  CHECK_MESSAGE(next == json({{"type", "pong"}, {"ref", "current"}}), "resync at the current version sent ",
                next.dump());
  while (auto stray = ws.receive_text(std::chrono::milliseconds(300)))
    CHECK_MESSAGE(json::parse(*stray).value("type", "") == "presence", "resync at the current version sent ", *stray);

  // From the future: only a snapshot can help. The ping is answered by the connection itself
  // while the resync goes through the game, so the two replies may come in either order.
  ws.send({{"type", "resync"}, {"game", game.id}, {"version", version + 5}});
  ws.send({{"type", "ping"}, {"ref", "future"}});
  bool ponged = false, snapshotted = false;
  while (!ponged || !snapshotted) {
    next = ws.receive();
    const std::string type = next.value("type", "");
    if (type == "presence" || type == "log") continue;
    if (type == "pong") {
      CHECK(next.value("ref", "") == "future");
      ponged = true;
      continue;
    }
    REQUIRE_MESSAGE(type == "snapshot", "resync from the future answered ", next.dump());
    CHECK(next.value("version", std::uint64_t{0}) == version);
    CHECK(next.value("view", json()) == blue->view());
    snapshotted = true;
  }

  // Further back than the server keeps patches (64 per seat): a snapshot.
  version = shuffle_pawns(*red, 70);
  blue->wait_for_version(version);
  while (ws.receive_text(std::chrono::milliseconds(200))) {
  }
  rebuilt = follow_resync(ws, game.id, 1, blue->history().at(1), version, &snapshot);
  CHECK(snapshot);
  CHECK(rebuilt == blue->view());
}

TEST_CASE("a client that skips messages catches up through resync") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 9);
  auto red = h.join(game, "red");
  auto spectator = h.join(game, "spectator");
  const std::uint64_t version = shuffle_pawns(*red, 5);
  // Read and drop two patches without applying them, as if they had been lost.
  int dropped = 0;
  while (dropped < 2) {
    const json m = spectator->ws().receive();
    if (m.value("type", "") == "patch") ++dropped;
  }
  spectator->wait_for_version(version);
  CHECK(spectator->stats().gaps >= 1);
  CHECK(spectator->stats().hash_mismatches == 0);
  CHECK(spectator->view() == h.http_view(game.id).at("view"));
}

}  // namespace
}  // namespace warpath::test::resync_test
