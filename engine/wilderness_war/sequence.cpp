#include "engine/wilderness_war/sequence.hpp"

#include <algorithm>

#include "engine/wilderness_war/activation.hpp"
#include "engine/wilderness_war/card_exchange.hpp"
#include "engine/wilderness_war/construction.hpp"
#include "engine/wilderness_war/deck.hpp"
#include "engine/wilderness_war/events.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/year_end.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;

bool in_hand(const PlayerState& player, CardNumber card) {
  return std::binary_search(player.hand.begin(), player.hand.end(), card);
}

std::string card_label(const State& s, CardNumber card) {
  return "#" + std::to_string(card) + " " + s.data().card(card).name;
}

void start_action_phase(State& s, Side side) {
  s.active = side;
  s.step = Step::action_phase;
  ++s.periods.action_phases;
  s.periods.moves = 0;
}

void end_season(State& s) {
  for (Side side : both_sides) {
    auto& player = s.player(side);
    player.regulars_event_this_season = false;  // cards.md #55, #57: one Regulars event per side per season
    // 4.0 A.2: a card held into the next season obliges its owner to play all his cards then.
    player.card_held = player.holding_last_card && !player.hand.empty();
    player.holding_last_card = false;
  }
  if (s.season == Season::early) {
    s.season = Season::late;
    s.note("", "season", s.year, "Late Season " + std::to_string(s.year) + ".");
    begin_season(s);
  } else {
    // cards.md §3: No Amphib (#21) and the Blockhouses markers (#13) last until the end of the year.
    s.year_track.no_amphib = false;
    for (Side side : both_sides) s.player(side).blockhouses = false;
    begin_year_end(s);
  }
}

// 5.22, 5.23: an event card goes to the discard pile, or out of the game if it says REMOVE.
void play_event(State& s, Side side, CardNumber card) {
  const std::string role(side_names(side));
  if (s.data().card(card).removed_after_event) {
    auto& player = s.player(side);
    std::erase(player.hand, card);
    std::erase(player.known, card);
    s.removed.push_back(card);
  } else {
    discard_from_hand(s, side, card);
  }
  s.player(side).constructed_last = false;
  s.note(role, "event", card, std::string(side_titles(side)) + " play " + card_label(s, card) + " for its event.");
  begin_event(s, side, card);
}

}  // namespace

// 5.22, 5.23: the played card goes to the discard pile (REMOVE events leave the game); the other
// side now knows it is no longer in the hand.
void discard_from_hand(State& s, Side side, CardNumber card) {
  auto& player = s.player(side);
  std::erase(player.hand, card);
  std::erase(player.known, card);
  s.discard.push_back(card);
  if (s.data().card(card).triggers_reshuffle) s.year_track.surrender_played = true;  // 5.25
}

bool takes_action_phases(const State& s, Side side) {
  const auto& player = s.player(side);
  return !player.hand.empty() && !player.holding_last_card;
}

void begin_season(State& s) {
  s.phase = Phase::deal_cards;
  if (deal_cards(s)) s.dice_rolled = true;
  s.dice_rolled = true;  // the new hands are news to their owners: an undo barrier
  s.note("", "deal", nullptr, "Cards are dealt.");
  s.phase = Phase::action_phases;
  if (offers_card_exchange(s)) {  // 14.6: "immediately after dealing and examining cards"
    begin_card_exchange(s);
    return;
  }
  start_first_action_phase(s);
}

void start_first_action_phase(State& s) {
  const Side first = s.first_player();
  if (takes_action_phases(s, first))
    start_action_phase(s, first);
  else if (takes_action_phases(s, enemy_of(first)))
    start_action_phase(s, enemy_of(first));
  else
    end_season(s);
}

// Playbook, 1755 scenarios: Amherst, Forbes and Wolfe join the British leader pool at the start of
// 1759 or when William Pitt is played, whichever comes first; only leaders still set aside move.
void release_pitt_leaders(State& s) {
  const auto& setup = s.data().setups.at(static_cast<std::size_t>(s.scenario().setup));
  for (const auto& rule : setup.set_aside_rules) {
    if (rule.trigger != SetAsideTrigger::william_pitt_or_1759) continue;
    bool released = false;
    for (PieceIndex p : rule.pieces)
      if (s.piece(p).location.kind == LocationKind::set_aside) {
        s.change_piece(p).location = Location::pool(LocationKind::british_leader_pool);
        released = true;
      }
    if (released)
      s.note("", "set_aside", nullptr, rule.description + ": the set-aside leaders join the British leader pool.");
  }
}

void start_next_year(State& s) {
  ++s.year;
  if (s.year == 1759) release_pitt_leaders(s);
  s.season = Season::early;
  s.note("", "year", s.year, "Early Season " + std::to_string(s.year) + ".");
  begin_season(s);
}

// 4.0 A.2: sides alternate; a side out of cards (or holding its last) is skipped, so the other
// plays its cards one after another; the season ends when neither takes Action Phases.
void end_card_play(State& s) {
  s.activation.reset();
  s.construction.reset();
  s.combats.clear();  // 5.36: who fought counts for this Action Phase only
  const Side other = enemy_of(s.active);
  if (takes_action_phases(s, other))
    start_action_phase(s, other);
  else if (takes_action_phases(s, s.active))
    start_action_phase(s, s.active);
  else
    end_season(s);
}

void list_action_phase_actions(const State& s, ActionList& out) {
  const Side side = s.active;
  const auto& player = s.player(side);
  const bool construction_allowed = may_construct(s, side);
  const bool stockades = construction_allowed && can_construct_somewhere(s, side, ConstructionKind::stockades);
  const bool forts = construction_allowed && can_construct_somewhere(s, side, ConstructionKind::forts);
  for (CardNumber card : player.hand) {
    out.add("activate", card);  // 5.31: any card activates
    if (stockades) out.add("stockades", card);
    if (forts) out.add("forts", card);
    if (event_playable(s, side, card)) out.add("event", card);
  }
  if (player.hand.size() == 1 && !player.card_held) out.add("pass");  // 4.0 A.2 exception
  for (SpaceIndex sp : demolition_targets(s, side)) out.add_space(s, "demolish", sp);
}

void apply_action_phase(State& s, const Action& action) {
  // The last combat's record (view.cpp's turn.combat) stays on the table into the next Action
  // Phase, for its player to read, until he makes its first decision.
  s.combat_report.reset();
  const Side side = s.active;
  const std::string role(side_names(side));
  if (action.verb == "demolish") {
    demolish(s, space_arg(s, action));
    return;
  }
  if (action.verb == "pass") {
    s.player(side).holding_last_card = true;
    s.note(role, "pass", nullptr, std::string(side_titles(side)) + " pass and hold their last card.");
    end_card_play(s);
    return;
  }
  const auto card = static_cast<CardNumber>(number_arg(action));
  if (!in_hand(s.player(side), card))
    throw engine::ActionRejected(engine::ErrorCode::illegal_action, "that card is not in your hand");
  if (action.verb == "event") {
    play_event(s, side, card);
    return;
  }
  discard_from_hand(s, side, card);
  s.player(side).constructed_last = action.verb == "stockades" || action.verb == "forts";
  if (action.verb == "activate") {
    s.note(role, "activate", card, std::string(side_titles(side)) + " play " + card_label(s, card) + " to activate.");
    ++s.rule_events["activations"];
    begin_activation(s, card);
  } else if (action.verb == "stockades" || action.verb == "forts") {
    const auto kind = action.verb == "stockades" ? ConstructionKind::stockades : ConstructionKind::forts;
    s.note(role, action.verb, card,
           std::string(side_titles(side)) + " play " + card_label(s, card) + " to build " + action.verb + ".");
    begin_construction(s, card, kind);
  } else {
    throw engine::ActionRejected(engine::ErrorCode::illegal_action, "events arrive with the events module");
  }
}

// A card played to activate or to build only opens that procedure's first decision (5.3, 5.4), and a
// demolition only takes a marker off (5.46): none of them rolls or draws. A card played for its
// event, and a pass (which may end the season and deal the next hands), are tried.
bool action_phase_certainly_reversible(const State&, std::string_view verb) {
  return verb == "activate" || verb == "stockades" || verb == "forts" || verb == "demolish";
}

std::string action_phase_prompt(const State& s) {
  return std::string(side_titles(s.active)) +
         " Action Phase: play a card to activate, to build stockades or forts, or for its event.";
}

}  // namespace warpath::wilderness_war
