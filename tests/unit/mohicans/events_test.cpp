// The rule event counters of the playout reports (engine/mohicans/rule_events.hpp): a rule played
// through the legality check counts itself once, at the place it happens, and the counters are
// part of the position (its JSON, its equality) and of the module's report.
#include <doctest/doctest.h>

#include "engine/mohicans/rule_events.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;

namespace {

int count(const Game& g, const char* name) { return g.s().rule_events.count(name); }

}  // namespace

TEST_CASE("Rule events: a battle counts once, with its attacker, terrain and volleys") {
  State s = at_british_movement(3);
  stage_battle(s, "ft_niagara", {"fr_tdm_1", "fr_cdb_marin", "br_reg_44", "br_reg_48", "br_rng_rogers"});
  Game g(s);
  const int battles = count(g, "battles"), british = count(g, "battles_british_attack");
  const int clear = count(g, "battles_clear"), volleys = count(g, "volleys");
  g.act("british", "done");
  REQUIRE(g.stage() == Stage::combat);
  CHECK(count(g, "battles") == battles);  // the battle is chosen, not yet fought
  g.act("british", "location", "ft_niagara");
  CHECK(count(g, "battles") == battles + 1);
  CHECK(count(g, "battles_british_attack") == british + 1);
  CHECK(count(g, "battles_clear") == clear + 1);  // a fort makes it Clear
  CHECK(count(g, "volleys") == volleys + 2);      // the first round: both sides fire
  CHECK(g.module->rule_events(g.match.state()) == g.s().rule_events.to_json());
}

TEST_CASE("Rule events: a siege roll counts once, and the position keeps its counters through JSON") {
  State s = quebec_under_siege();
  Game g(s);
  const int rolled = count(g, "sieges_rolled"), renewed = count(g, "battles_renewed_assault");
  g.act("british", "done");
  g.act("british", "location", "quebec");
  CHECK(count(g, "battles_renewed_assault") == renewed + 1);  // a siege from before: straight to the assault
  CHECK(count(g, "sieges_rolled") == rolled);
  g.act("british", "stop");  // the assault called off keeps the siege, rolled at the turn's end
  CHECK(count(g, "assaults_called_off") >= 1);
  CHECK(count(g, "sieges_rolled") == rolled + 1);
  CHECK(count(g, "sieges_taken") + count(g, "sieges_held") + count(g, "siege_ties") >= 1);

  const json saved = g.s().to_json();
  CHECK(saved.at("rule_events").at("sieges_rolled") == rolled + 1);
  const State loaded = State::from_json(saved);
  CHECK(loaded == g.s());
  CHECK(loaded.rule_events.count("sieges_rolled") == rolled + 1);
  State changed = loaded;
  ++changed.rule_events["sieges_rolled"];
  CHECK_FALSE(changed == loaded);  // the counters are part of the position
  json bad = saved;
  bad["rule_events"]["sieges_rolled"] = "one";
  CHECK_THROWS_AS(State::from_json(bad), std::invalid_argument);
}

TEST_CASE("Rule events: a group's step counts as a move by its line; picking a stack counts nothing") {
  Game g(5);
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.s().active == Side::french; });
  const State start = g.s();
  auto moves = [](const Game& x) {
    return count(x, "moves_by_road") + count(x, "moves_by_trail") + count(x, "moves_by_river_or_coast") +
           count(x, "moves_by_lake");
  };
  auto groups = [](const Game& x) {
    return count(x, "groups_regular") + count(x, "groups_irregular") + count(x, "groups_iroquois_paid");
  };
  const auto stacks = args_of(g.actions(), "location");
  REQUIRE_FALSE(stacks.empty());
  bool stepped = false;
  for (const auto& stack : stacks) {  // the first stack that can step somewhere
    Game t(start);
    t.play("location", stack);
    CHECK(moves(t) == moves(g));
    const auto to = args_of(t.actions(), "location");
    if (to.empty()) continue;
    t.play("location", to.front());
    CHECK(moves(t) == moves(g) + 1);
    CHECK(groups(t) == groups(g) + 1);  // the group's activation, at its first step
    stepped = true;
    break;
  }
  CHECK(stepped);
}

TEST_CASE("Rule events: the French take Albany by movement and, holding Boston too, win at the next turn's start") {
  Game g(7);
  g.finish_setup();
  g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.active() == "french"; });
  State s = g.s();
  for (const char* place : {"johnston_hall", "albany", "boston"}) clear(s, place);
  s.location(location("boston")).owner = Owner::french;  // taken earlier, and empty
  put(s, "fr_tdm_1", "johnston_hall");
  put(s, "fr_tdm_2", "johnston_hall");
  Game h(s);
  const int wins = h.s().rule_events.count("victory_french_objectives_turn_start");
  h.play("location", "johnston_hall");
  h.play("location", "albany");  // a road into the empty British town
  h.play("stop");
  h.play("done");  // the end of the French movement: Albany, held by their units alone, is theirs
  CHECK(h.s().location(location("albany")).owner == Owner::french);
  CHECK(h.s().rule_events.count("places_taken_in_movement") > g.s().rule_events.count("places_taken_in_movement"));
  h.step_until([](const Game& x) { return x.match.is_over(); });
  REQUIRE(h.match.result());
  CHECK(h.match.result()->winner == "french");
  CHECK(h.s().turn == 1);  // VICTORY CONDITIONS: at the start of 1755's first turn
  CHECK(h.s().rule_events.count("victory_french_objectives_turn_start") == wins + 1);
  CHECK(log_has(h, "holds its objectives at the start of a turn"));
}
