// Response cards at sieges and captures: #8 Coehorns & Howitzers at the siege roll (8.231, 9.13),
// #6 Surrender! (8.231 clarification, 14.4, 5.25) and #7 Massacre! (cards.md #7); "Hidden hands".
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/movement.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/siege.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_siege_responses_test {

using namespace warpath::wilderness_war;
using namespace ww_test;
using warpath::engine::Action;

namespace {

// Hands as given; every response card discarded except those of `unaccounted`, which go to the
// draw pile (not in any hand, but not accounted for either).
json with_hands(const std::vector<int>& french, const std::vector<int>& british,
                const std::vector<int>& unaccounted = {}) {
  json j = cleared_position();
  discard_response_cards(j);
  set_hand(j, "french", french);
  set_hand(j, "british", british);
  for (int card : unaccounted) {
    json kept = json::array();
    for (const auto& c : j["discard"])
      if (c.get<int>() != card) kept.push_back(c);
    j["discard"] = kept;
    j["draw_pile"].push_back(card);
  }
  return j;
}

// A French fort at Schenectady at `level`, besieged by Amherst and a British regular (and a
// Mohawk when `indians`); Drucour and a Marine detachment inside.
json schenectady(json j, int level = 0, bool indians = false) {
  j["markers"]["schenectady"] = {{"fort", "french"}, {"siege", level}};
  place(j, "br_amherst", "schenectady");
  place(j, "br_reg_15th", "schenectady");
  if (indians) place(j, "br_ind_mohawk_1", "schenectady");
  place(j, "fr_drucour", "schenectady", false, true);
  place(j, "fr_md_1", "schenectady", false, true);
  return j;
}

// The British landed at Louisbourg (6.43): the Amphib marker keeps them in supply there, so they
// may besiege it (6.432, 8.231, 12.1).
json louisbourg(json j, int level) {
  j["markers"]["louisbourg"] = {{"siege", level}, {"amphib", true}};
  place(j, "br_amherst", "louisbourg");
  place(j, "br_reg_15th", "louisbourg");
  place(j, "fr_drucour", "louisbourg", false, true);
  place(j, "fr_md_1", "louisbourg", false, true);
  return j;
}

// The next dice the state rolls will be `dice`.
void rig_dice(State& s, const std::vector<int>& dice) {
  for (std::uint64_t seed = 1;; ++seed) {
    warpath::engine::Rng r(seed);
    if (std::all_of(dice.begin(), dice.end(), [&](int d) { return r.roll(6) == d; })) {
      s.rng = warpath::engine::Rng(seed);
      return;
    }
  }
}

// `side` has activated the force of `ids` under `commander` (the first id); it has not moved yet.
State activated(const json& j, Side side, const std::vector<std::string>& ids) {
  State s = State::from_json(j);
  s.active = side;
  ActivationState a;
  a.card = 70;
  a.stage = ActivationStage::acting;
  a.force = true;
  a.commander = pc(ids.front());
  for (const auto& id : ids) a.force_pieces.push_back(pc(id));
  a.activated = a.force_pieces;
  s.activation = a;
  s.step = Step::activation;
  begin_move(s, a.force_pieces, a.commander);
  return s;
}

// The British force at a siege has chosen to roll on the Siege Table.
State siege_roll(const json& j) {
  State s = activated(j, Side::british, {"br_amherst", "br_reg_15th"});
  play_listed(s, "british", "siege");
  return s;
}

json legal(const State& s, const char* role) { return make_wilderness_war()->legal_actions(s, role); }
void act(State& s, const char* role, const std::string& verb, json arg = nullptr) {
  play_listed(s, role, verb, std::move(arg));
}
bool discarded(const State& s, int card) {
  return std::find(s.discard.begin(), s.discard.end(), card) != s.discard.end();
}

}  // namespace

// --- #8 Coehorns & Howitzers at the siege roll -----------------------------------------------

TEST_CASE("#8 Coehorns at a siege roll: +2 for the besieger (8.231)") {
  State s = siege_roll(schenectady(with_hands({2}, {8, 1})));
  REQUIRE(s.step == Step::siege);
  CHECK(s.active == Side::british);
  CHECK(s.siege->stage == SiegeStage::coehorns);
  CHECK(legal(s, "british") == json{{"play", {8}}, {"pass", true}});
  act(s, "british", "play", 8);
  CHECK(discarded(s, 8));
  CHECK(s.rule_events["response_8"] == 1);
  CHECK(s.rule_events["window_siege_coehorns"] == 1);
  REQUIRE(s.siege->stage == SiegeStage::roll);  // the card is spent: no French window
  rig_dice(s, {1});                             // 1 + 1 (Amherst) - 1 (Drucour) + 2 = 3: +1
  act(s, "british", "roll");
  CHECK(s.space(sp("schenectady")).siege_level == 1);
}

TEST_CASE("#8 Coehorns at a siege roll: -2 for the besieged, who needs Regulars inside (8.231)") {
  State s = siege_roll(schenectady(with_hands({8}, {1})));
  // The besieger's window opens first although he does not hold the card: only `pass` for him.
  REQUIRE(s.siege->stage == SiegeStage::coehorns);
  CHECK(s.active == Side::british);
  CHECK(legal(s, "british") == json{{"pass", true}});
  act(s, "british", "pass");
  REQUIRE(s.siege->stage == SiegeStage::coehorns);
  CHECK(s.active == Side::french);
  CHECK(legal(s, "french") == json{{"play", {8}}, {"pass", true}});
  act(s, "french", "play", 8);
  REQUIRE(s.siege->stage == SiegeStage::roll);
  CHECK(s.active == Side::british);
  rig_dice(s, {6});  // 6 + 1 - 1 - 2 = 4: +1 (6 would give +2)
  act(s, "british", "roll");
  CHECK(s.space(sp("schenectady")).siege_level == 1);
}

TEST_CASE("#8 Coehorns at a siege roll: no window without Regulars in the space (8.231)") {
  json j = schenectady(with_hands({8}, {1}));
  j["pieces"].erase("fr_md_1");
  place(j, "fr_coureurs_joncaire", "schenectady", false, true);  // coureurs, not Regulars
  State s = siege_roll(j);
  act(s, "british", "pass");
  CHECK(s.siege->stage == SiegeStage::roll);  // no French window

  json none = schenectady(with_hands({2}, {1}));  // the card discarded: no window at all
  State t = siege_roll(none);
  CHECK(t.siege->stage == SiegeStage::roll);
}

TEST_CASE("#8 Coehorns played at the siege roll counts in the assault right afterwards (9.13)") {
  State s = siege_roll(schenectady(with_hands({2}, {8, 1})));
  act(s, "british", "play", 8);
  rig_dice(s, {1});
  act(s, "british", "roll");
  REQUIRE(s.siege->stage == SiegeStage::assault_or_done);
  act(s, "british", "assault");
  REQUIRE(s.battle);
  CHECK(s.battle->coehorns == Side::british);
  CHECK(s.battle->stage == BattleStage::roll);  // #8 is not offered again
}

// --- #6 Surrender! ----------------------------------------------------------------------------

TEST_CASE("#6 Surrender! in place of the siege roll: a fort captured intact, the garrison relocated (8.231)") {
  State s = siege_roll(schenectady(with_hands({2}, {6, 1})));
  const int vp = s.vp;
  REQUIRE(s.siege->stage == SiegeStage::surrender);
  CHECK(s.rule_events["window_surrender"] == 1);
  CHECK(legal(s, "british") == json{{"play", {6}}, {"pass", true}});
  act(s, "british", "play", 6);
  const SpaceIndex at = sp("schenectady");
  CHECK(s.space(at).fort == Side::british);  // a completed fort, not one under construction
  CHECK_FALSE(s.space(at).siege_level);
  CHECK(s.vp == vp - 2);
  CHECK(s.year_track.surrender_played);  // 5.25
  for (const char* id : {"fr_drucour", "fr_md_1"}) {
    const SpaceIndex to = s.space_of(pc(id));
    CHECK(to != at);
    CHECK(to != no_space);
    CHECK(has_unbesieged_fortification(s, to, Side::french));
  }
  CHECK_FALSE(s.siege);  // the force's activation is over
  CHECK(s.step != Step::siege);
}

TEST_CASE("#6 Surrender! of a fortress: it changes owner, 3 VP; Louisbourg needs siege 1 (cards.md #6)") {
  State shut = siege_roll(louisbourg(with_hands({2}, {6, 1}), 0));
  CHECK(shut.siege->stage == SiegeStage::roll);  // public condition: no window at Louisbourg 0

  State s = siege_roll(louisbourg(with_hands({2}, {6, 1}), 1));
  const int vp = s.vp;
  REQUIRE(s.siege->stage == SiegeStage::surrender);
  act(s, "british", "play", 6);
  CHECK(s.space(sp("louisbourg")).fortress_owner == Side::british);
  CHECK(s.vp == vp - 3);
  CHECK(s.space_of(pc("fr_md_1")) != sp("louisbourg"));  // measured from Québec
  CHECK(s.space_of(pc("fr_md_1")) != no_space);
}

TEST_CASE("#6 Surrender!: the window opens for a besieger who does not hold it (hidden hands)") {
  State s = siege_roll(schenectady(with_hands({2}, {1}, {6})));
  REQUIRE(s.siege->stage == SiegeStage::surrender);
  CHECK(legal(s, "british") == json{{"pass", true}});
  act(s, "british", "pass");
  CHECK(s.siege->stage == SiegeStage::roll);  // 14.4 is off: no French window
}

TEST_CASE("#6 Surrender! window (b): in place of an assault already possible, from the besieger's own hand") {
  State s = activated(schenectady(with_hands({2}, {6, 1}), 1), Side::british, {"br_amherst", "br_reg_15th"});
  CHECK(lists(legal(s, "british"), "play", "6"));
  CHECK(legal(s, "british").contains("assault"));
  act(s, "british", "play", 6);
  CHECK(s.space(sp("schenectady")).fort == Side::british);
  CHECK(s.space_of(pc("fr_md_1")) != sp("schenectady"));
  CHECK_FALSE(s.move);
  CHECK_FALSE(s.siege);

  State t = activated(schenectady(with_hands({2}, {1}, {6}), 1), Side::british, {"br_amherst", "br_reg_15th"});
  CHECK_FALSE(legal(t, "british").contains("play"));
  State level0 = activated(schenectady(with_hands({2}, {6, 1}), 0), Side::british, {"br_amherst", "br_reg_15th"});
  CHECK_FALSE(legal(level0, "british").contains("play"));  // no assault possible yet: window (a) only
}

TEST_CASE("#6 Surrender! under 14.4: the besieged side gets the window after the besieger") {
  json j = schenectady(with_hands({6, 2}, {1}));
  j["options"]["optional_14_4"] = true;
  State s = State::from_json(j);
  s.options.either_side_may_surrender = true;
  State r = siege_roll(s.to_json());
  REQUIRE(r.siege->stage == SiegeStage::surrender);
  CHECK(r.active == Side::british);
  CHECK(legal(r, "british") == json{{"pass", true}});
  act(r, "british", "pass");
  REQUIRE(r.siege->stage == SiegeStage::surrender);
  CHECK(r.active == Side::french);
  CHECK(legal(r, "french") == json{{"play", {6}}, {"pass", true}});
  const int vp = r.vp;
  act(r, "french", "play", 6);
  CHECK(r.space(sp("schenectady")).fort == Side::british);
  CHECK(r.vp == vp - 2);

  State off = siege_roll(schenectady(with_hands({6, 2}, {1})));  // without 14.4
  act(off, "british", "pass");
  CHECK(off.siege->stage == SiegeStage::roll);
}

// --- #7 Massacre! ------------------------------------------------------------------------------

TEST_CASE("#7 Massacre! after a Surrender!: 1 VP, the Indians eliminated, before the garrison moves") {
  State s = siege_roll(schenectady(with_hands({7, 2}, {6, 1}), 0, true));
  act(s, "british", "play", 6);
  REQUIRE(s.siege);
  REQUIRE(s.siege->stage == SiegeStage::massacre);
  CHECK(s.active == Side::french);
  CHECK(s.space_of(pc("fr_md_1")) == sp("schenectady"));  // not yet relocated
  CHECK(legal(s, "french") == json{{"play", {7}}, {"pass", true}});
  const int vp = s.vp;
  act(s, "french", "play", 7);
  CHECK(s.vp == vp + 1);
  CHECK(s.space_of(pc("br_ind_mohawk_1")) == no_space);
  CHECK(s.space_of(pc("br_reg_15th")) == sp("schenectady"));
  CHECK(s.space_of(pc("fr_md_1")) != sp("schenectady"));
  CHECK(s.rule_events["window_massacre"] == 1);
  CHECK_FALSE(s.siege);
}

TEST_CASE("#7 Massacre!: the window opens for a loser who does not hold it; shut without Indians") {
  State s = siege_roll(schenectady(with_hands({2}, {6, 1}, {7}), 0, true));
  act(s, "british", "play", 6);
  REQUIRE(s.siege->stage == SiegeStage::massacre);
  CHECK(legal(s, "french") == json{{"pass", true}});
  act(s, "french", "pass");
  CHECK(s.space_of(pc("br_ind_mohawk_1")) == sp("schenectady"));
  CHECK(s.space_of(pc("fr_md_1")) != sp("schenectady"));

  State t = siege_roll(schenectady(with_hands({7, 2}, {6, 1}), 0, false));
  act(t, "british", "play", 6);
  CHECK_FALSE(t.siege);  // no Indians in the capturing stack: no window, straight to relocation
  CHECK(t.space_of(pc("fr_md_1")) != sp("schenectady"));
}

TEST_CASE("#7 Massacre! after a won assault (9.22)") {
  json j = schenectady(with_hands({7, 2}, {1}), 1, true);
  j["pieces"].erase("fr_drucour");
  for (const char* id : {"br_reg_17th", "br_reg_1st_royal", "br_reg_22nd", "br_reg_27th"}) place(j, id, "schenectady");
  State s = activated(j, Side::british,
                      {"br_amherst", "br_reg_15th", "br_reg_17th", "br_reg_1st_royal", "br_reg_22nd", "br_reg_27th",
                       "br_ind_mohawk_1"});
  act(s, "british", "assault");
  REQUIRE(s.battle);
  REQUIRE(s.battle->stage == BattleStage::roll);
  rig_dice(s, {6, 1, 2, 2});
  act(s, "british", "roll");
  while (s.battle && s.battle->stage == BattleStage::losses) {
    const json l = legal(s, role_of(s.active).c_str());
    act(s, role_of(s.active).c_str(), "piece", l["piece"][0]);
  }
  REQUIRE_FALSE(s.battle);
  REQUIRE(s.rule_events["assaults_won"] == 1);
  REQUIRE(s.siege);
  CHECK(s.siege->stage == SiegeStage::massacre);
  CHECK(s.active == Side::french);
  const int vp = s.vp;
  act(s, "french", "play", 7);
  CHECK(s.vp == vp + 1);
  CHECK(s.space_of(pc("br_ind_mohawk_1")) == no_space);
  CHECK_FALSE(s.siege);
}

TEST_CASE("#7 Massacre! after Drilled Troops take a stockade intact; the movers still stop (6.51)") {
  json j = with_hands({1}, {7, 2});
  j["markers"]["hoosic"] = {{"stockade", "british"}};
  for (const char* id : {"fr_montcalm", "fr_reg_2_berry", "fr_ind_ottawa"}) place(j, id, "albany");
  State s = activated(j, Side::french, {"fr_montcalm", "fr_reg_2_berry", "fr_ind_ottawa"});
  act(s, "french", "space", "hoosic");
  REQUIRE(s.step == Step::siege);
  CHECK(s.space(sp("hoosic")).stockade == Side::french);
  CHECK(s.active == Side::british);
  CHECK(legal(s, "british") == json{{"play", {7}}, {"pass", true}});
  const int vp = s.vp;
  act(s, "british", "play", 7);
  CHECK(s.vp == vp - 1);
  CHECK(s.space_of(pc("fr_ind_ottawa")) == no_space);
  CHECK(s.space_of(pc("fr_reg_2_berry")) == sp("hoosic"));
  CHECK_FALSE(s.move);  // the move is over
  CHECK_FALSE(s.siege);

  json k = with_hands({1}, {2}, {7});  // the British do not hold it: only `pass`
  k["markers"]["hoosic"] = {{"stockade", "british"}};
  for (const char* id : {"fr_montcalm", "fr_reg_2_berry", "fr_ind_ottawa"}) place(k, id, "albany");
  State t = activated(k, Side::french, {"fr_montcalm", "fr_reg_2_berry", "fr_ind_ottawa"});
  act(t, "french", "space", "hoosic");
  REQUIRE(t.step == Step::siege);
  CHECK(legal(t, "british") == json{{"pass", true}});
  act(t, "british", "pass");
  CHECK(t.space_of(pc("fr_ind_ottawa")) == sp("hoosic"));
  CHECK_FALSE(t.move);
}

}  // namespace events_siege_responses_test
