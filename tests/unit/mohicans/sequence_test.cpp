// The sequence of play: Supply Points rolls from the seeded Rng, the turn track from 1754 to 1760,
// the stages of a year's first and last turns, the musters, victory and the Iroquois adjustment.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "engine/core/rng.hpp"
#include "engine/mohicans/queries.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;

namespace {

// Plays the simplest decisions from the set-up to the end, noting the stages each turn waited in.
struct Played {
  std::vector<std::pair<int, Season>> turns;
  std::vector<std::set<Stage>> stages;  // by turn index
};

Played play_through(Game& g) {
  Played p;
  p.stages.resize(12);
  for (int i = 0; i < 5000 && !g.match.is_over(); ++i) {
    const Turn& t = g.s().turn_info();
    if (p.turns.empty() || p.turns.back() != std::pair{t.year, t.season}) p.turns.emplace_back(t.year, t.season);
    p.stages.at(static_cast<std::size_t>(g.s().turn)).insert(g.stage());
    g.step();
  }
  return p;
}

}  // namespace

TEST_CASE("Supply Points: the French roll 2d6+4, the British 2d6+6 land and 1d6 sea, from the seeded dice") {
  std::set<int> french_seen;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    CAPTURE(seed);
    Game g(seed);
    g.finish_setup();
    // The French roll opens their movement; the roll comes from the state's Rng as it stood.
    g.step_until(
        [](const Game& x) { return current_row(x.s()).stage == Stage::movement && x.s().active == Side::french; });
    const State& s = g.s();
    const int french = s.supply.land[0];
    CHECK((french >= 6 && french <= 16));
    french_seen.insert(french);
    Game again(seed);  // the same seed, the same decisions: the same roll
    again.finish_setup();
    again.step_until([](const Game& x) { return current_row(x.s()).stage == Stage::movement; });
    CHECK(again.s().supply.land[0] == french);
    g.act("french", "done");  // the French movement ends; the British roll
    REQUIRE(g.stage() == Stage::movement);
    REQUIRE(g.active() == "british");
    CHECK(g.s().supply.land[0] == french);
    CHECK((g.s().supply.land[1] >= 8 && g.s().supply.land[1] <= 18));
    CHECK((g.s().supply.sea >= 1 && g.s().supply.sea <= 6));
  }
  CHECK(french_seen.size() > 4);  // the dice vary with the seed
}

TEST_CASE("a Supply Points roll is the state Rng's next dice") {
  Game g(11);
  g.finish_setup();
  g.step_until(
      [](const Game& x) { return current_row(x.s()).stage == Stage::movement && x.s().active == Side::french; });
  g.act("french", "done");
  // Replay the last move from the position before it: the British dice are the Rng's next three.
  Game before(11);
  before.finish_setup();
  before.step_until(
      [](const Game& x) { return current_row(x.s()).stage == Stage::movement && x.s().active == Side::french; });
  warpath::engine::Rng rng = before.s().rng;
  const int land = rng.roll() + rng.roll() + 6, sea = rng.roll();
  CHECK(g.s().supply.land[1] == land);
  CHECK(g.s().supply.sea == sea);
  CHECK(g.s().log.back().text.find(std::to_string(land) + " land Supply Points") != std::string::npos);
}

TEST_CASE("the turns run 1754, spring and summer of 1755-1759, then 1760, and the game ends") {
  Game g(3);
  const Played p = play_through(g);
  REQUIRE(g.match.is_over());
  std::vector<std::pair<int, Season>> expected = {{1754, Season::single}};
  for (int year = 1755; year <= 1759; ++year) {
    expected.emplace_back(year, Season::spring);
    expected.emplace_back(year, Season::summer);
  }
  expected.emplace_back(1760, Season::single);
  CHECK(p.turns == expected);
  for (std::size_t turn = 0; turn < 12; ++turn) {
    CAPTURE(turn);
    const Turn& t = game_data().tables.turns[turn];
    const auto& stages = p.stages[turn];
    CHECK(stages.count(Stage::movement) == 1);
    CHECK(stages.count(Stage::muster) == (t.first_of_year() ? 1 : 0));  // II: the Spring turn only
    CHECK(stages.count(Stage::naval_placement) == (t.first_of_year() ? 1 : 0));
    // VI, VII: between a year's last turn and the next year; none after 1760. Winter waits only for
    // a promotion or an Indian to save (winter_test.cpp); the British always match their ships.
    if (!t.last_of_year() || turn == 11) CHECK(stages.count(Stage::winter) == 0);
    CHECK(stages.count(Stage::naval_war) == (t.last_of_year() && turn != 11 ? 1 : 0));
  }
  // Nobody took anything: the French deny the British their objectives.
  const auto result = g.match.result();
  REQUIRE(result);
  CHECK(result->winner == "french");
  CHECK(g.actions("french").empty());
  CHECK(g.actions("british").empty());
}

TEST_CASE("with Historical Reinforcements there is no naval war") {
  Game g(4, {{"historical_reinforcements", true}});
  const Played p = play_through(g);
  for (const auto& stages : p.stages) {
    CHECK(stages.count(Stage::naval_placement) == 0);
    CHECK(stages.count(Stage::naval_war) == 0);
  }
  CHECK(p.stages[1].count(Stage::reinforcements) == 1);  // 1755's arrivals and supply ship
  CHECK(p.stages[0].count(Stage::reinforcements) == 0);
}

TEST_CASE("Spring muster: the French move up to 3 militia to their original holdings") {
  Game g;
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::muster; });
  REQUIRE(g.active() == "french");
  const auto units = args_of(g.actions(), "unit");
  CHECK(std::find(units.begin(), units.end(), "fr_mil_chambly") != units.end());
  CHECK(std::find(units.begin(), units.end(), "fr_tdm_1") == units.end());  // militia only
  g.play("unit", "fr_mil_chambly");
  CHECK(args_of(g.actions(), "unit").empty());  // its destination first
  const auto places = args_of(g.actions(), "location");
  for (const auto& id : places) {
    const Location& l = game_data().location(location(id.c_str()));
    CHECK(l.owner == Owner::french);
  }
  CHECK(std::find(places.begin(), places.end(), "chambly") == places.end());  // it must move
  CHECK(std::find(places.begin(), places.end(), "albany") == places.end());
  CHECK(g.try_act("french", "location", "sauk").has_value());  // native land is not an original holding
  g.play("location", "ft_st_frederic");
  CHECK(g.s().unit(unit("fr_mil_chambly")).at == location("ft_st_frederic"));
  g.play("unit", "fr_mil_tadoussac");
  g.play("location", "quebec");
  g.play("unit", "fr_mil_ft_levis");
  g.play("location", "montreal");
  CHECK(g.active() == "british");  // three moved: the British muster
  CHECK(g.stage() == Stage::muster);
}

TEST_CASE("restoration puts back militia, the French only those of the four towns") {
  Game g;
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::restoration; });
  REQUIRE(g.active() == "french");
  auto units = args_of(g.actions(), "unit");
  std::sort(units.begin(), units.end());
  CHECK(units == std::vector<std::string>{"fr_mil_montreal_2", "fr_mil_montreal_3", "fr_mil_quebec_2",
                                          "fr_mil_quebec_3", "fr_mil_st_jean", "fr_mil_trois_rivieres_2"});
  // A French militia of another home, back in the pool, is not restored (it may be mustered).
  State chambly_lost = g.s();
  chambly_lost.unit(unit("fr_mil_chambly")) = UnitState{};
  Game h(chambly_lost);
  CHECK(args_of(h.actions(), "unit").size() == 6);
  g.play("unit", "fr_mil_st_jean");
  CHECK(g.s().unit(unit("fr_mil_st_jean")).at == location("st_jean"));
  g.play("unit", "fr_mil_quebec_2");
  CHECK(g.active() == "british");  // two restored
  CHECK(g.stage() == Stage::restoration);
}

TEST_CASE("British strategic movement takes up to 5 regulars to the Sea Lift's port") {
  Game g;
  g.act("french", "location", "montreal");
  for (const char* village : {"sauk", "fox", "huron"}) g.act("french", "location", village);
  g.act("british", "location", "boston");
  g.step_until([](const Game& x) { return x.stage() == Stage::strategic_movement; });
  auto units = args_of(g.actions("british"), "unit");
  std::sort(units.begin(), units.end());
  CHECK(units == std::vector<std::string>{"br_reg_40", "br_reg_45", "br_reg_49"});
  g.act("british", "unit", "br_reg_49");
  CHECK(g.s().unit(unit("br_reg_49")).at == location("boston"));
  g.act("british", "done");
  CHECK(g.stage() == Stage::movement);
  CHECK(g.active() == "french");
}

TEST_CASE("a side holding its objectives at the start of a turn wins") {
  Game g;
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
  State won = g.s();
  for (const char* place : {"montreal", "ft_frontenac", "ft_duquesne"})
    won.location(location(place)).owner = Owner::british;
  Game h(won);
  h.act("british", "done");
  h.step_until([](const Game& x) { return x.match.is_over(); });
  REQUIRE(h.match.result());
  CHECK(h.match.result()->winner == "british");
  CHECK(h.s().turn == 1);  // at the start of 1755's first turn
}

TEST_CASE("Great Victories turn Iroquois nations; a side with all six has them for good") {
  Game g;
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
  State won = g.s();
  won.great_victories[index_of(Side::british)] = 2;
  won.forts_destroyed[index_of(Side::british)] = 3;  // one pair counts, one fort stays
  Game h(won);
  h.act("british", "done");
  h.step_until([](const Game& x) { return x.stage() == Stage::iroquois_adjustment; });
  REQUIRE(h.active() == "british");
  auto nations = args_of(h.actions(), "unit");
  std::sort(nations.begin(), nations.end());
  CHECK(nations == std::vector<std::string>{"iro_cayuga_fr", "iro_onondaga_fr", "iro_seneca_fr"});
  h.play("unit", "iro_cayuga_fr");
  CHECK(h.s().unit(unit("iro_cayuga_br")).at == location("cayuga"));
  CHECK(h.s().unit(unit("iro_cayuga_fr")).where == UnitWhere::off_map);
  h.play("unit", "iro_onondaga_fr");
  h.play("unit", "iro_seneca_fr");
  CHECK(h.s().forts_destroyed[index_of(Side::british)] == 1);
  CHECK_FALSE(h.s().iroquois_ally);
  // The British begin their next turn with all six showing red.
  h.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
  CHECK(h.s().iroquois_ally == Side::british);
  CHECK(controller(h.s(), unit("iro_mohawk_br")) == Side::british);
  // Next Spring the ally musters one Iroquois unit into an Iroquois village.
  h.step_until([](const Game& x) { return x.stage() == Stage::iroquois_muster; });
  CHECK(h.active() == "british");
  h.play("unit", "iro_mohawk_br");
  h.play("location", "oneida");
  CHECK(h.s().unit(unit("iro_mohawk_br")).at == location("oneida"));
  CHECK(h.stage() != Stage::iroquois_muster);
}

TEST_CASE("a stage refuses unlisted actions and the other side's, and they change nothing") {
  Game g;
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::movement; });
  CHECK(g.actions("french").contains("done"));  // the movement (movement_test.cpp) can always end
  const json before = g.s().to_json();
  CHECK(g.try_act("french", "unit", "br_reg_40").has_value());
  CHECK(g.try_act("british", "done").has_value());
  CHECK(g.s().to_json() == before);
}

TEST_CASE("the state round-trips through JSON at every decision") {
  Game g(9);
  const auto module = make_mohicans();
  for (int i = 0; i < 400 && !g.match.is_over(); ++i) {
    const json j = g.s().to_json();
    const auto loaded = module->load(j);
    CHECK(loaded->to_json() == j);
    CHECK(dynamic_cast<const State&>(*loaded) == g.s());
    g.step();
  }
  CHECK_THROWS_AS(module->load(json{{"format", "nope"}}), std::invalid_argument);
}
