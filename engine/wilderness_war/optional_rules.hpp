#pragma once
// The optional rules of 14.0 a game may be set up with (both players agree; all off by default).
// One table ties each rule's setup option id to its rule number (whose summary is in the data,
// GameData::optional_rules) and its flag in Options, so the setup parser, the state JSON and the
// module's option list agree.

#include <array>
#include <string>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

struct OptionalRuleFlag {
  const char* id;    // the setup option and state JSON key
  const char* rule;  // GameData::optional_rules[].rule
  bool Options::*flag;
};

inline constexpr std::array<OptionalRuleFlag, 6> optional_rule_flags{{
    {"optional_14_1", "14.1", &Options::pitt_and_diplomatic_revolution_linked},
    {"optional_14_2", "14.2", &Options::raids_cost_militia_steps},
    {"optional_14_3", "14.3", &Options::early_regulars_cost_vp},
    {"optional_14_4", "14.4", &Options::either_side_may_surrender},
    {"optional_14_5", "14.5", &Options::either_side_may_expel_acadians},
    {"optional_14_6", "14.6", &Options::british_regulars_exchange},
}};

// "Optional rule 14.1: <the data's summary>".
inline std::string optional_rule_description(const GameData& data, const OptionalRuleFlag& flag) {
  for (const auto& rule : data.optional_rules)
    if (rule.rule == flag.rule) return "Optional rule " + rule.rule + ": " + rule.summary;
  return std::string("Optional rule ") + flag.rule;
}

}  // namespace warpath::wilderness_war
