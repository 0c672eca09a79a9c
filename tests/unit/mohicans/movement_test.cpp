// III. MOVEMENT, played through the legality check: the rulebook's regular and irregular movement
// examples, trails, stacking, tribes and Coureurs, the Iroquois, overruns, pinning, outmanoeuvring,
// forts, raids, both Sea Lifts and the change of owners at the end of a side's movement.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/mohicans/queries.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;

namespace {

bool has(const Game& g, const std::string& verb) { return g.actions().contains(verb); }
int land_sp(const Game& g) { return g.s().supply.land[index_of(g.s().active)]; }

}  // namespace

TEST_CASE("Regular units movement Example: road, lake and trail for 1 SP, picking up units on the way") {
  State s = at_movement(Side::french);
  for (const char* place : {"montreal", "chambly", "ft_carillon", "william_henry"}) clear(s, place);
  // The rulebook's stack would hold 6 units at William-Henry, over a fort's 5: one regular fewer.
  put(s, "fr_reg_la_sarre_1", "montreal");
  put(s, "fr_mil_montreal_1", "montreal");
  put(s, "fr_reg_berry_1", "montreal");
  put(s, "fr_mil_chambly", "chambly");
  put(s, "fr_tdm_2", "ft_carillon");
  Game g(s);
  g.play("location", "montreal");
  REQUIRE(g.s().movement->group.size() == 3);
  CHECK(land_sp(g) == 10);  // nothing paid before the first step
  g.play("location", "chambly");
  CHECK(land_sp(g) == 9);  // 1 SP activates the stack: 4 MP
  g.play("unit", "fr_mil_chambly");
  CHECK(listed(g.actions(), "location", "ft_carillon"));  // by Lake Champlain
  g.play("location", "ft_carillon");
  g.play("unit", "fr_tdm_2");
  g.play("location", "william_henry");  // the trail: 2 MP
  CHECK(g.s().movement->moves_used == 4);
  CHECK(g.s().movement->trail_used);
  CHECK(args_of(g.actions(), "location").empty());
  CHECK(land_sp(g) == 9);
  CHECK(units_at(g.s(), location("william_henry")).size() == 5);
  CHECK(g.s().unit(unit("fr_tdm_2")).came_from == location("ft_carillon"));
  CHECK(g.s().unit(unit("fr_mil_chambly")).arrived_by == Arrival::land);
  g.play("stop");
  CHECK(g.try_act("french", "unit", "fr_tdm_2").has_value());  // it has moved this turn
  g.play("done");
  // End of the French movement: the empty British fort they stand in is theirs, with its fort.
  CHECK(g.s().location(location("william_henry")).owner == Owner::french);
  CHECK(g.active() == "british");
}

TEST_CASE("Regular units movement Example: one trail per move; a second stack pays its own SP") {
  State s = at_movement(Side::british);
  for (const char* place : {"albany", "ft_george", "william_henry"}) clear(s, place);
  for (const char* u : {"br_reg_44", "br_reg_46", "br_reg_47", "br_reg_48"}) put(s, u, "albany");
  put(s, "br_col_50", "ft_george");
  Game g(s);
  g.play("location", "albany");
  g.play("location", "ft_george");
  CHECK(land_sp(g) == 9);
  CHECK(g.s().movement->moves_used == 2);  // 2 MP left, but only trails lead on
  CHECK(args_of(g.actions(), "location").empty());
  g.play("stop");
  g.play("unit", "br_col_50");
  CHECK(listed(g.actions(), "location", "william_henry"));
  g.play("location", "william_henry");
  CHECK(land_sp(g) == 8);
  CHECK(args_of(g.actions(), "location").empty());
}

TEST_CASE("Land stacking: checked where a group ends, not where it passes") {
  State s = at_movement(Side::french);
  for (const char* place : {"montreal", "chambly", "ft_carillon", "william_henry"}) clear(s, place);
  for (const char* u : {"fr_reg_la_sarre_1", "fr_reg_berry_1", "fr_mil_montreal_1", "fr_reg_poitou_1"})
    put(s, u, "montreal");
  put(s, "fr_mil_chambly", "chambly");
  put(s, "fr_tdm_2", "ft_carillon");
  Game g(s);
  g.play("location", "montreal");
  g.play("location", "chambly");
  g.play("unit", "fr_mil_chambly");
  g.play("location", "ft_carillon");  // 5 moving and the Marine there: 6 in a fort, but the stack goes on
  CHECK_FALSE(has(g, "stop"));
  CHECK_FALSE(has(g, "done"));
  CHECK(listed(g.actions(), "location", "william_henry"));
  g.play("unit", "fr_tdm_2");  // 6 in the group: William-Henry would be over its limit
  CHECK_FALSE(listed(g.actions(), "location", "william_henry"));
  CHECK(g.try_act("french", "location", "william_henry").has_value());
  g.play("unit", "fr_reg_poitou_1");  // stays at Carillon
  CHECK(at(g, "fr_reg_poitou_1") == location("ft_carillon"));
  CHECK_FALSE(has(g, "stop"));  // it and the 5 moving would still be 6 here
  g.play("location", "william_henry");
  CHECK(units_at(g.s(), location("william_henry")).size() == 5);
  g.play("stop");
}

// Found stuck by the playouts: a group passing through a full place picked up (or kept) units that
// left it neither room to stop nor a way on, with nothing it could drop.
TEST_CASE("Collecting and dropping never strand a group passing through a full place") {
  State s = at_movement(Side::french);
  for (const char* place : {"quebec", "huron"}) clear(s, place);
  for (const char* u : {"fr_reg_la_sarre_1", "fr_reg_berry_1", "fr_reg_poitou_1", "fr_mil_montreal_1", "tr_huron"})
    put(s, u, "huron");  // the village's limit: 5
  s.unit(unit("tr_huron")).activated = true;
  put(s, "fr_tdm_2", "quebec");
  put(s, "fr_cdb_joncaire", "quebec");

  SUBCASE("without a Coureur, the tribe at home would have to stay in a place too full to stop in") {
    State alone = s;
    put(alone, "fr_cdb_joncaire", "montreal");
    Game g(alone);
    g.play("unit", "fr_tdm_2");
    g.play("location", "huron");  // 6 French in a village of 5: the Marine must go on
    CHECK_FALSE(has(g, "stop"));
    CHECK_FALSE(listed(g.actions(), "unit", "tr_huron"));
    CHECK(listed(g.actions(), "location", "quebec"));
  }
  SUBCASE("with the tribe picked up, its Coureur may not be left behind") {
    Game g(s);
    g.play("location", "quebec");  // the Marine and Joncaire
    g.play("location", "huron");
    g.play("unit", "tr_huron");  // with its Coureur it may leave home
    CHECK_FALSE(listed(g.actions(), "unit", "fr_cdb_joncaire"));
    CHECK(listed(g.actions(), "unit", "fr_tdm_2"));
    CHECK(listed(g.actions(), "unit", "tr_huron"));
    CHECK(listed(g.actions(), "location", "quebec"));
  }
}

TEST_CASE("Irregular movement and Indigenous Activation Example (ambiguity 23: by Lake Michigan to Winebago)") {
  State s = at_movement(Side::french);
  put(s, "fr_cdb_langlade", "michillimackinac");
  Game g(s);
  g.play("unit", "fr_cdb_langlade");
  g.play("location", "winebago");  // 1, 5 left
  CHECK(listed(g.actions(), "unit", "tr_winebago"));
  g.play("unit", "tr_winebago");  // activated for 1 move, 4 left
  CHECK(g.s().unit(unit("tr_winebago")).activated);
  g.play("location", "sauk");  // by river, 3 left
  g.play("unit", "tr_sauk");   // 2 left
  g.play("location", "fox");   // 1 left
  g.play("unit", "tr_fox");    // the last move
  CHECK(g.s().movement->moves_used == 6);
  CHECK(g.s().movement->group.size() == 4);
  CHECK(args_of(g.actions(), "location").empty());
  CHECK(land_sp(g) == 10);  // Irregulars move free
  CHECK(units_at(g.s(), location("fox")).size() == 4);
}

TEST_CASE("Indian tribes leave their village only with a Coureur; an inactive tribe does not move") {
  State s = at_movement(Side::french);
  Game g(s);
  CHECK_FALSE(listed(g.actions(), "unit", "tr_mingo_n"));  // face down
  g.play("unit", "tr_abenaki");                            // activated at set-up, with its Coureur
  CHECK(args_of(g.actions(), "location").empty());
  g.play("unit", "fr_cdb_joncaire");
  CHECK_FALSE(args_of(g.actions(), "location").empty());
}

TEST_CASE("Nobody enters an Iroquois village before the Six Nations join a side") {
  State s = at_movement(Side::british);
  Game g(s);
  g.play("unit", "br_mil_ft_stanwix");
  CHECK_FALSE(listed(g.actions(), "location", "oneida"));
  s.iroquois_ally = Side::british;
  Game h(s);
  h.play("unit", "br_mil_ft_stanwix");
  CHECK(listed(h.actions(), "location", "oneida"));
}

TEST_CASE("Iroquois: one stack a turn moves one place free; others pay 1 SP") {
  State s = at_movement(Side::british);
  s.iroquois_ally = Side::british;
  Game g(s);
  g.play("unit", "iro_mohawk_br");
  CHECK(listed(g.actions(), "free_move", "cherry_valley"));
  g.play("free_move", "cherry_valley");
  CHECK(land_sp(g) == 10);
  CHECK(args_of(g.actions(), "location").empty());
  g.play("stop");
  g.play("unit", "iro_oneida_br");
  CHECK(args_of(g.actions(), "free_move").empty());
  g.play("location", "mohawk");
  CHECK(land_sp(g) == 9);
  CHECK(g.s().movement->mode == MoveMode::irregular);  // then 6 moves
}

TEST_CASE("Overruns: five to one costs 2 SP and stops; the enemy is eliminated") {
  State s = at_movement(Side::french);
  for (const char* place : {"montreal", "chambly"}) clear(s, place);
  for (const char* u : {"fr_reg_la_sarre_1", "fr_reg_berry_1", "fr_reg_poitou_1", "fr_reg_foix", "fr_reg_quercy"})
    put(s, u, "montreal");
  put(s, "br_reg_44", "chambly");
  Game g(s);
  g.play("location", "montreal");
  g.play("location", "chambly");
  CHECK(g.s().movement->engaged);
  CHECK(has(g, "overrun"));
  g.play("overrun");
  // A European regular leaves the game (FORCE POOLS hold only militia, colonials and irregulars).
  CHECK(g.s().unit(unit("br_reg_44")).where == UnitWhere::removed);
  CHECK(land_sp(g) == 10 - 1 - 2);
  CHECK_FALSE(g.s().movement->engaged);
  CHECK(g.s().movement->group.empty());  // the stack stopped
  CHECK(at(g, "fr_reg_foix") == location("chambly"));
}

TEST_CASE("Overruns: six to one in passing for 1 SP, through a place the stack could not stop in") {
  State s = at_movement(Side::french);
  for (const char* place : {"montreal", "chambly", "st_jean"}) clear(s, place);
  for (const char* u :
       {"fr_reg_la_sarre_1", "fr_reg_berry_1", "fr_reg_poitou_1", "fr_reg_foix", "fr_reg_quercy", "fr_reg_eu_1"})
    put(s, u, "montreal");
  put(s, "br_reg_44", "chambly");
  Game g(s);
  g.play("location", "montreal");
  REQUIRE(listed(g.actions(), "location", "chambly"));  // 6 units cannot stop in a town, but may overrun and go on
  g.play("location", "chambly");
  CHECK_FALSE(has(g, "stop"));
  CHECK(!has(g, "outmaneuver"));
  g.play("overrun");
  CHECK(g.s().unit(unit("br_reg_44")).where == UnitWhere::removed);
  CHECK(land_sp(g) == 10 - 1 - 1);
  CHECK_FALSE(g.s().movement->engaged);
  CHECK(listed(g.actions(), "location", "montreal"));  // back to a city, where six fit
  CHECK_FALSE(has(g, "stop"));
  g.play("location", "montreal");
  g.play("stop");
}

TEST_CASE("Pinning: the mover picks as many enemy units as he has; a smaller enemy is all pinned") {
  State s = at_movement(Side::french);
  for (const char* place : {"montreal", "chambly"}) clear(s, place);
  put(s, "fr_reg_la_sarre_1", "montreal");
  for (const char* u : {"br_reg_44", "br_reg_46", "br_reg_47"}) put(s, u, "chambly");
  Game g(s);
  g.play("unit", "fr_reg_la_sarre_1");
  g.play("location", "chambly");
  CHECK(g.s().movement->pins_left == 1);
  CHECK(args_of(g.actions(), "unit").size() == 3);
  CHECK_FALSE(has(g, "stop"));
  CHECK(!has(g, "overrun"));
  g.play("outmaneuver");  // III. OUTMANEUVERING: 2 SP to choose the battle's terrain
  CHECK(g.s().location(location("chambly")).outmaneuvered_by == Side::french);
  CHECK(land_sp(g) == 10 - 1 - 2);
  g.play("unit", "br_reg_46");
  CHECK(g.s().unit(unit("br_reg_46")).pinned);
  CHECK_FALSE(g.s().unit(unit("br_reg_44")).pinned);
  g.play("stop");
  g.play("done");
  CHECK(g.s().location(location("chambly")).owner == Owner::french);  // contested: nobody takes it yet
  CHECK(contested(g.s(), location("chambly")));
  // The British move next: the pinned unit cannot, the others may leave.
  g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
  CHECK_FALSE(listed(g.actions(), "unit", "br_reg_46"));
  CHECK(listed(g.actions(), "unit", "br_reg_44"));
}

TEST_CASE("Fort construction takes a regular group's remaining moves; fort burning 2 moves and leaves a raid marker") {
  State s = at_movement(Side::british);
  clear(s, "hartford");
  put(s, "br_reg_44", "hartford");
  Game g(s);
  g.play("unit", "br_reg_44");
  g.play("fort");
  CHECK(g.s().location(location("hartford")).fort == Side::british);
  CHECK(land_sp(g) == 9);
  CHECK(g.s().movement->group.empty());
  CHECK_FALSE(listed(g.actions(), "unit", "br_reg_44"));

  State f = at_movement(Side::french);
  for (const char* place : {"ft_george", "william_henry"}) clear(f, place);
  put(f, "fr_cdb_hertel", "william_henry");
  Game h(f);
  h.play("unit", "fr_cdb_hertel");
  CHECK(!has(h, "fort"));  // Irregulars build no forts
  h.play("location", "ft_george");
  h.play("burn");
  const LocationState& george = h.s().location(location("ft_george"));
  CHECK_FALSE(george.fort);
  CHECK(george.raided);
  CHECK(h.s().forts_destroyed[index_of(Side::french)] == 1);
  CHECK(h.s().movement->moves_used == 3);
}

TEST_CASE("Raids during movement: French Irregulars spend 2 moves at a formerly British place") {
  State s = at_movement(Side::french);
  clear(s, "albany");
  put(s, "fr_cdb_hertel", "albany");
  put(s, "fr_reg_foix", "hartford");
  Game g(s);
  g.play("unit", "fr_cdb_hertel");
  g.play("raid");
  CHECK(g.s().location(location("albany")).raided);
  CHECK(g.s().movement->moves_used == 2);
  CHECK(!has(g, "raid"));  // one marker
  g.play("stop");
  g.play("unit", "fr_reg_foix");
  CHECK(!has(g, "raid"));  // Regulars do not raid
  const int victories = g.s().great_victories[index_of(Side::french)];
  g.play("done");
  // Held solely by the French at the end of their movement: Albany, a British town, is theirs.
  CHECK(g.s().location(location("albany")).owner == Owner::french);
  CHECK(g.s().location(location("albany")).fort == Side::french);
  CHECK(g.s().great_victories[index_of(Side::french)] == victories + 2);  // Albany and Hartford, two towns
}

TEST_CASE("British Sea Lift: embark, sail, embark, sail, disembark for 5 sea SP; an amphibious landing") {
  State s = at_movement(Side::british);
  s.supply.sea = 5;
  s.naval.sea_lift_at = location("new_york");
  clear(s, "new_york");
  clear(s, "halifax");
  put(s, "br_reg_44", "new_york");
  put(s, "br_reg_46", "new_york");
  put(s, "br_reg_45", "halifax");
  Game g(s);
  g.play("location", "new_york");
  g.play("embark");
  CHECK(g.s().supply.sea == 4);
  CHECK_FALSE(listed(g.actions(), "sail", "quebec"));  // Louisbourg is French
  CHECK_FALSE(has(g, "done"));                         // the Sea Lift ends its move in port, empty
  g.play("sail", "halifax");
  g.play("unit", "br_reg_45");
  CHECK(g.s().supply.sea == 2);
  g.play("sail", "louisbourg");
  g.play("disembark");
  CHECK(g.s().supply.sea == 0);
  CHECK(land_sp(g) == 10);  // no land SP
  CHECK(at(g, "br_reg_45") == location("louisbourg"));
  CHECK(g.s().unit(unit("br_reg_44")).arrived_by == Arrival::sea_lift);
  CHECK(g.s().unit(unit("br_reg_44")).came_from == location("new_york"));
  CHECK(g.s().movement->engaged);
  g.play("stop");
  g.play("done");
  // The Sea Lift cannot stay in a port the British do not hold.
  CHECK(g.s().naval.sea_lift_at != location("louisbourg"));
  CHECK(holds(g.s(), g.s().naval.sea_lift_at, Side::british));
}

TEST_CASE("British Sea Lift: Irregulars other than Rangers do not embark; the empty Sea Lift sails for 1") {
  State s = at_movement(Side::british);
  s.supply.sea = 4;
  s.naval.sea_lift_at = location("boston");
  Game g(s);
  CHECK(listed(g.actions(), "sail", "new_york"));
  g.play("sail", "new_york");
  CHECK(g.s().naval.sea_lift_at == location("new_york"));
  CHECK(g.s().supply.sea == 3);
  State t = g.s();
  put(t, "br_rng_rogers", "new_york");
  put(t, "iro_mohawk_br", "new_york");
  t.iroquois_ally = Side::british;
  Game h(t);
  h.play("unit", "iro_mohawk_br");
  CHECK(!has(h, "embark"));
  h.play("unit", "iro_mohawk_br");  // put back
  h.play("unit", "br_rng_rogers");
  CHECK(has(h, "embark"));
}

TEST_CASE("French Sea Lift: Regulars between Louisbourg and Quebec for 2 SP while both are French") {
  State s = at_movement(Side::french);
  put(s, "fr_reg_foix", "louisbourg");
  Game g(s);
  g.play("unit", "fr_mil_louisbourg");
  CHECK(args_of(g.actions(), "sail").empty());  // militia do not sail
  g.play("unit", "fr_mil_louisbourg");
  g.play("unit", "fr_reg_foix");
  CHECK(listed(g.actions(), "sail", "quebec"));
  g.play("sail", "quebec");
  CHECK(land_sp(g) == 8);
  CHECK(at(g, "fr_reg_foix") == location("quebec"));
  CHECK(g.s().movement->group.empty());  // no land move after the crossing
  s.location(location("quebec")).owner = Owner::british;
  Game h(s);
  h.play("unit", "fr_reg_foix");
  CHECK(args_of(h.actions(), "sail").empty());
}

TEST_CASE("Movement decisions survive the JSON round trip") {
  State s = at_movement(Side::french);
  put(s, "fr_cdb_langlade", "michillimackinac");
  Game g(s);
  g.play("unit", "fr_cdb_langlade");
  g.play("location", "winebago");
  g.play("unit", "tr_winebago");
  const State back = State::from_json(g.s().to_json());
  CHECK(back == g.s());
}

TEST_CASE("Overruns: an unoccupied enemy fort is captured in passing for 1 move (Irregulars) or 1 SP") {
  State s = at_movement(Side::french);
  for (const char* place : {"ft_george", "william_henry"}) clear(s, place);
  put(s, "fr_cdb_hertel", "william_henry");
  put(s, "fr_reg_foix", "william_henry");
  Game g(s);
  g.play("unit", "fr_cdb_hertel");
  g.play("location", "ft_george");
  g.play("overrun");
  CHECK(g.s().location(location("ft_george")).owner == Owner::french);
  CHECK(g.s().location(location("ft_george")).fort == Side::french);
  CHECK(g.s().movement->moves_used == 2);
  CHECK(land_sp(g) == 10);
  CHECK_FALSE(has(g, "overrun"));  // it is French now
  g.play("stop");
  g.play("unit", "fr_reg_foix");
  CHECK_FALSE(has(g, "overrun"));  // only once the group has moved
}
