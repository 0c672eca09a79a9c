#include "engine/wilderness_war/events.hpp"

#include <algorithm>
#include <array>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/event_rules.hpp"
#include "engine/wilderness_war/sequence.hpp"

namespace warpath::wilderness_war {
namespace {

EventTable build_table() {
  EventTable table;
  add_campaign_events(table);
  add_political_events(table);
  add_indian_events(table);
  add_reinforcement_events(table);
  return table;
}

// 5.12: the colour band says who may play the event.
bool side_may_play(EventSide band, Side side) {
  switch (band) {
    case EventSide::both:
      return true;
    case EventSide::french:
      return side == Side::french;
    case EventSide::british:
      return side == Side::british;
  }
  return false;
}

// 14.5: with the option, either side may play #66 Acadians Expelled, with the same effects.
constexpr CardNumber acadians_expelled = 66;
EventSide colour_band(const State& s, const Card& card) {
  if (card.number == acadians_expelled && s.options.either_side_may_expel_acadians) return EventSide::both;
  return card.event_side;
}

// 14.3: the British and French Regulars events (not Highlanders or Royal Americans, cards.md
// section 3) cost the playing side 1 VP in 1755 and 1756.
constexpr std::array<CardNumber, 7> regulars_events = {55, 56, 57, 58, 59, 64, 68};
constexpr int last_year_regulars_cost_vp = 1756;
void charge_for_early_regulars(State& s, Side side, CardNumber card) {
  if (!s.options.early_regulars_cost_vp || s.year > last_year_regulars_cost_vp) return;
  if (std::find(regulars_events.begin(), regulars_events.end(), card) == regulars_events.end()) return;
  award_vp(s, side, -1, "Regulars sent before general war (optional rule 14.3)");
}

const EventRules& rules_of(const State& s) { return *event_table().at(static_cast<std::size_t>(s.event.value().card)); }

}  // namespace

const EventTable& event_table() {
  static const EventTable table = build_table();  // immutable once built
  return table;
}

bool event_playable(const State& s, Side side, CardNumber card) {
  const auto& rules = event_table().at(static_cast<std::size_t>(card));
  const Card& info = s.data().card(card);
  if (!rules || info.response) return false;  // 5.56: a response is never an Action Phase's card play
  return side_may_play(colour_band(s, info), side) && rules->playable(s, side);
}

void begin_event(State& s, Side side, CardNumber card) {
  ++s.rule_events["events_played"];
  ++s.rule_events["event_" + std::to_string(card)];
  s.event = EventState{};
  s.event->card = card;
  s.event->player = side;
  s.active = side;
  charge_for_early_regulars(s, side, card);
  event_table().at(static_cast<std::size_t>(card))->begin(s);
}

void event_finished(State& s) {
  const Side player = s.event.value().player;
  s.event.reset();
  s.active = player;
  s.step = Step::action_phase;
  end_card_play(s);
}

void list_event_actions(const State& s, ActionList& out) { rules_of(s).list(s, out); }
void apply_event(State& s, const engine::Action& action) { rules_of(s).apply(s, action); }
std::string event_prompt(const State& s) {
  return "#" + std::to_string(s.event.value().card) + " " + s.data().card(s.event->card).name + ": " +
         rules_of(s).prompt(s);
}

}  // namespace warpath::wilderness_war
