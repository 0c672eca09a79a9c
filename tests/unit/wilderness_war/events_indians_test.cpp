// The Indian events, cards #23-#34 (cards.md).
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_indians_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

bool on_map_at(const State& s, const char* piece, const char* space) { return s.space_of(pc(piece)) == sp(space); }
bool eliminated(const State& s, const char* piece) { return !is_on_map(s, pc(piece)); }

json position_for(const std::string& side, int card) {
  json j = cleared_position();
  j["active"] = side;
  set_hand(j, side, {card, 1});
  return j;
}

bool may_play(const State& s, const std::string& side, int card) {
  auto module = make_wilderness_war();
  return lists(module->legal_actions(s, side), "event", std::to_string(card));
}

// Plays `card` for its event (it must be listed).
void play(State& s, const std::string& side, int card) {
  REQUIRE(may_play(s, side, card));
  play_listed(s, side, "event", card);
}

json actions(const State& s, const std::string& side) { return make_wilderness_war()->legal_actions(s, side); }
void act(State& s, const std::string& side, const std::string& verb, json arg = nullptr) {
  play_listed(s, side, verb, std::move(arg));
}

int last_roll(const State& s) {
  int roll = 0;
  for (const auto& line : s.log)
    if (line.verb == "roll") roll = line.arg.get<int>();
  return roll;
}

}  // namespace

// --- #33 Indians Desert -----------------------------------------------------------------------

TEST_CASE("#33 Indians Desert: eliminates up to two enemy Indians in the chosen space") {
  json j = position_for("french", 33);
  place(j, "br_ind_mohawk_1", "schenectady");
  place(j, "br_ind_mohawk_2", "schenectady");
  place(j, "br_ind_cherokee_1", "schenectady", true);
  place(j, "br_ind_cherokee_2", "albany");
  j["markers"]["canajoharie"] = {{"allied", "british"}};
  State s = load(j);
  play(s, "french", 33);
  CHECK(s.step == Step::event);
  auto a = actions(s, "french");
  CHECK(lists(a, "space", "schenectady"));
  CHECK(lists(a, "space", "albany"));
  act(s, "french", "space", "schenectady");
  a = actions(s, "french");
  CHECK(lists(a, "eliminate", "br_ind_cherokee_1"));
  CHECK_FALSE(lists(a, "eliminate", "br_ind_cherokee_2"));  // another space
  act(s, "french", "eliminate", "br_ind_mohawk_1");
  act(s, "french", "eliminate", "br_ind_mohawk_2");
  CHECK(s.step == Step::action_phase);  // two is the limit
  CHECK(eliminated(s, "br_ind_mohawk_1"));
  CHECK(eliminated(s, "br_ind_mohawk_2"));
  CHECK(on_map_at(s, "br_ind_cherokee_1", "schenectady"));
  CHECK_FALSE(s.space(sp("canajoharie")).allied);  // 5.532: no Mohawk left on the map
}

TEST_CASE("#33 Indians Desert: besieged Indians cannot desert (8.22); without targets nothing happens") {
  json j = position_for("british", 33);
  j["markers"]["niagara"] = {{"fort", "french"}, {"siege", 0}};
  place(j, "fr_ind_seneca", "niagara", false, true);
  place(j, "fr_reg_bearn", "niagara", false, true);
  place(j, "br_reg_15th", "niagara");
  State s = load(j);
  play(s, "british", 33);
  CHECK(s.step == Step::action_phase);
  CHECK(on_map_at(s, "fr_ind_seneca", "niagara"));
}

// --- #32 Treaty of Easton ---------------------------------------------------------------------

TEST_CASE("#32 Treaty of Easton: eliminates every unbesieged Western Indian") {
  json j = position_for("british", 32);
  j["markers"]["gists_station"] = {{"fort", "british"}};
  place(j, "br_reg_15th", "gists_station");
  place(j, "fr_ind_delaware_1", "kittaning");
  place(j, "fr_ind_shawnee_1", "venango", true);
  place(j, "fr_ind_huron", "venango");
  j["markers"]["kittaning"] = {{"allied", "french"}};
  j["markers"]["oswego"] = {{"fort", "british"}, {"siege", 1}};
  place(j, "fr_ind_mingo_1", "oswego");  // a besieger: not besieged himself
  place(j, "fr_reg_bearn", "oswego");
  place(j, "br_reg_17th", "oswego", false, true);
  j["markers"]["niagara"] = {{"fort", "french"}, {"siege", 0}};
  place(j, "fr_ind_mingo_2", "niagara", false, true);  // besieged: exempt
  place(j, "br_reg_22nd", "niagara");
  State s = load(j);
  play(s, "british", 32);
  CHECK(s.step == Step::action_phase);
  CHECK(eliminated(s, "fr_ind_delaware_1"));
  CHECK(eliminated(s, "fr_ind_shawnee_1"));
  CHECK(eliminated(s, "fr_ind_mingo_1"));
  CHECK(on_map_at(s, "fr_ind_mingo_2", "niagara"));
  CHECK(on_map_at(s, "fr_ind_huron", "venango"));  // not Western
  CHECK_FALSE(s.space(sp("kittaning")).allied);
  CHECK(std::find(s.removed.begin(), s.removed.end(), 32) != s.removed.end());
}

TEST_CASE("#32 Treaty of Easton: needs British Drilled Troops and fortification at or next to Ohio Forks") {
  json j = position_for("british", 32);
  j["markers"]["gists_station"] = {{"fort", "british"}};
  place(j, "br_reg_15th", "wills_creek");  // not adjacent to Ohio Forks
  place(j, "fr_ind_delaware_1", "kittaning");
  CHECK_FALSE(may_play(load(j), "british", 32));
  place(j, "br_reg_15th", "gists_station");
  j["markers"]["gists_station"] = {{"fort", "british"}, {"siege", 0}};
  place(j, "fr_reg_bearn", "gists_station");
  place(j, "br_reg_15th", "gists_station", false, true);
  CHECK_FALSE(may_play(load(j), "british", 32));  // besieged fortification
}

// --- #31 Cherokee Uprising --------------------------------------------------------------------

TEST_CASE("#31 Cherokee Uprising: the British lose 2 Regulars, 1 Southern Provincial and the Cherokees") {
  json j = position_for("french", 31);
  j["year_track"]["cherokees"] = "allied";
  place(j, "br_reg_15th", "winchester");
  place(j, "br_ra_1_60th", "winchester");
  place(j, "br_hl_1_42nd", "albany");
  place(j, "br_prov_virginia_1", "winchester");
  place(j, "br_ind_cherokee_1", "winchester");
  place(j, "br_prov_connecticut_1", "albany");
  State s = load(j);
  play(s, "french", 31);
  CHECK(s.step == Step::event);
  CHECK(s.active == Side::british);
  CHECK(eliminated(s, "br_ind_cherokee_1"));
  CHECK(eliminated(s, "br_prov_virginia_1"));  // the only one: no choice
  CHECK(s.year_track.cherokees == CherokeeStatus::uprising);
  auto a = actions(s, "british");
  CHECK(lists(a, "eliminate", "br_reg_15th"));
  CHECK(lists(a, "eliminate", "br_hl_1_42nd"));
  CHECK_FALSE(lists(a, "eliminate", "br_prov_connecticut_1"));
  act(s, "british", "eliminate", "br_hl_1_42nd");
  act(s, "british", "eliminate", "br_reg_15th");
  CHECK(s.step == Step::action_phase);
  CHECK(on_map_at(s, "br_ra_1_60th", "winchester"));
  CHECK(on_map_at(s, "br_prov_connecticut_1", "albany"));
  CHECK(std::find(s.removed.begin(), s.removed.end(), 31) != s.removed.end());
}

TEST_CASE("#31 Cherokee Uprising: needs the Cherokees event played") {
  json j = position_for("french", 31);
  place(j, "br_reg_15th", "winchester");
  CHECK_FALSE(may_play(load(j), "french", 31));
}

// --- #30 Cherokees ------------------------------------------------------------------------------

TEST_CASE("#30 Cherokees: both Cherokees enter together at a Southern British fortification") {
  json j = position_for("british", 30);
  j["markers"]["winchester"] = {{"stockade", "british"}};
  j["markers"]["carlisle"] = {{"fort", "british"}};
  j["markers"]["schenectady"] = {{"stockade", "british"}};  // not Southern
  State s = load(j);
  play(s, "british", 30);
  CHECK(s.year_track.cherokees == CherokeeStatus::allied);
  auto a = actions(s, "british");
  CHECK(lists(a, "place", "carlisle"));
  CHECK_FALSE(lists(a, "place", "schenectady"));
  act(s, "british", "place", "carlisle");
  CHECK(on_map_at(s, "br_ind_cherokee_1", "carlisle"));
  CHECK(on_map_at(s, "br_ind_cherokee_2", "carlisle"));
  CHECK(s.step == Step::action_phase);
}

TEST_CASE("#30 Cherokees: not after Cherokee Uprising; restores reduced Cherokees") {
  json j = position_for("british", 30);
  j["markers"]["carlisle"] = {{"fort", "british"}};
  j["year_track"]["cherokees"] = "uprising";
  CHECK_FALSE(may_play(load(j), "british", 30));
  j["year_track"]["cherokees"] = "allied";
  place(j, "br_ind_cherokee_1", "winchester", true);
  place(j, "br_ind_cherokee_2", "augusta", true);
  State s = load(j);
  play(s, "british", 30);
  CHECK_FALSE(s.piece(pc("br_ind_cherokee_1")).reduced);
  CHECK(s.step == Step::action_phase);  // none to place
}

// --- #29 Mohawks -----------------------------------------------------------------------------------

TEST_CASE("#29 Mohawks: places the Mohawks in Johnson's space and restores reduced ones") {
  json j = position_for("british", 29);
  place(j, "br_johnson", "schenectady");
  place(j, "br_reg_15th", "schenectady");
  place(j, "br_ind_mohawk_1", "albany", true);
  State s = load(j);
  play(s, "british", 29);
  CHECK(s.step == Step::action_phase);
  CHECK(on_map_at(s, "br_ind_mohawk_2", "schenectady"));
  CHECK(on_map_at(s, "br_ind_mohawk_1", "albany"));
  CHECK_FALSE(s.piece(pc("br_ind_mohawk_1")).reduced);
  CHECK(s.space(sp("canajoharie")).allied == Side::british);
}

TEST_CASE("#29 Mohawks: Johnson must be within two connected spaces of Canajoharie and unbesieged") {
  json j = position_for("british", 29);
  place(j, "br_johnson", "boston");
  CHECK_FALSE(may_play(load(j), "british", 29));
  j["markers"]["schenectady"] = {{"stockade", "british"}};
  place(j, "br_johnson", "schenectady", false, true);
  place(j, "br_reg_15th", "schenectady", false, true);
  place(j, "fr_reg_bearn", "schenectady");
  j["markers"]["schenectady"]["siege"] = 0;
  CHECK_FALSE(may_play(load(j), "british", 29));
}

// --- #23-#27 Northern and Western Indian Alliances ------------------------------------------------

TEST_CASE("#23 Northern Indian Alliance: the roll is halved (rounded up) below 5 French VP") {
  json j = position_for("french", 23);
  j["vp"] = 5;
  State full = load(j);
  play(full, "french", 23);
  const int roll = last_roll(full);
  CHECK(full.event->points == 2 * roll);
  j["vp"] = 4;
  State half = load(j);
  play(half, "french", 23);
  CHECK(last_roll(half) == roll);  // same seed
  CHECK(half.event->points == 2 * ((roll + 1) / 2));
}

TEST_CASE("#23 Northern Indian Alliance: places blue Indians at their settlements and restores for half") {
  json j = position_for("french", 23);
  j["vp"] = 5;
  place(j, "fr_ind_algonquin_1", "sorel", true);
  place(j, "br_reg_15th", "mississauga");  // enemy units: no Mississauga
  State s = load(j);
  play(s, "french", 23);
  s.event->points = 3;  // 1 1/2 points, whatever the roll
  auto a = actions(s, "french");
  CHECK(lists(a, "place", "fr_ind_abenaki_1"));
  CHECK(lists(a, "restore", "fr_ind_algonquin_1"));
  CHECK_FALSE(lists(a, "place", "fr_ind_mississauga"));
  CHECK_FALSE(lists(a, "place", "fr_ind_huron"));       // no French fort at Niagara
  CHECK_FALSE(lists(a, "place", "fr_ind_delaware_1"));  // Western
  act(s, "french", "place", "fr_ind_abenaki_1");
  CHECK(on_map_at(s, "fr_ind_abenaki_1", "st_francois"));
  CHECK(s.space(sp("st_francois")).allied == Side::french);
  a = actions(s, "french");
  CHECK_FALSE(a.contains("place"));  // half a point left
  act(s, "french", "restore", "fr_ind_algonquin_1");
  CHECK_FALSE(s.piece(pc("fr_ind_algonquin_1")).reduced);
  CHECK(s.step == Step::action_phase);
}

TEST_CASE("#23 Northern Indian Alliance: a lone British leader at the settlement must retreat (6.53)") {
  json j = position_for("french", 23);
  j["vp"] = 5;
  place(j, "br_murray", "st_francois");
  State s = load(j);
  play(s, "french", 23);
  s.event->points = 2;
  act(s, "french", "place", "fr_ind_abenaki_1");
  REQUIRE(s.active == Side::british);
  auto a = actions(s, "british");
  CHECK(lists(a, "retreat", "sorel"));
  act(s, "british", "retreat", "sorel");
  CHECK(on_map_at(s, "br_murray", "sorel"));
  CHECK(s.step == Step::action_phase);
}

TEST_CASE("#23 Northern Indian Alliance: needs French control of Montreal") {
  json j = position_for("french", 23);
  place(j, "br_reg_15th", "montreal");
  CHECK_FALSE(may_play(load(j), "french", 23));
}

TEST_CASE("#26 Western Indian Alliance: orange Indians, and Pays d'en Haut with a French fort at Niagara") {
  json j = position_for("french", 26);
  j["vp"] = 5;
  j["markers"]["niagara"] = {{"fort", "french"}};
  j["markers"]["logstown"] = {{"stockade", "british"}};
  State s = load(j);
  play(s, "french", 26);
  s.event->points = 4;
  auto a = actions(s, "french");
  CHECK(lists(a, "place", "fr_ind_delaware_1"));
  CHECK(lists(a, "place", "fr_ind_huron"));
  CHECK_FALSE(lists(a, "place", "fr_ind_shawnee_1"));  // British stockade at Logstown
  CHECK_FALSE(lists(a, "place", "fr_ind_abenaki_1"));  // Northern
  act(s, "french", "place", "fr_ind_huron");
  CHECK(on_map_at(s, "fr_ind_huron", "pays_d_en_haut"));
  CHECK(s.space(sp("pays_d_en_haut")).allied == Side::french);
  act(s, "french", "done");
  CHECK(s.step == Step::action_phase);
}

TEST_CASE("#26 Western Indian Alliance: no Pays d'en Haut Indians without a French fort at Niagara") {
  json j = position_for("french", 26);
  j["vp"] = 5;
  j["markers"]["niagara"] = {{"stockade", "french"}};
  State s = load(j);
  play(s, "french", 26);
  s.event->points = 4;
  CHECK_FALSE(lists(actions(s, "french"), "place", "fr_ind_huron"));
}

// --- #28 Iroquois Alliance -------------------------------------------------------------------------

TEST_CASE("#28 Iroquois Alliance: places the player's Iroquois unless the enemy's counter is on the map") {
  json j = position_for("french", 28);
  j["markers"]["oswego"] = {{"fort", "french"}};
  place(j, "br_ind_cayuga", "albany");
  j["markers"]["cayuga"] = {{"allied", "british"}};
  State s = load(j);
  play(s, "french", 28);
  CHECK(s.event->points == 2 * last_roll(s));  // never halved
  s.event->points = 2;
  auto a = actions(s, "french");
  CHECK(lists(a, "place", "fr_ind_seneca"));
  CHECK_FALSE(lists(a, "place", "fr_ind_cayuga"));  // 5.533
  CHECK_FALSE(lists(a, "place", "br_ind_seneca"));
  act(s, "french", "place", "fr_ind_seneca");
  CHECK(on_map_at(s, "fr_ind_seneca", "karaghiyadirha"));
  CHECK(s.space(sp("karaghiyadirha")).allied == Side::french);
  CHECK(s.step == Step::action_phase);
}

TEST_CASE("#28 Iroquois Alliance: no enemy fortification at Oswego or the Oneida Carries; British need Johnson") {
  json j = position_for("british", 28);
  j["markers"]["oneida_carry_east"] = {{"stockade", "british"}};
  place(j, "br_johnson", "boston");
  CHECK_FALSE(may_play(load(j), "british", 28));  // Johnson too far
  place(j, "br_johnson", "canajoharie");          // next to Oneida Castle
  CHECK(may_play(load(j), "british", 28));
  j["markers"]["oswego"] = {{"fort", "french"}};
  CHECK_FALSE(may_play(load(j), "british", 28));
}

// --- #34 Small Pox ----------------------------------------------------------------------------------

TEST_CASE("#34 Small Pox: the owner flips full units before eliminating, then loses his Indians") {
  json j = position_for("french", 34);
  place(j, "br_reg_15th", "albany");
  place(j, "br_reg_17th", "albany", true);
  place(j, "br_prov_connecticut_1", "albany", true);
  place(j, "br_prov_connecticut_2", "albany", true);
  place(j, "br_ind_mohawk_1", "albany");
  State s = load(j);
  play(s, "french", 34);
  act(s, "french", "space", "albany");
  const int losses = (last_roll(s) + 1) / 2;  // 5 units: halved
  REQUIRE(s.active == Side::british);
  auto a = actions(s, "british");
  CHECK(lists(a, "reduce", "br_reg_15th"));
  CHECK(lists(a, "reduce", "br_ind_mohawk_1"));
  CHECK_FALSE(lists(a, "reduce", "br_reg_17th"));  // reduced: full-strength units first
  act(s, "british", "reduce", "br_ind_mohawk_1");
  for (int i = 1; i < losses; ++i) act(s, "british", "reduce", args_of(actions(s, "british"), "reduce").front());
  CHECK(s.step == Step::action_phase);
  CHECK(eliminated(s, "br_ind_mohawk_1"));
  CHECK(s.piece(pc("br_reg_15th")).reduced == (losses >= 2));
}

TEST_CASE("#34 Small Pox: reaches besieged units (8.22 exception); more than 8 units take the whole roll") {
  json j = position_for("french", 34);
  j["markers"]["albany"] = {{"siege", 0}};
  place(j, "fr_reg_bearn", "albany");
  for (const char* unit : {"br_reg_15th", "br_reg_17th", "br_reg_22nd", "br_reg_27th", "br_reg_28th",
                           "br_prov_connecticut_1", "br_prov_connecticut_2", "br_prov_connecticut_3"})
    place(j, unit, "albany", false, true);
  place(j, "br_ind_mohawk_1", "albany", true, true);
  State s = load(j);
  play(s, "french", 34);
  act(s, "french", "space", "albany");
  CHECK(s.event->points == last_roll(s));  // 9 units: not halved
  for (int i = 0; i < last_roll(s); ++i) act(s, "british", "reduce", args_of(actions(s, "british"), "reduce").front());
  CHECK(s.step == Step::action_phase);
  CHECK(eliminated(s, "br_ind_mohawk_1"));  // besieged, yet gone
  int reduced = 0;
  for (PieceIndex p : units_in(s, sp("albany"), Side::british)) reduced += s.piece(p).reduced ? 1 : 0;
  CHECK(reduced == last_roll(s));
}

TEST_CASE("#34 Small Pox: needs more than 4 enemy units in a space") {
  json j = position_for("french", 34);
  place(j, "br_reg_15th", "albany");
  place(j, "br_reg_17th", "albany");
  place(j, "br_reg_22nd", "albany");
  place(j, "br_reg_27th", "albany");
  CHECK_FALSE(may_play(load(j), "french", 34));
  place(j, "br_reg_28th", "albany");
  CHECK(may_play(load(j), "french", 34));
}

}  // namespace events_indians_test
