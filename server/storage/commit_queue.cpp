#include "server/storage/commit_queue.hpp"

#include "server/storage/migrations.hpp"
#include "server/storage/write_statements.hpp"
#include "server/util/log.hpp"

namespace warpath::server::storage {

CommitQueue::CommitQueue(const std::string& path) : path_(path) {
  {
    // Migrate before any reader opens the database, and fail the start-up loudly if it cannot be.
    Connection db(path_);
    migrate(db);
  }
  thread_ = std::thread([this] { run(); });
}

CommitQueue::~CommitQueue() { stop(); }

void CommitQueue::submit(Work work, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back({std::move(work), std::move(done)});
      wake_.notify_one();
      return;
    }
  }
  done(std::string("the server is shutting down"));
}

void CommitQueue::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

CommitQueue::Stats CommitQueue::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void CommitQueue::run() {
  Connection db(path_);
  WriteStatements statements(db);
  WriteContext context{db, statements};
  for (;;) {
    std::deque<Item> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      batch.swap(queue_);
    }
    std::vector<std::optional<std::string>> outcomes(batch.size());
    try {
      db.exec("BEGIN IMMEDIATE");
      for (std::size_t i = 0; i < batch.size(); ++i) {
        // A savepoint per write: one bad write fails alone instead of failing its whole group.
        db.exec("SAVEPOINT write");
        try {
          batch[i].work(context);
          db.exec("RELEASE write");
        } catch (const std::exception& e) {
          db.exec("ROLLBACK TO write; RELEASE write");
          outcomes[i] = e.what();
        }
      }
      db.exec("COMMIT");
    } catch (const std::exception& e) {
      log_error(std::string("commit failed: ") + e.what());
      try {
        db.exec("ROLLBACK");
      } catch (const std::exception&) {
      }
      for (auto& outcome : outcomes) outcome = std::string("commit failed: ") + e.what();
    }
    {
      std::lock_guard lock(mutex_);
      ++stats_.transactions;
      stats_.writes += batch.size();
    }
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i].done(outcomes[i]);
  }
}

}  // namespace warpath::server::storage
