// Victory (13.1): sudden death (13.11), the end of 1759 (13.12), of 1762 (13.13), draws (13.14).
#include <doctest/doctest.h>

#include "engine/core/match.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/state.hpp"
#include "engine/wilderness_war/supply.hpp"
#include "engine/wilderness_war/victory.hpp"
#include "engine/wilderness_war/year_end.hpp"

namespace victory_test {

using namespace warpath::wilderness_war;
using nlohmann::json;

namespace {

json victory_position(const char* scenario, int year, int vp, const json& pieces = json::object(),
                      const json& markers = json::object()) {
  auto module = make_wilderness_war();
  json j = module->setup(scenario, json::object(), 1)->to_json();
  j["pieces"] = pieces;
  j["markers"] = markers;
  j["season"] = "late";
  j["year"] = year;
  j["vp"] = vp;
  return j;
}

json at(const char* space, bool inside = false) { return {{"at", space}, {"inside", inside}}; }

// The British hold every fortress, with a unit in each originally French one.
json british_conquest() {
  return {{"br_reg_15th", at("quebec")},
          {"br_reg_17th", at("montreal")},
          {"br_reg_22nd", at("louisbourg")},
          {"br_reg_27th", at("niagara")},
          {"br_reg_28th", at("ohio_forks")}};
}
const json british_fortresses = {{"quebec", "british"}, {"montreal", "british"}, {"louisbourg", "british"}};

std::optional<Side> winner(const std::optional<VictoryResult>& r) { return r ? r->outcome.winner : std::nullopt; }

}  // namespace

TEST_CASE("13.11 British control of every fortress and sole occupation of Niagara and Ohio Forks") {
  json j = victory_position("annus_mirabilis", 1757, 4, british_conquest());
  j["fortresses"] = british_fortresses;
  SUBCASE("met") {
    const State s = State::from_json(j);
    const auto r = check_victory(s);
    REQUIRE(r.has_value());
    CHECK(r->outcome.winner == Side::british);
    CHECK(r->event == "victory_13_11_fortresses");
  }
  SUBCASE("Ohio Forks empty") {
    j["pieces"].erase("br_reg_28th");
    CHECK_FALSE(check_victory(State::from_json(j)).has_value());
  }
  SUBCASE("a French unit shares Niagara") {
    j["pieces"]["fr_reg_bearn"] = at("niagara");
    CHECK_FALSE(check_victory(State::from_json(j)).has_value());
  }
  SUBCASE("a British fortification without units is no occupation") {
    j["pieces"].erase("br_reg_28th");
    j["markers"]["ohio_forks"] = {{"stockade", "british"}};
    CHECK_FALSE(check_victory(State::from_json(j)).has_value());
  }
  SUBCASE("Louisbourg not held") {
    j["pieces"].erase("br_reg_22nd");
    CHECK_FALSE(check_victory(State::from_json(j)).has_value());
  }
}

TEST_CASE("13.11 either side wins with 11 or more VP") {
  CHECK(winner(check_victory(State::from_json(victory_position("annus_mirabilis", 1757, 11)))) == Side::french);
  CHECK(winner(check_victory(State::from_json(victory_position("annus_mirabilis", 1757, -11)))) == Side::british);
  CHECK_FALSE(check_victory(State::from_json(victory_position("annus_mirabilis", 1757, 10))).has_value());
  CHECK_FALSE(check_victory(State::from_json(victory_position("annus_mirabilis", 1757, -10))).has_value());
  const auto r = check_victory(State::from_json(victory_position("annus_mirabilis", 1758, 12)));
  REQUIRE(r.has_value());
  CHECK(r->event == "victory_13_11_vp");
}

TEST_CASE("13.11 after 1759 the French win with the year's VP box: 8 in 1760, 5 in 1761") {
  const auto r1760 = check_victory(State::from_json(victory_position("late_war_campaign", 1760, 8)));
  REQUIRE(r1760.has_value());
  CHECK(r1760->outcome.winner == Side::french);
  CHECK(r1760->event == "victory_13_11_year_vp");
  CHECK_FALSE(check_victory(State::from_json(victory_position("late_war_campaign", 1760, 7))).has_value());
  CHECK(winner(check_victory(State::from_json(victory_position("late_war_campaign", 1761, 5)))) == Side::french);
  CHECK_FALSE(check_victory(State::from_json(victory_position("late_war_campaign", 1761, 4))).has_value());
  CHECK_FALSE(check_victory(State::from_json(victory_position("late_war_campaign", 1759, 8))).has_value());
}

TEST_CASE("13.12 the end of 1759: British objectives, else 1 VP, else a draw (13.14)") {
  // Niagara and Ohio Forks British, the home fortresses untouched: British objectives met.
  const json objectives = {{"br_reg_27th", at("niagara")}, {"br_reg_28th", at("ohio_forks")}};
  for (const char* scenario : {"annus_mirabilis", "early_war_campaign"}) {
    CAPTURE(scenario);
    const auto r = check_victory(State::from_json(victory_position(scenario, 1759, 4, objectives)));
    REQUIRE(r.has_value());
    CHECK(r->outcome.winner == Side::british);
    CHECK(r->event == "victory_13_12");
    CHECK_FALSE(check_victory(State::from_json(victory_position(scenario, 1758, 4, objectives))).has_value());
  }
  const json one_objective = {{"br_reg_27th", at("niagara")}};
  CHECK(winner(check_victory(State::from_json(victory_position("annus_mirabilis", 1759, 4, one_objective)))) ==
        Side::french);
  CHECK(winner(check_victory(State::from_json(victory_position("annus_mirabilis", 1759, -1, one_objective)))) ==
        Side::british);
  const auto draw = check_victory(State::from_json(victory_position("annus_mirabilis", 1759, 0, one_objective)));
  REQUIRE(draw.has_value());
  CHECK_FALSE(draw->outcome.winner.has_value());
  CHECK(draw->event == "draw");
  // A French unit in an originally British fortress takes it from the British.
  json lost = objectives;
  lost["fr_reg_bearn"] = at("albany");
  CHECK(winner(check_victory(State::from_json(victory_position("annus_mirabilis", 1759, 4, lost)))) == Side::french);
}

TEST_CASE("13.12 exception: a besieged originally-British fortress stays British unless the siege may go on") {
  json pieces = {{"br_reg_27th", at("niagara")},
                 {"br_reg_28th", at("ohio_forks")},
                 {"br_reg_15th", at("albany", true)},
                 {"fr_reg_bearn", at("albany")}};
  const json siege = {{"albany", {{"siege", 1}}}};
  State s = State::from_json(victory_position("annus_mirabilis", 1759, 4, pieces, siege));
  CHECK(british_control_for_1759(s, s.data().space_index("albany")));
  CHECK(winner(check_victory(s)) == Side::british);
  // With a leader the besiegers qualify to roll on the Siege Table (8.231) only if supplied.
  pieces["fr_montcalm"] = at("albany");
  s = State::from_json(victory_position("annus_mirabilis", 1759, 4, pieces, siege));
  REQUIRE_FALSE(is_in_supply(s, s.data().space_index("albany"), Side::french));
  CHECK(winner(check_victory(s)) == Side::british);
  json chain = siege;
  for (const char* id : {"hudson_carry_south", "wood_creek", "green_mountains_central", "winooski", "ile_aux_noix"})
    chain[id] = {{"stockade", "french"}};
  s = State::from_json(victory_position("annus_mirabilis", 1759, 4, pieces, chain));
  REQUIRE(is_in_supply(s, s.data().space_index("albany"), Side::french));
  CHECK_FALSE(british_control_for_1759(s, s.data().space_index("albany")));
  const auto r = check_victory(s);
  REQUIRE(r.has_value());
  CHECK(r->outcome.winner == Side::french);  // the VP decide
  CHECK(r->event == "victory_13_12");
}

TEST_CASE("13.13 the end of 1762: French 1 VP, British 5 VP, else a draw (13.14)") {
  for (const char* scenario : {"late_war_campaign", "full_campaign"}) {
    CAPTURE(scenario);
    const auto french = check_victory(State::from_json(victory_position(scenario, 1762, 1)));
    REQUIRE(french.has_value());
    CHECK(french->outcome.winner == Side::french);
    CHECK(french->event == "victory_13_13");
    CHECK(winner(check_victory(State::from_json(victory_position(scenario, 1762, -5)))) == Side::british);
    const auto draw = check_victory(State::from_json(victory_position(scenario, 1762, -4)));
    REQUIRE(draw.has_value());
    CHECK_FALSE(draw->outcome.winner.has_value());
    CHECK(draw->event == "draw");
    CHECK_FALSE(check_victory(State::from_json(victory_position(scenario, 1761, 1))).has_value());
  }
}

TEST_CASE("4.0 B.6 a sudden-death win ends the game through the year end") {
  State s = State::from_json(victory_position("late_war_campaign", 1760, 9));
  begin_year_end(s);
  REQUIRE(s.outcome.has_value());
  CHECK(s.outcome->winner == Side::french);
  CHECK(s.step == Step::game_over);
  CHECK(s.phase == Phase::game_over);
  CHECK(s.rule_events["victory_13_11_year_vp"] == 1);
}

TEST_CASE("adjudication at a tournament deadline: the side ahead on VP wins, even VP is a draw; only the server's") {
  auto module = make_wilderness_war();
  for (const auto& [vp, winner] :
       std::vector<std::pair<int, std::optional<std::string>>>{{3, "french"}, {-2, "british"}, {0, std::nullopt}}) {
    auto state = module->load(victory_position("annus_mirabilis", 1758, vp));
    warpath::engine::Match match(*module, std::move(state));
    REQUIRE_FALSE(match.is_over());
    CHECK_FALSE(warpath::engine::is_client_verb(warpath::engine::adjudicate_verb));
    CHECK(match.play("spectator", {"adjudicate", nullptr}));  // not a player's role
    REQUIRE_FALSE(match.play("french", {"adjudicate", nullptr}));
    REQUIRE(match.result());
    CHECK(match.result()->winner == winner);
    CHECK(match.result()->score["vp"] == vp);
    CHECK(match.result()->score["adjudicated"] == true);
    CHECK(match.active_roles().empty());
  }
}

}  // namespace victory_test
