#pragma once
// Counts open connections, in all and per IP address, so that one client cannot take every
// socket (Limits). Rates of requests (game creations, sign-ups, log-ins) are ServerContext's.
// A trusted proxy's connection (client_address.hpp) carries many clients' requests: it counts
// against the total when accepted, and against one client's address only once it turns out to be
// that client's alone (a WebSocket).

#include <boost/asio/ip/address.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "server/util/limits.hpp"

namespace warpath::server {

class ConnectionGate {
 public:
  explicit ConnectionGate(const Limits& limits) : limits_(limits) {}

  // Held by a connection while it is open; its end gives the places back.
  class Slot {
   public:
    Slot(ConnectionGate& gate, boost::asio::ip::address peer, std::optional<boost::asio::ip::address> counted)
        : gate_(gate), peer_(std::move(peer)), counted_(std::move(counted)) {}
    ~Slot() { gate_.release(counted_); }
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    // The TCP peer.
    const boost::asio::ip::address& peer() const { return peer_; }
    // The address whose per-address cap the connection counts against; none yet for a proxy's.
    const std::optional<boost::asio::ip::address>& counted() const { return counted_; }

   private:
    friend class ConnectionGate;
    ConnectionGate& gate_;
    boost::asio::ip::address peer_;
    std::optional<boost::asio::ip::address> counted_;
  };

  // A slot for a new connection from `peer`, counted against the total and against `peer`'s
  // address; null when the server or that address is full.
  std::unique_ptr<Slot> admit(const boost::asio::ip::address& peer);
  // A slot for a new connection from a trusted proxy, counted against the total only; null when
  // the server is full.
  std::unique_ptr<Slot> admit_proxied(const boost::asio::ip::address& peer);
  // From now until it ends, `slot` (a proxy's, not counted yet) also counts against `client`'s
  // address; false, and nothing counted, when that address is full. A slot counted already stays
  // as it is (true).
  bool count_against(Slot& slot, const boost::asio::ip::address& client);
  std::size_t open() const;

 private:
  std::unique_ptr<Slot> admit(const boost::asio::ip::address& peer, bool per_address);
  void release(const std::optional<boost::asio::ip::address>& counted);

  const Limits& limits_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::map<boost::asio::ip::address, std::size_t> per_address_;
};

}  // namespace warpath::server
