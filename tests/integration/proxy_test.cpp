// Behind a reverse proxy (--trusted-proxies): the limits kept per address count the client the
// proxy names in X-Forwarded-For or X-Real-IP, decided per request on one keep-alive connection
// as nginx holds it; a WebSocket counts against its client's connections; headers from a peer
// that is not trusted, or from anyone without the flag, change nothing.

#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <regex>

#include "tests/integration/harness.hpp"

namespace warpath::test::proxy_test {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using nlohmann::json;

// One HTTP/1.1 connection kept alive from a loopback address of the test's choosing, carrying
// requests with whatever forwarding headers the test writes: a proxy, or a client pretending.
class Connection {
 public:
  Connection(const ServerProcess& server, const std::string& from) {
    namespace net = boost::asio;
    socket_.open(net::ip::tcp::v4());
    socket_.bind({net::ip::make_address(from), 0});
    socket_.connect({net::ip::make_address(server.host()), server.port()});
    const timeval ten_seconds{10, 0};  // a server that does not answer fails the test, not hangs it
    setsockopt(socket_.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &ten_seconds, sizeof ten_seconds);
    setsockopt(socket_.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &ten_seconds, sizeof ten_seconds);
    host_ = server.host() + ":" + std::to_string(server.port());
  }

  // The answer's status, and its error's code if any ("429 rate_limited"), to a request with these
  // headers.
  std::string send(http::verb verb, const std::string& target, const HeaderMap& headers, const std::string& body = {}) {
    http::request<http::string_body> req{verb, target, 11};
    req.set(http::field::host, host_);
    for (const auto& [name, value] : headers) req.insert(name, value);
    if (!body.empty()) req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
    http::write(socket_, req);
    http::response_parser<http::string_body> parser;
    http::read(socket_, buffer_, parser);
    const auto& res = parser.get();
    const auto parsed = json::parse(res.body(), nullptr, false);
    const std::string code = parsed.is_object() ? parsed.value("error", json::object()).value("code", "") : "";
    return std::to_string(res.result_int()) + (code.empty() ? "" : " " + code);
  }

  // POST /api/games as the client these headers name: "201", or the refusal's status and code.
  std::string create_game(const HeaderMap& headers) {
    return send(http::verb::post, "/api/games", headers, R"({"title":"test-duel","scenario":"standard"})");
  }

  // A WebSocket upgrade: "101" (this connection is the WebSocket from now on, open until it is
  // destroyed), or the refusal's status and code.
  std::string upgrade(HeaderMap headers) {
    headers.insert({{"Upgrade", "websocket"},
                    {"Connection", "Upgrade"},
                    {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                    {"Sec-WebSocket-Version", "13"}});
    return send(http::verb::get, "/ws", headers);
  }

 private:
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::socket socket_{ioc_};
  beast::flat_buffer buffer_;
  std::string host_;
};

const std::string created = "201";
const std::string rate_limited = "429 rate_limited";

HeaderMap forwarded_for(const std::string& chain) { return {{"X-Forwarded-For", chain}}; }

// The value of one sample of GET /metrics (-1 when it is not there).
double metric(Harness& h, const std::string& name) {
  const auto res = h.http().get("/metrics");
  std::smatch m;
  if (!std::regex_search(res.raw_body, m, std::regex("\n" + name + " ([0-9.]+)\n"))) return -1;
  return std::stod(m[1]);
}

TEST_CASE("forwarding headers are believed from trusted proxies only: each client its own game-creation allowance") {
  {
    // Without --trusted-proxies they change nothing.
    Harness h({"--games-per-ip-per-minute", "2"});
    Connection client(h.server(), "127.0.0.1");
    CHECK(client.create_game(forwarded_for("198.51.100.1")) == created);
    CHECK(client.create_game({{"X-Real-IP", "198.51.100.2"}}) == created);
    CHECK(client.create_game(forwarded_for("198.51.100.3")) == rate_limited);
    CHECK(client.create_game({{"X-Real-IP", "198.51.100.4"}}) == rate_limited);
  }

  // A trusted proxy's clients each have their own allowance, decided per request.
  Harness h({"--trusted-proxies", "127.0.0.2", "--games-per-ip-per-minute", "2"});
  // One keep-alive connection from the proxy, carrying several clients' requests.
  Connection proxy(h.server(), "127.0.0.2");
  CHECK(proxy.create_game(forwarded_for("198.51.100.1")) == created);
  CHECK(proxy.create_game(forwarded_for("198.51.100.1")) == created);
  CHECK(proxy.create_game(forwarded_for("198.51.100.1")) == rate_limited);
  // Another client has its allowance, whatever it wrote itself on the left of the chain.
  CHECK(proxy.create_game(forwarded_for("198.51.100.1, 198.51.100.2")) == created);
  CHECK(proxy.create_game(forwarded_for("198.51.100.1, 198.51.100.2")) == created);
  CHECK(proxy.create_game(forwarded_for("198.51.100.2")) == rate_limited);
  // The first client cannot pass for another by writing it on the left either.
  CHECK(proxy.create_game(forwarded_for("198.51.100.9, 198.51.100.1")) == rate_limited);
  // X-Real-IP when there is no X-Forwarded-For; the proxy's own requests are its own.
  CHECK(proxy.create_game({{"X-Real-IP", "198.51.100.3"}}) == created);
  CHECK(proxy.create_game({}) == created);

  // A peer that is not trusted is counted as itself, whatever its headers say.
  Connection pretender(h.server(), "127.0.0.1");
  CHECK(pretender.create_game(forwarded_for("198.51.100.4")) == created);
  CHECK(pretender.create_game(forwarded_for("198.51.100.5")) == created);
  CHECK(pretender.create_game(forwarded_for("198.51.100.6")) == rate_limited);
  CHECK(pretender.create_game({{"X-Real-IP", "198.51.100.7"}}) == rate_limited);
  CHECK(pretender.create_game(forwarded_for("198.51.100.8, 127.0.0.2")) == rate_limited);
  CHECK(metric(h, "warpath_forwarded_malformed_total") == 0);
}

TEST_CASE("a trusted proxy's header that names no address: the proxy's own allowance, counted in /metrics") {
  Harness h({"--trusted-proxies", "127.0.0.1", "--games-per-ip-per-minute", "1"});
  Connection proxy(h.server(), "127.0.0.1");
  CHECK(proxy.create_game(forwarded_for("unknown")) == created);
  CHECK(proxy.create_game({{"X-Real-IP", "not an address"}}) == rate_limited);  // the same allowance
  CHECK(proxy.create_game({}) == rate_limited);                                 // the proxy's own
  CHECK(proxy.create_game(forwarded_for("198.51.100.1")) == created);
  CHECK(metric(h, "warpath_forwarded_malformed_total") == 2);
}

TEST_CASE("a WebSocket through a trusted proxy counts against its client's connections") {
  Harness h({"--trusted-proxies", "127.0.0.1", "--max-connections-per-ip", "2"});
  std::vector<std::unique_ptr<Connection>> sockets;
  const auto websocket = [&](const std::string& client) {
    sockets.push_back(std::make_unique<Connection>(h.server(), "127.0.0.1"));
    return sockets.back()->upgrade(forwarded_for(client));
  };
  CHECK(websocket("198.51.100.1") == "101");
  CHECK(websocket("198.51.100.1") == "101");
  // The third of one client is refused, on a connection that stays for the proxy's other clients.
  CHECK(websocket("198.51.100.1") == "503 too_many_connections");
  CHECK(sockets.back()->send(http::verb::get, "/healthz", forwarded_for("198.51.100.2")) == "200");
  CHECK(sockets.back()->upgrade(forwarded_for("198.51.100.2")) == "101");
  CHECK(websocket("198.51.100.3") == "101");
  // More connections from the proxy than one address may hold: its plain HTTP is not capped per
  // address, each request counts as its client's.
  CHECK(h.http().get("/healthz").status == 200);
  // A client's WebSocket that ends gives its place back.
  sockets.erase(sockets.begin());
  CHECK(eventually([&] {
    Connection again(h.server(), "127.0.0.1");
    return again.upgrade(forwarded_for("198.51.100.1")) == "101";
  }));
}

}  // namespace
}  // namespace warpath::test::proxy_test
