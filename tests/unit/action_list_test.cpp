// The compact legal-action list (engine/core/action_list.hpp): what it holds, what it matches,
// and that its JSON form is the protocol's.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/action_list.hpp"

namespace action_list_test {

using nlohmann::json;
using warpath::engine::Action;
using warpath::engine::ActionList;
using warpath::engine::ArgKind;

namespace {
ActionList sample() {
  ActionList list;
  list.add("space", std::string("a_space_id_longer_than_sso"));
  list.add("card", std::int64_t{12});
  list.add("pass");
  list.add("card", std::int64_t{3});
  list.add("space", std::string_view("b"));
  return list;
}
}  // namespace

TEST_CASE("entries keep their verb, kind and argument in the order added") {
  const ActionList list = sample();
  REQUIRE(list.size() == 5);
  CHECK(list[0].verb == "space");
  CHECK(list[0].kind == ArgKind::text);
  CHECK(list[0].text == "a_space_id_longer_than_sso");
  CHECK(list[1].kind == ArgKind::number);
  CHECK(list[1].number == 12);
  CHECK(list[2].kind == ArgKind::none);
  CHECK(list[4].to_action() == Action{"space", "b"});
  CHECK(list[1].to_action() == Action{"card", 12});
  CHECK(list[2].to_action() == Action{"pass", nullptr});
}

TEST_CASE("contains matches the exact verb and argument, nothing looser") {
  const ActionList list = sample();
  CHECK(list.contains({"pass", nullptr}));
  CHECK_FALSE(list.contains({"pass", "x"}));
  CHECK(list.contains({"space", "b"}));
  CHECK_FALSE(list.contains({"space", "c"}));
  CHECK_FALSE(list.contains({"space", nullptr}));
  CHECK(list.contains({"card", 12}));
  CHECK_FALSE(list.contains({"card", "12"}));
  CHECK_FALSE(list.contains({"card", 4}));
  CHECK_FALSE(list.contains({"roll", nullptr}));
  CHECK(list.has("card"));
  CHECK_FALSE(list.has("roll"));
}

TEST_CASE("the JSON form groups arguments by verb; a word is listed once") {
  ActionList list = sample();
  list.add("pass");
  CHECK(list.size() == 5);
  const json expected = {{"space", {"a_space_id_longer_than_sso", "b"}}, {"card", {12, 3}}, {"pass", true}};
  CHECK(list.to_json() == expected);
  ActionList again;
  again.append_json(expected);
  CHECK(again.to_json() == expected);
  CHECK(again.size() == 5);
}

TEST_CASE("a verb listed both as a word and with ids is a module bug the JSON form refuses") {
  ActionList list;
  list.add("done");
  list.add("done", std::int64_t{1});
  CHECK_THROWS_AS(list.to_json(), std::logic_error);
}

TEST_CASE("clear empties the list and keeps it usable") {
  ActionList list = sample();
  list.clear();
  CHECK(list.empty());
  CHECK(list.to_json() == json::object());
  list.add("roll");
  CHECK(list.contains({"roll", nullptr}));
}

}  // namespace action_list_test
