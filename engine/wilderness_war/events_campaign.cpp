// Events #1-#4 Campaign (cards.md): two activations with one card. The activation procedure runs
// them (activation.cpp, begin_campaign); this file only plugs the card into the event table.
#include "engine/wilderness_war/activation.hpp"
#include "engine/wilderness_war/event_rules.hpp"
#include "engine/wilderness_war/event_support.hpp"

namespace warpath::wilderness_war {
namespace {

// The card play is an activation from here on: the event's sub-state gives way to the activation's.
void campaign_begin(State& s) {
  const CardNumber card = s.event.value().card;
  s.event.reset();
  begin_campaign(s, card);
}

}  // namespace

void add_campaign_events(EventTable& table) {
  for (CardNumber card = 1; card <= 4; ++card)
    table[card] = EventRules{always, campaign_begin, nullptr, nullptr, nullptr};
}

}  // namespace warpath::wilderness_war
