// Private notes through the real server (docs/PROTOCOL.md, "Notes"): a player's notepad in a game
// is kept across a restart and is that player's alone — the opponent reads only its own note, a
// spectator and a stranger are refused, and the game's record, views and logs never carry it. Bad
// input (too long, not a string, a session change without its CSRF token) is refused and changes
// nothing.

#include <doctest/doctest.h>

#include <string>

#include "tests/integration/harness.hpp"

namespace warpath::test::notes_test {
namespace {

using nlohmann::json;

std::string notes_path(std::int64_t id) { return "/api/games/" + std::to_string(id) + "/notes"; }

std::string error_code(const HttpResponse& res) {
  return res.body.is_object() && res.body.contains("error") ? res.body["error"].value("code", "") : "";
}

}  // namespace

TEST_CASE("a player's note survives a restart and nobody else reads it (seat tokens)") {
  Harness h;
  const auto game = h.create_game();
  const std::string path = notes_path(game.id);
  const std::string red = game.tokens.at("red"), blue = game.tokens.at("blue");
  const std::string secret = "Blue holds the bridge card: keep two units at Ford. ✓";

  // Before any save: an empty note.
  auto res = h.http().get(path, red);
  REQUIRE(res.status == 200);
  CHECK(res.body["text"] == "");
  CHECK(res.body["updated"].is_null());
  CHECK(res.body["seat"] == "red");

  res = h.http().request("PUT", path, {{"text", secret}}, red);
  REQUIRE_MESSAGE(res.status == 200, res.raw_body);
  CHECK(res.body["text"] == secret);
  CHECK(res.body["updated"].is_string());

  // The opponent's token reads its own (empty) note, and writing it leaves red's alone.
  res = h.http().get(path, blue);
  REQUIRE(res.status == 200);
  CHECK(res.body["seat"] == "blue");
  CHECK(res.body["text"] == "");
  CHECK(h.http().request("PUT", path, {{"text", "blue's own"}}, blue).status == 200);

  // A spectator (no token) and a token of no seat are refused.
  res = h.http().get(path);
  CHECK(res.status == 401);
  CHECK(error_code(res) == "bad_token");
  res = h.http().request("PUT", path, {{"text", "x"}});
  CHECK(error_code(res) == "bad_token");
  res = h.http().get(path, "not-a-seat-token");
  CHECK(error_code(res) == "bad_token");
  // Another game's seat token holds no seat of this one.
  const auto other = h.create_game("standard", 7);
  CHECK(error_code(h.http().get(path, other.tokens.at("red"))) == "bad_token");
  CHECK(h.http().get(notes_path(other.id), other.tokens.at("red")).body["text"] == "");
  // An unknown game.
  CHECK(error_code(h.http().get(notes_path(999999), red)) == "unknown_game");

  // Bad input is refused and changes nothing.
  res = h.http().request("PUT", path, {{"text", std::string(20001, 'x')}}, red);
  CHECK(res.status == 413);
  CHECK(error_code(res) == "note_too_long");
  CHECK(res.body["error"]["message"].get<std::string>().find("20000") != std::string::npos);
  res = h.http().request("PUT", path, {{"text", 42}}, red);
  CHECK(res.status == 400);
  CHECK(error_code(res) == "bad_message");
  res = h.http().request("PUT", path, json::object(), red);
  CHECK(error_code(res) == "bad_message");
  res = h.http().request("POST", path, {{"text", "x"}}, red);
  CHECK(error_code(res) == "method_not_allowed");
  CHECK(h.http().get(path, red).body["text"] == secret);
  // Exactly the limit is kept (characters, not bytes: 20,000 two-byte characters).
  std::string longest;
  for (int i = 0; i < 20000; ++i) longest += "é";
  res = h.http().request("PUT", path, {{"text", longest}}, red);
  CHECK(res.status == 200);
  CHECK(h.http().request("PUT", path, {{"text", secret}}, red).status == 200);

  // Across a restart.
  h.server().restart();
  res = h.http().get(path, red);
  REQUIRE(res.status == 200);
  CHECK(res.body["text"] == secret);
  CHECK(h.http().get(path, blue).body["text"] == "blue's own");

  // No view, log or record carries it.
  for (const auto& token : {red, blue, std::string()}) {
    CHECK(h.http_view(game.id, token).dump().find("bridge card") == std::string::npos);
    const auto log = h.http().get("/api/games/" + std::to_string(game.id) + "/log", token);
    CHECK(log.raw_body.find("bridge card") == std::string::npos);
    const auto record = h.http().get("/api/games/" + std::to_string(game.id) + "/record", token);
    REQUIRE(record.status == 200);
    CHECK(record.raw_body.find("bridge card") == std::string::npos);
  }
}

TEST_CASE("a player's note is the account's own in a lobby game: opponent, stranger and CSRF refused") {
  Harness h;
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol");
  const auto listing = alice.ok("POST", "/api/lobby",
                                {{"title", "test-duel"}, {"scenario", "standard"}, {"seat", "red"}}, 201)["listing"];
  const std::int64_t id = bob.ok("POST", "/api/lobby/" + std::to_string(listing["id"].get<int>()) + "/join",
                                 json::object())["listing"]["game"];
  const std::string path = notes_path(id);

  CHECK(alice.ok("PUT", path, {{"text", "Alice's plan"}})["seat"] == "red");
  CHECK(alice.ok("GET", path)["text"] == "Alice's plan");
  // The opponent reads its own note only.
  const auto bobs = bob.ok("GET", path);
  CHECK(bobs["seat"] == "blue");
  CHECK(bobs["text"] == "");
  // A logged-in stranger plays no role: refused, to read and to write.
  auto res = carol.send("GET", path);
  CHECK(res.status == 400);
  CHECK(error_code(res) == "spectator");
  CHECK(error_code(carol.send("PUT", path, {{"text", "carol was here"}})) == "spectator");
  // A change without the session's CSRF token is refused and changes nothing.
  res = alice.send("PUT", path, {{"text", "forged"}}, false);
  CHECK(res.status == 403);
  CHECK(error_code(res) == "csrf_failed");
  CHECK(alice.ok("GET", path)["text"] == "Alice's plan");
  CHECK(bob.ok("GET", path)["text"] == "");
  const auto record = alice.send("GET", "/api/games/" + std::to_string(id) + "/record");
  REQUIRE(record.status == 200);
  CHECK(record.raw_body.find("Alice's plan") == std::string::npos);
}

}  // namespace warpath::test::notes_test
