// #11-#12 Ambush! in the battle window (7.4) and its effect (7.56): cards.md #11-#12.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/setup.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_ambush_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

struct Battle {
  std::vector<std::string> french;  // the attackers, unless british_attack
  std::vector<std::string> british;
  std::vector<int> french_hand = {1};
  std::vector<int> british_hand = {2};
  std::string where = "oswego";
  json markers = nullptr;
  bool british_inside = false;  // an assault on a British fort
  bool british_attack = false;
  std::vector<int> discarded;
};

// The attackers come from Onondaga (or the French assault the British fort); every card not in a
// hand or `discarded` is in the draw pile.
State start(const Battle& battle) {
  json j = cleared_position();
  set_hand(j, "french", battle.french_hand);
  set_hand(j, "british", battle.british_hand);
  for (int card : battle.discarded) {
    std::vector<int> pile = j["draw_pile"].get<std::vector<int>>();
    std::erase(pile, card);
    j["draw_pile"] = pile;
    j["discard"].push_back(card);
  }
  for (const auto& id : battle.british) place(j, id, battle.where, false, battle.british_inside);
  for (const auto& id : battle.french) place(j, id, battle.where);
  if (!battle.markers.is_null()) j["markers"][battle.where] = battle.markers;
  State s = load(j);
  if (battle.british_inside) {
    begin_assault(s, sp(battle.where), Side::french, -1);
    return s;
  }
  BattleState b;
  b.where = sp(battle.where);
  b.attacker = battle.british_attack ? Side::british : Side::french;
  b.attacker_from = sp("onondaga");
  for (const auto& id : battle.british_attack ? battle.british : battle.french) b.attackers.push_back(pc(id));
  s.active = b.attacker;
  begin_battle(s, b);
  return s;
}

json actions(const State& s) {
  auto module = make_wilderness_war();
  return module->legal_actions(s, std::string(side_names(s.active)));
}

void act(State& s, const std::string& verb, json arg = nullptr) {
  play_listed(s, std::string(side_names(s.active)), verb, arg);
}

bool ambush_listed(const State& s) { return lists(actions(s), "play", "11") || lists(actions(s), "play", "12"); }

bool logged(const State& s, const std::string& verb) {
  return std::any_of(s.log.begin(), s.log.end(), [&](const LogLine& l) { return l.verb == verb; });
}

// French Indians and Coureurs with one Regular (strength 6) ambush two British Regulars with
// Johnson (strength 6) at Oswego, a wilderness space.
Battle french_ambush() {
  Battle b;
  b.french = {"fr_ind_huron", "fr_ind_ottawa", "fr_coureurs_langlade", "fr_reg_bearn"};
  b.british = {"br_reg_15th", "br_reg_17th", "br_johnson"};
  b.french_hand = {11, 1};
  return b;
}

// Plays the French Ambush! and passes both windows up to the roll.
State ambushed_by_the_french() {
  State s = start(french_ambush());
  REQUIRE(s.battle->stage == BattleStage::responses);
  REQUIRE(s.active == Side::french);
  act(s, "play", 11);
  CHECK(s.battle->ambush == Side::french);
  CHECK(s.rule_events["response_11"] == 1);
  CHECK_FALSE(ambush_listed(s));  // one is enough
  act(s, "pass");
  REQUIRE(s.active == Side::british);  // Fieldworks could still be dug: the defender's window
  CHECK_FALSE(ambush_listed(s));
  act(s, "pass");
  REQUIRE(s.battle->stage == BattleStage::roll);
  return s;
}

}  // namespace

TEST_CASE(
    "#11 Ambush! by the attacker: doubled strength, fire first; the victim fires back with its survivors (7.56)") {
  State s = ambushed_by_the_french();
  set_dice(s, {3, 5});
  act(s, "roll");
  auto& b = *s.battle;
  // French strength 6 doubled: column 9-12 (6) instead of 6-8 (5); 3 on it: 2 hits.
  CHECK(b.attacker_column == 6);
  CHECK(b.attacker_die == 3);
  CHECK(b.attacker_result == 2);
  // The British have not fired yet: they take their losses first, and choose them (7.63).
  CHECK(b.defender_die == 0);
  REQUIRE(b.stage == BattleStage::losses);
  REQUIRE(b.losing_side == Side::british);
  CHECK(s.active == Side::british);
  CHECK(args_of(actions(s), "piece") == std::vector<std::string>{"br_reg_15th", "br_reg_17th"});
  act(s, "piece", "br_reg_15th");
  // Both regulars reduced, strength 4: column 4-5 (4), Johnson +1, -1 for no auxiliaries (7.52);
  // 5 on it: 2 hits, which the French assign now.
  REQUIRE(s.battle);
  CHECK(s.battle->defender_column == 4);
  CHECK(s.battle->defender_drm == 0);
  CHECK(s.battle->defender_die == 5);
  CHECK(s.battle->defender_result == 2);
  CHECK(s.rule_events["leader_loss_rolls"] == 0);  // a natural 3: no leader check (7.7)
  REQUIRE(s.battle->stage == BattleStage::losses);
  CHECK(s.battle->losing_side == Side::french);
  CHECK(s.active == Side::french);
}

TEST_CASE("#11 Ambush!: the victim's leaders are checked before it fires; a wiped-out victim does not fire") {
  State s = ambushed_by_the_french();
  set_dice(s, {6, 1});  // 6 on column 9-12: 4 hits, both regulars gone; Johnson's check: 1, killed
  act(s, "roll");
  CHECK(s.rule_events["leader_loss_rolls"] == 1);
  CHECK(s.piece(pc("br_johnson")).location.kind == LocationKind::removed);
  CHECK(logged(s, "no_fire"));
  CHECK(std::count_if(s.log.begin(), s.log.end(), [](const LogLine& l) { return l.verb == "roll"; }) == 1);
  CHECK(s.rule_events["step_losses"] == 4);  // all British, none French
  // 7.82: an overrun is still possible after an Ambush!.
  CHECK_FALSE(s.battle);
  CHECK(s.rule_events["overruns"] == 1);
  const auto won = std::find_if(s.log.begin(), s.log.end(), [](const LogLine& l) { return l.verb == "battle_won"; });
  REQUIRE(won != s.log.end());
  CHECK(won->text.find("French win") != std::string::npos);
}

TEST_CASE("#12 Ambush! by the defender: the British fire first, the French take their losses before firing") {
  Battle battle;
  battle.french = {"fr_reg_bearn", "fr_reg_artois"};                    // strength 6, no auxiliaries
  battle.british = {"br_ranger_rogers", "br_reg_15th", "br_reg_17th"};  // strength 8
  battle.british_hand = {12, 2};
  State s = start(battle);
  // No French window: they have no auxiliaries and there are no fieldworks to clear.
  REQUIRE(s.battle->stage == BattleStage::responses);
  REQUIRE(s.active == Side::british);
  CHECK(lists(actions(s), "play", "12"));
  act(s, "play", 12);
  CHECK(s.battle->ambush == Side::british);
  act(s, "pass");
  REQUIRE(s.battle->stage == BattleStage::roll);
  set_dice(s, {1, 6});
  act(s, "roll");
  auto& b = *s.battle;
  // British strength 8 doubled: column 13-16 (7), 1 on it: 2 hits; the French have not fired.
  CHECK(b.defender_column == 7);
  CHECK(b.defender_result == 2);
  CHECK(b.attacker_die == 0);
  REQUIRE(b.stage == BattleStage::losses);
  REQUIRE(b.losing_side == Side::french);
  act(s, "piece", "fr_reg_bearn");
  // French survivors: two reduced regulars, strength 4, column 4-5; 6-1 (7.52) on it: 2 hits.
  REQUIRE(s.battle);
  CHECK(s.battle->attacker_column == 4);
  CHECK(s.battle->attacker_drm == -1);
  CHECK(s.battle->attacker_die == 6);
  CHECK(s.battle->attacker_result == 2);
  REQUIRE(s.battle->stage == BattleStage::losses);
  CHECK(s.battle->losing_side == Side::british);
}

TEST_CASE("#11 and #12 Ambush! both played: they cancel out and fire is simultaneous (cards.md #11-#12)") {
  Battle battle;
  battle.french = {"fr_ind_huron", "fr_ind_ottawa", "fr_reg_bearn"};
  battle.british = {"br_ind_mohawk_1", "br_ind_mohawk_2", "br_reg_15th"};  // as many auxiliaries: both may ambush
  battle.french_hand = {11, 1};
  battle.british_hand = {12, 2};
  State s = start(battle);
  act(s, "play", 11);
  act(s, "pass");
  REQUIRE(s.active == Side::british);
  CHECK(lists(actions(s), "play", "12"));
  act(s, "play", 12);
  CHECK_FALSE(s.battle->ambush);
  CHECK(s.battle->ambushes_cancelled);
  act(s, "pass");
  REQUIRE(s.battle->stage == BattleStage::roll);
  set_dice(s, {4, 4});
  act(s, "roll");
  REQUIRE(s.battle);
  // Both dice at once, strengths 5 undoubled: column 4-5 each; 2 hits each, the attacker's first.
  CHECK(s.battle->attacker_die == 4);
  CHECK(s.battle->defender_die == 4);
  CHECK(s.battle->attacker_column == 4);
  CHECK(s.battle->defender_column == 4);
  CHECK(s.battle->stage == BattleStage::losses);
  CHECK(s.battle->losing_side == Side::french);
}

TEST_CASE("#11 Ambush!: the window opens for a player who does not hold it, and lists only pass (hidden hands)") {
  Battle battle = french_ambush();
  battle.french_hand = {1, 3};
  State s = start(battle);
  REQUIRE(s.battle->stage == BattleStage::responses);
  CHECK(s.active == Side::french);
  CHECK(actions(s) == json{{"pass", true}});
  CHECK(s.rule_events["window_battle"] == 1);
}

TEST_CASE("#11 Ambush!: no window once both copies are discarded") {
  Battle battle = french_ambush();
  battle.french_hand = {1, 3};
  battle.discarded = {11, 12};
  State s = start(battle);
  CHECK(s.active == Side::british);  // the French window stays shut; the British may dig Fieldworks
}

TEST_CASE("#11 Ambush!: kept shut by an assault, a cultivated space, no auxiliary, enemy Light Infantry") {
  SUBCASE("an assault (9.0)") {
    Battle battle = french_ambush();
    battle.british_inside = true;
    battle.markers = {{"fort", "british"}, {"siege", 1}};
    State s = start(battle);
    REQUIRE(s.battle->stage == BattleStage::responses);  // Coehorns could be played
    REQUIRE(s.active == Side::french);
    CHECK(actions(s) == json{{"pass", true}});  // #11 in hand, not listed
  }
  SUBCASE("a cultivated space") {
    Battle battle = french_ambush();
    battle.where = "easton";
    State s = start(battle);
    REQUIRE(s.battle->stage == BattleStage::responses);
    CHECK(s.active == Side::british);  // the French window did not open
  }
  SUBCASE("no auxiliary") {
    Battle battle = french_ambush();
    battle.french = {"fr_reg_bearn", "fr_reg_artois"};
    State s = start(battle);
    CHECK(s.active == Side::british);
  }
  SUBCASE("enemy Light Infantry") {
    Battle battle = french_ambush();
    battle.british.push_back("br_li_howes");
    State s = start(battle);
    CHECK(s.active == Side::british);
  }
}

TEST_CASE("#11 Ambush!: kept shut when the enemy has more auxiliaries or a fort in the space") {
  SUBCASE("more enemy auxiliaries") {
    Battle battle;
    battle.french = {"fr_ind_huron", "fr_reg_bearn"};
    battle.british = {"br_ind_mohawk_1", "br_ind_mohawk_2", "br_reg_15th"};
    battle.french_hand = {11, 1};
    State s = start(battle);
    CHECK(s.active == Side::british);  // no French window; the British could ambush or dig
    CHECK(actions(s) == json{{"pass", true}});
  }
  SUBCASE("an enemy fort in the space") {
    Battle battle = french_ambush();
    battle.markers = {{"fort", "british"}};
    State s = start(battle);
    CHECK(s.active == Side::british);  // no French window
  }
  SUBCASE("the player's own fort does not block him (the Monongahela example)") {
    Battle battle = french_ambush();  // now the French defend outside their own fort
    battle.british_attack = true;
    battle.markers = {{"fort", "french"}};
    State s = start(battle);
    REQUIRE(s.battle->stage == BattleStage::responses);
    CHECK(s.active == Side::french);
    CHECK(lists(actions(s), "play", "11"));
  }
}

}  // namespace events_ambush_test
