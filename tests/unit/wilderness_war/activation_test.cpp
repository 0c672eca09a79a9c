// Activation (5.3) and the force limits of 5.34 and 5.534.
#include <doctest/doctest.h>

#include "engine/wilderness_war/module.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace activation_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

struct Game {
  std::unique_ptr<warpath::engine::GameModule> module = make_wilderness_war();
  State s;
  explicit Game(const json& j) : s(load(j)) {}
  json actions(const std::string& role) const { return module->legal_actions(s, role); }
  void play(const std::string& role, const std::string& verb, json arg = nullptr) {
    play_listed(s, role, verb, std::move(arg));
  }
};

}  // namespace

TEST_CASE("5.32 a 3-value card activates two Indians, a Coureurs unit and a leader individually") {
  json j = cleared_position();
  place(j, "fr_ind_huron", "niagara");
  place(j, "fr_ind_ottawa", "niagara");
  place(j, "fr_ind_ojibwa", "niagara");
  place(j, "fr_coureurs_joncaire", "niagara");
  place(j, "fr_coureurs_langlade", "niagara");
  place(j, "fr_villiers", "montreal");
  place(j, "fr_md_1", "quebec");
  set_hand(j, "french", {1});  // #1 Campaign, value 3
  Game g(j);
  g.play("french", "activate", 1);
  CHECK(lists(g.actions("french"), "individual", "fr_md_1"));  // one Drilled Troops unit, alone
  g.play("french", "individual", "fr_ind_huron");
  CHECK_FALSE(lists(g.actions("french"), "individual", "fr_md_1"));  // not with other pieces
  CHECK_FALSE(g.actions("french").contains("commander"));            // individuals or a force
  g.play("french", "individual", "fr_ind_ottawa");
  g.play("french", "individual", "fr_coureurs_joncaire");
  CHECK(lists(g.actions("french"), "individual", "fr_villiers"));
  g.play("french", "individual", "fr_villiers");
  // 6 halves used of 6: nothing more, not even half an Indian.
  CHECK_FALSE(g.actions("french").contains("individual"));
  CHECK(g.s.activation->halves_used == 6);
  g.play("french", "done");
  CHECK(g.s.activation->stage == ActivationStage::choose_next);
  CHECK(args_of(g.actions("french"), "piece").size() == 4);
}

TEST_CASE("5.32 a force's commander needs an Initiative no higher than the card's value") {
  json j = cleared_position();
  place(j, "fr_vaudreuil", "montreal");  // initiative 3
  place(j, "fr_montcalm", "montreal");   // initiative 1
  place(j, "fr_md_1", "montreal");
  set_hand(j, "french", {5});  // value 1
  Game g(j);
  g.play("french", "activate", 5);
  CHECK(lists(g.actions("french"), "commander", "fr_montcalm"));
  CHECK_FALSE(lists(g.actions("french"), "commander", "fr_vaudreuil"));
}

TEST_CASE("5.34 Murray with Webb and Bradstreet as subordinates commands up to 14 units") {
  json j = cleared_position();
  j["active"] = "british";
  for (const char* l : {"br_murray", "br_webb", "br_bradstreet", "br_loudoun"}) place(j, l, "albany");
  const std::vector<std::string> units = {"br_reg_15th", "br_reg_17th", "br_reg_1st_royal", "br_reg_22nd",
                                          "br_reg_27th", "br_reg_28th", "br_reg_35th",      "br_reg_40th",
                                          "br_reg_43rd", "br_reg_44th", "br_reg_45th",      "br_reg_46th",
                                          "br_reg_47th", "br_reg_48th", "br_reg_55th"};
  for (const auto& u : units) place(j, u, "albany");
  set_hand(j, "british", {7});  // value 1: Murray's initiative is 1
  Game g(j);
  g.play("british", "activate", 7);
  g.play("british", "commander", "br_murray");
  // Loudoun's Command (7) is higher than Murray's (5): he cannot be subordinate.
  CHECK_FALSE(lists(g.actions("british"), "piece", "br_loudoun"));
  for (std::size_t i = 0; i < 5; ++i) g.play("british", "piece", units[i]);
  CHECK_FALSE(lists(g.actions("british"), "piece", units[5]));  // Murray alone: 5 units
  g.play("british", "piece", "br_webb");
  g.play("british", "piece", "br_bradstreet");
  for (std::size_t i = 5; i < 14; ++i) g.play("british", "piece", units[i]);
  CHECK_FALSE(lists(g.actions("british"), "piece", units[14]));  // 5 + 5 + 4 = 14
  // Webb cannot leave while his 5 units of capacity are used.
  CHECK_FALSE(lists(g.actions("british"), "piece", "br_webb"));
  CHECK(g.actions("british").contains("done"));
  g.play("british", "done");
  CHECK(g.s.step == Step::movement);
  CHECK(g.s.move->pieces.size() == 17);
  const auto saved = g.s.to_json();
  CHECK(State::from_json(saved) == g.s);
}

TEST_CASE("5.534 Johnson commands Mohawks and Iroquois for free; no other British leader does") {
  json j = cleared_position();
  j["active"] = "british";
  place(j, "br_johnson", "schenectady");
  place(j, "br_murray", "schenectady");
  for (const char* u : {"br_reg_15th", "br_reg_17th", "br_reg_22nd", "br_ind_mohawk_1", "br_ind_mohawk_2",
                        "br_ind_cayuga", "br_ind_oneida", "br_ind_onondaga", "br_ind_seneca", "br_ind_tuscarora"})
    place(j, u, "schenectady");
  set_hand(j, "british", {7, 8});
  {
    Game g(j);
    g.play("british", "activate", 7);
    g.play("british", "commander", "br_johnson");
    for (const char* u : {"br_reg_15th", "br_reg_17th", "br_reg_22nd", "br_ind_mohawk_1", "br_ind_mohawk_2",
                          "br_ind_cayuga", "br_ind_oneida", "br_ind_onondaga", "br_ind_seneca", "br_ind_tuscarora"})
      g.play("british", "piece", u);
    CHECK(g.actions("british").contains("done"));  // 3 regulars + 7 free Indians
  }
  {
    Game g(j);
    g.play("british", "activate", 7);
    g.play("british", "commander", "br_murray");
    g.play("british", "piece", "br_ind_mohawk_1");
    CHECK_FALSE(g.actions("british").contains("done"));  // a Mohawk without Johnson
    g.play("british", "piece", "br_johnson");            // Johnson as subordinate (3 <= 5)
    CHECK(g.actions("british").contains("done"));
  }
}

TEST_CASE("5.534 Mohawks join a force before Johnson only while Johnson may still join it") {
  json j = cleared_position();
  j["active"] = "british";
  place(j, "br_dunbar", "schenectady");
  for (const char* u : {"br_ind_mohawk_1", "br_ind_mohawk_2", "br_reg_15th"}) place(j, u, "schenectady");
  const int card = activation_card(3);
  set_hand(j, "british", {card});
  {
    // No Johnson here: a Mohawk in the force could never be commanded, so none is offered and
    // "done" stays one step away (the dead end a random game found: two Mohawks in, none out).
    Game g(j);
    g.play("british", "activate", card);
    g.play("british", "commander", "br_dunbar");
    CHECK_FALSE(lists(g.actions("british"), "piece", "br_ind_mohawk_1"));
    CHECK(lists(g.actions("british"), "piece", "br_reg_15th"));
    CHECK(g.actions("british").contains("done"));
  }
  place(j, "br_johnson", "schenectady");
  {
    Game g(j);
    g.play("british", "activate", card);
    g.play("british", "commander", "br_dunbar");
    g.play("british", "piece", "br_ind_mohawk_1");
    g.play("british", "piece", "br_ind_mohawk_2");
    CHECK_FALSE(g.actions("british").contains("done"));
    // Either Mohawk may leave again, and Johnson may join to command them.
    CHECK(lists(g.actions("british"), "piece", "br_ind_mohawk_1"));
    CHECK(lists(g.actions("british"), "piece", "br_ind_mohawk_2"));
    g.play("british", "piece", "br_johnson");
    CHECK(g.actions("british").contains("done"));
  }
}

TEST_CASE("5.31 a card activating nothing is spent and the other side's Action Phase begins") {
  json j = cleared_position();
  place(j, "fr_md_1", "quebec");
  set_hand(j, "french", {5, 7});
  set_hand(j, "british", {8});
  Game g(j);
  g.play("french", "activate", 5);
  g.play("french", "done");
  CHECK(g.s.step == Step::action_phase);
  CHECK(g.s.active == Side::british);
  CHECK(g.s.discard.back() == 5);
}

}  // namespace activation_test
