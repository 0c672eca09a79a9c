#pragma once
// Brings a database to the newest schema on start: the SQL files of schema/ (SQLite) or
// schema/postgresql/ (PostgreSQL), embedded in the binary at build time, applied in order, each
// once.

#include <string>
#include <vector>

#include "server/storage/database.hpp"

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

// Applies the embedded migrations of the connection's dialect; returns how many were new.
int migrate(Connection& db);
int migrate(Connection& db, const std::vector<Migration>& migrations);

}  // namespace warpath::server::storage
