// Standing orders through the real server (docs/PROTOCOL.md, "Standing orders"): a Wilderness War
// player's "pass for this move" and per-kind auto-pass orders are applied by the server as
// recorded moves, exactly when the orders cover the window the player is in; a replay equals what
// was played live; the orders survive a restart; nobody else learns them; bad input is refused and
// changes nothing. A copy of the game played in process with the same moves (the Mirror) says
// which windows open and in which periods (engine/core/response_window.hpp).

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "engine/core/match.hpp"
#include "engine/core/playout.hpp"
#include "engine/wilderness_war/module.hpp"
#include "server/storage/database.hpp"
#include "tests/integration/harness.hpp"

namespace warpath::test::standing_orders_test {
namespace {

using nlohmann::json;

constexpr std::uint64_t seed = 31;

// The game as the server must have it: every move the test sends, and every pass the orders
// should make the server play, applied in process too.
struct Mirror {
  std::unique_ptr<engine::GameModule> module = wilderness_war::make_wilderness_war();
  engine::Match match = engine::Match::start(*module, "annus_mirabilis", json::object(), seed);
  engine::StandingOrders british_orders;
  engine::Rng chooser{seed};
  std::vector<double> weights;
  int auto_passes = 0;

  // The window the British are in and must answer themselves, if any.
  std::optional<engine::ResponseWindow> open_window() const {
    auto window = match.response_window("british");
    if (!window || british_orders.covers(*window, match.periods())) return std::nullopt;
    return window;
  }
  // Applies the passes the server plays for the British orders; how many.
  int apply_orders() {
    int passes = 0;
    while (auto window = match.response_window("british")) {
      if (!british_orders.covers(*window, match.periods())) break;
      REQUIRE_FALSE(match.play("british", window->pass));
      ++passes;
    }
    auto_passes += passes;
    return passes;
  }
  engine::Action random_action(const std::string& role) {
    return engine::pick_action(*module, match, role, match.listed_actions(role), 0.0, weights, chooser);
  }
};

std::string games_url(const CreatedGame& game, const std::string& rest) {
  return "/api/games/" + std::to_string(game.id) + rest;
}

// Waits until the server's game is at `version`.
void wait_for_server(Harness& h, const CreatedGame& game, std::uint64_t version) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (h.http_status(game.id).value("version", std::uint64_t{0}) < version) {
    REQUIRE_MESSAGE(std::chrono::steady_clock::now() < deadline, "the server did not apply the orders");
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// Plays `action` for `role` over HTTP and in the mirror, then the passes the orders make the server
// play, and waits until the server is there too.
void play(Harness& h, const CreatedGame& game, Mirror& mirror, const std::string& role, const engine::Action& action) {
  const json body = {{"version", mirror.match.version()}, {"verb", action.verb}, {"arg", action.arg}};
  const auto res = h.http().post(games_url(game, "/actions"), body, game.tokens.at(role));
  REQUIRE_MESSAGE(res.status == 200, role, " ", body.dump(), " answered ", res.status, ": ", res.raw_body);
  REQUIRE_FALSE(mirror.match.play(role, action));
  if (mirror.apply_orders() > 0) wait_for_server(h, game, mirror.match.version());
}

// Random legal moves of both sides until the British are in a window their orders do not cover.
void play_until_british_window(Harness& h, const CreatedGame& game, Mirror& mirror, int max_moves = 2000) {
  for (int i = 0; i < max_moves && !mirror.match.is_over(); ++i) {
    if (mirror.open_window()) return;
    const std::string role = mirror.match.active_roles().front();
    play(h, game, mirror, role, mirror.random_action(role));
  }
  FAIL("no British response window within the moves played");
}

// Role and verb of the stored move `seq`, read from the database.
std::pair<std::string, std::string> stored_move(const std::string& db_location, std::int64_t game, std::uint64_t seq) {
  server::storage::Connection db(db_location);
  auto q = db.prepare("SELECT role, verb FROM moves WHERE game_id = ? AND seq = ?");
  q.bind(1, game).bind(2, static_cast<std::int64_t>(seq));
  std::pair<std::string, std::string> row;
  if (q.step()) row = {q.column_text(0), q.column_text(1)};
  return row;
}

json orders_frame(SeatClient& client, const std::string& ref) {
  return client.wait_for([&](const json& m) { return m.value("type", "") == "orders" && m.value("ref", "") == ref; });
}

// Fails the test if `client` was sent orders other than its own seat's.
void check_only_own_orders(const SeatClient& client) {
  for (const auto& raw : client.raw_messages()) {
    const json message = json::parse(raw);
    if (message.value("type", "") == "error") continue;  // the seat's own refusals name the fields
    if (message.value("type", "") == "orders")
      CHECK_MESSAGE(message.value("seat", "") == client.seat(), client.seat(), " was sent ", raw);
    else
      CHECK_MESSAGE(raw.find("auto_pass") == std::string::npos, client.seat(), " was sent ", raw);
  }
}

}  // namespace

TEST_CASE("a pass for this move is played by the server as recorded moves until the move is over") {
  Harness h;
  const CreatedGame game = h.create_titled_game("wilderness-war", "annus_mirabilis", seed, {"french", "british"});
  Mirror mirror;
  play_until_british_window(h, game, mirror);
  const std::uint64_t answered_at = mirror.match.version();
  const engine::Periods given_in = mirror.match.periods();

  auto british = h.join(game, "british");
  auto french = h.join(game, "french");
  auto spectator = h.join(game, "spectator");
  REQUIRE(british->view().contains("window"));
  CHECK(british->view()["window"]["scopes"] == json({"move", "action_phase", "season"}));
  CHECK_FALSE(french->view().contains("window"));
  CHECK_FALSE(spectator->view().contains("window"));

  british->ws().send(
      {{"type", "pass_for"}, {"game", game.id}, {"version", answered_at}, {"scope", "move"}, {"ref", "p1"}});
  const json answer = orders_frame(*british, "p1");
  CHECK(answer["passing"] == json({"move"}));
  CHECK(answer["auto_pass"] == json::array());
  mirror.british_orders.passing[engine::PassScope::move] = given_in.move;
  REQUIRE(mirror.apply_orders() >= 1);
  british->wait_for_version(mirror.match.version());
  // The server's pass is an ordinary stored move of the British.
  CHECK(stored_move(h.server().db_location(), game.id, answered_at + 1) ==
        std::pair<std::string, std::string>{"british", "pass"});

  // On with the game: the server passes for the British while the move lasts (the mirror predicts
  // each pass), and leaves them the first window of a later move.
  for (int i = 0; i < 2000 && !mirror.match.is_over() && !mirror.open_window(); ++i) {
    const std::string role = mirror.match.active_roles().front();
    play(h, game, mirror, role, mirror.random_action(role));
  }
  REQUIRE(mirror.open_window());
  MESSAGE("pass for the move at version ", answered_at, " (", given_in.move, "): ", mirror.auto_passes,
          " passes by the server; the British decide again at version ", mirror.match.version(), " (",
          mirror.match.periods().move, ")");
  CHECK(mirror.match.periods().move != given_in.move);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(h.http_status(game.id)["version"] == mirror.match.version());  // the server waits for the British
  british->wait_for_version(mirror.match.version());
  french->wait_for_version(mirror.match.version());
  spectator->wait_for_version(mirror.match.version());
  CHECK(british->view().contains("window"));
  // Replays are bit for bit: the server's views equal those of the game played in process, and
  // its replay of every version equals what the British were sent live.
  CHECK(h.http_view(game.id, game.tokens.at("british"))["view"] == mirror.match.view("british"));
  CHECK(h.http_view(game.id)["view"] == mirror.match.view("spectator"));
  for (const auto& [version, view] : british->history()) {
    const auto replay = h.http().get(games_url(game, "/replay?version=" + std::to_string(version) + "&seat=british"),
                                     game.tokens.at("british"));
    REQUIRE(replay.status == 200);
    CHECK_MESSAGE(replay.body["view"] == view, "version ", version);
  }
  // The "pass for" ran out with its move, and the British connection was told; nobody else was
  // told anything of the British orders.
  bool told_expired = false;
  for (const auto& m : british->events())
    if (m.value("type", "") == "orders" && m.value("ref", "") == "" && m["passing"].empty() && m["auto_pass"].empty())
      told_expired = true;
  CHECK(told_expired);

  // "Pass for this season", over HTTP this time: every British window until the season is over.
  const engine::Periods season_given = mirror.match.periods();
  const auto pass = h.http().post(games_url(game, "/pass"), {{"version", mirror.match.version()}, {"scope", "season"}},
                                  game.tokens.at("british"));
  REQUIRE_MESSAGE(pass.status == 200, pass.raw_body);
  CHECK(pass.body["orders"]["passing"] == json({"season"}));
  mirror.british_orders.passing[engine::PassScope::season] = season_given.season;
  const int passes_before = mirror.auto_passes;
  REQUIRE(mirror.apply_orders() >= 1);
  wait_for_server(h, game, mirror.match.version());
  for (int i = 0; i < 4000 && !mirror.match.is_over() && !mirror.open_window(); ++i) {
    const std::string role = mirror.match.active_roles().front();
    play(h, game, mirror, role, mirror.random_action(role));
  }
  REQUIRE(mirror.open_window());
  MESSAGE("pass for the season ", season_given.season, ": ", mirror.auto_passes - passes_before,
          " passes by the server; the British decide again in ", mirror.match.periods().season);
  CHECK(mirror.match.periods().season != season_given.season);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(h.http_status(game.id)["version"] == mirror.match.version());
  british->wait_for_version(mirror.match.version());
  french->wait_for_version(mirror.match.version());
  spectator->wait_for_version(mirror.match.version());
  CHECK(h.http_view(game.id, game.tokens.at("british"))["view"] == mirror.match.view("british"));
  for (auto* client : {british.get(), french.get(), spectator.get()}) check_only_own_orders(*client);
}

TEST_CASE("standing orders per kind apply at once, survive a restart, and stay the player's own") {
  Harness h;
  const CreatedGame game = h.create_titled_game("wilderness-war", "annus_mirabilis", seed, {"french", "british"});
  Mirror mirror;
  play_until_british_window(h, game, mirror);
  const std::string british_token = game.tokens.at("british");
  const auto before = h.http().get(games_url(game, "/orders"), british_token);
  REQUIRE(before.status == 200);
  CHECK(before.body["orders"]["auto_pass"] == json::array());
  const json kinds = before.body["orders"]["kinds"];
  REQUIRE(kinds.size() == mirror.module->response_window_kinds().size());

  // Every kind on auto-pass, set while a window is open: the server passes it at once.
  const auto set = h.http().request("PUT", games_url(game, "/orders"), {{"auto_pass", kinds}}, british_token);
  REQUIRE_MESSAGE(set.status == 200, set.raw_body);
  CHECK(set.body["orders"]["auto_pass"].size() == kinds.size());
  for (const auto& kind : kinds) mirror.british_orders.auto_pass.insert(kind.get<std::string>());
  REQUIRE(mirror.apply_orders() >= 1);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (h.http_status(game.id)["version"] != mirror.match.version()) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }

  // The spectator's and the French views say nothing of them; the French have orders of their own.
  CHECK_FALSE(h.http_view(game.id).contains("orders"));
  const json french_view = h.http_view(game.id, game.tokens.at("french"));
  CHECK(french_view["orders"]["auto_pass"] == json::array());
  CHECK(h.http_view(game.id, british_token)["orders"]["auto_pass"].size() == kinds.size());

  h.server().restart();
  const auto after = h.http().get(games_url(game, "/orders"), british_token);
  REQUIRE(after.status == 200);
  CHECK(after.body["orders"]["auto_pass"] == set.body["orders"]["auto_pass"]);
  const int passes_before = mirror.auto_passes;
  // Every British window is the server's to pass now: the British only decide the rest.
  for (int i = 0; i < 2000 && !mirror.match.is_over() && mirror.auto_passes < passes_before + 10; ++i) {
    const std::string role = mirror.match.active_roles().front();
    play(h, game, mirror, role, mirror.random_action(role));
  }
  CHECK(mirror.auto_passes >= passes_before + 10);
  MESSAGE("auto-pass for every kind: ", mirror.auto_passes, " passes by the server, ", passes_before,
          " before the restart; game at version ", mirror.match.version());
  CHECK(h.http_view(game.id, british_token)["view"] == mirror.match.view("british"));
}

TEST_CASE("bad standing orders are refused with typed errors and change nothing") {
  Harness h;
  const CreatedGame game = h.create_titled_game("wilderness-war", "annus_mirabilis", seed, {"french", "british"});
  Mirror mirror;
  auto french = h.join(game, "french");  // the French act first: the British are in no window
  auto british = h.join(game, "british");
  auto spectator = h.join(game, "spectator");
  const auto version = british->version();
  auto refused = [&](SeatClient& client, json message, const std::string& code) {
    message["game"] = game.id;
    message["ref"] = "bad";
    client.ws().send(message);
    const json reply = client.wait_for([](const json& m) { return m.value("ref", "") == "bad"; });
    CHECK_MESSAGE(reply.value("code", "") == code, message.dump(), " got ", reply.dump());
  };
  refused(*british, {{"type", "pass_for"}, {"version", version}, {"scope", "move"}}, "not_in_window");
  refused(*british, {{"type", "pass_for"}, {"version", version + 5}, {"scope", "move"}}, "stale_version");
  refused(*british, {{"type", "pass_for"}, {"version", version}, {"scope", "turn"}}, "bad_message");
  refused(*british, {{"type", "set_orders"}, {"auto_pass", {"foul_weather", "tea_party"}}}, "unknown_window_kind");
  refused(*british, {{"type", "set_orders"}, {"auto_pass", "battle"}}, "bad_message");
  refused(*british, {{"type", "set_orders"}, {"auto_pass", json::array()}, {"cancel_passing", "yes"}}, "bad_message");
  refused(*spectator, {{"type", "set_orders"}, {"auto_pass", {"battle"}}}, "spectator");

  const std::string token = game.tokens.at("british");
  auto http_refused = [&](const std::string& method, const std::string& rest, const json& body,
                          const std::string& bearer, int status, const std::string& code) {
    const auto res = h.http().request(method, games_url(game, rest), body, bearer);
    CHECK_MESSAGE(res.status == status, method, " ", rest, " ", body.dump(), ": ", res.raw_body);
    CHECK(res.body["error"]["code"] == code);
  };
  http_refused("PUT", "/orders", {{"auto_pass", {"tea_party"}}}, token, 400, "unknown_window_kind");
  http_refused("PUT", "/orders", {{"auto_pass", 3}}, token, 400, "bad_message");
  http_refused("PUT", "/orders", {{"auto_pass", {"battle"}}}, "", 401, "bad_token");
  http_refused("PUT", "/orders", {{"auto_pass", {"battle"}}}, std::string(32, 'a'), 401, "bad_token");
  http_refused("POST", "/pass", {{"version", version}, {"scope", "season"}}, token, 409, "not_in_window");
  http_refused("POST", "/pass", {{"version", version}}, token, 400, "bad_message");
  http_refused("DELETE", "/orders", nullptr, token, 405, "method_not_allowed");

  const auto orders = h.http().get(games_url(game, "/orders"), token);
  REQUIRE(orders.status == 200);
  CHECK(orders.body["orders"]["auto_pass"] == json::array());
  CHECK(orders.body["orders"]["passing"] == json::array());
  CHECK(h.http_status(game.id)["version"] == version);
  for (auto* client : {british.get(), french.get(), spectator.get()}) check_only_own_orders(*client);
}

}  // namespace warpath::test::standing_orders_test
