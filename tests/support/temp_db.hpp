#pragma once
// For tests of the storage layer: a fresh database, removed after, and a write committed through
// the queue before the test goes on. By default an SQLite file in a temporary directory; when
// WARPATH_TEST_POSTGRES names a PostgreSQL server (test_postgres.hpp), a database of its own
// there, so that the same tests run against both backends.

#include <doctest/doctest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <future>
#include <optional>
#include <string>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "tests/support/test_postgres.hpp"

namespace warpath::test {

struct TempDb {
  std::filesystem::path dir;
  std::string name;  // PostgreSQL: the database's name
  TempDb() {
    name = unique_test_database_name("warpath_test");
    if (test_postgres_url(name)) {
      create_test_database(name);
      return;
    }
    char pattern[] = "/tmp/warpath-test-XXXXXX";
    dir = mkdtemp(pattern);
  }
  ~TempDb() {
    if (test_postgres_url(name)) {
      drop_test_database(name);
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
