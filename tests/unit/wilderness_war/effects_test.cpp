// The map's continuous rules, applied after every action (effects.cpp).
#include <doctest/doctest.h>

#include "engine/wilderness_war/effects.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace effects_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {}  // namespace

TEST_CASE("8.232 a siege ends when no besieger is left; the besieged come outside") {
  json j = cleared_position();
  j["markers"]["oswego"] = {{"fort", "french"}, {"siege", 1}};
  place(j, "fr_md_1", "oswego", false, true);
  State s = load(j);
  settle_map(s);
  CHECK_FALSE(s.space(sp("oswego")).siege_level);
  CHECK_FALSE(s.piece(game_data().piece_index("fr_md_1")).inside);

  place(j, "br_reg_15th", "oswego");  // a besieger outside keeps the siege
  State besieged = load(j);
  settle_map(besieged);
  CHECK(besieged.space(sp("oswego")).siege_level == 1);
  CHECK(besieged.piece(game_data().piece_index("fr_md_1")).inside);
}

TEST_CASE("8.24 exception: a captured fortress left empty reverts to its original side, who gains 3 VP") {
  json j = cleared_position();
  j["fortresses"]["quebec"] = "british";
  j["vp"] = 0;
  State s = load(j);
  settle_map(s);
  CHECK(s.space(sp("quebec")).fortress_owner == Side::french);
  CHECK(s.vp == 3);

  place(j, "br_reg_15th", "quebec");  // held by a British unit: stays British
  State held = load(j);
  settle_map(held);
  CHECK(held.space(sp("quebec")).fortress_owner == Side::british);
  CHECK(held.vp == 0);
}

TEST_CASE("6.431 an Amphib marker goes when French Drilled Troops alone occupy its space") {
  json j = cleared_position();
  j["markers"]["baie_st_paul"] = {{"amphib", true}};
  place(j, "fr_reg_bearn", "baie_st_paul");
  State s = load(j);
  settle_map(s);
  CHECK_FALSE(s.space(sp("baie_st_paul")).amphib);

  place(j, "br_reg_15th", "baie_st_paul");
  State shared = load(j);
  settle_map(shared);
  CHECK(shared.space(sp("baie_st_paul")).amphib);
}

TEST_CASE("5.45 a fort under construction goes when enemy Drilled Troops alone occupy its space") {
  json j = cleared_position();
  j["markers"]["ticonderoga"] = {{"fort_under_construction", "french"}};
  place(j, "br_reg_15th", "ticonderoga");
  State s = load(j);
  settle_map(s);
  CHECK_FALSE(s.space(sp("ticonderoga")).fort_under_construction);
}

TEST_CASE("13.23 Niagara changes hands when solely occupied by the other side: 1 VP") {
  json j = cleared_position();
  j["vp"] = 2;
  place(j, "br_reg_15th", "niagara");
  State s = load(j);
  settle_map(s);
  CHECK(s.vp == 1);  // one VP toward the British
  settle_map(s);     // only once
  CHECK(s.vp == 1);
  CHECK(s.to_json()["vp_spaces"]["niagara"] == "british");
}

TEST_CASE("5.532 an Allied marker goes when no Indian of the settlement is on the map") {
  json j = cleared_position();
  j["markers"]["mingo_town"] = {{"allied", "french"}};
  place(j, "fr_ind_mingo_1", "logstown");
  State with_mingo = load(j);
  settle_map(with_mingo);
  CHECK(with_mingo.space(sp("mingo_town")).allied == Side::french);
  j["pieces"].erase("fr_ind_mingo_1");
  State without = load(j);
  settle_map(without);
  CHECK_FALSE(without.space(sp("mingo_town")).allied);
}

}  // namespace effects_test
