// Response cards in their windows: battles (7.4, #8-#10), raids (10.3, #13); cards.md "Hidden hands".
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/raid.hpp"
#include "engine/wilderness_war/setup.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_responses_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

// Hands as given, every other card in the draw pile; the French Regulars attack the British
// Regulars at Oswego.
State battle_with_hands(const json& french, const json& british, bool assault = false, bool fieldworks = false) {
  json j = cleared_position();
  set_hand(j, "french", french.get<std::vector<int>>());
  set_hand(j, "british", british.get<std::vector<int>>());
  place(j, "br_reg_15th", "oswego", false, assault);
  place(j, "fr_reg_bearn", "oswego");
  place(j, "fr_montcalm", "oswego");
  if (assault) j["markers"]["oswego"] = {{"fort", "british"}, {"siege", 1}};
  if (fieldworks) j["markers"]["oswego"] = {{"fieldworks", true}};
  State s = load(j);
  if (assault) {
    begin_assault(s, sp("oswego"), Side::french, pc("fr_montcalm"));
  } else {
    BattleState b;
    b.where = sp("oswego");
    b.attacker = Side::french;
    b.attacker_from = sp("onondaga");
    b.attackers = {pc("fr_reg_bearn"), pc("fr_montcalm")};
    b.attacker_commander = pc("fr_montcalm");
    begin_battle(s, b);
  }
  return s;
}

json listed(const State& s) {
  ActionList out;
  list_battle_actions(s, out);
  return out.release();
}

// Through the framework's legality check: only a listed action is played.
void act(State& s, const std::string& verb, json arg = nullptr) {
  ww_test::play_listed_by_lister(s, verb, std::move(arg));
}

}  // namespace

TEST_CASE("7.4 hidden hands: the window opens for a player holding any card, whether or not he holds the response") {
  // The French attacker could only remove fieldworks, and there are none: his window stays shut.
  State with = battle_with_hands({1}, {9, 2});
  State without = battle_with_hands({1}, {2, 3});
  REQUIRE(with.battle->stage == BattleStage::responses);
  REQUIRE(without.battle->stage == BattleStage::responses);
  CHECK(with.active == Side::british);
  CHECK(without.active == Side::british);
  CHECK(listed(without) == json{{"pass", true}});
  CHECK(listed(with) == json{{"play", {9}}, {"pass", true}});
}

TEST_CASE("#9 Fieldworks: the defender digs them after the attacker's window; the CRT shifts one column left") {
  State s = battle_with_hands({1}, {9, 2});
  REQUIRE(s.active == Side::british);
  CHECK(lists(listed(s), "play", "9"));
  act(s, "play", 9);
  CHECK(s.space(sp("oswego")).fieldworks);
  CHECK(std::find(s.discard.begin(), s.discard.end(), 9) != s.discard.end());
  CHECK(s.rule_events["response_9"] == 1);
  act(s, "pass");
  CHECK(s.battle->stage == BattleStage::roll);
}

TEST_CASE("#10 Fieldworks: an attacker with Drilled Troops removes a marker; none to remove, nothing to play") {
  State s = battle_with_hands({10, 1}, {2});
  CHECK_FALSE(lists(listed(s), "play", "10"));
  State t = battle_with_hands({10, 1}, {2}, false, true);
  CHECK(lists(listed(t), "play", "10"));
  act(t, "play", 10);
  CHECK_FALSE(t.space(sp("oswego")).fieldworks);
}

TEST_CASE("7.4: no window for a player who holds no card") {
  State s = battle_with_hands({1}, json::array(), false, true);
  REQUIRE(s.active == Side::french);  // fieldworks to clear: the attacker's window
  act(s, "pass");
  CHECK(s.battle->stage == BattleStage::roll);  // the British hold nothing: no window
}

TEST_CASE("#8 Coehorns & Howitzers in an assault: +2 to the player's die; not in a field battle") {
  State battle = battle_with_hands({8, 1}, {2});
  CHECK_FALSE(lists(listed(battle), "play", "8"));
  State s = battle_with_hands({8, 1}, {2}, true);
  REQUIRE(s.battle->stage == BattleStage::responses);
  CHECK(lists(listed(s), "play", "8"));
  act(s, "play", 8);
  CHECK(s.battle->coehorns == Side::french);
  act(s, "pass");
  // No British window: Coehorns is spent and Fieldworks are not used in assaults.
  REQUIRE(s.battle);
  REQUIRE(s.battle->stage == BattleStage::roll);
  act(s, "roll");
  // Montcalm's tactics 2 (9.13) and Coehorns: the French roll shows +4.
  const auto roll_line = std::find_if(s.log.begin(), s.log.end(), [](const LogLine& l) { return l.verb == "roll"; });
  REQUIRE(roll_line != s.log.end());
  CHECK(roll_line->text.find("+4 on column") != std::string::npos);
}

TEST_CASE("#13 Blockhouses: the raided player's window before the roll; the Stockade column until year end") {
  json j = cleared_position();
  set_hand(j, "french", {1});
  set_hand(j, "british", {13, 2});
  place(j, "fr_ind_delaware_1", "easton");  // an empty enemy cultivated space
  State s = load(j);                        // the French to act
  begin_raids(s, {sp("easton")});
  REQUIRE(s.step == Step::raid);
  REQUIRE(s.raid->stage == RaidStage::blockhouses);
  CHECK(s.active == Side::british);
  auto module = make_wilderness_war();
  CHECK(lists(module->legal_actions(s, "british"), "play", "13"));
  play_listed(s, "british", "play", 13);
  CHECK(s.player(Side::british).blockhouses);
  CHECK(s.raid->stockade_column);
  CHECK(s.active == Side::french);
  CHECK(module->legal_actions(s, "french") == json{{"roll", true}});
}

TEST_CASE("#13 Blockhouses: no window once the card is discarded") {
  json j = cleared_position();
  set_hand(j, "french", {1});
  set_hand(j, "british", {2});
  place(j, "fr_ind_delaware_1", "easton");
  discard_response_cards(j);
  State s = load(j);
  begin_raids(s, {sp("easton")});
  REQUIRE(s.step == Step::raid);
  CHECK(s.raid->stage == RaidStage::roll);
  CHECK_FALSE(s.raid->stockade_column);
}

TEST_CASE("#9-#10 Fieldworks go when an attacker wins a battle in their space, and stay when he loses") {
  // Béarn attacks a reduced Provincial dug in at Venango: the fieldworks shift him one column left,
  // but a 6 against a 1 wins the battle, and the marker goes with it (cards.md #9-#10).
  for (const bool attacker_wins : {true, false}) {
    CAPTURE(attacker_wins);
    json j = position_to_play("french", {activation_card(1), 60});
    discard_response_cards(j);
    place(j, "fr_reg_bearn", "kittaning", !attacker_wins);
    place(j, "br_prov_pennsylvania_1", "venango");
    if (attacker_wins) j["pieces"]["br_prov_pennsylvania_1"]["reduced"] = true;
    j["markers"]["venango"] = {{"fieldworks", true}};
    State s = load(j);
    play_listed(s, "french", "activate", activation_card(1));
    play_listed(s, "french", "individual", "fr_reg_bearn");
    play_listed(s, "french", "done");
    play_listed(s, "french", "space", "venango");
    while (s.step == Step::movement) play_listed(s, "british", "pass");  // no avoiding
    REQUIRE(s.step == Step::battle);
    set_dice(s, attacker_wins ? std::vector<int>{6, 1} : std::vector<int>{1, 6});
    play_listed(s, "french", "roll");
    while (s.step == Step::battle) {
      const char* role = s.active == Side::french ? "french" : "british";
      const json actions = listed_actions(s, role);
      if (actions.contains("piece"))
        play_listed(s, role, "piece", actions["piece"].front());
      else
        play_listed(s, role, "space", actions.at("space").front());
    }
    CHECK(s.space(sp("venango")).fieldworks == !attacker_wins);
  }
}

}  // namespace events_responses_test
