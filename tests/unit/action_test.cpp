#include <doctest/doctest.h>

#include "engine/core/action.hpp"
#include "engine/core/action_list.hpp"

namespace action_test {

using nlohmann::json;
using warpath::engine::Action;
using warpath::engine::is_well_formed;

namespace {
// Whether the legal actions in their protocol form list `action`.
bool is_listed(const json& legal_actions, const Action& action) {
  warpath::engine::ActionList list;
  list.append_json(legal_actions);
  return list.contains(action);
}
}  // namespace

TEST_CASE("an action is listed only with the exact verb and argument") {
  const json legal = {{"pass", true}, {"space", {"a", "b"}}, {"card", {3, 12}}};
  CHECK(is_listed(legal, {"pass", nullptr}));
  CHECK_FALSE(is_listed(legal, {"pass", "x"}));
  CHECK(is_listed(legal, {"space", "b"}));
  CHECK_FALSE(is_listed(legal, {"space", "c"}));
  CHECK_FALSE(is_listed(legal, {"space", nullptr}));
  CHECK(is_listed(legal, {"card", 12}));
  CHECK_FALSE(is_listed(legal, {"card", "12"}));
  CHECK_FALSE(is_listed(legal, {"roll", nullptr}));
  CHECK_FALSE(is_listed(json::object(), {"pass", nullptr}));
}

TEST_CASE("arguments are ids: null, strings or integers") {
  CHECK(is_well_formed({"space", "a"}));
  CHECK(is_well_formed({"card", 7}));
  CHECK(is_well_formed({"pass", nullptr}));
  CHECK_FALSE(is_well_formed({"card", 1.5}));
  CHECK_FALSE(is_well_formed({"card", json::object()}));
  CHECK_FALSE(is_well_formed({"card", json::array({1})}));
  CHECK_FALSE(is_well_formed({"", nullptr}));
}

}  // namespace action_test
