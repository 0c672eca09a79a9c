// The game feed (protocol/game_feed.hpp) with the test game: chained patches whose two-part hash
// a client reproduces, the log riding in patches and taken back by undo, catching up, log pages,
// and seats nobody watches.
#include <doctest/doctest.h>

#include "engine/core/match.hpp"
#include "protocol/game_feed.hpp"
#include "protocol/seat_replica.hpp"
#include "tests/test_game/duel.hpp"

namespace game_feed_test {

using namespace warpath;
using nlohmann::json;
using Outcome = protocol::SeatReplica::Outcome;

namespace {

const std::vector<std::string> duel_seats = {"red", "blue", "spectator"};

json parse(const protocol::Frame& frame) { return json::parse(*frame); }

// Plays the first listed action of the active role.
void play_first(engine::Match& match) {
  const auto role = match.active_roles().front();
  const auto actions = engine::list_actions(match.legal_actions(role));
  REQUIRE_FALSE(match.play(role, actions.front()).has_value());
}

}  // namespace

TEST_CASE("patches chain, carry the move's log lines and a hash of both parts") {
  auto module = testgame::make_duel();
  auto match = engine::Match::start(*module, "standard", json::object(), 3);
  protocol::GameFeed feed(9, match, duel_seats);
  protocol::SeatReplica red;
  const auto joined = feed.snapshot(match, "red");
  REQUIRE(joined.size() == 2);
  const json snapshot = parse(joined[0]);
  CHECK(snapshot["type"] == "snapshot");
  CHECK(snapshot["seat_keys"] == json({"actions", "confirm", "hand", "prompt"}));
  CHECK(snapshot["hash"].get<std::string>().size() == 32);
  CHECK_FALSE(snapshot["view"].contains("log"));
  CHECK(parse(joined[1])["type"] == "log");
  for (const auto& frame : joined) REQUIRE(red.apply(parse(frame)) == Outcome::applied);

  for (int i = 0; i < 6; ++i) {
    const std::size_t lines_before = module->log_size(match.state(), "red");
    play_first(match);
    auto deliveries = feed.advance(match, {"red"});
    REQUIRE(deliveries.size() == 1);
    REQUIRE(deliveries[0].frames.size() == 1);
    const json patch = parse(deliveries[0].frames[0]);
    CHECK(patch["from"] == match.version() - 1);
    CHECK(patch["to"] == match.version());
    if (module->log_size(match.state(), "red") > lines_before) CHECK(patch["log"]["keep"] == lines_before);
    REQUIRE(red.apply(patch) == Outcome::applied);
    CHECK(red.view() == match.view("red"));
    CHECK(red.hash() == protocol::view_hash(match.view("red"), feed.seat_keys()));
    CHECK(json(red.held_lines()) == module->log_lines(match.state(), "red", 0, red.log_size()));
  }
  // A patch applied to the wrong view fails its hash.
  protocol::SeatReplica wrong = red;
  play_first(match);
  auto deliveries = feed.advance(match, {"red"});
  json tampered = parse(deliveries[0].frames[0]);
  tampered["ops"].push_back({{"op", "add"}, {"path", "/round"}, {"value", 99}});
  CHECK(wrong.apply(tampered) == Outcome::mismatch);
  CHECK(red.apply(parse(deliveries[0].frames[0])) == Outcome::applied);
}

TEST_CASE("an undo takes the undone move's log lines back") {
  auto module = testgame::make_duel();
  auto match = engine::Match::start(*module, "standard", json::object(), 5);
  protocol::GameFeed feed(1, match, duel_seats);
  protocol::SeatReplica spectator;
  for (const auto& frame : feed.snapshot(match, "spectator"))
    REQUIRE(spectator.apply(parse(frame)) == Outcome::applied);
  // Move a pawn (no dice, no draw): it can be undone.
  const auto role = match.active_roles().front();
  const std::size_t before = module->log_size(match.state(), "spectator");
  REQUIRE_FALSE(match.play(role, {"piece", match.legal_actions(role).at("piece").at(0)}).has_value());
  for (auto& d : feed.advance(match, {"spectator"})) REQUIRE(spectator.apply(parse(d.frames[0])) == Outcome::applied);
  REQUIRE(match.can_undo(role));
  REQUIRE_FALSE(match.play(role, {std::string(engine::undo_verb), nullptr}).has_value());
  auto deliveries = feed.advance(match, {"spectator"});
  const json patch = parse(deliveries[0].frames[0]);
  if (module->log_size(match.state(), "spectator") < spectator.log_size()) {
    CHECK(patch["log"]["keep"] == before);
    CHECK(patch["log"]["lines"].empty());
  }
  REQUIRE(spectator.apply(patch) == Outcome::applied);
  CHECK(spectator.log_size() == module->log_size(match.state(), "spectator"));
  CHECK(spectator.view() == match.view("spectator"));
}

TEST_CASE("catching up: the missed patches while kept, a snapshot after; log pages clip to the log") {
  auto module = testgame::make_duel();
  auto match = engine::Match::start(*module, "standard", json::object(), 8);
  protocol::GameFeed feed(1, match, duel_seats);
  feed.snapshot(match, "blue");
  const auto start = match.version();
  for (int i = 0; i < 5; ++i) {
    play_first(match);
    feed.advance(match, {"blue"});
  }
  auto missed = feed.catch_up(match, "blue", start);
  REQUIRE(missed);
  CHECK(missed->size() == 5);
  CHECK(feed.catch_up(match, "blue", match.version())->empty());
  CHECK_FALSE(feed.catch_up(match, "blue", match.version() + 1));
  // "red" was not watched: it has no patches to give, only a snapshot.
  CHECK_FALSE(feed.catch_up(match, "red", start));

  const json page = parse(feed.log_page(match, "blue", 1000, 2, "r1"));
  const std::size_t size = module->log_size(match.state(), "blue");
  CHECK(page["type"] == "log");
  CHECK(page["ref"] == "r1");
  CHECK(page["log_size"] == size);
  CHECK(page["from"] == size - 2);
  CHECK(page["lines"] == module->log_lines(match.state(), "blue", size - 2, size));
  CHECK(parse(feed.log_page(match, "blue", 1, 500, ""))["from"] == 0);
}

TEST_CASE("a seat nobody watches keeps no patches, and the kept patches have a bound") {
  auto module = testgame::make_duel();
  auto match = engine::Match::start(*module, "standard", json::object(), 13);
  protocol::GameFeed feed(1, match, duel_seats);
  feed.snapshot(match, "red");
  feed.snapshot(match, "blue");
  for (int i = 0; i < 200 && !match.is_over(); ++i) {
    play_first(match);
    feed.advance(match, {"red"});
  }
  CHECK(feed.kept_bytes() <= protocol::seat_patch_history_bytes + 2048);
  // Blue fell behind when it was not watched: a snapshot brings it back.
  const json snapshot = parse(feed.snapshot(match, "blue")[0]);
  CHECK(snapshot["version"] == match.version());
  CHECK(snapshot["view"] == match.view("blue"));
}

}  // namespace game_feed_test
