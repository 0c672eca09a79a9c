#pragma once
// Mohicans' rule event counters for the playout reports (`warpath playout --game mohicans`):
// engine/core's flat counters over this title's table of names. Each rule worth reaching counts
// itself with one line where it happens (`++s.rule_events["battles"];`); rule_events.cpp lists
// the names, by the rulebook's sections, and engine/mohicans/README.md says which the playouts
// reach and which CI requires.

#include "engine/core/rule_event_counts.hpp"

namespace warpath::mohicans {

// The names the rules count, sorted.
const engine::RuleEventNames& rule_event_names();

using RuleEventCounts = engine::TitleRuleEventCounts<&rule_event_names>;

}  // namespace warpath::mohicans
