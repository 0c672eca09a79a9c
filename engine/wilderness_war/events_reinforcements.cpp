// The events of this group of cards (cards.md): being written.
#include "engine/wilderness_war/event_rules.hpp"

namespace warpath::wilderness_war {

void add_reinforcement_events(EventTable&) {}

}  // namespace warpath::wilderness_war
