#pragma once
// For tests of the storage layer: a fresh database, removed after, and a write committed through
// the queue before the test goes on. By default an SQLite file in a temporary directory; when
// WARPATH_TEST_POSTGRES names a PostgreSQL server, a
// database of its own there, so that the same tests run against both backends.
// WARPATH_TEST_POSTGRES holds the URL's parameters, e.g. `host=/tmp/pg&port=5433` (a socket's
// directory or a host name); the user is `postgres`.

#include <doctest/doctest.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <optional>
#include <string>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"

namespace warpath::test {

// The PostgreSQL server the tests use, if any: a URL to its database `name`.
inline std::optional<std::string> test_postgres_url(const std::string& name) {
  const char* where = std::getenv("WARPATH_TEST_POSTGRES");
  if (!where || !*where) return std::nullopt;
  return "postgresql:///" + name + "?" + std::string(where) + "&user=postgres";
}

struct TempDb {
  std::filesystem::path dir;
  std::string name;  // PostgreSQL: the database's name
  TempDb() {
    static std::atomic<int> count{0};
    name = "warpath_test_" + std::to_string(getpid()) + "_" + std::to_string(++count);
    if (auto admin = test_postgres_url("postgres")) {
      server::storage::Connection(*admin).exec("CREATE DATABASE " + name);
      return;
    }
    char pattern[] = "/tmp/warpath-test-XXXXXX";
    dir = mkdtemp(pattern);
  }
  ~TempDb() {
    if (auto admin = test_postgres_url("postgres")) {
      try {
        server::storage::Connection(*admin).exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      } catch (const std::exception&) {
        // A test that failed half-way may leave it; the server is thrown away after the run.
      }
      return;
    }
    std::filesystem::remove_all(dir);
  }
  TempDb(const TempDb&) = delete;
  TempDb& operator=(const TempDb&) = delete;
  // Where the stores open it: a file path or a PostgreSQL URL.
  std::string path() const {
    if (auto url = test_postgres_url(name)) return *url;
    return (dir / "test.db").string();
  }
};

// Submits `work` and waits until it is committed; fails the test if it was not.
inline void commit_and_wait(server::storage::CommitQueue& q, server::storage::CommitQueue::Work work) {
  std::promise<std::optional<std::string>> done;
  q.submit(std::move(work), [&](std::optional<std::string> e) { done.set_value(e); });
  const auto error = done.get_future().get();
  REQUIRE_MESSAGE(!error, error.value_or(""));
}

}  // namespace warpath::test
