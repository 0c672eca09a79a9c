// The view's `confirm` for Wilderness War (engine/core/irreversible.hpp): the actions that roll
// dice or deal cards are listed, plain moves are not, and the list never depends on what the
// seat cannot see.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "engine/core/irreversible.hpp"
#include "engine/core/match.hpp"
#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/movement.hpp"
#include "engine/wilderness_war/setup.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace irreversible_test {

using namespace warpath::wilderness_war;
using namespace ww_test;
using warpath::engine::irreversible_actions;
using warpath::engine::Match;
using warpath::engine::Rng;

namespace {

json confirm_of(const warpath::engine::GameModule& module, const State& s, const std::string& seat) {
  return irreversible_actions(module, s, seat, module.legal_actions(s, seat));
}

}  // namespace

TEST_CASE("a battle's roll is to be confirmed, in the view of the side to roll only") {
  auto module = make_wilderness_war();
  json j = cleared_position();
  discard_response_cards(j);  // no response window before the roll
  place(j, "fr_reg_bearn", "oswego");
  place(j, "fr_reg_artois", "oswego");
  place(j, "br_reg_15th", "oswego");
  State s = load(j);
  s.active = Side::french;
  BattleState b;
  b.where = sp("oswego");
  b.attacker = Side::french;
  b.attacker_from = sp("onondaga");
  b.attackers = {pc("fr_reg_bearn"), pc("fr_reg_artois")};
  begin_battle(s, b);
  REQUIRE(s.step == Step::battle);
  const std::string seat(side_names(s.active));
  REQUIRE(module->legal_actions(s, seat).contains("roll"));
  CHECK(confirm_of(*module, s, seat)["roll"] == true);

  Match match(*module, std::make_unique<State>(s));
  CHECK(match.view(seat)["confirm"]["roll"] == true);
  CHECK_FALSE(match.view(seat == "french" ? "british" : "french").contains("confirm"));
  CHECK_FALSE(match.view("spectator").contains("confirm"));
}

TEST_CASE("the last play of a season, which deals the next hands, is to be confirmed; the card play is not") {
  auto module = make_wilderness_war();
  json j = cleared_position();
  set_hand(j, "french", {5});
  set_hand(j, "british", {7});
  State s = load(j);
  play_listed(s, "french", "pass");  // the French hold their last card (4.0 A.2)
  REQUIRE(s.active == Side::british);
  const json before = confirm_of(*module, s, "british");
  CHECK_FALSE(before.contains("activate"));
  play_listed(s, "british", "activate", 7);
  REQUIRE(module->legal_actions(s, "british").contains("done"));
  const json confirm = confirm_of(*module, s, "british");
  CHECK(confirm["done"] == true);
  // And it does deal: the Late Season begins with full hands.
  const auto season = s.season;
  play_listed(s, "british", "done");
  CHECK(s.season != season);
  CHECK(static_cast<int>(s.player(Side::british).hand.size()) == s.hand_size(Side::british));
}

TEST_CASE("a plain move on an empty map is not to be confirmed") {
  auto module = make_wilderness_war();
  json j = cleared_position();
  discard_response_cards(j);
  place(j, "fr_ind_shawnee_1", "allegheny_south");
  State s = load(j);
  s.active = Side::french;
  ActivationState a;
  for (const auto& c : s.data().cards)
    if (c.activation == 1) {
      a.card = c.number;
      break;
    }
  a.stage = ActivationStage::acting;
  a.activated = {pc("fr_ind_shawnee_1")};
  a.current = pc("fr_ind_shawnee_1");
  s.activation = a;
  s.step = Step::activation;
  begin_move(s, {pc("fr_ind_shawnee_1")}, -1);
  const json legal = module->legal_actions(s, "french");
  REQUIRE(legal.contains("space"));
  REQUIRE_FALSE(legal["space"].empty());
  const json confirm = confirm_of(*module, s, "french");
  CHECK_FALSE(confirm.contains("space"));
  Match match(*module, std::make_unique<State>(s));
  CHECK_FALSE(match.view("french").contains("confirm"));
}

// Whether an action rolls or draws must follow from what the seat sees: the same for every
// position the seat cannot tell apart (the other hand, the deck's order and the dice dealt anew),
// on positions of random games of every scenario.
TEST_CASE("confirm does not depend on what the seat cannot see") {
  auto module = make_wilderness_war();
  Rng rng(4242);
  int compared = 0, non_empty = 0;
  for (const char* scenario : {"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"}) {
    for (std::uint64_t seed : {3u, 8u}) {
      Match match = Match::start(*module, scenario, json::object(), seed);
      Rng chooser(seed * 97);
      for (int step = 0; step < 500 && !match.is_over(); ++step) {
        const std::string role = match.active_roles().front();
        if (step % 3 == 0) {
          const json legal = module->legal_actions(match.state(), role);
          const json confirm = irreversible_actions(*module, match.state(), role, legal);
          non_empty += !confirm.empty();
          for (int twin = 0; twin < 2; ++twin) {
            auto other = module->redeal_hidden(match.state(), role, rng);
            CAPTURE(scenario);
            CAPTURE(step);
            CHECK(irreversible_actions(*module, *other, role, legal) == confirm);
            ++compared;
          }
        }
        const auto actions = warpath::engine::list_actions(match.legal_actions(role));
        REQUIRE_FALSE(actions.empty());
        const auto& action = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
        REQUIRE_FALSE(match.play(role, action).has_value());
      }
    }
  }
  CHECK(compared > 1000);
  CHECK(non_empty > 100);
}

// The trials behind `confirm` leave out settling the map (GameModule::trial): what they find must
// be what the move itself does. Every listed action of positions of random games is prepared
// through the Match (the legality check, then the whole move on a copy): a move that rolls or
// reveals closes the undo window, and so does handing the turn over. So: a move that closes
// nothing is never to be confirmed, one that closes the window without handing the turn over
// rolled or revealed and is to be confirmed, and every action to be confirmed closes the window.
TEST_CASE("confirm's trials find what playing the action does") {
  auto module = make_wilderness_war();
  const auto in = [](const json& confirm, const warpath::engine::Action& action) {
    const auto it = confirm.find(action.verb);
    if (it == confirm.end()) return false;
    return it->is_array() ? std::find(it->begin(), it->end(), action.arg) != it->end() : *it == true;
  };
  int compared = 0, random = 0;
  for (const char* scenario : {"annus_mirabilis", "full_campaign"}) {
    Match match = Match::start(*module, scenario, json::object(), 11);
    Rng chooser(1711);
    for (int step = 0; step < 400 && !match.is_over(); ++step) {
      const std::string role = match.active_roles().front();
      const auto actions = warpath::engine::list_actions(match.legal_actions(role));
      REQUIRE_FALSE(actions.empty());
      if (step % 2 == 0) {
        const json confirm = match.view(role).value("confirm", json::object());
        for (const auto& action : actions) {
          if (action.verb == warpath::engine::undo_verb) continue;
          CAPTURE(scenario);
          CAPTURE(step);
          CAPTURE(action.verb);
          const auto prepared = match.prepare(role, action);
          const auto* move = std::get_if<warpath::engine::PreparedMove>(&prepared);
          if (!move) {  // refused by the rules: nothing to confirm either
            CHECK_FALSE(in(confirm, action));
            continue;
          }
          const bool handed_over = module->active_roles(*move->state) != match.active_roles();
          if (!move->barrier) CHECK_FALSE(in(confirm, action));
          if (move->barrier && !handed_over) {
            CHECK(in(confirm, action));
            ++random;
          }
          if (in(confirm, action)) CHECK(move->barrier);
          ++compared;
        }
      }
      const auto& action = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
      REQUIRE_FALSE(match.play(role, action).has_value());
    }
  }
  CHECK(compared > 2000);
  CHECK(random >= 40);  // moves that rolled or revealed without handing the turn over
}

// The cost of `confirm` per view, for docs/PERFORMANCE.md: run with
//   ww_unit_tests --no-skip -tc="*cost of confirm*"
TEST_CASE("the cost of confirm on Full Campaign positions" * doctest::skip()) {
  auto module = make_wilderness_war();
  using clock = std::chrono::steady_clock;
  std::vector<double> confirm_us, view_us;
  std::size_t actions_total = 0;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Match match = Match::start(*module, "full_campaign", json::object(), seed);
    Rng chooser(seed);
    for (int step = 0; step < 3000 && !match.is_over(); ++step) {
      const std::string role = match.active_roles().front();
      const auto t0 = clock::now();
      const json view = module->view(match.state(), role);
      const auto t1 = clock::now();
      const json confirm = irreversible_actions(*module, match.state(), role, view["actions"]);
      const auto t2 = clock::now();
      view_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      confirm_us.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count());
      actions_total += warpath::engine::list_actions(view["actions"]).size();
      const auto actions = warpath::engine::list_actions(match.legal_actions(role));
      const auto& action = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
      REQUIRE_FALSE(match.play(role, action).has_value());
    }
  }
  auto summary = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    return json{{"mean", sum / static_cast<double>(v.size())},
                {"p50", v[v.size() / 2]},
                {"p99", v[v.size() * 99 / 100]},
                {"max", v.back()}};
  };
  MESSAGE("positions: " << confirm_us.size() << ", legal actions per position (mean): "
                        << static_cast<double>(actions_total) / static_cast<double>(confirm_us.size()));
  MESSAGE("confirm µs: " << summary(confirm_us).dump());
  MESSAGE("view µs (without confirm): " << summary(view_us).dump());
}

// GameModule::certainly_reversible lets `confirm` skip trials: it must never be said of an action
// whose trial rolls or draws. Every listed action of positions of random games of every scenario
// (each position of a game up to its 1,500th move) is tried regardless, and one the module calls
// certain must report neither.
TEST_CASE("an action Wilderness War calls certainly reversible never rolls or reveals") {
  auto module = make_wilderness_war();
  std::map<std::string, int> certain_by_step;
  int certain = 0, tried = 0;
  for (const char* scenario : {"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"}) {
    for (std::uint64_t seed : {5u, 6u, 7u}) {
      Match match = Match::start(*module, scenario, json::object(), seed);
      Rng chooser(seed * 131);
      for (int step = 0; step < 1500 && !match.is_over(); ++step) {
        const std::string role = match.active_roles().front();
        const auto& state = dynamic_cast<const State&>(match.state());
        const auto actions = warpath::engine::list_actions(match.legal_actions(role));
        REQUIRE_FALSE(actions.empty());
        for (const auto& action : actions) {
          if (action.verb == warpath::engine::undo_verb) continue;
          ++tried;
          if (!module->certainly_reversible(state, role, action.verb)) continue;
          ++certain;
          ++certain_by_step[std::string(step_names(state.step))];
          auto scratch = state.clone();
          warpath::engine::ApplyReport report;
          try {
            report = module->trial(*scratch, role, action);
          } catch (const warpath::engine::ActionRejected&) {
            continue;  // refused: not to be confirmed either way
          }
          CAPTURE(scenario);
          CAPTURE(step);
          CAPTURE(action.verb);
          CAPTURE(action.arg.dump());
          CHECK_FALSE(report.used_randomness);
          CHECK_FALSE(report.revealed_hidden);
        }
        const auto& action = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
        REQUIRE_FALSE(match.play(role, action).has_value());
      }
    }
  }
  MESSAGE("listed actions: " << tried << ", certainly reversible: " << certain);
  CHECK(certain * 2 > tried);  // most trials are skipped
  for (const char* step : {"action_phase", "activation", "construction", "movement"}) {
    CAPTURE(step);
    CHECK(certain_by_step[step] > 0);
  }
}

}  // namespace irreversible_test
