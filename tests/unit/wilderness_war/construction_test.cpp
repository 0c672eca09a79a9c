// Construction (5.4) and demolition (5.46).
#include <doctest/doctest.h>

#include "engine/wilderness_war/construction.hpp"
#include "engine/wilderness_war/module.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace construction_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {}  // namespace

TEST_CASE("5.41 stockades: originally friendly cultivated spaces, or with supplied Drilled Troops") {
  json j = cleared_position();
  place(j, "br_reg_15th", "hudson_carry_south");  // supplied from Albany by water (12.21)
  place(j, "fr_ind_huron", "schenectady");
  State s = load(j);
  CHECK(can_place_stockade(s, sp("kinderhook"), Side::british));          // home, no unit needed
  CHECK_FALSE(can_place_stockade(s, sp("kinderhook"), Side::french));     // not the French's
  CHECK(can_place_stockade(s, sp("hudson_carry_south"), Side::british));  // supplied Drilled Troops
  CHECK_FALSE(can_place_stockade(s, sp("ticonderoga"), Side::british));   // nobody there
  CHECK_FALSE(can_place_stockade(s, sp("schenectady"), Side::british));   // enemy units
  CHECK_FALSE(can_place_stockade(s, sp("albany"), Side::british));        // 5.43 fortress
}

TEST_CASE("5.42 a pickaxe is not completed with the card that placed it; completion removes the stockade") {
  json j = cleared_position();
  j["active"] = "british";
  place(j, "br_reg_15th", "kinderhook");
  j["markers"]["kinderhook"] = {{"stockade", "british"}};
  set_hand(j, "british", {1, 2, 7});
  set_hand(j, "french", {5, 8});
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "british", "forts", 1);
  CHECK(s.step == Step::construction);
  play_listed(s, "british", "space", "kinderhook");
  CHECK(s.space(sp("kinderhook")).fort_under_construction == Side::british);
  CHECK_FALSE(lists(module->legal_actions(s, "british"), "space", "kinderhook"));
  play_listed(s, "british", "done");
  CHECK(s.active == Side::french);
  // 5.4 exception: the British may not construct with their next card play.
  play_listed(s, "french", "activate", 5);
  play_listed(s, "french", "done");
  CHECK_FALSE(module->legal_actions(s, "british").contains("forts"));
  play_listed(s, "british", "activate", 7);
  play_listed(s, "british", "done");
  play_listed(s, "french", "activate", 8);
  play_listed(s, "french", "done");
  play_listed(s, "british", "forts", 2);
  play_listed(s, "british", "space", "kinderhook");
  CHECK(s.space(sp("kinderhook")).fort == Side::british);
  CHECK_FALSE(s.space(sp("kinderhook")).stockade);  // 5.43
  CHECK_FALSE(s.space(sp("kinderhook")).fort_under_construction);
}

TEST_CASE("5.46 demolishing a fort costs 1 VP; stockades and pickaxes are free") {
  json j = cleared_position();
  j["markers"]["ticonderoga"] = {{"fort", "french"}};
  j["markers"]["sorel"] = {{"stockade", "french"}};
  j["markers"]["oswego"] = {{"fort", "french"}, {"siege", 0}};
  place(j, "br_reg_15th", "oswego");
  State s = load(j);
  const auto targets = demolition_targets(s, Side::french);
  CHECK(std::find(targets.begin(), targets.end(), sp("oswego")) == targets.end());  // besieged
  auto module = make_wilderness_war();
  const int vp = s.vp;
  play_listed(s, "french", "demolish", "ticonderoga");
  CHECK_FALSE(s.space(sp("ticonderoga")).fort);
  CHECK(s.vp == vp - 1);
  play_listed(s, "french", "demolish", "sorel");
  CHECK(s.vp == vp - 1);
  CHECK(s.step == Step::action_phase);  // no card is spent
}

}  // namespace construction_test
