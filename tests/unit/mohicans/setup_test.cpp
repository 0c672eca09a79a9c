// SETTING UP and Deployment: the counters the rulebook places, and every choice it leaves to the
// players, played through the legality check.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/core/game.hpp"
#include "engine/mohicans/queries.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;

namespace {

bool on(const State& s, const char* unit_id, const char* location_id) {
  const UnitState& u = s.unit(unit(unit_id));
  return u.where == UnitWhere::map && u.at == location(location_id);
}

}  // namespace

TEST_CASE("the set-up places the rulebook's counters and fort markers") {
  Game g;
  const State& s = g.s();
  CHECK(on(s, "fr_gar_quebec", "quebec"));
  CHECK(on(s, "fr_gar_louisbourg", "louisbourg"));
  CHECK(on(s, "fr_tdm_1", "ft_duquesne"));
  CHECK(on(s, "br_reg_40", "ft_lawrence"));
  CHECK(on(s, "br_mil_albany", "albany"));
  CHECK(on(s, "tr_sauk", "sauk"));
  CHECK_FALSE(s.unit(unit("tr_sauk")).activated);  // tribes begin face down
  CHECK(s.unit(unit("br_reg_44")).where == UnitWhere::awaiting);
  CHECK(s.unit(unit("br_col_60_1")).where == UnitWhere::force_pool);
  CHECK(s.unit(unit("iro_mohawk_fr")).where == UnitWhere::off_map);
  CHECK(s.location(location("ft_duquesne")).fort == Side::french);
  CHECK(s.location(location("albany")).fort == Side::british);
  CHECK_FALSE(s.location(location("ft_carillon")).fort);  // a shovel fort, from 1756
  CHECK_FALSE(s.location(location("quebec")).fort);       // permanently fortified: no marker
  CHECK(s.location(location("mohawk")).owner == Owner::iroquois);
  CHECK(s.location(location("sauk")).owner == Owner::native);
}

TEST_CASE("the French place their first Coureur at Le Detroit, Ft. Vincennes or Montreal") {
  Game g;
  REQUIRE(g.stage() == Stage::setup_coureur);
  CHECK(g.active() == "french");
  CHECK(g.actions("british").empty());
  auto places = args_of(g.actions("french"), "location");
  std::sort(places.begin(), places.end());
  CHECK(places == std::vector<std::string>{"ft_vincennes", "le_detroit", "montreal"});
  CHECK(g.try_act("french", "location", "quebec").has_value());
  CHECK(g.try_act("british", "location", "montreal").has_value());
  CHECK(g.try_act("french", "location", 3).has_value());
  CHECK(g.stage() == Stage::setup_coureur);  // refusals change nothing
  g.act("french", "location", "ft_vincennes");
  CHECK(on(g.s(), "fr_cdb_langlade", "ft_vincennes"));
  CHECK(g.stage() == Stage::setup_coureurs_on_tribes);
}

TEST_CASE("three Coureurs go one at a time to villages with a tribe, which they activate") {
  Game g;
  g.act("french", "location", "montreal");
  const auto villages = args_of(g.actions("french"), "location");
  CHECK(villages.size() == 24);  // every green tribe; never an Iroquois village
  CHECK(std::find(villages.begin(), villages.end(), "mohawk") == villages.end());
  CHECK(std::find(villages.begin(), villages.end(), "cherokee") == villages.end());  // a village without a counter
  g.act("french", "location", "sauk");
  CHECK(on(g.s(), "fr_cdb_joncaire", "sauk"));
  CHECK(g.s().unit(unit("tr_sauk")).activated);
  const auto after = args_of(g.actions("french"), "location");
  CHECK(after.size() == 23);
  CHECK(std::find(after.begin(), after.end(), "sauk") == after.end());  // its tribe is active already
  g.act("french", "location", "fox");
  CHECK(g.stage() == Stage::setup_coureurs_on_tribes);
  g.act("french", "location", "huron");
  CHECK(on(g.s(), "fr_cdb_boishebert", "huron"));
  CHECK(g.s().unit(unit("tr_huron")).activated);
  CHECK(g.stage() == Stage::setup_sea_lift);
  CHECK(g.active() == "british");
}

TEST_CASE("the British put the Sea Lift in a port they hold") {
  Game g;
  g.act("french", "location", "montreal");
  for (const char* village : {"sauk", "fox", "huron"}) g.act("french", "location", village);
  const auto ports = args_of(g.actions("british"), "location");
  CHECK(ports.size() == 14);
  for (const auto& id : ports) {
    const Location& l = game_data().location(location(id.c_str()));
    CHECK((l.port && l.owner == Owner::british));
  }
  CHECK(g.try_act("british", "location", "louisbourg").has_value());  // a French port
  CHECK(g.try_act("british", "location", "albany").has_value());      // not a port
  g.act("british", "location", "halifax");
  CHECK(g.s().naval.sea_lift_at == location("halifax"));
  CHECK(g.s().row >= first_turn_row());
  CHECK_FALSE(g.s().setup.has_value());
}

TEST_CASE("unknown scenarios and options are refused at set-up") {
  const auto module = make_mohicans();
  CHECK_THROWS_AS(module->setup("annus_mirabilis", json::object(), 1), warpath::engine::SetupError);
  CHECK_THROWS_AS(module->setup("campaign", {{"bid", 3}}, 1), warpath::engine::SetupError);
  CHECK_THROWS_AS(module->setup("campaign", {{"d6_combat", "yes"}}, 1), warpath::engine::SetupError);
  auto with_d6 = module->setup("campaign", {{"d6_combat", true}}, 1);
  CHECK(dynamic_cast<const State&>(*with_d6).options.d6_combat);
  CHECK(module->info().options.size() == 2);
}

TEST_CASE("shovel forts appear at the start of their year unless the other side holds the place") {
  Game g;
  g.finish_setup();
  // The French took William-Henry before 1756.
  State taken = g.s();
  taken.location(location("william_henry")).owner = Owner::french;
  Game h(taken);
  h.step_until([](const Game& x) { return x.s().turn_info().year == 1756; });
  CHECK(h.s().location(location("ft_necessity")).fort == Side::british);  // 1755
  CHECK(h.s().location(location("ft_carillon")).fort == Side::french);    // 1756 (ambiguity 13)
  CHECK_FALSE(h.s().location(location("william_henry")).fort);
  g.step_until([](const Game& x) { return x.s().turn_info().year == 1756; });
  CHECK(g.s().location(location("william_henry")).fort == Side::british);
}
