// Game leases and their fence (server/storage/lease_store.hpp, schema/015_game_leases.sql, issue
// 20), on SQLite and, under unit_tests.postgresql, on PostgreSQL.

#include <doctest/doctest.h>

#include <future>

#include "server/storage/game_store.hpp"
#include "server/storage/lease_store.hpp"
#include "tests/support/temp_db.hpp"

namespace lease_store_test {

using namespace warpath;
using namespace warpath::server::storage;
using nlohmann::json;
using warpath::test::commit_and_wait;
using warpath::test::TempDb;

namespace {

GameId create(CommitQueue& q) {
  auto id = std::make_shared<GameId>(0);
  commit_and_wait(q, GameStore::create_game({"test-duel",
                                             "standard",
                                             json::object(),
                                             1,
                                             json::array({"red"}),
                                             "n",
                                             "c",
                                             {{"red", "r"}, {"blue", "b"}},
                                             std::nullopt,
                                             "test"},
                                            id));
  return *id;
}

// The outcome of a work: its error, if any.
std::optional<std::string> commit(CommitQueue& q, CommitQueue::Work work) {
  std::promise<std::optional<std::string>> done;
  q.submit(std::move(work), [&](std::optional<std::string> e) { done.set_value(e); });
  return done.get_future().get();
}

MoveRecord move(GameId game, std::uint64_t seq, std::optional<HeldLease> lease, std::int64_t until) {
  MoveRecord r{game, seq, {"red", {"pass", nullptr}}, json::array({"blue"}), json(), nullptr, 0, false, {}};
  r.lease = std::move(lease);
  r.lease_until_ms = until;
  return r;
}

std::int64_t stored_moves(const std::string& location, GameId game) {
  Connection c(location);
  auto q = c.prepare("SELECT COUNT(*) FROM moves WHERE game_id = ?");
  q.bind(1, game);
  q.step();
  return q.column_int(0);
}

}  // namespace

TEST_CASE("a game's lease: one node at a time, taken again only once expired or given up, epochs growing") {
  TempDb db;
  CommitQueue q(db.path());
  const GameId game = create(q);
  LeaseStore a(db.path()), b(db.path());
  const std::int64_t t = 1'000'000;

  auto first = a.take(game, "a", t, 10'000);
  REQUIRE(std::holds_alternative<HeldLease>(first));
  CHECK(std::get<HeldLease>(first).epoch == 1);
  // Held by a: b is told who and until when.
  auto refused = b.take(game, "b", t + 5'000, 10'000);
  REQUIRE(std::holds_alternative<LeasedElsewhere>(refused));
  CHECK(std::get<LeasedElsewhere>(refused).node == "a");
  CHECK(std::get<LeasedElsewhere>(refused).expires_at_ms == t + 10'000);
  // a renews it: still a's at t + 15 s, and the renewal says so.
  auto held = std::make_shared<LeaseStore::Held>();
  commit_and_wait(q, LeaseStore::renew("a", t + 16'000, held));
  CHECK(*held == LeaseStore::Held{{game, 1}});
  CHECK(std::holds_alternative<LeasedElsewhere>(b.take(game, "b", t + 15'000, 10'000)));
  // Not renewed any more: b takes it once it has expired, at the next epoch.
  auto second = b.take(game, "b", t + 16'001, 10'000);
  REQUIRE(std::holds_alternative<HeldLease>(second));
  CHECK(std::get<HeldLease>(second).epoch == 2);
  // a's renewal does not take it back, and tells a it holds nothing any more.
  commit_and_wait(q, LeaseStore::renew("a", t + 27'000, held));
  CHECK(held->empty());
  CHECK(b.holder(game)->node == "b");
  // Given up, a may take it at once; a release of an older epoch changes nothing.
  commit_and_wait(q, LeaseStore::release(game, std::get<HeldLease>(first)));
  CHECK(std::holds_alternative<LeasedElsewhere>(a.take(game, "a", t + 17'000, 10'000)));
  commit_and_wait(q, LeaseStore::release(game, std::get<HeldLease>(second)));
  auto third = a.take(game, "a", t + 17'000, 10'000);
  REQUIRE(std::holds_alternative<HeldLease>(third));
  CHECK(std::get<HeldLease>(third).epoch == 3);
  // A lease given up is nobody's: the node's renewals do not revive it.
  commit_and_wait(q, LeaseStore::release(game, std::get<HeldLease>(third)));
  commit_and_wait(q, LeaseStore::renew("a", t + 40'000, held));
  CHECK(held->empty());
  CHECK(std::holds_alternative<HeldLease>(b.take(game, "b", t + 18'000, 10'000)));
}

TEST_CASE("a node's start gives up the leases of its former run: their games move at once") {
  TempDb db;
  CommitQueue q(db.path());
  const GameId one = create(q), two = create(q), three = create(q);
  LeaseStore a(db.path()), b(db.path());
  const std::int64_t t = 1'000'000;
  REQUIRE(std::holds_alternative<HeldLease>(a.take(one, "a", t, 10'000)));
  REQUIRE(std::holds_alternative<HeldLease>(a.take(two, "a", t, 10'000)));
  REQUIRE(std::holds_alternative<HeldLease>(b.take(three, "b", t, 10'000)));
  // a was killed and starts again: its two leases go, b's stays.
  CHECK(a.release_all("a") == 2);
  CHECK(std::holds_alternative<HeldLease>(b.take(one, "b", t + 1, 10'000)));
  CHECK(std::holds_alternative<HeldLease>(b.take(two, "b", t + 1, 10'000)));
  auto held = std::make_shared<LeaseStore::Held>();
  commit_and_wait(q, LeaseStore::renew("b", t + 2, held));
  CHECK(held->size() == 3);
  CHECK(a.release_all("a") == 0);
}

TEST_CASE("lease fencing: of two nodes that loaded the same game only the lease's holder stores a move") {
  TempDb db;
  CommitQueue q(db.path());
  const GameId game = create(q);
  LeaseStore a(db.path()), b(db.path());
  const std::int64_t t = 2'000'000;
  const auto held_a = std::get<HeldLease>(a.take(game, "a", t, 1'000));
  CHECK_FALSE(commit(q, GameStore::append_move(move(game, 1, held_a, t + 1'000))));
  // a stalls past its lease; b takes the game and plays its move 2.
  const auto held_b = std::get<HeldLease>(b.take(game, "b", t + 2'500, 1'000));
  CHECK(held_b.epoch == held_a.epoch + 1);
  // a, still thinking it serves the game, tries its own move 2: refused by the fence, nothing stored.
  const auto refused = commit(q, GameStore::append_move(move(game, 2, held_a, t + 3'000)));
  REQUIRE(refused);
  CHECK(lease_lost(*refused));
  CHECK(stored_moves(db.path(), game) == 1);
  CHECK_FALSE(commit(q, GameStore::append_move(move(game, 2, held_b, t + 6'000))));
  CHECK(stored_moves(db.path(), game) == 2);
  // Each of b's moves renews its lease: a cannot take it back meanwhile.
  CHECK(std::holds_alternative<LeasedElsewhere>(a.take(game, "a", t + 4'000, 1'000)));
  // A move without a lease (one node on SQLite) is not fenced.
  CHECK_FALSE(commit(q, GameStore::append_move(move(game, 3, std::nullopt, 0))));
}

TEST_CASE("a job of one node at a time: held while renewed, taken over once it has expired") {
  TempDb db;
  { CommitQueue q(db.path()); }
  LeaseStore a(db.path()), b(db.path());
  const std::int64_t t = 3'000'000;
  CHECK(a.hold_job("scheduler", "a", t, 10'000));
  CHECK_FALSE(b.hold_job("scheduler", "b", t + 1'000, 10'000));
  CHECK(a.hold_job("scheduler", "a", t + 5'000, 10'000));  // renewed until t + 15 s
  CHECK_FALSE(b.hold_job("scheduler", "b", t + 12'000, 10'000));
  CHECK(b.hold_job("ratings", "b", t + 12'000, 10'000));  // another job, another lease
  CHECK(b.hold_job("scheduler", "b", t + 15'001, 10'000));
  CHECK_FALSE(a.hold_job("scheduler", "a", t + 16'000, 10'000));
}

}  // namespace lease_store_test
