#pragma once
// For tests of the storage layer: a database in a fresh temporary directory, removed after, and
// a write committed through the queue before the test goes on.

#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <future>
#include <optional>
#include <string>

#include "server/storage/commit_queue.hpp"

namespace warpath::test {

struct TempDb {
  std::filesystem::path dir;
  TempDb() {
    char pattern[] = "/tmp/warpath-test-XXXXXX";
    dir = mkdtemp(pattern);
  }
  ~TempDb() { std::filesystem::remove_all(dir); }
  TempDb(const TempDb&) = delete;
  TempDb& operator=(const TempDb&) = delete;
  std::string path() const { return (dir / "test.db").string(); }
};

// Submits `work` and waits until it is committed; fails the test if it was not.
inline void commit_and_wait(server::storage::CommitQueue& q, server::storage::CommitQueue::Work work) {
  std::promise<std::optional<std::string>> done;
  q.submit(std::move(work), [&](std::optional<std::string> e) { done.set_value(e); });
  REQUIRE_FALSE(done.get_future().get());
}

}  // namespace warpath::test
