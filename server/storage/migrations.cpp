#include "server/storage/migrations.hpp"

#include "server/util/clock.hpp"

namespace warpath::server::storage {

int migrate(Connection& db, const std::vector<Migration>& migrations) {
  db.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
      "applied_at TEXT NOT NULL)");
  int applied = 0;
  for (const auto& m : migrations) {
    auto check = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
    check.bind(1, std::int64_t{m.version});
    if (check.step()) continue;
    db.exec("BEGIN IMMEDIATE");
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
