// The playout counters: known names in the flat array, others in the overflow map, one JSON.
#include <doctest/doctest.h>

#include "engine/wilderness_war/rule_event_counts.hpp"

using warpath::wilderness_war::RuleEventCounts;

TEST_CASE("rule event counters count known and unknown names alike") {
  RuleEventCounts counts;
  ++counts["battles"];
  ++counts["battles"];
  ++counts["event_70"];
  ++counts["response_6"];
  ++counts["window_battle"];
  ++counts["a_name_nobody_listed"];
  CHECK(counts.count("battles") == 2);
  CHECK(counts.count("event_70") == 1);
  CHECK(counts.count("a_name_nobody_listed") == 1);
  CHECK(counts.count("raids") == 0);
  CHECK(counts.to_json() ==
        nlohmann::json{
            {"battles", 2}, {"event_70", 1}, {"response_6", 1}, {"window_battle", 1}, {"a_name_nobody_listed", 1}});
}

TEST_CASE("rule event counters round-trip through JSON and leave zeros out") {
  RuleEventCounts counts;
  ++counts["deals"];
  (void)counts["raids"];  // read, never counted
  ++counts["window_unheard_of"];
  (void)counts["never_counted_unheard_of"];
  const auto j = counts.to_json();
  CHECK_FALSE(j.contains("raids"));
  CHECK_FALSE(j.contains("never_counted_unheard_of"));
  CHECK(RuleEventCounts::from_json(j) == counts);
  CHECK_THROWS_AS(RuleEventCounts::from_json(nlohmann::json::array()), std::invalid_argument);
  CHECK_THROWS_AS(RuleEventCounts::from_json({{"deals", "one"}}), std::invalid_argument);
}
