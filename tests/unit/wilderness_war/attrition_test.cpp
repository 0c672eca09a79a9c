// Winter Attrition (11.0-11.2), run through the year end (4.0 B.5).
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/wilderness_war/attrition.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/state.hpp"
#include "engine/wilderness_war/year_end.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace attrition_test {

using namespace warpath::wilderness_war;
using nlohmann::json;
using warpath::engine::Action;

namespace {

json attrition_position(const json& pieces, const json& markers) {
  auto module = make_wilderness_war();
  json j = module->setup("annus_mirabilis", json::object(), 1)->to_json();
  j["pieces"] = pieces;
  j["markers"] = markers;
  j["season"] = "late";
  return j;
}

json at(const char* space, bool reduced = false, bool inside = false) {
  return {{"at", space}, {"reduced", reduced}, {"inside", inside}};
}

PieceIndex piece(const State& s, const char* id) { return s.data().piece_index(id); }
bool eliminated(const State& s, const char* id) { return !is_on_map(s, piece(s, id)); }
bool reduced(const State& s, const char* id) { return is_on_map(s, piece(s, id)) && s.piece(piece(s, id)).reduced; }
bool full(const State& s, const char* id) { return is_on_map(s, piece(s, id)) && !s.piece(piece(s, id)).reduced; }

}  // namespace

TEST_CASE("11.2 example: three reduced and two full units at a wilderness fort") {
  // Five units at a fort are more than four (11.1): the stack suffers. The three reduced units
  // are of different kinds, so the owner chooses which two go.
  auto module = make_wilderness_war();
  json j = attrition_position({{"br_reg_15th", at("ticonderoga", true)},
                               {"br_li_1_95th", at("ticonderoga", true)},
                               {"br_prov_new_york_1", at("ticonderoga", true)},
                               {"br_reg_17th", at("ticonderoga")},
                               {"br_reg_22nd", at("ticonderoga")}},
                              {{"ticonderoga", {{"fort", "british"}}}});
  State s = State::from_json(j);
  begin_year_end(s);
  REQUIRE(s.step == Step::year_end);
  CHECK(s.phase == Phase::winter_attrition);
  CHECK(s.active == Side::british);
  CHECK(module->legal_actions(s, "french").empty());
  CHECK(module->legal_actions(s, "british")["piece"] ==
        json::array({"br_li_1_95th", "br_prov_new_york_1", "br_reg_15th"}));
  CHECK(State::from_json(s.to_json()) == s);
  ww_test::play_listed(s, "british", "piece", "br_li_1_95th");
  REQUIRE(s.step == Step::year_end);
  CHECK(module->legal_actions(s, "british")["piece"] == json::array({"br_prov_new_york_1", "br_reg_15th"}));
  ww_test::play_listed(s, "british", "piece", "br_reg_15th");
  CHECK(eliminated(s, "br_li_1_95th"));
  CHECK(eliminated(s, "br_reg_15th"));
  CHECK(reduced(s, "br_prov_new_york_1"));
  CHECK(reduced(s, "br_reg_17th"));
  CHECK(reduced(s, "br_reg_22nd"));
  CHECK(s.rule_events["attrition_steps"] == 4);
  CHECK(s.year == 1758);
  CHECK_FALSE(s.year_end.has_value());
}

TEST_CASE("11.2 interchangeable reduced units are eliminated without asking") {
  json j = attrition_position({{"fr_reg_bearn", at("crown_point", true)},
                               {"fr_reg_cambis", at("crown_point", true)},
                               {"fr_reg_guyenne", at("crown_point", true)}},
                              json::object());
  State s = State::from_json(j);
  begin_year_end(s);
  CHECK(s.year == 1758);
  // Half of three, rounded up: two go.
  const int left = reduced(s, "fr_reg_bearn") + reduced(s, "fr_reg_cambis") + reduced(s, "fr_reg_guyenne");
  CHECK(left == 1);
}

TEST_CASE("11.1 winter quarters: cultivated home, small forts, fortresses") {
  json j = attrition_position(
      {// originally friendly cultivated space
       {"br_reg_15th", at("schenectady")},
       // a fort with four units (Indians count, leaders do not)
       {"fr_reg_bearn", at("niagara")},
       {"fr_reg_cambis", at("niagara", true)},
       {"fr_md_1", at("niagara")},
       {"fr_ind_delaware_1", at("niagara")},
       {"fr_villiers", at("niagara")},
       // an unbesieged fortress
       {"br_reg_17th", at("albany")},
       // a stockade with five units: all suffer
       {"br_reg_22nd", at("crown_point")},
       {"br_reg_27th", at("crown_point")},
       {"br_reg_28th", at("crown_point")},
       {"br_reg_35th", at("crown_point")},
       {"br_ranger_rogers", at("crown_point")},
       // a stockade that is not friendly is no shelter
       {"fr_reg_guyenne", at("logstown")},
       // a British unit in a French cultivated space
       {"br_reg_40th", at("sorel")}},
      {{"niagara", {{"fort", "french"}}},
       {"crown_point", {{"stockade", "british"}}},
       {"logstown", {{"stockade", "british"}}}});
  State s = State::from_json(j);
  begin_year_end(s);
  CHECK(full(s, "br_reg_15th"));
  CHECK(full(s, "fr_reg_bearn"));
  CHECK(reduced(s, "fr_reg_cambis"));  // not eliminated
  CHECK(full(s, "fr_md_1"));
  CHECK(full(s, "br_reg_17th"));
  for (const char* id : {"br_reg_22nd", "br_reg_27th", "br_reg_28th", "br_reg_35th"}) CHECK(reduced(s, id));
  CHECK(full(s, "br_ranger_rogers"));  // an auxiliary: only Drilled Troops suffer
  CHECK(reduced(s, "fr_reg_guyenne"));
  CHECK(reduced(s, "br_reg_40th"));
}

TEST_CASE("11.1 besieged Drilled Troops and their besiegers are separate stacks") {
  // Québec is an originally French cultivated fortress, but besieged: its garrison suffers. The
  // British besiegers outside are not in an originally friendly space either.
  json j = attrition_position({{"fr_reg_bearn", at("quebec", false, true)},
                               {"fr_reg_cambis", at("quebec", true, true)},
                               {"br_reg_15th", at("quebec", true)},
                               {"br_reg_17th", at("quebec", true)},
                               {"br_reg_22nd", at("quebec")}},
                              {{"quebec", {{"siege", 1}}}});
  State s = State::from_json(j);
  const auto stacks = attrition_stacks(s);
  REQUIRE(stacks.size() == 2);
  CHECK(stacks[0].side == Side::french);
  CHECK(stacks[0].besieged);
  CHECK(stacks[1].side == Side::british);
  CHECK_FALSE(stacks[1].besieged);
  begin_year_end(s);
  CHECK(eliminated(s, "fr_reg_cambis"));  // half of one reduced unit, rounded up
  CHECK(reduced(s, "fr_reg_bearn"));
  CHECK(reduced(s, "br_reg_22nd"));
  CHECK(reduced(s, "br_reg_15th") + reduced(s, "br_reg_17th") == 1);  // one of the two reduced goes
}

TEST_CASE("11.2 exception: a lone reduced unit is never removed") {
  json j = attrition_position(
      {{"fr_reg_bearn", at("crown_point", true)}, {"br_reg_15th", at("adirondacks_north", true)}}, json::object());
  State s = State::from_json(j);
  CHECK(is_last_friendly_step(s, s.data().space_index("crown_point"), Side::french));
  begin_year_end(s);
  CHECK(reduced(s, "fr_reg_bearn"));
  CHECK(reduced(s, "br_reg_15th"));
  CHECK(s.rule_events["attrition_steps"] == 0);
}

TEST_CASE("11.2 a reduced unit with another friendly step in its space is eliminated") {
  json j =
      attrition_position({{"fr_reg_bearn", at("crown_point", true)}, {"fr_md_1", at("crown_point")}}, json::object());
  State s = State::from_json(j);
  begin_year_end(s);
  CHECK(eliminated(s, "fr_reg_bearn"));
  CHECK(reduced(s, "fr_md_1"));
}

}  // namespace attrition_test
