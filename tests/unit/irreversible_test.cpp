// Which legal actions cannot be taken back (engine/core/irreversible.hpp) and the view's
// `confirm` field that lists them for the seat to act.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/hash.hpp"
#include "engine/core/irreversible.hpp"
#include "engine/core/match.hpp"
#include "tests/test_game/duel.hpp"
#include "tests/unit/mini_module.hpp"

namespace irreversible_test {

using namespace warpath::engine;
using nlohmann::json;

namespace {

// A module whose verb `pick` rolls for even args, reveals for multiples of 5 and refuses 3, so
// that arg lists are kept in part; `move` changes nothing hidden; `end` hands the turn over. The
// module says `move` and `end` are certainly reversible, so they are never tried; `applied` counts
// the actions applied.
struct PickState final : GameState {
  std::string active = "a";
  int picked = 0;
  std::unique_ptr<GameState> clone() const override { return std::make_unique<PickState>(*this); }
  json to_json() const override { return {{"active", active}, {"picked", picked}}; }
};

class PickModule final : public testing::MiniModule<PickState> {
 public:
  PickModule() : MiniModule("pick", {"a", "b"}) {}
  std::unique_ptr<GameState> load(const json& j) const override {
    auto s = std::make_unique<PickState>();
    s->active = j.at("active");
    s->picked = j.at("picked");
    return s;
  }
  void list_legal_actions(const GameState& state, std::string_view seat, ActionList& out) const override {
    if (static_cast<const PickState&>(state).active != seat) return;
    out.append_json({{"pick", {1, 2, 3, 4, 5}}, {"move", {"x", "y"}}, {"end", true}});
  }
  std::vector<std::string> active_roles(const GameState& state) const override {
    return {static_cast<const PickState&>(state).active};
  }
  bool certainly_reversible(const GameState&, std::string_view, std::string_view verb) const override {
    return verb == "move" || verb == "end";
  }
  ApplyReport apply(GameState& state, std::string_view, const Action& action) const override {
    ++applied;
    auto& s = static_cast<PickState&>(state);
    ApplyReport report;
    if (action.verb == "pick") {
      const int n = action.arg.get<int>();
      if (n == 3) throw ActionRejected(ErrorCode::illegal_action, "not 3");
      s.picked = n;
      report.used_randomness = n % 2 == 0;
      report.revealed_hidden = n % 5 == 0;
    } else if (action.verb == "end") {
      s.active = s.active == "a" ? "b" : "a";
    } else if (action.verb != "move") {
      throw ActionRejected(ErrorCode::illegal_action, "unknown verb");
    }
    return report;
  }
  mutable int applied = 0;
};

}  // namespace

TEST_CASE("dice and draws are irreversible; plain moves and hand-overs are not") {
  auto duel = warpath::testgame::make_duel();
  Match match = Match::start(*duel, "standard", json::object(), 21);
  const std::string before = json_hash(match.state().to_json());
  const json legal = duel->legal_actions(match.state(), "red");
  REQUIRE(legal.contains("pass"));
  REQUIRE(legal.contains("piece"));
  REQUIRE(legal.contains("card"));
  CHECK(irreversible_actions(*duel, match.state(), "red", legal) == json{{"roll", true}, {"draw", true}});
  CHECK(json_hash(match.state().to_json()) == before);  // only copies were tried
  CHECK(match.view("red")["confirm"] == json{{"roll", true}, {"draw", true}});
  // Not for a seat that may not act, nor for spectators.
  CHECK_FALSE(match.view("blue").contains("confirm"));
  CHECK_FALSE(match.view("spectator").contains("confirm"));
  // Once rolled and drawn nothing of red's is irreversible: no field at all.
  REQUIRE_FALSE(match.play("red", {"roll", nullptr}));
  REQUIRE_FALSE(match.play("red", {"draw", nullptr}));
  CHECK_FALSE(match.view("red").contains("confirm"));
}

TEST_CASE("arg lists keep only the irreversible args; rejected actions and undo are skipped") {
  PickModule module;
  auto state = module.setup("standard", json::object(), 1);
  const json legal = module.legal_actions(*state, "a");
  CHECK(irreversible_actions(module, *state, "a", legal) == json{{"pick", {2, 4, 5}}});
  CHECK(irreversible_actions(module, *state, "a", json{{"undo", true}, {"bogus", true}, {"pick", {1, 3}}}) ==
        json::object());
  CHECK(irreversible_actions(module, *state, "a", json::object()) == json::object());
  CHECK(dynamic_cast<const PickState&>(*state).picked == 0);

  Match match(module, std::move(state));
  CHECK(match.view("a")["confirm"] == json{{"pick", {2, 4, 5}}});
  CHECK_FALSE(match.view("b").contains("confirm"));
  REQUIRE_FALSE(match.play("a", {"move", "x"}));
  REQUIRE(match.view("a")["actions"].contains("undo"));
  CHECK(match.view("a")["confirm"] == json{{"pick", {2, 4, 5}}});  // undo itself is never listed
}

TEST_CASE("the verbs a module says are certainly reversible are not tried") {
  PickModule module;
  auto state = module.setup("standard", json::object(), 1);
  const json legal = module.legal_actions(*state, "a");
  REQUIRE(legal.contains("move"));
  REQUIRE(legal.contains("end"));
  module.applied = 0;
  CHECK(irreversible_actions(module, *state, "a", legal) == json{{"pick", {2, 4, 5}}});
  CHECK(module.applied == 5);  // pick 1 to 5; neither move's two args nor end
}

}  // namespace irreversible_test
