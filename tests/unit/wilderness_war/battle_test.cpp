// Battles (7.0) and assaults (9.0).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/setup.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace battle_test {

using namespace warpath::wilderness_war;
using nlohmann::json;
using ww_test::set_dice;

namespace {

using ww_test::pc;
using ww_test::sp;

const GameData& data() { return game_data(); }

// A board without pieces or markers (fortresses keep their owners), the French phasing.
State blank() {
  State s = *set_up_scenario("annus_mirabilis", {}, 1);
  for (PieceIndex p = 0; p < static_cast<PieceIndex>(s.pieces.size()); ++p) s.change_piece(p) = PieceState{};
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp) {
    auto& m = s.change_space(sp);
    const auto owner = m.fortress_owner;
    m = SpaceState{};
    m.fortress_owner = owner;
  }
  // The battle response cards (7.4) are in the discard pile: no response window opens; the
  // windows have their own tests (events_responses_test.cpp).
  for (CardNumber card : {8, 9, 10, 11, 12}) {
    std::erase(s.draw_pile, card);
    for (Side side : both_sides) std::erase(s.player(side).hand, card);
    s.discard.push_back(card);
  }
  s.active = Side::french;
  s.move.reset();
  s.activation.reset();
  return s;
}

void put(State& s, std::string_view piece, std::string_view space, bool reduced = false) {
  s.change_piece(pc(piece)) = PieceState{Location::in_space(sp(space)), reduced, false};
}

std::vector<std::string> args(const State& s, const std::string& verb) {
  ActionList out;
  list_battle_actions(s, out);
  auto j = out.release();
  std::vector<std::string> v;
  if (j.contains(verb) && j[verb].is_array())
    for (auto& a : j[verb]) v.push_back(a.get<std::string>());
  std::sort(v.begin(), v.end());
  return v;
}

bool has_verb(const State& s, const std::string& verb) {
  ActionList out;
  list_battle_actions(s, out);
  return out.has(verb);
}

// Through the framework's legality check: only a listed action is played.
void act(State& s, const std::string& verb, json arg = nullptr) {
  ww_test::play_listed_by_lister(s, verb, std::move(arg));
}

// The French (strength 18: six 3-strength regulars, column 17-21) attack from `from`.
BattleState french_attack(State& s, std::string_view where, std::string_view from) {
  BattleState b;
  b.where = sp(where);
  b.attacker = Side::french;
  b.attacker_from = sp(from);
  for (const char* id :
       {"fr_reg_2_berry", "fr_reg_3_berry", "fr_reg_artois", "fr_reg_bourgogne", "fr_reg_bearn", "fr_reg_cambis"}) {
    put(s, id, where);
    b.attackers.push_back(pc(id));
  }
  return b;
}

// Assigns the attacker's own losses (first listed unit) until the defender decides or it is over.
void attacker_takes_losses(State& s) {
  while (s.battle && s.battle->stage == BattleStage::losses && s.battle->losing_side == s.battle->attacker)
    act(s, "piece", args(s, "piece").front());
}

}  // namespace

TEST_CASE("7.62 at least half the losses from Drilled Troops (five losses, three from Drilled Troops)") {
  State s = blank();
  put(s, "br_reg_15th", "oswego");
  put(s, "br_reg_17th", "oswego");
  put(s, "br_ind_mohawk_1", "oswego");
  put(s, "br_ind_mohawk_2", "oswego");
  auto b = french_attack(s, "oswego", "onondaga");
  put(s, "fr_ind_huron", "oswego");  // both sides have auxiliaries: no 7.52 DRM
  b.attackers.push_back(pc("fr_ind_huron"));
  set_dice(s, {5, 1});  // French: column 17-21 (19), roll 5: 5 hits
  begin_battle(s, b);
  REQUIRE(s.step == Step::battle);
  CHECK(has_verb(s, "roll"));
  act(s, "roll");
  CHECK(s.battle->attacker_result == 5);
  attacker_takes_losses(s);
  REQUIRE(s.battle->losing_side == Side::british);
  CHECK(State::from_json(s.to_json()) == s);
  // 7.63 within the Drilled Troops: flip both regulars before eliminating either.
  CHECK(args(s, "piece") == std::vector<std::string>{"br_reg_15th", "br_reg_17th"});
  act(s, "piece", "br_reg_15th");
  // The other regular is then the only choice: flipped without asking.
  CHECK(s.piece(pc("br_reg_17th")).reduced);
  // The third Drilled Troops step eliminates a regular though the Indians are at full strength.
  CHECK(args(s, "piece") == std::vector<std::string>{"br_reg_15th", "br_reg_17th"});
  act(s, "piece", "br_reg_17th");
  CHECK(s.space_of(pc("br_reg_17th")) == no_space);
  // Requirement met: 7.63 now protects the reduced regular until the Indians are flipped.
  CHECK(args(s, "piece") == std::vector<std::string>{"br_ind_mohawk_1", "br_ind_mohawk_2"});
}

TEST_CASE("7.63 three Indians and a Light Infantry take three losses") {
  State s = blank();
  put(s, "br_li_howes", "oswego");
  for (const char* id : {"br_ind_mohawk_1", "br_ind_mohawk_2", "br_ind_oneida"}) put(s, id, "oswego");
  auto b = french_attack(s, "oswego", "onondaga");
  put(s, "fr_ind_huron", "oswego");
  b.attackers.push_back(pc("fr_ind_huron"));
  set_dice(s, {2, 1});  // column 17-21, roll 2: 3 hits
  begin_battle(s, b);
  act(s, "roll");
  CHECK(s.battle->attacker_result == 3);
  attacker_takes_losses(s);
  // The Light Infantry is eliminated (7.62 precedes 7.63) without asking; one Indian remains to choose.
  CHECK(s.space_of(pc("br_li_howes")) == no_space);
  CHECK(s.battle->losses_left == 1);
  CHECK(args(s, "piece") == std::vector<std::string>{"br_ind_mohawk_1", "br_ind_mohawk_2", "br_ind_oneida"});
}

TEST_CASE("7.7 a natural 6 causing a loss makes the enemy roll for each leader; 1 kills") {
  State s = blank();
  put(s, "br_ind_mohawk_1", "oswego");
  put(s, "br_johnson", "oswego");
  auto b = french_attack(s, "oswego", "onondaga");
  set_dice(s, {6, 1, 1});  // French 6 (hits), British 1, Johnson's loss roll 1
  begin_battle(s, b);
  act(s, "roll");
  CHECK(s.rule_events["leader_loss_rolls"] == 1);
  CHECK(s.space_of(pc("br_johnson")) == no_space);
  CHECK(s.piece(pc("br_johnson")).location.kind == LocationKind::removed);
}

TEST_CASE("7.7 no leader roll without a natural 1 or 6") {
  State s = blank();
  put(s, "br_ind_mohawk_1", "oswego");
  put(s, "br_johnson", "oswego");
  auto b = french_attack(s, "oswego", "onondaga");
  set_dice(s, {5, 1, 1});
  begin_battle(s, b);
  act(s, "roll");
  CHECK(s.rule_events["leader_loss_rolls"] == 0);
}

TEST_CASE("7.8 the defender wins ties; 7.92 the attackers retreat where they came from") {
  State s = blank();
  // Two French Indians (column 2) attack two British Indians (column 2) in the wilderness.
  put(s, "br_ind_mohawk_1", "oswego");
  put(s, "br_ind_mohawk_2", "oswego");
  put(s, "fr_ind_huron", "oswego");
  put(s, "fr_ind_ottawa", "oswego");
  BattleState b;
  b.where = sp("oswego");
  b.attacker = Side::french;
  b.attacker_from = sp("onondaga");
  b.attackers = {pc("fr_ind_huron"), pc("fr_ind_ottawa")};
  set_dice(s, {4, 4});  // 1 hit each
  begin_battle(s, b);
  act(s, "roll");
  CHECK(s.battle->attacker_result == 1);
  CHECK(s.battle->defender_result == 1);
  while (s.battle && s.battle->stage == BattleStage::losses) act(s, "piece", args(s, "piece").front());
  CHECK(!s.battle);
  CHECK(s.space_of(pc("fr_ind_huron")) == sp("onondaga"));
  CHECK(s.space_of(pc("fr_ind_ottawa")) == sp("onondaga"));
  CHECK(s.space_of(pc("br_ind_mohawk_1")) == sp("oswego"));
  CHECK(s.active == Side::french);
}

TEST_CASE("7.8 when both sides are eliminated the higher CRT result wins") {
  State s = blank();
  put(s, "br_ind_mohawk_1", "oswego", true);
  put(s, "fr_ind_huron", "oswego", true);
  put(s, "fr_ind_ottawa", "oswego", true);
  BattleState b;
  b.where = sp("oswego");
  b.attacker = Side::french;
  b.attacker_from = sp("onondaga");
  b.attackers = {pc("fr_ind_huron"), pc("fr_ind_ottawa")};
  set_dice(s, {6, 6});  // strength 0 vs 0? reduced Indians have 0 strength: column 0, row 6 = 1 hit each
  begin_battle(s, b);
  act(s, "roll");
  // Both results are 1; the French lose one Indian of two, the British their only one.
  if (s.battle) act(s, "piece", args(s, "piece").front());
  CHECK(s.space_of(pc("br_ind_mohawk_1")) == no_space);
}

TEST_CASE("7.81 one VP for beating a side with a Regular; 7.82 overrun") {
  State s = blank();
  put(s, "br_reg_15th", "oswego", true);
  auto b = french_attack(s, "oswego", "onondaga");
  set_dice(s, {4, 1});  // 5 hits on one reduced regular; the British roll 1 on column 2: nothing
  const int vp = s.vp;
  begin_battle(s, b);
  act(s, "roll");
  CHECK(!s.battle);
  CHECK(s.vp == vp + 1);
  CHECK(s.rule_events["overruns"] == 1);
  CHECK(s.step == Step::movement);
}

TEST_CASE("7.81 no VP for beating four non-regular units") {
  State s = blank();
  put(s, "br_ind_mohawk_1", "oswego", true);
  auto b = french_attack(s, "oswego", "onondaga");
  set_dice(s, {4, 1});
  const int vp = s.vp;
  begin_battle(s, b);
  act(s, "roll");
  CHECK(s.vp == vp);
}

TEST_CASE("7.92 defenders: Drilled Troops to cultivated or friendly fortification, never into the enemy") {
  State s = blank();
  // Raystown (wilderness): Carlisle (cultivated), Wills Creek, Juniata, Allegheny Central, Laurel Ridge North.
  put(s, "br_li_howes", "raystown");
  put(s, "br_li_scotts", "raystown");
  put(s, "br_ind_mohawk_1", "raystown");
  put(s, "br_ind_mohawk_2", "raystown");
  put(s, "fr_ind_ottawa", "juniata");  // enemy-occupied
  s.change_space(sp("wills_creek")).stockade = Side::british;
  auto b = french_attack(s, "raystown", "laurel_ridge_north");
  set_dice(s, {1, 1});  // column 17-21, roll 1-1 (7.52): 2 hits on 8 steps
  begin_battle(s, b);
  act(s, "roll");
  attacker_takes_losses(s);
  while (s.battle && s.battle->stage == BattleStage::losses) act(s, "piece", args(s, "piece").front());
  REQUIRE(s.battle);
  REQUIRE(s.battle->stage == BattleStage::retreat);
  CHECK(s.active == Side::british);
  // Whoever survived: pick each piece and check its options.
  for (const auto& id : args(s, "piece")) {
    act(s, "piece", id);
    const auto options = args(s, "space");
    CHECK(std::find(options.begin(), options.end(), "juniata") == options.end());
    CHECK(std::find(options.begin(), options.end(), "laurel_ridge_north") == options.end());
    if (is_drilled_troops(s, pc(id)))
      CHECK(options == std::vector<std::string>{"carlisle", "wills_creek"});
    else
      CHECK(std::find(options.begin(), options.end(), "allegheny_central") != options.end());
    act(s, "space", options.front());
  }
  CHECK(!s.battle);
}

TEST_CASE("8.13 defenders retreat inside their fort; 8.21 Siege 0") {
  State s = blank();
  s.change_space(sp("raystown")).fort = Side::british;
  put(s, "br_ind_mohawk_1", "raystown");
  put(s, "br_ind_mohawk_2", "raystown");
  auto b = french_attack(s, "raystown", "laurel_ridge_north");
  set_dice(s, {1, 1});  // column 17-21, roll 1-1 (7.52): 2 hits on 4 steps
  begin_battle(s, b);
  act(s, "roll");
  while (s.battle && s.battle->stage == BattleStage::losses) act(s, "piece", args(s, "piece").front());
  REQUIRE(s.battle);
  CHECK(has_verb(s, "inside"));
  act(s, "inside");
  CHECK(!s.battle);
  const auto survivors = units_in(s, sp("raystown"), Side::british);
  REQUIRE(!survivors.empty());
  for (PieceIndex p : survivors) CHECK(s.piece(p).inside);
  CHECK(s.space(sp("raystown")).siege_level == 0);
}

TEST_CASE("8.252 besieged attackers who lose go back inside") {
  State s = blank();
  s.change_space(sp("raystown")).fort = Side::french;
  s.change_space(sp("raystown")).siege_level = 0;
  put(s, "fr_ind_huron", "raystown");
  s.change_piece(pc("fr_ind_huron")).inside = true;
  for (const char* id : {"br_reg_15th", "br_reg_17th", "br_reg_22nd", "br_reg_27th", "br_reg_28th", "br_reg_35th"})
    put(s, id, "raystown");
  s.activation = ActivationState{};
  s.activation->stage = ActivationStage::acting;
  s.activation->current = pc("fr_ind_huron");
  BattleState b;
  b.where = sp("raystown");
  b.attacker = Side::french;
  b.context = BattleContext::break_siege;
  b.attackers = {pc("fr_ind_huron")};
  set_dice(s, {1, 1});  // French column 1: 0; British column 17-21 roll 1: 3 hits — eliminates the Huron
  begin_battle(s, b);
  act(s, "roll");
  CHECK(s.space_of(pc("fr_ind_huron")) == no_space);
  CHECK(s.space(sp("raystown")).siege_level == 0);
}

TEST_CASE("8.252 surviving besieged attackers who lose stay inside") {
  State s = blank();
  s.change_space(sp("raystown")).fort = Side::french;
  s.change_space(sp("raystown")).siege_level = 0;
  put(s, "fr_reg_bearn", "raystown");
  s.change_piece(pc("fr_reg_bearn")).inside = true;
  put(s, "br_ind_mohawk_1", "raystown");
  s.activation = ActivationState{};
  s.activation->stage = ActivationStage::acting;
  s.activation->current = pc("fr_reg_bearn");
  BattleState b;
  b.where = sp("raystown");
  b.attacker = Side::french;
  b.context = BattleContext::break_siege;
  b.attackers = {pc("fr_reg_bearn")};
  set_dice(s, {1, 6});  // French column 3 roll 1: 0 (and -1 for 7.52); British column 1 roll 6: 1 hit
  begin_battle(s, b);
  act(s, "roll");
  CHECK(!s.battle);
  CHECK(s.space_of(pc("fr_reg_bearn")) == sp("raystown"));
  CHECK(s.piece(pc("fr_reg_bearn")).reduced);
  CHECK(s.piece(pc("fr_reg_bearn")).inside);
}

namespace {
State assault_position(bool fortress, int attacker_die, int defender_die) {
  State s = blank();
  const char* where = fortress ? "oswego" : "raystown";
  if (fortress) {
    // Use a real fortress space: Albany (British).
    where = "albany";
  } else {
    s.change_space(sp(where)).fort = Side::british;
  }
  s.change_space(sp(where)).siege_level = fortress ? 2 : 1;
  put(s, "br_ind_mohawk_1", where);
  s.change_piece(pc("br_ind_mohawk_1")).inside = true;
  for (const char* id : {"fr_reg_2_berry", "fr_reg_3_berry", "fr_reg_artois", "fr_reg_bourgogne", "fr_reg_bearn",
                         "fr_reg_cambis", "fr_montcalm"})
    put(s, id, where);
  s.activation = ActivationState{};
  s.activation->stage = ActivationStage::acting;
  s.activation->force = true;
  s.activation->commander = pc("fr_montcalm");
  set_dice(s, {attacker_die, defender_die, 2, 2});
  return s;
}
}  // namespace

TEST_CASE("9.22 capturing a fort: fort under construction, defenders eliminated, 2 VP") {
  State s = assault_position(false, 5, 1);
  const int vp = s.vp;
  begin_assault(s, sp("raystown"), Side::french, pc("fr_montcalm"));
  CHECK(s.rule_events["assaults"] == 1);
  act(s, "roll");
  attacker_takes_losses(s);
  CHECK(!s.battle);
  CHECK(s.rule_events["assaults_won"] == 1);
  CHECK(!s.space(sp("raystown")).fort);
  CHECK(s.space(sp("raystown")).fort_under_construction == Side::french);
  CHECK(!s.space(sp("raystown")).siege_level);
  CHECK(s.space_of(pc("br_ind_mohawk_1")) == no_space);
  CHECK(s.vp == vp + 2);
}

TEST_CASE("9.22 capturing a fortress changes its owner, 3 VP") {
  State s = assault_position(true, 5, 1);
  const int vp = s.vp;
  begin_assault(s, sp("albany"), Side::french, pc("fr_montcalm"));
  act(s, "roll");
  attacker_takes_losses(s);
  CHECK(s.space(sp("albany")).fortress_owner == Side::french);
  CHECK(s.vp == vp + 3);
}

TEST_CASE("9.2 an empty fort defends on the 0 column; 9.21 the defender wins ties") {
  State s = blank();
  s.change_space(sp("raystown")).fort = Side::british;
  s.change_space(sp("raystown")).siege_level = 1;
  put(s, "fr_ind_huron", "raystown");  // strength 1, one column left: column 0
  s.activation = ActivationState{};
  s.activation->stage = ActivationStage::acting;
  s.activation->force = true;
  set_dice(s, {6, 6});  // 1 hit each on column 0
  begin_assault(s, sp("raystown"), Side::french, -1);
  act(s, "roll");
  CHECK(s.rule_events["assaults_won"] == 0);
  CHECK(s.space(sp("raystown")).fort == Side::british);
  CHECK(s.space(sp("raystown")).siege_level == 1);
  CHECK(s.piece(pc("fr_ind_huron")).reduced);
}

TEST_CASE("7.3 militia deploy in their Department unless the enemy raided it") {
  State s = blank();
  const int box = *data().find_militia_box("militia_box_northern");
  s.change_piece(pc("br_militia_1")).location = Location::in_militia_box(box);
  s.change_piece(pc("br_militia_2")).location = Location::in_militia_box(box);
  put(s, "br_ind_mohawk_1", "schenectady");
  auto b = french_attack(s, "schenectady", "canajoharie");
  State raided = s;
  begin_battle(s, b);
  CHECK(s.battle->stage == BattleStage::militia);
  CHECK(s.active == Side::british);
  CHECK(args(s, "piece") == std::vector<std::string>{"br_militia_1", "br_militia_2"});
  act(s, "piece", "br_militia_1");
  CHECK(s.space_of(pc("br_militia_1")) == sp("schenectady"));
  CHECK(s.rule_events["militia_deployments"] == 1);
  CHECK(State::from_json(s.to_json()) == s);
  act(s, "done");
  CHECK(s.battle->stage == BattleStage::roll);
  CHECK(s.active == Side::french);
  // The exception: a French Raided marker in the Northern Department.
  raided.change_space(sp("albany")).raided[index_of(Side::french)] = 1;
  begin_battle(raided, b);
  CHECK(raided.battle->stage == BattleStage::roll);
}

TEST_CASE("7.54 stockade DRM, 7.55 fieldworks shift and 7.51 tactics on a known die") {
  State s = blank();
  s.change_space(sp("raystown")).stockade = Side::british;
  s.change_space(sp("raystown")).fieldworks = true;
  put(s, "br_reg_15th", "raystown");
  put(s, "br_reg_17th", "raystown");
  put(s, "br_braddock", "raystown");
  auto b = french_attack(s, "raystown", "laurel_ridge_north");
  put(s, "fr_montcalm", "raystown");
  b.attackers.push_back(pc("fr_montcalm"));
  b.attacker_commander = pc("fr_montcalm");
  set_dice(s, {4, 4});
  begin_battle(s, b);
  act(s, "roll");
  const auto& crt = data().tables.combat_results;
  const int montcalm = data().leader(pc("fr_montcalm")).tactics;
  const int braddock = data().leader(pc("br_braddock")).tactics;
  REQUIRE(s.battle);
  CHECK(s.battle->attacker_column == crt.column_for_strength(18) - 1);
  CHECK(s.battle->defender_column == crt.column_for_strength(6));
  CHECK(s.battle->attacker_drm == montcalm - 1);
  CHECK(s.battle->defender_drm == braddock);
  CHECK(s.battle->attacker_result == crt.step_losses(crt.column_for_strength(18) - 1, 4 + montcalm - 1));
}

TEST_CASE("6.432, 6.53 a British leader left alone in an Amphib space by a lost battle retreats by sea") {
  // Louisbourg besieged from an Amphib landing; the garrison attacks the besiegers (8.25) and
  // destroys their only unit. Monckton, alone, must retreat: the marker still stands while he is
  // there, so he may sail to any British-controlled port; once he is gone it is removed (6.431).
  json j = ww_test::position_to_play("french", {ww_test::activation_card(1)});
  ww_test::discard_response_cards(j);
  j["markers"]["louisbourg"] = {{"siege", 1}, {"amphib", true}};
  ww_test::place(j, "fr_reg_artois", "louisbourg", false, true);
  ww_test::place(j, "br_reg_15th", "louisbourg", true);
  ww_test::place(j, "br_monckton", "louisbourg");
  ww_test::ModuleGame g(j);
  set_dice(g.s, {6, 1, 4});  // the French hit; the British miss; Monckton survives his 7.7 roll
  g.act("french", "activate", ww_test::activation_card(1));
  g.act("french", "individual", "fr_reg_artois");
  g.act("french", "done");
  g.act("french", "attack");
  while (!g.actions("french").contains("roll")) g.act("french", "done");  // 8.251: nobody else joins
  g.act("french", "roll");
  CHECK(g.s.space_of(pc("br_reg_15th")) == no_space);
  const auto retreat = g.actions("british");
  INFO("listed: ", retreat.dump());
  CHECK(ww_test::lists(retreat, "space", "halifax"));
  CHECK(ww_test::lists(retreat, "space", "boston"));
  g.act("british", "space", "halifax");
  CHECK(g.s.space_of(pc("br_monckton")) == sp("halifax"));
  CHECK_FALSE(g.s.space(sp("louisbourg")).amphib);
}

}  // namespace battle_test
