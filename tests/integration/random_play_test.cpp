// The scripted random player (random_player.hpp) on plain lobby games of Wilderness War: two
// accounts, a listing joined, random legal moves over their WebSockets until the game ends by the
// rules; the stored result and the game's record (`warpath verify`) checked. Several games at once,
// one of them left going and resigned by the test, which the player notices. Prints how long a
// random Annus Mirabilis game takes through the server.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <thread>

#include "tests/integration/harness.hpp"
#include "tests/integration/random_player.hpp"

namespace random_play_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

std::string game_path(std::int64_t id, const std::string& rest = {}) {
  return "/api/games/" + std::to_string(id) + rest;
}

// A lobby game of Annus Mirabilis between `french` and `british`.
GameToPlay lobby_game(User& french, User& british) {
  const json proposal = {{"title", "wilderness-war"}, {"scenario", "annus_mirabilis"}, {"seat", "french"}};
  const std::int64_t listing = french.ok("POST", "/api/lobby", proposal, 201)["listing"]["id"];
  const json started = british.ok("POST", "/api/lobby/" + std::to_string(listing) + "/join", json::object())["listing"];
  REQUIRE(started["status"] == "started");
  GameToPlay game;
  game.id = started["game"];
  game.seats = {{french, "french"}, {british, "british"}};
  return game;
}

std::filesystem::path record_dir() {
  auto dir = std::filesystem::temp_directory_path() / ("warpath-random-play-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("random play: lobby games of Annus Mirabilis played to their end by random legal moves") {
  Harness h;
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol");
  const std::uint64_t seed = random_play_seed(20261125);
  MESSAGE("random play seed ", seed, " (WARPATH_RANDOM_SEED repeats a run)");

  RandomPlayLimits limits;
#ifdef WARPATH_SANITIZED_BUILD
  limits.resign_after = 150;  // ~30x slower: a side resigns after 150 moves
#endif

  // One game alone, timed: what a random game costs through the server.
  const GameToPlay first = lobby_game(alice, bob);
  const auto alone = play_random_game(h, first, seed, limits);
  REQUIRE_MESSAGE(alone.error.empty(), alone.error, " (seed ", alone.seed, ")");
  CHECK(alone.over);
  CHECK(alone.stale == 0);  // nobody else moved
  MESSAGE("one random Annus Mirabilis game: ", alone.moves, " moves in ", alone.seconds, " s (",
          1000 * alone.seconds / std::max(alone.moves, 1), " ms a move)");

  // Three more at once; the last is left going after 30 moves, and its French player resigns.
  std::vector<GameToPlay> games = {lobby_game(bob, carol), lobby_game(carol, alice), lobby_game(alice, carol)};
  games[2].stop_after = 30;
  const auto outcomes = play_random_games(h, games, seed + 1, limits);
  REQUIRE(outcomes.size() == 3);
  for (const auto& o : outcomes) {
    CHECK_MESSAGE(o.error.empty(), o.error, " (seed ", o.seed, ")");
    MESSAGE("game ", o.game, " (played beside two others): ", o.moves, " moves in ", o.seconds, " s");
  }
  CHECK(outcomes[0].over);
  CHECK(outcomes[1].over);
  CHECK(outcomes[2].stopped);
  CHECK_FALSE(outcomes[2].over);
  CHECK(outcomes[2].moves == 30);
  CHECK(h.http_status(games[2].id)["status"] == "active");
  alice.ok("POST", game_path(games[2].id, "/resign"));
  // Picked up again, the player finds it over at once.
  const auto after = play_random_game(h, games[2], seed + 9, limits);
  CHECK_MESSAGE(after.error.empty(), after.error);
  CHECK(after.over);
  CHECK(after.moves == 0);
  CHECK(after.result["winner"] == "british");

  // A game still going at the cap on moves is a failure, said loudly.
  RandomPlayLimits ten;
  ten.max_moves = 10;
  const auto capped = play_random_game(h, lobby_game(bob, alice), seed + 10, ten);
  CHECK(capped.error.find("not over after 10 moves") != std::string::npos);
  CHECK_FALSE(capped.over);

  // The cap of slow builds: the side to move resigns after so many moves.
  RandomPlayLimits short_game;
  short_game.resign_after = 25;
  const auto resigned = play_random_game(h, lobby_game(carol, bob), seed + 11, short_game);
  CHECK_MESSAGE(resigned.error.empty(), resigned.error);
  CHECK(resigned.resigned);
  CHECK(resigned.over);
  CHECK(resigned.moves == 25);
  CHECK(resigned.result["winner"].is_string());

  // Someone else moving the same seat meanwhile (its player in another tab, over HTTP): the
  // player's actions go stale now and then; it catches up and plays on to the end.
  const GameToPlay contested = lobby_game(alice, bob);
  RandomGameOutcome raced;
  std::thread racer([&] { raced = play_random_game(h, contested, seed + 12, limits); });
  std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
  int taken = 0;
  for (int i = 0; i < 2000 && taken < 40 && h.http_status(contested.id)["status"] == "active"; ++i) {
    const auto view = alice.send("GET", game_path(contested.id, "/view"), nullptr, false);
    if (view.status != 200) continue;
    const auto choice = random_action(view.body["view"]["actions"], rng, 0);
    if (!choice || choice->verb == "undo") continue;
    const json body = {{"version", view.body["version"]}, {"verb", choice->verb}, {"arg", choice->arg}};
    taken += alice.send("POST", game_path(contested.id, "/actions"), body).status == 200;
  }
  racer.join();
  CHECK_MESSAGE(raced.error.empty(), raced.error, " (seed ", raced.seed, ")");
  CHECK(raced.over);
  MESSAGE("a game raced by ", taken, " moves over HTTP: ", raced.moves, " moves of the player, ", raced.stale,
          " stale, ", raced.resyncs, " resyncs");

  // Each game's stored result is the one the player saw, and its record replays.
  const auto dir = record_dir();
  std::vector<RandomGameOutcome> all = {alone, outcomes[0], outcomes[1], after, raced};
  std::vector<std::int64_t> ids = {first.id, games[0].id, games[1].id, games[2].id, contested.id};
  for (std::size_t i = 0; i < all.size(); ++i) {
    CAPTURE(ids[i]);
    const json info = h.http_status(ids[i]);
    CHECK(info["status"] == "over");
    CHECK(info["result"] == all[i].result);
    const json& result = all[i].result;
    CHECK((result.value("draw", false) || result["winner"] == "french" || result["winner"] == "british"));
    const json record = h.http().get(game_path(ids[i], "/record")).body;
    CHECK(record["moves"].size() >= static_cast<std::size_t>(all[i].moves));
    CHECK(verify_record(dir, "game-" + std::to_string(ids[i]) + ".json", record) == 0);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace random_play_test
