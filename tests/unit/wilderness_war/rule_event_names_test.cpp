// Wilderness War's table of rule event names: the fixed names, every card's event and response and
// the windows are counted in the flat array (engine/core/rule_event_counts.hpp has the counters).
#include <doctest/doctest.h>

#include "engine/wilderness_war/rule_event_names.hpp"

namespace rule_event_names_test {

using warpath::wilderness_war::rule_event_names;
using warpath::wilderness_war::RuleEventCounts;

TEST_CASE("Wilderness War knows its rule event names") {
  const auto& names = rule_event_names();
  for (const char* name :
       {"battles", "event_1", "event_70", "response_6", "window_battle", "window_surrender", "victory_13_13"})
    CHECK_MESSAGE(names.index_of(name) >= 0, name);
  CHECK(names.index_of("event_71") == -1);
}

TEST_CASE("Wilderness War's counters round-trip through its state JSON form") {
  RuleEventCounts counts;
  ++counts["battles"];
  ++counts["event_70"];
  ++counts["a_name_nobody_listed"];
  const auto j = counts.to_json();
  CHECK(j == nlohmann::json{{"battles", 1}, {"event_70", 1}, {"a_name_nobody_listed", 1}});
  CHECK(RuleEventCounts::from_json(j) == counts);
}

}  // namespace rule_event_names_test
