#pragma once
// Counts open connections, in all and per IP address, so that one client cannot take every
// socket (Limits). Rates of requests (game creations, sign-ups, log-ins) are ServerContext's.

#include <boost/asio/ip/address.hpp>
#include <map>
#include <memory>
#include <mutex>

#include "server/util/limits.hpp"

namespace warpath::server {

class ConnectionGate {
 public:
  explicit ConnectionGate(const Limits& limits) : limits_(limits) {}

  // Held by a connection while it is open; its end gives the place back.
  class Slot {
   public:
    Slot(ConnectionGate& gate, boost::asio::ip::address address) : gate_(gate), address_(std::move(address)) {}
    ~Slot() { gate_.release(address_); }
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    const boost::asio::ip::address& address() const { return address_; }

   private:
    ConnectionGate& gate_;
    boost::asio::ip::address address_;
  };

  // A slot for a new connection from `address`; null when the server or that address is full.
  std::unique_ptr<Slot> admit(const boost::asio::ip::address& address);
  std::size_t open() const;

 private:
  void release(const boost::asio::ip::address& address);

  const Limits& limits_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::map<boost::asio::ip::address, std::size_t> per_address_;
};

}  // namespace warpath::server
