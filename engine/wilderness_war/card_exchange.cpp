#include "engine/wilderness_war/card_exchange.hpp"

#include <algorithm>
#include <array>

#include "engine/wilderness_war/sequence.hpp"

namespace warpath::wilderness_war {
namespace {

// 14.6: the British Regulars (#57-#59, #64) and Highlanders (#60, #61, #63) cards.
constexpr std::array<CardNumber, 7> exchangeable_cards = {57, 58, 59, 60, 61, 63, 64};
constexpr int first_exchange_year = 1757;  // "each turn after 1756"

std::vector<CardNumber> cards_to_take(const State& s) {
  std::vector<CardNumber> out;
  for (CardNumber card : exchangeable_cards)
    if (std::find(s.discard.begin(), s.discard.end(), card) != s.discard.end()) out.push_back(card);
  return out;
}

std::string card_text(const State& s, CardNumber card) {
  return "#" + std::to_string(card) + " " + s.data().card(card).name;
}

void take_from_discard(State& s, CardNumber card) {
  std::erase(s.discard, card);
  auto& british = s.player(Side::british);
  british.hand.insert(std::upper_bound(british.hand.begin(), british.hand.end(), card), card);
  // Taken openly from the discard pile: the French know it is in the hand.
  british.known.insert(std::upper_bound(british.known.begin(), british.known.end(), card), card);
}

}  // namespace

bool offers_card_exchange(const State& s) {
  return s.options.british_regulars_exchange && s.year >= first_exchange_year &&
         !s.player(Side::british).hand.empty() && !cards_to_take(s).empty();
}

void begin_card_exchange(State& s) {
  s.step = Step::card_exchange;
  s.active = Side::british;
}

void list_card_exchange_actions(const State& s, ActionList& out) {
  for (CardNumber card : cards_to_take(s)) out.add("take", card);
  out.add("pass");
}

void apply_card_exchange(State& s, const engine::Action& action) {
  s.step = Step::action_phase;
  if (action.verb == "take") {
    const CardNumber wanted = static_cast<CardNumber>(number_arg(action));
    const auto& hand = s.player(Side::british).hand;
    // The random card is drawn before the wanted one joins the hand; the draw is an undo barrier.
    const CardNumber given = hand.at(s.rng.below(static_cast<std::uint32_t>(hand.size())));
    s.dice_rolled = true;
    discard_from_hand(s, Side::british, given);  // 5.25: a discarded Surrender! reshuffles normally
    take_from_discard(s, wanted);
    ++s.rule_events["card_exchanges"];
    s.note("british", "take", wanted,
           "British discard " + card_text(s, given) + " at random and take " + card_text(s, wanted) +
               " from the discard pile (optional rule 14.6).");
  }
  start_first_action_phase(s);
}

std::string card_exchange_prompt(const State&) {
  return "Optional rule 14.6: take a British Regulars or Highlanders card from the discard pile for a random card "
         "of your hand, or pass.";
}

}  // namespace warpath::wilderness_war
