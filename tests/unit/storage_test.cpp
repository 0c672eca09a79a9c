#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <future>
#include <mutex>
#include <vector>

#include "engine/core/hash.hpp"
#include "server/storage/game_store.hpp"
#include "server/storage/match_loader.hpp"
#include "server/storage/migrations.hpp"
#include "server/storage/write_statements.hpp"
#include "tests/support/temp_db.hpp"
#include "tests/test_game/duel.hpp"

namespace storage_test {

using namespace warpath;
using namespace warpath::server::storage;
using nlohmann::json;
using warpath::test::commit_and_wait;
using warpath::test::TempDb;

namespace {

GameId create(CommitQueue& q, std::uint64_t seed) {
  auto id = std::make_shared<GameId>(0);
  commit_and_wait(q, GameStore::create_game({"test-duel",
                                             "standard",
                                             json::object(),
                                             seed,
                                             json::array({"red"}),
                                             "nonce",
                                             "commitment",
                                             {{"red", "hash-r"}, {"blue", "hash-b"}},
                                             std::nullopt,
                                             "test"},
                                            id));
  return *id;
}

// Plays `count` random moves of a stored game, storing each (and snapshots at barriers).
engine::Match play_and_store(CommitQueue& q, const engine::GameModule& duel, GameId id, std::uint64_t seed, int count,
                             std::uint64_t snapshot_every) {
  engine::Match match = engine::Match::start(duel, "standard", json::object(), seed);
  engine::Rng chooser(seed);
  std::uint64_t last_snapshot = 0;
  for (int i = 0; i < count && !match.is_over(); ++i) {
    const std::string role = match.active_roles().front();
    const auto choices = engine::list_actions(match.legal_actions(role));
    const auto action = choices[chooser.below(static_cast<std::uint32_t>(choices.size()))];
    REQUIRE_FALSE(match.play(role, action));
    commit_and_wait(q, GameStore::append_move(
                           {id, match.version(), {role, action}, match.active_roles(), json(), nullptr, 0, false, {}}));
    if (match.at_barrier() && match.version() >= last_snapshot + snapshot_every) {
      last_snapshot = match.version();
      const json state = match.state().to_json();
      commit_and_wait(q, GameStore::save_snapshot(id, {match.version(), state.dump(), engine::json_hash(state)}));
    }
  }
  return match;
}

}  // namespace

TEST_CASE("migrations create the schema once") {
  TempDb db;
  { CommitQueue q(db.path()); }
  { CommitQueue q(db.path()); }  // a second start applies nothing and does not fail
  Connection c(db.path());
  auto count = c.prepare("SELECT count(*) FROM schema_migrations");
  REQUIRE(count.step());
  CHECK(count.column_int(0) == static_cast<std::int64_t>(embedded_migrations().size()));
}

TEST_CASE("one SQL text for both backends: numbered and skipped parameters, NULLs, changes, new ids, booleans") {
  TempDb db;
  { CommitQueue q(db.path()); }
  Connection c(db.path());
  c.begin();
  c.prepare("INSERT INTO games(title, scenario, seed, created_at, updated_at) VALUES (?1, 'standard', ?3, ?2, ?2)")
      .bind(1, "test-duel")
      .bind(2, "2026-11-29T00:00:00.000Z")
      .bind(3, std::int64_t{7})
      .run();
  const auto id = c.last_insert_id();
  CHECK(id > 0);
  // ?2 is bound but unused: SQLite allows it and so must PostgreSQL.
  auto update = c.prepare("UPDATE games SET result = ?3 WHERE id = ?1 AND title <> '?'");
  update.bind(1, id).bind(2, "unused").bind_null(3).run();
  CHECK(c.changes() == 1);
  c.prepare("UPDATE games SET version = ? WHERE id = ?").bind(1, std::int64_t{5}).bind(2, id + 1000).run();
  CHECK(c.changes() == 0);
  auto read = c.prepare("SELECT result, version = 0, seed + 0.5, title FROM games WHERE id = ? -- a ? in a comment");
  read.bind(1, id);
  REQUIRE(read.step());
  CHECK(read.column_is_null(0));
  CHECK(read.column_int(1) == 1);  // a comparison: 1/0 in SQLite, a boolean in PostgreSQL
  CHECK(read.column_double(2) == doctest::Approx(7.5));
  CHECK(read.column_text(3) == "test-duel");
  CHECK_FALSE(read.step());
  c.exec("COMMIT");
  CHECK_THROWS_AS(c.prepare("SELECT * FROM no_such_table").step(), DatabaseError);
}

TEST_CASE("a PostgreSQL URL's password stays out of the logs") {
  CHECK(printable_location("var/warpath.db") == "var/warpath.db");
  CHECK(printable_location("postgresql://warpath:s3cret@db.example:5432/warpath") ==
        "postgresql://warpath:***@db.example:5432/warpath");
  CHECK(printable_location("postgres:///warpath?host=/run/pg&password=s3cret&user=w") ==
        "postgres:///warpath?host=/run/pg&password=***&user=w");
  CHECK(is_postgresql_location("postgresql://x/y"));
  CHECK_FALSE(is_postgresql_location("/var/lib/warpath/postgresql.db"));
}

TEST_CASE("a stored game loads from its latest snapshot and replays from move 0 to the same state") {
  TempDb db;
  CommitQueue q(db.path());
  GameStore store(db.path());
  auto duel = testgame::make_duel();
  const GameId id = create(q, 42);
  const engine::Match live = play_and_store(q, *duel, id, 42, 60, 10);
  auto record = store.game(id);
  REQUIRE(record);
  CHECK(record->version == live.version());
  CHECK(store.snapshots(id).size() >= 1);

  const engine::Match loaded = load_match(*duel, *record, store);
  CHECK(loaded.version() == live.version());
  CHECK(state_hash(loaded.state()) == state_hash(live.state()));

  const auto report = replay_from_start(*duel, *record, store);
  CHECK(report.mismatches.empty());
  CHECK(report.snapshots_checked == static_cast<int>(store.snapshots(id).size()));
  CHECK(report.final_state_hash == state_hash(live.state()));
}

TEST_CASE("replay reports a snapshot whose hash does not match, and loading falls back to move 0") {
  TempDb db;
  CommitQueue q(db.path());
  GameStore store(db.path());
  auto duel = testgame::make_duel();
  const GameId id = create(q, 9);
  const engine::Match live = play_and_store(q, *duel, id, 9, 40, 5);
  const auto snaps = store.snapshots(id);
  REQUIRE_FALSE(snaps.empty());
  {
    Connection c(db.path());
    c.prepare("UPDATE snapshots SET state_hash = 'deadbeefdeadbeef' WHERE game_id = ? AND seq = ?")
        .bind(1, id)
        .bind(2, static_cast<std::int64_t>(snaps.back().seq))
        .run();
  }
  auto record = store.game(id);
  const auto report = replay_from_start(*duel, *record, store);
  CHECK(report.mismatches.size() == 1);
  const engine::Match loaded = load_match(*duel, *record, store);
  CHECK(state_hash(loaded.state()) == state_hash(live.state()));
}

TEST_CASE("moves are append-only") {
  TempDb db;
  CommitQueue q(db.path());
  const GameId id = create(q, 1);
  commit_and_wait(q, GameStore::append_move(
                         {id, 1, {"red", {"roll", nullptr}}, json::array({"red"}), json(), nullptr, 0, false, {}}));
  Connection c(db.path());
  CHECK_THROWS(c.exec("DELETE FROM moves"));
  CHECK_THROWS(c.exec("UPDATE moves SET verb = 'pass'"));
  // The same seq twice is refused: a lost race between two writers cannot fork a history.
  std::promise<std::optional<std::string>> done;
  q.submit(
      GameStore::append_move({id, 1, {"red", {"pass", nullptr}}, json::array({"red"}), json(), nullptr, 0, false, {}}),
      [&](std::optional<std::string> e) { done.set_value(e); });
  CHECK(done.get_future().get().has_value());
}

TEST_CASE("a database from before schema 017 keeps its moves, append-only, once they are stored in arrival order") {
  TempDb db;
  if (Connection(db.path()).dialect() != Dialect::sqlite) return;  // PostgreSQL's 017 changes nothing
  const auto all = embedded_migrations();
  const auto rebuilt = std::find_if(all.begin(), all.end(), [](const Migration& m) { return m.version == 17; });
  REQUIRE(rebuilt != all.end());
  {
    Connection c(db.path());
    migrate(c, std::vector<Migration>(all.begin(), rebuilt));
    c.exec(
        "INSERT INTO games(id, title, scenario, seed, created_at, updated_at) VALUES (1, 'test-duel', 'standard', 1, "
        "'t', 't'), (2, 'test-duel', 'standard', 2, 't', 't')");
    // Interleaved, as games going on at once store them.
    c.exec(
        "INSERT INTO moves(game_id, seq, role, verb, arg, created_at, log, dice) VALUES "
        "(2, 1, 'red', 'roll', 'null', '2026-01-01T00:00:01.000Z', NULL, '[3]'), "
        "(1, 1, 'red', 'roll', 'null', '2026-01-01T00:00:02.000Z', '{\"keep\":0,\"lines\":[]}', NULL), "
        "(2, 2, 'blue', 'pass', 'null', '2026-01-01T00:00:03.000Z', NULL, NULL)");
  }
  { CommitQueue q(db.path()); }  // migrates the rest
  Connection c(db.path());
  auto rows = c.prepare("SELECT game_id, seq, role, verb, arg, created_at, log, dice FROM moves ORDER BY rowid");
  std::vector<std::string> seen;
  while (rows.step()) {
    std::string row;
    for (int i = 0; i < 8; ++i) row += (rows.column_is_null(i) ? "-" : rows.column_text(i)) + "|";
    seen.push_back(row);
  }
  CHECK(seen == std::vector<std::string>{
                    "2|1|red|roll|null|2026-01-01T00:00:01.000Z|-|[3]|",
                    "1|1|red|roll|null|2026-01-01T00:00:02.000Z|{\"keep\":0,\"lines\":[]}|-|",
                    "2|2|blue|pass|null|2026-01-01T00:00:03.000Z|-|-|",
                });
  CHECK_THROWS(c.exec("DELETE FROM moves"));
  CHECK_THROWS(c.exec("UPDATE moves SET verb = 'pass'"));
  CHECK_THROWS(
      c.exec("INSERT INTO moves(game_id, seq, role, verb, arg, created_at) VALUES (2, 2, 'red', 'roll', "
             "'null', 't')"));
}

TEST_CASE("the commit queue groups concurrent writes and fails one bad write alone") {
  TempDb db;
  CommitQueue q(db.path());
  const GameId id = create(q, 2);
  constexpr int writes = 500;
  std::atomic<int> ok{0}, failed{0};
  std::promise<void> all_done;
  std::atomic<int> remaining{writes + 1};
  auto finish = [&](std::optional<std::string> e) {
    (e ? failed : ok)++;
    if (--remaining == 0) all_done.set_value();
  };
  for (int i = 1; i <= writes; ++i)
    q.submit(GameStore::append_move({id,
                                     static_cast<std::uint64_t>(i),
                                     {"red", {"pass", nullptr}},
                                     json::array(),
                                     json(),
                                     nullptr,
                                     0,
                                     false,
                                     {}}),
             finish);
  q.submit(GameStore::append_move({id, 1, {"red", {"pass", nullptr}}, json::array(), json(), nullptr, 0, false, {}}),
           finish);  // duplicate
  all_done.get_future().get();
  CHECK(ok == writes);
  CHECK(failed == 1);
  CHECK(q.stats().transactions < static_cast<std::uint64_t>(writes));
  GameStore store(db.path());
  CHECK(store.moves_after(id, 0).size() == writes);
  CHECK(store.game(id)->version == writes);
}

TEST_CASE("the commit queue's failures stay with their writes, in the middle of a batch too (pipeline mode)") {
  TempDb db;
  CommitQueue q(db.path());
  const GameId a = create(q, 3), b = create(q, 4);
  // Many writes queued at once share transactions; among them a duplicate move (the database
  // refuses it) and a write that throws after its statement ran (its statement is undone).
  constexpr int writes = 300;
  std::mutex m;
  std::vector<std::string> failures;
  std::atomic<int> remaining{2 * writes + 2};
  std::promise<void> all_done;
  auto outcome = [&](std::string what) {
    return [&, what](std::optional<std::string> e) {
      if (e) {
        std::lock_guard lock(m);
        failures.push_back(what);
      }
      if (--remaining == 0) all_done.set_value();
    };
  };
  auto move = [](GameId game, int seq) {
    return GameStore::append_move({game,
                                   static_cast<std::uint64_t>(seq),
                                   {"red", {"pass", nullptr}},
                                   json::array(),
                                   json(),
                                   nullptr,
                                   0,
                                   false,
                                   {}});
  };
  for (int i = 1; i <= writes; ++i) {
    q.submit(move(a, i), outcome("a" + std::to_string(i)));
    q.submit(move(b, i), outcome("b" + std::to_string(i)));
    if (i == writes / 2) {
      q.submit(move(a, 7), outcome("duplicate"));
      auto chat = GameStore::append_chat(b, "red", "never said", "2026-11-29T00:00:00Z");
      q.submit(
          [chat](WriteContext& w) {
            chat(w);
            throw DatabaseError("the write gives up after its statement");
          },
          outcome("throws"));
    }
  }
  all_done.get_future().get();
  std::sort(failures.begin(), failures.end());
  CHECK(failures == std::vector<std::string>{"duplicate", "throws"});
  GameStore store(db.path());
  CHECK(store.moves_after(a, 0).size() == writes);
  CHECK(store.moves_after(b, 0).size() == writes);
  CHECK(store.count_chat(b) == 0);
  CHECK(q.stats().transactions < static_cast<std::uint64_t>(writes));
}

}  // namespace storage_test
