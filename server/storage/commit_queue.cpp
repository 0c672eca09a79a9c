#include "server/storage/commit_queue.hpp"

#include <chrono>

#include "server/storage/migrations.hpp"
#include "server/storage/write_statements.hpp"
#include "server/util/log.hpp"

namespace warpath::server::storage {

namespace {
constexpr std::chrono::microseconds gather_delay{1000};
constexpr std::size_t gather_after = 3;
}  // namespace

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
  // Prepared once: exec would parse them again for every write.
  Statement begin = db.prepare(db.dialect() == Dialect::sqlite ? "BEGIN IMMEDIATE" : "BEGIN");
  Statement commit = db.prepare("COMMIT");
  Statement savepoint = db.prepare("SAVEPOINT one_write"), release = db.prepare("RELEASE one_write");
  Statement roll_back_to = db.prepare("ROLLBACK TO one_write");
  // PostgreSQL: a batch's writes are sent without waiting for each answer (pipeline mode), and
  // their answers read once per write (which tells which write failed) and at the COMMIT.
  db.pipeline(true);
  std::size_t last_batch = 0;
  for (;;) {
    std::deque<Item> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      if (last_batch >= gather_after && !stopping_) {
        // Writes are arriving from several rooms at once: let more of them join this transaction
        // (as PostgreSQL's commit_delay does). A commit costs a WAL page per game touched and a
        // sync, so under load this halves the commits for a millisecond of latency; a lone write
        // (the last batch had one) is committed at once.
        lock.unlock();
        std::this_thread::sleep_for(gather_delay);
        lock.lock();
      }
      batch.swap(queue_);
    }
    last_batch = batch.size();
    std::vector<std::optional<std::string>> outcomes(batch.size());
    try {
      begin.run();
      for (std::size_t i = 0; i < batch.size(); ++i) {
        // A savepoint per write: one bad write fails alone instead of failing its whole group.
        savepoint.run();
        try {
          batch[i].work(context);
          db.settle();
          release.run();
        } catch (const std::exception& e) {
          roll_back_to.run();
          release.run();
          db.settle();
          outcomes[i] = e.what();
        }
      }
      commit.run();
      db.settle();
    } catch (const std::exception& e) {
      log_error(std::string("commit failed: ") + e.what());
      try {
        db.settle();  // what was sent before the failure (its error is the one above)
      } catch (const std::exception&) {
      }
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
