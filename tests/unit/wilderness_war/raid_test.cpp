// Raids (10.0): targets (10.1, 10.11), militia (10.2), the Raid Table (10.3), success and losses
// (10.31, 10.32), previously raided spaces (10.33), going home (10.4) and optional rule 14.2.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/raid.hpp"
#include "tests/unit/wilderness_war/siege_test_helpers.hpp"

namespace raid_test {

using namespace siege_raid_test;
using warpath::engine::Action;

namespace {

bool at(const State& s, const std::string& piece_id, const std::string& space_id) {
  return s.space_of(piece(s, piece_id)) == space(s, space_id);
}

bool is_eliminated(const State& s, const std::string& piece_id) { return !is_on_map(s, piece(s, piece_id)); }

// Starts the raids of the pieces activated individually by `side`.
void raid(State& s, Side side, const std::vector<std::string>& raiders, const std::vector<std::string>& spaces) {
  std::vector<PieceIndex> pieces;
  for (const auto& id : raiders) pieces.push_back(piece(s, id));
  activate(s, side, pieces);
  std::vector<SpaceIndex> where;
  for (const auto& id : spaces) where.push_back(space(s, id));
  begin_raids(s, where);
}

json legal(const State& s, const char* role) { return make_wilderness_war()->legal_actions(s, role); }

// The spaces offered by a `space` prompt, when it is the only decision.
std::set<std::string> spaces_offered(const State& s, const char* role) {
  const json actions = legal(s, role);
  if (actions.size() != 1 || !actions.contains("space")) return {};
  return actions["space"].get<std::set<std::string>>();
}

void play(State& s, const char* role, const std::string& verb, json arg = nullptr) {
  ww_test::play_listed(s, role, verb, std::move(arg));
}

}  // namespace

TEST_CASE("10.1 raid targets and 10.11 exclusions; 10.33 a raided empty space is still a target") {
  json j = empty_position();
  State s = State::from_json(j);
  const SpaceIndex reading = space(s, "reading");
  CHECK(is_raid_target(s, reading, Side::french));  // originally enemy cultivated
  CHECK_FALSE(is_raid_target(s, reading, Side::british));
  CHECK_FALSE(is_raid_target(s, space(s, "philadelphia"), Side::french));  // fortress (10.11)
  CHECK_FALSE(is_raid_target(s, space(s, "kittaning"), Side::british));    // not allied
  CHECK_FALSE(is_raid_target(s, space(s, "venango"), Side::french));       // wilderness

  j["markers"]["kittaning"] = {{"allied", "french"}};
  j["markers"]["venango"] = {{"stockade", "british"}};
  j["markers"]["reading"] = {{"raided", {{"french", 1}}}};
  put(j, "fr_ind_delaware_1", "ohio_forks");
  s = State::from_json(j);
  CHECK(is_raid_target(s, space(s, "kittaning"), Side::british));  // enemy-allied settlement
  CHECK_FALSE(is_raid_target(s, space(s, "kittaning"), Side::french));
  CHECK(is_raid_target(s, space(s, "venango"), Side::french));         // enemy stockade
  CHECK_FALSE(is_raid_target(s, space(s, "venango"), Side::british));  // friendly stockade (10.11)
  CHECK(is_raid_target(s, reading, Side::french));                     // 10.33

  j["markers"]["reading"] = {{"fort", "british"}};
  CHECK_FALSE(is_raid_target(State::from_json(j), reading, Side::french));  // fort (10.11)
  j["markers"]["reading"] = {{"stockade", "french"}};
  CHECK_FALSE(is_raid_target(State::from_json(j), reading, Side::french));  // friendly stockade
  j["markers"].erase("reading");
  put(j, "fr_md_1", "reading");
  CHECK_FALSE(is_raid_target(State::from_json(j), reading, Side::french));  // friendly Drilled Troops
}

TEST_CASE("10.2 militia may deploy against a raid on a stockade in an enemy cultivated space") {
  json j = empty_position();
  j["markers"]["reading"] = {{"stockade", "british"}};
  put(j, "fr_ind_delaware_1", "reading");
  put(j, "br_militia_1", "militia_box_southern");
  put(j, "br_militia_2", "militia_box_southern", false, true);
  const json start = j;
  State s = State::from_json(j);
  raid(s, Side::french, {"fr_ind_delaware_1"}, {"reading"});
  REQUIRE(s.step == Step::raid);
  CHECK(s.active == Side::british);
  CHECK(legal(s, "british") == json{{"piece", {"br_militia_1", "br_militia_2"}}, {"pass", true}});
  CHECK(State::from_json(s.to_json()) == s);
  play(s, "british", "piece", "br_militia_1");
  CHECK(s.rule_events["militia_against_raids"] == 1);
  CHECK(at(s, "br_militia_1", "reading"));
  REQUIRE(s.battle.has_value());  // 10.21: the raiders attack it
  CHECK(s.battle->context == BattleContext::raid_militia);
  CHECK(s.battle->attackers == std::vector<PieceIndex>{piece(s, "fr_ind_delaware_1")});

  // 10.22: the raiders won; the militia goes back to its box and the raid is rolled.
  State won = s;
  won.battle.reset();
  won.step = Step::battle;
  raid_after_battle(won, BattleResult{BattleContext::raid_militia,
                                      space(won, "reading"),
                                      Side::french,
                                      true,
                                      false,
                                      {piece(won, "fr_ind_delaware_1")}});
  CHECK(won.step == Step::raid);
  CHECK(won.active == Side::french);
  CHECK(legal(won, "french") == json{{"roll", true}});
  CHECK(won.piece(piece(won, "br_militia_1")).location.kind == LocationKind::militia_box);

  // 10.23: the raiders lost and retreated: no raid, no going home.
  State lost = s;
  lost.battle.reset();
  move_piece_to(lost, piece(lost, "fr_ind_delaware_1"), space(lost, "easton"));
  raid_after_battle(lost,
                    BattleResult{BattleContext::raid_militia, space(lost, "reading"), Side::french, false, false, {}});
  CHECK_FALSE(lost.raid.has_value());
  CHECK(at(lost, "fr_ind_delaware_1", "easton"));
  CHECK(lost.rule_events["go_home_moves"] == 0);

  // Declining: the raid is rolled at once, with -1 for two militia in the box (10.3):
  // 5 - 1 = 4 on the stockade column fails with two step losses.
  State pass = State::from_json(start);
  raid(pass, Side::french, {"fr_ind_delaware_1"}, {"reading"});
  play(pass, "british", "pass");
  rig_dice(pass, {5});
  play(pass, "french", "roll");
  CHECK(pass.space(space(pass, "reading")).stockade == Side::british);
  CHECK(is_eliminated(pass, "fr_ind_delaware_1"));
  CHECK_FALSE(pass.raid.has_value());

  // No militia deployment against a cultivated space without a stockade.
  json plain = start;
  plain["markers"].erase("reading");
  State p = State::from_json(plain);
  raid(p, Side::french, {"fr_ind_delaware_1"}, {"reading"});
  CHECK(p.active == Side::french);
  CHECK(legal(p, "french") == json{{"roll", true}});
}

TEST_CASE("10.31 a successful raid: Raided marker, stockade and the settlement's tribe eliminated") {
  json j = empty_position();
  j["markers"]["kittaning"] = {{"allied", "french"}, {"stockade", "french"}};
  j["markers"]["schenectady"] = {{"fort", "french"}, {"siege", 0}};
  put(j, "br_ranger_rogers", "kittaning");
  put(j, "fr_ind_delaware_1", "ohio_forks");
  put(j, "fr_ind_delaware_2", "schenectady", true);  // besieged: spared
  put(j, "fr_ind_shawnee_1", "ohio_forks");          // another tribe
  put(j, "br_reg_15th", "schenectady");
  State s = State::from_json(j);
  raid(s, Side::british, {"br_ranger_rogers"}, {"kittaning"});
  REQUIRE(legal(s, "british") == json{{"roll", true}});
  rig_dice(s, {6});  // 6 + 1 (Rangers) = 7: success, no loss
  play(s, "british", "roll");
  const SpaceIndex kittaning = space(s, "kittaning");
  CHECK(s.space(kittaning).raided[index_of(Side::british)] == 1);
  CHECK_FALSE(s.space(kittaning).stockade.has_value());
  CHECK_FALSE(s.space(kittaning).allied.has_value());
  CHECK(is_eliminated(s, "fr_ind_delaware_1"));
  CHECK(at(s, "fr_ind_delaware_2", "schenectady"));
  CHECK(at(s, "fr_ind_shawnee_1", "ohio_forks"));
  CHECK(s.rule_events["raids_succeeded"] == 1);
  // 10.42: the ranger goes to the closest British fortification.
  while (s.raid && s.raid->stage == RaidStage::go_home) play(s, "british", "space", legal(s, "british")["space"][0]);
  CHECK_FALSE(s.raid.has_value());
  CHECK(has_unbesieged_fortification(s, s.space_of(piece(s, "br_ranger_rogers")), Side::british));
  CHECK(s.vp == State::from_json(j).vp);  // no VP for a stockade destroyed by a raid
}

TEST_CASE("10.32 leader losses on a natural 1, and a natural 6 against a stockade") {
  json j = empty_position();
  put(j, "fr_ind_delaware_1", "reading");
  put(j, "fr_villiers", "reading");
  {
    State s = State::from_json(j);
    raid(s, Side::french, {"fr_ind_delaware_1"}, {"reading"});
    rig_dice(s, {1, 1});  // 1 + 1 = 2: failure; Villiers dies on a 1
    play(s, "french", "roll");
    CHECK(is_eliminated(s, "fr_villiers"));
    CHECK(s.rule_events["raid_leader_deaths"] == 1);
    CHECK(at(s, "fr_ind_delaware_1", "kittaning"));  // 10.41: home, no leader to follow
  }
  {
    State s = State::from_json(j);
    raid(s, Side::french, {"fr_ind_delaware_1"}, {"reading"});
    rig_dice(s, {6, 1});  // cultivated: a natural 6 costs no leader
    play(s, "french", "roll");
    CHECK_FALSE(is_eliminated(s, "fr_villiers"));
    CHECK(s.rule_events["raid_leader_deaths"] == 0);
  }
  j["markers"]["reading"] = {{"stockade", "british"}};
  {
    State s = State::from_json(j);
    raid(s, Side::french, {"fr_ind_delaware_1"}, {"reading"});
    rig_dice(s, {6, 1});  // a natural 6 against a stockade (README ambiguity 4)
    play(s, "french", "roll");
    CHECK(is_eliminated(s, "fr_villiers"));
    CHECK(s.space(space(s, "reading")).raided[index_of(Side::french)] == 1);
  }
}

TEST_CASE("10.33 a second Raided marker only for a stockade or an enemy-allied settlement") {
  json j = empty_position();
  j["markers"]["reading"] = {{"raided", {{"french", 1}}}};
  put(j, "fr_ind_delaware_1", "reading");
  State s = State::from_json(j);
  raid(s, Side::french, {"fr_ind_delaware_1"}, {"reading"});
  rig_dice(s, {6});
  play(s, "french", "roll");
  CHECK(s.rule_events["raids"] == 1);  // still rolled
  CHECK(s.space(space(s, "reading")).raided[index_of(Side::french)] == 1);

  j["markers"]["reading"]["stockade"] = "british";
  State t = State::from_json(j);
  raid(t, Side::french, {"fr_ind_delaware_1"}, {"reading"});
  rig_dice(t, {6});
  play(t, "french", "roll");
  CHECK(t.space(space(t, "reading")).raided[index_of(Side::french)] == 2);
}

TEST_CASE("10.41, 10.411, 10.412 Indians go home or are eliminated") {
  json j = empty_position();
  put(j, "fr_ind_delaware_1", "reading");
  put(j, "fr_ind_shawnee_1", "reading");
  put(j, "br_reg_15th", "logstown");  // the Shawnee home is occupied by the enemy
  State s = State::from_json(j);
  raid(s, Side::french, {"fr_ind_delaware_1", "fr_ind_shawnee_1"}, {"reading"});
  rig_dice(s, {3});  // failure, no loss
  play(s, "french", "roll");
  CHECK(at(s, "fr_ind_delaware_1", "kittaning"));
  CHECK(is_eliminated(s, "fr_ind_shawnee_1"));
  CHECK(s.rule_events["go_home_moves"] == 1);

  // Cherokee raiding alone are eliminated (10.412); with a leader they may follow him (10.422).
  json c = empty_position();
  put(c, "br_ind_cherokee_1", "st_jean");
  State t = State::from_json(c);
  raid(t, Side::british, {"br_ind_cherokee_1"}, {"st_jean"});
  rig_dice(t, {3});
  play(t, "british", "roll");
  CHECK(is_eliminated(t, "br_ind_cherokee_1"));

  put(c, "br_johnson", "st_jean");
  State u = State::from_json(c);
  raid(u, Side::british, {"br_ind_cherokee_1"}, {"st_jean"});
  rig_dice(u, {3});
  play(u, "british", "roll");
  while (u.raid) play(u, "british", "space", legal(u, "british")["space"][0]);
  CHECK_FALSE(is_eliminated(u, "br_ind_cherokee_1"));
  CHECK(u.space_of(piece(u, "br_ind_cherokee_1")) == u.space_of(piece(u, "br_johnson")));
  CHECK(has_unbesieged_fortification(u, u.space_of(piece(u, "br_johnson")), Side::british));
}

TEST_CASE("10.413, 10.42, 10.422 leaders, Coureurs and Indians going home together") {
  json j = empty_position();
  j["markers"]["easton"] = {{"stockade", "french"}};
  j["markers"]["lancaster"] = {{"stockade", "french"}};
  put(j, "fr_ind_delaware_1", "reading");
  put(j, "fr_villiers", "reading");
  put(j, "fr_coureurs_joncaire", "reading");
  const json start = j;
  // Villiers accompanies the Delaware home; the Coureurs may follow them (10.413).
  State s = State::from_json(j);
  raid(s, Side::french, {"fr_ind_delaware_1", "fr_coureurs_joncaire"}, {"reading"});
  rig_dice(s, {2});  // 2 + 1 = 3: failure, no loss
  play(s, "french", "roll");
  REQUIRE(s.raid->stage == RaidStage::go_home);
  CHECK(s.raid->going_home.front() == piece(s, "fr_villiers"));
  CHECK(spaces_offered(s, "french") == std::set<std::string>{"easton", "kittaning", "lancaster"});
  CHECK(State::from_json(s.to_json()) == s);
  play(s, "french", "space", "kittaning");
  CHECK(at(s, "fr_ind_delaware_1", "kittaning"));  // the Delaware he accompanies
  CHECK(spaces_offered(s, "french") == std::set<std::string>{"easton", "kittaning", "lancaster"});
  play(s, "french", "space", "kittaning");
  CHECK(at(s, "fr_coureurs_joncaire", "kittaning"));
  CHECK_FALSE(s.raid.has_value());
  CHECK(s.rule_events["go_home_moves"] == 3);

  // Villiers goes to a closest fortification (owner's choice); the Delaware may follow (10.422).
  State t = State::from_json(start);
  raid(t, Side::french, {"fr_ind_delaware_1", "fr_coureurs_joncaire"}, {"reading"});
  rig_dice(t, {2});
  play(t, "french", "roll");
  play(t, "french", "space", "lancaster");
  CHECK(spaces_offered(t, "french") == std::set<std::string>{"kittaning", "lancaster"});
  play(t, "french", "space", "lancaster");
  // The Coureurs: the closest fortifications only (no Indian went home).
  CHECK(spaces_offered(t, "french") == std::set<std::string>{"easton", "lancaster"});
  play(t, "french", "space", "easton");
  CHECK(at(t, "fr_villiers", "lancaster"));
  CHECK(at(t, "fr_ind_delaware_1", "lancaster"));
  CHECK(at(t, "fr_coureurs_joncaire", "easton"));
}

TEST_CASE("14.2 a Raided marker costs a militia step in its Department (owner's choice)") {
  json j = empty_position();
  j["options"]["optional_14_2"] = true;
  put(j, "fr_ind_delaware_1", "reading");
  put(j, "br_militia_1", "militia_box_southern");
  put(j, "br_militia_2", "militia_box_southern");
  State s = State::from_json(j);
  REQUIRE(s.options.raids_cost_militia_steps);
  raid(s, Side::french, {"fr_ind_delaware_1"}, {"reading"});
  rig_dice(s, {6});  // 6 - 1 (two militia in the box) = 5: success, one step lost
  play(s, "french", "roll");
  REQUIRE(s.step == Step::raid);
  CHECK(s.active == Side::british);
  CHECK(legal(s, "british") == json{{"piece", {"br_militia_1", "br_militia_2"}}});
  play(s, "british", "piece", "br_militia_2");
  CHECK(s.piece(piece(s, "br_militia_2")).reduced);
  CHECK_FALSE(s.piece(piece(s, "br_militia_1")).reduced);
  CHECK(s.piece(piece(s, "fr_ind_delaware_1")).reduced);  // the raider's loss
  CHECK(at(s, "fr_ind_delaware_1", "kittaning"));
  CHECK_FALSE(s.raid.has_value());

  // Without the option no militia step is lost.
  j["options"]["optional_14_2"] = false;
  State t = State::from_json(j);
  raid(t, Side::french, {"fr_ind_delaware_1"}, {"reading"});
  rig_dice(t, {6});
  play(t, "french", "roll");
  CHECK_FALSE(t.piece(piece(t, "br_militia_2")).reduced);
  CHECK_FALSE(t.raid.has_value());
}

TEST_CASE("10.31 the raider chooses which raiding units take the step losses") {
  json j = empty_position();
  put(j, "fr_ind_delaware_1", "reading");
  put(j, "fr_ind_mingo_1", "reading");
  State s = State::from_json(j);
  raid(s, Side::french, {"fr_ind_delaware_1", "fr_ind_mingo_1"}, {"reading"});
  rig_dice(s, {4});  // cultivated 4: failure, one step
  play(s, "french", "roll");
  REQUIRE(s.raid->stage == RaidStage::raider_losses);
  CHECK(legal(s, "french") == json{{"piece", {"fr_ind_delaware_1", "fr_ind_mingo_1"}}});
  play(s, "french", "piece", "fr_ind_mingo_1");
  CHECK(s.piece(piece(s, "fr_ind_mingo_1")).reduced);
  CHECK(at(s, "fr_ind_mingo_1", "mingo_town"));
  CHECK(at(s, "fr_ind_delaware_1", "kittaning"));
}

// --- raids right after a battle in the raided space, played through the legality check ---------

namespace {

// The French (or British) to play `card`, the other side holding one card.
json raid_after_battle_position(const std::string& side, int card) {
  json j = ww_test::position_to_play(side, {card, ww_test::activation_card(1)});
  ww_test::discard_response_cards(j);
  return j;
}

// `side` activates `piece` alone with its 1-value card and moves it one step into `to`, where a
// battle follows; the defenders neither avoid nor call militia; the attacker rolls `dice`.
void attack_alone(State& s, const std::string& side, const std::string& piece_id, const std::string& to,
                  const std::vector<int>& dice) {
  const std::string other = side == "french" ? "british" : "french";
  ww_test::play_listed(s, side, "activate", ww_test::activation_card(1));
  ww_test::play_listed(s, side, "individual", piece_id);
  ww_test::play_listed(s, side, "done");
  ww_test::play_listed(s, side, "space", to);
  while (s.step == Step::movement || (s.step == Step::battle && s.battle->stage != BattleStage::roll)) {
    const auto actions = legal(s, s.active == Side::french ? "french" : "british");
    const std::string role = s.active == Side::french ? "french" : "british";
    REQUIRE_MESSAGE((actions.contains("pass") || actions.contains("done")), actions.dump());
    ww_test::play_listed(s, role, actions.contains("pass") ? "pass" : "done");
  }
  REQUIRE(s.step == Step::battle);
  ww_test::set_dice(s, dice);
  ww_test::play_listed(s, side, "roll");
}

}  // namespace

TEST_CASE("10.2 exception: no militia against raiders that already fought a battle in the stockade space") {
  // French Coureurs eliminate a lone reduced Provincial at Hoosic (a British stockade in the
  // Northern Department). Auxiliaries that win leave the stockade standing (5.45) and must raid it
  // (10.12); the Northern box holds militia, but the raiders fought there this Action Phase.
  json j = raid_after_battle_position("french", 60);
  put(j, "fr_coureurs_marin", "hudson_carry_south");
  put(j, "br_prov_massachusetts_1", "hoosic", false, true);
  j["markers"]["hoosic"] = {{"stockade", "british"}};
  put(j, "br_militia_1", "militia_box_northern");
  State s = State::from_json(j);
  attack_alone(s, "french", "fr_coureurs_marin", "hoosic", {6, 1});
  REQUIRE(is_eliminated(s, "br_prov_massachusetts_1"));
  CHECK(s.space(space(s, "hoosic")).stockade == Side::british);  // Auxiliaries do not destroy it (5.45)
  REQUIRE(s.step == Step::raid);
  CHECK(s.raid->stage == RaidStage::roll);  // no militia decision for the British (10.2 exception)
  CHECK(s.active == Side::french);
  CHECK(s.rule_events["raids"] == 1);
  ww_test::play_listed(s, "french", "roll");

  // The same raid without the battle: the British may deploy the militia (10.2).
  json k = raid_after_battle_position("french", 60);
  put(k, "fr_coureurs_marin", "hudson_carry_south");
  k["markers"]["hoosic"] = {{"stockade", "british"}};
  put(k, "br_militia_1", "militia_box_northern");
  State t = State::from_json(k);
  ww_test::play_listed(t, "french", "activate", ww_test::activation_card(1));
  ww_test::play_listed(t, "french", "individual", "fr_coureurs_marin");
  ww_test::play_listed(t, "french", "done");
  ww_test::play_listed(t, "french", "space", "hoosic");  // a stockade space: the move ends there
  REQUIRE(t.step == Step::raid);
  CHECK(t.raid->stage == RaidStage::militia);
  CHECK(ww_test::lists(legal(t, "british"), "piece", "br_militia_1"));
}

TEST_CASE("5.532 play note: no raid after the raider kills the last Indians of a settlement there") {
  // Rogers attacks the lone reduced Delaware at Kittaning, the Delaware's only settlement, and loses a step
  // (no overrun, 7.82: his activation ends with the battle). The Allied marker goes the moment the
  // Delaware is eliminated, so Kittaning is no raid target any more: no raid follows.
  json j = raid_after_battle_position("british", 60);
  put(j, "br_ranger_rogers", "ohio_forks");
  put(j, "fr_ind_delaware_1", "kittaning", false, true);
  j["markers"]["kittaning"] = {{"allied", "french"}};
  State s = State::from_json(j);
  attack_alone(s, "british", "br_ranger_rogers", "kittaning", {6, 6});
  REQUIRE(is_eliminated(s, "fr_ind_delaware_1"));
  REQUIRE(s.piece(piece(s, "br_ranger_rogers")).reduced);
  CHECK_FALSE(s.space(space(s, "kittaning")).allied);
  CHECK(s.rule_events["raids"] == 0);
  CHECK(s.step == Step::action_phase);
  CHECK(s.active == Side::french);
  CHECK(at(s, "br_ranger_rogers", "kittaning"));
}

}  // namespace raid_test
