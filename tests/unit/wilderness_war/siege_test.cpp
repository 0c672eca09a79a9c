// Sieges (8.2): who may roll (8.231), the Siege Table and its DRMs, assault possible (8.24, 9.11).
#include <doctest/doctest.h>

#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/siege.hpp"
#include "engine/wilderness_war/supply.hpp"
#include "tests/unit/wilderness_war/siege_test_helpers.hpp"

namespace siege_test {

using namespace siege_raid_test;
using warpath::engine::Action;

namespace {

// A French fort at Schenectady besieged by Amherst, Wolfe and a British regular; Drucour inside.
json schenectady_siege(int level = 0) {
  json j = empty_position();
  j["markers"]["schenectady"] = {{"fort", "french"}, {"siege", level}};
  put(j, "br_amherst", "schenectady");
  put(j, "br_wolfe", "schenectady");
  put(j, "br_reg_15th", "schenectady");
  put(j, "fr_drucour", "schenectady", true);
  put(j, "fr_md_1", "schenectady", true);
  return j;
}

// Louisbourg besieged by Amherst and a regular; Drucour inside.
json louisbourg_siege(int level = 0) {
  json j = empty_position();
  j["markers"]["louisbourg"] = {{"siege", level}};
  put(j, "br_amherst", "louisbourg");
  put(j, "br_reg_15th", "louisbourg");
  put(j, "fr_drucour", "louisbourg", true);
  put(j, "fr_md_1", "louisbourg", true);
  return j;
}

}  // namespace

TEST_CASE("8.231 who may roll: supplied Drilled Troops, a leader, the highest Command rating") {
  State s = State::from_json(schenectady_siege());
  const SpaceIndex at = space(s, "schenectady");
  REQUIRE(is_in_supply(s, at, Side::british));
  CHECK(may_roll_siege(s, at, Side::british, piece(s, "br_amherst")));
  CHECK_FALSE(may_roll_siege(s, at, Side::british, piece(s, "br_wolfe")));   // Amherst commands 7
  CHECK_FALSE(may_roll_siege(s, at, Side::french, piece(s, "fr_drucour")));  // besieged, not besieger

  json no_drilled = schenectady_siege();
  no_drilled["pieces"].erase("br_reg_15th");
  put(no_drilled, "br_ranger_rogers", "schenectady");
  CHECK_FALSE(may_roll_siege(State::from_json(no_drilled), at, Side::british, piece(s, "br_amherst")));

  json no_marker = schenectady_siege();
  no_marker["markers"]["schenectady"].erase("siege");
  CHECK_FALSE(may_roll_siege(State::from_json(no_marker), at, Side::british, piece(s, "br_amherst")));

  json own_fort = schenectady_siege();
  own_fort["markers"]["schenectady"]["fort"] = "british";
  CHECK_FALSE(may_roll_siege(State::from_json(own_fort), at, Side::british, piece(s, "br_amherst")));
}

TEST_CASE("8.23 a siege roll raises the level; 8.231 tactics of both commanders") {
  State s = State::from_json(schenectady_siege());
  const SpaceIndex at = space(s, "schenectady");
  activate(s, Side::british, {piece(s, "br_amherst"), piece(s, "br_wolfe"), piece(s, "br_reg_15th")},
           piece(s, "br_amherst"));
  begin_siege_roll(s, at, piece(s, "br_amherst"));
  REQUIRE(s.step == Step::siege);
  auto module = make_wilderness_war();
  CHECK(module->legal_actions(s, "british") == json{{"roll", true}});
  CHECK(module->legal_actions(s, "french").empty());
  // 3 + 1 (Amherst) - 1 (Drucour) = 3: +1.
  rig_dice(s, {3});
  ww_test::play_listed(s, "british", "roll");
  CHECK(s.space(at).siege_level == 1);
  CHECK(s.rule_events["sieges_rolled"] == 1);
  CHECK(s.rule_events["siege_level_increases"] == 1);
  // 8.24: level 1 allows assaulting a fort; not mandatory.
  REQUIRE(s.step == Step::siege);
  CHECK(module->legal_actions(s, "british") == json{{"assault", true}, {"done", true}});
  CHECK(State::from_json(s.to_json()) == s);
  ww_test::play_listed(s, "british", "done");
  CHECK_FALSE(s.siege.has_value());
  CHECK(s.step != Step::siege);
  CHECK(s.space(at).siege_level == 1);
}

TEST_CASE("8.231 the Louisbourg DRM") {
  auto module = make_wilderness_war();
  // The same roll of 3 raises a fort's siege, not Louisbourg's (3 + 1 - 1 - 1 = 2: no change).
  State s = State::from_json(louisbourg_siege());
  const SpaceIndex at = space(s, "louisbourg");
  activate(s, Side::british, {piece(s, "br_amherst"), piece(s, "br_reg_15th")}, piece(s, "br_amherst"));
  begin_siege_roll(s, at, piece(s, "br_amherst"));
  rig_dice(s, {3});
  ww_test::play_listed(s, "british", "roll");
  CHECK(s.space(at).siege_level == 0);
  CHECK(s.rule_events["siege_level_increases"] == 0);
  CHECK_FALSE(s.siege.has_value());

  State t = State::from_json(louisbourg_siege());
  activate(t, Side::british, {piece(t, "br_amherst"), piece(t, "br_reg_15th")}, piece(t, "br_amherst"));
  begin_siege_roll(t, at, piece(t, "br_amherst"));
  rig_dice(t, {4});  // 4 + 1 - 1 - 1 = 3: +1, but a fortress needs 2 to assault
  ww_test::play_listed(t, "british", "roll");
  CHECK(t.space(at).siege_level == 1);
  CHECK_FALSE(t.siege.has_value());
}

TEST_CASE("8.24 assault possible at siege 1 for a fort, 2 for a fortress") {
  const State fort0 = State::from_json(schenectady_siege(0));
  const State fort1 = State::from_json(schenectady_siege(1));
  const SpaceIndex schenectady = space(fort0, "schenectady");
  CHECK_FALSE(may_assault(fort0, schenectady, Side::british));
  CHECK(may_assault(fort1, schenectady, Side::british));
  const State fortress1 = State::from_json(louisbourg_siege(1));
  const State fortress2 = State::from_json(louisbourg_siege(2));
  const SpaceIndex louisbourg = space(fortress1, "louisbourg");
  CHECK_FALSE(may_assault(fortress1, louisbourg, Side::british));
  CHECK(may_assault(fortress2, louisbourg, Side::british));
  // Besiegers without a leader may not assault.
  json leaderless = louisbourg_siege(2);
  leaderless["pieces"].erase("br_amherst");
  CHECK_FALSE(may_assault(State::from_json(leaderless), louisbourg, Side::british));

  // A roll of 6 + 1 - 1 - 1 = 5 raises Louisbourg from 1 to 2: assault is offered, and chosen.
  auto module = make_wilderness_war();
  State s = State::from_json(louisbourg_siege(1));
  activate(s, Side::british, {piece(s, "br_amherst"), piece(s, "br_reg_15th")}, piece(s, "br_amherst"));
  begin_siege_roll(s, louisbourg, piece(s, "br_amherst"));
  rig_dice(s, {6});
  ww_test::play_listed(s, "british", "roll");
  CHECK(s.space(louisbourg).siege_level == 2);
  REQUIRE(module->legal_actions(s, "british").contains("assault"));
  ww_test::play_listed(s, "british", "assault");
  CHECK_FALSE(s.siege.has_value());
}

// --- the British siege of Louisbourg from an Amphibious Landing (6.431, 6.432, 8.231, 12.1) -------

namespace {

// Wolfe and two regulars at Halifax with Amphibious Landing (#17) and three 3-value cards; Drucour
// and Béarn hold Louisbourg, unbesieged. The French hold their last card: the British play on.
json landing_at_louisbourg() {
  json j = ww_test::position_to_play("british", {17, 21, 22, 28});
  ww_test::discard_response_cards(j);
  ww_test::set_hand(j, "british", {17, 21, 22, 28});
  j["players"]["french"]["holding_last_card"] = true;
  put(j, "br_wolfe", "halifax");
  put(j, "br_reg_15th", "halifax");
  put(j, "br_reg_17th", "halifax");
  put(j, "fr_drucour", "louisbourg");
  put(j, "fr_reg_bearn", "louisbourg");
  return j;
}

// The British activate Wolfe's force with `card`.
void activate_wolfe(State& s, int card) {
  ww_test::play_listed(s, "british", "activate", card);
  ww_test::play_listed(s, "british", "commander", "br_wolfe");
  ww_test::play_listed(s, "british", "piece", "br_reg_15th");
  ww_test::play_listed(s, "british", "piece", "br_reg_17th");
  ww_test::play_listed(s, "british", "done");
}

}  // namespace

TEST_CASE("6.431 the Amphib marker stays while British units are in the space (a garrisoned Louisbourg)") {
  State s = State::from_json(landing_at_louisbourg());
  const SpaceIndex louisbourg = space(s, "louisbourg");
  activate_wolfe(s, 21);
  ww_test::play_listed(s, "british", "amphibious", "louisbourg");
  // The French declare who defends inside (8.1) with the British landed beside an unbesieged
  // French fortress: the marker stays, it is not "solely occupied" by the French.
  REQUIRE(s.step == Step::movement);
  REQUIRE(s.active == Side::french);
  CHECK(s.space(louisbourg).amphib);
  ww_test::play_listed(s, "french", "piece", "fr_drucour");
  ww_test::play_listed(s, "french", "piece", "fr_reg_bearn");
  ww_test::play_listed(s, "french", "done");
  CHECK(s.space(louisbourg).amphib);
  CHECK(s.space(louisbourg).siege_level == 0);
  // The British are supplied by the landing (6.43, 12.1).
  CHECK(is_in_supply(s, louisbourg, Side::british));

  // With the British gone and the fortress unbesieged, the marker goes (6.431).
  json j = landing_at_louisbourg();
  j["markers"]["louisbourg"] = {{"amphib", true}};
  j["pieces"].erase("br_wolfe");
  State empty = State::from_json(j);
  ww_test::play_listed(empty, "british", "activate", 21);
  ww_test::play_listed(empty, "british", "individual", "br_reg_15th");
  ww_test::play_listed(empty, "british", "done");
  ww_test::play_listed(empty, "british", "stop");
  CHECK_FALSE(empty.space(louisbourg).amphib);
}

TEST_CASE("6.432, 8.231, 12.1 the British besiege Louisbourg from their landing and capture it by assault") {
  State s = State::from_json(landing_at_louisbourg());
  const SpaceIndex louisbourg = space(s, "louisbourg");
  activate_wolfe(s, 21);
  ww_test::play_listed(s, "british", "amphibious", "louisbourg");
  ww_test::play_listed(s, "french", "piece", "fr_drucour");
  ww_test::play_listed(s, "french", "piece", "fr_reg_bearn");
  ww_test::play_listed(s, "french", "done");
  while (s.step == Step::movement && s.active == Side::british) ww_test::play_listed(s, "british", "stop");
  REQUIRE(s.step == Step::action_phase);
  REQUIRE(s.active == Side::british);

  // Next Action Phase: the besieging force, in supply, may roll (4 + 2 Wolfe - 1 Drucour - 1
  // Louisbourg = 4: siege 0 to 1).
  activate_wolfe(s, 22);
  rig_dice(s, {4});
  ww_test::play_listed(s, "british", "siege");
  ww_test::play_listed(s, "british", "roll");
  CHECK(s.space(louisbourg).siege_level == 1);
  CHECK(s.space(louisbourg).amphib);  // "even if a Siege is underway" (6.432)

  // And again: siege 2, then the assault (9.11), won with a 6 against a 1.
  REQUIRE(s.step == Step::action_phase);
  activate_wolfe(s, 28);
  rig_dice(s, {6, 6, 1, 2, 2, 2});
  ww_test::play_listed(s, "british", "siege");
  ww_test::play_listed(s, "british", "roll");
  REQUIRE(s.space(louisbourg).siege_level == 2);
  ww_test::play_listed(s, "british", "assault");
  ww_test::play_listed(s, "british", "roll");
  while (s.step == Step::battle && s.battle->stage == BattleStage::losses) {
    const char* role = s.active == Side::french ? "french" : "british";
    ww_test::play_listed(s, role, "piece", ww_test::listed_actions(s, role)["piece"].front());
  }
  CHECK(s.space(louisbourg).fortress_owner == Side::british);
  CHECK(s.rule_events["assaults_won"] == 1);
}

TEST_CASE("12.1 an Amphib space the French besiege supplies the British inside, and no other space") {
  json j = empty_position();
  j["markers"]["baie_st_paul"] = {{"amphib", true}, {"fort", "british"}};
  put(j, "br_reg_15th", "baie_st_paul");
  put(j, "br_reg_17th", "ile_d_orleans");
  State open = State::from_json(j);
  CHECK(is_in_supply(open, space(open, "ile_d_orleans"), Side::british));  // traced to the Amphib space

  j["markers"]["baie_st_paul"]["siege"] = 0;
  put(j, "br_reg_15th", "baie_st_paul", true);
  put(j, "fr_reg_bearn", "baie_st_paul");
  State besieged = State::from_json(j);
  CHECK(is_in_supply(besieged, space(besieged, "baie_st_paul"), Side::british));
  CHECK_FALSE(is_in_supply(besieged, space(besieged, "ile_d_orleans"), Side::british));
}

}  // namespace siege_test
