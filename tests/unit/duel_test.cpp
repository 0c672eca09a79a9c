#include <doctest/doctest.h>

#include "engine/core/hash.hpp"
#include "engine/core/match.hpp"
#include "tests/test_game/duel.hpp"

namespace duel_test {

using namespace warpath::engine;
using nlohmann::json;

TEST_CASE("set-up is a function of scenario, options and seed") {
  auto duel = warpath::testgame::make_duel();
  auto a = duel->setup("standard", json::object(), 11);
  auto b = duel->setup("standard", json::object(), 11);
  auto c = duel->setup("standard", json::object(), 12);
  CHECK(a->to_json() == b->to_json());
  CHECK(a->to_json() != c->to_json());
  CHECK_THROWS_AS(duel->setup("nowhere", json::object(), 1), SetupError);
  CHECK_THROWS_AS(duel->setup("standard", {{"target", "high"}}, 1), SetupError);
  CHECK_THROWS_AS(duel->setup("standard", {{"colour", 3}}, 1), SetupError);
}

TEST_CASE("state JSON round-trips losslessly") {
  auto duel = warpath::testgame::make_duel();
  Match match = Match::start(*duel, "standard", json::object(), 5);
  REQUIRE_FALSE(match.play("red", {"roll", nullptr}));
  REQUIRE_FALSE(match.play("red", {"draw", nullptr}));
  const json saved = match.state().to_json();
  CHECK(duel->load(saved)->to_json() == saved);
}

TEST_CASE("a seat sees its own hand, never the other's; spectators see none") {
  auto duel = warpath::testgame::make_duel();
  auto state = duel->setup("standard", json::object(), 3);
  const json full = state->to_json();
  const json red = duel->view(*state, "red");
  const json blue = duel->view(*state, "blue");
  const json spectator = duel->view(*state, "spectator");
  CHECK(red["hand"] == full["hands"]["red"]);
  CHECK(blue["hand"] == full["hands"]["blue"]);
  CHECK_FALSE(spectator.contains("hand"));
  CHECK_FALSE(red.contains("deck"));
  CHECK_FALSE(red.contains("rng"));
  CHECK(red["hand_sizes"]["blue"] == 3);
}

TEST_CASE("views do not change when what a seat cannot see is dealt anew") {
  auto duel = warpath::testgame::make_duel();
  auto state = duel->setup("standard", json::object(), 8);
  Rng rng(77);
  for (const char* seat : {"red", "blue", "spectator"}) {
    auto twin = duel->redeal_hidden(*state, seat, rng);
    CHECK(duel->view(*twin, seat) == duel->view(*state, seat));
  }
  // The redeal really does move hidden cards: red's twin of blue's hand differs for some seed.
  bool moved = false;
  for (int i = 0; i < 10 && !moved; ++i)
    moved = duel->redeal_hidden(*state, "red", rng)->to_json()["hands"]["blue"] != state->to_json()["hands"]["blue"];
  CHECK(moved);
}

TEST_CASE("a full game ends with a result and an empty action set") {
  auto duel = warpath::testgame::make_duel();
  Match match = Match::start(*duel, "short", json::object(), 1);
  int guard = 0;
  while (!match.is_over() && ++guard < 100) REQUIRE_FALSE(match.play(match.active_roles().front(), {"pass", nullptr}));
  REQUIRE(match.is_over());
  CHECK(match.result()->draw());
  CHECK(match.legal_actions("red").empty());
  CHECK(match.legal_actions("blue").empty());
  CHECK(match.version() == 4);
}

}  // namespace duel_test
