// IV. COMBAT and V. SIEGES: battles set up by editing a State after the set-up (movement is not
// built here), then played through the legality check. Dice outcomes are checked against the
// state's Rng replayed by hand.
#include <doctest/doctest.h>

#include <fstream>
#include <set>

#include "engine/core/rng.hpp"
#include "engine/mohicans/combat.hpp"
#include "engine/mohicans/queries.hpp"
#include "tests/unit/mohicans/game.hpp"
#include "tests/unit/schema_checker.hpp"

using namespace moh_test;
using warpath::engine::Rng;

namespace {

const warpath::test::SchemaChecker& view_schema() {
  static const warpath::test::SchemaChecker checker = [] {
    std::ifstream file(MOHICANS_VIEW_SCHEMA);
    REQUIRE(file.good());
    return warpath::test::SchemaChecker(json::parse(file));
  }();
  return checker;
}

// The state survives its JSON and its views follow the schema. The sanitizer build (~10x slower)
// checks the views at every fourth position it is given, the release build at every one.
void check_position(const Game& g) {
  CHECK(State::from_json(g.s().to_json()) == g.s());
#ifdef WARPATH_SANITIZED_BUILD
  static int positions = 0;
  if (positions++ % 4 != 0) return;
#endif
  for (const char* seat : {"french", "british", "spectator"}) CHECK(view_schema().check(g.match.view(seat)).empty());
}

// Decides by the first listed action (never `retreat`/`stop`/`surrender` while something else is
// listed) until the combat stage ends; checks every position on the way.
void play_out_combat(Game& g, int limit = 300) {
  for (int i = 0; i < limit && g.stage() == Stage::combat; ++i) {
    check_position(g);
    const json listed = g.actions();
    REQUIRE(!listed.empty());
    std::string pick;
    for (const char* preferred : {"done", "stay", "assault", "hold", "pass", "capture", "unit", "location"})
      if (listed.contains(preferred)) {
        pick = preferred;
        break;
      }
    if (pick.empty()) pick = listed.items().begin().key();
    const json& args = listed[pick];
    g.play(pick, args.is_array() ? args[0] : json(nullptr));
  }
  REQUIRE(g.stage() != Stage::combat);
}

std::vector<std::string> log_texts(const State& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.log.size(); ++i) out.push_back(s.log[i].text);
  return out;
}

std::string line_starting(const State& s, const std::string& prefix, std::size_t from = 0) {
  const auto texts = log_texts(s);
  for (std::size_t i = from; i < texts.size(); ++i)
    if (texts[i].rfind(prefix, 0) == 0) return texts[i];
  return "";
}

// The faces the custom dice show for rolls of the Rng: white 3 blank, 2 hit, 1 kill; black 2 blank,
// 2 hit, 1 double hit, 1 kill.
struct Results {
  int hits = 0, kills = 0;
};
Results roll_pool(Rng& rng, int white, int black) {
  Results r;
  for (int i = 0; i < white; ++i) {
    const int d = rng.roll(6);
    r.hits += (d == 4 || d == 5) ? 1 : 0;
    r.kills += d == 6 ? 1 : 0;
  }
  for (int i = 0; i < black; ++i) {
    const int d = rng.roll(6);
    r.hits += (d == 3 || d == 4) ? 1 : d == 5 ? 2 : 0;
    r.kills += d == 6 ? 1 : 0;
  }
  return r;
}

}  // namespace

TEST_CASE("Ambushes: the Battle of the Monongahela — French Irregulars in Woods ambush a column without Irregulars") {
  int ambushes = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    State s = at_british_movement(seed);
    // Ft. Venango is a French town in Woods: Langlade and four tribes against two British regulars,
    // a colonial regular and a militia (the rulebook's example: 5 defending units, 4 attacking).
    stage_battle(s, "ft_venango",
                 {"fr_cdb_langlade", "tr_ottawa_e", "tr_shawnee", "tr_delaware_w", "tr_mingo_s", "br_reg_44",
                  "br_reg_48", "br_col_virginia", "br_mil_williamsbourg"});
    Rng rng = s.rng;
    Game g(s);
    g.act("british", "done");  // the British movement ends: the combat stage
    REQUIRE(g.stage() == Stage::combat);
    REQUIRE(args_of(g.actions("british"), "location") == std::vector<std::string>{"ft_venango"});
    CHECK(g.try_act("french", "location", "ft_venango"));  // the attacker chooses
    g.act("british", "location", "ft_venango");
    const auto& c = *g.s().combat;
    CHECK(c.attacker == Side::british);
    CHECK(c.terrain == Terrain::woods);
    // The ambush roll: a d6 +4 because no attacking unit is Irregular; 6 or more succeeds.
    const int die = rng.roll(6);
    const bool ambush = die + 4 >= 6;
    CHECK(c.ambush == ambush);
    CHECK(line_starting(g.s(), "Ambush roll") == "Ambush roll " + std::to_string(die) +
                                                     "+4 = " + std::to_string(die + 4) +
                                                     (ambush ? ": an Ambush." : ": no Ambush."));
    if (!ambush) continue;
    ++ambushes;
    // The defender fires first: 5 white dice (one per unit; Woods, no swap) and the Ambush's extra black.
    const Results french = roll_pool(rng, 5, 1);
    const std::string fire = line_starting(g.s(), "the French fire");
    CHECK(fire.find(" 5 white (") != std::string::npos);
    CHECK(fire.find(" 1 black (") != std::string::npos);
    CHECK(fire.find(": " + std::to_string(french.hits) + " hit(s), " + std::to_string(french.kills) + " kill(s).") !=
          std::string::npos);
    // The French place the British losses (B: the defender chooses in an Ambush); the British have no marker.
    const int losses = french.hits + french.kills;
    if (losses > 0) {
      CHECK(g.active() == "french");
      CHECK(g.s().combat->losses[1].by_enemy);
      CHECK(g.try_act("british", "unit", "br_reg_44"));
      // Woods: a Regular takes the first hit, so the militia may not.
      if (french.kills == 0) CHECK(g.try_act("french", "unit", "br_mil_williamsbourg"));
    }
    // Before the British fire back, every French loss is on a British unit.
    play_out_combat(g);
    const std::string british_fire = line_starting(g.s(), "the British fire");
    if (!british_fire.empty()) CHECK(british_fire.find(" black") == std::string::npos);  // no swap in Woods
  }
  CHECK(ambushes > 5);
}

TEST_CASE("Terrain: a fort makes the battle Clear; a side with Regulars swaps one white die for a black one") {
  State s = at_british_movement(3);
  stage_battle(s, "ft_niagara", {"fr_tdm_1", "fr_cdb_marin", "br_reg_44", "br_reg_48", "br_rng_rogers"});
  Rng rng = s.rng;
  Game g(s);
  g.act("british", "done");
  g.act("british", "location", "ft_niagara");
  REQUIRE(g.s().combat);
  CHECK(g.s().combat->terrain == Terrain::clear);
  CHECK(g.s().combat->ambush == false);  // Clear: no ambush roll
  // C: an Irregular cannot go inside a fort (not a victory place), so the French cannot withdraw.
  CHECK(g.s().combat->step != CombatStep::withdraw);
  const Results british = roll_pool(rng, 2, 1);  // 3 units, Regulars: 2 white + 1 black
  const Results french = roll_pool(rng, 1, 1);   // 2 units with a Troupe de la Marine: 1 white + 1 black
  const std::string bf = line_starting(g.s(), "the British fire"), ff = line_starting(g.s(), "the French fire");
  CHECK(bf.find(" 2 white (") != std::string::npos);
  CHECK(bf.find(" 1 black (") != std::string::npos);
  CHECK(ff.find(" 1 white (") != std::string::npos);
  CHECK(ff.find(" 1 black (") != std::string::npos);
  // The Walls marker takes the first two British results.
  const int absorbed = std::min(2, british.hits + british.kills);
  CHECK(g.s().combat->marker == 2 - absorbed);
  CHECK(ff.find(": " + std::to_string(french.hits) + " hit(s), " + std::to_string(french.kills) + " kill(s).") !=
        std::string::npos);
  play_out_combat(g);
}

TEST_CASE("Withdrawal inside Fortifications: a fort holds 4 life points; an unassaulted fort wins the battle") {
  State s = at_british_movement(5);
  stage_battle(s, "ft_duquesne", {"fr_tdm_1", "fr_tdm_2", "br_reg_44", "br_reg_48"});
  Game g(s);
  g.act("british", "done");
  g.act("british", "location", "ft_duquesne");
  REQUIRE(g.s().combat->step == CombatStep::withdraw);
  CHECK(g.actions("french").contains("stay"));
  CHECK(g.actions("french").contains("withdraw"));
  g.act("french", "withdraw");
  CHECK(g.s().combat->inside.size() == 2);
  CHECK(g.s().combat->assault);
  CHECK(g.actions("british").contains("assault"));
  CHECK(g.actions("british").contains("stop"));
  g.act("british", "stop");  // F: a fortification not assaulted wins
  play_out_combat(g);        // the British retreat
  CHECK(units_at(g.s(), location("ft_duquesne")).size() == 2);
  CHECK(g.s().unit(unit("br_reg_44")).at != location("ft_duquesne"));
  CHECK(g.s().unit(unit("br_reg_44")).at == g.s().unit(unit("br_reg_48")).at);
  // two Regulars on each side (the Iroquois adjustment then spends it)
  CHECK(!line_starting(g.s(), "A Great Victory for the French.").empty());
  const std::string victory = line_starting(g.s(), "the French win the battle of Ft. Duquesne");
  CHECK(!victory.empty());

  // Three Troupes de la Marine (6 life points) do not fit in a fort that is not a victory place.
  State t = at_british_movement(5);
  stage_battle(t, "ft_niagara", {"fr_tdm_1", "fr_tdm_2", "fr_tdm_3", "br_reg_44"});
  Game h(t);
  h.act("british", "done");
  h.act("british", "location", "ft_niagara");
  CHECK(h.s().combat->step != CombatStep::withdraw);
}

TEST_CASE("Assault rounds: surrender and burning the fort; a battle won with 2 Regulars a side is a Great Victory") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    CAPTURE(seed);
    State s = at_british_movement(seed);
    stage_battle(s, "ft_duquesne",
                 {"fr_reg_bearn_2", "fr_reg_guyenne_2", "br_reg_44", "br_reg_48", "br_reg_40", "br_reg_45",
                  "br_mil_williamsbourg"});
    Game g(s);
    g.act("british", "done");
    g.act("british", "location", "ft_duquesne");
    g.act("french", "withdraw");
    g.act("british", "assault");
    // E: assaulting Militia do not fire in the first round: 4 Regulars roll 3 white + 1 black.
    CHECK(line_starting(g.s(), "the British fire").find(" 3 white (") != std::string::npos);
    for (int i = 0; i < 20 && g.stage() == Stage::combat && g.s().combat->step == CombatStep::allocate; ++i) g.step();
    if (g.s().combat->step == CombatStep::assault) {
      g.act("british", "assault");
      CHECK(g.actions("french").contains("surrender"));
      g.act("french", "surrender");
    }
    REQUIRE(g.s().combat->step == CombatStep::fort);
    CHECK(g.s().location(location("ft_duquesne")).owner == Owner::british);
    g.act("british", "burn");
    CHECK(!g.s().location(location("ft_duquesne")).fort);
    CHECK(g.s().forts_destroyed[1] == 1);
    CHECK(!line_starting(g.s(), "A Great Victory for the British.").empty());
    CHECK(side_units(g.s(), location("ft_duquesne"), Side::french).empty());
  }
}

TEST_CASE("Battles: the French choose their battles first, then the British theirs") {
  State s = at_british_movement(2);
  stage_battle(s, "albany", {"fr_tdm_1", "br_reg_44"});      // British-held: the French attack
  stage_battle(s, "ft_venango", {"fr_tdm_2", "br_reg_48"});  // French-held: the British attack
  stage_battle(s, "ft_niagara", {"fr_tdm_3", "br_reg_40"});  // French-held: the British attack
  Game g(s);
  g.act("british", "done");
  REQUIRE(g.stage() == Stage::combat);
  CHECK(args_of(g.actions("french"), "location") == std::vector<std::string>{"albany"});
  CHECK(!g.actions("british").contains("location"));
  g.act("french", "location", "albany");
  CHECK(g.s().combat->attacker == Side::french);
  // Albany's militia comes out of the pool to defend its home.
  CHECK(g.s().unit(unit("br_mil_albany")).at == location("albany"));
  for (int i = 0; i < 200 && g.s().combat && g.s().combat->battle != no_location; ++i) g.step();
  REQUIRE(g.stage() == Stage::combat);
  CHECK(args_of(g.actions("british"), "location") == std::vector<std::string>{"ft_niagara", "ft_venango"});
  g.act("british", "location", "ft_venango");
  play_out_combat(g);
  CHECK(contested_locations(g.s()).empty());
}

TEST_CASE("Hits allocation: no unit takes a second hit before each has one; a choice the rules forbid is refused") {
  State s = at_british_movement(9);
  // Clear, no fortification: no marker; two French regulars against two British.
  stage_battle(s, "chambly", {"fr_reg_bearn_2", "fr_reg_guyenne_2", "br_reg_44", "br_reg_48"});
  s.location(location("chambly")).fort.reset();
  Game g(s);
  g.act("british", "done");
  g.act("british", "location", "chambly");
  CHECK(g.s().combat->marker == 0);
  for (int i = 0; i < 200 && g.stage() == Stage::combat; ++i) {
    const auto& c = *g.s().combat;
    if (c.step == CombatStep::allocate) {
      // every listed unit is undamaged while an undamaged one remains
      const auto listed = args_of(g.actions(), "unit");
      bool any_full = false;
      for (const auto& id : listed) any_full |= !g.s().unit(unit(id.c_str())).damaged;
      for (const auto& id : listed)
        if (any_full) CHECK(!g.s().unit(unit(id.c_str())).damaged);
      CHECK(g.try_act(g.active(), "unit", "br_reg_40"));  // not in the battle
    }
    check_position(g);
    g.step();
  }
  CHECK(g.stage() != Stage::combat);
}

TEST_CASE("Sieges: a Spring assault that leaves defenders inside is a siege, rolled at 2d6 + units + bonuses") {
  int captures = 0, holds = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    CAPTURE(seed);
    State s = at_british_movement(seed, true);  // 1755 Spring
    s.location(location("ft_duquesne")).besieged = true;
    stage_battle(s, "ft_duquesne", {"fr_tdm_1", "fr_tdm_2", "br_reg_44", "br_reg_48", "br_reg_40"});
    Game g(s);
    g.act("british", "done");
    g.act("british", "location", "ft_duquesne");
    // A siege from before: straight to the assault; calling it off keeps the siege.
    CHECK(g.s().combat->assault);
    g.act("british", "stop");
    CHECK(g.s().location(location("ft_duquesne")).besieged == (g.stage() == Stage::sieges));
    const std::string line = line_starting(g.s(), "Siege of Ft. Duquesne");
    CHECK(!line.empty());
    check_position(g);
    for (int i = 0; i < 50 && g.stage() == Stage::sieges; ++i) {
      check_position(g);
      g.step();
    }
    if (g.s().location(location("ft_duquesne")).besieged)  // a tie: both took a hit, the siege goes on
      CHECK(contested(g.s(), location("ft_duquesne")));
    if (g.s().location(location("ft_duquesne")).owner == Owner::british) {
      ++captures;
      CHECK(side_units(g.s(), location("ft_duquesne"), Side::french).empty());
      CHECK(g.s().location(location("ft_duquesne")).fort == Side::british);
    } else {
      ++holds;
    }
  }
  CHECK(captures + holds == 10);
}

TEST_CASE("Sieges: a besieger left alone in the fortification takes it at the end of his movement, siege over") {
  // The French inside walked out in their movement: only the British besiegers are left.
  State s = at_british_movement(3, true);
  s.location(location("ft_duquesne")).besieged = true;
  stage_battle(s, "ft_duquesne", {"br_reg_44", "br_reg_48"});
  REQUIRE(s.location(location("ft_duquesne")).fort == Side::french);
  const int before = s.rule_events.count("sieges_taken_empty");
  Game g(s);
  g.act("british", "done");
  const LocationState& fort = g.s().location(location("ft_duquesne"));
  CHECK(fort.owner == Owner::british);
  CHECK(fort.fort == Side::british);
  CHECK_FALSE(fort.besieged);  // no siege roll at the turn's end, no assault of the British's own fort
  CHECK(g.s().rule_events.count("sieges_taken_empty") == before + 1);
  CHECK_FALSE(line_starting(g.s(), "The siege of Ft. Duquesne is over").empty());
  for (int i = 0; i < 200 && g.s().turn == 1; ++i) {
    CHECK(line_starting(g.s(), "Siege of Ft. Duquesne").empty());
    g.step();
  }
  CHECK(g.s().location(location("ft_duquesne")).owner == Owner::british);
}

TEST_CASE("Sieges: the siege roll's numbers follow the dice, the units and the defender's bonus") {
  State s = quebec_under_siege();
  Game g(s);
  g.act("british", "done");
  g.act("british", "location", "quebec");
  Rng rng = g.s().rng;
  g.act("british", "stop");
  const int b1 = rng.roll(6), b2 = rng.roll(6), d1 = rng.roll(6), d2 = rng.roll(6);
  // Besieger: 3 Regulars (the Ranger does not count); defender: garrison + militia, +2 Québec, +2 port.
  const std::string expected = "British roll " + std::to_string(b1) + "+" + std::to_string(b2) +
                               "+3 = " + std::to_string(b1 + b2 + 3) + ", the French roll " + std::to_string(d1) + "+" +
                               std::to_string(d2) + "+6 = " + std::to_string(d1 + d2 + 6) + ".";
  const std::string line = line_starting(g.s(), "Siege of Quebec");
  CHECK(line.find(expected) != std::string::npos);
}

TEST_CASE(
    "D6 Combat (optional): every unit rolls a d6, 6 or more with the chart's modifiers hits; the defender fires "
    "first") {
  State s = at_british_movement(6);
  s.options.d6_combat = true;
  stage_battle(s, "chambly", {"fr_reg_bearn_2", "fr_mil_chambly", "br_reg_44", "br_reg_48", "br_rng_rogers"});
  Rng rng = s.rng;
  Game g(s);
  g.act("british", "done");
  g.act("british", "location", "chambly");
  CHECK(g.s().combat->marker == 0);  // no markers: terrain works through the modifiers
  // Clear: Regulars +2. The French fire first: the regiment (+2) and the militia (+0).
  const int f1 = rng.roll(6), f2 = rng.roll(6);
  const int french_hits = (f1 + 2 >= 6) + (f2 >= 6);
  const std::string ff = line_starting(g.s(), "the French fire");
  CHECK(ff.rfind("the French fire 2 d6 (" + std::to_string(f1) + "+2, " + std::to_string(f2) +
                     "): " + std::to_string(french_hits) + " hit(s).",
                 0) == 0);
  play_out_combat(g);
}

TEST_CASE("Battles under random choices always end, and every position survives its JSON and follows the schema") {
  const std::vector<const char*> places = {"ft_duquesne", "ft_venango", "quebec",     "albany",
                                           "chambly",     "shawnee",    "ft_niagara", "boston"};
  const std::vector<const char*> french = {"fr_reg_bearn_2", "fr_tdm_1",       "fr_cdb_marin",    "tr_shawnee",
                                           "tr_ottawa_e",    "fr_mil_chambly", "fr_reg_guyenne_2"};
  const std::vector<const char*> british = {"br_reg_44",       "br_reg_48",     "br_rng_rogers",
                                            "br_col_virginia", "br_mil_boston", "br_reg_40"};
  std::set<std::string> seen;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    CAPTURE(seed);
    Rng pick(seed * 7919);
    State s = at_british_movement(seed, seed % 2 == 0);
    s.options.d6_combat = seed % 5 == 0;
    const char* place = places[static_cast<std::size_t>(pick.roll(static_cast<int>(places.size()))) - 1];
    std::vector<const char*> chosen;
    for (const char* u : french)
      if (pick.roll(2) == 1) chosen.push_back(u);
    for (const char* u : british)
      if (pick.roll(2) == 1) chosen.push_back(u);
    chosen.push_back("fr_tdm_2");
    chosen.push_back("br_reg_45");
    stage_battle(s, place, {});
    for (const char* id : chosen) {
      put_on_map(s, unit(id), location(place));
      if (game_data().unit(unit(id)).kind == UnitKind::tribe) s.unit(unit(id)).activated = true;
    }
    if (seed % 3 == 0 && fortification_holder(s, location(place))) s.location(location(place)).besieged = true;
    CAPTURE(place);
    Game g(s);
    g.act("british", "done");
    int decisions = 0;
    for (; decisions < 400 && (g.stage() == Stage::combat || g.stage() == Stage::sieges); ++decisions) {
      check_position(g);
      if (g.s().combat) seen.insert(std::string(combat_step_names(g.s().combat->step)));
      if (g.s().sieges) seen.insert("siege_" + std::string(siege_step_names(g.s().sieges->step)));
      const json listed = g.actions();
      std::vector<std::pair<std::string, json>> options;
      for (const auto& [verb, args] : listed.items()) {
        if (verb == "undo") continue;
        if (args.is_array())
          for (const auto& a : args) options.emplace_back(verb, a);
        else
          options.emplace_back(verb, nullptr);
      }
      REQUIRE(!options.empty());
      const auto& [verb, arg] = options[static_cast<std::size_t>(pick.roll(static_cast<int>(options.size()))) - 1];
      g.play(verb, arg);
    }
    CHECK(decisions < 400);
    if (!g.s().location(location(place)).besieged) CHECK(!contested(g.s(), location(place)));
  }
  INFO("steps seen: ", json(seen).dump());
  for (const char* step :
       {"choose_battle", "withdraw", "allocate", "round_end", "assault", "surrender", "fort", "raid"})
    CHECK(seen.count(step) == 1);
}

TEST_CASE("French garrisons: always inside, they meet an attack on their city with an assault only") {
  State s = at_british_movement(8);
  stage_battle(s, "quebec", {"fr_gar_quebec", "br_reg_44", "br_reg_48"});
  for (const char* m : {"fr_mil_quebec_1", "fr_mil_quebec_2", "fr_mil_quebec_3"})  // none comes out of the pool
    s.unit(unit(m)).where = UnitWhere::removed;
  Game g(s);
  g.act("british", "done");
  g.act("british", "location", "quebec");
  REQUIRE(g.s().combat);
  CHECK(g.s().combat->assault);
  CHECK(g.s().combat->step == CombatStep::assault);
  CHECK(line_starting(g.s(), "the British fire").empty());  // no melee against nobody
  g.act("british", "assault");
  // The garrison, a Regular in Clear: its one die is black; the marker is back for the assault.
  CHECK(line_starting(g.s(), "the French fire 1 black (").size() > 0);
  play_out_combat(g);
}

TEST_CASE("Booty and V. RAIDS — END OF BATTLE PHASE: after a French capture, tribes go home and the place is raided") {
  int raids = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    CAPTURE(seed);
    State s = at_british_movement(seed);
    stage_battle(
        s, "johnston_hall",
        {"fr_reg_bearn_2", "fr_reg_guyenne_2", "fr_tdm_1", "tr_ottawa_e", "tr_shawnee", "br_mil_johnston_hall"});
    Game g(s);
    g.act("british", "done");
    g.act("french", "location", "johnston_hall");
    for (int i = 0; i < 50 && g.stage() == Stage::combat && g.s().combat->step != CombatStep::booty &&
                    g.s().combat->step != CombatStep::raid;
         ++i)
      g.step();
    if (g.stage() != Stage::combat) continue;                                 // the militia held
    CHECK(g.s().location(location("johnston_hall")).owner == Owner::french);  // taken: a Great Victory
    CHECK(!line_starting(g.s(), "A Great Victory for the French.").empty());
    // One British unit destroyed: one of the two tribes goes home with booty, the French choose which.
    REQUIRE(g.s().combat->step == CombatStep::booty);
    CHECK(args_of(g.actions("french"), "unit") == std::vector<std::string>{"tr_ottawa_e", "tr_shawnee"});
    g.act("french", "unit", "tr_shawnee");
    CHECK(g.s().unit(unit("tr_shawnee")).at == location("shawnee"));
    REQUIRE(g.s().combat->step == CombatStep::raid);
    g.act("french", "raid");
    CHECK(g.s().location(location("johnston_hall")).raided);
    // The one indigenous unit left goes home after the raid.
    CHECK(g.s().unit(unit("tr_ottawa_e")).at == location("ottawa_e"));
    ++raids;
  }
  CHECK(raids > 3);
}

TEST_CASE("Booty: a tribe whose village the British hold goes home to Québec (or Montréal) instead") {
  // F: "If the Village is under enemy control, the return ... goes to either of Québec or Montréal."
  int sent = 0;
  for (std::uint64_t seed = 1; seed <= 10 && sent == 0; ++seed) {
    CAPTURE(seed);
    State s = at_british_movement(seed);
    stage_battle(
        s, "johnston_hall",
        {"fr_reg_bearn_2", "fr_reg_guyenne_2", "fr_tdm_1", "tr_ottawa_e", "tr_shawnee", "br_mil_johnston_hall"});
    s.location(location("shawnee")).owner = Owner::british;
    Game g(s);
    g.act("british", "done");
    g.act("french", "location", "johnston_hall");
    for (int i = 0; i < 50 && g.stage() == Stage::combat && g.s().combat->step != CombatStep::booty; ++i) g.step();
    if (g.stage() != Stage::combat) continue;  // the militia held
    const int before = g.s().rule_events.count("booty_indians_to_quebec_or_montreal");
    g.act("french", "unit", "tr_shawnee");
    CHECK(g.s().unit(unit("tr_shawnee")).at == location("quebec"));  // Québec is French: the first named
    CHECK(g.s().unit(unit("tr_shawnee")).activated);
    CHECK(log_has(g, "goes home to Quebec with booty"));
    CHECK(g.s().rule_events.count("booty_indians_to_quebec_or_montreal") == before + 1);
    ++sent;
  }
  CHECK(sent == 1);
}
