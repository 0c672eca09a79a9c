// The game feed (protocol/game_feed.hpp) over random Wilderness War games, with players,
// spectators, undos, dropped connections that come back with their version, fresh joins and
// log paging: every client's patched view equals a fresh view of its seat, its log lines equal
// the seat's log, a reconnect gets exactly the missed patches and lines, and no frame a seat
// receives changes when what it may not see is dealt anew. The state holds only the log's newest
// lines: older pages come from each move's stored log change (engine/core/log_stream.hpp), as a
// room reads them from the database.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/log_stream.hpp"
#include "engine/core/match.hpp"
#include "engine/core/rng.hpp"
#include "engine/wilderness_war/module.hpp"
#include "protocol/game_feed.hpp"
#include "protocol/seat_replica.hpp"

// 100 whole games, 25 of each scenario (about 150,000 moves; 200 games took 460 s of CI's
// parallel test phase, the longest test in it). The sanitizer build plays fewer and shorter games
// (tests/unit/wilderness_war/CMakeLists.txt).
#ifndef WW_FEED_GAMES
#define WW_FEED_GAMES 100
#endif
#ifndef WW_FEED_MOVES
#define WW_FEED_MOVES 100000
#endif

namespace game_feed_random_test {

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

// What a room stores: each move's log change, and the set-up's lines (no move wrote them); and,
// to check against, every seat's whole log kept up to date from those changes.
struct Archive {
  const engine::GameModule& module;
  std::shared_ptr<const engine::GameState> start;
  std::vector<json> changes;
  std::map<std::string, json> whole;

  explicit Archive(const engine::Match& match) : module(match.module()), start(match.shared_state()) {
    for (const auto& seat : seats) whole[seat] = module.log_lines(*start, seat, 0, module.log_size(*start, seat));
  }
  void add(json change) {
    for (const auto& seat : seats) {
      const json* c = change.is_object() && change.contains("seats") ? &change["seats"][seat] : &change;
      if (!c->is_object()) continue;
      json& log = whole[seat];
      log.erase(log.begin() + c->at("keep").get<std::ptrdiff_t>(), log.end());
      for (const auto& line : c->at("lines")) log.push_back(line);
    }
    changes.push_back(std::move(change));
  }
  std::pair<std::size_t, json> lines(const std::string& seat, std::size_t from, std::size_t to) const {
    engine::LogReader reader(seat, from, to);
    for (auto it = changes.rbegin(); it != changes.rend() && reader.add(*it); ++it) {
    }
    if (reader.first() > from) reader.add_start(module, *start);
    return {reader.first(), reader.lines()};
  }
  json whole_from(const std::string& seat, std::size_t from) const {
    const json& log = whole.at(seat);
    return json(log.begin() + static_cast<std::ptrdiff_t>(from), log.end());
  }
};

struct Tally {
  long moves = 0, undos = 0, reconnects = 0, caught_up = 0, snapshots = 0, pages = 0, older_pages = 0, frames = 0;
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

// The held view and lines are those of a fresh view and the seat's whole log; the state holds the
// newest lines of that log.
void check_client(const engine::Match& match, const Archive& archive, const Client& client) {
  CAPTURE(client.seat);
  CAPTURE(match.version());
  REQUIRE(client.replica.has_view());
  CHECK(client.replica.version() == match.version());
  CHECK(client.replica.view() == match.view(client.seat));
  const auto& module = match.module();
  const std::size_t size = module.log_size(match.state(), client.seat);
  CHECK(archive.whole.at(client.seat).size() == size);
  CHECK(client.replica.log_size() == size);
  CHECK(json(client.replica.held_lines()) == archive.whole_from(client.seat, client.replica.log_first()));
  const std::size_t first = module.log_first(match.state(), client.seat);
  CHECK(module.log_lines(match.state(), client.seat, first, size) == archive.whole_from(client.seat, first));
}

// Asks for older lines until the whole log is held.
void page_to_start(const engine::Match& match, protocol::GameFeed& feed, Client& client, Tally& tally) {
  while (client.replica.log_first() > 0) {
    const std::size_t before = client.replica.log_first();
    const auto frame = feed.log_page(match, client.seat, before, 137, "page");
    REQUIRE(apply_frame(client, frame) == Outcome::applied);
    REQUIRE(client.replica.log_first() < before);
    ++tally.pages;
    // Lines the state no longer holds, from the moves' changes.
    if (client.replica.log_first() < match.module().log_first(match.state(), client.seat)) ++tally.older_pages;
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
    Archive archive(match);
    feed.set_older_lines([&archive](const std::string& seat, std::size_t from, std::size_t to) {
      return archive.lines(seat, from, to);
    });
    // Two connections for each role and two spectators.
    std::vector<Client> clients;
    for (const auto& seat : seats)
      for (int i = 0; i < 2; ++i) clients.push_back({seat, true, {}});
    for (auto& client : clients) apply_all(client, feed.snapshot(match, client.seat), tally);

    for (int move = 0; move < WW_FEED_MOVES && !match.is_over(); ++move) {
      const auto role = match.active_roles().front();
      const auto before = match.shared_state();
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
      // The move's log as the server works it out once, stores it and hands it to the feed.
      const engine::MoveLog move_log(*module, *before, match.state(), seats);
      archive.add(json::parse(move_log.text));

      std::set<std::string> watched;
      for (const auto& client : clients)
        if (client.connected) watched.insert(client.seat);
      for (const auto& delivery : feed.advance(match, watched, &move_log))
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
          check_client(match, archive, client);
        }
      }
      if (move % 31 == 0)
        for (const auto& client : clients)
          if (client.connected) check_client(match, archive, client);
    }
    for (const auto& client : clients)
      if (client.connected) check_client(match, archive, client);
  }
  MESSAGE("moves " << tally.moves << ", undos " << tally.undos << ", reconnects " << tally.reconnects << " (caught up "
                   << tally.caught_up << ", snapshots " << tally.snapshots << "), log pages " << tally.pages << " ("
                   << tally.older_pages << " older than the state holds)"
                   << ", frames " << tally.frames);
  CHECK(tally.undos > 0);
  CHECK(tally.caught_up > 0);
  CHECK(tally.snapshots > 0);
  // A log longer than the lines after a snapshot, or than the state holds, needs games longer than
  // the sanitizer build's.
  if (WW_FEED_MOVES > 1000) {
    CHECK(tally.pages > 0);
    CHECK(tally.older_pages > 0);
  }
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

}  // namespace game_feed_random_test
