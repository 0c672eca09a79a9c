// The clock scheduler thread (see clock_scheduler.hpp).
#include "server/clocks/clock_scheduler.hpp"

#include <algorithm>
#include <chrono>
#include <future>

#include "server/clocks/clock_store.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server::clocks {

namespace {
// The longest sleep between looks at the index: due times are hours apart, and a test clock
// (util/clock.hpp) can jump at any moment.
constexpr std::chrono::milliseconds longest_sleep{5000};
constexpr std::chrono::milliseconds test_clock_sleep{100};
constexpr int due_batch = 100;
}  // namespace

ClockScheduler::ClockScheduler(const std::string& db_path, storage::CommitQueue& commits, GameEvents& game_events,
                               const engine::GameRegistry& games, const notify::Site& site)
    : db_(db_path), commits_(commits), game_events_(game_events), games_(games), site_(site) {}

ClockScheduler::~ClockScheduler() { stop(); }

void ClockScheduler::also_run(std::function<void()> job) { jobs_.push_back(std::move(job)); }

void ClockScheduler::start() {
  thread_ = std::thread([this] { run(); });
}

void ClockScheduler::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool ClockScheduler::work_due() {
  const std::int64_t now = unix_now_ms();
  for (const auto& due : due_clocks(db_, now, due_batch)) {
    auto timeout_due = std::make_shared<bool>(false);
    notify::GameFacts facts{due.game, "game", site_.origin};
    auto title = db_.prepare("SELECT title FROM games WHERE id = ?");
    title.bind(1, due.game);
    if (title.step())
      if (const auto* module = games_.find(title.column_text(0))) facts.title_name = module->info().display_name;
    std::promise<std::optional<std::string>> committed;
    commits_.submit([facts, due, now, timeout_due](
                        storage::WriteContext& w) { work_due_clock(w, facts, due.role, now, timeout_due.get()); },
                    [&committed](std::optional<std::string> error) { committed.set_value(std::move(error)); });
    if (auto error = committed.get_future().get()) {
      log_error("clock of game " + std::to_string(due.game) + " " + due.role + " not worked: " + *error);
      return false;
    }
    if (site_.wake_outbox) site_.wake_outbox();
    if (*timeout_due)
      game_events_.move(
          storage::TimeoutDue{due.game, due.role, {}}, [game = due.game, role = due.role](ServerMoveOutcome outcome) {
            if (!outcome.error) return;
            const std::string line = "timeout of game " + std::to_string(game) + " " + role + " not applied: ";
            // Full: the opponent was not told it may claim, since the game said the server applies it.
            if (outcome.error->code == protocol::ErrorCode::overloaded)
              log_warn(line + outcome.error->message);
            else
              log_info(line + outcome.error->message);
          });
    else
      game_events_.clocks_changed(due.game);
  }
  return true;
}

void ClockScheduler::run() {
  for (;;) {
    bool ok = true;
    try {
      if (cluster_ &&
          !cluster_->leases.hold_job("scheduler", cluster_->node, wall_clock_ms(), cluster_->lease_ttl.count())) {
        // Another node runs them; look again in a while, ready to take over.
        std::unique_lock lock(mutex_);
        if (wake_.wait_for(lock, longest_sleep, [this] { return stopping_; })) return;
        continue;
      }
      ok = work_due();
      for (const auto& job : jobs_) job();
    } catch (const std::exception& e) {
      log_error(std::string("clock scheduler: ") + e.what());
      ok = false;
    }
    auto sleep = test_clock_in_use() ? test_clock_sleep : longest_sleep;
    if (ok)
      if (auto next = next_due_ms(db_))
        sleep = std::clamp(std::chrono::milliseconds(*next - unix_now_ms()), std::chrono::milliseconds(0), sleep);
    std::unique_lock lock(mutex_);
    if (wake_.wait_for(lock, sleep, [this] { return stopping_; })) return;
  }
}

}  // namespace warpath::server::clocks
