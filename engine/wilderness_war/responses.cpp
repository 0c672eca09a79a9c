#include "engine/wilderness_war/responses.hpp"

#include <algorithm>

#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/sequence.hpp"

namespace warpath::wilderness_war {

bool is_unaccounted(const State& s, CardNumber card) {
  return std::find(s.discard.begin(), s.discard.end(), card) == s.discard.end() &&
         std::find(s.removed.begin(), s.removed.end(), card) == s.removed.end();
}

bool holds_card(const State& s, Side side, CardNumber card) {
  const auto& hand = s.player(side).hand;
  return std::binary_search(hand.begin(), hand.end(), card);
}

void spend_response(State& s, Side side, CardNumber card, const std::string& what) {
  discard_from_hand(s, side, card);
  ++s.rule_events["response_" + std::to_string(card)];
  ++s.rule_events["event_" + std::to_string(card)];
  s.note(
      role_of(side), "play", card,
      std::string(side_titles(side)) + " play #" + std::to_string(card) + " " + s.data().card(card).name + ": " + what);
}

void count_window(State& s, std::string_view kind) { ++s.rule_events["window_" + std::string(kind)]; }

namespace {

std::optional<std::string_view> movement_window(const MoveState& m) {
  switch (m.stage) {
    case MoveStage::foul_weather:
      return window_kind::foul_weather;
    case MoveStage::lake_schooner:
      return window_kind::lake_schooner;
    // Once the player picks pieces to intercept or avoid with, the decision is under way: `pass`
    // then only drops the choice.
    case MoveStage::intercept:
      if (m.selection.empty()) return window_kind::interception;
      return std::nullopt;
    case MoveStage::avoid:
      if (m.selection.empty()) return window_kind::avoid_battle;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::optional<std::string_view> siege_window(const SiegeState& g) {
  switch (g.stage) {
    case SiegeStage::coehorns:
      return window_kind::siege_coehorns;
    case SiegeStage::surrender:
      return window_kind::surrender;
    case SiegeStage::massacre:
      return window_kind::massacre;
    default:
      return std::nullopt;
  }
}

std::optional<std::string_view> raid_window(const RaidState& r) {
  if (r.stage == RaidStage::militia) return window_kind::raid_militia;
  if (r.stage == RaidStage::blockhouses) return window_kind::raid;
  return std::nullopt;
}

std::optional<std::string_view> window_kind_of(const State& s) {
  switch (s.step) {
    case Step::movement:
      return movement_window(*s.move);
    case Step::battle:
      if (s.battle->stage == BattleStage::responses) return window_kind::battle;
      return std::nullopt;
    case Step::siege:
      return siege_window(*s.siege);
    case Step::raid:
      return raid_window(*s.raid);
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<engine::ResponseWindow> open_response_window(const State& s) {
  const auto kind = window_kind_of(s);
  if (!kind) return std::nullopt;
  return engine::ResponseWindow{std::string(*kind), {"pass", nullptr}};
}

}  // namespace warpath::wilderness_war
