#include "server/rooms/room_registry.hpp"

#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

std::int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

RoomRegistry::RoomRegistry(boost::asio::any_io_executor executor, RoomServices services,
                           std::chrono::milliseconds idle_unload_after)
    : executor_(executor),
      services_(services),
      idle_unload_after_(idle_unload_after),
      timer_(executor),
      renew_timer_(executor) {}

RoomHandle RoomRegistry::lease(const std::shared_ptr<Room>& room) {
  ++room->leases;
  // A handle is a second owner of the room whose last copy gives the lease back.
  return RoomHandle(room.get(), [room](Room*) {
    room->idle_since_ms = steady_now_ms();
    --room->leases;
  });
}

RoomHandle RoomRegistry::acquire(protocol::GameId id) {
  std::lock_guard lock(mutex_);
  if (!rooms_.count(id) && rooms_.size() >= services_.limits.max_rooms && !evict_idle()) return nullptr;
  auto& slot = rooms_[id];
  if (!slot || slot->missing()) {
    slot = std::make_shared<Room>(executor_, id, services_);
    slot->load();
    // Several nodes: a timeout may have fallen due while another node served the game.
    if (services_.cluster) slot->recheck(lease(slot));
  }
  return lease(slot);
}

void RoomRegistry::recheck_all() {
  std::lock_guard lock(mutex_);
  for (auto& [id, room] : rooms_)
    if (!room->missing()) room->recheck(lease(room));
}

RoomHandle RoomRegistry::if_loaded(protocol::GameId id) {
  {
    std::lock_guard lock(mutex_);
    const auto it = rooms_.find(id);
    if (it == rooms_.end() || it->second->missing()) return nullptr;
  }
  return acquire(id);
}

std::size_t RoomRegistry::sweep() {
  const auto now = steady_now_ms();
  std::lock_guard lock(mutex_);
  std::size_t removed = 0;
  for (auto it = rooms_.begin(); it != rooms_.end();) {
    const Room& room = *it->second;
    const bool idle = room.leases == 0 && (room.missing() || now - room.idle_since_ms >= idle_unload_after_.count());
    if (idle) {
      it = rooms_.erase(it);
      ++removed;
    } else {
      ++it;
    }
  }
  return removed;
}

bool RoomRegistry::evict_idle() {
  auto oldest = rooms_.end();
  for (auto it = rooms_.begin(); it != rooms_.end(); ++it)
    if (it->second->leases == 0 &&
        (oldest == rooms_.end() || it->second->idle_since_ms < oldest->second->idle_since_ms))
      oldest = it;
  if (oldest == rooms_.end()) return false;
  rooms_.erase(oldest);
  return true;
}

std::size_t RoomRegistry::loaded() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

void RoomRegistry::start_sweeping() {
  sweeping_ = true;
  schedule_sweep();
  if (services_.cluster) schedule_renewal();
}

void RoomRegistry::schedule_renewal() {
  // Three renewals per lease time: a lease survives a renewal lost to a slow commit.
  const auto& cluster = *services_.cluster;
  renew_timer_.expires_after(cluster.lease_ttl / 3);
  renew_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec || !sweeping_) return;
    const auto& cluster = *services_.cluster;
    const auto now = wall_clock_ms();
    auto held = std::make_shared<storage::LeaseStore::Held>();
    services_.commits.submit(storage::LeaseStore::renew(cluster.node, now + cluster.lease_ttl.count(), held),
                             [this, held, now](std::optional<std::string> error) {
                               if (error) return log_warn("game leases not renewed: " + *error);
                               // Off the commit thread: each room checks on its own strand.
                               boost::asio::post(executor_, [this, held, now] { check_leases(held, now); });
                             });
    schedule_renewal();
  });
}

void RoomRegistry::check_leases(const std::shared_ptr<const storage::LeaseStore::Held>& held,
                                std::int64_t renewed_at_ms) {
  std::lock_guard lock(mutex_);
  for (auto& [id, room] : rooms_)
    if (!room->missing()) room->check_lease(room, held, renewed_at_ms);
}

void RoomRegistry::stop_sweeping() {
  sweeping_ = false;
  timer_.cancel();
  renew_timer_.cancel();
}

void RoomRegistry::schedule_sweep() {
  timer_.expires_after(std::chrono::seconds(5));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (ec || !sweeping_) return;
    sweep();
    schedule_sweep();
  });
}

}  // namespace warpath::server
