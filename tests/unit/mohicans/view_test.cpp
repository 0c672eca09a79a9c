// Views: they follow the schema, and the French naval pieces face down never reach another seat.
#include <doctest/doctest.h>

#include <fstream>

#include "engine/core/playout.hpp"
#include "engine/core/rng.hpp"
#include "engine/mohicans/naval.hpp"
#include "tests/unit/mohicans/game.hpp"
#include "tests/unit/move_log_text_check.hpp"
#include "tests/unit/schema_checker.hpp"

using namespace moh_test;
using warpath::engine::Rng;
using warpath::test::SchemaChecker;

namespace {

const std::vector<std::string> all_seats = {"french", "british", "spectator"};

const SchemaChecker& view_schema() {
  static const SchemaChecker checker = [] {
    std::ifstream file(MOHICANS_VIEW_SCHEMA);
    REQUIRE(file.good());
    return SchemaChecker(json::parse(file));
  }();
  return checker;
}

// A game at the French naval placement with `placed` pieces on the insert.
Game at_naval_placement(int placed, std::uint64_t seed = 1) {
  Game g(seed);
  g.finish_setup();
  REQUIRE(g.stage() == Stage::naval_placement);
  const char* order[] = {"fn_troop_convoy", "fn_squadron", "fn_supply_convoy", "fn_privateer"};
  for (int i = 0; i < placed; ++i) g.act("french", "naval", order[i]);
  return g;
}

bool names_a_french_naval_piece(const std::string& text) {
  for (const char* id : {"fn_squadron", "fn_privateer", "fn_troop_convoy", "fn_supply_convoy"})
    if (text.find(id) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("views follow schema/mohicans-view.json through a game, for every seat") {
  for (std::uint64_t seed : {1u, 2u}) {
    Game g(seed, {{"historical_reinforcements", seed == 2}});
    int checked = 0;
    for (int i = 0; i < 3000 && !g.match.is_over(); ++i) {
      if (i % 7 == 0)
        for (const auto& seat : all_seats) {
          const auto problems = view_schema().check(g.match.view(seat));
          CHECK_MESSAGE(problems.empty(), seat, " at ", stage_names(g.stage()), ": ", problems.front());
          ++checked;
        }
      g.step();
    }
    REQUIRE(g.match.is_over());
    for (const auto& seat : all_seats) CHECK(view_schema().check(g.match.view(seat)).empty());
    CHECK(checked > 20);
  }
}

TEST_CASE("the French naval pieces face down reach neither the British nor spectators") {
  Game g = at_naval_placement(2);
  const json french = g.match.view("french");
  CHECK(french["naval_orders"]["insert"]["louisbourg"] == "fn_troop_convoy");
  CHECK(french["naval_orders"]["insert"]["st_lawrence"] == "fn_squadron");
  CHECK(french["naval_orders"]["in_hand"] == json{"fn_privateer", "fn_supply_convoy"});
  CHECK(french["naval"]["insert"]["louisbourg"]["french"] == "face_down");
  for (const char* seat : {"british", "spectator"}) {
    CAPTURE(seat);
    const json view = g.match.view(seat);
    CHECK(view["naval_orders"].is_null());
    CHECK(view["naval"]["insert"]["louisbourg"]["french"] == "face_down");
    CHECK(view["naval"]["insert"]["acadia"]["french"].is_null());
    CHECK(view["naval"]["french_in_hand"] == 2);
    CHECK_FALSE(names_a_french_naval_piece(view.dump()));
    const auto module = make_mohicans();
    const auto size = module->log_size(g.match.state(), seat);
    CHECK_FALSE(names_a_french_naval_piece(module->log_lines(g.match.state(), seat, 0, size).dump()));
  }
  g.act("french", "naval", "fn_supply_convoy");
  g.act("french", "naval", "fn_privateer");
  CHECK(g.stage() != Stage::naval_placement);
  for (const char* seat : {"british", "spectator"}) CHECK_FALSE(names_a_french_naval_piece(g.match.view(seat).dump()));
}

TEST_CASE("views do not change when the face-down pieces are dealt anew, which really moves them") {
  const auto module = make_mohicans();
  Rng rng(77);
  for (int placed : {0, 1, 3, 4}) {
    Game g = at_naval_placement(placed);
    if (placed == 4) REQUIRE(g.stage() != Stage::naval_placement);
    for (const auto& seat : all_seats) {
      CAPTURE(placed);
      CAPTURE(seat);
      auto twin = module->redeal_hidden(g.match.state(), seat, rng);
      CHECK(module->view(*twin, seat) == module->view(g.match.state(), seat));
    }
  }
  Game g = at_naval_placement(3);
  bool moved = false;
  for (int i = 0; i < 20; ++i) {
    auto twin = module->redeal_hidden(g.match.state(), "british", rng);
    const auto& t = dynamic_cast<const State&>(*twin);
    moved = moved || t.naval.french_at_spot != g.s().naval.french_at_spot;
    CHECK(french_naval_in_hand(t).size() == 1);
    auto same = module->redeal_hidden(g.match.state(), "french", rng);  // nothing is hidden from the French
    CHECK(dynamic_cast<const State&>(*same).naval.french_at_spot == g.s().naval.french_at_spot);
  }
  CHECK(moved);
}

TEST_CASE("random games run to their end without errors, stuck states, leaks or replay mismatches") {
  // The sanitizer build is ~30x slower and plays a sample; `warpath playout` plays the long runs.
#ifdef WARPATH_SANITIZED_BUILD
  constexpr int games = 2;
  constexpr int leak_check_every = 10;
#else
  constexpr int games = 12;
  constexpr int leak_check_every = 3;
#endif
  const auto module = make_mohicans();
  for (const json& options : {json::object(), json{{"historical_reinforcements", true}, {"d6_combat", true}}}) {
    CAPTURE(options.dump());
    warpath::engine::PlayoutOptions o;
    o.scenarios = {"campaign"};
    o.options = options;
    o.games = games;
    o.seed = 5;
    o.leak_check_every = leak_check_every;
    const json report = warpath::engine::run_playouts(*module, o);
    CHECK(report["errors"] == 0);
    CHECK(report["stuck"] == 0);
    CHECK(report["leaks"] == 0);
    CHECK(report["unfinished"] == 0);
    CHECK(report["replay_mismatches"] == 0);
    CHECK(report["roundtrip_mismatches"] == 0);
    CHECK_MESSAGE(report["first_problems"].empty(), report["first_problems"].dump());
  }
}

TEST_CASE("a move's log is written as its text without a JSON tree, byte for byte the change's") {
  warpath::test::check_move_log_text(*make_mohicans(), 400, 17);
}
