// The combat panel of the view (turn.combat, view.cpp): a battle (7.5-7.8), a siege roll (8.23) and a
// raid (10.3), each played through the legality check, show their column and modifiers before the
// roll, and the dice, hits, leader checks and outcome after it; the record stays until the next one.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/wilderness_war/raid.hpp"
#include "engine/wilderness_war/siege.hpp"
#include "engine/wilderness_war/view.hpp"
#include "tests/unit/wilderness_war/position.hpp"
#include "tests/unit/wilderness_war/siege_test_helpers.hpp"

namespace battle_report_test {

using namespace siege_raid_test;
using nlohmann::json;

namespace {

json combat_of(const State& s) { return make_public_view(s)["turn"]["combat"]; }

// The reasons and values of a side's modifiers, "why:value".
std::vector<std::string> modifiers_of(const json& side) {
  std::vector<std::string> out;
  for (const auto& m : side["modifiers"]) out.push_back(m["why"].get<std::string>() + ":" + m["value"].dump());
  return out;
}

// Plays the active side's "pass", else "done", else its first listed piece, until `until` holds.
template <typename Until>
void play_on(State& s, Until until) {
  for (int guard = 0; guard < 40 && !until(s); ++guard) {
    const std::string role(side_names(s.active));
    const json actions = ww_test::listed_actions(s, role);
    if (actions.contains("pass"))
      ww_test::play_listed(s, role, "pass");
    else if (actions.contains("done"))
      ww_test::play_listed(s, role, "done");
    else if (actions.contains("piece"))
      ww_test::play_listed(s, role, "piece", actions["piece"][0]);
    else
      FAIL("nothing to play: ", actions.dump());
  }
  REQUIRE(until(s));
}

}  // namespace

TEST_CASE("the view shows a battle's columns and modifiers before the roll, dice, hits and outcome after") {
  json j = empty_position();
  put(j, "br_reg_15th", "oswego");
  put(j, "fr_montcalm", "onondaga");
  put(j, "fr_reg_bearn", "onondaga");
  put(j, "fr_ind_huron", "onondaga");
  State s = ww_test::start_move(j, Side::french, {"fr_montcalm", "fr_reg_bearn", "fr_ind_huron"}, "fr_montcalm");
  CHECK(combat_of(s).is_null());
  play_on(s, [](const State& t) { return t.move && t.move->stage == MoveStage::moving; });
  ww_test::play_listed(s, "french", "space", "oswego");
  play_on(s, [](const State& t) { return t.battle && t.battle->stage == BattleStage::roll; });

  // Before the roll: both sides, their strength, column and every modifier with its reason.
  json c = combat_of(s);
  REQUIRE(c.is_object());
  CHECK(c["kind"] == "battle");
  CHECK(c["space"] == "oswego");
  CHECK(c["rolled"] == false);
  REQUIRE(c["sides"].size() == 2);
  const json& fr = c["sides"][0];
  const json& br = c["sides"][1];
  CHECK(fr["side"] == "french");
  CHECK(fr["role"] == "attacker");
  CHECK(fr["strength"] == 4);
  CHECK(fr["column"] == "4-5");
  CHECK(modifiers_of(fr) == std::vector<std::string>{"Tactics of Montcalm:2"});
  CHECK(fr["drm"] == 2);
  CHECK(fr["die"].is_null());
  CHECK(br["side"] == "british");
  CHECK(br["pieces"] == json::array({"br_reg_15th"}));
  CHECK(br["column"] == "3");
  // 7.52: Oswego is wilderness, the French have Indians and the British none.
  CHECK(modifiers_of(br) ==
        std::vector<std::string>{"No Auxiliaries or Light Infantry, facing some in the wilderness:-1"});
  CHECK(br["drm"] == -1);

  // The roll: French 5 + 2 = 7 on 4-5 (3 hits), British 1 - 1 = 0 on 3 (no effect).
  rig_dice(s, {5, 1});
  ww_test::play_listed(s, "french", "roll");
  c = combat_of(s);
  CHECK(c["rolled"] == true);
  CHECK(c["sides"][0]["die"] == 5);
  CHECK(c["sides"][0]["modified"] == 7);
  CHECK(c["sides"][1]["die"] == 1);
  CHECK(c["sides"][1]["modified"] == 0);
  if (s.battle) {
    CHECK(c["sides"][0]["hits"] == s.battle->attacker_result);
    CHECK(c["sides"][1]["hits"] == s.battle->defender_result);
  }
  CHECK(c["sides"][0]["hits"] == 3);
  CHECK(c["sides"][1]["hits"] == 0);
  CHECK(State::from_json(s.to_json()) == s);

  // Play the battle out: the outcome stays in the view after the battle is over.
  play_on(s, [](const State& t) { return !t.battle; });
  c = combat_of(s);
  REQUIRE(c.is_object());
  CHECK(c["finished"] == true);
  CHECK(c["winner"] == "french");
  CHECK(c["sides"][1]["steps_lost"] == 2);  // the 15th has two steps: eliminated
  CHECK(c["sides"][0]["steps_lost"] == 0);
  CHECK(c["vp"] == 1);  // 7.81: a Regular lost the battle
  // 7.7: the French 5 is no 1 or 6, and the British 1 caused no loss: no leader check.
  CHECK(c["leader_checks"].empty());
  CHECK(State::from_json(s.to_json()) == s);
  CHECK(c.dump().find("hand") == std::string::npos);
}

TEST_CASE("the view shows a siege roll's modifiers before the roll and the new level after") {
  json j = empty_position();
  j["markers"]["schenectady"] = {{"fort", "french"}, {"siege", 0}};
  put(j, "br_amherst", "schenectady");
  put(j, "br_reg_15th", "schenectady");
  put(j, "fr_drucour", "schenectady", true);
  put(j, "fr_md_1", "schenectady", true);
  State s = State::from_json(j);
  const SpaceIndex at = space(s, "schenectady");
  activate(s, Side::british, {piece(s, "br_amherst"), piece(s, "br_reg_15th")}, piece(s, "br_amherst"));
  begin_siege_roll(s, at, piece(s, "br_amherst"));
  json c = combat_of(s);
  REQUIRE(c.is_object());
  CHECK(c["kind"] == "siege");
  CHECK(c["rolled"] == false);
  CHECK(c["sides"][0]["role"] == "besieger");
  CHECK(modifiers_of(c["sides"][0]) ==
        std::vector<std::string>{"Tactics of Amherst:1", "Tactics of Drucour, besieged:-1"});
  CHECK(c["sides"][0]["drm"] == 0);
  CHECK(c["sides"][1]["pieces"] == json::array({"fr_drucour", "fr_md_1"}));
  CHECK(c["siege"] == json{{"before", 0}, {"after", 0}});
  rig_dice(s, {3});
  ww_test::play_listed(s, "british", "roll");
  c = combat_of(s);
  CHECK(c["rolled"] == true);
  CHECK(c["finished"] == true);
  CHECK(c["sides"][0]["die"] == 3);
  CHECK(c["sides"][0]["modified"] == 3);
  CHECK(c["sides"][1]["die"].is_null());  // the besieged do not roll
  CHECK(c["siege"] == json{{"before", 0}, {"after", 1}});
  CHECK(State::from_json(s.to_json()) == s);
  // It stays after the siege is done.
  ww_test::play_listed(s, "british", "done");
  CHECK_FALSE(s.siege);
  CHECK(combat_of(s)["siege"] == json{{"before", 0}, {"after", 1}});
}

TEST_CASE("the view shows a raid's column and modifiers before the roll, the result and leader checks after") {
  json j = empty_position();
  put(j, "fr_ind_delaware_1", "reading");
  put(j, "fr_villiers", "reading");
  j["markers"]["reading"] = {{"stockade", "british"}};
  State s = State::from_json(j);
  activate(s, Side::french, {piece(s, "fr_ind_delaware_1")});
  begin_raids(s, {space(s, "reading")});
  json c = combat_of(s);
  REQUIRE(c.is_object());
  CHECK(c["kind"] == "raid");
  CHECK(c["rolled"] == false);
  CHECK(c["raid"]["column"] == "stockade");
  CHECK(modifiers_of(c["sides"][0]) == std::vector<std::string>{"Tactics of Villiers:1"});
  CHECK(c["sides"][0]["pieces"] == json::array({"fr_villiers", "fr_ind_delaware_1"}));
  // 6 + 1 = 7: success; a natural 6 against a stockade: Villiers checks (rolls 1: killed).
  rig_dice(s, {6, 1});
  ww_test::play_listed(s, "french", "roll");
  c = combat_of(s);
  CHECK(c["rolled"] == true);
  CHECK(c["sides"][0]["die"] == 6);
  CHECK(c["sides"][0]["modified"] == 7);
  CHECK(c["raid"]["success"] == true);
  CHECK(c["sides"][0]["hits"] == 0);
  REQUIRE(c["leader_checks"].size() == 1);
  CHECK(c["leader_checks"][0] == json{{"leader", "fr_villiers"}, {"side", "french"}, {"die", 1}, {"killed", true}});
  CHECK(State::from_json(s.to_json()) == s);
}

}  // namespace battle_report_test
