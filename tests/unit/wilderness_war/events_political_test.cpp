// Events #5, #21, #22, #35-#42, #62, #67, #69, #70 (cards.md) and the event play itself (5.26).
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_political_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

bool event_listed(const State& s, const char* role, int card) {
  return lists(make_wilderness_war()->legal_actions(s, role), "event", std::to_string(card));
}

// A position where `side` is to play and holds `cards`; the other side holds `other`.
json position_for(const char* side, const std::vector<int>& cards, const std::vector<int>& other = {60}) {
  json j = cleared_position();
  j["active"] = side;
  set_hand(j, side, cards);
  set_hand(j, std::string(side) == "french" ? "british" : "french", other);
  return j;
}

// Moves `card` from wherever it is to the discard pile.
void to_discard(json& j, int card) {
  auto drop = [&](json& list) {
    json kept = json::array();
    for (const auto& c : list)
      if (c.get<int>() != card) kept.push_back(c);
    list = kept;
  };
  drop(j["draw_pile"]);
  drop(j["removed"]);
  for (const char* side : {"french", "british"}) drop(j["players"][side]["hand"]);
  j["discard"].push_back(card);
}

bool in(const std::vector<CardNumber>& cards, int card) {
  return std::find(cards.begin(), cards.end(), static_cast<CardNumber>(card)) != cards.end();
}

}  // namespace

TEST_CASE("5.12, 5.56: the colour band decides who may play an event; response cards are no Action Phase") {
  json j = position_for("french", {70, 6, 35});
  j["vp"] = 2;
  place(j, "br_shirley", "albany");
  State s = load(j);
  CHECK(event_listed(s, "french", 70));       // French event
  CHECK(event_listed(s, "french", 35));       // either side
  CHECK_FALSE(event_listed(s, "french", 6));  // Surrender! is a response
  json b = position_for("british", {70, 35}, {1});
  CHECK_FALSE(event_listed(load(b), "british", 70));  // a French event
}

TEST_CASE("5.23: a REMOVE event leaves the game; another event goes to the discard pile") {
  json j = position_for("french", {70, 35});
  j["vp"] = 1;
  place(j, "br_shirley", "albany");
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 70);
  CHECK(in(s.removed, 70));
  CHECK_FALSE(in(s.discard, 70));
  CHECK(s.active == Side::british);  // the card play is over
}

TEST_CASE("#5 Bastions Repaired: a defended fortification's siege goes back to 0") {
  json j = position_for("french", {5});
  place(j, "fr_reg_bearn", "niagara", false, true);
  place(j, "br_reg_44th", "niagara");
  j["markers"]["niagara"] = {{"fort", "french"}, {"siege", 2}};
  auto module = make_wilderness_war();
  State s = load(j);
  REQUIRE(event_listed(s, "french", 5));
  play_listed(s, "french", "event", 5);
  CHECK(lists(module->legal_actions(s, "french"), "space", "niagara"));
  play_listed(s, "french", "space", "niagara");
  CHECK(s.space(sp("niagara")).siege_level == 0);
}

TEST_CASE("#5 Bastions Repaired: not for a siege at level 0, nor for the besieger") {
  json j = position_for("french", {5});
  place(j, "fr_reg_bearn", "niagara", false, true);
  place(j, "br_reg_44th", "niagara");
  j["markers"]["niagara"] = {{"fort", "french"}, {"siege", 0}};
  CHECK_FALSE(event_listed(load(j), "french", 5));
  j["markers"]["niagara"]["siege"] = 1;
  json b = j;
  b["active"] = "british";
  set_hand(b, "british", {5});
  CHECK_FALSE(event_listed(load(b), "british", 5));  // the British besiege, they defend nothing here
}

TEST_CASE(
    "#21 Louisbourg Squadrons: No Amphib for the year; a roll of 1-3 ends French naval moves and removes the card") {
  int removed = 0, kept = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    json j = position_for("french", {21});
    j["rng"] = make_wilderness_war()->setup("annus_mirabilis", json::object(), seed)->to_json()["rng"];
    auto module = make_wilderness_war();
    State s = load(j);
    REQUIRE(event_listed(s, "french", 21));
    play_listed(s, "french", "event", 21);
    CHECK(s.year_track.no_amphib);
    if (s.year_track.no_french_naval) {
      ++removed;
      CHECK(in(s.removed, 21));
      CHECK_FALSE(in(s.discard, 21));
    } else {
      ++kept;
      CHECK(in(s.discard, 21));
    }
  }
  CHECK(removed > 0);
  CHECK(kept > 0);
}

TEST_CASE("#21 Louisbourg Squadrons: not while the British are at Louisbourg or hold an Amphib marker there") {
  json j = position_for("french", {21});
  place(j, "br_reg_44th", "louisbourg");
  CHECK_FALSE(event_listed(load(j), "french", 21));
  json k = position_for("french", {21});
  k["markers"]["louisbourg"] = {{"amphib", true}};
  CHECK_FALSE(event_listed(load(k), "french", 21));
}

TEST_CASE("#22 Governor Vaudreuil Interferes: the British swap two French leaders, not their troops") {
  json j = position_for("british", {22}, {1});
  place(j, "fr_montcalm", "ticonderoga");
  place(j, "fr_reg_bearn", "ticonderoga");
  place(j, "fr_vaudreuil", "quebec");
  auto module = make_wilderness_war();
  State s = load(j);
  REQUIRE(event_listed(s, "british", 22));
  play_listed(s, "british", "event", 22);
  play_listed(s, "british", "leader", "fr_montcalm");
  CHECK_FALSE(lists(module->legal_actions(s, "british"), "leader", "fr_montcalm"));
  play_listed(s, "british", "leader", "fr_vaudreuil");
  CHECK(s.space_of(pc("fr_montcalm")) == sp("quebec"));
  CHECK(s.space_of(pc("fr_vaudreuil")) == sp("ticonderoga"));
  CHECK(s.space_of(pc("fr_reg_bearn")) == sp("ticonderoga"));
}

TEST_CASE("#22 Governor Vaudreuil Interferes: besieged leaders cannot be picked (8.22)") {
  json j = position_for("british", {22}, {1});
  place(j, "fr_montcalm", "niagara", false, true);
  place(j, "br_reg_44th", "niagara");
  j["markers"]["niagara"] = {{"fort", "french"}, {"siege", 0}};
  place(j, "fr_vaudreuil", "quebec");
  CHECK_FALSE(event_listed(load(j), "british", 22));
}

TEST_CASE("#35 Courier Intercepted!: on 3-6 a random enemy card changes hands, and its old owner knows it") {
  int taken = 0, missed = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    json j = position_for("french", {35}, {57, 58});
    j["rng"] = make_wilderness_war()->setup("annus_mirabilis", json::object(), seed)->to_json()["rng"];
    auto module = make_wilderness_war();
    State s = load(j);
    play_listed(s, "french", "event", 35);
    const auto& french = s.player(Side::french);
    if (french.hand.size() == 1) {
      ++taken;
      CHECK(s.player(Side::british).hand.size() == 1);
      CHECK(french.known == french.hand);
    } else {
      ++missed;
      CHECK(s.player(Side::british).hand.size() == 2);
    }
  }
  CHECK(taken > 0);
  CHECK(missed > 0);
}

TEST_CASE("#35 Courier Intercepted! and #36 Francois Bigot need a card in the enemy hand") {
  json j = position_for("british", {35, 36}, {});
  const State s = load(j);
  CHECK_FALSE(event_listed(s, "british", 35));
  CHECK_FALSE(event_listed(s, "british", 36));
}

TEST_CASE("#36 Francois Bigot: a random French card is discarded; Surrender! so discarded still reshuffles (5.25)") {
  json j = position_for("british", {36, 1}, {6});  // a card left: the season goes on
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "british", "event", 36);
  CHECK(s.player(Side::french).hand.empty());
  CHECK(in(s.discard, 6));
  CHECK(s.year_track.surrender_played);
}

TEST_CASE("#37 British Ministerial Crisis: the British discard one listed card of their choice") {
  json j = position_for("french", {37}, {57, 60, 65});
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 37);
  CHECK(s.active == Side::british);
  const auto actions = module->legal_actions(s, "british");
  CHECK(lists(actions, "discard", "57"));
  CHECK(lists(actions, "discard", "60"));
  CHECK_FALSE(lists(actions, "discard", "65"));  // Royal Americans is not on the list
  play_listed(s, "british", "discard", 60);
  CHECK(in(s.discard, 60));
  CHECK(s.player(Side::british).hand.size() == 2);
}

TEST_CASE("#37 British Ministerial Crisis: no listed card, no effect; no card at all, not playable") {
  json j = position_for("french", {37, 1}, {65});
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 37);
  CHECK(s.player(Side::british).hand.size() == 1);
  CHECK(s.step == Step::action_phase);
  json k = position_for("french", {37}, {});
  CHECK_FALSE(event_listed(load(k), "french", 37));
}

TEST_CASE("#38 Provincial Regiments Dispersed: one Provincial per French Raided marker in its Department") {
  json j = position_for("french", {38});
  j["markers"]["kinderhook"] = {{"raided", {{"french", 1}}}};
  j["markers"]["hoosic"] = {{"raided", {{"french", 1}}}};
  place(j, "br_prov_new_york_1", "albany");
  place(j, "br_prov_new_york_2", "albany");
  place(j, "br_prov_new_york_3", "albany");
  place(j, "br_prov_virginia_1", "winchester");  // Southern: no French Raided marker there
  auto module = make_wilderness_war();
  State s = load(j);
  REQUIRE(event_listed(s, "french", 38));
  play_listed(s, "french", "event", 38);
  CHECK(s.active == Side::british);
  CHECK_FALSE(lists(module->legal_actions(s, "british"), "eliminate", "br_prov_virginia_1"));
  play_listed(s, "british", "eliminate", "br_prov_new_york_3");
  play_listed(s, "british", "eliminate", "br_prov_new_york_1");
  CHECK(s.step == Step::action_phase);
  CHECK(is_on_map(s, pc("br_prov_new_york_2")));
  CHECK_FALSE(is_on_map(s, pc("br_prov_new_york_1")));
  CHECK(is_on_map(s, pc("br_prov_virginia_1")));
}

TEST_CASE("#38 Provincial Regiments Dispersed: needs a French Raided marker where British Provincials are") {
  json j = position_for("french", {38});
  place(j, "br_prov_new_york_1", "albany");
  j["markers"]["winchester"] = {{"raided", {{"french", 1}}}};  // Southern, but no Southern Provincials
  CHECK_FALSE(event_listed(load(j), "french", 38));
}

TEST_CASE("#39 Stingy Provincial Assembly: the French name the Department, the British lose one of its Provincials") {
  json j = position_for("french", {39});
  place(j, "br_prov_new_york_1", "albany");
  place(j, "br_prov_virginia_1", "winchester");
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 39);
  CHECK(lists(module->legal_actions(s, "french"), "department", "southern"));
  play_listed(s, "french", "department", "southern");
  CHECK(s.active == Side::british);
  CHECK_FALSE(lists(module->legal_actions(s, "british"), "eliminate", "br_prov_new_york_1"));
  play_listed(s, "british", "eliminate", "br_prov_virginia_1");
  CHECK_FALSE(is_on_map(s, pc("br_prov_virginia_1")));
  CHECK(is_on_map(s, pc("br_prov_new_york_1")));
}

TEST_CASE("#40 Stingy Provincial Assembly: not at Enthusiastic, nor without an unbesieged Provincial") {
  json j = position_for("french", {40});
  place(j, "br_prov_new_york_1", "albany");
  j["provincial_assemblies"] = "enthusiastic";
  CHECK_FALSE(event_listed(load(j), "french", 40));
  json k = position_for("french", {40});
  CHECK_FALSE(event_listed(load(k), "french", 40));
}

TEST_CASE("#41 British Colonial Politics: a French play lowers the limits and the excess Provincials go (5.54)") {
  json j = position_for("french", {41});
  const char* southern[] = {"br_prov_virginia_1", "br_prov_virginia_2", "br_prov_maryland", "br_prov_pennsylvania_1"};
  for (const char* p : southern) place(j, p, "winchester");
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 41);
  CHECK(s.provincial_assemblies == ProvincialAssemblies::reluctant);
  CHECK(s.active == Side::british);  // 4 Southern on the map, the Reluctant limit is 2
  play_listed(s, "british", "eliminate", "br_prov_maryland");
  CHECK(s.active == Side::british);
  play_listed(s, "british", "eliminate", "br_prov_pennsylvania_1");
  CHECK(s.step == Step::action_phase);
}

TEST_CASE("#42 British Colonial Politics: the French cannot go below Reluctant, the British above Enthusiastic") {
  json j = position_for("french", {42});
  j["provincial_assemblies"] = "reluctant";
  CHECK_FALSE(event_listed(load(j), "french", 42));
  json k = position_for("british", {42}, {1});
  k["provincial_assemblies"] = "enthusiastic";
  CHECK_FALSE(event_listed(load(k), "british", 42));
  k["provincial_assemblies"] = "reluctant";
  auto module = make_wilderness_war();
  State s = load(k);
  play_listed(s, "british", "event", 42);
  CHECK(s.provincial_assemblies == ProvincialAssemblies::supportive);
}

TEST_CASE("#62 Quiberon Bay: playable once the British hold Louisbourg; the British play first from then on") {
  json j = position_for("british", {62}, {1});
  j["year"] = 1757;
  CHECK_FALSE(event_listed(load(j), "british", 62));
  place(j, "br_reg_44th", "louisbourg");
  j["fortresses"]["louisbourg"] = "british";
  auto module = make_wilderness_war();
  State s = load(j);
  REQUIRE(event_listed(s, "british", 62));
  play_listed(s, "british", "event", 62);
  CHECK(s.year_track.quiberon_bay);
  CHECK(s.first_player() == Side::british);
  CHECK(s.hand_size(Side::french) == 7);
}

TEST_CASE("#67 William Pitt: British hand 9, the set-aside leaders join the pool, a card back from the discard") {
  json j = cleared_position("full_campaign");
  j["active"] = "british";
  set_hand(j, "british", {67});
  set_hand(j, "french", {1});
  to_discard(j, 57);
  to_discard(j, 2);
  j["pieces"]["br_amherst"] = {{"at", "set_aside"}, {"reduced", false}, {"inside", false}};
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "british", "event", 67);
  CHECK(s.year_track.william_pitt);
  CHECK(s.hand_size(Side::british) == 9);
  CHECK(s.piece(pc("br_amherst")).location.kind == LocationKind::british_leader_pool);
  const auto actions = module->legal_actions(s, "british");
  CHECK(lists(actions, "take", "57"));
  CHECK_FALSE(lists(actions, "take", "2"));
  play_listed(s, "british", "take", 57);
  CHECK(in(s.player(Side::british).hand, 57));
  CHECK(in(s.player(Side::british).known, 57));  // taken from the public pile
  CHECK_FALSE(in(s.discard, 57));
}

TEST_CASE("#69 Diplomatic Revolution: not after Quiberon Bay; French hand 9 and French Regulars back") {
  json j = position_for("french", {69});
  j["year_track"]["diplomatic_revolution"] = false;
  j["year_track"]["quiberon_bay"] = true;
  CHECK_FALSE(event_listed(load(j), "french", 69));
  j["year_track"]["quiberon_bay"] = false;
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 69);
  CHECK(s.year_track.diplomatic_revolution);
  CHECK(s.hand_size(Side::french) == 9);
  CHECK(s.step == Step::action_phase);  // nothing to take back
}

TEST_CASE("#70 Intrigues Against Shirley: with 1 VP, Shirley leaves the game; not without French VP") {
  json j = position_for("french", {70});
  place(j, "br_shirley", "albany");
  j["vp"] = 0;
  CHECK_FALSE(event_listed(load(j), "french", 70));
  j["vp"] = 1;
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 70);
  CHECK(s.piece(pc("br_shirley")).location.kind == LocationKind::removed);
}

}  // namespace events_political_test
