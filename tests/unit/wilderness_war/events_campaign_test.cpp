// Events #1-#4 Campaign (cards.md): two forces, both defined before either acts.
#include <doctest/doctest.h>

#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_campaign_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

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
  play_listed(s, "french", "event", 1);
  CHECK(s.step == Step::activation);
  CHECK(lists(module->legal_actions(s, "french"), "commander", "fr_dumas"));  // initiative does not matter
  play_listed(s, "french", "commander", "fr_montcalm");
  play_listed(s, "french", "piece", "fr_reg_bearn");
  play_listed(s, "french", "done");
  // The second commander: not one of the first force.
  auto actions = module->legal_actions(s, "french");
  CHECK_FALSE(lists(actions, "commander", "fr_montcalm"));
  CHECK_FALSE(actions.contains("move"));
  play_listed(s, "french", "commander", "fr_dumas");
  play_listed(s, "french", "piece", "fr_md_6");
  play_listed(s, "french", "done");
  actions = module->legal_actions(s, "french");
  CHECK(lists(actions, "piece", "fr_montcalm"));
  CHECK(lists(actions, "piece", "fr_dumas"));
  play_listed(s, "french", "piece", "fr_dumas");  // Dumas' force acts first
  CHECK(s.step == Step::movement);
  CHECK(s.move->pieces == std::vector<PieceIndex>{pc("fr_dumas"), pc("fr_md_6")});
  play_listed(s, "french", "stop");
  // Then Montcalm's, with the same card.
  REQUIRE(s.step == Step::movement);
  CHECK(std::find(s.move->pieces.begin(), s.move->pieces.end(), pc("fr_montcalm")) != s.move->pieces.end());
  play_listed(s, "french", "stop");
  CHECK(s.step == Step::action_phase);
  CHECK(s.active == Side::british);
  CHECK(s.space_of(pc("fr_montcalm")) == sp("ticonderoga"));
}

TEST_CASE("#2 Campaign: with one leader on the map the Campaign goes on with one force") {
  json j = two_armies();
  j["pieces"].erase("fr_dumas");
  auto module = make_wilderness_war();
  State s = load(j);
  play_listed(s, "french", "event", 2);
  play_listed(s, "french", "commander", "fr_montcalm");
  play_listed(s, "french", "done");
  const auto actions = module->legal_actions(s, "french");
  CHECK(actions.contains("done"));
  CHECK_FALSE(actions.contains("commander"));
  play_listed(s, "french", "done");
  CHECK(s.step == Step::movement);
}

TEST_CASE("5.36 a Campaign's second force is not activated after its pieces took part in the first's assault") {
  // Montcalm's and Lévis' forces both besiege the British fort at Oswego (siege 1). Montcalm's
  // assaults first, and every besieger takes part (9.12), Lévis' force too: it may not be activated.
  json j = cleared_position();
  discard_response_cards(j);
  j["active"] = "french";
  set_hand(j, "french", {1, 5});
  set_hand(j, "british", {60});
  j["markers"]["oswego"] = {{"fort", "british"}, {"siege", 1}};
  place(j, "br_prov_new_york_1", "oswego", false, true);
  place(j, "fr_montcalm", "oswego");
  place(j, "fr_reg_bearn", "oswego");
  place(j, "fr_levis", "oswego");
  place(j, "fr_reg_guyenne", "oswego");
  State s = load(j);
  play_listed(s, "french", "event", 1);
  play_listed(s, "french", "commander", "fr_montcalm");
  play_listed(s, "french", "piece", "fr_reg_bearn");
  play_listed(s, "french", "done");
  play_listed(s, "french", "commander", "fr_levis");
  play_listed(s, "french", "piece", "fr_reg_guyenne");
  play_listed(s, "french", "done");
  play_listed(s, "french", "piece", "fr_montcalm");
  play_listed(s, "french", "assault");
  REQUIRE(s.step == Step::battle);
  CHECK(s.battle->attackers.size() == 4);  // 9.12: all the besiegers
  set_dice(s, {3, 3});                     // no 1 or 6: no leader loss
  play_listed(s, "french", "roll");
  while (s.step == Step::battle) {
    const char* role = s.active == Side::french ? "french" : "british";
    play_listed(s, role, "piece", listed_actions(s, role)["piece"].front());
  }
  // Lévis' force does not move, and the card play is over.
  CHECK(s.step == Step::action_phase);
  CHECK(s.active == Side::british);
  CHECK(s.space_of(pc("fr_levis")) == sp("oswego"));
  const bool explained = std::any_of(s.log.begin(), s.log.end(), [](const auto& line) {
    return line.verb == "not_activated" && line.text.find("(5.36)") != std::string::npos;
  });
  CHECK(explained);
}

TEST_CASE("5.36 a piece that fought this Action Phase is not offered for activation, and the prompt says why") {
  // The record of who fought is per Action Phase: a Campaign's designation after a battle (built
  // here from the state JSON) leaves out the pieces that fought, and says so.
  json j = two_armies();
  State s = load(j);
  play_listed(s, "french", "event", 1);
  s.combats.push_back({sp("ohio_forks"), {pc("fr_dumas"), pc("fr_md_6")}});
  const json actions = listed_actions(s, "french");
  CHECK(lists(actions, "commander", "fr_montcalm"));
  CHECK_FALSE(lists(actions, "commander", "fr_dumas"));
  const std::string prompt = make_wilderness_war()->view(s, "french").value("prompt", "");
  CHECK(prompt.find("may not be activated (5.36)") != std::string::npos);
  // The next Action Phase starts with a clean record.
  play_listed(s, "french", "commander", "fr_montcalm");
  play_listed(s, "french", "done");
  play_listed(s, "french", "done");
  while (s.step == Step::movement) play_listed(s, "french", "stop");
  CHECK(s.step == Step::action_phase);
  CHECK(s.combats.empty());
}

}  // namespace events_campaign_test
