// Views: what each seat sees, that nothing hidden leaks, and that views follow the schema.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "engine/core/match.hpp"
#include "engine/core/rng.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/setup.hpp"
#include "engine/wilderness_war/view.hpp"
#include "tests/unit/move_log_text_check.hpp"
#include "tests/unit/schema_checker.hpp"

namespace view_test {

using namespace warpath::wilderness_war;
using nlohmann::json;
using warpath::engine::Rng;
using warpath::test::SchemaChecker;

namespace {

const std::vector<std::string> all_scenarios = {"annus_mirabilis", "early_war_campaign", "late_war_campaign",
                                                "full_campaign"};
const std::vector<std::string> all_seats = {"french", "british", "spectator"};

json hand_json(const State& s, Side side) {
  json out = json::array();
  for (CardNumber c : s.player(side).hand) out.push_back(static_cast<int>(c));
  return out;
}

const SchemaChecker& view_schema() {
  static const SchemaChecker checker = [] {
    std::ifstream file(WW_VIEW_SCHEMA);
    REQUIRE(file.good());
    return SchemaChecker(json::parse(file));
  }();
  return checker;
}

// A position with something in every part of the view.
State busy_position() {
  State s = *set_up_scenario("late_war_campaign", {Bid{Side::french, 1}, false}, 5);
  const auto& data = s.data();
  s.discard = {s.draw_pile[0]};
  s.draw_pile.erase(s.draw_pile.begin());
  s.player(Side::french).known = {s.player(Side::french).hand[0]};
  s.change_space(data.space_index("oswego")).siege_level = 0;
  s.change_space(data.space_index("oswego")).fieldworks = true;
  s.change_space(data.space_index("baie_st_paul")).amphib = true;
  s.change_space(data.space_index("reading")).raided = {1, 0};
  s.change_piece(data.piece_index("br_reg_44th")).location = Location::in_leader_box(data.piece_index("br_dunbar"));
  s.change_piece(data.piece_index("br_militia_1")).reduced = true;
  s.change_piece(data.piece_index("fr_reg_bearn")).inside = true;
  s.outcome = Outcome{Side::french, "a test"};
  return s;
}

}  // namespace

TEST_CASE("a seat sees its own hand, never the other's; spectators see none (5.21)") {
  auto module = make_wilderness_war();
  for (const auto& id : all_scenarios) {
    CAPTURE(id);
    auto state = module->setup(id, json::object(), 21);
    const auto& s = dynamic_cast<const State&>(*state);
    const json french = module->view(*state, "french");
    const json british = module->view(*state, "british");
    const json spectator = module->view(*state, "spectator");
    CHECK(french["hand"] == hand_json(s, Side::french));
    CHECK(british["hand"] == hand_json(s, Side::british));
    CHECK_FALSE(spectator.contains("hand"));
    CHECK(french["hands"] == json{{"french", s.hand_size(Side::french)}, {"british", s.hand_size(Side::british)}});
    CHECK(french["draw_pile_size"] == s.draw_pile.size());
    for (const auto& view : {french, british, spectator}) {
      CHECK_FALSE(view.contains("draw_pile"));
      CHECK_FALSE(view.contains("rng"));
    }
    // The other side's cards appear nowhere in the view (#63-70 are out of the 1757 deck: public).
    const std::string british_text = british.dump();
    for (CardNumber c : s.player(Side::french).hand)
      CHECK(std::find(british["hand"].begin(), british["hand"].end(), static_cast<int>(c)) == british["hand"].end());
    CHECK(british_text.find("\"draw_pile\"") == std::string::npos);
  }
}

TEST_CASE("views do not change when what a seat cannot see is dealt anew") {
  auto module = make_wilderness_war();
  Rng rng(77);
  for (const auto& id : all_scenarios) {
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      auto state = module->setup(id, json::object(), seed);
      for (const auto& seat : all_seats) {
        CAPTURE(id);
        CAPTURE(seat);
        auto twin = module->redeal_hidden(*state, seat, rng);
        CHECK(module->view(*twin, seat) == module->view(*state, seat));
      }
    }
  }
  // The same with known cards, markers and an outcome in play.
  const State busy = busy_position();
  for (const auto& seat : all_seats) {
    auto twin = module->redeal_hidden(busy, seat, rng);
    CHECK(module->view(*twin, seat) == module->view(busy, seat));
  }
}

TEST_CASE("a redeal really moves hidden cards, and keeps what is known") {
  auto module = make_wilderness_war();
  Rng rng(5);
  const State busy = busy_position();
  const auto known = busy.player(Side::french).known;
  bool french_hand_moved = false, draw_pile_moved = false, both_moved_for_spectator = false;
  for (int i = 0; i < 10; ++i) {
    auto twin_for_british = module->redeal_hidden(busy, "british", rng);
    const auto& t = dynamic_cast<const State&>(*twin_for_british);
    french_hand_moved = french_hand_moved || t.player(Side::french).hand != busy.player(Side::french).hand;
    draw_pile_moved = draw_pile_moved || t.draw_pile != busy.draw_pile;
    CHECK(t.player(Side::british).hand == busy.player(Side::british).hand);  // the seat's own hand stays
    CHECK(std::includes(t.player(Side::french).hand.begin(), t.player(Side::french).hand.end(), known.begin(),
                        known.end()));
    CHECK(t.player(Side::french).hand.size() == busy.player(Side::french).hand.size());
    CHECK(t.draw_pile.size() == busy.draw_pile.size());
    CHECK_FALSE(t.rng == busy.rng);  // future dice differ too
    auto twin_for_spectator = module->redeal_hidden(busy, "spectator", rng);
    const auto& u = dynamic_cast<const State&>(*twin_for_spectator);
    both_moved_for_spectator =
        both_moved_for_spectator || (u.player(Side::french).hand != busy.player(Side::french).hand &&
                                     u.player(Side::british).hand != busy.player(Side::british).hand);
    // The redealt state is still a valid position.
    CHECK(State::from_json(t.to_json()) == t);
  }
  CHECK(french_hand_moved);
  CHECK(draw_pile_moved);
  CHECK(both_moved_for_spectator);
}

TEST_CASE("views follow schema/wilderness-war-view.json") {
  auto module = make_wilderness_war();
  for (const auto& id : all_scenarios) {
    auto state = module->setup(id, {{"bid", {{"side", "british"}, {"vp", 2}}}}, 4);
    for (const auto& seat : all_seats) {
      CAPTURE(id);
      CAPTURE(seat);
      CHECK(view_schema().check(module->view(*state, seat)) == std::vector<std::string>{});
    }
  }
  const State busy = busy_position();
  for (const auto& seat : all_seats) {
    CAPTURE(seat);
    const json view = module->view(busy, seat);
    CHECK(view_schema().check(view) == std::vector<std::string>{});
    CHECK(view.contains("result"));
  }
  // The checker does catch a wrong view.
  json wrong = module->view(busy, "french");
  wrong["vp"] = "four";
  wrong["pieces"][0] = "montcalm";
  wrong.erase("turn");
  CHECK(view_schema().check(wrong).size() == 3);
}

TEST_CASE("the framework's views, with undo and confirm, follow the schema too") {
  auto module = make_wilderness_war();
  auto match = warpath::engine::Match::start(*module, "annus_mirabilis", json::object(), 11);
  Rng chooser(11);
  int with_confirm = 0, with_undo = 0;
  for (int move = 0; move < 400 && !match.is_over(); ++move) {
    const std::string role = match.active_roles().front();
    const json view = match.view(role);
    CAPTURE(move);
    CHECK(view_schema().check(view) == std::vector<std::string>{});
    with_confirm += view.contains("confirm") ? 1 : 0;
    with_undo += view["actions"].contains("undo") ? 1 : 0;
    const auto& listed = match.listed_actions(role);
    REQUIRE_FALSE(listed.empty());
    REQUIRE_FALSE(match.play(role, listed[chooser.below(static_cast<std::uint32_t>(listed.size()))].to_action()));
  }
  CHECK(with_confirm > 0);
  CHECK(with_undo > 0);
}

TEST_CASE("the view shows every piece, marker and track") {
  auto module = make_wilderness_war();
  const State busy = busy_position();
  const json v = module->view(busy, "spectator");
  CHECK(v["scenario"] == "late_war_campaign");
  CHECK(v["vp"] == 5);  // French 4 + a French bid of 1
  CHECK(v["pieces"].size() == 151);
  // Compact: 4 × the location's number + 2 × inside + reduced, in piece order.
  const auto& data = busy.data();
  const auto piece = [&](const char* id) {
    return v["pieces"][static_cast<std::size_t>(data.piece_index(id))].get<int>();
  };
  CHECK(data.location_ids().at(static_cast<std::size_t>(piece("br_reg_44th") / 4)) == "leader_box_dunbar");
  CHECK((piece("fr_reg_bearn") & 2) == 2);
  CHECK(data.location_ids().at(static_cast<std::size_t>(piece("fr_reg_bearn") / 4)) ==
        data.location_id(busy.piece(data.piece_index("fr_reg_bearn")).location));
  CHECK(v["markers"]["oswego"] == json{{"siege", 0}, {"fieldworks", true}});
  CHECK(v["markers"]["baie_st_paul"] == json{{"amphib", true}});
  CHECK(v["markers"]["reading"] == json{{"stockade", "british"}, {"raided", {{"french", 1}}}});
  CHECK(v["markers"]["ticonderoga"] == json{{"fort", "french"}});
  CHECK(v["fortresses"].size() == 11);
  CHECK(v["vp_spaces"] == json{{"niagara", "french"}, {"ohio_forks", "french"}});
  CHECK(v["militia_boxes"]["militia_box_southern"] == json{{"full", 0}, {"reduced", 1}});
  CHECK(v["militia_boxes"]["militia_box_st_lawrence"] == json{{"full", 0}, {"reduced", 0}});
  CHECK(v["british_leader_pool"] == 5);
  CHECK(v["provincial_assemblies"] == "supportive");
  CHECK(v["year_track"]["william_pitt"] == true);
  CHECK(v["hand_size"] == json{{"french", 9}, {"british", 9}});
  CHECK(v["known_cards"]["french"] == json::array({static_cast<int>(busy.player(Side::french).known[0])}));
  CHECK(v["discard"].size() == 1);
  CHECK(v["removed"] == json::array({63, 64, 65, 66, 67, 68, 69, 70}));
  CHECK_FALSE(v.contains("log"));  // a stream of its own
  CHECK(module->log_size(busy, "spectator") == 3);
  CHECK(module->log_lines(busy, "spectator", 0, 3) == log_to_json(busy.log, 0));
  CHECK(v["outcome"] == json{{"winner", "french"}, {"reason", "a test"}});
}

TEST_CASE(
    "the view names the pieces picked for a force, an interception, an avoidance or a retreat (5.34, 6.7, 6.8, 7.9)") {
  auto module = make_wilderness_war();
  State s = *set_up_scenario("annus_mirabilis", {}, 7);
  const auto& data = s.data();
  CHECK(module->view(s, "spectator")["turn"]["picked"].is_null());
  ActivationState a;
  a.card = 4;
  a.stage = ActivationStage::define_force;
  a.force = true;
  a.commander = data.piece_index("fr_rigaud");
  a.force_pieces = {data.piece_index("fr_rigaud"), data.piece_index("fr_reg_languedoc")};
  s.activation = a;
  CHECK(module->view(s, "british")["turn"]["picked"] ==
        json{{"kind", "force"}, {"side", "french"}, {"pieces", {"fr_rigaud", "fr_reg_languedoc"}}});
  CHECK(view_schema().check(module->view(s, "british")) == std::vector<std::string>{});
  s.activation.reset();
  MoveState m;
  m.phasing = Side::french;
  m.where = data.space_index("hudson_carry_north");
  m.stage = MoveStage::intercept;
  m.selection = {data.piece_index("br_webb")};
  s.move = m;
  json picked = module->view(s, "spectator")["turn"]["picked"];
  CHECK(picked == json{{"kind", "intercept"}, {"side", "british"}, {"pieces", {"br_webb"}}});
  CHECK(view_schema().check(module->view(s, "french")) == std::vector<std::string>{});
  s.move->stage = MoveStage::avoid;
  CHECK(module->view(s, "british")["turn"]["picked"]["kind"] == "avoid");
  s.move.reset();
  BattleState b;
  b.where = data.space_index("hudson_carry_north");
  b.retreat_side = Side::british;
  b.retreating = {data.piece_index("br_webb")};
  s.battle = b;
  picked = module->view(s, "spectator")["turn"]["picked"];
  CHECK(picked == json{{"kind", "retreat"}, {"side", "british"}, {"pieces", {"br_webb"}}});
  CHECK(view_schema().check(module->view(s, "spectator")) == std::vector<std::string>{});
}

// The pieces and the markers are written as text straight from the state when a move changes them
// (view.cpp): the text must be what the view's value writes out, or patched views would part from
// fresh ones at the first hash.
TEST_CASE("the pieces and markers a move writes as text are the view's values, byte for byte") {
  auto texts_of = [](const State& before, const State& after) {
    json members = json::object();
    std::map<std::string, std::string> texts;
    public_view_changes(before, after, members, texts);
    for (const char* name : {"pieces", "markers"}) CHECK_FALSE(members.contains(name));
    return texts;
  };
  const State start = *set_up_scenario("late_war_campaign", {Bid{Side::french, 1}, false}, 5);
  State busy = busy_position();
  const auto& data = busy.data();
  busy.change_space(data.space_index("reading")).raided = {2, 1};
  busy.change_space(data.space_index("oswego")).stockade = Side::british;
  busy.change_space(data.space_index("carlisle")).fort_under_construction = Side::british;
  busy.change_space(data.space_index("carlisle")).allied = Side::french;
  const auto texts = texts_of(start, busy);
  const json view = make_public_view(busy);
  REQUIRE(texts.size() == 2);
  CHECK(texts.at("pieces") == view["pieces"].dump());
  CHECK(texts.at("markers") == view["markers"].dump());
  CHECK(view["markers"]["reading"]["raided"] == json{{"british", 1}, {"french", 2}});
  CHECK(texts_of(busy, busy).empty());  // a move that changes neither writes neither

  auto module = make_wilderness_war();
  int written = 0;
  for (const auto& scenario : all_scenarios) {
    auto match = warpath::engine::Match::start(*module, scenario, json::object(), 11);
    Rng chooser(23);
    for (int move = 0; move < 400 && !match.is_over(); ++move) {
      const auto before = match.shared_state();
      const auto role = match.active_roles().front();
      const auto& listed = match.listed_actions(role);
      REQUIRE_FALSE(match.play(role, listed[chooser.below(static_cast<std::uint32_t>(listed.size()))].to_action()));
      const auto& after = dynamic_cast<const State&>(match.state());
      const json now = make_public_view(after);
      for (const auto& [name, text] : texts_of(dynamic_cast<const State&>(*before), after)) {
        CAPTURE(scenario);
        CAPTURE(move);
        CHECK(text == now[name].dump());
        ++written;
      }
    }
  }
  CHECK(written > 300);
}

TEST_CASE("a move's log is written as its text without a JSON tree, byte for byte the change's") {
  warpath::test::check_move_log_text(*make_wilderness_war(), 400, 17);
}

}  // namespace view_test
