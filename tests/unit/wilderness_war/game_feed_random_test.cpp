// The game feed (protocol/game_feed.hpp) over random Wilderness War games, with players,
// spectators, undos, dropped connections that come back with their version, fresh joins and
// log paging: every client's patched view equals a fresh view of its seat, its log lines equal
// the seat's log, a reconnect gets exactly the missed patches and lines, and no frame a seat
// receives changes when what it may not see is dealt anew.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/core/rng.hpp"
#include "engine/wilderness_war/module.hpp"
#include "protocol/game_feed.hpp"
#include "protocol/seat_replica.hpp"

// The sanitizer build plays fewer and shorter games (tests/unit/wilderness_war/CMakeLists.txt).
#ifndef WW_FEED_GAMES
#define WW_FEED_GAMES 200
#endif
#ifndef WW_FEED_MOVES
#define WW_FEED_MOVES 100000
#endif

using namespace warpath;
using nlohmann::json;
using Outcome = protocol::SeatReplica::Outcome;

namespace {

constexpr const char* scenarios[] = {"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"};
const std::vector<std::string> seats = {"french", "british", "spectator"};

struct Client {
  std::string seat;
  bool connected = true;
  protocol::SeatReplica replica;
};

struct Tally {
  long moves = 0, undos = 0, reconnects = 0, caught_up = 0, snapshots = 0, pages = 0, frames = 0;
};

Outcome apply_frame(Client& client, const protocol::Frame& frame) {
  const json message = json::parse(*frame);
  REQUIRE(message.at("seat") == client.seat);
  return client.replica.apply(message);
}

void apply_all(Client& client, const std::vector<protocol::Frame>& frames, Tally& tally) {
  for (const auto& frame : frames) {
    CHECK(apply_frame(client, frame) == Outcome::applied);
    ++tally.frames;
  }
}

// The held view and lines are those of a fresh view and the seat's log.
void check_client(const engine::Match& match, const Client& client) {
  CAPTURE(client.seat);
  CAPTURE(match.version());
  REQUIRE(client.replica.has_view());
  CHECK(client.replica.version() == match.version());
  CHECK(client.replica.view() == match.view(client.seat));
  const auto& module = match.module();
  CHECK(client.replica.log_size() == module.log_size(match.state(), client.seat));
  CHECK(json(client.replica.held_lines()) ==
        module.log_lines(match.state(), client.seat, client.replica.log_first(), client.replica.log_size()));
}

// Asks for older lines until the whole log is held.
void page_to_start(const engine::Match& match, protocol::GameFeed& feed, Client& client, Tally& tally) {
  while (client.replica.log_first() > 0) {
    const auto frame = feed.log_page(match, client.seat, client.replica.log_first(), 137, "page");
    REQUIRE(apply_frame(client, frame) == Outcome::applied);
    ++tally.pages;
  }
}

}  // namespace

TEST_CASE("random games through the feed: patched views and logs equal fresh ones, reconnects catch up exactly") {
  auto module = wilderness_war::make_wilderness_war();
  Tally tally;
  for (int game = 0; game < WW_FEED_GAMES; ++game) {
    const char* scenario = scenarios[game % 4];
    CAPTURE(game);
    CAPTURE(scenario);
    engine::Match match =
        engine::Match::start(*module, scenario, json::object(), 1000 + static_cast<std::uint64_t>(game));
    engine::Rng chooser(77 + static_cast<std::uint64_t>(game));
    protocol::GameFeed feed(game + 1, match, seats);
    // Two connections for each role and two spectators.
    std::vector<Client> clients;
    for (const auto& seat : seats)
      for (int i = 0; i < 2; ++i) clients.push_back({seat, true, {}});
    for (auto& client : clients) apply_all(client, feed.snapshot(match, client.seat), tally);

    for (int move = 0; move < WW_FEED_MOVES && !match.is_over(); ++move) {
      const auto role = match.active_roles().front();
      if (match.can_undo(role) && chooser.below(20) == 0) {
        REQUIRE_FALSE(match.play(role, {std::string(engine::undo_verb), nullptr}).has_value());
        ++tally.undos;
      } else {
        const auto actions = engine::list_actions(match.legal_actions(role));
        REQUIRE_FALSE(actions.empty());
        const auto& action = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
        REQUIRE_FALSE(match.play(role, action).has_value());
      }
      ++tally.moves;

      std::set<std::string> watched;
      for (const auto& client : clients)
        if (client.connected) watched.insert(client.seat);
      for (const auto& delivery : feed.advance(match, watched))
        for (auto& client : clients)
          if (client.connected && client.seat == delivery.seat) apply_all(client, delivery.frames, tally);

      for (auto& client : clients) {
        if (client.connected && chooser.below(50) == 0) {
          client.connected = false;  // the connection drops; the client keeps what it held
        } else if (!client.connected && chooser.below(8) == 0) {
          client.connected = true;
          ++tally.reconnects;
          if (chooser.below(4) == 0) {
            client.replica = {};  // a fresh page load: snapshot, then the whole log page by page
            apply_all(client, feed.snapshot(match, client.seat), tally);
            ++tally.snapshots;
            page_to_start(match, feed, client, tally);
          } else if (auto missed = feed.catch_up(match, client.seat, client.replica.version())) {
            apply_all(client, *missed, tally);
            ++tally.caught_up;
          } else {
            apply_all(client, feed.snapshot(match, client.seat), tally);
            ++tally.snapshots;
          }
          check_client(match, client);
        }
      }
      if (move % 31 == 0)
        for (const auto& client : clients)
          if (client.connected) check_client(match, client);
    }
    for (const auto& client : clients)
      if (client.connected) check_client(match, client);
  }
  MESSAGE("moves " << tally.moves << ", undos " << tally.undos << ", reconnects " << tally.reconnects << " (caught up "
                   << tally.caught_up << ", snapshots " << tally.snapshots << "), log pages " << tally.pages
                   << ", frames " << tally.frames);
  CHECK(tally.undos > 0);
  CHECK(tally.caught_up > 0);
  CHECK(tally.snapshots > 0);
  // A log longer than the lines after a snapshot needs games longer than the sanitizer build's.
  if (WW_FEED_MOVES > 1000) CHECK(tally.pages > 0);
}

TEST_CASE("what a seat receives does not change when what it may not see is dealt anew") {
  // Two feeds follow the same game, one from the real state and one, at each check, from a
  // state whose hidden parts are dealt anew for the seat: snapshots and log pages must be equal.
  auto module = wilderness_war::make_wilderness_war();
  engine::Match match = engine::Match::start(*module, "annus_mirabilis", json::object(), 4242);
  engine::Rng chooser(5), dealer(6);
  int checks = 0;
  for (int move = 0; move < 600 && !match.is_over(); ++move) {
    const auto role = match.active_roles().front();
    const auto actions = engine::list_actions(match.legal_actions(role));
    REQUIRE_FALSE(match.play(role, actions[chooser.below(static_cast<std::uint32_t>(actions.size()))]).has_value());
    if (move % 17 != 0) continue;
    for (const auto& seat : seats) {
      CAPTURE(seat);
      // Both without moves to undo, so that only the state differs.
      engine::Match same(*module, match.state().clone(), match.version());
      engine::Match twin(*module, module->redeal_hidden(match.state(), seat, dealer), match.version());
      protocol::GameFeed same_feed(1, same, seats), twin_feed(1, twin, seats);
      const auto real = same_feed.snapshot(same, seat);
      const auto dealt = twin_feed.snapshot(twin, seat);
      REQUIRE(real.size() == dealt.size());
      for (std::size_t i = 0; i < real.size(); ++i) CHECK(*real[i] == *dealt[i]);
      CHECK(*same_feed.log_page(same, seat, 1000000, 500, "") == *twin_feed.log_page(twin, seat, 1000000, 500, ""));
      ++checks;
    }
  }
  CHECK(checks > 50);
}
