// The sequence of play (4.0): alternating Action Phases, holding the last card, seasons.
#include <doctest/doctest.h>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/sequence.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace sequence_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

TEST_CASE("4.0 A.2 a side with one card may hold it; the other then plays its cards one after another") {
  json j = cleared_position();
  set_hand(j, "french", {5});
  set_hand(j, "british", {7, 8, 9});
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "pass");
  CHECK(s.player(Side::french).holding_last_card);
  CHECK(s.active == Side::british);
  play_listed(s, "british", "activate", 7);
  play_listed(s, "british", "done");
  CHECK(s.active == Side::british);  // consecutive plays
  play_listed(s, "british", "activate", 8);
  play_listed(s, "british", "done");
  play_listed(s, "british", "activate", 9);
  play_listed(s, "british", "done");
  // The Early Season is over: Late Season deal; the held card counts against the hand (4.0 A.2).
  CHECK(s.season == Season::late);
  CHECK(s.player(Side::french).card_held);
  CHECK(static_cast<int>(s.player(Side::french).hand.size()) == s.hand_size(Side::french));
  CHECK(std::find(s.player(Side::french).hand.begin(), s.player(Side::french).hand.end(), 5) !=
        s.player(Side::french).hand.end());
  CHECK(s.active == s.first_player());
}

TEST_CASE("4.0 A.2 a side with a Card Held marker must play all its cards") {
  json j = cleared_position();
  set_hand(j, "french", {5});
  j["players"]["french"]["card_held"] = true;
  auto module = make_wilderness_war();
  State s = load(j);
  CHECK_FALSE(module->legal_actions(s, "french").contains("pass"));
}

TEST_CASE("4.0 a whole season of activations that do nothing ends in the Late Season of the same year") {
  auto module = make_wilderness_war();
  auto state = module->setup("annus_mirabilis", json::object(), 3);
  auto& s = dynamic_cast<State&>(*state);
  const int year = s.year;
  while (s.season == Season::early) {
    const std::string role(side_names(s.active));
    const auto actions = module->legal_actions(s, role);
    REQUIRE(actions.contains("activate"));
    play_listed(s, role, "activate", actions["activate"][0]);
    play_listed(s, role, "done");
  }
  CHECK(s.year == year);
  CHECK(s.step == Step::action_phase);
  CHECK(s.player(Side::french).hand.size() + s.player(Side::british).hand.size() > 0);
}

TEST_CASE("1755 set-ups: Amherst, Forbes and Wolfe join the British leader pool at the start of 1759") {
  auto module = make_wilderness_war();
  json j = module->setup("full_campaign", json::object(), 4)->to_json();
  CHECK(j["pieces"]["br_amherst"]["at"] == "set_aside");
  j["year"] = 1758;
  State s = load(j);
  start_next_year(s);
  CHECK(s.year == 1759);
  for (const char* id : {"br_amherst", "br_forbes", "br_wolfe"})
    CHECK(s.piece(game_data().piece_index(id)).location.kind == LocationKind::british_leader_pool);
  CHECK(s.piece(game_data().piece_index("fr_montcalm")).location.kind == LocationKind::set_aside);
}

}  // namespace sequence_test
