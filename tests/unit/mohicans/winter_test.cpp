// VI. WINTER: militia home, promotions, supply, Indians home (and the French save), raid markers.
// Each position is the end of 1754's British movement, edited; the British end their movement and
// winter follows (no battle stands, so combat and sieges are skipped).
#include <doctest/doctest.h>

#include "engine/mohicans/queries.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;

namespace {

State before_winter(const json& options = json::object()) {
  Game g(1, options);
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "british"; });
  REQUIRE(g.s().turn == 0);
  return g.s();
}

void place(State& s, const char* u, const char* l) { put_on_map(s, unit(u), location(l)); }
UnitWhere where(const Game& g, const char* u) { return g.s().unit(unit(u)).where; }

}  // namespace

TEST_CASE("Winter: militia go home, or to the nearest friendly place when the enemy holds home") {
  State s = before_winter();
  place(s, "br_mil_albany", "ft_george");
  place(s, "fr_mil_montreal_1", "ft_frontenac");
  place(s, "br_mil_johnston_hall", "albany");
  s.location(location("johnston_hall")).owner = Owner::french;
  Game g(s);
  g.act("british", "done");
  CHECK(g.stage() == Stage::naval_war);  // winter had nothing to ask
  CHECK(at(g, "br_mil_albany") == location("albany"));
  CHECK(at(g, "fr_mil_montreal_1") == location("montreal"));
  // Johnstown's neighbours Albany and Ft. Stanwix are both British, one step away: a die decides.
  const LocationIndex jh = at(g, "br_mil_johnston_hall");
  CHECK((jh == location("albany") || jh == location("ft_stanwix")));
  CHECK(log_has(g, "goes home from Ft. George to Albany"));
}

TEST_CASE("Promotions: one militia that won a battle becomes a pool counter; the French may decline") {
  State s = before_winter();
  s.promotable[index_of(Side::french)] = {unit("fr_mil_quebec_1")};
  s.promotable[index_of(Side::british)] = {unit("br_mil_albany"), unit("br_mil_boston")};
  Game g(s);
  g.act("british", "done");
  REQUIRE(g.stage() == Stage::winter);
  CHECK(g.active() == "french");
  CHECK(args_of(g.actions(), "unit") == std::vector<std::string>{"fr_mil_quebec_1"});
  g.act("french", "done");
  CHECK(g.active() == "british");
  CHECK(args_of(g.actions(), "unit") == std::vector<std::string>{"br_mil_albany", "br_mil_boston"});
  CHECK(g.try_act("british", "unit", "br_mil_new_york").has_value());  // won no battle
  g.act("british", "unit", "br_mil_albany");
  check_round_trip(g);
  const auto counters = args_of(g.actions(), "unit");
  CHECK(counters.size() == 12);  // 9 Colonial Regulars and 3 Rangers in the pool
  CHECK(g.try_act("british", "unit", "fr_tdm_2").has_value());
  g.act("british", "unit", "br_col_virginia");
  CHECK(at(g, "br_col_virginia") == location("albany"));
  CHECK(where(g, "br_mil_albany") == UnitWhere::force_pool);
  CHECK(where(g, "fr_mil_quebec_1") == UnitWhere::map);
  CHECK(g.stage() == Stage::naval_war);
  CHECK(g.s().promotable[0].empty());
  CHECK(g.s().promotable[1].empty());
}

TEST_CASE("Promotions: with Historical Reinforcements a counter listed for a later year cannot be promoted into") {
  State s = before_winter({{"historical_reinforcements", true}});
  s.promotable[index_of(Side::british)] = {unit("br_mil_albany")};
  Game g(s);
  g.act("british", "done");
  g.act("british", "unit", "br_mil_albany");
  const auto counters = args_of(g.actions(), "unit");
  // The 60th (1756) and the three Rangers (1757, 1758) wait for their years; five colonials remain.
  CHECK(counters.size() == 5);
  CHECK(g.try_act("british", "unit", "br_rng_rogers").has_value());
  CHECK(g.try_act("british", "unit", "br_col_60_1").has_value());
  g.act("british", "unit", "br_col_50");
  CHECK(at(g, "br_col_50") == location("albany"));
}

TEST_CASE("Supply: units that cannot trace a line to a base, or winter in the wild, starve") {
  State s = before_winter();
  place(s, "br_reg_44", "ft_ligonier");  // fort; road to Carlisle and on to Philadelphia
  place(s, "br_reg_48", "cherokee");     // an empty green village with no road: starves
  place(s, "br_reg_47", "halifax");      // a seaport needs no line
  place(s, "br_col_virginia", "ft_ligonier");
  place(s, "br_rng_rogers", "cherokee");  // Rangers have no restriction
  // Taken earlier: the end of the British movement captures nothing (no Great Victory to adjust).
  s.location(location("cherokee")).owner = Owner::british;
  Game g(s);
  g.act("british", "done");
  REQUIRE(g.stage() == Stage::naval_war);
  CHECK(at(g, "br_reg_44") == location("ft_ligonier"));
  CHECK(where(g, "br_reg_48") == UnitWhere::removed);
  CHECK(at(g, "br_reg_47") == location("halifax"));
  CHECK(at(g, "br_col_virginia") == location("ft_ligonier"));
  CHECK(at(g, "br_rng_rogers") == location("cherokee"));
  CHECK(at(g, "fr_tdm_1") == location("ft_duquesne"));  // the French start in supply
  CHECK(log_has(g, "starves at Cherokee"));

  // Carlisle taken: Ligonier's only road is cut, its trails lead to no friendly fort.
  s.location(location("carlisle")).owner = Owner::french;
  Game cut(s);
  cut.act("british", "done");
  CHECK(where(cut, "br_reg_44") == UnitWhere::removed);
  CHECK(where(cut, "br_col_virginia") == UnitWhere::force_pool);  // colonials go back to the pool
}

TEST_CASE("Supply: a British Quebec is a supplied seaport only while Louisbourg is not French") {
  State s = before_winter();
  for (const char* u : {"fr_gar_quebec", "fr_mil_quebec_1"}) s.unit(unit(u)) = UnitState{UnitWhere::force_pool};
  s.location(location("quebec")).owner = Owner::british;
  place(s, "br_reg_44", "quebec");
  Game french_louisbourg(s);
  french_louisbourg.act("british", "done");
  CHECK(where(french_louisbourg, "br_reg_44") == UnitWhere::removed);

  s.location(location("louisbourg")).owner = Owner::british;
  Game british_louisbourg(s);
  british_louisbourg.act("british", "done");
  CHECK(at(british_louisbourg, "br_reg_44") == location("quebec"));
}

TEST_CASE("Winter: Indians without a Coureur go home; the French may save one whose village the enemy holds") {
  State s = before_winter();
  place(s, "tr_shawnee", "ft_des_miamis");
  place(s, "fr_cdb_joncaire", "ft_vincennes");
  place(s, "tr_illinois", "ft_vincennes");
  place(s, "tr_micmac_e", "louisbourg");
  place(s, "tr_micmac_w", "louisbourg");
  s.location(location("micmac_e")).owner = Owner::british;
  s.location(location("micmac_w")).owner = Owner::british;
  Game g(s);
  g.act("british", "done");
  REQUIRE(g.stage() == Stage::winter);
  CHECK(g.active() == "french");
  CHECK(at(g, "tr_shawnee") == location("shawnee"));
  CHECK(at(g, "tr_illinois") == location("ft_vincennes"));  // with a Coureur
  CHECK(args_of(g.actions(), "unit") == std::vector<std::string>{"tr_micmac_e", "tr_micmac_w"});
  CHECK(g.actions().contains("done"));
  g.act("french", "unit", "tr_micmac_w");
  check_round_trip(g);
  CHECK(args_of(g.actions(), "location") == std::vector<std::string>{"montreal", "quebec"});
  CHECK(g.try_act("french", "location", "louisbourg").has_value());
  g.act("french", "location", "quebec");
  CHECK(at(g, "tr_micmac_w") == location("quebec"));
  CHECK(where(g, "tr_micmac_e") == UnitWhere::removed);
  CHECK(g.stage() == Stage::naval_war);
}

TEST_CASE("Winter: every full five raid markers are a French Great Victory; all markers are removed") {
  State s = before_winter();
  int marked = 0;
  for (const char* l : {"albany", "boston", "new_york", "philadelphia", "trenton", "hartford", "salem"}) {
    s.location(location(l)).raided = true;
    ++marked;
  }
  REQUIRE(marked == 7);
  s.great_victories = {0, 0};
  Game g(s);
  g.act("british", "done");
  CHECK(g.s().great_victories[index_of(Side::french)] == 1);
  for (const auto& l : g.s().locations) CHECK_FALSE(l.raided);
  CHECK(log_has(g, "7 raid markers removed (1 Great Victory for the French)"));
}
