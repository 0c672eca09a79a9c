#pragma once
// The one thread that acts on the clocks when nobody moves: it reads the due-time index
// (clocks.due_ms), lets clock_store handle each due clock in a transaction of its own (the
// 24-hour warning, an automatic vacation day, the end of the grace period), then asks the game's
// room to record a timeout when the game applies them automatically, and tells the room that its
// clocks changed, wherever the game is served (server/rooms/game_events.hpp); and the jobs it is
// given (the lobby's bidding deadlines). It keeps no clock in memory: after a restart it carries on
// from the index.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/registry.hpp"
#include "server/notify/notices.hpp"
#include "server/rooms/game_events.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"

namespace warpath::server::clocks {

class ClockScheduler {
 public:
  // `site`: the origin of the notices' links, set before start().
  ClockScheduler(const std::string& db_path, storage::CommitQueue& commits, GameEvents& game_events,
                 const engine::GameRegistry& games, const notify::Site& site);
  ~ClockScheduler();
  ClockScheduler(const ClockScheduler&) = delete;
  ClockScheduler& operator=(const ClockScheduler&) = delete;

  // Another job to run at each look at the index (before start()): the lobby's bidding deadlines.
  void also_run(std::function<void()> job);
  // Several nodes: the scheduler and its jobs run only on the node holding the
  // `scheduler` job lease (before start()).
  void one_node_of(const ClusterNode& cluster) { cluster_ = &cluster; }
  void start();
  // Joins the thread; call it before the commit queue stops.
  void stop();

 private:
  void run();
  // Works every clock due by now; false when the commit queue failed (try again later).
  bool work_due();

  storage::Connection db_;
  storage::CommitQueue& commits_;
  GameEvents& game_events_;
  const engine::GameRegistry& games_;
  const notify::Site& site_;
  std::vector<std::function<void()>> jobs_;
  const ClusterNode* cluster_ = nullptr;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
};

}  // namespace warpath::server::clocks
