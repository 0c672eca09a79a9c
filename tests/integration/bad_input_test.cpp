// Every kind of bad input over one WebSocket connection: each is answered by an `error` with its
// code, changes nothing, and leaves the connection usable. Then the same for HTTP.

#include <doctest/doctest.h>

#include "tests/integration/harness.hpp"

namespace warpath::test::bad_input_test {
namespace {

using nlohmann::json;

// `alternatives` is "code" or "code|code|...".
bool one_of(const std::string& code, const std::string& alternatives) {
  std::size_t start = 0;
  while (true) {
    const auto bar = alternatives.find('|', start);
    if (alternatives.compare(start, bar == std::string::npos ? std::string::npos : bar - start, code) == 0) return true;
    if (bar == std::string::npos) return false;
    start = bar + 1;
  }
}

// The next message that is not room chatter.
json next_reply(WsClient& ws) {
  while (true) {
    json m = ws.receive();
    const std::string type = m.value("type", "");
    // The log frame that follows every snapshot is part of joining, not a reply.
    const bool joining_log = type == "log" && m.value("ref", "") == "";
    if (type != "presence" && type != "chat" && !joining_log) return m;
  }
}

class Corpus {
 public:
  explicit Corpus(WsClient& ws) : ws_(ws) {}

  // Sends `bytes` and expects an error with `code` (and `ref` echoed), then checks the
  // connection still answers a ping.
  json expect_error(const std::string& what, const std::string& bytes, const std::string& code,
                    const std::string& ref = "", bool binary = false) {
    INFO("case: ", what);
    INFO("sent: ", bytes.size() > 300 ? bytes.substr(0, 300) + "..." : bytes);
    ws_.send_raw(bytes, binary);
    json reply;
    try {
      reply = next_reply(ws_);
    } catch (const std::exception& e) {
      FAIL_CHECK("no reply: ", e.what());
      return nullptr;
    }
    CHECK_MESSAGE(reply.value("type", "") == "error", "expected error ", code, ", got ", reply.dump());
    CHECK_MESSAGE(one_of(reply.value("code", ""), code), "expected error ", code, ", got ", reply.dump());
    CHECK_MESSAGE(reply.value("ref", json()) == ref, "ref not echoed: ", reply.dump());
    CHECK(reply.value("message", json()).is_string());
    // A stale version is followed by the catch-up the client needs.
    ping(/*skip_catch_up=*/code == "stale_version");
    return reply;
  }
  json expect_refused(const std::string& what, const json& message, const std::string& code) {
    return expect_error(what, message.dump(), code, message.value("ref", ""));
  }

  void ping(bool skip_catch_up = false) {
    const std::string ref = "ping-" + std::to_string(++pings_);
    try {
      ws_.send({{"type", "ping"}, {"ref", ref}});
      json pong = next_reply(ws_);
      while (skip_catch_up && (pong.value("type", "") == "snapshot" || pong.value("type", "") == "patch"))
        pong = next_reply(ws_);
      CHECK_MESSAGE(pong == json({{"type", "pong"}, {"ref", ref}}), "expected pong ", ref, ", got ", pong.dump());
    } catch (const std::exception& e) {
      FAIL_CHECK("the connection is no longer usable: ", e.what());
    }
  }

  json join(std::int64_t game, const std::string& seat, const std::string& token) {
    json m = {{"type", "join"}, {"game", game}, {"seat", seat}};
    if (!token.empty()) m["token"] = token;
    ws_.send(m);
    json snapshot = next_reply(ws_);
    REQUIRE_MESSAGE(snapshot.value("type", "") == "snapshot", "join ", m.dump(), " got ", snapshot.dump());
    return snapshot;
  }

  json act(std::int64_t game, std::uint64_t version, const std::string& verb, const json& arg, const std::string& ref) {
    ws_.send({{"type", "action"}, {"game", game}, {"version", version}, {"verb", verb}, {"arg", arg}, {"ref", ref}});
    // The answer is the seat's patch carrying the ref.
    json m = next_reply(ws_);
    REQUIRE_MESSAGE((m.value("type", "") == "patch" && m.value("ref", "") == ref), verb, " got ", m.dump());
    return m;
  }

 private:
  WsClient& ws_;
  int pings_ = 0;
};

TEST_CASE("bad input over one WebSocket connection") {
  Harness h;
  const CreatedGame watched = h.create_game("standard", 1);  // joined as spectator
  const CreatedGame played = h.create_game("standard", 2);   // joined as red
  const CreatedGame waiting = h.create_game("standard", 3);  // joined as blue, whose turn it is not
  const auto red = played.tokens.at("red");
  const std::string wrong_token(32, '0');

  WsClient ws(h.server().host(), h.server().port());
  Corpus c(ws);

  ws.send({{"type", "hello"}, {"client", "bad-input-test"}});
  const json welcome = next_reply(ws);
  CHECK(welcome.value("type", "") == "welcome");
  CHECK(welcome.value("server", "") == "warpath");
  CHECK(welcome.value("protocol", 0) == 3);
  c.ping();

  // Frames that are not messages.
  c.expect_error("malformed JSON", R"({"type":"ping","ref":"x")", "invalid_json");
  c.expect_error("lone surrogate escape", R"({"type":"ping","ref":"\ud800"})", "invalid_json");
  c.expect_error("not an object", "[1,2,3]", "bad_message");
  c.expect_error("a bare string", "\"ping\"", "bad_message");
  c.expect_refused("missing type", json{{"ref", "r-missing"}}, "bad_message");
  c.expect_refused("type not a string", json{{"type", 7}, {"ref", "r-type"}}, "bad_message");
  c.expect_refused("unknown type", json{{"type", "dance"}, {"ref", "r-dance"}}, "unknown_type");
  c.expect_error("binary frame, invalid UTF-8", std::string("{\"type\":\"ping\",\"ref\":\"\xff\xfe\"}"), "invalid_utf8",
                 "", /*binary=*/true);
  c.expect_error("nested 100 deep", std::string(100, '[') + std::string(100, ']'), "too_deep");
  c.expect_error("70 KiB message",
                 json{{"type", "chat"}, {"game", played.id}, {"text", std::string(70 * 1024, 'x')}}.dump(),
                 "frame_too_large");
  {
    // A binary frame holding good JSON is a message like any other.
    ws.send_raw(R"({"type":"ping","ref":"binary-ok"})", /*binary=*/true);
    CHECK(next_reply(ws) == json({{"type", "pong"}, {"ref", "binary-ok"}}));
  }

  // Messages that parse but are refused.
  c.expect_refused("join with game as a string", json{{"type", "join"}, {"game", "1"}, {"seat", "red"}}, "bad_message");
  c.expect_refused("join unknown game", json{{"type", "join"}, {"game", 999999}, {"seat", "spectator"}},
                   "unknown_game");
  c.expect_refused("join unknown seat", json{{"type", "join"}, {"game", played.id}, {"seat", "green"}}, "unknown_seat");
  c.expect_refused("join red with a wrong token",
                   json{{"type", "join"}, {"game", played.id}, {"seat", "red"}, {"token", wrong_token}}, "bad_token");
  c.expect_refused("join red with blue's token",
                   json{{"type", "join"}, {"game", played.id}, {"seat", "red"}, {"token", played.tokens.at("blue")}},
                   "bad_token");
  c.expect_refused("join red without a token", json{{"type", "join"}, {"game", played.id}, {"seat", "red"}},
                   "bad_token");
  c.expect_refused("action without join",
                   json{{"type", "action"}, {"game", played.id}, {"version", 0}, {"verb", "pass"}, {"ref", "r-nj"}},
                   "not_joined");
  c.expect_refused("resync without join", json{{"type", "resync"}, {"game", played.id}, {"version", 0}}, "not_joined");
  c.expect_refused("chat without join", json{{"type", "chat"}, {"game", played.id}, {"text", "hi"}}, "not_joined");
  c.expect_refused("log without join", json{{"type", "log"}, {"game", played.id}, {"before", 10}, {"ref", "r-log"}},
                   "not_joined");
  c.expect_refused("log without before", json{{"type", "log"}, {"game", played.id}}, "bad_message");
  c.expect_refused("log page of 0 lines", json{{"type", "log"}, {"game", played.id}, {"before", 5}, {"limit", 0}},
                   "bad_message");
  c.expect_refused("log page of 501 lines", json{{"type", "log"}, {"game", played.id}, {"before", 5}, {"limit", 501}},
                   "bad_message");
  c.expect_refused("log before a negative line", json{{"type", "log"}, {"game", played.id}, {"before", -1}},
                   "bad_message");

  c.join(watched.id, "spectator", "");
  c.expect_refused("spectator action",
                   json{{"type", "action"}, {"game", watched.id}, {"version", 0}, {"verb", "pass"}, {"ref", "r-spec"}},
                   "spectator");

  // A token given in hello serves later joins.
  ws.send({{"type", "hello"}, {"token", waiting.tokens.at("blue")}});
  CHECK(next_reply(ws).value("type", "") == "welcome");
  CHECK(c.join(waiting.id, "blue", "").value("seat", "") == "blue");
  c.expect_refused("out of turn",
                   json{{"type", "action"}, {"game", waiting.id}, {"version", 0}, {"verb", "pass"}, {"ref", "r-turn"}},
                   "not_your_turn");

  c.join(played.id, "red", red);
  c.expect_refused("undo with nothing to undo",
                   json{{"type", "undo"}, {"game", played.id}, {"version", 0}, {"ref", "r-undo0"}}, "undo_not_allowed");
  c.act(played.id, 0, "roll", nullptr, "r-roll");
  c.act(played.id, 1, "piece", "r1", "r-piece");
  const std::uint64_t version = 2;

  {
    INFO("stale version");
    ws.send({{"type", "action"}, {"game", played.id}, {"version", 0}, {"verb", "cancel"}, {"ref", "r-stale"}});
    const json error = next_reply(ws);
    CHECK_MESSAGE(error.value("type", "") == "error", error.dump());
    CHECK_MESSAGE(error.value("code", "") == "stale_version", error.dump());
    CHECK(error.value("ref", "") == "r-stale");
    CHECK_MESSAGE(error.value("version", json()) == version, "error should carry the current version: ", error.dump());
    // Then the missed patches (0 -> 1 -> 2) or a snapshot at 2.
    std::uint64_t reached = 0;
    while (reached < version) {
      const json m = next_reply(ws);
      REQUIRE_MESSAGE(m.value("game", std::int64_t{0}) == played.id, m.dump());
      if (m.value("type", "") == "snapshot") {
        reached = m.value("version", std::uint64_t{0});
        CHECK(reached == version);
      } else {
        REQUIRE_MESSAGE(m.value("type", "") == "patch", "after stale_version got ", m.dump());
        CHECK(m.value("from", std::uint64_t{99}) == reached);
        reached = m.value("to", std::uint64_t{0});
      }
    }
    c.ping();
  }
  c.expect_refused("future version",
                   json{{"type", "action"}, {"game", played.id}, {"version", 77}, {"verb", "cancel"}, {"ref", "r-fut"}},
                   "stale_version");
  c.expect_refused("illegal action: a card while a pawn waits",
                   json{{"type", "action"},
                        {"game", played.id},
                        {"version", version},
                        {"verb", "card"},
                        {"arg", 1},
                        {"ref", "r-ill"}},
                   "illegal_action");
  c.expect_refused(
      "illegal action: unknown verb",
      json{{"type", "action"}, {"game", played.id}, {"version", version}, {"verb", "fly"}, {"ref", "r-fly"}},
      "illegal_action");
  c.expect_refused("illegal action: space not listed",
                   json{{"type", "action"},
                        {"game", played.id},
                        {"version", version},
                        {"verb", "space"},
                        {"arg", "f"},
                        {"ref", "r-far"}},
                   "illegal_action");
  c.expect_refused("arg as object",
                   json{{"type", "action"},
                        {"game", played.id},
                        {"version", version},
                        {"verb", "space"},
                        {"arg", {{"space", "b"}}},
                        {"ref", "r-obj"}},
                   "bad_message|malformed");
  c.expect_refused("arg as float",
                   json{{"type", "action"},
                        {"game", played.id},
                        {"version", version},
                        {"verb", "card"},
                        {"arg", 1.5},
                        {"ref", "r-float"}},
                   "bad_message|malformed");
  c.expect_refused("version negative",
                   json{{"type", "action"}, {"game", played.id}, {"version", -1}, {"verb", "cancel"}, {"ref", "r-neg"}},
                   "bad_message");
  c.expect_refused("chat too long", json{{"type", "chat"}, {"game", played.id}, {"text", std::string(5000, 'y')}},
                   "bad_message");

  // Nothing above changed any game.
  CHECK(h.http_view(played.id, red).value("version", std::uint64_t{99}) == version);
  CHECK(h.http_view(watched.id).value("version", std::uint64_t{99}) == 0);
  CHECK(h.http_view(waiting.id).value("version", std::uint64_t{99}) == 0);

  // The connection still plays.
  const json ack = c.act(played.id, version, "cancel", nullptr, "r-final");
  CHECK(ack.value("to", std::uint64_t{0}) == version + 1);
}

TEST_CASE("invalid UTF-8 in a text frame closes the connection with 1007") {
  Harness h;
  WsClient ws(h.server().host(), h.server().port());
  ws.send_raw(std::string("{\"type\":\"ping\",\"ref\":\"\xc3\x28\"}"), /*binary=*/false);
  try {
    while (true) ws.receive();
  } catch (const ConnectionClosed& e) {
    CHECK(e.close_code() == 1007);
  } catch (const ReceiveTimeout&) {
    FAIL_CHECK("the connection stayed open");
  }
  // Other connections are unaffected.
  WsClient other(h.server().host(), h.server().port());
  other.send({{"type", "ping"}, {"ref", "after"}});
  CHECK(other.receive() == json({{"type", "pong"}, {"ref", "after"}}));
}

TEST_CASE("bad input over HTTP") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 5);
  const std::string base = "/api/games/" + std::to_string(game.id);
  const auto red = game.tokens.at("red");
  const auto blue = game.tokens.at("blue");
  const std::string wrong_token(32, 'f');
  auto http = h.http();

  auto expect = [&](const char* what, const HttpResponse& res, int status, const std::string& code) {
    INFO("case: ", what);
    if (status) {
      CHECK_MESSAGE(res.status == status, "status ", res.status, ": ", res.raw_body);
    } else {
      CHECK_MESSAGE((res.status >= 400 && res.status < 500), "status ", res.status, ": ", res.raw_body);
    }
    REQUIRE_MESSAGE(res.body.is_object(), "not a JSON object: ", res.raw_body);
    const json error = res.body.value("error", json::object());
    CHECK_MESSAGE(one_of(error.value("code", ""), code), "expected ", code, ": ", res.raw_body);
    CHECK_MESSAGE(error.value("message", json()).is_string(), res.raw_body);
  };

  expect("bad JSON body", http.request_raw("POST", base + "/actions", "{\"version\":", "application/json", red), 400,
         "invalid_json");
  expect("body not an object", http.request_raw("POST", base + "/actions", "[1]", "application/json", red), 400,
         "bad_message");
  expect("verb missing", http.post(base + "/actions", json{{"version", 0}}, red), 400, "bad_message");
  expect("arg as object",
         http.post(base + "/actions", json{{"version", 0}, {"verb", "card"}, {"arg", {{"a", 1}}}}, red), 400,
         "bad_message|malformed");
  expect("wrong token", http.post(base + "/actions", json{{"version", 0}, {"verb", "pass"}}, wrong_token), 401,
         "bad_token");
  expect("wrong token for the view", http.get(base + "/view", wrong_token), 401, "bad_token");
  expect("unknown game", http.post("/api/games/999999/actions", json{{"version", 0}, {"verb", "pass"}}, red), 404,
         "unknown_game");
  expect("unknown game view", http.get("/api/games/999999/view"), 404, "unknown_game");
  expect("stale version", http.post(base + "/actions", json{{"version", 3}, {"verb", "pass"}}, red), 409,
         "stale_version");
  expect("out of turn", http.post(base + "/actions", json{{"version", 0}, {"verb", "pass"}}, blue), 409,
         "not_your_turn");
  expect("illegal action", http.post(base + "/actions", json{{"version", 0}, {"verb", "space"}, {"arg", "b"}}, red),
         409, "illegal_action");
  expect("undo with nothing to undo", http.post(base + "/actions", json{{"version", 0}, {"verb", "undo"}}, red), 0,
         "undo_not_allowed");
  expect("body over 64 KiB",
         http.post(base + "/actions", json{{"version", 0}, {"verb", std::string(70 * 1024, 'v')}}, red), 413,
         "frame_too_large");
  {
    const auto res = http.post("/api/games", json{{"title", "no-such-game"}, {"scenario", "standard"}});
    CHECK_MESSAGE(res.status == 400, res.status, ": ", res.raw_body);
    const auto scenario = http.post("/api/games", json{{"title", "test-duel"}, {"scenario", "long"}});
    CHECK_MESSAGE(scenario.status == 400, scenario.status, ": ", scenario.raw_body);
  }
  {
    const auto no_token = http.post(base + "/actions", json{{"version", 0}, {"verb", "pass"}});
    CHECK_MESSAGE(no_token.status >= 400, no_token.status);
    CHECK_MESSAGE(no_token.status < 500, no_token.status);
  }

  const json view = h.http_view(game.id, red);
  CHECK(view.value("version", std::uint64_t{99}) == 0);
  CHECK(h.http_status(game.id).value("version", std::uint64_t{99}) == 0);

  // And a good move still goes through.
  const auto ok = http.post(base + "/actions", json{{"version", 0}, {"verb", "pass"}}, red);
  CHECK_MESSAGE(ok.status == 200, ok.raw_body);
  CHECK(ok.body.value("version", std::uint64_t{0}) == 1);
}

}  // namespace
}  // namespace warpath::test::bad_input_test
