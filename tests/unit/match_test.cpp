#include <doctest/doctest.h>

#include "engine/core/hash.hpp"
#include "engine/core/match.hpp"
#include "tests/test_game/duel.hpp"
#include "tests/unit/mini_module.hpp"

namespace match_test {

using namespace warpath::engine;
using nlohmann::json;

namespace {
struct Fixture {
  std::unique_ptr<GameModule> duel = warpath::testgame::make_duel();
  Match match = Match::start(*duel, "standard", json::object(), 21);
  std::string hash() const { return json_hash(match.state().to_json()); }
};
}  // namespace

TEST_CASE("the framework refuses what is not listed, and nothing changes") {
  Fixture f;
  const std::string before = f.hash();
  auto error = f.match.play("blue", {"pass", nullptr});
  REQUIRE(error);
  CHECK(error->code == ErrorCode::not_your_turn);
  error = f.match.play("red", {"space", "c"});
  REQUIRE(error);
  CHECK(error->code == ErrorCode::illegal_action);
  error = f.match.play("red", {"card", 999});
  REQUIRE(error);
  CHECK(error->code == ErrorCode::illegal_action);
  error = f.match.play("red", {"card", 1.5});
  REQUIRE(error);
  CHECK(error->code == ErrorCode::malformed);
  error = f.match.play("nobody", {"pass", nullptr});
  REQUIRE(error);
  CHECK(error->code == ErrorCode::not_your_turn);
  CHECK(f.hash() == before);
  CHECK(f.match.version() == 0);
}

TEST_CASE("undo takes back the role's own moves since the last barrier, by replay") {
  Fixture f;
  const std::string start = f.hash();
  const json start_view = f.match.view("red");
  CHECK_FALSE(f.match.legal_actions("red").contains("undo"));
  REQUIRE_FALSE(f.match.play("red", {"piece", "r1"}));
  REQUIRE_FALSE(f.match.play("red", {"space", "b"}));
  CHECK(f.match.legal_actions("red").contains("undo"));
  CHECK_FALSE(f.match.can_undo("blue"));
  CHECK(f.match.play("blue", {"undo", nullptr})->code == ErrorCode::undo_not_allowed);
  REQUIRE_FALSE(f.match.play("red", {"undo", nullptr}));
  REQUIRE_FALSE(f.match.play("red", {"undo", nullptr}));
  CHECK(f.hash() == start);
  CHECK(f.match.version() == 4);  // two moves and two undos, all in the history
  json view = f.match.view("red");
  CHECK(view == start_view);
  CHECK(f.match.play("red", {"undo", nullptr})->code == ErrorCode::undo_not_allowed);
}

TEST_CASE("dice, draws and hand-overs are undo barriers") {
  Fixture f;
  REQUIRE_FALSE(f.match.play("red", {"piece", "r1"}));
  CHECK_FALSE(f.match.last_move_was_barrier());
  REQUIRE_FALSE(f.match.play("red", {"cancel", nullptr}));
  CHECK(f.match.can_undo("red"));
  REQUIRE_FALSE(f.match.play("red", {"roll", nullptr}));
  CHECK(f.match.last_move_was_barrier());
  CHECK(f.match.at_barrier());
  CHECK_FALSE(f.match.can_undo("red"));
  REQUIRE_FALSE(f.match.play("red", {"card", f.match.view("red")["hand"][0]}));
  CHECK(f.match.can_undo("red"));
  REQUIRE_FALSE(f.match.play("red", {"draw", nullptr}));
  CHECK_FALSE(f.match.can_undo("red"));
  REQUIRE_FALSE(f.match.play("red", {"pass", nullptr}));
  CHECK(f.match.last_move_was_barrier());
  CHECK_FALSE(f.match.can_undo("red"));
  CHECK_FALSE(f.match.can_undo("blue"));
}

TEST_CASE("replaying a history with undos reproduces the live state on many random games") {
  auto duel = warpath::testgame::make_duel();
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Match live = Match::start(*duel, "standard", json::object(), seed);
    std::vector<Move> history;
    Rng chooser(seed * 31);
    while (!live.is_over()) {
      const std::string role = live.active_roles().front();
      const auto choices = list_actions(live.legal_actions(role));
      const Action pick = choices[chooser.below(static_cast<std::uint32_t>(choices.size()))];
      REQUIRE_FALSE(live.play(role, pick));
      history.push_back({role, pick});
    }
    Match replayed = Match::start(*duel, "standard", json::object(), seed);
    for (const auto& move : history) replayed.replay(move);
    CHECK(json_hash(replayed.state().to_json()) == json_hash(live.state().to_json()));
    CHECK(replayed.version() == live.version());
  }
}

TEST_CASE("a corrupt history is detected on replay") {
  Fixture f;
  CHECK_THROWS(f.match.replay({"blue", {"pass", nullptr}}));
}

namespace {
// A module whose `add` changes the state and then refuses when the total would pass 3: the
// refusal comes after a partial change, which Match must undo.
struct CounterState final : GameState {
  int total = 0;
  int moves = 0;
  std::unique_ptr<GameState> clone() const override { return std::make_unique<CounterState>(*this); }
  json to_json() const override { return {{"total", total}, {"moves", moves}}; }
};

class CounterModule final : public testing::MiniModule<CounterState> {
 public:
  CounterModule() : MiniModule("counter", {"a"}) {}
  std::unique_ptr<GameState> load(const json& j) const override {
    auto s = std::make_unique<CounterState>();
    s->total = j.at("total");
    s->moves = j.at("moves");
    return s;
  }
  void list_legal_actions(const GameState&, std::string_view, ActionList& out) const override {
    out.add("add", std::int64_t{1});
    out.add("add", std::int64_t{2});
  }
  std::vector<std::string> active_roles(const GameState&) const override { return {"a"}; }
  ApplyReport apply(GameState& state, std::string_view, const Action& action) const override {
    auto& s = static_cast<CounterState&>(state);
    ++s.moves;
    s.total += action.arg.get<int>();
    if (s.total > 3) throw ActionRejected(ErrorCode::illegal_action, "over 3");
    return {};
  }
};
}  // namespace

TEST_CASE("a move refused half-way leaves the state as it was, whether applied to a copy or in place") {
  CounterModule module;
  Match match = Match::start(module, "standard", json::object(), 1);
  REQUIRE_FALSE(match.play("a", {"add", 1}));  // the first move after the start's barrier: on a copy
  REQUIRE_FALSE(match.play("a", {"add", 2}));  // no barrier since: in place
  const std::string before = json_hash(match.state().to_json());
  auto error = match.play("a", {"add", 2});
  REQUIRE(error);
  CHECK(error->code == ErrorCode::illegal_action);
  CHECK(json_hash(match.state().to_json()) == before);
  CHECK(match.version() == 2);
  CHECK(match.state().to_json() == json{{"total", 3}, {"moves", 2}});
  // Still playable, and undo still takes back the last move.
  REQUIRE_FALSE(match.play("a", {"undo", nullptr}));
  CHECK(match.state().to_json() == json{{"total", 1}, {"moves", 1}});
}

TEST_CASE("either player may resign at any time: the other wins, nothing more is played, replay agrees") {
  Fixture f;
  REQUIRE_FALSE(f.match.play("red", {"pass", nullptr}));  // red's move; blue is to act
  auto error = f.match.play("spectator", {"resign", nullptr});
  REQUIRE(error);
  CHECK(error->code == ErrorCode::not_your_turn);
  // Red resigns although it is blue's turn.
  REQUIRE_FALSE(f.match.play("red", {"resign", nullptr}));
  CHECK(f.match.is_over());
  CHECK(f.match.forfeited());
  REQUIRE(f.match.result());
  CHECK(f.match.result()->winner == "blue");
  CHECK(f.match.active_roles().empty());
  CHECK(f.match.legal_actions("blue").empty());
  CHECK(f.match.seat_view("blue")["actions"].empty());
  CHECK(f.match.play("blue", {"pass", nullptr})->code == ErrorCode::game_over);
  CHECK(f.match.play("blue", {"resign", nullptr})->code == ErrorCode::game_over);
  CHECK(f.match.play("red", {"undo", nullptr})->code == ErrorCode::undo_not_allowed);

  Match replayed = Match::start(*f.duel, "standard", json::object(), 21);
  replayed.replay({"red", {"pass", nullptr}});
  replayed.replay({"red", {"resign", nullptr}});
  CHECK(replayed.result()->to_json() == f.match.result()->to_json());
  CHECK(replayed.version() == f.match.version());
}

TEST_CASE("adjudication is the server's move only: the title's adjudicated result (by default a draw), replayed") {
  CHECK_FALSE(is_client_verb(adjudicate_verb));
  CHECK_FALSE(is_client_verb(timeout_verb));
  CHECK(is_client_verb(resign_verb));
  Fixture f;
  REQUIRE_FALSE(f.match.play("red", {"pass", nullptr}));
  CHECK(f.match.play("spectator", {"adjudicate", nullptr})->code == ErrorCode::not_your_turn);
  REQUIRE_FALSE(f.match.play("red", {"adjudicate", nullptr}));
  CHECK(f.match.is_over());
  CHECK(f.match.forfeited());
  REQUIRE(f.match.result());
  CHECK(f.match.result()->draw());  // the test game keeps no score to decide by
  CHECK(f.match.result()->score["adjudicated"] == true);
  CHECK(f.match.result()->summary.find("adjudicated") != std::string::npos);
  CHECK(f.match.play("red", {"adjudicate", nullptr})->code == ErrorCode::game_over);
  Match replayed = Match::start(*f.duel, "standard", json::object(), 21);
  replayed.replay({"red", {"pass", nullptr}});
  replayed.replay({"red", {"adjudicate", nullptr}});
  CHECK(replayed.result()->to_json() == f.match.result()->to_json());
}

}  // namespace match_test
