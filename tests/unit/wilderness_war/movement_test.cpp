// The movement procedure (6.0-6.8) and the inside/outside declaration (8.1), driven directly.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/movement.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/state.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace movement_test {

using nlohmann::json;
using namespace warpath::wilderness_war;
using ww_test::start_move;

namespace {

json empty_map() {
  auto module = make_wilderness_war();
  json j = module->setup("annus_mirabilis", json::object(), 1)->to_json();
  j["pieces"] = json::object();
  j["markers"] = json::object();
  ww_test::discard_response_cards(j);  // no response window (tested in events_movement_responses_test)
  return j;
}

void put(json& j, const std::string& piece, const std::string& at) {
  j["pieces"][piece] = {{"at", at}, {"reduced", false}, {"inside", false}};
}

// Moves card `number` into `side`'s hand, wherever it was.
void give_card(json& j, const std::string& side, int number) {
  auto drop = [&](json& list) {
    json kept = json::array();
    for (const auto& c : list)
      if (c != number) kept.push_back(c);
    list = kept;
  };
  drop(j["draw_pile"]);
  drop(j["discard"]);
  drop(j["removed"]);
  for (const char* other : {"french", "british"}) drop(j["players"][other]["hand"]);
  auto& hand = j["players"][side]["hand"];
  hand.push_back(number);
  std::sort(hand.begin(), hand.end());
}

PieceIndex P(const State& s, const std::string& id) { return s.data().piece_index(id); }
SpaceIndex S(const State& s, const std::string& id) { return s.data().space_index(id); }

json legal(const State& s) {
  ActionList out;
  list_movement_actions(s, out);
  return out.release();
}

bool listed(const State& s, const std::string& verb, const std::string& arg = "") {
  const json l = legal(s);
  if (!l.contains(verb)) return false;
  if (arg.empty()) return true;
  const auto& v = l[verb];
  return v.is_array() && std::find(v.begin(), v.end(), arg) != v.end();
}

void act(State& s, const std::string& verb, const json& arg = nullptr) {
  REQUIRE_MESSAGE(listed(s, verb, arg.is_string() ? arg.get<std::string>() : ""), verb, " ", arg.dump());
  apply_movement(s, {verb, arg});
  settle_map(s);
}

// A seed whose first die roll is `die`.
std::uint64_t seed_rolling(int die) {
  for (std::uint64_t seed = 1;; ++seed) {
    warpath::engine::Rng r(seed);
    if (r.roll(6) == die) return seed;
  }
}

bool battle_logged(const State& s, const std::string& space) {
  return std::any_of(s.log.begin(), s.log.end(),
                     [&](const LogLine& l) { return l.verb == "battle" && l.arg == space; });
}

}  // namespace

TEST_CASE("6.6 example: the Shawnee infiltrates Woodstock to Culpeper; 6.724 the Woodstock unit may not follow") {
  json j = empty_map();
  put(j, "fr_ind_shawnee_1", "allegheny_south");
  put(j, "br_prov_virginia_1", "woodstock");
  put(j, "br_prov_virginia_2", "augusta");
  State s = start_move(j, Side::french, {"fr_ind_shawnee_1"});
  CHECK(listed(s, "infiltrate", "woodstock"));
  act(s, "infiltrate", "woodstock");
  REQUIRE(s.move->stage == MoveStage::intercept);
  CHECK(s.active == Side::british);
  CHECK(listed(s, "piece", "br_prov_virginia_1"));  // 6.62: within the same space
  CHECK(listed(s, "piece", "br_prov_virginia_2"));  // adjacent Augusta
  s.rng = warpath::engine::Rng(seed_rolling(2));
  act(s, "piece", "br_prov_virginia_1");
  CHECK(State::from_json(s.to_json()) == s);
  act(s, "intercept");
  CHECK(s.rule_events["interceptions_tried"] == 1);
  CHECK(s.rule_events["interceptions_succeeded"] == 0);
  REQUIRE(s.move);
  CHECK(s.active == Side::french);
  CHECK(s.move->infiltrating);
  CHECK(s.rule_events["infiltrations"] == 1);
  act(s, "space", "culpeper");
  REQUIRE(s.move);
  REQUIRE(s.move->stage == MoveStage::intercept);
  CHECK(listed(s, "piece", "br_prov_virginia_2"));
  CHECK_FALSE(listed(s, "piece", "br_prov_virginia_1"));  // 6.724
  act(s, "pass");
  // Passing through enemy cultivated Woodstock, the auxiliary stops in the next space (6.2).
  CHECK_FALSE(s.move);
  CHECK(s.space_of(P(s, "fr_ind_shawnee_1")) == S(s, "culpeper"));
}

TEST_CASE("6.61 an infiltrator needs the allowance to get out again") {
  json j = empty_map();
  put(j, "fr_ind_shawnee_1", "allegheny_south");
  put(j, "br_prov_virginia_1", "woodstock");
  for (const char* sp : {"culpeper", "augusta", "ashbys_gap", "winchester", "allegheny_south"})
    j["markers"][sp] = {{"stockade", "british"}};
  State s = start_move(j, Side::french, {"fr_ind_shawnee_1"});
  for (const char* sp : {"culpeper", "augusta", "ashbys_gap", "winchester", "allegheny_south"})
    CHECK_MESSAGE(is_enemy_occupied(s, S(s, sp), Side::french), std::string(sp));
  // Every exit of Woodstock is enemy-occupied and Woodstock limits the Shawnee to one more space.
  CHECK_FALSE(listed(s, "infiltrate", "woodstock"));
  CHECK(listed(s, "space", "woodstock"));  // attacking is still possible
}

TEST_CASE("6.72 example: Ossipee, Concord and the Coureurs bound for Casco Bay and Portsmouth") {
  json j = empty_map();
  put(j, "fr_coureurs_boishebert_acadian", "white_mountains_north");
  put(j, "br_prov_new_hampshire", "ossipee");
  put(j, "br_prov_massachusetts_1", "ossipee");
  put(j, "br_ranger_armstrong", "ossipee");
  put(j, "br_prov_massachusetts_2", "concord");
  put(j, "br_prov_massachusetts_3", "concord");
  put(j, "br_bradstreet", "concord");
  State s = start_move(j, Side::french, {"fr_coureurs_boishebert_acadian"});
  act(s, "space", "casco_bay");
  REQUIRE(s.move->stage == MoveStage::intercept);
  // 6.721: into wilderness only a lone Auxiliary may intercept a lone Auxiliary.
  act(s, "piece", "br_prov_new_hampshire");
  CHECK_FALSE(listed(s, "intercept"));
  act(s, "piece", "br_prov_new_hampshire");
  act(s, "piece", "br_ranger_armstrong");
  CHECK(listed(s, "intercept"));
  CHECK_FALSE(listed(s, "piece", "br_prov_massachusetts_2"));  // Concord is not adjacent to Casco Bay
  act(s, "piece", "br_ranger_armstrong");
  act(s, "pass");
  REQUIRE(s.move);
  act(s, "space", "portsmouth");
  REQUIRE(s.move->stage == MoveStage::intercept);
  CHECK_FALSE(listed(s, "piece", "br_ranger_armstrong"));  // Ossipee is not adjacent to Portsmouth
  act(s, "piece", "br_prov_massachusetts_2");
  CHECK(listed(s, "intercept"));  // one individual unit
  act(s, "piece", "br_prov_massachusetts_3");
  CHECK_FALSE(listed(s, "intercept"));  // two units need a leader
  act(s, "piece", "br_bradstreet");
  CHECK(listed(s, "intercept"));
  s.rng = warpath::engine::Rng(seed_rolling(3));  // 3 + 1 for Bradstreet
  act(s, "intercept");
  CHECK(s.rule_events["interceptions_succeeded"] == 1);
  CHECK(s.space_of(P(s, "br_bradstreet")) == S(s, "portsmouth"));
  CHECK(s.space_of(P(s, "br_prov_massachusetts_3")) == S(s, "portsmouth"));
  CHECK(battle_logged(s, "portsmouth"));
}

TEST_CASE("6.2 Drilled Troops stop after passing through wilderness; friendly forts do not count; mountains stop") {
  json j = empty_map();
  put(j, "br_reg_15th", "albany");
  SUBCASE("wilderness") {
    State s = start_move(j, Side::british, {"br_reg_15th"});
    act(s, "space", "hudson_carry_south");
    act(s, "space", "hudson_carry_north");
    CHECK_FALSE(s.move);  // stopped in the next space
    CHECK(s.space_of(P(s, "br_reg_15th")) == S(s, "hudson_carry_north"));
  }
  SUBCASE("friendly stockade") {
    j["markers"]["hudson_carry_south"] = {{"stockade", "british"}};
    State s = start_move(j, Side::british, {"br_reg_15th"});
    act(s, "space", "hudson_carry_south");
    act(s, "space", "hudson_carry_north");
    REQUIRE(s.move);
    CHECK(listed(s, "space", "ticonderoga"));
    CHECK(listed(s, "space", "adirondacks_central"));
    act(s, "space", "adirondacks_central");  // mountain
    CHECK_FALSE(s.move);
  }
}

TEST_CASE("6.22 a force moves at its slowest unit; dropping it off lets the faster go on") {
  json j = empty_map();
  put(j, "br_webb", "boston");
  put(j, "br_reg_15th", "boston");
  put(j, "br_li_1_95th", "boston");
  State s = start_move(j, Side::british, {"br_webb", "br_reg_15th", "br_li_1_95th"}, "br_webb");
  for (const char* sp : {"gloucester", "boston", "gloucester", "boston"}) act(s, "space", sp);
  REQUIRE(s.move);
  CHECK_FALSE(listed(s, "space"));
  act(s, "drop", "br_reg_15th");
  CHECK(listed(s, "space", "gloucester"));
  act(s, "space", "gloucester");
  CHECK(s.space_of(P(s, "br_reg_15th")) == S(s, "boston"));
  CHECK(s.space_of(P(s, "br_li_1_95th")) == S(s, "gloucester"));
  CHECK(s.rule_events["land_moves"] == 1);
}

TEST_CASE("6.3 boat movement: water connections and one portage between friendly fortifications") {
  json j = empty_map();
  put(j, "br_reg_15th", "wood_creek");
  SUBCASE("no portage without fortifications") {
    State s = start_move(j, Side::british, {"br_reg_15th"});
    CHECK_FALSE(listed(s, "boat", "hudson_carry_south"));
  }
  SUBCASE("one portage only") {
    for (const char* sp : {"wood_creek", "hudson_carry_south", "hudson_carry_north"})
      j["markers"][sp] = {{"fort", "british"}};
    State s = start_move(j, Side::british, {"br_reg_15th"});
    act(s, "boat", "hudson_carry_south");
    CHECK(s.rule_events["boat_moves"] == 1);
    CHECK_FALSE(listed(s, "boat", "hudson_carry_north"));  // a second land connection
    CHECK_FALSE(listed(s, "space"));                       // 6.1: no mixing
    CHECK(listed(s, "boat", "albany"));
  }
}

TEST_CASE("6.41 a force naval moves only with a 3-value card; individuals with any card") {
  json j = empty_map();
  put(j, "br_webb", "boston");
  put(j, "br_reg_15th", "boston");
  {
    State s = start_move(j, Side::british, {"br_webb", "br_reg_15th"}, "br_webb", 1);
    CHECK_FALSE(listed(s, "naval"));
  }
  {
    State s = start_move(j, Side::british, {"br_webb", "br_reg_15th"}, "br_webb", 3);
    CHECK(listed(s, "naval", "new_york"));
    act(s, "naval", "new_york");
    CHECK(s.rule_events["naval_moves"] == 1);
    CHECK(s.space_of(P(s, "br_reg_15th")) == S(s, "new_york"));
  }
  {
    State s = start_move(j, Side::british, {"br_reg_15th"}, "", 1);
    CHECK(listed(s, "naval", "new_york"));
    CHECK_FALSE(listed(s, "naval", "quebec"));  // French-controlled
  }
}

TEST_CASE("6.43 amphibious landing needs an Amphibious Landing card and places an Amphib marker") {
  json j = empty_map();
  put(j, "br_wolfe", "halifax");
  put(j, "br_reg_15th", "halifax");
  give_card(j, "british", 17);
  {
    json k = j;
    for (auto& c : k["players"]["british"]["hand"]) k["discard"].push_back(c);
    k["players"]["british"]["hand"] = json::array();
    State s = start_move(k, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
    CHECK_FALSE(listed(s, "amphibious"));
  }
  CHECK_FALSE(listed(start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 2), "amphibious"));  // 6.41
  State s = start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
  s.year_track.no_amphib = true;
  CHECK_FALSE(listed(s, "amphibious"));
  s.year_track.no_amphib = false;
  act(s, "amphibious", "louisbourg");
  CHECK(s.rule_events["amphibious_landings"] == 1);
  CHECK(s.space(S(s, "louisbourg")).amphib);
  const auto& hand = s.player(Side::british).hand;
  CHECK(std::find(hand.begin(), hand.end(), 17) == hand.end());
  CHECK(std::find(s.discard.begin(), s.discard.end(), 17) != s.discard.end());
  CHECK(s.space(S(s, "louisbourg")).siege_level == 0);  // 6.51: no defenders outside
}

TEST_CASE("6.52 only Drilled Troops enter an unbesieged enemy fort; they besiege it") {
  json j = empty_map();
  j["markers"]["hudson_carry_south"] = {{"fort", "british"}};
  put(j, "fr_ind_huron", "albany");
  put(j, "fr_reg_2_berry", "albany");
  {
    State s = start_move(j, Side::french, {"fr_ind_huron"});
    CHECK_FALSE(listed(s, "space", "hudson_carry_south"));
  }
  State s = start_move(j, Side::french, {"fr_reg_2_berry"});
  act(s, "space", "hudson_carry_south");
  CHECK_FALSE(s.move);
  CHECK(s.space(S(s, "hudson_carry_south")).siege_level == 0);
  CHECK(s.rule_events["sieges_begun"] == 1);
}

TEST_CASE("5.45/6.51 Drilled Troops capture an unoccupied enemy stockade") {
  json j = empty_map();
  j["markers"]["hoosic"] = {{"stockade", "british"}};
  put(j, "fr_reg_2_berry", "albany");
  State s = start_move(j, Side::french, {"fr_reg_2_berry"});
  const int vp = s.vp;
  act(s, "space", "hoosic");
  CHECK_FALSE(s.move);
  CHECK(s.space(S(s, "hoosic")).stockade == Side::french);
  CHECK(s.vp == vp + 1);
}

TEST_CASE("6.53 leaders alone cannot enter enemy-occupied spaces nor be intercepted") {
  json j = empty_map();
  put(j, "fr_montcalm", "albany");
  put(j, "br_reg_15th", "hoosic");
  put(j, "br_prov_new_york_1", "schoharie");
  State s = start_move(j, Side::french, {"fr_montcalm"});
  CHECK_FALSE(listed(s, "space", "hoosic"));
  act(s, "space", "hudson_carry_south");
  REQUIRE(s.move);
  CHECK(s.move->stage == MoveStage::moving);  // 6.723: no interception
}

TEST_CASE("6.8 avoid battle: success moves the defenders (6.81), failure fights") {
  json j = empty_map();
  put(j, "fr_reg_2_berry", "albany");
  put(j, "br_prov_new_york_1", "hoosic");
  for (int die : {5, 2}) {
    CAPTURE(die);
    State s = start_move(j, Side::french, {"fr_reg_2_berry"});
    act(s, "space", "hoosic");
    REQUIRE(s.move->stage == MoveStage::avoid);
    CHECK(s.active == Side::british);
    act(s, "piece", "br_prov_new_york_1");
    s.rng = warpath::engine::Rng(seed_rolling(die));
    act(s, "avoid");
    CHECK(s.rule_events["avoid_battle_tried"] == 1);
    if (die == 5) {
      CHECK(s.rule_events["avoid_battle_succeeded"] == 1);
      REQUIRE(s.move->stage == MoveStage::avoid_destination);
      CHECK_FALSE(listed(s, "space", "albany"));  // where the attacker came from
      CHECK(listed(s, "space", "hudson_carry_south"));
      act(s, "space", "hudson_carry_south");
      CHECK(s.space_of(P(s, "br_prov_new_york_1")) == S(s, "hudson_carry_south"));
      // 6.82: the attackers may continue.
      REQUIRE(s.move);
      CHECK(s.active == Side::french);
      CHECK(listed(s, "space"));
      CHECK_FALSE(battle_logged(s, "hoosic"));
    } else {
      CHECK(s.rule_events["avoid_battle_succeeded"] == 0);
      CHECK(battle_logged(s, "hoosic"));
    }
  }
}

TEST_CASE("8.11 at most four units go inside a fort") {
  json j = empty_map();
  j["markers"]["hoosic"] = {{"fort", "british"}};
  put(j, "fr_reg_2_berry", "albany");
  const std::vector<std::string> defenders = {"br_prov_new_york_1", "br_prov_new_york_2", "br_prov_new_york_3",
                                              "br_prov_new_york_4", "br_prov_new_york_5"};
  for (const auto& d : defenders) put(j, d, "hoosic");
  put(j, "br_webb", "hoosic");
  State s = start_move(j, Side::french, {"fr_reg_2_berry"});
  act(s, "space", "hoosic");
  REQUIRE(s.move->stage == MoveStage::inside);
  for (int i = 0; i < 4; ++i) act(s, "piece", defenders[static_cast<std::size_t>(i)]);
  CHECK_FALSE(listed(s, "piece", defenders[4]));
  CHECK(listed(s, "piece", "br_webb"));  // any number of leaders
  act(s, "piece", "br_webb");
  CHECK(s.piece(P(s, "br_webb")).inside);
  CHECK(State::from_json(s.to_json()) == s);
  act(s, "done");
  CHECK(s.move->stage == MoveStage::avoid);  // 6.83: the declaration comes before avoid battle
}

TEST_CASE("6.85 defenders may not avoid from a space others tried to intercept into") {
  json j = empty_map();
  put(j, "fr_reg_2_berry", "albany");
  put(j, "br_prov_new_york_1", "hoosic");
  put(j, "br_prov_new_york_2", "northampton");
  State s = start_move(j, Side::french, {"fr_reg_2_berry"});
  act(s, "space", "hoosic");
  REQUIRE(s.move->stage == MoveStage::intercept);
  CHECK_FALSE(listed(s, "piece", "br_prov_new_york_1"));  // no interception within the space but of infiltrators
  act(s, "piece", "br_prov_new_york_2");
  s.rng = warpath::engine::Rng(seed_rolling(1));
  act(s, "intercept");
  CHECK(s.rule_events["interceptions_tried"] == 1);
  CHECK(s.space_of(P(s, "br_prov_new_york_2")) == S(s, "northampton"));  // failed: stays home
  CHECK(s.rule_events["avoid_battle_tried"] == 0);
  CHECK(battle_logged(s, "hoosic"));
}

TEST_CASE("6.53 enemy leaders left alone with the movers retreat (7.92: not where the movers came from)") {
  json j = empty_map();
  put(j, "fr_reg_2_berry", "albany");
  put(j, "br_webb", "hoosic");
  j["markers"]["northampton"] = {{"stockade", "french"}};
  State s = start_move(j, Side::french, {"fr_reg_2_berry"});
  act(s, "space", "hoosic");
  REQUIRE(s.move->stage == MoveStage::lone_leaders);
  CHECK(s.active == Side::british);
  CHECK_FALSE(listed(s, "space", "albany"));
  CHECK_FALSE(listed(s, "space", "northampton"));  // enemy fortification
  CHECK(listed(s, "space", "hudson_carry_south"));
  act(s, "space", "green_mountains_south");
  CHECK(s.space_of(P(s, "br_webb")) == S(s, "green_mountains_south"));
  REQUIRE(s.move);
  CHECK(s.active == Side::french);
  CHECK(s.move->stage == MoveStage::moving);
}

TEST_CASE("6.82 exception: when every defender avoids at an enemy stockade, Drilled Troops stop and capture it") {
  json j = empty_map();
  put(j, "fr_reg_2_berry", "albany");
  put(j, "br_prov_new_york_1", "hoosic");
  j["markers"]["hoosic"] = {{"stockade", "british"}};
  State s = start_move(j, Side::french, {"fr_reg_2_berry"});
  act(s, "space", "hoosic");
  REQUIRE(s.move->stage == MoveStage::avoid);
  act(s, "piece", "br_prov_new_york_1");
  s.rng = warpath::engine::Rng(seed_rolling(6));
  act(s, "avoid");
  act(s, "space", "northampton");
  CHECK_FALSE(s.move);
  CHECK(s.space(S(s, "hoosic")).stockade == Side::french);
  CHECK(s.rule_events["stockades_captured"] == 1);
}

}  // namespace movement_test
