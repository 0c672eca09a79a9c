// Server hardening: what a hostile or careless client could do to the real server
// process (lost joins, unanswered requests, empty pages, chat lost in a crash, methods taken for
// GET), each checked from outside as such a client would do it; then the limits on what one
// client may take (outbox, connections, rooms, chat, origins).

#include <doctest/doctest.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include "tests/integration/harness.hpp"

namespace warpath::test::hardening_test {
namespace {

using nlohmann::json;

// Fails the check unless `res` is a structured error with `status` and `code`.
void check_error(const HttpResponse& res, int status, const std::string& code) {
  CHECK_MESSAGE(res.status == status, "status ", res.status, ": ", res.raw_body);
  REQUIRE_MESSAGE(res.body.is_object(), "not a JSON object: ", res.raw_body);
  const json error = res.body.value("error", json::object());
  CHECK_MESSAGE(error.value("code", "") == code, "expected ", code, ": ", res.raw_body);
  CHECK_MESSAGE(error.value("message", json()).is_string(), res.raw_body);
}

// Receives until a message satisfies `match`; fails the test on an error message first.
json receive_until(WsClient& ws, const std::function<bool(const json&)>& match) {
  while (true) {
    json m = ws.receive();
    if (match(m)) return m;
    REQUIRE_MESSAGE(m.value("type", "") != "error", "unexpected error: ", m.dump());
  }
}

bool is_type(const json& m, const std::string& type) { return m.value("type", "") == type; }

// Whether `done()` comes true within five seconds, asked every 50 ms: for what the server does
// once it notices that a client has gone.
template <typename Done>
bool eventually(Done done) {
  for (int i = 0; i < 100; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// A WebSocket client at the byte level that never reads what the server sends once the upgrade
// is answered, and may come from another loopback address and send any Origin.
class RawWebSocket {
 public:
  RawWebSocket(const std::string& host, std::uint16_t port, const std::string& origin = {},
               const std::string& from = "127.0.0.1", const std::string& target = "/ws") {
    namespace net = boost::asio;
    socket_.open(net::ip::tcp::v4());
    socket_.bind({net::ip::make_address(from), 0});
    socket_.connect({net::ip::make_address(host), port});
    const timeval ten_seconds{10, 0};  // a server that neither reads nor closes fails the test, not hangs it
    setsockopt(socket_.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &ten_seconds, sizeof ten_seconds);
    setsockopt(socket_.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &ten_seconds, sizeof ten_seconds);
    std::string upgrade = "GET " + target + " HTTP/1.1\r\nHost: " + host + ":" + std::to_string(port) +
                          "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    if (!origin.empty()) upgrade += "Origin: " + origin + "\r\n";
    net::write(socket_, net::buffer(upgrade + "\r\n"));
    net::streambuf head;
    net::read_until(socket_, head, "\r\n\r\n");
    std::string line(net::buffers_begin(head.data()), net::buffers_end(head.data()));
    status_ = std::stoi(line.substr(line.find(' ') + 1, 3));
  }

  int status() const { return status_; }

  // One masked text frame; the error of the write (none while the server takes it).
  boost::system::error_code send_text(const std::string& text) {
    std::string frame = {static_cast<char>(0x81)};
    if (text.size() < 126) {
      frame += static_cast<char>(0x80 | text.size());
    } else {
      frame += static_cast<char>(0x80 | 126);
      frame += static_cast<char>(text.size() >> 8);
      frame += static_cast<char>(text.size() & 0xff);
    }
    const char mask[4] = {0x12, 0x34, 0x56, 0x78};
    frame.append(mask, 4);
    for (std::size_t i = 0; i < text.size(); ++i) frame += static_cast<char>(text[i] ^ mask[i % 4]);
    boost::system::error_code ec;
    boost::asio::write(socket_, boost::asio::buffer(frame), ec);
    return ec;
  }

 private:
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::socket socket_{ioc_};
  int status_ = 0;
};

// Collects `count` answers to one's own chat lines, sorted and joined by commas: the line's text
// when it was broadcast, else the error's code.
std::string chat_outcomes(SeatClient& client, int count) {
  std::vector<std::string> outcomes;
  while (static_cast<int>(outcomes.size()) < count) {
    const json m = client.pump();
    if (is_type(m, "chat") && m.value("seat", "") == client.seat()) outcomes.push_back(m.value("text", ""));
    if (is_type(m, "error")) outcomes.push_back(m.value("code", ""));
  }
  // A refusal may overtake the lines before it, which wait for their commit.
  std::sort(outcomes.begin(), outcomes.end());
  std::string joined;
  for (const auto& outcome : outcomes) joined += (joined.empty() ? "" : ",") + outcome;
  return joined;
}

void send_chat(SeatClient& client, const std::string& text) {
  client.ws().send({{"type", "chat"}, {"game", client.game()}, {"text", text}});
}

TEST_CASE("a refused join followed at once by a good one keeps the good one") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 13);
  const std::string wrong_token(32, '0');
  auto observer = h.join(game, "spectator");

  // The refusal's clean-up races the second join: try often enough to lose the race many times.
  for (int attempt = 0; attempt < 30; ++attempt) {
    INFO("attempt ", attempt);
    WsClient ws(h.server().host(), h.server().port());
    ws.send({{"type", "join"}, {"game", game.id}, {"seat", "red"}, {"token", wrong_token}, {"ref", "bad"}});
    ws.send({{"type", "join"}, {"game", game.id}, {"seat", "spectator"}, {"ref", "good"}});
    const json refused = ws.receive();
    CHECK_MESSAGE(refused.value("code", "") == "bad_token", refused.dump());
    receive_until(ws, [](const json& m) { return is_type(m, "snapshot"); });
    // The refusal's clean-up ran before the snapshot was sent; the join must have survived it.
    ws.send({{"type", "resync"}, {"game", game.id}, {"version", 0}});
    ws.send({{"type", "ping"}, {"ref", "after"}});
    receive_until(ws, [](const json& m) { return is_type(m, "pong"); });
  }
  // Every connection above has gone: the room counts the observer alone again.
  observer->wait_for([](const json& m) { return is_type(m, "presence") && m["seats"].value("spectator", -1) == 1; });
}

TEST_CASE("every HTTP action request gets an answer, whatever its fields hold") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 7);
  const std::string actions = "/api/games/" + std::to_string(game.id) + "/actions";
  const auto red = game.tokens.at("red");
  auto http = h.http();
  for (const json& verb : {json(5), json(true), json::array({"pass"}), json::object(), json(nullptr)}) {
    INFO("verb: ", verb.dump());
    check_error(http.post(actions, {{"version", 0}, {"verb", verb}}, red), 400, "bad_message");
  }
  check_error(http.post(actions, {{"version", "0"}, {"verb", "pass"}}, red), 400, "bad_message");
  // Nothing was applied, and a good action still goes through.
  const auto ok = http.post(actions, {{"version", 0}, {"verb", "pass"}}, red);
  CHECK_MESSAGE(ok.status == 200, ok.raw_body);
  CHECK(ok.body.value("version", 0) == 1);
}

TEST_CASE("static files: only files inside the web root are served, everything else is 404") {
  Harness h;
  const auto web = h.server().temp_dir() / "web";
  REQUIRE(std::filesystem::exists(web / "index.html"));
  const auto outside = h.server().temp_dir() / "secret.txt";
  std::ofstream(outside) << "secret\n";
  std::filesystem::create_symlink(outside, web / "link.txt");
  std::filesystem::create_directories(web / "dir");
  auto http = h.http();

  const auto index = http.get("/");
  CHECK(index.status == 200);
  CHECK(index.raw_body.find("warpath test") != std::string::npos);
  check_error(http.get("/no-such-file.js"), 404, "not_found");
  check_error(http.get("/link.txt"), 404, "not_found");
  check_error(http.get("/dir"), 404, "not_found");
  check_error(http.exchange_raw("GET /../secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 404,
              "not_found");
  check_error(http.exchange_raw("GET /%2e%2e/secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 404,
              "not_found");
}

TEST_CASE("chat lines others saw survive kill -9") {
  Harness h({"--chat-per-connection-per-minute", "1000", "--chat-per-game-per-minute", "1000"});
  const CreatedGame game = h.create_game("standard", 4);
  constexpr int lines = 200;
  {
    auto red = h.join(game, "red");
    auto blue = h.join(game, "blue");
    for (int i = 0; i < lines; ++i)
      red->ws().send({{"type", "chat"}, {"game", game.id}, {"text", "line " + std::to_string(i)}});
    // Once blue has seen the last line, every line must be stored.
    blue->wait_for([](const json& m) { return is_type(m, "chat") && m.value("text", "") == "line 199"; });
    h.server().kill9();
  }
  h.server().restart();
  auto later = h.join(game, "blue");
  later->wait_for_type("presence");
  std::vector<std::string> history;
  for (const auto& m : later->events())
    if (is_type(m, "chat")) history.push_back(m.value("text", ""));
  // A player's joining connection is sent the most recent lines, in order (a spectator's is not,
  // while the game is on: lobby_test.cpp).
  REQUIRE_FALSE(history.empty());
  for (std::size_t i = 0; i < history.size(); ++i)
    CHECK(history[i] == "line " + std::to_string(lines - history.size() + i));
}

TEST_CASE("HTTP: methods a resource does not take, malformed requests, the bearer scheme") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 9);
  auto http = h.http();

  for (const std::string method : {"DELETE", "PUT", "PATCH", "TRACE"})
    for (const std::string& target :
         std::vector<std::string>{"/api/games", "/healthz", "/api/titles", "/api/titles/test-duel/data",
                                  "/api/games/" + std::to_string(game.id), "/"}) {
      INFO(method, " ", target);
      const auto res = http.request(method, target);
      check_error(res, 405, "method_not_allowed");
      CHECK(res.headers.count("allow") == 1);
    }
  check_error(http.exchange_raw("BREW /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), 405,
              "method_not_allowed");
  check_error(http.request("GET", "/api/games/" + std::to_string(game.id) + "/actions"), 405, "method_not_allowed");
  check_error(http.request("POST", "/api/games/" + std::to_string(game.id) + "/view"), 405, "method_not_allowed");
  // HEAD goes wherever GET does.
  CHECK(http.request("HEAD", "/healthz").status == 200);

  check_error(
      http.exchange_raw("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20 * 1024, 'a') + "\r\n\r\n"), 431,
      "headers_too_large");
  check_error(http.exchange_raw("GET /healthz HTTP/1.1\r\nHost x\r\n\r\n"), 400, "bad_request");
  check_error(http.exchange_raw("GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"), 400, "bad_request");

  // RFC 9110: the authentication scheme is case-insensitive.
  const std::string view = "/api/games/" + std::to_string(game.id) + "/view";
  for (const std::string scheme : {"Bearer", "bearer", "BEARER"}) {
    INFO(scheme);
    const auto res =
        http.request_raw("GET", view, "", "", "", {{"Authorization", scheme + " " + game.tokens.at("red")}});
    CHECK_MESSAGE(res.status == 200, res.raw_body);
    CHECK(res.body.value("seat", "") == "red");
  }
  // And the server still answers.
  CHECK(http.get("/healthz").status == 200);
}

TEST_CASE("limit 7: a WebSocket client that never reads is dropped once its outbox is full") {
  Harness h({"--outbox-frames", "200"});
  RawWebSocket sink(h.server().host(), h.server().port());
  REQUIRE(sink.status() == 101);
  // Pings answered into an outbox nobody reads: the kernel's buffers fill first, then the outbox.
  boost::system::error_code ec;
  for (int i = 0; i < 200000 && !ec; ++i) ec = sink.send_text(R"({"type":"ping","ref":"p)" + std::to_string(i) + "\"}");
  CHECK_MESSAGE((ec == boost::asio::error::connection_reset || ec == boost::asio::error::broken_pipe),
                "the server kept the connection: ", ec.message());
  CHECK(h.http().get("/healthz").status == 200);
}

TEST_CASE("limit 8: connections are capped per IP address and in all") {
  Harness h({"--max-connections-per-ip", "3", "--max-connections", "5"});
  const auto& host = h.server().host();
  const auto port = h.server().port();
  std::vector<std::unique_ptr<RawWebSocket>> held;
  // A connection let in; the harness's own requests may hold a place until the server notices
  // that they have ended.
  const auto hold = [&](const char* from) {
    return eventually([&] {
      auto ws = std::make_unique<RawWebSocket>(host, port, "", from);
      if (ws->status() != 101) return false;
      held.push_back(std::move(ws));
      return true;
    });
  };
  for (int i = 0; i < 3; ++i) CHECK(hold("127.0.0.1"));
  check_error(h.http().get("/healthz"), 503, "too_many_connections");
  // Other addresses still get in, up to the cap in all.
  CHECK(hold("127.0.0.2"));
  CHECK(hold("127.0.0.3"));
  CHECK(RawWebSocket(host, port, "", "127.0.0.4").status() == 503);
  // A connection that ends gives its place back.
  held.clear();
  CHECK(eventually([&] { return h.http().get("/healthz").status == 200; }));
}

TEST_CASE("limit 8: a connection without a game is closed sooner than a joined one") {
  Harness h({"--unjoined-timeout", "1"});
  const CreatedGame game = h.create_game("standard", 8);
  auto joined = h.join(game, "spectator");
  {
    // An HTTP connection that sends nothing: closed by the server, not by this read's timeout.
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket socket(ioc);
    socket.connect({boost::asio::ip::make_address(h.server().host()), h.server().port()});
    const timeval ten_seconds{10, 0};
    setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &ten_seconds, sizeof ten_seconds);
    char byte;
    boost::system::error_code ec;
    socket.read_some(boost::asio::buffer(&byte, 1), ec);
    CHECK_MESSAGE(ec == boost::asio::error::eof, ec.message());
  }
  WsClient idle(h.server().host(), h.server().port());
  idle.send({{"type", "ping"}, {"ref", "still there"}});
  CHECK(idle.receive().value("type", "") == "pong");
  CHECK_THROWS_AS(while (true) idle.receive(std::chrono::seconds(10)), ConnectionClosed);
  // The joined connection outlived it.
  joined->ws().send({{"type", "ping"}, {"ref", "joined"}});
  CHECK(joined->wait_for_type("pong").value("ref", "") == "joined");
}

TEST_CASE("limit 9: games per connection, rooms loaded, games created per address") {
  SUBCASE("games joined by one connection") {
    Harness h({"--games-per-connection", "2"});
    std::vector<CreatedGame> games;
    for (int i = 0; i < 3; ++i) games.push_back(h.create_game("standard", 90 + i));
    WsClient ws(h.server().host(), h.server().port());
    for (int i = 0; i < 2; ++i) {
      ws.send({{"type", "join"}, {"game", games[i].id}, {"seat", "spectator"}});
      receive_until(ws, [](const json& m) { return is_type(m, "snapshot"); });
    }
    ws.send({{"type", "join"}, {"game", games[2].id}, {"seat", "spectator"}, {"ref", "third"}});
    const json refused = receive_until(ws, [](const json& m) { return m.value("ref", "") == "third"; });
    CHECK_MESSAGE(refused.value("code", "") == "too_many_games", refused.dump());
    ws.send({{"type", "leave"}, {"game", games[0].id}});
    ws.send({{"type", "join"}, {"game", games[2].id}, {"seat", "spectator"}});
    CHECK(receive_until(ws, [](const json& m) { return is_type(m, "snapshot"); }).value("game", 0) == games[2].id);
  }
  SUBCASE("rooms loaded: idle ones make room, leased ones do not") {
    Harness h({"--max-rooms", "2"});
    std::vector<CreatedGame> games;
    for (int i = 0; i < 3; ++i) games.push_back(h.create_game("standard", 95 + i));
    auto first = h.join(games[0], "spectator");
    auto second = h.join(games[1], "spectator");
    check_error(h.http().get("/api/games/" + std::to_string(games[2].id) + "/view"), 503, "overloaded");
    first.reset();
    CHECK(
        eventually([&] { return h.http().get("/api/games/" + std::to_string(games[2].id) + "/view").status == 200; }));
    // The leased room stayed.
    second->ws().send({{"type", "resync"}, {"game", games[1].id}, {"version", 0}});
    second->ws().send({{"type", "ping"}, {"ref", "after"}});
    CHECK(second->wait_for_type("pong").value("ref", "") == "after");
  }
  SUBCASE("games created from one address per minute") {
    Harness h({"--games-per-ip-per-minute", "3"});
    for (int i = 0; i < 3; ++i) h.create_game("standard", i);
    const auto refused = h.http().post("/api/games", {{"title", "test-duel"}, {"scenario", "standard"}});
    check_error(refused, 429, "rate_limited");
    CHECK(refused.body["error"]["retry_after"].get<int>() >= 1);  // a bucket of 3 a minute: a token in 20 s
    CHECK(refused.headers.at("retry-after") == std::to_string(refused.body["error"]["retry_after"].get<int>()));
  }
  SUBCASE("a refusal lasts only as long as retry_after says") {
    Harness h({"--games-per-ip-per-minute", "60"});  // a token a second
    HttpResponse refused;
    for (int i = 0; i < 70 && refused.status != 429; ++i)
      refused = h.http().post("/api/games", {{"title", "test-duel"}, {"scenario", "standard"}});
    check_error(refused, 429, "rate_limited");
    const double wait = refused.body["error"]["retry_after"].get<double>();
    CHECK(wait <= 1.5);
    std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(wait * 1000) + 100));
    CHECK(h.http().post("/api/games", {{"title", "test-duel"}, {"scenario", "standard"}}).status == 201);
  }
}

TEST_CASE("limit 10: only players chat during play, at a limited rate, up to a stored number of lines") {
  SUBCASE("spectators and rates") {
    Harness h({"--chat-per-connection-per-minute", "3", "--chat-per-game-per-minute", "5"});
    const CreatedGame game = h.create_game("standard", 10);
    auto red = h.join(game, "red");
    auto blue = h.join(game, "blue");
    auto spectator = h.join(game, "spectator");
    send_chat(*spectator, "hello");
    CHECK(chat_outcomes(*spectator, 1) == "spectator");
    for (int i = 0; i < 4; ++i) send_chat(*red, "red " + std::to_string(i));
    CHECK(chat_outcomes(*red, 4) == "rate_limited,red 0,red 1,red 2");
    for (int i = 0; i < 3; ++i) send_chat(*blue, "blue " + std::to_string(i));
    CHECK(chat_outcomes(*blue, 3) == "blue 0,blue 1,rate_limited");
  }
  SUBCASE("lines stored per game, across a restart") {
    Harness h({"--chat-lines-per-game", "3"});
    const CreatedGame game = h.create_game("standard", 11);
    {
      auto red = h.join(game, "red");
      for (int i = 0; i < 4; ++i) send_chat(*red, "line " + std::to_string(i));
      CHECK(chat_outcomes(*red, 4) == "chat_full,line 0,line 1,line 2");
    }
    h.server().stop();
    h.server().restart();
    auto red = h.join(game, "red");
    red->wait_for_type("presence");  // after the stored lines
    send_chat(*red, "again");
    CHECK(chat_outcomes(*red, 1) == "chat_full");
  }
}

TEST_CASE("limit 11: browsers open /ws only from allowed origins") {
  SUBCASE("by default the server's own origin") {
    Harness h;
    const auto& host = h.server().host();
    const auto port = h.server().port();
    CHECK(RawWebSocket(host, port, "http://evil.example").status() == 403);
    CHECK(RawWebSocket(host, port, "http://" + host + ":" + std::to_string(port)).status() == 101);
    CHECK(RawWebSocket(host, port).status() == 101);  // not a browser
  }
  SUBCASE("a configured list") {
    Harness h({"--allowed-origins", "https://play.example, https://other.example/"});
    const auto& host = h.server().host();
    const auto port = h.server().port();
    CHECK(RawWebSocket(host, port, "https://other.example").status() == 101);
    CHECK(RawWebSocket(host, port, "http://" + host + ":" + std::to_string(port)).status() == 403);
  }
}

TEST_CASE("the WebSocket endpoint is /ws with any query (nginx routes ?game=N), and no other path") {
  Harness h;
  const auto& host = h.server().host();
  const auto port = h.server().port();
  CHECK(RawWebSocket(host, port, {}, "127.0.0.1", "/ws?game=12").status() == 101);
  CHECK(RawWebSocket(host, port, {}, "127.0.0.1", "/ws?").status() == 101);
  CHECK(RawWebSocket(host, port, "http://evil.example", "127.0.0.1", "/ws?game=12").status() == 403);
  CHECK(RawWebSocket(host, port, {}, "127.0.0.1", "/wsx?game=12").status() == 404);
  CHECK(RawWebSocket(host, port, {}, "127.0.0.1", "/ws/x").status() == 404);
  CHECK(RawWebSocket(host, port, {}, "127.0.0.1", "/node/a/ws?game=12").status() == 404);
  // One opened with a query plays as on /ws.
  WsClient ws(host, port, "/ws?game=1");
  ws.send({{"type", "ping"}, {"ref", "q"}});
  CHECK(ws.receive().value("ref", "") == "q");
}

TEST_CASE("GET /metrics: the Prometheus text format, with moves, refusals and the rest") {
  Harness h({"--games-per-ip-per-minute", "1"});
  const CreatedGame game = h.create_game("standard", 12);
  check_error(h.http().post("/api/games", {{"title", "test-duel"}}), 429, "rate_limited");
  auto red = h.join(game, "red");
  const auto moved = h.http().post("/api/games/" + std::to_string(game.id) + "/actions",
                                   {{"version", 0}, {"verb", "pass"}}, game.tokens.at("red"));
  REQUIRE_MESSAGE(moved.status == 200, moved.raw_body);
  red->ws().send({{"type", "resync"}, {"game", game.id + 1}, {"version", 0}});
  CHECK(red->wait_for_type("error").value("code", "") == "not_joined");

  const auto res = h.http().get("/metrics");
  REQUIRE(res.status == 200);
  CHECK(res.content_type.starts_with("text/plain"));
  const std::regex sample(R"(([a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_]+="[^"]*"\})?) ([-+0-9.eE]+|\+Inf))");
  std::map<std::string, double> values;
  std::istringstream lines(res.raw_body);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("# HELP ") || line.starts_with("# TYPE ")) continue;
    std::smatch m;
    REQUIRE_MESSAGE(std::regex_match(line, m, sample), "not a sample line: ", line);
    values[m[1]] = std::stod(m[3]);
  }
  INFO(res.raw_body);
  CHECK(values["warpath_moves_committed_total"] == 1);
  CHECK(values["warpath_commit_seconds_count"] == 1);
  CHECK(values["warpath_commit_seconds_bucket{le=\"+Inf\"}"] == 1);
  CHECK(values["warpath_move_rules_seconds_count"] == 1);
  CHECK(values["warpath_patches_sent_total"] == 1);  // red's
  CHECK(values["warpath_refusals_total{code=\"rate_limited\"}"] == 1);
  CHECK(values["warpath_refusals_total{code=\"not_joined\"}"] == 1);
  CHECK(values["warpath_http_responses_total{status=\"429\"}"] == 1);
  CHECK(values["warpath_http_responses_total{status=\"201\"}"] == 1);
  CHECK(values["warpath_websockets_open"] == 1);
  CHECK(values["warpath_rooms_loaded"] == 1);
  CHECK(values["warpath_connections_open"] >= 2);  // red's WebSocket and this request
  CHECK(values.count("warpath_outbox_bytes") == 1);
  CHECK(values.count("warpath_bytes_sent_total") == 1);
}

}  // namespace
}  // namespace warpath::test::hardening_test
