#include <doctest/doctest.h>

#include "engine/core/match.hpp"
#include "engine/core/playout.hpp"
#include "tests/test_game/duel.hpp"

namespace playout_test {

TEST_CASE("random playouts of the test game are clean and report their counters") {
  auto duel = warpath::testgame::make_duel();
  warpath::engine::PlayoutOptions options;
  options.scenarios = {"standard"};
  options.games = 40;
  options.seed = 100;
  const auto report = warpath::engine::run_playouts(*duel, options);
  CHECK(report["games"] == 40);
  CHECK(report["errors"] == 0);
  CHECK(report["stuck"] == 0);
  CHECK(report["unfinished"] == 0);
  CHECK(report["replay_mismatches"] == 0);
  CHECK(report["roundtrip_mismatches"] == 0);
  CHECK(report["leaks"] == 0);
  CHECK(report["actions"].get<int>() > 40);
  CHECK(report["rule_events"]["rolls"].get<int>() > 0);
  CHECK(report["mean_view_bytes"].get<int>() > 0);
}

TEST_CASE("playouts take the scenarios in turn") {
  auto duel = warpath::testgame::make_duel();
  warpath::engine::PlayoutOptions options;
  options.scenarios = {"standard", "short"};
  options.games = 6;
  const auto report = warpath::engine::run_playouts(*duel, options);
  CHECK(report["games"] == 6);
  CHECK(report["scenarios"] == nlohmann::json::array({"standard", "short"}));
  CHECK(report["errors"] == 0);
  CHECK(report["replay_mismatches"] == 0);
}

TEST_CASE("playouts from a start state begin there and replay from it") {
  auto duel = warpath::testgame::make_duel();
  warpath::engine::Match match = warpath::engine::Match::start(*duel, "standard", nlohmann::json::object(), 5);
  for (int i = 0; i < 4 && !match.is_over(); ++i) {
    const auto role = match.active_roles().front();
    const auto actions = warpath::engine::list_actions(match.legal_actions(role));
    REQUIRE_FALSE(match.play(role, actions.front()));
  }
  warpath::engine::PlayoutOptions options;
  options.scenarios = {"standard"};
  options.start_state = match.state().to_json();
  options.games = 20;
  const auto report = warpath::engine::run_playouts(*duel, options);
  CHECK(report["start_state"] == true);
  CHECK(report["errors"] == 0);
  CHECK(report["stuck"] == 0);
  CHECK(report["replay_mismatches"] == 0);
  CHECK(report["actions"].get<int>() > 20);

  // The counters report what the games reached from the start state, not what it had counted.
  nlohmann::json counted = *options.start_state;
  counted["events"]["rolls"] = counted["events"].value("rolls", 0) + 1000;
  options.start_state = counted;
  const auto same = warpath::engine::run_playouts(*duel, options);
  CHECK(same["rule_events"] == report["rule_events"]);
  CHECK(report["rule_events"]["rolls"].get<int>() > 0);
}

namespace {
// The test game with a deliberate leak: every view shows the first other role's hand.
class LeakyDuel final : public warpath::engine::GameModule {
 public:
  const warpath::engine::GameInfo& info() const override { return inner_->info(); }
  std::unique_ptr<warpath::engine::GameState> setup(const std::string& s, const nlohmann::json& o,
                                                    std::uint64_t seed) const override {
    return inner_->setup(s, o, seed);
  }
  std::unique_ptr<warpath::engine::GameState> load(const nlohmann::json& j) const override { return inner_->load(j); }
  nlohmann::json public_view(const warpath::engine::GameState& state) const override {
    return inner_->public_view(state);
  }
  nlohmann::json seat_view(const warpath::engine::GameState& state, std::string_view seat) const override {
    auto v = inner_->seat_view(state, seat);
    v["peek"] = state.to_json()["hands"][seat == "red" ? "blue" : "red"];
    return v;
  }
  std::vector<std::string> seat_view_keys() const override { return {"hand", "peek"}; }
  void list_legal_actions(const warpath::engine::GameState& s, std::string_view seat,
                          warpath::engine::ActionList& out) const override {
    inner_->list_legal_actions(s, seat, out);
  }
  std::vector<std::string> active_roles(const warpath::engine::GameState& s) const override {
    return inner_->active_roles(s);
  }
  warpath::engine::ApplyReport apply(warpath::engine::GameState& s, std::string_view role,
                                     const warpath::engine::Action& a) const override {
    return inner_->apply(s, role, a);
  }
  std::optional<warpath::engine::GameResult> result(const warpath::engine::GameState& s) const override {
    return inner_->result(s);
  }
  std::unique_ptr<warpath::engine::GameState> redeal_hidden(const warpath::engine::GameState& s, std::string_view seat,
                                                            warpath::engine::Rng& rng) const override {
    return inner_->redeal_hidden(s, seat, rng);
  }

 private:
  std::unique_ptr<warpath::engine::GameModule> inner_ = warpath::testgame::make_duel();
};
}  // namespace

TEST_CASE("the leak check catches a view that shows another seat's hand") {
  LeakyDuel leaky;
  warpath::engine::PlayoutOptions options;
  options.scenarios = {"short"};
  options.games = 5;
  const auto report = warpath::engine::run_playouts(leaky, options);
  CHECK(report["leaks"].get<int>() > 0);
  CHECK(report["errors"] == 0);
}

}  // namespace playout_test
