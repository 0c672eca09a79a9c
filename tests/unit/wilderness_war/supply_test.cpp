// Supply (12.0): is_in_supply on the lines of 12.21's example.
#include <doctest/doctest.h>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/state.hpp"
#include "engine/wilderness_war/supply.hpp"

namespace supply_test {

using namespace warpath::wilderness_war;
using nlohmann::json;

namespace {

// 12.21's example on the map: a unit in the wilderness (Adirondacks North) traces over land to a
// friendly stockade (Crown Point), over the lake to an empty wilderness space (Ticonderoga), over
// water to another stockade (Hudson Carry North), to a mountain space with a friendly fort
// (Adirondacks South), to a cultivated space (Schenectady) and to a friendly fortress (Albany).
json chain_position(const json& extra_pieces = json::object()) {
  auto module = make_wilderness_war();
  json j = module->setup("annus_mirabilis", json::object(), 1)->to_json();
  j["pieces"] = {{"br_reg_15th", {{"at", "adirondacks_north"}}}};
  j["pieces"].update(extra_pieces);
  j["markers"] = {{"crown_point", {{"stockade", "british"}}},
                  {"hudson_carry_north", {{"stockade", "british"}}},
                  {"adirondacks_south", {{"fort", "british"}}}};
  return j;
}

bool supplied(const json& j, const char* space = "adirondacks_north") {
  const State s = State::from_json(j);
  return is_in_supply(s, s.data().space_index(space), Side::british);
}

}  // namespace

TEST_CASE("12.21 example: the chain of stockade, water, stockade, fort and cultivated space supplies") {
  const json j = chain_position();
  CHECK(supplied(j));
  CHECK(supplied(j, "albany"));  // 12.1: a supply source supplies itself
  json no_first_stockade = j;
  no_first_stockade["markers"].erase("crown_point");
  CHECK_FALSE(supplied(no_first_stockade));  // the land step from the wilderness needs a link
}

TEST_CASE("12.2 unbesieged enemy units and fortifications block the line; a besieged enemy fort does not") {
  SUBCASE("an enemy unit on the line") {
    CHECK_FALSE(supplied(chain_position({{"fr_reg_bearn", {{"at", "ticonderoga"}}}})));
  }
  SUBCASE("an enemy fort on the line") {
    json j = chain_position();
    j["markers"]["ticonderoga"] = {{"fort", "french"}};
    CHECK_FALSE(supplied(j));
  }
  SUBCASE("a besieged enemy fort on the line") {
    json j = chain_position(
        {{"fr_reg_bearn", {{"at", "ticonderoga"}, {"inside", true}}}, {"br_reg_17th", {{"at", "ticonderoga"}}}});
    j["markers"]["ticonderoga"] = {{"fort", "french"}, {"siege", 0}};
    CHECK(supplied(j));
  }
  SUBCASE("the source besieged") {
    json j =
        chain_position({{"fr_reg_bearn", {{"at", "albany"}}}, {"br_reg_17th", {{"at", "albany"}, {"inside", true}}}});
    j["markers"]["albany"] = {{"siege", 0}};
    CHECK_FALSE(supplied(j));
  }
}

}  // namespace supply_test
