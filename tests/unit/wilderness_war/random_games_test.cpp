// Random legal games of every scenario, in process: no exception, no stuck state, replays equal
// to the live game, JSON round trips, and no view that changes when what its seat cannot see is
// dealt anew (the other hand, the draw pile's order, future dice). The CI playouts run many more.
#include <doctest/doctest.h>

#include <set>

#include "engine/core/match.hpp"
#include "engine/core/playout.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/state.hpp"

namespace random_games_test {

using namespace warpath;
using nlohmann::json;

TEST_CASE("random games of every scenario end cleanly, replay exactly and leak nothing") {
  auto module = wilderness_war::make_wilderness_war();
  for (const char* scenario : {"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"}) {
    CAPTURE(scenario);
    engine::PlayoutOptions options;
    options.scenarios = {scenario};
    options.games = 1;
    options.seed = 11;
    options.leak_check_every = 61;
    const json report = engine::run_playouts(*module, options);
    CHECK_MESSAGE(report["errors"] == 0, report["first_problems"].dump());
    CHECK_MESSAGE(report["stuck"] == 0, report["first_problems"].dump());
    CHECK(report["unfinished"] == 0);
    CHECK(report["replay_mismatches"] == 0);
    CHECK(report["roundtrip_mismatches"] == 0);
    CHECK_MESSAGE(report["leaks"] == 0, report["first_problems"].dump());
  }
}

TEST_CASE("no seat's view holds the other hand, the draw pile or the dice") {
  auto module = wilderness_war::make_wilderness_war();
  engine::Match match = engine::Match::start(*module, "annus_mirabilis", json::object(), 21);
  engine::Rng chooser(3);
  for (int step = 0; step < 400 && !match.is_over(); ++step) {
    const auto& state = dynamic_cast<const wilderness_war::State&>(match.state());
    for (const char* seat : {"french", "british", "spectator"}) {
      const json view = match.view(seat);
      CHECK_FALSE(view.contains("draw_pile"));
      CHECK_FALSE(view.contains("rng"));
      for (const char* side : {"french", "british"}) CHECK_FALSE(view["players"][side].contains("hand"));
      for (auto side : wilderness_war::both_sides) {
        const std::string name(wilderness_war::side_names(side));
        if (name == seat) {
          std::vector<int> own;
          for (auto c : state.player(side).hand) own.push_back(c);
          CHECK(view["hand"] == json(own));
        }
      }
      if (std::string(seat) == "spectator") CHECK_FALSE(view.contains("hand"));
    }
    const auto role = match.active_roles().front();
    const auto actions = engine::list_actions(match.legal_actions(role));
    REQUIRE_FALSE(actions.empty());
    const auto& action = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
    REQUIRE_FALSE(match.play(role, action).has_value());
  }
}

}  // namespace random_games_test
