// The year-end steps (4.0 B.3 to B.6) as a whole: Indians and leaders going home, Raided markers,
// and the sequence through attrition and the victory check to the next year or the game's end.
#include <doctest/doctest.h>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/state.hpp"
#include "engine/wilderness_war/year_end.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace year_end_test {

using namespace warpath::wilderness_war;
using nlohmann::json;
using warpath::engine::Action;

namespace {

// A Late Season position with only the given pieces and markers on the map.
json year_end_position(const json& pieces, const json& markers, const char* scenario = "annus_mirabilis") {
  auto module = make_wilderness_war();
  json j = module->setup(scenario, json::object(), 1)->to_json();
  j["pieces"] = pieces;
  j["markers"] = markers;
  j["season"] = "late";
  return j;
}

json at(const char* space, bool reduced = false) { return {{"at", space}, {"reduced", reduced}}; }

std::string where(const State& s, const char* piece) {
  const PieceIndex p = s.data().piece_index(piece);
  return s.data().location_id(s.piece(p).location);
}

}  // namespace

TEST_CASE("4.0 B.3 Indians outside friendly fortifications go home (10.41)") {
  json j = year_end_position({{"fr_ind_mingo_1", at("ohio_forks")},
                              {"fr_ind_delaware_1", at("niagara")},
                              {"fr_ind_seneca", at("karaghiyadirha")},
                              {"fr_ind_shawnee_1", at("kittaning")},
                              {"br_reg_15th", at("logstown")},
                              {"br_ind_cherokee_1", at("hudson_carry_south")},
                              {"br_ind_mohawk_1", at("leader_box_johnson")},
                              {"br_johnson", at("schoharie")},
                              {"fr_reg_bearn", at("niagara")}},
                             {{"niagara", {{"fort", "french"}}}});
  State s = State::from_json(j);
  begin_year_end(s);
  CHECK(where(s, "fr_ind_mingo_1") == "mingo_town");
  CHECK(where(s, "fr_ind_delaware_1") == "niagara");     // in a friendly fortification space
  CHECK(where(s, "fr_ind_seneca") == "karaghiyadirha");  // already at home
  CHECK(where(s, "fr_ind_shawnee_1") == "eliminated");   // 10.411: Logstown is enemy-occupied
  CHECK(where(s, "br_ind_cherokee_1") == "eliminated");  // 10.412
  CHECK(where(s, "br_ind_mohawk_1") == "canajoharie");   // out of Johnson's box
  CHECK(s.rule_events["indians_gone_home"] == 4);
  CHECK(s.year == 1758);  // nothing to choose: the next year began
}

TEST_CASE("4.0 B.3 a leader alone in the wilderness goes to the closest friendly fortification") {
  // Dumas is left alone at Ohio Forks once his Indians go home; Villiers keeps his troops.
  json j = year_end_position({{"fr_dumas", at("ohio_forks")},
                              {"fr_ind_mingo_1", at("leader_box_dumas")},
                              {"fr_villiers", at("kittaning")},
                              {"fr_reg_bearn", at("leader_box_villiers")}},
                             {{"logstown", {{"stockade", "french"}}}, {"venango", {{"stockade", "french"}}}});
  State s = State::from_json(j);
  begin_year_end(s);
  CHECK(where(s, "fr_ind_mingo_1") == "mingo_town");
  CHECK(where(s, "fr_dumas") == "logstown");  // one space away; Venango is farther
  CHECK(where(s, "fr_villiers") == "kittaning");
  CHECK(s.rule_events["leaders_sent_home"] == 1);
}

TEST_CASE("4.0 B.3 the owner chooses among equally close fortifications (10.42)") {
  auto module = make_wilderness_war();
  json j = year_end_position({{"fr_rigaud", at("crown_point")}},
                             {{"ticonderoga", {{"stockade", "french"}}}, {"winooski", {{"stockade", "french"}}}});
  State s = State::from_json(j);
  begin_year_end(s);
  REQUIRE(s.step == Step::year_end);
  CHECK(s.phase == Phase::indians_and_leaders_go_home);
  CHECK(s.active == Side::french);
  CHECK(State::from_json(s.to_json()) == s);
  const json actions = module->legal_actions(s, "french");
  CHECK(actions["space"] == json::array({"ticonderoga", "winooski"}));
  ww_test::play_listed(s, "french", "space", "winooski");
  CHECK(where(s, "fr_rigaud") == "winooski");
  CHECK(s.year == 1758);
  CHECK(s.step == Step::action_phase);
}

TEST_CASE("4.0 B.3 a stranded leader with no friendly fortification left is removed") {
  json j = year_end_position({{"br_webb", at("crown_point")}}, json::object());
  j["fortresses"] = {{"albany", "french"},   {"alexandria", "french"},  {"baltimore", "french"},
                     {"boston", "french"},   {"halifax", "french"},     {"new_haven", "french"},
                     {"new_york", "french"}, {"philadelphia", "french"}};
  State s = State::from_json(j);
  begin_year_end(s);
  CHECK(where(s, "br_webb") == "removed_from_game");
}

TEST_CASE("4.0 B.4 half a VP per Raided marker, totals rounded up (13.22)") {
  json j = year_end_position(json::object(), {{"reading", {{"raided", {{"french", 2}}}}},
                                              {"lancaster", {{"raided", {{"french", 1}, {"british", 0}}}}},
                                              {"sorel", {{"raided", {{"british", 1}}}}}});
  State s = State::from_json(j);
  REQUIRE(s.vp == 4);
  begin_year_end(s);
  CHECK(s.vp == 4 + 2 - 1);  // French 3 markers: 2 VP; British 1 marker: 1 VP
  for (const auto& space : s.spaces) CHECK(space.raided == std::array<std::uint8_t, 2>{0, 0});
  CHECK(s.rule_events["raided_markers_scored"] == 2);
}

TEST_CASE("4.0 B.6 the last year of a scenario ends the game with an outcome") {
  json j = year_end_position(json::object(), json::object());
  j["year"] = 1759;
  j["vp"] = 0;
  State s = State::from_json(j);
  begin_year_end(s);
  REQUIRE(s.outcome.has_value());
  CHECK_FALSE(s.outcome->winner.has_value());  // 13.14
  CHECK(s.phase == Phase::game_over);
  CHECK(s.step == Step::game_over);
  CHECK_FALSE(s.year_end.has_value());
  CHECK(s.year == 1759);
  CHECK(s.rule_events["draw"] == 1);
  CHECK(State::from_json(s.to_json()) == s);
}

}  // namespace year_end_test
