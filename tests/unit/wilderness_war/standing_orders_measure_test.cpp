// The measurement behind README's "Standing orders": in random Wilderness War games, the
// decisions a side faces per opponent's move (one opponent Action Phase, 4.0 A.2, with the
// moves, battles, sieges and raids of its card play) and the hand-overs to that side it causes
// (each a day by mail), without standing orders and with every kind of response window on
// auto-pass (engine/core/response_window.hpp, the windows of responses.hpp). Orders are applied
// as the server applies them: the window's pass, played through the legality check.
#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/core/playout.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/responses.hpp"
#include "engine/wilderness_war/state.hpp"

namespace standing_orders_measure_test {

using namespace warpath;
using namespace warpath::wilderness_war;
using nlohmann::json;

namespace {

#ifndef WW_ORDER_GAMES
#define WW_ORDER_GAMES 200
#endif

struct Tally {
  int games = 0;
  int opponent_moves = 0;                  // Action Phases: each is an opponent's move for the other side
  int decisions = 0;                       // made by the side whose Action Phase it is not
  int handovers = 0;                       // times the decision passed to that side within the Action Phase
  int windows_decided = 0;                 // of those decisions, response windows the side answered itself
  std::map<std::string, int> auto_passed;  // windows declined by the orders, by kind
  std::map<std::string, int> opened;       // window_<kind> rule events: card windows the rules opened

  double per_move(int count) const { return opponent_moves ? static_cast<double>(count) / opponent_moves : 0; }
  int auto_passed_total() const {
    int n = 0;
    for (const auto& [kind, count] : auto_passed) n += count;
    return n;
  }
};

const char* const scenarios[] = {"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"};

Tally play_games(bool with_orders) {
  const auto module = make_wilderness_war();
  engine::StandingOrders all_kinds;
  for (const auto& kind : module->response_window_kinds()) all_kinds.auto_pass.insert(kind);
  Tally tally;
  std::vector<double> weights;
  for (int game = 0; game < WW_ORDER_GAMES; ++game) {
    const auto seed = static_cast<std::uint64_t>(9000 + game);
    engine::Match match = engine::Match::start(*module, scenarios[game % 4], json::object(), seed);
    engine::Rng chooser(seed);
    std::string phase, phasing, last_decider;
    for (int step = 0; step < 30000 && !match.is_over(); ++step) {
      const auto& s = dynamic_cast<const State&>(match.state());
      const std::string role = match.active_roles().front();
      const engine::Periods now = match.periods();
      const bool in_action_phase = s.phase == Phase::action_phases && s.step != Step::card_exchange;
      if (in_action_phase && now.action_phase != phase) {  // its first decision is the card play
        phase = now.action_phase;
        phasing = role;
        last_decider = role;
        ++tally.opponent_moves;
      }
      const bool opponents_move = in_action_phase && role != phasing;
      const auto window = match.response_window(role);
      if (with_orders && window && all_kinds.covers(*window, now)) {
        REQUIRE_FALSE(match.play(role, window->pass));  // a real window: its pass is listed
        ++tally.auto_passed[window->kind];
        continue;
      }
      if (opponents_move) {
        ++tally.decisions;
        if (window) ++tally.windows_decided;
        if (last_decider != role) ++tally.handovers;
      }
      last_decider = role;
      const auto action = engine::pick_action(*module, match, role, match.listed_actions(role), 0.0, weights, chooser);
      REQUIRE_FALSE(match.play(role, action));
    }
    ++tally.games;
    const json events = module->rule_events(match.state());
    for (const auto& [name, count] : events.items())
      if (name.starts_with("window_")) tally.opened[name.substr(7)] += count.get<int>();
  }
  return tally;
}

}  // namespace

TEST_CASE("standing orders cut the decisions a side faces per opponent's move, declining real windows only") {
  const Tally without = play_games(false);
  const Tally with = play_games(true);
  std::printf(
      "standing orders, %d random games each (4 scenarios), per opponent's move (Action Phase):\n"
      "  without orders: %.2f decisions (%.2f of them response windows), %.2f hand-overs\n"
      "  all windows on auto-pass: %.2f decisions, %.2f hand-overs, %.2f windows auto-passed\n",
      without.games, without.per_move(without.decisions), without.per_move(without.windows_decided),
      without.per_move(without.handovers), with.per_move(with.decisions), with.per_move(with.handovers),
      with.per_move(with.auto_passed_total()));
  for (const auto& [kind, count] : with.auto_passed) std::printf("    %s: %d auto-passed\n", kind.c_str(), count);
  REQUIRE(without.opponent_moves > 0);
  REQUIRE(with.opponent_moves > 0);
  CHECK(without.windows_decided > 0);
  CHECK(with.windows_decided == 0);  // every window was declined by the orders
  CHECK(with.auto_passed_total() > 0);
  CHECK(with.per_move(with.decisions) < without.per_move(without.decisions));
  CHECK(with.per_move(with.handovers) < without.per_move(without.handovers));
  // With every kind on auto-pass, each card window the rules opened (counted where it opens,
  // responses.hpp) was declined, and nothing else under its name: the windows the module names are
  // the real ones.
  const auto count = [](const std::map<std::string, int>& counts, const std::string& name) {
    const auto it = counts.find(name);
    return it == counts.end() ? 0 : it->second;
  };
  for (const auto kind :
       {window_kind::foul_weather, window_kind::lake_schooner, window_kind::battle, window_kind::siege_coehorns,
        window_kind::surrender, window_kind::massacre, window_kind::raid}) {
    const std::string name(kind);
    CAPTURE(name);
    CHECK(count(with.auto_passed, name) == count(with.opened, name));
  }
}

}  // namespace standing_orders_measure_test
