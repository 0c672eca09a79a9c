// Events #1-#4 Campaign (cards.md): two forces, both defined before either acts.
#include <doctest/doctest.h>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "tests/unit/wilderness_war/position.hpp"

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

SpaceIndex sp(const char* id) { return game_data().space_index(id); }
PieceIndex pc(const char* id) { return game_data().piece_index(id); }

json two_armies() {
  json j = cleared_position();
  discard_response_cards(j);  // no Foul Weather window before each force (events_movement_responses_test)
  j["active"] = "french";
  place(j, "fr_montcalm", "ticonderoga");  // initiative 1
  place(j, "fr_reg_bearn", "ticonderoga");
  place(j, "fr_dumas", "ohio_forks");
  place(j, "fr_md_6", "ohio_forks");
  set_hand(j, "french", {1, 2});
  set_hand(j, "british", {60});
  return j;
}

}  // namespace

TEST_CASE("#1 Campaign: two forces under any leaders are fixed before either moves, then act in the chosen order") {
  auto module = make_wilderness_war();
  State s = load(two_armies());
  REQUIRE(lists(module->legal_actions(s, "french"), "event", "1"));
  module->apply(s, "french", {"event", 1});
  CHECK(s.step == Step::activation);
  CHECK(lists(module->legal_actions(s, "french"), "commander", "fr_dumas"));  // initiative does not matter
  module->apply(s, "french", {"commander", "fr_montcalm"});
  module->apply(s, "french", {"piece", "fr_reg_bearn"});
  module->apply(s, "french", {"done", nullptr});
  // The second commander: not one of the first force.
  auto actions = module->legal_actions(s, "french");
  CHECK_FALSE(lists(actions, "commander", "fr_montcalm"));
  CHECK_FALSE(actions.contains("move"));
  module->apply(s, "french", {"commander", "fr_dumas"});
  module->apply(s, "french", {"piece", "fr_md_6"});
  module->apply(s, "french", {"done", nullptr});
  actions = module->legal_actions(s, "french");
  CHECK(lists(actions, "piece", "fr_montcalm"));
  CHECK(lists(actions, "piece", "fr_dumas"));
  module->apply(s, "french", {"piece", "fr_dumas"});  // Dumas' force acts first
  CHECK(s.step == Step::movement);
  CHECK(s.move->pieces == std::vector<PieceIndex>{pc("fr_dumas"), pc("fr_md_6")});
  module->apply(s, "french", {"stop", nullptr});
  // Then Montcalm's, with the same card.
  REQUIRE(s.step == Step::movement);
  CHECK(std::find(s.move->pieces.begin(), s.move->pieces.end(), pc("fr_montcalm")) != s.move->pieces.end());
  module->apply(s, "french", {"stop", nullptr});
  CHECK(s.step == Step::action_phase);
  CHECK(s.active == Side::british);
  CHECK(s.space_of(pc("fr_montcalm")) == sp("ticonderoga"));
}

TEST_CASE("#2 Campaign: with one leader on the map the Campaign goes on with one force") {
  json j = two_armies();
  j["pieces"].erase("fr_dumas");
  auto module = make_wilderness_war();
  State s = load(j);
  module->apply(s, "french", {"event", 2});
  module->apply(s, "french", {"commander", "fr_montcalm"});
  module->apply(s, "french", {"done", nullptr});
  const auto actions = module->legal_actions(s, "french");
  CHECK(actions.contains("done"));
  CHECK_FALSE(actions.contains("commander"));
  module->apply(s, "french", {"done", nullptr});
  CHECK(s.step == Step::movement);
}
