#pragma once
// Brings a database to the newest schema on start: the SQL files of schema/, embedded in the
// binary at build time, applied in order, each once.

#include <string>
#include <vector>

#include "server/storage/sqlite.hpp"

namespace warpath::server::storage {

struct Migration {
  int version;
  std::string name;
  std::string sql;
};

// Generated from schema/*.sql by CMake.
const std::vector<Migration>& embedded_migrations();
// The same migrations in PostgreSQL's dialect, from schema/postgresql/*.sql (CMake checks that
// both directories hold the same NNN_name files).
const std::vector<Migration>& embedded_postgresql_migrations();

// Returns the number of migrations applied now.
int migrate(Connection& db, const std::vector<Migration>& migrations = embedded_migrations());

}  // namespace warpath::server::storage
