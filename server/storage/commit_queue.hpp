#pragma once
// The only writer of the database. Work from every room is queued here and committed in
// groups: one transaction (one fsync) carries every write that arrived while the previous one
// was being committed. A write's completion runs only after its transaction is durable, which is
// what lets a room acknowledge a move at that point and no earlier.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/storage/database.hpp"

namespace warpath::server::storage {

class WriteStatements;

// What a unit of work may touch: the connection and the prepared statements of the writer.
struct WriteContext {
  Connection& db;
  WriteStatements& statements;
};

class CommitQueue {
 public:
  using Work = std::function<void(WriteContext&)>;
  // Called on the writer thread with nullopt on success or the error; must not block.
  using Done = std::function<void(std::optional<std::string> error)>;

  struct Stats {
    std::uint64_t transactions = 0;
    std::uint64_t writes = 0;
  };

  explicit CommitQueue(const std::string& path);
  ~CommitQueue();
  CommitQueue(const CommitQueue&) = delete;
  CommitQueue& operator=(const CommitQueue&) = delete;

  void submit(Work work, Done done);
  // Commits what is queued, then stops the writer thread. Later submissions fail at once.
  void stop();
  Stats stats() const;

 private:
  struct Item {
    Work work;
    Done done;
  };
  void run();

  std::string path_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  Stats stats_;
  std::thread thread_;
};

}  // namespace warpath::server::storage
