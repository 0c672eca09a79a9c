// The module as the framework sees it: info, set-up, the first decision, and nothing more yet.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/core/match.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/state.hpp"

namespace module_test {

using namespace warpath::engine;
using nlohmann::json;
using warpath::wilderness_war::make_wilderness_war;

TEST_CASE("info: title, roles, the four scenarios and the options") {
  auto module = make_wilderness_war();
  const auto& info = module->info();
  CHECK(info.title_id == "wilderness-war");
  CHECK(info.display_name == "Wilderness War");
  CHECK(info.roles == std::vector<std::string>{"french", "british"});
  std::vector<std::pair<std::string, std::string>> scenarios;
  for (const auto& s : info.scenarios) scenarios.emplace_back(s.id, s.name);
  CHECK(scenarios == std::vector<std::pair<std::string, std::string>>{{"annus_mirabilis", "Annus Mirabilis"},
                                                                      {"early_war_campaign", "Early War Campaign"},
                                                                      {"late_war_campaign", "Late War Campaign"},
                                                                      {"full_campaign", "The Full Campaign"}});
  REQUIRE(info.options.size() == 7);
  CHECK(info.options[0].id == "bid");
  CHECK(info.options[0].default_value.is_null());
  for (std::size_t i = 1; i < info.options.size(); ++i) {  // 14.1 to 14.6, all off by default
    CHECK(info.options[i].id == "optional_14_" + std::to_string(i));
    CHECK(info.options[i].default_value == false);
  }
  CHECK(info.to_json()["title"] == "wilderness-war");
}

TEST_CASE("setup validates scenario and options") {
  auto module = make_wilderness_war();
  CHECK_THROWS_AS(module->setup("nowhere", json::object(), 1), SetupError);
  CHECK_THROWS_AS(module->setup("annus_mirabilis", {{"optional_14_7", true}}, 1), SetupError);
  CHECK_THROWS_AS(module->setup("annus_mirabilis", {{"optional_14_3", 1}}, 1), SetupError);
  CHECK_THROWS_AS(module->setup("annus_mirabilis", {{"bid", {{"side", "french"}}}}, 1), SetupError);
  CHECK_THROWS_AS(module->setup("annus_mirabilis", json::array(), 1), SetupError);
  CHECK_NOTHROW(module->setup("annus_mirabilis", nullptr, 1));
  CHECK_NOTHROW(
      module->setup("annus_mirabilis", {{"bid", {{"side", "french"}, {"vp", 2}}}, {"optional_14_2", true}}, 1));
}

TEST_CASE("the game starts with the French choosing a card for their first Action Phase (4.0 A.2)") {
  auto module = make_wilderness_war();
  for (const char* scenario : {"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"}) {
    CAPTURE(scenario);
    Match match = Match::start(*module, scenario, json::object(), 8);
    CHECK(match.active_roles() == std::vector<std::string>{"french"});
    CHECK_FALSE(match.is_over());
    const json french = match.legal_actions("french");
    const json state = match.state().to_json();
    CHECK(french["activate"] == state["players"]["french"]["hand"]);  // 5.31: any card activates
    CHECK_FALSE(french.contains("pass"));                             // 4.0 A.2: only with one card left
    // 5.46: the French may demolish their own forts and stockades during their Action Phase.
    const auto& demolish = french["demolish"];
    CHECK(std::find(demolish.begin(), demolish.end(), "niagara") != demolish.end());
    CHECK(std::find(demolish.begin(), demolish.end(), "cataraqui") != demolish.end());
    CHECK(std::find(demolish.begin(), demolish.end(), "albany") == demolish.end());
    CHECK(match.legal_actions("british").empty());
    CHECK(match.legal_actions("spectator").empty());
    CHECK(match.view("french")["prompt"] ==
          "French Action Phase: play a card to activate, to build stockades or forts, or for its event.");
    CHECK(match.view("british")["prompt"].get<std::string>().starts_with("Waiting for the French: "));
  }
}

TEST_CASE("refused actions change nothing; a card played to activate leaves the hand (5.26)") {
  auto module = make_wilderness_war();
  Match match = Match::start(*module, "annus_mirabilis", json::object(), 8);
  const json before = match.state().to_json();
  const int card = match.legal_actions("french")["activate"][0];
  CHECK(match.play("british", {"activate", card})->code == ErrorCode::not_your_turn);
  CHECK(match.play("french", {"activate", 99})->code == ErrorCode::illegal_action);
  // #10 Fieldworks is a response event, played in a battle, not for an Action Phase card play (5.56).
  CHECK(match.play("french", {"event", card})->code == ErrorCode::illegal_action);
  CHECK(match.state().to_json() == before);
  CHECK(match.version() == 0);
  CHECK_THROWS_AS(module->apply(*match.state().clone(), "british", {"activate", card}), ActionRejected);
  REQUIRE_FALSE(match.play("french", {"activate", card}).has_value());
  const json after = match.state().to_json();
  const auto& hand = after["players"]["french"]["hand"];
  CHECK(std::find(hand.begin(), hand.end(), card) == hand.end());
  CHECK(after["discard"].back() == card);
  CHECK(after["turn"]["step"] == "activation");
  CHECK(match.legal_actions("french").contains("commander"));
}

TEST_CASE("the one-card pass is offered when it is allowed (4.0 A.2)") {
  auto module = make_wilderness_war();
  auto state = module->setup("annus_mirabilis", json::object(), 2);
  json j = state->to_json();
  // Move all French cards but one to the discard pile.
  auto& hand = j["players"]["french"]["hand"];
  for (std::size_t i = 1; i < hand.size(); ++i) j["discard"].push_back(hand[i]);
  hand = json::array({hand[0]});
  auto one_card = module->load(j);
  CHECK(module->legal_actions(*one_card, "french")["pass"] == true);
  j["players"]["french"]["card_held"] = true;  // must play all cards this season
  CHECK_FALSE(module->legal_actions(*module->load(j), "french").contains("pass"));
}

TEST_CASE("a finished game has a result and no active role") {
  auto module = make_wilderness_war();
  json j = module->setup("full_campaign", json::object(), 2)->to_json();
  j["phase"] = "game_over";
  j["turn"]["step"] = "game_over";
  j["vp"] = -5;
  j["outcome"] = {{"winner", "british"}, {"reason", "5 British VP at the end of 1762 (13.13)"}};
  auto over = module->load(j);
  CHECK(module->active_roles(*over).empty());
  REQUIRE(module->result(*over).has_value());
  CHECK(module->result(*over)->winner == "british");
  CHECK(module->result(*over)->score == json{{"vp", -5}});
  CHECK(module->view(*over, "french")["active"].is_null());
  CHECK(module->view(*over, "french")["result"]["winner"] == "british");
  CHECK(module->legal_actions(*over, "british").empty());
}

TEST_CASE("rule events are reported for playouts") {
  auto module = make_wilderness_war();
  auto state = module->setup("full_campaign", json::object(), 2);
  CHECK(module->rule_events(*state) == json{{"deals", 1}});
}

}  // namespace module_test
