// The reinforcement events #43-#61, #63-#66, #68 (cards.md; rulebook 5.52-5.55).
#include <doctest/doctest.h>

#include <string>

#include "engine/wilderness_war/events.hpp"
#include "engine/wilderness_war/module.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace events_reinforcements_test {

using namespace warpath::wilderness_war;
using namespace ww_test;

namespace {

LocationKind where(const State& s, const char* id) { return s.piece(pc(id)).location.kind; }
SpaceIndex at(const State& s, const char* id) { return s.space_of(pc(id)); }

using Game = ModuleGame;

int count_where(const State& s, const std::vector<std::string>& ids, LocationKind kind) {
  int n = 0;
  for (const auto& id : ids)
    if (s.piece(pc(id.c_str())).location.kind == kind) ++n;
  return n;
}

}  // namespace

// --- #49-#52 Call Out Militias -------------------------------------------------------------------------
TEST_CASE("#49 Call Out Militias: the French place a militia unit in the St. Lawrence box") {
  Game g(position_to_play("french", {49, 5}));
  REQUIRE(g.may_play("french", 49));
  g.play("french", 49);
  const auto actions = g.actions("french");
  CHECK(lists(actions, "box", "militia_box_st_lawrence"));
  CHECK_FALSE(lists(actions, "box", "militia_box_northern"));
  g.act("french", "box", "militia_box_st_lawrence");
  CHECK(where(g.s, "fr_militia_1") == LocationKind::militia_box);
  CHECK_FALSE(g.s.event);
}

TEST_CASE("#50 Call Out Militias: the British restore up to two reduced militia") {
  json j = position_to_play("british", {50, 5});
  for (const char* id : {"br_militia_1", "br_militia_2", "br_militia_3"}) place(j, id, "militia_box_northern", true);
  place(j, "br_militia_4", "militia_box_southern");
  Game g(j);
  g.play("british", 50);
  auto actions = g.actions("british");
  CHECK_FALSE(actions.contains("box"));  // every counter is in play
  CHECK(lists(actions, "restore", "br_militia_1"));
  g.act("british", "restore", "br_militia_1");
  REQUIRE(g.s.event);
  CHECK(g.actions("british").contains("done"));
  g.act("british", "restore", "br_militia_3");
  CHECK_FALSE(g.s.event);  // two restored: over
  CHECK_FALSE(g.s.piece(pc("br_militia_1")).reduced);
  CHECK_FALSE(g.s.piece(pc("br_militia_3")).reduced);
  CHECK(g.s.piece(pc("br_militia_2")).reduced);
}

TEST_CASE("#51 Call Out Militias: not playable with every militia counter in play at full strength") {
  json j = position_to_play("french", {51, 5});
  for (const char* id : {"fr_militia_1", "fr_militia_2", "fr_militia_3", "fr_militia_4"})
    place(j, id, "militia_box_st_lawrence");
  Game g(j);
  CHECK_FALSE(g.may_play("french", 51));
}

// --- #53 Rangers ------------------------------------------------------------------------------------------
TEST_CASE("#53 Rangers: a Ranger enters at an unbesieged British fortification") {
  json j = position_to_play("british", {53, 5});
  j["markers"]["hoosic"] = {{"stockade", "british"}};
  j["markers"]["oswego"] = {{"fort", "british"}, {"siege", 0}};
  place(j, "br_reg_15th", "oswego", false, true);
  place(j, "fr_reg_bearn", "oswego");
  Game g(j);
  g.play("british", 53);
  const auto actions = g.actions("british");
  CHECK(lists(actions, "place", "hoosic"));
  CHECK(lists(actions, "place", "albany"));        // a fortress is a fortification
  CHECK_FALSE(lists(actions, "place", "oswego"));  // besieged (5.522)
  CHECK_FALSE(lists(actions, "place", "kinderhook"));
  g.act("british", "place", "hoosic");
  CHECK(at(g.s, "br_ranger_armstrong") == sp("hoosic"));
  CHECK_FALSE(g.s.event);
}

TEST_CASE("#53 Rangers: no counter to place and none to restore: no effect") {
  json j = position_to_play("british", {53, 5});
  for (const char* id : {"br_ranger_armstrong", "br_ranger_goreham", "br_ranger_rogers"}) place(j, id, "albany");
  Game g(j);
  g.play("british", 53);
  CHECK_FALSE(g.s.event);
  CHECK(g.s.active == Side::french);
}

// --- #46 Colonial Recruits ------------------------------------------------------------------------------
TEST_CASE("#46 Colonial Recruits: a die roll of reduced Provincials, Light Infantry or Rangers are restored") {
  json j = position_to_play("british", {46, 5});
  place(j, "br_prov_new_york_1", "albany", true);
  place(j, "br_li_howes", "albany", true);
  place(j, "br_militia_1", "militia_box_northern", true);
  Game g(j);
  REQUIRE(g.may_play("british", 46));
  g.play("british", 46);
  REQUIRE(g.s.event);
  CHECK(g.s.event->points >= 1);
  CHECK(g.s.event->points <= 6);
  const auto actions = g.actions("british");
  CHECK(lists(actions, "restore", "br_prov_new_york_1"));
  CHECK_FALSE(lists(actions, "restore", "br_militia_1"));  // militia are not recruits
  g.act("british", "restore", "br_li_howes");
  CHECK_FALSE(g.s.piece(pc("br_li_howes")).reduced);
}

TEST_CASE("#46 Colonial Recruits: not playable with only reduced militia") {
  json j = position_to_play("british", {46, 5});
  place(j, "br_militia_1", "militia_box_northern", true);
  Game g(j);
  CHECK_FALSE(g.may_play("british", 46));
}

// --- #47 Troop Transports, #48 Victories in Germany ----------------------------------------------------
TEST_CASE("#47 Troop Transports: the French restore up to three reduced Regulars") {
  json j = position_to_play("french", {47, 5});
  for (const char* id : {"fr_reg_bearn", "fr_reg_guyenne", "fr_reg_la_reine", "fr_md_1"}) place(j, id, "quebec", true);
  Game g(j);
  g.play("french", 47);
  CHECK(g.s.event->points == 3);
  g.act("french", "restore", "fr_md_1");  // Marine Detachments count as Regulars
  g.act("french", "restore", "fr_reg_bearn");
  g.act("french", "restore", "fr_reg_guyenne");
  CHECK_FALSE(g.s.event);
  CHECK(g.s.piece(pc("fr_reg_la_reine")).reduced);
}

TEST_CASE("#47 Troop Transports: the French may not play it after Quiberon Bay") {
  json j = position_to_play("french", {47, 5});
  place(j, "fr_reg_bearn", "quebec", true);
  Game g(j);
  CHECK(g.may_play("french", 47));
  g.s.year_track.quiberon_bay = true;
  CHECK_FALSE(g.may_play("french", 47));
}

TEST_CASE("#48 Victories in Germany: a die roll of restores; not in 1755") {
  json j = position_to_play("british", {48, 5});
  place(j, "br_reg_15th", "albany", true);
  Game g(j);
  REQUIRE(g.may_play("british", 48));
  g.play("british", 48);
  CHECK(lists(g.actions("british"), "restore", "br_reg_15th"));
  g.act("british", "restore", "br_reg_15th");
  CHECK_FALSE(g.s.piece(pc("br_reg_15th")).reduced);

  json early = position_to_play("british", {48, 5});
  early["year"] = 1755;
  place(early, "br_reg_15th", "albany", true);
  Game g1755(early);
  CHECK_FALSE(g1755.may_play("british", 48));
}

// --- #43-#45 Raise Provincial Regiments ---------------------------------------------------------------
TEST_CASE("#43 Raise Provincial Regiments: raising stops at the Provincial Assemblies limit (5.54)") {
  json j = position_to_play("british", {43, 5});
  const std::vector<std::string> northern = {
      "br_prov_connecticut_1",   "br_prov_connecticut_2",   "br_prov_connecticut_3",
      "br_prov_massachusetts_1", "br_prov_massachusetts_2", "br_prov_massachusetts_3",
      "br_prov_massachusetts_4", "br_prov_massachusetts_5", "br_prov_massachusetts_6"};
  for (const auto& id : northern) place(j, id, "albany");
  Game g(j);
  g.play("british", 43);
  CHECK(lists(g.actions("british"), "department", "northern"));
  CHECK(lists(g.actions("british"), "department", "southern"));
  g.act("british", "department", "northern");
  const auto actions = g.actions("british");
  CHECK(lists(actions, "place", "albany"));
  CHECK_FALSE(lists(actions, "place", "philadelphia"));  // the Southern Department
  CHECK_FALSE(actions.contains("restore"));              // nothing reduced
  g.act("british", "place", "boston");                   // the tenth of 10 (Supportive)
  CHECK_FALSE(g.s.event);
  CHECK(at(g.s, "br_prov_new_hampshire") == sp("boston"));
}

TEST_CASE("#44 Raise Provincial Regiments: restore every reduced Provincial of the Department") {
  json j = position_to_play("british", {44, 5});
  place(j, "br_prov_virginia_1", "alexandria", true);
  place(j, "br_prov_maryland", "baltimore", true);
  place(j, "br_prov_new_york_1", "albany", true);
  Game g(j);
  g.play("british", 44);
  g.act("british", "department", "southern");
  REQUIRE(g.actions("british").contains("restore"));
  g.act("british", "restore");
  CHECK_FALSE(g.s.event);
  CHECK_FALSE(g.s.piece(pc("br_prov_virginia_1")).reduced);
  CHECK_FALSE(g.s.piece(pc("br_prov_maryland")).reduced);
  CHECK(g.s.piece(pc("br_prov_new_york_1")).reduced);  // another Department
}

TEST_CASE("#45 Raise Provincial Regiments: not playable with the Assemblies Reluctant") {
  json j = position_to_play("british", {45, 5});
  j["provincial_assemblies"] = "reluctant";
  Game g(j);
  CHECK_FALSE(g.may_play("british", 45));
}

// --- #57-#59, #64 British Regulars ----------------------------------------------------------------------
TEST_CASE("#57 British Regulars: a leader and three Regulars enter at British ports, one by one") {
  json j = position_to_play("british", {57, 58, 5});
  place(j, "br_murray", "british_leader_pool");
  Game g(j);
  g.play("british", 57);
  auto actions = g.actions("british");
  CHECK(lists(actions, "place", "new_york"));
  CHECK(lists(actions, "place", "halifax"));
  CHECK_FALSE(lists(actions, "place", "albany"));  // no port
  CHECK_FALSE(lists(actions, "place", "quebec"));  // French
  g.act("british", "place", "new_york");           // Murray
  CHECK(at(g.s, "br_murray") == sp("new_york"));
  g.act("british", "place", "boston");
  g.act("british", "place", "boston");
  g.act("british", "place", "halifax");
  CHECK_FALSE(g.s.event);
  CHECK(at(g.s, "br_reg_15th") == sp("boston"));
  CHECK(at(g.s, "br_reg_1st_royal") == sp("halifax"));
  // One British Regulars event per season (cards.md #57).
  CHECK(g.s.player(Side::british).regulars_event_this_season);
  CHECK_FALSE(event_playable(g.s, Side::british, 58));
}

TEST_CASE("#58 British Regulars: a third Command-7 leader makes the British remove one on the map (5.55)") {
  json j = position_to_play("british", {58, 5});
  place(j, "br_loudoun", "british_leader_pool");
  place(j, "br_abercromby", "albany");
  place(j, "br_amherst", "new_york");
  Game g(j);
  g.play("british", 58);
  auto actions = g.actions("british");
  CHECK(lists(actions, "remove", "br_abercromby"));
  CHECK(lists(actions, "remove", "br_amherst"));
  g.act("british", "remove", "br_abercromby");
  CHECK(where(g.s, "br_abercromby") == LocationKind::removed);
  g.act("british", "place", "boston");
  CHECK(at(g.s, "br_loudoun") == sp("boston"));
}

TEST_CASE("#59 British Regulars: with both Command-7 leaders besieged the drawn one returns to the pool") {
  json j = position_to_play("british", {59, 5});
  place(j, "br_loudoun", "british_leader_pool");
  for (const char* space : {"oswego", "hudson_carry_north"}) j["markers"][space] = {{"fort", "british"}, {"siege", 0}};
  place(j, "br_abercromby", "oswego", false, true);
  place(j, "br_reg_17th", "oswego", false, true);
  place(j, "fr_reg_bearn", "oswego");
  place(j, "br_amherst", "hudson_carry_north", false, true);
  place(j, "br_reg_22nd", "hudson_carry_north", false, true);
  place(j, "fr_reg_guyenne", "hudson_carry_north");
  Game g(j);
  g.play("british", 59);
  CHECK(where(g.s, "br_loudoun") == LocationKind::british_leader_pool);
  REQUIRE(g.s.event);
  CHECK(g.s.event->pieces.size() == 3);  // the units still come
  CHECK(g.actions("british").contains("place"));
}

TEST_CASE("#64 British Regulars: not playable twice in one season") {
  json j = position_to_play("british", {64, 5}, "full_campaign");
  j["players"]["british"]["regulars_event_this_season"] = true;
  Game g(j);
  CHECK_FALSE(g.may_play("british", 64));
}

// --- #55, #56, #68 French Regulars ------------------------------------------------------------------------
TEST_CASE("#55 French Regulars: two Regulars at Québec, with the 1755 set-aside leaders the first time") {
  json j = position_to_play("french", {55, 5}, "full_campaign");
  for (const char* id : {"fr_montcalm", "fr_levis", "fr_bougainville"}) place(j, id, "set_aside");
  place(j, "br_reg_15th", "louisbourg");  // Louisbourg holds British units
  Game g(j);
  g.play("french", 55);
  const auto actions = g.actions("french");
  CHECK(lists(actions, "place", "quebec"));
  CHECK_FALSE(lists(actions, "place", "louisbourg"));
  g.act("french", "place", "quebec");
  CHECK_FALSE(g.s.event);
  for (const char* id : {"fr_montcalm", "fr_levis", "fr_bougainville", "fr_reg_2_berry", "fr_reg_3_berry"})
    CHECK(at(g.s, id) == sp("quebec"));
  CHECK(g.s.player(Side::french).regulars_event_this_season);
}

TEST_CASE("#56 French Regulars: not after Quiberon Bay, nor with British units in both ports") {
  json j = position_to_play("french", {56, 5});
  Game g(j);
  CHECK(g.may_play("french", 56));
  g.s.year_track.quiberon_bay = true;
  CHECK_FALSE(g.may_play("french", 56));

  json blocked = position_to_play("french", {56, 5});
  place(blocked, "br_reg_15th", "quebec");
  place(blocked, "br_reg_17th", "louisbourg");
  Game g2(blocked);
  CHECK_FALSE(g2.may_play("french", 56));
}

TEST_CASE("#68 French Regulars: a second French Regulars event in one season is not playable") {
  json j = position_to_play("french", {68, 5}, "full_campaign");
  j["players"]["french"]["regulars_event_this_season"] = true;
  Game g(j);
  CHECK_FALSE(g.may_play("french", 68));
}

// --- #60, #61, #63 Highlanders ----------------------------------------------------------------------------
TEST_CASE("#60 Highlanders: two leaders and four Highlanders enter at British ports") {
  json j = position_to_play("british", {60, 5});
  place(j, "br_murray", "british_leader_pool");
  place(j, "br_wolfe", "british_leader_pool");
  Game g(j);
  g.play("british", 60);
  REQUIRE(g.s.event);
  CHECK(g.s.event->pieces.size() == 6);
  for (int i = 0; i < 6; ++i) g.act("british", "place", "new_york");
  CHECK_FALSE(g.s.event);
  CHECK(at(g.s, "br_murray") == sp("new_york"));
  CHECK(at(g.s, "br_wolfe") == sp("new_york"));
  const std::vector<std::string> highlanders = {"br_hl_1_42nd", "br_hl_2_42nd", "br_hl_77th_a",
                                                "br_hl_77th_b", "br_hl_78th_a", "br_hl_78th_b"};
  CHECK(count_where(g.s, highlanders, LocationKind::space) == 4);
}

TEST_CASE("#61 Highlanders: one leader and one Highlander; not before Pitt or 1759") {
  json j = position_to_play("british", {61, 5});
  place(j, "br_murray", "british_leader_pool");
  Game g(j);
  g.play("british", 61);
  g.act("british", "place", "boston");
  g.act("british", "place", "boston");
  CHECK_FALSE(g.s.event);
  CHECK(at(g.s, "br_hl_1_42nd") == sp("boston"));

  json early = position_to_play("british", {61, 5}, "full_campaign");
  Game g1755(early);
  CHECK_FALSE(g1755.may_play("british", 61));
}

TEST_CASE("#63 Highlanders: playable once William Pitt is in") {
  json j = position_to_play("british", {63, 5}, "full_campaign");
  Game g(j);
  CHECK_FALSE(g.may_play("british", 63));
  g.s.year_track.william_pitt = true;
  CHECK(g.may_play("british", 63));
}

// --- #65 Royal Americans ----------------------------------------------------------------------------------
TEST_CASE("#65 Royal Americans: up to four at Department fortresses, Halifax excluded") {
  json j = position_to_play("british", {65, 5}, "full_campaign");
  place(j, "br_murray", "british_leader_pool");
  Game g(j);
  g.play("british", 65);
  auto actions = g.actions("british");
  CHECK(lists(actions, "place", "albany"));
  CHECK_FALSE(lists(actions, "place", "halifax"));
  CHECK_FALSE(actions.contains("done"));  // the leader must be placed
  g.act("british", "place", "albany");
  g.act("british", "place", "philadelphia");
  CHECK(g.actions("british").contains("done"));
  g.act("british", "done");
  CHECK_FALSE(g.s.event);
  CHECK(at(g.s, "br_ra_1_60th") == sp("philadelphia"));
  CHECK(where(g.s, "br_ra_2_60th") != LocationKind::space);
}

TEST_CASE("#65 Royal Americans: not playable without a British fortress in a Department") {
  json j = position_to_play("british", {65, 5}, "full_campaign");
  for (const char* f : {"albany", "boston", "new_haven", "new_york", "alexandria", "baltimore", "philadelphia"})
    j["fortresses"][f] = "french";
  Game g(j);
  CHECK_FALSE(g.may_play("british", 65));
}

// --- #54 Light Infantry -----------------------------------------------------------------------------------
TEST_CASE("#54 Light Infantry: a leader and two Light Infantry at British fortresses") {
  json j = position_to_play("british", {54, 5});
  place(j, "br_murray", "british_leader_pool");
  Game g(j);
  g.play("british", 54);
  auto actions = g.actions("british");
  CHECK(lists(actions, "place", "halifax"));
  CHECK(lists(actions, "place", "albany"));
  CHECK_FALSE(lists(actions, "place", "kinderhook"));
  g.act("british", "place", "halifax");
  g.act("british", "place", "albany");
  g.act("british", "place", "albany");
  CHECK_FALSE(g.s.event);
  CHECK(at(g.s, "br_li_1_95th") == sp("albany"));
  CHECK(at(g.s, "br_li_2_95th") == sp("albany"));
}

TEST_CASE("#54 Light Infantry: without an unbesieged British fortress nothing enters (5.522)") {
  json j = position_to_play("british", {54, 5});
  place(j, "br_murray", "british_leader_pool");
  for (const char* f :
       {"albany", "boston", "new_haven", "new_york", "alexandria", "baltimore", "philadelphia", "halifax"})
    j["fortresses"][f] = "french";
  Game g(j);
  g.play("british", 54);
  CHECK_FALSE(g.s.event);
  CHECK(where(g.s, "br_murray") == LocationKind::british_leader_pool);
}

// --- #66 Acadians Expelled --------------------------------------------------------------------------------
TEST_CASE("#66 Acadians Expelled: Regulars at Halifax, a French Coureurs, French restores") {
  json j = position_to_play("british", {66, 5}, "full_campaign");
  place(j, "fr_coureurs_marin", "crown_point", true);
  place(j, "fr_militia_1", "militia_box_st_lawrence", true);
  Game g(j);
  g.play("british", 66);
  CHECK(at(g.s, "br_reg_15th") == sp("halifax"));
  CHECK(at(g.s, "br_reg_17th") == sp("halifax"));
  REQUIRE(g.s.event);
  CHECK(g.s.active == Side::french);
  CHECK(lists(g.actions("french"), "place", "louisbourg"));
  g.act("french", "place", "louisbourg");
  CHECK_FALSE(g.s.event);
  CHECK(at(g.s, "fr_coureurs_boishebert_acadian") == sp("louisbourg"));
  CHECK_FALSE(g.s.piece(pc("fr_coureurs_marin")).reduced);
  CHECK_FALSE(g.s.piece(pc("fr_militia_1")).reduced);
  CHECK(g.s.active == Side::french);  // the British play is over: the French Action Phase
}

TEST_CASE("#66 Acadians Expelled: British units in both French ports skip the Coureurs, not the restores") {
  json j = position_to_play("british", {66, 5}, "full_campaign");
  place(j, "br_reg_40th", "quebec");
  place(j, "br_reg_45th", "louisbourg");
  place(j, "fr_reg_bearn", "halifax");  // Halifax enemy-occupied: no Regulars either (5.522)
  place(j, "fr_militia_1", "militia_box_st_lawrence", true);
  Game g(j);
  g.play("british", 66);
  CHECK_FALSE(g.s.event);
  CHECK(where(g.s, "br_reg_15th") == LocationKind::unused);
  CHECK(where(g.s, "fr_coureurs_boishebert_acadian") == LocationKind::unused);
  CHECK_FALSE(g.s.piece(pc("fr_militia_1")).reduced);
}

}  // namespace events_reinforcements_test
