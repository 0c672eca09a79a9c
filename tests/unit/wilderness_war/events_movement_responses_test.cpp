// Response cards in the movement windows (cards.md section 2): #14 Foul Weather, #16 George
// Croghan, #17-#20 Amphibious Landing, #15 Lake Schooner; cards.md "Hidden hands".
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/wilderness_war/activation.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/movement.hpp"
#include "engine/wilderness_war/setup.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_movement_responses_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

std::string role(Side side) { return side == Side::british ? "british" : "french"; }

json legal(const State& s) { return make_wilderness_war()->legal_actions(s, role(s.active)); }

void act(State& s, const std::string& verb, json arg = nullptr) {
  play_listed(s, role(s.active), verb, std::move(arg));
}

bool in_discard(const State& s, int card) {
  return std::find(s.discard.begin(), s.discard.end(), card) != s.discard.end();
}

}  // namespace

// --- #14 Foul Weather ---------------------------------------------------------------------------

TEST_CASE("#14 Foul Weather: the inactive player's window before the first step; no naval move, 2 spaces (6.2 note)") {
  json j = hands({14, 30}, {2});
  place(j, "br_webb", "boston");
  place(j, "br_reg_15th", "boston");
  State s = start_move(j, Side::british, {"br_webb", "br_reg_15th"}, "br_webb", 3);
  REQUIRE(s.move->stage == MoveStage::foul_weather);
  CHECK(s.active == Side::french);
  CHECK(legal(s) == json{{"play", {14}}, {"pass", true}});
  CHECK(s.rule_events["window_foul_weather"] == 1);
  act(s, "play", 14);
  CHECK(in_discard(s, 14));
  CHECK(s.rule_events["response_14"] == 1);
  CHECK(s.rule_events["event_14"] == 1);
  REQUIRE(s.active == Side::british);
  REQUIRE(s.move->stage == MoveStage::moving);
  CHECK_FALSE(legal(s).contains("naval"));  // 6.41 would allow it with a 3-value card
  act(s, "space", "gloucester");
  act(s, "space", "boston");
  CHECK_FALSE(s.move);  // 2 spaces, not the Regulars' 4: the move is over
  CHECK(s.space_of(pc("br_reg_15th")) == sp("boston"));
}

TEST_CASE("#14 Foul Weather: a leader alone and a boat move are also limited to 2 spaces") {
  json j = hands({14, 30}, {2});
  place(j, "br_webb", "boston");
  State s = start_move(j, Side::british, {"br_webb"});
  act(s, "play", 14);
  act(s, "space", "gloucester");
  act(s, "space", "boston");
  CHECK_FALSE(s.move);  // 6.21 would give 6
  json k = hands({14, 30}, {2});
  place(k, "br_reg_15th", "albany");
  State b = start_move(k, Side::british, {"br_reg_15th"});
  act(b, "play", 14);
  REQUIRE(legal(b).contains("boat"));
  act(b, "boat", legal(b)["boat"][0]);
  if (b.move && legal(b).contains("boat")) act(b, "boat", legal(b)["boat"][0]);
  CHECK((!b.move || !legal(b).contains("boat")));
  if (b.move) CHECK(b.move->spaces_moved <= 2);
}

TEST_CASE("#14 Foul Weather: hidden hands, the window opens for a player without the card and lists only pass") {
  json j = hands({30}, {2});
  place(j, "br_webb", "boston");
  place(j, "br_reg_15th", "boston");
  State s = start_move(j, Side::british, {"br_webb", "br_reg_15th"}, "br_webb", 3);
  REQUIRE(s.move->stage == MoveStage::foul_weather);
  CHECK(s.active == Side::french);
  CHECK(legal(s) == json{{"pass", true}});
  act(s, "pass");
  CHECK(s.active == Side::british);
  CHECK(legal(s).contains("naval"));
}

TEST_CASE("#14 Foul Weather: no window once the card is discarded, for an empty hand, or for besieged movers (8.25)") {
  json j = hands({30}, {2});
  place(j, "br_reg_15th", "albany");
  {
    json k = j;
    set_hand(k, "french", {});
    State s = start_move(k, Side::british, {"br_reg_15th"});
    CHECK(s.move->stage == MoveStage::moving);
    CHECK(s.active == Side::british);
  }
  {
    json k = j;
    discard_response_cards(k);
    State s = start_move(k, Side::british, {"br_reg_15th"});
    CHECK(s.move->stage == MoveStage::moving);
    CHECK(s.rule_events["window_foul_weather"] == 0);
  }
  {
    json k = j;
    k["markers"]["albany"] = {{"fort", "british"}, {"siege", 1}};
    place(k, "br_reg_15th", "albany", false, true);
    place(k, "fr_reg_bearn", "albany");
    State s = start_move(k, Side::british, {"br_reg_15th"});
    CHECK(s.move->stage == MoveStage::moving);
  }
}

namespace {
// The British activate Rogers and Goreham individually at Boston with a 2 card and pick Rogers to
// move first; the French hold `french_hand`.
State rogers_about_to_move(const std::vector<int>& french_hand) {
  json j = hands(french_hand, {2});
  place(j, "br_ranger_rogers", "boston");
  place(j, "br_ranger_goreham", "boston");
  State s = load(j);
  s.active = Side::british;
  begin_activation(s, activation_card(2));
  act(s, "individual", "br_ranger_rogers");
  act(s, "individual", "br_ranger_goreham");
  act(s, "done");
  act(s, "piece", "br_ranger_rogers");
  return s;
}
}  // namespace

TEST_CASE(
    "#14 Foul Weather: asked again for each activated piece while unaccounted; the effect ends with the move "
    "(cards.md section 4, reference)") {
  State s = rogers_about_to_move({14, 30});
  REQUIRE(s.move->stage == MoveStage::foul_weather);
  act(s, "play", 14);
  act(s, "space", "gloucester");
  act(s, "space", "boston");  // Rogers's move ends after 2 spaces
  // Goreham moves next: Foul Weather is spent, so no window, and no limit for him.
  REQUIRE(s.move);
  CHECK(s.move->stage == MoveStage::moving);
  CHECK_FALSE(s.move->foul_weather);
  act(s, "space", "gloucester");
  act(s, "space", "boston");
  CHECK(legal(s).contains("space"));
  CHECK(s.rule_events["window_foul_weather"] == 1);
}

TEST_CASE("#14 Foul Weather: declined for the first piece, the window opens again for the second") {
  State s = rogers_about_to_move({30});
  act(s, "pass");
  act(s, "stop");
  REQUIRE(s.move);
  CHECK(s.move->stage == MoveStage::foul_weather);
  CHECK(s.rule_events["window_foul_weather"] == 2);
}

// --- #16 George Croghan -------------------------------------------------------------------------

TEST_CASE("#16 George Croghan: Drilled Troops ignore the wilderness stop of 6.2; mountains still stop") {
  json j = hands({30}, {16, 2});
  discard_response_cards(j);
  set_hand(j, "british", {16, 2});
  place(j, "br_reg_15th", "albany");
  State s = start_move(j, Side::british, {"br_reg_15th"});
  REQUIRE(s.move->stage == MoveStage::moving);
  CHECK(s.rule_events["window_george_croghan"] == 1);
  CHECK(args_of(legal(s), "play") == std::vector<std::string>{"16"});
  act(s, "play", 16);
  CHECK(s.move->george_croghan);
  CHECK(in_discard(s, 16));
  CHECK(s.rule_events["response_16"] == 1);
  CHECK_FALSE(legal(s).contains("play"));
  act(s, "space", "hudson_carry_south");
  act(s, "space", "hudson_carry_north");
  REQUIRE(s.move);  // without Croghan the Regulars stop here
  CHECK(lists(legal(s), "space", "ticonderoga"));
  act(s, "space", "adirondacks_central");  // a mountain still stops them
  CHECK_FALSE(s.move);
}

TEST_CASE("#16 George Croghan: after the French Foul Weather window; only for Drilled Troops before the first step") {
  json j = hands({30}, {16, 2});
  place(j, "br_reg_15th", "albany");
  State s = start_move(j, Side::british, {"br_reg_15th"});
  REQUIRE(s.move->stage == MoveStage::foul_weather);
  CHECK(s.rule_events["window_george_croghan"] == 0);
  CHECK(legal(s) == json{{"pass", true}});  // the French see nothing of Croghan
  act(s, "pass");
  CHECK(s.rule_events["window_george_croghan"] == 1);
  CHECK(lists(legal(s), "play", "16"));
  act(s, "space", "hudson_carry_south");
  CHECK_FALSE(legal(s).contains("play"));  // the first step was taken
  json k = hands({30}, {16, 2});
  discard_response_cards(k);
  set_hand(k, "british", {16, 2});
  place(k, "br_ranger_rogers", "albany");  // Auxiliaries only
  State t = start_move(k, Side::british, {"br_ranger_rogers"});
  CHECK_FALSE(legal(t).contains("play"));
  CHECK(t.rule_events["window_george_croghan"] == 0);
}

TEST_CASE("#16 George Croghan: the window counts for a British player without the card; nothing to play") {
  json j = hands({30}, {2});
  discard_response_cards(j);
  j["draw_pile"].push_back(16);
  j["discard"].erase(std::find(j["discard"].begin(), j["discard"].end(), 16));
  place(j, "br_reg_15th", "albany");
  State s = start_move(j, Side::british, {"br_reg_15th"});
  CHECK(s.rule_events["window_george_croghan"] == 1);
  CHECK_FALSE(legal(s).contains("play"));
}

// --- #17-#20 Amphibious Landing -----------------------------------------------------------------

TEST_CASE("#17-#20 Amphibious Landing: any held copy; the lowest is spent; Amphib marker and Siege 0 (6.431)") {
  for (int card = 17; card <= 20; ++card) {
    json j = hands({30}, {card, 2});
    discard_response_cards(j);
    set_hand(j, "british", {card, 2});
    place(j, "br_wolfe", "halifax");
    place(j, "br_reg_15th", "halifax");
    State s = start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
    CHECK(s.rule_events["window_amphibious_landing"] == 1);
    CHECK(lists(legal(s), "amphibious", "louisbourg"));
    act(s, "amphibious", "louisbourg");
    CHECK(in_discard(s, card));
    CHECK(s.rule_events["response_" + std::to_string(card)] == 1);
    CHECK(s.space(sp("louisbourg")).amphib);
    CHECK(s.space(sp("louisbourg")).siege_level == 0);
  }
  json j = hands({30}, {20, 18, 2});
  place(j, "br_wolfe", "halifax");
  place(j, "br_reg_15th", "halifax");
  discard_response_cards(j);
  set_hand(j, "british", {18, 20, 2});
  State s = start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
  CHECK(s.rule_events["window_amphibious_landing"] == 1);
  act(s, "amphibious", "louisbourg");
  CHECK(in_discard(s, 18));
  CHECK(std::find(s.player(Side::british).hand.begin(), s.player(Side::british).hand.end(), 20) !=
        s.player(Side::british).hand.end());
}

TEST_CASE("#17 Amphibious Landing: after Foul Weather no landing; the window opens for a British hand without it") {
  json j = hands({14, 30}, {17, 2});
  place(j, "br_wolfe", "halifax");
  place(j, "br_reg_15th", "halifax");
  State s = start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
  REQUIRE(s.move->stage == MoveStage::foul_weather);
  act(s, "play", 14);
  CHECK_FALSE(legal(s).contains("amphibious"));
  CHECK(s.rule_events["window_amphibious_landing"] == 0);
  json k = hands({30}, {2});
  place(k, "br_wolfe", "halifax");
  place(k, "br_reg_15th", "halifax");
  State t = start_move(k, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
  act(t, "pass");
  CHECK(t.rule_events["window_amphibious_landing"] == 1);
  CHECK_FALSE(legal(t).contains("amphibious"));
}

TEST_CASE("#17 Amphibious Landing: a force needs a 3-value card (6.41); not in a No Amphib year; port control") {
  json j = hands({30}, {17, 2});
  discard_response_cards(j);
  set_hand(j, "british", {17, 2});
  place(j, "br_wolfe", "halifax");
  place(j, "br_reg_15th", "halifax");
  CHECK_FALSE(legal(start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 2)).contains("amphibious"));
  CHECK(lists(legal(start_move(j, Side::british, {"br_reg_15th"}, "", 1)), "amphibious", "louisbourg"));  // 6.42
  {
    State s = start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
    s.year_track.no_amphib = true;
    CHECK_FALSE(legal(s).contains("amphibious"));
  }
  json k = hands({30}, {17, 2});
  discard_response_cards(k);
  set_hand(k, "british", {17, 2});
  place(k, "br_reg_15th", "louisbourg");  // Louisbourg's fortress is still French: no British control
  CHECK_FALSE(legal(start_move(k, Side::british, {"br_reg_15th"}, "", 1)).contains("amphibious"));
  k["fortresses"]["louisbourg"] = "british";  // captured (6.431 play note)
  State u = start_move(k, Side::british, {"br_reg_15th"}, "", 1);
  for (const char* to : {"baie_st_paul", "riviere_ouelle", "ile_d_orleans"}) CHECK(lists(legal(u), "amphibious", to));
}

TEST_CASE("#17 Amphibious Landing: against enemy units the battle has the amphibious DRM (7.54)") {
  json j = hands({30}, {17, 2});
  discard_response_cards(j);
  set_hand(j, "british", {17, 2});
  place(j, "br_wolfe", "halifax");
  place(j, "br_reg_15th", "halifax");
  place(j, "fr_reg_bearn", "louisbourg");
  State s = start_move(j, Side::british, {"br_wolfe", "br_reg_15th"}, "br_wolfe", 3);
  act(s, "amphibious", "louisbourg");
  for (int guard = 0; guard < 10 && s.move && !s.battle; ++guard) {
    if (s.move->stage == MoveStage::inside)
      act(s, "done");
    else
      act(s, "pass");
  }
  REQUIRE(s.battle);
  CHECK(s.battle->amphibious);
}

// --- #15 Lake Schooner --------------------------------------------------------------------------

TEST_CASE("#15 Lake Schooner: after a lakeshore step into a fortification, before interception; back, movement over") {
  json j = hands({15, 30}, {2});
  j["markers"]["ticonderoga"] = {{"fort", "french"}};
  place(j, "br_reg_15th", "hudson_carry_north");
  place(j, "fr_reg_bearn", "crown_point");  // could intercept into Ticonderoga
  State s = start_move(j, Side::british, {"br_reg_15th"});
  act(s, "pass");  // Foul Weather
  act(s, "space", "ticonderoga");
  REQUIRE(s.move->stage == MoveStage::lake_schooner);
  CHECK(s.active == Side::french);
  CHECK(s.rule_events["window_lake_schooner"] == 1);
  CHECK(legal(s) == json{{"play", {15}}, {"pass", true}});
  act(s, "play", 15);
  CHECK(in_discard(s, 15));
  CHECK(s.rule_events["response_15"] == 1);
  CHECK(s.space_of(pc("br_reg_15th")) == sp("hudson_carry_north"));
  CHECK_FALSE(s.move);  // its movement is over
  CHECK_FALSE(s.space(sp("ticonderoga")).siege_level);
}

TEST_CASE("#15 Lake Schooner: hidden hands, the window opens for a player without it; pass goes on to interception") {
  json j = hands({30}, {2});
  j["markers"]["ticonderoga"] = {{"fort", "french"}, {"siege", 1}};  // besieged: still the French fortification
  place(j, "br_reg_15th", "hudson_carry_north");
  place(j, "fr_reg_bearn", "crown_point");
  State s = start_move(j, Side::british, {"br_reg_15th"});
  act(s, "pass");
  act(s, "space", "ticonderoga");
  REQUIRE(s.move->stage == MoveStage::lake_schooner);
  CHECK(legal(s) == json{{"pass", true}});
  act(s, "pass");
  CHECK(s.move->stage == MoveStage::intercept);
  CHECK(s.active == Side::french);
}

TEST_CASE("#15 Lake Schooner: no window along a land connection, into a friendly fortification, or once discarded") {
  json j = hands({15, 30}, {2});
  j["markers"]["ticonderoga"] = {{"fort", "french"}};
  place(j, "br_reg_15th", "wood_creek");  // Wood Creek - Ticonderoga is a land connection
  State s = start_move(j, Side::british, {"br_reg_15th"});
  act(s, "pass");
  act(s, "space", "ticonderoga");
  CHECK(s.rule_events["window_lake_schooner"] == 0);
  json k = hands({15, 30}, {2});
  k["markers"]["ticonderoga"] = {{"fort", "british"}};
  place(k, "br_reg_15th", "hudson_carry_north");
  State t = start_move(k, Side::british, {"br_reg_15th"});
  act(t, "pass");
  act(t, "space", "ticonderoga");
  CHECK(t.rule_events["window_lake_schooner"] == 0);
  json l = hands({30}, {2});
  discard_response_cards(l);
  l["markers"]["ticonderoga"] = {{"fort", "french"}};
  place(l, "br_reg_15th", "hudson_carry_north");
  State u = start_move(l, Side::british, {"br_reg_15th"});
  act(u, "space", "ticonderoga");
  CHECK(u.rule_events["window_lake_schooner"] == 0);
}

TEST_CASE("#15 Lake Schooner: an infiltrator forced back into an enemy-occupied space is eliminated (6.63)") {
  json j = hands({30}, {15, 2});
  j["markers"]["ticonderoga"] = {{"stockade", "british"}};
  place(j, "fr_ind_huron", "adirondacks_south");
  place(j, "br_prov_new_york_1", "hudson_carry_north");
  State s = start_move(j, Side::french, {"fr_ind_huron"});
  if (s.move->stage == MoveStage::foul_weather) act(s, "pass");
  act(s, "infiltrate", "hudson_carry_north");
  if (s.move->stage == MoveStage::intercept) act(s, "pass");
  REQUIRE(s.active == Side::french);
  act(s, "space", "ticonderoga");
  REQUIRE(s.move->stage == MoveStage::lake_schooner);
  act(s, "play", 15);
  CHECK_FALSE(s.move);
  CHECK(s.space_of(pc("fr_ind_huron")) == no_space);
  CHECK(s.rule_events["lake_schooner_eliminations"] == 1);
}

}  // namespace events_movement_responses_test
