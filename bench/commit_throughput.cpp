// Durable moves per second through the commit queue alone, without the engine or the network:
// R rooms each write their next move as soon as the previous one is committed (a room never has
// two moves in flight, exactly like a real room). Shows what group commit buys over one fsync per
// move. Prints one JSON object per room count. The first argument is a directory for the SQLite
// file, or a postgresql:// URL (scripts/bench-cluster): the same through PostgreSQL.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/storage/database.hpp"
#include "server/storage/game_store.hpp"

using namespace warpath::server::storage;
using nlohmann::json;

namespace {

struct Run {
  int rooms;
  std::uint64_t moves;
  double seconds;
  std::uint64_t transactions;
};

void remove_sqlite(const std::string& path) {
  if (is_postgresql_location(path)) return;
  std::filesystem::remove(path);
  std::filesystem::remove(path + "-wal");
  std::filesystem::remove(path + "-shm");
}

Run run(const std::string& path, int rooms, double seconds) {
  remove_sqlite(path);
  CommitQueue queue(path);
  std::vector<GameId> games;
  for (int r = 0; r < rooms; ++r) {
    auto id = std::make_shared<GameId>(0);
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    queue.submit(GameStore::create_game(
                     {"bench", "s", json::object(), 1, json::array(), "", "", {{"a", "h"}}, std::nullopt, "bench"}, id),
                 [&](std::optional<std::string>) {
                   std::lock_guard lock(m);
                   done = true;
                   cv.notify_one();
                 });
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return done; });
    games.push_back(*id);
  }
  const auto before = queue.stats();
  std::atomic<std::uint64_t> moves{0};
  std::atomic<bool> stop{false};
  std::atomic<int> running{rooms};
  std::mutex m;
  std::condition_variable all_stopped;
  std::vector<std::uint64_t> seq(static_cast<std::size_t>(rooms), 0);
  std::function<void(int)> next = [&](int room) {
    if (stop) {
      if (--running == 0) all_stopped.notify_one();
      return;
    }
    const auto s = ++seq[static_cast<std::size_t>(room)];
    // Each move adds a log line, as most real moves do.
    const auto log = std::make_shared<const warpath::engine::MoveLog>(
        json{{"keep", s - 1},
             {"lines", json::array({{{"role", "a"}, {"verb", "pass"}, {"arg", nullptr}, {"text", "a passes."}}})}});
    queue.submit(GameStore::append_move({games[static_cast<std::size_t>(room)],
                                         s,
                                         {"a", {"pass", nullptr}},
                                         json::array({"a"}),
                                         json(),
                                         log,
                                         0,
                                         false,
                                         {}}),
                 [&, room](std::optional<std::string> error) {
                   if (error) std::cerr << *error << "\n";
                   ++moves;
                   next(room);
                 });
  };
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < rooms; ++r) next(r);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  std::unique_lock lock(m);
  all_stopped.wait(lock, [&] { return running == 0; });
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {rooms, moves.load(), elapsed, queue.stats().transactions - before.transactions};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "/tmp";
  const double seconds = argc > 2 ? std::stod(argv[2]) : 3.0;
  const std::string path = is_postgresql_location(dir) ? dir : dir + "/warpath-commit-bench.db";
  for (int rooms : {1, 10, 100, 1000}) {
    const Run r = run(path, rooms, seconds);
    std::cout << json{{"rooms", r.rooms},
                      {"durable_moves", r.moves},
                      {"seconds", r.seconds},
                      {"moves_per_s", static_cast<double>(r.moves) / r.seconds},
                      {"transactions", r.transactions},
                      {"moves_per_transaction", r.transactions ? static_cast<double>(r.moves) / r.transactions : 0.0}}
                     .dump()
              << std::endl;
  }
  remove_sqlite(path);
}
