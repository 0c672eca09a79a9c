// The playout counters of engine/core: known names in the flat array over a title's table, others
// in the overflow map, one JSON; copies are independent and compare by value.
#include "engine/core/rule_event_counts.hpp"

#include <doctest/doctest.h>

namespace rule_event_counts_test {

namespace {

using warpath::engine::RuleEventCounts;
using warpath::engine::RuleEventNames;

const RuleEventNames& test_names() {
  static const RuleEventNames table({"raids", "battles", "deals", "battles", "window_battle"});
  return table;
}
using TestCounts = warpath::engine::TitleRuleEventCounts<&test_names>;

TEST_CASE("a rule event table is sorted without repeats") {
  const auto& names = test_names();
  REQUIRE(names.size() == 4);
  CHECK(names[0] == "battles");
  CHECK(names[3] == "window_battle");
  CHECK(names.index_of("deals") == 1);
  CHECK(names.index_of("dealt") == -1);
  std::vector<std::string> too_many;
  for (std::size_t i = 0; i <= RuleEventCounts::capacity; ++i) too_many.push_back("e" + std::to_string(i));
  CHECK_THROWS_AS(RuleEventNames{too_many}, std::logic_error);
}

TEST_CASE("rule event counters count known and unknown names alike") {
  TestCounts counts;
  ++counts["battles"];
  ++counts["battles"];
  ++counts["window_battle"];
  ++counts["a_name_nobody_listed"];
  CHECK(counts.count("battles") == 2);
  CHECK(counts.count("a_name_nobody_listed") == 1);
  CHECK(counts.count("raids") == 0);
  CHECK(counts.to_json() == nlohmann::json{{"battles", 2}, {"window_battle", 1}, {"a_name_nobody_listed", 1}});
}

TEST_CASE("rule event counters copy by value and compare by value") {
  TestCounts counts;
  ++counts["battles"];
  TestCounts copy = counts;
  CHECK(copy == counts);
  ++copy["battles"];
  CHECK(counts.count("battles") == 1);
  CHECK_FALSE(copy == counts);
  TestCounts other;
  ++other["unlisted"];
  CHECK_FALSE(other == TestCounts{});
  (void)other["raids"];  // read, never counted
  TestCounts same;
  ++same["unlisted"];
  CHECK(other == same);
}

TEST_CASE("rule event counters round-trip through JSON and leave zeros out") {
  TestCounts counts;
  ++counts["deals"];
  (void)counts["raids"];  // read, never counted
  ++counts["window_unheard_of"];
  (void)counts["never_counted_unheard_of"];
  const auto j = counts.to_json();
  CHECK_FALSE(j.contains("raids"));
  CHECK_FALSE(j.contains("never_counted_unheard_of"));
  CHECK(TestCounts::from_json(j) == counts);
  CHECK_THROWS_AS(TestCounts::from_json(nlohmann::json::array()), std::invalid_argument);
  CHECK_THROWS_AS(TestCounts::from_json({{"deals", "one"}}), std::invalid_argument);
}

}  // namespace

}  // namespace rule_event_counts_test
