// IV. COMBAT and V. SIEGES reading what III. MOVEMENT records: the attacker (the side that entered
// last), Landings, Outmanoeuvring, pinned units and fort builders kept out of battles, the retreat
// rules (not where the enemy came from; the British back to their Sea Lift port), promotions, and
// the sieges at a year's end. Movement is played for real, then the battle, through the legality check.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/mohicans/combat.hpp"
#include "engine/mohicans/queries.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;

namespace {

std::string line_starting(const Game& g, const std::string& prefix) {
  for (std::size_t i = 0; i < g.s().log.size(); ++i)
    if (g.s().log[i].text.rfind(prefix, 0) == 0) return g.s().log[i].text;
  return "";
}

// The British at Ft. Carillon (made British) move `units` by Lake Champlain into Chambly, where
// `french` stand; `outmaneuver` pays for the terrain. The British movement then ends: the combat.
Game british_into_chambly(std::initializer_list<const char*> units, std::initializer_list<const char*> french,
                          bool outmaneuver = false, std::uint64_t seed = 1) {
  State s = at_movement(Side::british, 10, seed);
  clear(s, "ft_carillon");
  clear(s, "chambly");
  s.location(location("ft_carillon")).owner = Owner::british;
  for (const char* u : units) put(s, u, "ft_carillon");
  for (const char* u : french) put(s, u, "chambly");
  Game g(s);
  g.play("location", "ft_carillon");
  g.play("location", "chambly");
  if (outmaneuver) g.play("outmaneuver");
  while (g.actions().contains("unit") && !g.actions().contains("stop")) g.play("unit", args_of(g.actions(), "unit")[0]);
  g.play("stop");
  g.play("done");
  return g;
}

// Plays the combat's decisions the simplest way (no retreat while something else is listed).
// The British stack at New York lands at Louisbourg by Sea Lift and ends the British movement.
void sea_lift_new_york_to_louisbourg(Game& g) {
  for (const auto& [verb, arg] : std::initializer_list<std::pair<const char*, json>>{{"location", "new_york"},
                                                                                     {"embark", nullptr},
                                                                                     {"sail", "louisbourg"},
                                                                                     {"disembark", nullptr},
                                                                                     {"stop", nullptr},
                                                                                     {"done", nullptr}})
    g.play(verb, arg);
}

// 1754 (the year's only turn): three British Regulars sail from New York to Louisbourg, held by its
// garrison and militia, and assault it (the French withdraw inside when offered) until the battle
// ends — often in a siege, rolled at the turn's end.
Game sea_lifted_assault_on_louisbourg(std::uint64_t seed) {
  State s = at_movement(Side::british, 10, seed);
  s.supply.sea = 5;
  s.naval.sea_lift_at = location("new_york");
  clear(s, "new_york");
  clear(s, "louisbourg");
  for (const char* u : {"br_reg_44", "br_reg_46", "br_reg_47"}) put(s, u, "new_york");
  put(s, "fr_gar_louisbourg", "louisbourg");
  put(s, "fr_mil_louisbourg", "louisbourg");
  Game g(s);
  sea_lift_new_york_to_louisbourg(g);
  g.act("british", "location", "louisbourg");
  if (g.s().combat->step == CombatStep::withdraw) g.act("french", "withdraw");
  for (int i = 0; i < 60 && g.stage() == Stage::combat; ++i) {
    const json listed_now = g.actions();
    if (listed_now.contains("assault"))
      g.play("assault");
    else if (listed_now.contains("hold"))
      g.play("hold");
    else
      g.step();
  }
  return g;
}

void play_out(Game& g, int limit = 300) {
  for (int i = 0; i < limit && (g.stage() == Stage::combat || g.stage() == Stage::sieges); ++i) {
    const json listed_now = g.actions();
    std::string pick;
    for (const char* preferred : {"done", "stay", "assault", "hold", "pass", "capture", "unit", "location"})
      if (listed_now.contains(preferred)) {
        pick = preferred;
        break;
      }
    if (pick.empty()) pick = listed_now.items().begin().key();
    const json& args = listed_now[pick];
    g.play(pick, args.is_array() ? args[0] : json(nullptr));
  }
}

}  // namespace

TEST_CASE("Battles (ambiguity 5): the side that entered last attacks, even a place it already holds") {
  State s = at_movement(Side::french);
  for (const char* place : {"montreal", "chambly", "ft_carillon"}) clear(s, place);
  s.location(location("chambly")).owner = Owner::british;
  s.location(location("ft_carillon")).owner = Owner::british;
  put(s, "fr_reg_la_sarre_1", "montreal");
  put(s, "br_reg_48", "chambly");
  put(s, "br_reg_44", "ft_carillon");
  Game g(s);
  g.play("location", "montreal");  // the French attack the British in their own Chambly
  g.play("location", "chambly");
  g.play("stop");
  g.play("done");
  g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
  g.play("unit", "br_reg_44");  // then British units come in by the lake: the British entered last
  g.play("location", "chambly");
  g.play("stop");
  g.play("done");
  REQUIRE(g.stage() == Stage::combat);
  CHECK(args_of(g.actions("british"), "location") == std::vector<std::string>{"chambly"});
  CHECK(args_of(g.actions("french"), "location").empty());
  g.act("british", "location", "chambly");
  CHECK(g.s().combat->attacker == Side::british);
  CHECK(!g.s().combat->landing);  // one attacker did not come by water: no Landing
  CHECK(log_has(g, "the British attack Chambly (clear)"));
}

TEST_CASE("Landings (ambiguity 26): attackers all come by the lake; the defender fires first with an extra black die") {
  Game g = british_into_chambly({"br_reg_44", "br_reg_46"}, {"fr_reg_bearn_2", "fr_mil_chambly"});
  REQUIRE(g.stage() == Stage::combat);
  g.act("british", "location", "chambly");
  CHECK(g.s().combat->attacker == Side::british);
  CHECK(g.s().combat->landing);
  CHECK(!g.s().combat->ambush);
  CHECK(g.s().combat->terrain == Terrain::clear);
  // Two French units in Clear with a Regular: one white, one black for the swap, one black for the Landing.
  const std::string fire = line_starting(g, "the French fire");
  CHECK(fire.find(" 1 white (") != std::string::npos);
  CHECK(fire.find(" 2 black (") != std::string::npos);
  CHECK(line_starting(g, "the British fire").empty());  // the attackers fire only after the losses are placed
}

TEST_CASE("Outmanoeuvring (ambiguity 25): the attacker who paid 2 SP fights in the other terrain") {
  Game g = british_into_chambly({"br_reg_44"}, {"fr_reg_bearn_2", "fr_mil_chambly"}, true);
  REQUIRE(g.stage() == Stage::combat);
  g.act("british", "location", "chambly");
  CHECK(g.s().combat->terrain == Terrain::woods);  // Chambly is a town in Clear
  CHECK(log_has(g, "the British attack Chambly (woods)"));
  // In Woods no white die is swapped: two whites and the Landing's black.
  CHECK(line_starting(g, "the French fire").find(" 2 white (") != std::string::npos);
  CHECK(line_starting(g, "the French fire").find(" 1 black (") != std::string::npos);
  Game h = british_into_chambly({"br_reg_44"}, {"fr_reg_bearn_2", "fr_mil_chambly"}, false);
  h.act("british", "location", "chambly");
  CHECK(h.s().combat->terrain == Terrain::clear);
  CHECK(line_starting(h, "the French fire").find(" 1 white (") != std::string::npos);  // one swapped in Clear
  CHECK(line_starting(h, "the French fire").find(" 2 black (") != std::string::npos);
}

TEST_CASE("Reinforcements: pinned units and units that built a fort this turn are not offered") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12 && checked < 2; ++seed) {
    CAPTURE(seed);
    State s = at_movement(Side::french, 10, seed);
    for (const char* place : {"montreal", "st_jean"}) clear(s, place);
    put(s, "fr_reg_berry_1", "st_jean");
    put(s, "fr_reg_la_sarre_1", "montreal");
    put(s, "fr_reg_poitou_1", "montreal");
    Game f(s);
    f.play("unit", "fr_reg_berry_1");  // III. FORT CONSTRUCTION at St Jean, by Lake Champlain from Chambly
    f.play("fort");
    CHECK(f.s().unit(unit("fr_reg_berry_1")).built_fort);
    f.play("done");
    f.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
    State t = f.s();
    t.unit(unit("fr_reg_poitou_1")).pinned = true;  // as if a British stack had pinned it this turn
    t.supply.land[1] = 10;
    clear(t, "ft_carillon");
    clear(t, "chambly");
    t.location(location("ft_carillon")).owner = Owner::british;
    for (const char* u : {"br_reg_44", "br_reg_46", "br_reg_47"}) put(t, u, "ft_carillon");
    for (const char* u : {"fr_reg_bearn_2", "fr_mil_chambly"}) put(t, u, "chambly");
    Game g(t);
    CHECK(State::from_json(g.s().to_json()) == g.s());  // the fort builders survive the JSON
    g.play("location", "ft_carillon");
    g.play("location", "chambly");
    g.play("stop");
    g.play("done");
    g.act("british", "location", "chambly");
    for (int i = 0; i < 40 && g.stage() == Stage::combat && g.s().combat->step != CombatStep::round_end; ++i) g.step();
    if (g.stage() != Stage::combat || g.s().combat->step != CombatStep::round_end) continue;
    if (g.active() == "british") g.act("british", "done");
    REQUIRE(g.active() == "french");
    const json listed_now = g.actions("french");
    CHECK(listed(listed_now, "unit", "fr_reg_la_sarre_1"));
    CHECK_FALSE(listed(listed_now, "unit", "fr_reg_poitou_1"));  // pinned
    CHECK_FALSE(listed(listed_now, "unit", "fr_reg_berry_1"));   // built a fort
    CHECK(g.try_act("french", "unit", "fr_reg_berry_1").has_value());
    ++checked;
  }
  CHECK(checked > 0);
}

TEST_CASE("Retreats: never to the place the enemy came from; with no other way the losers are eliminated") {
  int retreats = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    State s = at_movement(Side::french, 10, seed);
    for (const char* place : {"montreal", "chambly", "ft_carillon", "william_henry"}) clear(s, place);
    // The French come from Montreal through Chambly (British and empty) to a British Ft. Carillon,
    // whose other neighbours are French.
    for (const char* place : {"chambly", "ft_carillon"}) s.location(location(place)).owner = Owner::british;
    s.location(location("william_henry")).owner = Owner::french;
    s.location(location("william_henry")).fort.reset();
    for (const char* u : {"fr_reg_la_sarre_1", "fr_reg_berry_1"}) put(s, u, "montreal");
    for (const char* u : {"br_reg_44", "br_reg_46"}) put(s, u, "ft_carillon");
    Game g(s);
    g.play("location", "montreal");
    g.play("location", "chambly");
    g.play("location", "ft_carillon");
    CHECK(g.s().unit(unit("fr_reg_berry_1")).came_from == location("chambly"));
    g.play("stop");
    g.play("done");
    g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
    g.play("done");
    REQUIRE(g.stage() == Stage::combat);
    g.act("french", "location", "ft_carillon");
    for (int i = 0; i < 40 && g.stage() == Stage::combat && g.s().combat->step != CombatStep::round_end; ++i) g.step();
    if (g.stage() != Stage::combat || g.s().combat->step != CombatStep::round_end) continue;
    g.act("french", "done");
    if (side_units(g.s(), location("ft_carillon"), Side::british).size() < 2) continue;
    g.act("british", "retreat");  // the British break off: Chambly is where the French came from
    ++retreats;
    CHECK(g.s().unit(unit("br_reg_44")).where == UnitWhere::removed);
    CHECK(g.s().unit(unit("br_reg_46")).where == UnitWhere::removed);
    CHECK(log_has(g, "the British have nowhere to retreat from Ft. Carillon"));
  }
  CHECK(retreats > 0);
}

TEST_CASE("Retreats: British landed by the Sea Lift may sail back to their port of origin, with one extra hit") {
  State s = at_movement(Side::british);
  s.supply.sea = 5;
  s.naval.sea_lift_at = location("new_york");
  clear(s, "new_york");
  clear(s, "louisbourg");
  put(s, "br_reg_44", "new_york");
  put(s, "br_reg_46", "new_york");
  s.unit(unit("br_reg_46")).damaged = true;
  put(s, "fr_gar_louisbourg", "louisbourg");
  s.unit(unit("fr_mil_louisbourg")).where = UnitWhere::removed;  // no militia comes out of the pool
  Game g(s);
  sea_lift_new_york_to_louisbourg(g);
  REQUIRE(g.stage() == Stage::combat);
  g.act("british", "location", "louisbourg");
  CHECK(g.s().combat->landing);
  g.act("british", "stop");  // the garrison's fortification is not assaulted: the French win
  REQUIRE(g.s().combat->step == CombatStep::retreat);
  const auto where = args_of(g.actions("british"), "location");
  CHECK(std::find(where.begin(), where.end(), "halifax") != where.end());
  CHECK(std::find(where.begin(), where.end(), "new_york") != where.end());
  g.act("british", "location", "new_york");
  // The extra hit goes to the undamaged Regular (B), without a choice.
  CHECK(log_has(g, "is hit and flipped in the retreat by sea."));
  CHECK(at(g, "br_reg_44") == location("new_york"));
  CHECK(at(g, "br_reg_46") == location("new_york"));
  CHECK(log_has(g, "the British retreat from Louisbourg to New York"));
}

TEST_CASE("Promotions: a militia with the victor of a battle is promotable, and winter promotes it") {
  int wins = 0;
  for (std::uint64_t seed = 1; seed <= 8 && wins == 0; ++seed) {
    CAPTURE(seed);
    Game g =
        british_into_chambly({"br_reg_44", "br_reg_46", "br_reg_47", "br_mil_albany"}, {"fr_mil_chambly"}, false, seed);
    g.act("british", "location", "chambly");
    play_out(g);
    if (!log_has(g, "the British win the battle of Chambly")) continue;
    ++wins;
    CHECK(g.s().promotable[index_of(Side::british)] == std::vector<UnitIndex>{unit("br_mil_albany")});
    CHECK(log_has(g, "may be promoted in the winter"));
    g.step_until([](const Game& x) { return x.stage() == Stage::winter; });
    REQUIRE(g.active() == "british");
    CHECK(args_of(g.actions(), "unit") == std::vector<std::string>{"br_mil_albany"});
    g.play("unit", "br_mil_albany");
    g.play("unit", "br_col_virginia");
    CHECK(g.s().unit(unit("br_mil_albany")).where == UnitWhere::force_pool);
    CHECK(g.s().unit(unit("br_col_virginia")).where == UnitWhere::map);
    CHECK(g.s().promotable[1].empty());
  }
  CHECK(wins == 1);
}

TEST_CASE("Sieges at a year's end: a siege in a year's last turn is rolled, then taken or lifted, never kept") {
  int sieges = 0, lifted = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    CAPTURE(seed);
    Game g = sea_lifted_assault_on_louisbourg(seed);
    if (!log_has(g, "the British besiege Louisbourg")) continue;
    ++sieges;
    CHECK(log_has(g, "Siege of Louisbourg"));
    for (int i = 0; i < 20 && g.stage() == Stage::sieges; ++i) {
      CHECK_FALSE(g.actions().contains("stay"));  // the second part of the year: no staying
      g.step();
    }
    CHECK(g.stage() != Stage::sieges);
    CHECK_FALSE(g.s().location(location("louisbourg")).besieged);
    CHECK_FALSE(contested(g.s(), location("louisbourg")));
    if (g.s().location(location("louisbourg")).owner == Owner::french) ++lifted;
  }
  CHECK(sieges > 0);
  CHECK(lifted > 0);
}

TEST_CASE(
    "Sieges: British besiegers landed by the Sea Lift may sail back to their port of origin, with one extra hit") {
  // H: the retreat by sea is open to units that arrived at the siege location by the Sea Lift, as
  // after a lost battle: here after a lost siege roll in a year's last turn (1754).
  int retreats = 0;
  for (std::uint64_t seed = 1; seed <= 30 && retreats == 0; ++seed) {
    CAPTURE(seed);
    Game g = sea_lifted_assault_on_louisbourg(seed);
    if (!log_has(g, "the British besiege Louisbourg")) continue;
    for (int i = 0; i < 10 && g.stage() == Stage::sieges && g.s().sieges->step != SiegeStep::retreat; ++i) g.step();
    if (g.stage() != Stage::sieges || g.s().sieges->step != SiegeStep::retreat) continue;  // taken, or a tie's hits
    ++retreats;
    const auto where = args_of(g.actions("british"), "location");
    CHECK(std::find(where.begin(), where.end(), "new_york") != where.end());
    CHECK(std::find(where.begin(), where.end(), "halifax") != where.end());  // by land along the coast
    std::vector<std::string> before;
    for (const char* u : {"br_reg_44", "br_reg_46", "br_reg_47"})
      if (at(g, u) == location("louisbourg")) before.push_back(u);
    g.act("british", "location", "new_york");
    if (g.stage() == Stage::sieges && g.s().sieges && g.s().sieges->step == SiegeStep::sea_hit) {
      CHECK(args_of(g.actions("british"), "unit").size() > 1);  // a choice among the undamaged units (B)
      CHECK(g.s().sieges->sea_port == location("new_york"));
      check_round_trip(g);
      CHECK_FALSE(g.try_act("british", "location", "halifax"));
      g.play("unit", args_of(g.actions("british"), "unit").front());
    }
    CHECK(log_has(g, "in the retreat by sea."));
    CHECK(log_has(g, "the British retreat from Louisbourg to New York"));
    for (const std::string& u : before)
      if (g.s().unit(unit(u.c_str())).where == UnitWhere::map) CHECK(at(g, u.c_str()) == location("new_york"));
    CHECK_FALSE(g.s().location(location("louisbourg")).besieged);
  }
  CHECK(retreats == 1);
}
