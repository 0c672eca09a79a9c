// Connection counting for the limits of Limits (see connection_gate.hpp).
#include "server/net/connection_gate.hpp"

namespace warpath::server {

std::unique_ptr<ConnectionGate::Slot> ConnectionGate::admit(const boost::asio::ip::address& peer) {
  return admit(peer, true);
}

std::unique_ptr<ConnectionGate::Slot> ConnectionGate::admit_proxied(const boost::asio::ip::address& peer) {
  return admit(peer, false);
}

std::unique_ptr<ConnectionGate::Slot> ConnectionGate::admit(const boost::asio::ip::address& peer, bool per_address) {
  std::lock_guard lock(mutex_);
  if (open_ >= limits_.max_connections) return nullptr;
  if (per_address) {
    auto& from_address = per_address_[peer];
    if (from_address >= limits_.max_connections_per_ip) {
      if (from_address == 0) per_address_.erase(peer);
      return nullptr;
    }
    ++from_address;
  }
  ++open_;
  return std::make_unique<Slot>(*this, peer, per_address ? std::optional(peer) : std::nullopt);
}

bool ConnectionGate::count_against(Slot& slot, const boost::asio::ip::address& client) {
  std::lock_guard lock(mutex_);
  if (slot.counted_) return true;  // at accept: a connection counts against one address only
  auto& from_address = per_address_[client];
  if (from_address >= limits_.max_connections_per_ip) {
    if (from_address == 0) per_address_.erase(client);
    return false;
  }
  ++from_address;
  slot.counted_ = client;
  return true;
}

void ConnectionGate::release(const std::optional<boost::asio::ip::address>& counted) {
  std::lock_guard lock(mutex_);
  --open_;
  if (!counted) return;
  auto it = per_address_.find(*counted);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

std::size_t ConnectionGate::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

}  // namespace warpath::server
