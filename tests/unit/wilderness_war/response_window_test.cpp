// Wilderness War's response windows and periods of play as the framework sees them
// (GameModule::response_window, periods; engine/core/response_window.hpp), played through the
// legality check (Match::play): the windows of cards.md section 2 and "Hidden hands" (a window
// opens, and looks the same, whether or not the hand holds the card), 6.7 interception, and the
// periods of 4.0 (seasons, Action Phases A.2) and 5.33-5.34, 6.0 (a unit or force acting).
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/responses.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace response_window_test {

using namespace warpath;
using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

struct SeenWindow {
  std::string kind;
  engine::Periods periods;
  json seat_window;  // the "window" member of the French seat part
};

// A British Regular steps along the lakeshore into the French (besieged) fort at Ticonderoga with
// a French unit next door: the French face Foul Weather (#14) before the move, Lake Schooner (#15)
// after the step, then interception (6.7). The French pass each one; what they were shown.
std::vector<SeenWindow> french_windows_in_british_move(const std::vector<int>& french_hand) {
  json j = hands(french_hand, {2});
  j["markers"]["ticonderoga"] = {{"fort", "french"}, {"siege", 1}};
  place(j, "br_reg_15th", "hudson_carry_north");
  place(j, "fr_reg_bearn", "crown_point");
  const auto module = make_wilderness_war();
  engine::Match match(*module, std::make_unique<State>(start_move(j, Side::british, {"br_reg_15th"})));
  std::vector<SeenWindow> seen;
  auto pass_window = [&] {
    const auto window = match.response_window("french");
    REQUIRE(window.has_value());
    CHECK_FALSE(match.response_window("british"));
    seen.push_back({window->kind, match.periods(), match.seat_view("french").at("window")});
    REQUIRE_FALSE(match.play("french", window->pass));
  };
  pass_window();  // Foul Weather
  CHECK_FALSE(match.response_window("french"));
  CHECK_FALSE(match.seat_view("french").contains("window"));
  REQUIRE_FALSE(match.play("british", {"space", "ticonderoga"}));
  pass_window();  // Lake Schooner
  pass_window();  // interception
  return seen;
}

}  // namespace

TEST_CASE("the windows of one enemy move share its move, whether or not the hand holds the cards (cards.md)") {
  const auto with_cards = french_windows_in_british_move({14, 15, 30});
  const auto without = french_windows_in_british_move({30});
  REQUIRE(with_cards.size() == 3);
  CHECK(with_cards[0].kind == window_kind::foul_weather);
  CHECK(with_cards[1].kind == window_kind::lake_schooner);
  CHECK(with_cards[2].kind == window_kind::interception);
  REQUIRE(without.size() == with_cards.size());
  for (std::size_t i = 0; i < with_cards.size(); ++i) {
    CAPTURE(i);
    CHECK(without[i].kind == with_cards[i].kind);
    CHECK(without[i].seat_window == with_cards[i].seat_window);  // the seat part shows nothing of the hand
    CHECK(with_cards[i].seat_window == json{{"kind", with_cards[i].kind},
                                            {"pass", {{"verb", "pass"}, {"arg", nullptr}}},
                                            {"scopes", {"move", "action_phase", "season"}}});
    // One British move: "pass for this move" given at the first window covers the others.
    CHECK(with_cards[i].periods == with_cards[0].periods);
  }
  CHECK_FALSE(with_cards[0].periods.move.empty());
  CHECK(with_cards[0].periods.season == "1757-early");
}

TEST_CASE("a standing order covers a window by its kind, or by the period it was given in") {
  const engine::ResponseWindow foul{"foul_weather", {"pass", nullptr}};
  const engine::ResponseWindow schooner{"lake_schooner", {"pass", nullptr}};
  const engine::Periods first{"ap3.m1", "ap3", "1757-early"};
  const engine::Periods next_move{"ap3.m2", "ap3", "1757-early"};
  const engine::Periods next_phase{"ap4.m0", "ap4", "1757-early"};
  const engine::Periods next_season{"ap9.m0", "ap9", "1757-late"};
  engine::StandingOrders orders;
  CHECK_FALSE(orders.covers(foul, first));
  orders.auto_pass.insert("foul_weather");
  CHECK(orders.covers(foul, next_season));
  CHECK_FALSE(orders.covers(schooner, first));
  orders.passing[engine::PassScope::move] = first.move;
  CHECK(orders.covers(schooner, first));
  CHECK_FALSE(orders.covers(schooner, next_move));
  orders.passing[engine::PassScope::action_phase] = first.action_phase;
  CHECK(orders.covers(schooner, next_move));
  CHECK_FALSE(orders.covers(schooner, next_phase));
  orders.passing[engine::PassScope::season] = first.season;
  CHECK(orders.covers(schooner, next_phase));
  CHECK_FALSE(orders.covers(schooner, next_season));
  CHECK(orders.drop_expired(next_phase));
  CHECK(orders.passing == std::map<engine::PassScope, std::string>{{engine::PassScope::season, "1757-early"}});
  CHECK_FALSE(orders.drop_expired(next_phase));
  CHECK(engine::pass_scope_named("action_phase") == engine::PassScope::action_phase);
  CHECK_FALSE(engine::pass_scope_named("turn"));
}

// Random games played through the legality check: every window's pass is listed and its kind is
// one the module names; a twin with every hidden card dealt anew shows the same windows and
// periods; periods nest (a new season begins a new Action Phase, which begins a new move) and a
// period once left never comes back.
TEST_CASE("windows and periods in random games follow what every seat sees, and periods nest") {
  const auto module = make_wilderness_war();
  const auto kinds = module->response_window_kinds();
  const std::set<std::string> known_kinds(kinds.begin(), kinds.end());
  std::map<std::string, int> windows_seen;
  for (std::uint64_t seed : {3, 4, 5}) {
    engine::Match match = engine::Match::start(*module, "annus_mirabilis", json::object(), seed);
    engine::Rng chooser(seed);
    engine::Rng redeal(seed + 100);
    std::set<std::string> left_moves, left_phases, left_seasons;
    engine::Periods before = match.periods();
    for (int step = 0; step < 3000 && !match.is_over(); ++step) {
      const engine::Periods now = match.periods();
      if (now.season != before.season) CHECK(now.action_phase != before.action_phase);
      if (now.action_phase != before.action_phase) CHECK(now.move != before.move);
      if (now.move != before.move) {
        left_moves.insert(before.move);
        CHECK(left_moves.count(now.move) == 0);
      }
      if (now.action_phase != before.action_phase) {
        left_phases.insert(before.action_phase);
        CHECK(left_phases.count(now.action_phase) == 0);
      }
      if (now.season != before.season) {
        left_seasons.insert(before.season);
        CHECK(left_seasons.count(now.season) == 0);
      }
      before = now;
      const auto twin = module->redeal_hidden(match.state(), engine::spectator_seat, redeal);
      CHECK(module->periods(*twin) == now);
      for (const char* role : {"french", "british"}) {
        const auto window = match.response_window(role);
        CHECK(module->response_window(*twin, role) == module->response_window(match.state(), role));
        if (!window) continue;
        ++windows_seen[window->kind];
        CHECK(known_kinds.count(window->kind) == 1);
        CHECK(match.listed_actions(role).contains(window->pass));
      }
      const std::string role = match.active_roles().front();
      const auto& listed = match.listed_actions(role);
      REQUIRE(listed.size() > 0);
      const auto action = listed[chooser.below(static_cast<std::uint32_t>(listed.size()))].to_action();
      REQUIRE_FALSE(match.play(role, action));
    }
  }
  // The windows of moves, battles and raids are reached by random play from the set-up.
  for (const auto* kind : {"foul_weather", "interception", "battle"}) CHECK_MESSAGE(windows_seen[kind] > 0, kind);
}

}  // namespace response_window_test
