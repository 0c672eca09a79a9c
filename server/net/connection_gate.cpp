// Connection counting for the limits of Limits (see connection_gate.hpp).
#include "server/net/connection_gate.hpp"

namespace warpath::server {

std::unique_ptr<ConnectionGate::Slot> ConnectionGate::admit(const boost::asio::ip::address& address) {
  std::lock_guard lock(mutex_);
  auto& from_address = per_address_[address];
  if (open_ >= limits_.max_connections || from_address >= limits_.max_connections_per_ip) {
    if (from_address == 0) per_address_.erase(address);
    return nullptr;
  }
  ++open_;
  ++from_address;
  return std::make_unique<Slot>(*this, address);
}

void ConnectionGate::release(const boost::asio::ip::address& address) {
  std::lock_guard lock(mutex_);
  --open_;
  auto it = per_address_.find(address);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

std::size_t ConnectionGate::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

}  // namespace warpath::server
