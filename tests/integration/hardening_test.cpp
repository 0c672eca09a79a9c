// Issue 13, server hardening: what a hostile or careless client could do to the real server
// process (lost joins, unanswered requests, empty pages, chat lost in a crash, methods taken for
// GET), each checked from outside as such a client would do it.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "tests/integration/harness.hpp"

namespace warpath::test {
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
  Harness h;
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
  auto later = h.join(game, "spectator");
  later->wait_for_type("presence");
  std::vector<std::string> history;
  for (const auto& m : later->events())
    if (is_type(m, "chat")) history.push_back(m.value("text", ""));
  // A joining connection is sent the most recent lines, in order.
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

}  // namespace
}  // namespace warpath::test
