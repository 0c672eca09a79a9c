#pragma once
// Wilderness War's rule event counters for the playout reports ("battles", "event_23",
// "window_battle", ...): engine/core's flat counters over this title's table of names
// (rule_event_names.cpp lists them).

#include "engine/core/rule_event_counts.hpp"

namespace warpath::wilderness_war {

// The names the rules count, sorted: the fixed ones, every card's event and response, the windows.
const engine::RuleEventNames& rule_event_names();

using RuleEventCounts = engine::TitleRuleEventCounts<&rule_event_names>;

}  // namespace warpath::wilderness_war
