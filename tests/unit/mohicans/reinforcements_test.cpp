// VIII. REINFORCEMENTS: the ships that got through land their effects next Spring (Naval Units &
// Reinforcements), or the Historical Reinforcements' schedule, random battalions and supply ship.
#include <doctest/doctest.h>

#include "engine/core/rng.hpp"
#include "engine/mohicans/queries.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;
using warpath::engine::Rng;

namespace {

// 1754's naval war with three spots already fought: the French Privateer and Troop Convoy and the
// British Supply Convoy got through; the British Troop Convoy (0 + 6) then beats the French Supply
// Convoy (1 + 1) at the last spot, and 1755 begins with the French landing.
Game spring_1755_after_ships() {
  Game g(1);
  g.finish_setup();
  for (const char* id : {"fn_privateer", "fn_squadron", "fn_troop_convoy", "fn_supply_convoy"})
    g.act("french", "naval", id);
  g.step_until([](const Game& x) { return x.stage() == Stage::naval_war; });
  State s = g.s();
  s.naval.british_at_spot = {naval("bn_squadron_1"), naval("bn_squadron_2"), naval("bn_supply_convoy"), std::nullopt};
  s.naval.revealed = {true, true, true, false};
  s.naval.arrived = {naval("fn_privateer"), naval("fn_troop_convoy"), naval("bn_supply_convoy")};
  s.naval_war->spot = 3;
  s.rng = Rng(seed_rolling(1, 6));
  Game h(s);
  h.act("british", "naval", "bn_troop_convoy");
  REQUIRE(h.s().naval.arrived.back() == naval("bn_troop_convoy"));
  REQUIRE(h.stage() == Stage::reinforcements);
  REQUIRE(h.s().turn == 1);
  return h;
}

}  // namespace

TEST_CASE("Reinforcements: the French privateer brings tribes to a Coureur; the troop convoy five regulars") {
  Game g = spring_1755_after_ships();
  CHECK(g.active() == "french");
  // PRIVATEERS and GIFTS AND SUPPLIES: the tribes or the militia.
  CHECK(args_of(g.actions(), "effect") == std::vector<std::string>{"tribes", "militia"});
  g.act("french", "effect", "tribes");
  const LocationIndex langlade = at(g, "fr_cdb_langlade");
  REQUIRE(game_data().location(langlade).original_holding_of(Side::french));
  g.act("french", "unit", "tr_huron");
  CHECK(args_of(g.actions(), "location") == std::vector<std::string>{game_data().location(langlade).id});
  g.act("french", "location", game_data().location(langlade).id);
  CHECK(at(g, "tr_huron") == langlade);
  CHECK(g.s().unit(unit("tr_huron")).activated);
  g.act("french", "done");
  // TROOPSHIP: five European regulars at ONE friendly port, the earliest year's first (ambiguity 34).
  CHECK(g.try_act("french", "location", "boston").has_value());
  g.act("french", "location", "quebec");
  check_round_trip(g);
  const auto first_year = args_of(g.actions(), "unit");
  CHECK(first_year.size() == 6);  // 1755's six battalions, five to land: the French choose
  CHECK(g.try_act("french", "unit", "fr_reg_la_sarre_1").has_value());  // 1756's
  for (int i = 0; i < 5; ++i) g.play("unit", args_of(g.actions(), "unit").back());
  int landed = 0;
  for (const auto& id : first_year) landed += at(g, id.c_str()) == location("quebec") ? 1 : 0;
  CHECK(landed == 5);
  CHECK(g.active() == "british");
}

TEST_CASE("Reinforcements: the British supply convoy musters militia and two Colonial Regulars; the troop convoy") {
  Game g = spring_1755_after_ships();
  g.act("french", "effect", "militia");
  g.act("french", "unit", "fr_mil_quebec_2");
  g.act("french", "location", "ft_levis");  // any friendly place of the original holdings
  CHECK(at(g, "fr_mil_quebec_2") == location("ft_levis"));
  g.act("french", "done");
  g.act("french", "location", "louisbourg");
  for (int i = 0; i < 5; ++i) g.play("unit", args_of(g.actions(), "unit").front());
  REQUIRE(g.active() == "british");
  // APPOINTMENTS AND SUPPLIES: up to four pool militia whose home is friendly.
  CHECK(g.try_act("british", "unit", "br_mil_albany").has_value());  // on the map already
  g.act("british", "unit", "br_mil_hartford");
  const auto places = args_of(g.actions(), "location");
  CHECK(std::find(places.begin(), places.end(), "hartford") != places.end());
  CHECK(std::find(places.begin(), places.end(), "quebec") == places.end());
  g.act("british", "location", "hartford");
  g.act("british", "done");
  // ... and two Colonial Regulars at Boston, New York or Philadelphia.
  g.act("british", "unit", "br_col_50");
  check_round_trip(g);
  CHECK(args_of(g.actions(), "location") == std::vector<std::string>{"boston", "new_york", "philadelphia"});
  g.act("british", "location", "new_york");
  g.act("british", "unit", "br_col_51");
  g.act("british", "location", "boston");
  // The troop convoy: 1755's three battalions land without a choice, then two of 1756's six.
  g.act("british", "location", "new_york");
  for (const char* id : {"br_reg_44", "br_reg_47", "br_reg_48"}) CHECK(at(g, id) == location("new_york"));
  CHECK(args_of(g.actions(), "unit").size() == 6);
  g.act("british", "unit", "br_reg_31");
  g.act("british", "unit", "br_reg_35");
  CHECK(at(g, "br_reg_35") == location("new_york"));
  CHECK(g.s().unit(unit("br_reg_42_1")).where == UnitWhere::awaiting);
  CHECK(g.stage() != Stage::reinforcements);
  CHECK(!g.s().reinforcement);
}

TEST_CASE("Historical Reinforcements: the year's battalions and the random ones land at friendly ports") {
  Game g(6, {{"historical_reinforcements", true}});
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::reinforcements; });
  REQUIRE(g.s().turn == 1);
  REQUIRE(g.active() == "french");
  int random_rolls = 0;
  g.s().log.for_each_between(g.s().log.first(), g.s().log.size(),
                             [&](const LogLine& l) { random_rolls += l.verb == "random_reinforcement" ? 1 : 0; });
  CHECK(random_rolls == 4);  // each of the four rolls from 1755
  for (const auto& port : args_of(g.actions(), "location")) {
    CHECK(game_data().location(game_data().location_index(port)).port);
    CHECK(g.s().location(game_data().location_index(port)).owner == Owner::french);
  }
  g.step_until([](const Game& x) { return x.active() == "british" || x.stage() != Stage::reinforcements; });
  for (const UnitIndex u : game_data().reinforcements.historical[0].at(1755)) {
    CHECK(g.s().unit(u).where == UnitWhere::map);
    CHECK(game_data().location(g.s().unit(u).at).port);
  }
  CHECK(g.s().unit(unit("fr_reg_la_sarre_1")).where == UnitWhere::awaiting);  // 1756's
}

TEST_CASE("Reinforcements: a ship's regulars that find no room at its port wait for a later ship") {
  Game g = spring_1755_after_ships();
  g.act("french", "effect", "militia");
  g.act("french", "done");
  const LocationIndex port = location("isle_st_jean");
  const int room = game_data().location(port).stacking_limit - static_cast<int>(units_at(g.s(), port).size());
  REQUIRE(room > 0);
  REQUIRE(room < 5);
  g.act("french", "location", "isle_st_jean");
  for (int i = 0; i < room; ++i) g.play("unit", args_of(g.actions(), "unit").front());
  CHECK(g.active() == "british");  // the port is full: the convoy's other regulars stay home
  int waiting = 0;
  for (const UnitIndex u : game_data().reinforcements.historical[0].at(1755))
    waiting += g.s().unit(u).where == UnitWhere::awaiting ? 1 : 0;
  CHECK(waiting == 6 - room);
}
