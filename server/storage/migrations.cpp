#include "server/storage/migrations.hpp"

#include "server/util/clock.hpp"

namespace warpath::server::storage {

namespace {
// Several nodes may start at once on one PostgreSQL: one of them migrates, the others wait for it
// (a session-level advisory lock; the key is arbitrary but fixed).
constexpr std::int64_t migration_lock_key = 0x57617270617468;  // "Warpath"

struct MigrationLock {
  Connection& db;
  explicit MigrationLock(Connection& c) : db(c) {
    if (db.dialect() == Dialect::postgresql) db.prepare("SELECT pg_advisory_lock(?)").bind(1, migration_lock_key).run();
  }
  ~MigrationLock() {
    try {
      if (db.dialect() == Dialect::postgresql)
        db.prepare("SELECT pg_advisory_unlock(?)").bind(1, migration_lock_key).run();
    } catch (const std::exception&) {
      // The lock goes with the connection anyway.
    }
  }
};
}  // namespace

int migrate(Connection& db) {
  return migrate(db, db.dialect() == Dialect::sqlite ? embedded_migrations() : embedded_postgresql_migrations());
}

int migrate(Connection& db, const std::vector<Migration>& migrations) {
  MigrationLock lock(db);
  db.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
      "applied_at TEXT NOT NULL)");
  int applied = 0;
  for (const auto& m : migrations) {
    auto check = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
    check.bind(1, std::int64_t{m.version});
    if (check.step()) continue;
    db.begin();
    try {
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)")
          .bind(1, std::int64_t{m.version})
          .bind(2, m.name)
          .bind(3, utc_now_iso8601())
          .run();
      db.exec("COMMIT");
    } catch (...) {
      db.exec("ROLLBACK");
      throw;
    }
    ++applied;
  }
  return applied;
}

}  // namespace warpath::server::storage
