#pragma once
// Who a request comes from, for everything counted per address (connections, game creations,
// sign-ups, log-ins, password resets): the TCP peer, unless the peer is a proxy the operator
// trusts (--trusted-proxies), in which case the client that proxy names in X-Forwarded-For or
// X-Real-IP. The one place that decides it; a header from a peer that is not trusted is never
// read, so nobody can choose the address they are counted under.

#include <array>
#include <boost/asio/ip/address.hpp>
#include <boost/beast/http/fields.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpath::server {

// An address as the limits count it: an IPv4 address mapped into IPv6 (what a dual-stack listener
// sees of an IPv4 client) is that IPv4 address.
boost::asio::ip::address canonical_address(const boost::asio::ip::address& address);

// The proxies whose forwarding headers are believed: addresses and CIDR ranges.
class TrustedProxies {
 public:
  TrustedProxies() = default;  // nobody
  // "127.0.0.1, 10.0.0.0/8, ::1": entries separated by commas, spaces around them ignored. Throws
  // std::invalid_argument naming the entry that is not an address or a range, or a range with
  // bits set after its prefix (10.0.0.1/8: a typo for 10.0.0.0/8, or for 10.0.0.1?).
  static TrustedProxies parse(std::string_view list);

  bool empty() const { return ranges_.empty(); }
  // Whether `address` (canonical or not) is in one of the ranges. An IPv4 range holds IPv4
  // addresses only, an IPv6 range IPv6 ones only.
  bool contains(const boost::asio::ip::address& address) const;
  // The list as parsed, comma-separated, each range in its shortest form (for the log).
  std::string to_string() const;

 private:
  struct Range {
    bool v6 = false;
    std::array<unsigned char, 16> bytes{};  // an IPv4 range uses the first 4
    unsigned prefix = 0;                    // bits that must match
  };
  std::vector<Range> ranges_;
};

// Where the address came from. `malformed`: the peer is trusted, but the header it sent to name the
// client (X-Forwarded-For when present, else X-Real-IP) holds something that is not an address
// where it had to be read; the peer's own address is used, and the caller counts it.
enum class ClientSource { peer, forwarded_for, real_ip, malformed };

struct ClientAddress {
  boost::asio::ip::address address;  // canonical
  ClientSource source = ClientSource::peer;
};

// The client of a request that reached us from `peer` with these header values (nullopt: the
// header is absent; several X-Forwarded-For lines are joined with commas first).
// - `peer` not trusted: the peer, whatever the headers say.
// - X-Forwarded-For present: its entries are read from the right (the nearest hop) and the first
//   that is not a trusted proxy is the client; when every entry is trusted, the leftmost. Entries
//   left of the client are never read (they are the client's own claims, garbage or not). An
//   entry is an IPv4 or IPv6 address (without a zone), optionally with a port ("1.2.3.4:80",
//   "[::1]:80") or in brackets; anything else where an entry is read ("unknown", an empty entry)
//   is `malformed`.
// - Else X-Real-IP present: that one address (same forms), or `malformed`.
// - Else the peer (a trusted proxy's own request).
ClientAddress client_address(const boost::asio::ip::address& peer, std::optional<std::string_view> forwarded_for,
                             std::optional<std::string_view> real_ip, const TrustedProxies& trusted);
// The same with the headers of a request.
ClientAddress client_address(const boost::asio::ip::address& peer, const boost::beast::http::fields& headers,
                             const TrustedProxies& trusted);

}  // namespace warpath::server
