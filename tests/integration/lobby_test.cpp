// The lobby over HTTP and account seats over WebSocket, against the real server: a game proposed,
// found in the open list and joined (which starts it), "my games" in the order of whose move it
// is, resigning, a rematch with the sides swapped, invitations, a player's record — and for every
// rule of who may do what, a second logged-in user who is refused: cancel, invite, decline, join a
// game meant for someone else, take a seat, act, resign, chat as a player, read the players' chat,
// watch a private game.
#include <doctest/doctest.h>

#include <string>

#include "tests/integration/harness.hpp"

namespace lobby_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

std::string code_of(const HttpResponse& res) { return res.body["error"].value("code", ""); }

json propose(User& owner, const json& extra = json::object()) {
  json body = {{"title", "test-duel"}, {"scenario", "standard"}};
  body.update(extra);
  return owner.ok("POST", "/api/lobby", body, 201)["listing"];
}

std::string lobby(std::int64_t id, const std::string& rest = {}) { return "/api/lobby/" + std::to_string(id) + rest; }
std::string game(std::int64_t id, const std::string& rest) { return "/api/games/" + std::to_string(id) + rest; }

// One legal move of `role` over its own WebSocket (an account seat).
void play_one_move(Harness& h, User& user, std::int64_t id, const std::string& role) {
  auto seat = user.seat(h);
  seat->join(id, role);
  std::mt19937 rng(7);
  const auto choice = random_action(seat->view()["actions"], rng, 0.0);
  REQUIRE(choice);
  const auto before = seat->version();
  seat->send_action(choice->verb, choice->arg);
  seat->wait_for_version(before + 1);
}

}  // namespace

TEST_CASE("lobby: propose, find, join, play from my games, resign, rematch with swapped sides") {
  Harness h;
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol");

  const auto listing = propose(alice, {{"seat", "red"}});
  CHECK(listing["status"] == "open");
  CHECK(listing["open_roles"] == json::array({"blue"}));
  const std::int64_t id = listing["id"];
  const auto open = bob.ok("GET", "/api/lobby?title=test-duel")["listings"];
  REQUIRE(open.size() == 1);
  CHECK(open[0]["id"] == id);
  CHECK(bob.ok("GET", "/api/lobby?title=wilderness-war")["listings"].empty());

  // Only the owner cancels; a change without the session's CSRF token is refused.
  CHECK(code_of(carol.send("DELETE", lobby(id))) == "forbidden");
  CHECK(code_of(alice.send("DELETE", lobby(id), nullptr, false)) == "csrf_failed");
  CHECK(code_of(alice.send("POST", lobby(id, "/join"), json::object())) == "bad_message");  // already in it

  const auto started = bob.ok("POST", lobby(id, "/join"), json::object())["listing"];
  CHECK(started["status"] == "started");
  const std::int64_t g = started["game"];
  CHECK(role_of(started, "alice") == "red");
  CHECK(role_of(started, "bob") == "blue");
  CHECK(code_of(carol.send("POST", lobby(id, "/join"), json::object())) == "listing_closed");
  CHECK(bob.ok("GET", "/api/lobby")["listings"].empty());

  // Red moves first: alice's counter says 1 and names the game; bob's says 0.
  auto mine = alice.ok("GET", "/api/my/games");
  CHECK(mine["my_turn"] == 1);
  CHECK(mine["next_game"] == g);
  CHECK(mine["games"][0]["my_turn"] == true);
  CHECK(bob.ok("GET", "/api/my/games")["my_turn"] == 0);

  // A seat is its player's: not carol's, not a page without a session, not the other seat.
  auto carols = carol.seat(h);
  CHECK_THROWS_WITH_AS(carols->join(g, "red"), doctest::Contains("bad_token"), std::runtime_error);
  auto nobody = std::make_unique<SeatClient>(h.server().host(), h.server().port());
  CHECK_THROWS_WITH_AS(nobody->join(g, "blue"), doctest::Contains("bad_token"), std::runtime_error);
  auto bobs_red = bob.seat(h);
  CHECK_THROWS_WITH_AS(bobs_red->join(g, "red"), doctest::Contains("bad_token"), std::runtime_error);
  // Nor does carol act for it over HTTP.
  const auto view = h.http_view(g);
  auto acted = carol.send("POST", game(g, "/actions"), {{"version", view["version"]}, {"verb", "pass"}});
  CHECK(acted.status == 401);
  CHECK(code_of(acted) == "bad_token");

  // Playing until the turn passes moves the game down alice's list and up bob's.
  for (int i = 0; i < 20 && alice.ok("GET", "/api/my/games")["my_turn"] == 1; ++i) play_one_move(h, alice, g, "red");
  CHECK(alice.ok("GET", "/api/my/games")["my_turn"] == 0);
  const auto bobs = bob.ok("GET", "/api/my/games");
  CHECK(bobs["my_turn"] == 1);
  CHECK(bobs["next_game"] == g);

  // Only a player resigns; then the game is over and the other player has won.
  CHECK(code_of(carol.send("POST", game(g, "/resign"))) == "forbidden");
  const auto resigned = bob.ok("POST", game(g, "/resign"));
  CHECK(resigned["result"]["winner"] == "red");
  CHECK(resigned["game"]["status"] == "over");
  CHECK(code_of(alice.send("POST", game(g, "/resign"))) == "game_over");
  CHECK(alice.ok("GET", "/api/my/games")["games"][0]["status"] == "over");

  // Records.
  const auto alices = alice.ok("GET", "/api/players/alice");
  CHECK(alices["results"]["test-duel"]["won"] == 1);
  CHECK(bob.ok("GET", "/api/players/bob")["results"]["test-duel"]["lost"] == 1);
  CHECK(code_of(bob.send("GET", "/api/players/nobody")) == "unknown_player");

  // A rematch with the sides swapped: only a player asks, only the invitee accepts.
  CHECK(code_of(carol.send("POST", game(g, "/rematch"), {{"sides", "swapped"}})) == "forbidden");
  const auto again = alice.ok("POST", game(g, "/rematch"), {{"sides", "swapped"}}, 201)["listing"];
  CHECK(again["invitee"] == "bob");
  CHECK(again["private"] == true);
  CHECK(again["rematch_of"] == g);
  const std::int64_t rid = again["id"];
  CHECK(code_of(carol.send("GET", lobby(rid))) == "unknown_listing");  // private: not even seen
  CHECK(code_of(carol.send("POST", lobby(rid, "/join"), json::object())) == "unknown_listing");
  const auto invited = bob.ok("GET", "/api/my/games")["invitations"];
  REQUIRE(invited.size() == 1);
  CHECK(invited[0]["id"] == rid);
  const auto second = bob.ok("POST", lobby(rid, "/join"), json::object())["listing"];
  CHECK(second["status"] == "started");
  CHECK(role_of(second, "alice") == "blue");
  CHECK(role_of(second, "bob") == "red");

  // A rematch is private: its players watch it, nobody else does or finds it in the recent games.
  const std::int64_t g2 = second["game"];
  auto watching = carol.seat(h);
  CHECK_THROWS_WITH_AS(watching->join(g2, "spectator"), doctest::Contains("private"), std::runtime_error);
  CHECK(carol.send("GET", game(g2, "/view")).status == 401);
  CHECK(bob.send("GET", game(g2, "/view")).status == 200);
  const auto recent = h.http().get("/api/games").body;
  CHECK(recent.dump().find("\"id\":" + std::to_string(g2) + ",") == std::string::npos);
  CHECK(recent.dump().find("\"id\":" + std::to_string(g) + ",") != std::string::npos);
}

TEST_CASE("lobby: invitations — only the owner invites or withdraws, only the invitee joins or declines") {
  Harness h;
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol");
  const auto listing = propose(alice, {{"invite", "bob"}});
  const std::int64_t id = listing["id"];
  CHECK(listing["invitee"] == "bob");
  CHECK(carol.ok("GET", "/api/lobby")["listings"].empty());  // waiting for bob: not open to all

  CHECK(code_of(carol.send("POST", lobby(id, "/join"), json::object())) == "forbidden");
  CHECK(code_of(carol.send("POST", lobby(id, "/invite"), {{"name", "carol"}})) == "forbidden");
  CHECK(code_of(carol.send("DELETE", lobby(id, "/invite"))) == "forbidden");
  CHECK(code_of(carol.send("POST", lobby(id, "/decline"))) == "forbidden");
  CHECK(code_of(alice.send("POST", lobby(id, "/invite"), {{"name", "nobody"}})) == "unknown_player");
  CHECK(code_of(alice.send("POST", lobby(id, "/invite"), {{"name", "alice"}})) == "bad_message");

  // Withdrawn, the game is open to anyone; invited again (carol now), only carol may take it.
  CHECK(alice.ok("DELETE", lobby(id, "/invite"))["listing"]["invitee"].is_null());
  CHECK(carol.ok("GET", "/api/lobby")["listings"].size() == 1);
  CHECK(alice.ok("POST", lobby(id, "/invite"), {{"name", "carol"}})["listing"]["invitee"] == "carol");
  CHECK(code_of(bob.send("POST", lobby(id, "/join"), json::object())) == "forbidden");
  CHECK(code_of(bob.send("POST", lobby(id, "/decline"))) == "forbidden");
  CHECK(carol.ok("POST", lobby(id, "/decline"))["listing"]["status"] == "declined");
  CHECK(code_of(carol.send("POST", lobby(id, "/join"), json::object())) == "listing_closed");

  // Cancelled by its owner, a listing is closed to everyone.
  const std::int64_t other = propose(alice)["id"];
  CHECK(alice.ok("DELETE", lobby(other))["listing"]["status"] == "cancelled");
  CHECK(code_of(bob.send("POST", lobby(other, "/join"), json::object())) == "listing_closed");

  // Any side: the join settles the sides, one each.
  const std::int64_t any = propose(alice)["id"];
  const auto started = bob.ok("POST", lobby(any, "/join"), json::object())["listing"];
  CHECK(started["status"] == "started");
  CHECK(role_of(started, "alice") != role_of(started, "bob"));
}

TEST_CASE("lobby: the players' chat — spectators may not chat or read it while the game is on, may after") {
  Harness h;
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol");
  const std::int64_t id = propose(alice, {{"seat", "red"}})["id"];
  const std::int64_t g = bob.ok("POST", lobby(id, "/join"), json::object())["listing"]["game"];

  auto red = alice.seat(h);
  red->join(g, "red");
  auto watcher = carol.seat(h);
  watcher->join(g, "spectator");
  watcher->ws().send({{"type", "chat"}, {"game", g}, {"text", "go red!"}});
  CHECK(watcher->wait_for_type("error")["code"] == "spectator");

  red->ws().send({{"type", "chat"}, {"game", g}, {"text", "good luck"}});
  CHECK(red->wait_for_type("chat")["text"] == "good luck");
  // The spectator is not sent the line (the next thing it gets is the presence of a newcomer).
  auto blue = bob.seat(h);
  blue->join(g, "blue");
  const auto next = watcher->wait_for(
      [](const json& m) { return m.value("type", "") == "chat" || m.value("type", "") == "presence"; });
  CHECK(next["type"] == "presence");

  // Over: a spectator joining now reads the conversation.
  bob.ok("POST", game(g, "/resign"));
  auto late = carol.seat(h);
  late->ws().send({{"type", "join"}, {"game", g}, {"seat", "spectator"}});
  CHECK(late->wait_for_type("chat")["text"] == "good luck");
}

TEST_CASE("lobby: needs a session; games proposed per account are rate limited") {
  Harness h({"--lobby-games-per-account-per-hour", "2"});
  auto http = h.http();
  CHECK(http.get("/api/lobby").status == 401);
  CHECK(http.get("/api/my/games").status == 401);
  auto alice = sign_up(h, "alice");
  propose(alice);
  propose(alice);
  auto third = alice.send("POST", "/api/lobby", {{"title", "test-duel"}});
  CHECK(third.status == 429);
  CHECK(third.body["error"]["retry_after"].get<double>() > 60);
  // Another account is not held back by alice's limit.
  auto bob = sign_up(h, "bob");
  propose(bob);
  CHECK(code_of(bob.send("POST", "/api/lobby", {{"title", "no-such-game"}})) == "unknown_title");
  CHECK(code_of(bob.send("POST", "/api/lobby", {{"title", "test-duel"}, {"seat", "green"}})) == "unknown_seat");
}

}  // namespace lobby_test
