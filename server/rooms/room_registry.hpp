#pragma once
// The rooms loaded in this process. A room is loaded on first use and unloaded once no lease
// on it has been held for a while; leases are handed out and counted under one mutex, so a room
// can never be unloaded while someone is about to use it, and a game never has two rooms.

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <map>
#include <mutex>

#include "server/rooms/room.hpp"

namespace warpath::server {

class RoomRegistry {
 public:
  RoomRegistry(boost::asio::any_io_executor executor, RoomServices services,
               std::chrono::milliseconds idle_unload_after = std::chrono::seconds(60));

  // A lease on the game's room, loading it if needed; an unknown game yields a room that answers
  // `unknown_game` and is dropped soon after. Null when Limits::max_rooms are loaded and none of
  // them is idle (without a lease) to make room.
  RoomHandle acquire(protocol::GameId id);
  // A lease on the game's room only if it is loaded already (to tell its seats of a change that
  // the database holds anyway, without loading a game nobody watches); null otherwise.
  RoomHandle if_loaded(protocol::GameId id);
  // Several nodes: every loaded room looks again at what it might not have been told
  // (Room::recheck), after this node may have missed cluster events.
  void recheck_all();
  // What to tell a client whose acquire() came back null (error code `overloaded`).
  static constexpr const char* full_message = "the server has too many games open; try again later";

  // Starts the periodic unloading of idle rooms and, on a node of several, the renewal of the
  // game leases it holds (server/storage/lease_store.hpp).
  void start_sweeping();
  void stop_sweeping();
  std::size_t loaded() const;
  // Unloads every room without a lease that has been idle long enough; returns how many.
  std::size_t sweep();

 private:
  // A lease on `room`, under mutex_.
  static RoomHandle lease(const std::shared_ptr<Room>& room);
  void schedule_sweep();
  void schedule_renewal();
  // After a renewal: the rooms whose lease was not renewed find out whether they lost it.
  void check_leases(const std::shared_ptr<const storage::LeaseStore::Held>& held, std::int64_t renewed_at_ms);
  // Unloads the room idle the longest; false when every room is leased. Under mutex_.
  bool evict_idle();

  boost::asio::any_io_executor executor_;
  RoomServices services_;
  std::chrono::milliseconds idle_unload_after_;
  mutable std::mutex mutex_;
  std::map<protocol::GameId, std::shared_ptr<Room>> rooms_;
  boost::asio::steady_timer timer_;
  boost::asio::steady_timer renew_timer_;
  bool sweeping_ = false;
};

std::int64_t steady_now_ms();

}  // namespace warpath::server
