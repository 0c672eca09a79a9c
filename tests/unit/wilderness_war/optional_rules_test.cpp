// The optional rules 14.1, 14.3, 14.5 and 14.6 (14.2 is tested with the raids, 14.4 with Surrender!).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/wilderness_war/deck.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/sequence.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace optional_rules_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

bool has(const std::vector<CardNumber>& cards, CardNumber card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

// `side` is to play, holding `cards`, in a Full Campaign with `option` on.
json position_for(const std::string& side, const std::vector<int>& cards, const std::string& option) {
  json j = position_to_play(side, cards, "full_campaign");
  if (!option.empty()) j["options"][option] = true;
  return j;
}

using Game = ModuleGame;

// A position at the end of a season: both hands empty, `discard` in the discard pile.
json before_deal(int year, const std::vector<int>& discard, const std::string& option) {
  json j = cleared_position("full_campaign");
  set_hand(j, "french", {});
  set_hand(j, "british", {});
  for (int card : discard) {
    set_hand(j, "french", {card});  // takes it from wherever it is
    set_hand(j, "french", {});      // and puts it on the draw pile...
    auto& pile = j["draw_pile"];
    pile.erase(std::find(pile.begin(), pile.end(), json(card)));
    j["discard"].push_back(card);  // ...from which it goes to the discard pile
  }
  j["year"] = year;
  if (!option.empty()) j["options"][option] = true;
  return j;
}

}  // namespace

// --- 14.1 ----------------------------------------------------------------------------------------
TEST_CASE("14.1: Pitt played, Diplomatic Revolution discarded: the French receive it in the next deal") {
  State s = load(before_deal(1757, {69}, "optional_14_1"));
  s.year_track.william_pitt = true;
  deal_cards(s);
  const auto& french = s.player(Side::french);
  CHECK(has(french.hand, 69));
  CHECK(has(french.known, 69));  // taken openly from the discard pile
  CHECK(static_cast<int>(french.hand.size()) == s.hand_size(Side::french));
  CHECK_FALSE(has(s.discard, 69));
}

TEST_CASE("14.1: Diplomatic Revolution played, William Pitt discarded: the British receive it") {
  State s = load(before_deal(1757, {67}, "optional_14_1"));
  s.year_track.diplomatic_revolution = true;
  deal_cards(s);
  CHECK(has(s.player(Side::british).hand, 67));
}

TEST_CASE("14.1: without the option, or with the other event not yet played, nothing is handed out") {
  State off = load(before_deal(1757, {69}, ""));
  off.year_track.william_pitt = true;
  deal_cards(off);
  CHECK(has(off.discard, 69));

  State unplayed = load(before_deal(1757, {69}, "optional_14_1"));
  deal_cards(unplayed);
  CHECK(has(unplayed.discard, 69));
}

// --- 14.3 ----------------------------------------------------------------------------------------
TEST_CASE("14.3: a French Regulars event in 1755 costs the French 1 VP") {
  json j = position_for("french", {55, 5}, "optional_14_3");
  Game g(j);
  const int vp = g.s.vp;
  g.act("french", "event", 55);
  CHECK(g.s.vp == vp - 1);  // positive VP is the French lead
}

TEST_CASE("14.3: a British Regulars event in 1756 costs the British 1 VP; Highlanders cost nothing") {
  json j = position_for("british", {57, 5}, "optional_14_3");
  j["year"] = 1756;
  Game g(j);
  const int vp = g.s.vp;
  g.act("british", "event", 57);
  CHECK(g.s.vp == vp + 1);

  json highlanders = position_for("british", {60, 5}, "optional_14_3");
  highlanders["year"] = 1759;
  Game h(highlanders);
  const int before = h.s.vp;
  h.act("british", "event", 60);
  CHECK(h.s.vp == before);
}

TEST_CASE("14.3: no cost from 1757 on, nor without the option") {
  json later = position_for("french", {55, 5}, "optional_14_3");
  later["year"] = 1757;
  Game g(later);
  const int vp = g.s.vp;
  g.act("french", "event", 55);
  CHECK(g.s.vp == vp);

  Game off(position_for("french", {55, 5}, ""));
  const int before = off.s.vp;
  off.act("french", "event", 55);
  CHECK(off.s.vp == before);
}

// --- 14.5 ----------------------------------------------------------------------------------------
TEST_CASE("14.5: the French may play Acadians Expelled (#66), with the same effects") {
  Game off(position_for("french", {66, 5}, ""));
  CHECK_FALSE(off.may_play("french", 66));

  Game g(position_for("french", {66, 5}, "optional_14_5"));
  REQUIRE(g.may_play("french", 66));
  g.act("french", "event", 66);
  CHECK(has(g.s.removed, 66));  // REMOVE (5.23)
  const SpaceIndex halifax = game_data().space_index("halifax");
  int regulars_at_halifax = 0;
  for (PieceIndex p = 0; p < static_cast<PieceIndex>(game_data().piece_count()); ++p)
    if (g.s.space_of(p) == halifax) ++regulars_at_halifax;
  CHECK(regulars_at_halifax == 2);
}

// --- 14.6 ----------------------------------------------------------------------------------------
TEST_CASE("14.6: after a deal from 1757 on, the British may take a Regulars card for a random card") {
  Game g(before_deal(1757, {57, 61, 12}, "optional_14_6"));
  begin_season(g.s);
  REQUIRE(g.s.step == Step::card_exchange);
  CHECK(g.s.active == Side::british);
  const auto actions = g.actions("british");
  CHECK(lists(actions, "take", "57"));
  CHECK(lists(actions, "take", "61"));
  CHECK_FALSE(lists(actions, "take", "12"));
  CHECK(actions.contains("pass"));
  CHECK(g.actions("french").empty());

  const auto hand_before = g.s.player(Side::british).hand;
  g.act("british", "take", 57);
  const auto& hand = g.s.player(Side::british).hand;
  CHECK(hand.size() == hand_before.size());
  CHECK(has(hand, 57));
  CHECK(has(g.s.player(Side::british).known, 57));
  CHECK_FALSE(has(g.s.discard, 57));
  CHECK(g.s.discard.size() == 3);  // 61, 12 and the random card
  CHECK(has(hand_before, g.s.discard.back()));
  CHECK(g.s.step == Step::action_phase);
  CHECK(g.s.active == g.s.first_player());
}

TEST_CASE("14.6: no exchange before 1757, without the option, or with no Regulars card discarded") {
  Game early(before_deal(1756, {57}, "optional_14_6"));
  begin_season(early.s);
  CHECK(early.s.step == Step::action_phase);

  Game off(before_deal(1757, {57}, ""));
  begin_season(off.s);
  CHECK(off.s.step == Step::action_phase);

  Game none(before_deal(1757, {12}, "optional_14_6"));
  begin_season(none.s);
  CHECK(none.s.step == Step::action_phase);
}

TEST_CASE("14.6: passing keeps the hand") {
  Game g(before_deal(1758, {64}, "optional_14_6"));
  begin_season(g.s);
  REQUIRE(g.s.step == Step::card_exchange);
  const auto hand_before = g.s.player(Side::british).hand;
  g.act("british", "pass");
  CHECK(g.s.player(Side::british).hand == hand_before);
  CHECK(has(g.s.discard, 64));
  CHECK(g.s.step == Step::action_phase);
}

}  // namespace optional_rules_test
