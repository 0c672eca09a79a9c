#include <doctest/doctest.h>

#include "engine/core/match.hpp"
#include "engine/core/rng.hpp"
#include "tests/test_game/duel.hpp"

namespace patch_test {

using namespace warpath::engine;
using nlohmann::json;

namespace {

json random_value(Rng& rng, int depth);

json random_object(Rng& rng, int depth) {
  json o = json::object();
  const int n = static_cast<int>(rng.below(5));
  for (int i = 0; i < n; ++i) o["k" + std::to_string(rng.below(6))] = random_value(rng, depth + 1);
  return o;
}

json random_value(Rng& rng, int depth) {
  switch (depth > 3 ? rng.below(3) : rng.below(5)) {
    case 0:
      return static_cast<int>(rng.below(10));
    case 1:
      return "s" + std::to_string(rng.below(4)) + (rng.below(5) == 0 ? "/~x" : "");
    case 2:
      return rng.below(2) == 0 ? json(nullptr) : json(rng.below(2) == 0);
    case 3: {
      json a = json::array();
      const int n = static_cast<int>(rng.below(5));
      for (int i = 0; i < n; ++i) a.push_back(random_value(rng, depth + 1));
      return a;
    }
    default:
      return random_object(rng, depth);
  }
}

}  // namespace

TEST_CASE("patch(old, diff(old, new)) == new on random document pairs") {
  Rng rng(2024);
  for (int i = 0; i < 3000; ++i) {
    const json a = random_object(rng, 0);
    const json b = random_object(rng, 0);
    CHECK(a.patch(json::diff(a, b)) == b);
  }
}

TEST_CASE("patch(old, diff(old, new)) == new on consecutive views of random games") {
  auto duel = warpath::testgame::make_duel();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Match match = Match::start(*duel, "standard", json::object(), seed);
    Rng chooser(seed);
    json previous = match.view("red");
    while (!match.is_over()) {
      const std::string role = match.active_roles().front();
      const auto choices = list_actions(match.legal_actions(role));
      REQUIRE_FALSE(match.play(role, choices[chooser.below(static_cast<std::uint32_t>(choices.size()))]));
      const json next = match.view("red");
      const json ops = json::diff(previous, next);
      CHECK(previous.patch(ops) == next);
      // Appending to the log must not rewrite earlier entries.
      for (const auto& op : ops) CHECK(op["op"] != "move");
      previous = next;
    }
  }
}

}  // namespace patch_test
