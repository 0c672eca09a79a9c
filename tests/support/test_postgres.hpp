#pragma once
// The PostgreSQL server that tests run against when WARPATH_TEST_POSTGRES names one:
// its URLs, and fresh databases of their own there. Shared by the storage tests' TempDb
// (temp_db.hpp) and the integration tests' servers (server_process.cpp).
// WARPATH_TEST_POSTGRES holds the URL's parameters, e.g. `host=/tmp/pg&port=5433` (a socket's
// directory or a host name); the user is `postgres`.

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <optional>
#include <string>

#include "server/storage/database.hpp"

namespace warpath::test {

// The URL of database `name` on the tests' PostgreSQL server, if there is one.
inline std::optional<std::string> test_postgres_url(const std::string& name) {
  const char* where = std::getenv("WARPATH_TEST_POSTGRES");
  if (!where || !*where) return std::nullopt;
  return "postgresql:///" + name + "?" + std::string(where) + "&user=postgres";
}

// A name no other database of this run or of another process has: `prefix`_PID_N.
inline std::string unique_test_database_name(const std::string& prefix) {
  static std::atomic<int> count{0};
  return prefix + "_" + std::to_string(getpid()) + "_" + std::to_string(++count);
}

// Creates database `name` on the tests' PostgreSQL server (which must be set).
inline void create_test_database(const std::string& name) {
  server::storage::Connection(test_postgres_url("postgres").value()).exec("CREATE DATABASE " + name);
}

// Drops it, ending any session still connected; false when that failed (a test that failed
// half-way may leave it, and the server is thrown away after the run).
inline bool drop_test_database(const std::string& name) noexcept {
  try {
    if (auto admin = test_postgres_url("postgres"))
      server::storage::Connection(*admin).exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace warpath::test
