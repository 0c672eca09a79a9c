// The client's address behind trusted proxies (server/net/client_address.hpp): the list of
// proxies and ranges, which header entry is the client, headers from peers nobody trusts, and
// garbage; and the ConnectionGate's counting of a proxy's connections.

#include <doctest/doctest.h>

#include <boost/beast/http/fields.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "server/net/client_address.hpp"
#include "server/net/connection_gate.hpp"

namespace client_address_test {

using boost::asio::ip::make_address;
using warpath::server::client_address;
using warpath::server::ClientSource;
using warpath::server::TrustedProxies;

std::optional<std::string_view> none = std::nullopt;

// The client's address as text for these headers from `peer`.
std::string client(const char* peer, const TrustedProxies& trusted, std::optional<std::string_view> forwarded_for,
                   std::optional<std::string_view> real_ip = std::nullopt) {
  return client_address(make_address(peer), forwarded_for, real_ip, trusted).address.to_string();
}

ClientSource source(const char* peer, const TrustedProxies& trusted, std::optional<std::string_view> forwarded_for,
                    std::optional<std::string_view> real_ip = std::nullopt) {
  return client_address(make_address(peer), forwarded_for, real_ip, trusted).source;
}

TEST_CASE("trusted proxies: addresses and CIDR ranges, IPv4 and IPv6") {
  const auto trusted = TrustedProxies::parse(" 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,192.168.1.128/25");
  CHECK(trusted.to_string() == "127.0.0.1,10.0.0.0/8,::1,fd00::/8,192.168.1.128/25");
  for (const char* in : {"127.0.0.1", "10.0.0.0", "10.255.255.255", "::1", "fd12:3456::1", "192.168.1.128",
                         "192.168.1.255", "::ffff:10.1.2.3", "::ffff:127.0.0.1"})
    CHECK_MESSAGE(trusted.contains(make_address(in)), in);
  for (const char* out : {"127.0.0.2", "11.0.0.0", "9.255.255.255", "::2", "fe00::1", "192.168.1.127", "0.0.0.0",
                          "::ffff:11.0.0.1", "::7f00:1"})
    CHECK_MESSAGE(!trusted.contains(make_address(out)), out);

  // An IPv6 range holds no IPv4 address, and the other way round.
  CHECK(!TrustedProxies::parse("::/0").contains(make_address("1.2.3.4")));
  CHECK(TrustedProxies::parse("::/0").contains(make_address("2001:db8::1")));
  CHECK(!TrustedProxies::parse("0.0.0.0/0").contains(make_address("2001:db8::1")));
  CHECK(TrustedProxies::parse("0.0.0.0/0").contains(make_address("8.8.8.8")));
  // An IPv4 range written as IPv6 is the IPv4 range.
  CHECK(TrustedProxies::parse("::ffff:10.0.0.0/104").to_string() == "10.0.0.0/8");
  CHECK(TrustedProxies::parse("::ffff:10.0.0.0/104").contains(make_address("10.9.9.9")));

  CHECK(TrustedProxies::parse("").empty());
  CHECK(TrustedProxies::parse(" , ").empty());
  CHECK(!TrustedProxies().contains(make_address("127.0.0.1")));
}

TEST_CASE("trusted proxies: a bad entry is refused at start, naming it") {
  for (const char* bad : {"localhost", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/8/8",
                          "10.0.0.1/8", "fd00::1/8", "1.2.3", "127.0.0.1:80", "[::1]", "10.0.0.0/0x8"}) {
    try {
      TrustedProxies::parse(std::string("127.0.0.1,") + bad);
      FAIL("accepted ", bad);
    } catch (const std::invalid_argument& e) {
      CHECK_MESSAGE(std::string(e.what()).find(std::string("'") + bad + "'") != std::string::npos, e.what());
    }
  }
}

TEST_CASE("client address: the peer, unless the peer is a trusted proxy") {
  const auto trusted = TrustedProxies::parse("127.0.0.1,::1");
  // Headers from a peer nobody trusts are never read: nobody picks the address they count under.
  CHECK(client("203.0.113.9", trusted, "198.51.100.1") == "203.0.113.9");
  CHECK(client("203.0.113.9", trusted, none, "198.51.100.1") == "203.0.113.9");
  CHECK(source("203.0.113.9", trusted, "garbage", "garbage") == ClientSource::peer);
  CHECK(client("127.0.0.1", TrustedProxies(), "198.51.100.1", "198.51.100.2") == "127.0.0.1");
  // From a trusted proxy: X-Forwarded-For, else X-Real-IP, else the proxy itself.
  CHECK(client("127.0.0.1", trusted, "198.51.100.1", "198.51.100.2") == "198.51.100.1");
  CHECK(source("127.0.0.1", trusted, "198.51.100.1") == ClientSource::forwarded_for);
  CHECK(client("127.0.0.1", trusted, none, "198.51.100.2") == "198.51.100.2");
  CHECK(source("127.0.0.1", trusted, none, "198.51.100.2") == ClientSource::real_ip);
  CHECK(client("127.0.0.1", trusted, none) == "127.0.0.1");
  CHECK(source("127.0.0.1", trusted, none) == ClientSource::peer);
  // IPv6 peers and clients; an IPv4 peer seen through a dual-stack socket is that IPv4 address.
  CHECK(client("::1", trusted, "2001:db8::7") == "2001:db8::7");
  CHECK(client("::ffff:127.0.0.1", trusted, "198.51.100.1") == "198.51.100.1");
  CHECK(client("::ffff:203.0.113.9", trusted, "198.51.100.1") == "203.0.113.9");
  CHECK(client("127.0.0.1", trusted, "::ffff:198.51.100.1") == "198.51.100.1");
}

TEST_CASE("client address: the rightmost entry that is not a trusted proxy") {
  const auto trusted = TrustedProxies::parse("127.0.0.1,10.0.0.0/8");
  // nginx appends the address it was reached from; what the client sent stays on the left.
  CHECK(client("127.0.0.1", trusted, "6.6.6.6, 198.51.100.1") == "198.51.100.1");
  // Several proxies: each trusted hop is skipped.
  CHECK(client("127.0.0.1", trusted, "198.51.100.1,10.0.0.5,10.1.1.1") == "198.51.100.1");
  CHECK(client("127.0.0.1", trusted, "6.6.6.6,198.51.100.1, 10.0.0.5 ,10.1.1.1") == "198.51.100.1");
  // A proxy that is not trusted is the client: what it says is not believed.
  CHECK(client("127.0.0.1", trusted, "198.51.100.1, 203.0.113.50, 10.0.0.5") == "203.0.113.50");
  // Every entry trusted: the leftmost.
  CHECK(client("127.0.0.1", trusted, "10.0.0.7, 10.0.0.5, 127.0.0.1") == "10.0.0.7");
  // Entries left of the client are never read, garbage or not.
  CHECK(client("127.0.0.1", trusted, "unknown, <script>, 198.51.100.1") == "198.51.100.1");
  CHECK(source("127.0.0.1", trusted, "unknown, 198.51.100.1") == ClientSource::forwarded_for);
  // Ports and brackets, as some proxies write them.
  CHECK(client("127.0.0.1", trusted, "198.51.100.1:4711") == "198.51.100.1");
  CHECK(client("127.0.0.1", trusted, "[2001:db8::7]:443") == "2001:db8::7");
  CHECK(client("127.0.0.1", trusted, "[2001:db8::7]") == "2001:db8::7");
  CHECK(client("127.0.0.1", trusted, "198.51.100.1, 10.0.0.5:80") == "198.51.100.1");
}

TEST_CASE("client address: a header that names no address counts as the proxy's own, whatever it holds") {
  const auto trusted = TrustedProxies::parse("127.0.0.1,10.0.0.0/8");
  for (const char* garbage : {"",
                              " ",
                              ",",
                              "198.51.100.1,",
                              "unknown",
                              "_hidden",
                              "198.51.100.1, garbage",
                              "1.2.3",
                              "1.2.3.4.5",
                              "999.1.1.1",
                              "2001:db8::7:80:1:2:3:4:5",
                              "[2001:db8::7",
                              "[2001:db8::7]x",
                              "[198.51.100.1]",
                              "198.51.100.1:",
                              "198.51.100.1:http",
                              "198.51.100.1:123456",
                              "198.51.100.1 198.51.100.2",
                              "198.51.100.1;198.51.100.2",
                              "10.0.0.5, garbage, 10.0.0.6",
                              "1.2.3.4\n",
                              "\xff\xfe",
                              "%",
                              "::1%",
                              "fe80::1%eth0",
                              "0x7f.1"}) {
    CHECK_MESSAGE(source("127.0.0.1", trusted, garbage) == ClientSource::malformed, "'", garbage, "'");
    CHECK(client("127.0.0.1", trusted, garbage) == "127.0.0.1");
    // X-Forwarded-For decides when present, even beside a good X-Real-IP.
    CHECK(source("127.0.0.1", trusted, garbage, "198.51.100.2") == ClientSource::malformed);
    CHECK(source("127.0.0.1", trusted, none, garbage) == ClientSource::malformed);
  }
  CHECK(source("127.0.0.1", trusted, std::string_view("1.2.3.4\0junk", 12)) == ClientSource::malformed);
  CHECK(source("127.0.0.1", trusted, std::string(10000, '1')) == ClientSource::malformed);
  // A long chain of trusted hops is read to its end, without trouble.
  std::string chain = "198.51.100.1";
  for (int i = 0; i < 1000; ++i) chain += ", 10.0.0.5";
  CHECK(client("127.0.0.1", trusted, chain) == "198.51.100.1");
}

TEST_CASE("client address: from a request's header lines") {
  const auto trusted = TrustedProxies::parse("127.0.0.1,10.0.0.0/8");
  const auto peer = make_address("127.0.0.1");
  boost::beast::http::fields headers;
  CHECK(client_address(peer, headers, trusted).address == peer);
  headers.insert("x-real-ip", "198.51.100.2");
  CHECK(client_address(peer, headers, trusted).address.to_string() == "198.51.100.2");
  // Several X-Forwarded-For lines are one list, in their order.
  headers.insert("X-Forwarded-For", "198.51.100.1");
  headers.insert("X-Forwarded-For", "10.0.0.5");
  CHECK(client_address(peer, headers, trusted).address.to_string() == "198.51.100.1");
  CHECK(client_address(make_address("203.0.113.9"), headers, trusted).address.to_string() == "203.0.113.9");
  // Two X-Real-IP lines name no single address.
  boost::beast::http::fields twice;
  twice.insert("X-Real-IP", "198.51.100.2");
  twice.insert("X-Real-IP", "198.51.100.3");
  CHECK(client_address(peer, twice, trusted).source == ClientSource::malformed);
}

TEST_CASE("connection gate: a trusted proxy's connection counts against the total, then against its client") {
  warpath::server::Limits limits;
  limits.max_connections = 6;
  limits.max_connections_per_ip = 2;
  warpath::server::ConnectionGate gate(limits);
  const auto proxy = make_address("127.0.0.1");
  const auto alice = make_address("198.51.100.1");
  const auto bob = make_address("198.51.100.2");
  // More than the per-address cap from the proxy itself: only the total counts at accept.
  std::vector<std::unique_ptr<warpath::server::ConnectionGate::Slot>> slots;
  for (int i = 0; i < 5; ++i) slots.push_back(gate.admit_proxied(proxy));
  for (const auto& slot : slots) REQUIRE(static_cast<bool>(slot));
  CHECK(!slots.front()->counted());
  CHECK(gate.open() == 5);
  // Two of them turn out to be Alice's WebSockets; a third is refused, Bob's is not.
  CHECK(gate.count_against(*slots[0], alice));
  CHECK(gate.count_against(*slots[1], alice));
  CHECK(!gate.count_against(*slots[2], alice));
  CHECK(!slots[2]->counted());
  CHECK(gate.count_against(*slots[3], bob));
  // Alice's addresses count for direct connections too.
  CHECK(!gate.admit(alice));
  CHECK(static_cast<bool>(gate.admit(bob)));  // and given back at once
  // One of Alice's ends: her place comes back.
  slots[0].reset();
  CHECK(gate.count_against(*slots[2], alice));
  // The total holds for proxies as for anyone.
  for (int i = 0; i < 2; ++i) {
    slots.push_back(gate.admit_proxied(proxy));
    REQUIRE(static_cast<bool>(slots.back()));
  }
  CHECK(gate.open() == 6);
  CHECK(!gate.admit_proxied(proxy));
  CHECK(!gate.admit(make_address("203.0.113.9")));
  slots.clear();
  CHECK(gate.open() == 0);
  CHECK(static_cast<bool>(gate.admit(alice)));
}

}  // namespace client_address_test
