// IV. COMBAT (BATTLES, TERRAIN, AMBUSHES, A to F, H, I), the optional D6 Combat, and V. RAIDS — END
// OF BATTLE PHASE: every battle after movement, in the attackers' order, the French first.
#include "engine/mohicans/combat.hpp"

#include <algorithm>
#include <deque>
#include <set>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

const std::string& name_of(const State& s, UnitIndex u) { return s.data().unit(u).name; }

CombatState& cs(State& s) { return *s.combat; }
const CombatState& cs(const State& s) { return *s.combat; }
Side defender(const CombatState& c) { return enemy_of(c.attacker); }

// TYPES OF TROOPS: Troupes de la Marine are Irregulars for Ambush determination, Regulars otherwise.
bool irregular_for_ambush(const Unit& unit) { return unit.category == Category::irregular || unit.moves_as_irregular; }
bool regular(const Unit& unit) { return unit.category == Category::regular; }
bool garrison(const Unit& unit) { return unit.kind == UnitKind::garrison; }
bool at_home(const Unit& unit, LocationIndex l) {
  return (unit.kind == UnitKind::tribe || unit.kind == UnitKind::iroquois) &&
         (unit.home == l || std::find(unit.also_home.begin(), unit.also_home.end(), l) != unit.also_home.end());
}

// The fortification at the battle belongs to the defender: a fort marker of his, or his city.
bool defender_fortified(const State& s, LocationIndex l, Side def) { return fortification_holder(s, l) == def; }

// IV. COMBAT — BATTLES (ambiguity 5): the attacker is the side that entered the place last. Movement
// records each unit's arrival this turn and the British move after the French, so British units that
// came in make the British the attacker, else French ones do. The holder of a besieged fortification
// defends it. Where nobody came in this turn (a muster or a retreat put the units there), the side
// that does not hold the place attacks it: green villages are French-friendly (ambiguity 36), and in
// neutral Iroquois land the Iroquois' ally defends, else the British, moving last, attack.
Side battle_attacker(const State& s, LocationIndex l) {
  if (auto holder = fortification_holder(s, l); holder && s.location(l).besieged) return enemy_of(*holder);
  for (Side side : {Side::british, Side::french}) {
    const auto here = side_units(s, l, side);
    if (std::any_of(here.begin(), here.end(), [&](UnitIndex u) { return s.unit(u).arrived_by != Arrival::none; }))
      return side;
  }
  switch (s.location(l).owner) {
    case Owner::french:
    case Owner::native:
      return Side::british;
    case Owner::british:
      return Side::french;
    case Owner::iroquois:
      return s.iroquois_ally ? enemy_of(*s.iroquois_ally) : Side::british;
  }
  return Side::british;
}

// IV. COMBAT — TERRAIN (ambiguity 25): a fort marker or a city makes it Clear, a raid marker Woods,
// else the map; an attacker who paid to outmanoeuvre (III. OUTMANEUVERING) fights in the other one.
Terrain battle_terrain(const State& s, LocationIndex l, Side attacker) {
  const Location& loc = s.data().location(l);
  Terrain terrain = loc.terrain;
  if (loc.permanently_fortified() || s.location(l).fort)
    terrain = Terrain::clear;
  else if (s.location(l).raided)
    terrain = Terrain::woods;
  if (s.location(l).outmaneuvered_by == attacker) return terrain == Terrain::woods ? Terrain::clear : Terrain::woods;
  return terrain;
}

// IV. COMBAT — BATTLES, 4 (ambiguity 26): a Landing when every attacking unit's last step this turn
// was by waterway, lake or Sea Lift; at Québec and New York one such unit is enough.
bool landing(const State& s, LocationIndex l, Side attacker) {
  const auto units = side_units(s, l, attacker);
  auto by_water = [&](UnitIndex u) {
    return s.unit(u).arrived_by == Arrival::waterway || s.unit(u).arrived_by == Arrival::sea_lift;
  };
  const std::string& id = s.data().location(l).id;
  if (id == "quebec" || id == "new_york") return std::any_of(units.begin(), units.end(), by_water);
  return !units.empty() && std::all_of(units.begin(), units.end(), by_water);
}

// The defenders fighting outside the fortification (garrisons never do: FRENCH GARRISONS).
std::vector<UnitIndex> outside_defenders(const State& s) {
  const CombatState& c = cs(s);
  std::vector<UnitIndex> out;
  for (UnitIndex u : side_units(s, c.battle, defender(c)))
    if (!contains(c.inside, u) && !garrison(s.data().unit(u))) out.push_back(u);
  return out;
}
std::vector<UnitIndex> inside_defenders(const State& s) {
  const CombatState& c = cs(s);
  std::vector<UnitIndex> out;
  for (UnitIndex u : side_units(s, c.battle, defender(c)))
    if (contains(c.inside, u) || garrison(s.data().unit(u))) out.push_back(u);
  return out;
}
// The units of `side` in the current fight: the attacker's all; the defender's outside in the Melee
// and inside in the Assault.
std::vector<UnitIndex> fighting(const State& s, Side side) {
  const CombatState& c = cs(s);
  if (side == c.attacker) return side_units(s, c.battle, side);
  return c.assault ? inside_defenders(s) : outside_defenders(s);
}

int count_regulars(const State& s, const std::vector<UnitIndex>& units) {
  return static_cast<int>(
      std::count_if(units.begin(), units.end(), [&](UnitIndex u) { return regular(s.data().unit(u)); }));
}
void note_regulars(State& s) {
  CombatState& c = cs(s);
  for (Side side : both_sides)
    c.regulars[index_of(side)] = std::max(c.regulars[index_of(side)], count_regulars(s, side_units(s, c.battle, side)));
}

// C. Withdrawal: a fort holds 4 life points of Regulars or Militia and no Irregulars; a permanent
// fortification 8 and 4 of Irregulars; a victory place 2 more of any kind; garrisons never count.
// Troupes de la Marine are Regulars inside (ambiguity 32).
bool fits_inside(const State& s, LocationIndex l, const std::vector<UnitIndex>& units) {
  const Location& loc = s.data().location(l);
  int ordered = 0, irregular = 0;
  for (UnitIndex u : units) {
    const Unit& unit = s.data().unit(u);
    if (garrison(unit)) continue;
    const int lp = s.unit(u).damaged ? 1 : unit.life_points;
    (unit.category == Category::irregular ? irregular : ordered) += lp;
  }
  const int extra = loc.objective_of ? 2 : 0;
  const int ordered_room = loc.permanently_fortified() ? 8 : 4, irregular_room = loc.permanently_fortified() ? 4 : 0;
  return std::max(0, ordered - ordered_room) + std::max(0, irregular - irregular_room) <= extra;
}

bool may_withdraw(const State& s) {
  const CombatState& c = cs(s);
  const auto outside = outside_defenders(s);
  return !c.assault && !outside.empty() && defender_fortified(s, c.battle, defender(c)) &&
         fits_inside(s, c.battle, side_units(s, c.battle, defender(c)));
}

// --- dice ------------------------------------------------------------------------------------------
enum class Face : std::uint8_t { blank, hit, double_hit, kill };
constexpr std::array<std::string_view, 4> face_names = {"blank", "hit", "double hit", "kill"};

Face face_of(const CombatDie& die, int roll) {  // faces in the table's order: blank, hit, double hit, kill
  if (roll <= die.blank) return Face::blank;
  if (roll <= die.blank + die.hit) return Face::hit;
  if (roll <= die.blank + die.hit + die.double_hit) return Face::double_hit;
  return Face::kill;
}

struct Pool {
  int white = 0, black = 0;
};

// DICE POOL: one white die per firing unit; in Clear a side with Regulars firing swaps one white for
// a black; the defender of an Ambush or Landing adds a black on the first round; at a Landing a
// garrison adds a black every round, and Québec one more on the first (FRENCH GARRISONS, QUEBEC).
// In an Assault, Irregulars and assaulting Militia fire from the second round.
std::vector<UnitIndex> firers(const State& s, Side side) {
  const CombatState& c = cs(s);
  std::vector<UnitIndex> out;
  for (UnitIndex u : fighting(s, side)) {
    const Unit& unit = s.data().unit(u);
    if (c.assault && c.round == 0 &&
        (unit.category == Category::irregular || (side == c.attacker && unit.category == Category::militia)))
      continue;
    out.push_back(u);
  }
  return out;
}

Pool dice_pool(const State& s, Side side) {
  const CombatState& c = cs(s);
  const auto units = firers(s, side);
  Pool p{static_cast<int>(units.size()), 0};
  if (c.terrain == Terrain::clear && p.white > 0 && count_regulars(s, units) > 0) {
    --p.white;
    ++p.black;
  }
  if (side == defender(c)) {
    const bool first = !c.assault && c.round == 0;
    if ((c.ambush || c.landing) && first) ++p.black;
    if (c.landing) {
      const auto all = side_units(s, c.battle, side);
      if (std::any_of(all.begin(), all.end(), [&](UnitIndex u) { return garrison(s.data().unit(u)); })) ++p.black;
      if (first && s.data().location(c.battle).id == "quebec") ++p.black;
    }
  }
  return p;
}

// D6 Combat (COMBAT EFFECTS CHART): the modifier to a unit's die; a 6 or more hits.
int d6_modifier(const State& s, Side side, UnitIndex u) {
  const CombatState& c = cs(s);
  const Category cat = s.data().unit(u).category;
  if (c.assault) {
    if (side == c.attacker) return cat == Category::regular ? 1 : -1;
    return cat == Category::regular ? 2 : 0;
  }
  if (side == defender(c) && c.landing) return cat == Category::regular ? 2 : 0;
  if (c.terrain == Terrain::clear) return cat == Category::regular ? 2 : 0;
  if (side == defender(c) && c.ambush) return cat == Category::irregular ? 2 : 0;
  return 0;
}

// One side fires: its results become the other side's losses, the log line shows every die.
void fire(State& s, Side side) {
  CombatState& c = cs(s);
  Losses& target = c.losses[index_of(enemy_of(side))];
  std::string text = the(side) + " fire";
  if (s.options.d6_combat) {
    const auto units = firers(s, side);
    int hits = 0;
    std::string rolls;
    for (UnitIndex u : units) {
      const int die = s.roll_die(6), mod = d6_modifier(s, side, u);
      if (die + mod >= 6) ++hits;
      rolls +=
          (rolls.empty() ? "" : ", ") + std::to_string(die) + (mod ? (mod > 0 ? "+" : "") + std::to_string(mod) : "");
    }
    target.hits += hits;
    ++s.rule_events["d6_volleys"];
    s.rule_events["d6_hits"] += hits;
    text += " " + std::to_string(units.size()) + " d6 (" + rolls + "): " + std::to_string(hits) + " hit(s).";
  } else {
    const Pool p = dice_pool(s, side);
    ++s.rule_events["volleys"];
    int hits = 0, kills = 0;
    auto roll = [&](const CombatDie& die, int n, const char* colour) {
      if (n == 0) return;
      std::string faces;
      for (int i = 0; i < n; ++i) {
        const int r = s.roll_die(die.faces());
        const Face f = face_of(die, r);
        hits += f == Face::hit ? 1 : f == Face::double_hit ? 2 : 0;
        kills += f == Face::kill ? 1 : 0;
        faces += (faces.empty() ? "" : ", ") + std::string(face_names[static_cast<std::size_t>(f)]);
      }
      text += " " + std::to_string(n) + " " + colour + " (" + faces + ")";
    };
    roll(s.data().tables.white_die, p.white, "white");
    roll(s.data().tables.black_die, p.black, "black");
    if (p.white + p.black == 0) text += " no dice";
    if (c.assault) {  // E: a kill counts as one hit in an Assault
      hits += kills;
      kills = 0;
    }
    target.hits += hits;
    target.kills += kills;
    text += ": " + std::to_string(hits) + " hit(s), " + std::to_string(kills) + " kill(s).";
  }
  s.note(role_of(side), "fire", nullptr, text);
}

// B: the defender's Woods or Fort marker takes the first two results (kills before hits).
void absorb(State& s, Side side) {
  CombatState& c = cs(s);
  if (side != defender(c) || c.marker == 0) return;
  Losses& l = c.losses[index_of(side)];
  int absorbed = 0;
  while (c.marker > 0 && (l.kills > 0 || l.hits > 0)) {
    (l.kills > 0 ? l.kills : l.hits) -= 1;
    --c.marker;
    ++absorbed;
  }
  if (absorbed > 0)
    ++s.rule_events[c.assault || c.terrain == Terrain::clear ? "markers_absorb_fort" : "markers_absorb_woods"];
  if (absorbed > 0)
    s.note(role_of(side), "marker", nullptr,
           "The " + std::string(c.assault || c.terrain == Terrain::clear ? "Fort" : "Woods") + " marker takes " +
               std::to_string(absorbed) + " result(s).");
}

bool woods_rules(const CombatState& c) { return c.terrain == Terrain::woods && !c.assault; }

std::vector<UnitIndex> candidates_for(const State& s, Side side) {
  const CombatState& c = cs(s);
  const Losses& l = c.losses[index_of(side)];
  return loss_candidates(s, fighting(s, side), l.kills > 0, woods_rules(c), l.first_hit);
}

Side allocator(const CombatState& c, Side side) { return c.losses[index_of(side)].by_enemy ? enemy_of(side) : side; }

// The side whose losses are placed next (the attacker's first), or none.
std::optional<Side> losing_side(State& s) {
  CombatState& c = cs(s);
  for (Side side : {c.attacker, defender(c)}) {
    Losses& l = c.losses[index_of(side)];
    if ((l.kills > 0 || l.hits > 0) && fighting(s, side).empty()) l = Losses{};
    if (l.kills > 0 || l.hits > 0) return side;
  }
  return std::nullopt;
}

void place_loss(State& s, Side side, UnitIndex u) {
  CombatState& c = cs(s);
  Losses& l = c.losses[index_of(side)];
  const std::string who = name_of(s, u);
  bool gone;
  if (l.kills > 0) {
    --l.kills;
    eliminate(s, u);
    gone = true;
  } else {
    --l.hits;
    gone = take_hit(s, u);
  }
  l.first_hit = true;
  if (gone) ++c.destroyed[index_of(enemy_of(side))];
  ++s.rule_events[gone ? "units_eliminated_in_battle" : "units_flipped_in_battle"];
  if (l.by_enemy) ++s.rule_events["losses_placed_by_enemy"];
  s.note(role_of(allocator(c, side)), "unit", s.data().unit(u).id,
         who + (gone ? " is eliminated." : " is hit and flipped."));
}

// --- the flow ---------------------------------------------------------------------------------------
bool run_battles(State& s);

void start_round(State& s) {
  CombatState& c = cs(s);
  c.step = CombatStep::fire;
  c.losses = {};
  c.defender_fired = false;
  c.reinforced = {};
  c.acting.reset();
}

void start_assault(State& s, bool fresh) {
  CombatState& c = cs(s);
  if (fresh) {
    c.assault = true;
    c.round = 0;
  }
  c.step = CombatStep::assault;
  c.acting = c.attacker;
}

void decide_winner(State& s, Side winner, const std::string& why) {
  CombatState& c = cs(s);
  c.winner = winner;
  ++s.rule_events[winner == c.attacker ? "battles_won_by_attacker" : "battles_won_by_defender"];
  s.location(c.battle).besieged = false;
  s.note(role_of(winner), "victory", nullptr,
         the(winner) + " win the battle of " + place_name(s, c.battle) + " (" + why + ").");
  // IROQUOIS ADJUSTMENT: a battle won with at least 2 Regulars on each side is a Great Victory.
  const int need = s.data().tables.great_victory_regulars_each_side;
  if (c.regulars[0] >= need && c.regulars[1] >= need) {
    ++s.great_victories[index_of(winner)];
    ++s.rule_events["great_victories_battles"];
    s.note(role_of(winner), "great_victory", nullptr, "A Great Victory for " + the(winner) + ".");
  }
  c.acting = enemy_of(winner);
  c.step = CombatStep::retreat;
}

// F. Victory Determination after the last round.
void determine_victory(State& s) {
  CombatState& c = cs(s);
  const bool att = !side_units(s, c.battle, c.attacker).empty();
  const bool def = !side_units(s, c.battle, defender(c)).empty();
  auto won = [&](const char* event, Side winner, const char* why) {
    ++s.rule_events[event];
    decide_winner(s, winner, why);
  };
  if (att && !def) return won("battle_won_defenders_eliminated", c.attacker, "the defenders are eliminated");
  if (def && !att) return won("battle_won_attackers_eliminated", defender(c), "the attackers are eliminated");
  if (!att && !def) return won("battle_won_both_eliminated", defender(c), "both sides are eliminated");
  if (!c.assault && !inside_defenders(s).empty())
    return won("battle_won_unassaulted_fortification", defender(c), "its fortification was not assaulted");
  const int a = c.destroyed[index_of(c.attacker)], d = c.destroyed[index_of(defender(c))];
  if (a > d) return won("battle_won_more_destroyed", c.attacker, "more units destroyed");
  if (a == d) return won("battle_won_tie_to_defender", defender(c), "a tie goes to the defender");
  won("battle_won_more_destroyed", defender(c), "more units destroyed");
}

// E, G: the assault is over with defenders still inside: a siege, rolled at the turn's end (sieges.cpp
// lifts it at the year's end). I: those inside a besieged fortification recover only in a year's last
// turn, when the siege will be lifted.
void assault_over(State& s) {
  CombatState& c = cs(s);
  s.location(c.battle).besieged = true;
  ++s.rule_events["sieges_begun"];
  s.note(role_of(c.attacker), "siege", nullptr,
         the(c.attacker) + " besiege " + place_name(s, c.battle) + "; the siege is rolled at the turn's end.");
  recover(s, side_units(s, c.battle, c.attacker));
  if (s.turn_info().last_of_year()) recover(s, side_units(s, c.battle, defender(c)));
  c.step = CombatStep::choose_battle;
  c.battle = no_location;
}

// After a round's losses: the end of the Melee or the Assault, or the next decisions.
void round_over(State& s) {
  CombatState& c = cs(s);
  ++c.round;
  note_regulars(s);
  const bool att = !side_units(s, c.battle, c.attacker).empty();
  if (c.assault) {
    if (!att || inside_defenders(s).empty()) return determine_victory(s);
    if (c.round >= s.data().tables.max_assault_rounds) return assault_over(s);
    return start_assault(s, false);
  }
  const bool out = !outside_defenders(s).empty(), in = !inside_defenders(s).empty();
  if (!att || (!out && !in)) return determine_victory(s);
  if (!out) return start_assault(s, true);  // E: only the fortification's defenders are left
  if (c.round >= s.data().tables.max_melee_rounds) return determine_victory(s);
  c.step = CombatStep::round_end;
  c.acting = c.attacker;
}

// The volley order of a round: simultaneous, except the first round of an Ambush or Landing and D6
// combat, where the defender fires and his results are placed first.
void fire_round(State& s) {
  CombatState& c = cs(s);
  const bool defender_first = s.options.d6_combat || ((c.ambush || c.landing) && !c.assault && c.round == 0);
  if (defender_first && !c.defender_fired) {
    fire(s, defender(c));
    c.defender_fired = true;
    c.losses[index_of(c.attacker)].by_enemy = !s.options.d6_combat;  // B: the defender places them
  } else if (defender_first) {
    fire(s, c.attacker);
    c.defender_fired = false;
  } else {
    fire(s, c.attacker);
    fire(s, defender(c));
  }
  for (Side side : both_sides) {
    c.losses[index_of(side)].first_hit = false;
    if (!s.options.d6_combat) absorb(s, side);
  }
  c.step = CombatStep::allocate;
}

// BATTLES, Battle Setup Sequence 1–4, and AMBUSHES.
void begin_battle(State& s, LocationIndex l) {
  CombatState& c = cs(s);
  c.battles.erase(std::find(c.battles.begin(), c.battles.end(), l));
  const std::vector<LocationIndex> rest = std::move(c.battles);
  c = CombatState{};
  c.battles = rest;
  c.battle = l;
  c.attacker = battle_attacker(s, l);
  const Side def = defender(c);
  const Location& loc = s.data().location(l);
  c.british_place =
      (s.location(l).owner == Owner::british && (loc.type == LocationType::city || loc.type == LocationType::town)) ||
      s.location(l).fort == Side::british;
  c.terrain = battle_terrain(s, l, c.attacker);
  ++s.rule_events["battles"];
  ++s.rule_events[c.attacker == Side::french ? "battles_french_attack" : "battles_british_attack"];
  ++s.rule_events[c.terrain == Terrain::clear ? "battles_clear" : "battles_woods"];
  if (s.location(l).outmaneuvered_by == c.attacker) ++s.rule_events["battles_outmaneuvered_terrain"];
  s.note(role_of(c.attacker), "location", loc.id,
         the(c.attacker) + " attack " + loc.name + " (" + std::string(terrain_names(c.terrain)) + ").");
  // 2. One militia of the place's name comes from the pool to defend it (not into a besieged fortification).
  for (std::size_t u = 0; u < s.units.size() && !s.location(l).besieged; ++u) {
    const Unit& unit = s.data().units[u];
    if (unit.kind == UnitKind::militia && unit.home == l && s.units[u].where == UnitWhere::force_pool &&
        unit.side == (def == Side::french ? UnitSide::french : UnitSide::british) &&
        within_stacking(s, static_cast<UnitIndex>(u), l)) {
      put_on_map(s, static_cast<UnitIndex>(u), l);
      ++s.rule_events["militia_defends_home"];
      s.note(role_of(def), "militia", unit.id, unit.name + " comes out to defend its home.");
      break;
    }
  }
  // 3. Indigenous units of the place are activated.
  bool home_defence = false;
  for (UnitIndex u : side_units(s, l, def)) {
    const Unit& unit = s.data().unit(u);
    if (!at_home(unit, l)) continue;
    home_defence = true;
    if (unit.kind == UnitKind::tribe && !s.unit(u).activated) {
      s.unit(u).activated = true;
      ++s.rule_events["tribes_activated_to_defend"];
      s.note(role_of(def), "activate", unit.id, unit.name + " is activated to defend its village.");
    }
  }
  // 4. Landing or Ambush (a Landing when both could be).
  c.landing = landing(s, l, c.attacker);
  if (c.landing) {
    ++s.rule_events["landings"];
    const auto attackers = side_units(s, l, c.attacker);
    if (std::any_of(attackers.begin(), attackers.end(),
                    [&](UnitIndex u) { return s.unit(u).arrived_by == Arrival::land; }))
      ++s.rule_events["landings_one_unit_enough"];  // at Québec or New York
    const auto all = side_units(s, l, def);
    if (std::any_of(all.begin(), all.end(), [&](UnitIndex u) { return garrison(s.data().unit(u)); }))
      ++s.rule_events["garrison_landing_dice"];
  }
  const auto defenders = side_units(s, l, def);
  if (!c.landing && home_defence) {
    c.ambush = true;
    ++s.rule_events["ambushes_automatic"];
    s.note(role_of(def), "ambush", nullptr, "Indigenous units defend their home: an automatic Ambush.");
  } else if (!c.landing && c.terrain == Terrain::woods && !defenders.empty() &&
             std::all_of(defenders.begin(), defenders.end(),
                         [&](UnitIndex u) { return irregular_for_ambush(s.data().unit(u)); })) {
    const auto attackers = side_units(s, l, c.attacker);
    const auto irr = std::count_if(attackers.begin(), attackers.end(),
                                   [&](UnitIndex u) { return irregular_for_ambush(s.data().unit(u)); });
    const int mod = irr == 0 ? 4 : irr < static_cast<long>(attackers.size()) ? 2 : 0;
    const int die = s.roll_die(6);
    c.ambush = die + mod >= 6;
    ++s.rule_events["ambush_rolls"];
    if (c.ambush) ++s.rule_events["ambushes_rolled"];
    s.note(role_of(def), "ambush", nullptr,
           "Ambush roll " + std::to_string(die) + "+" + std::to_string(mod) + " = " + std::to_string(die + mod) +
               (c.ambush ? ": an Ambush." : ": no Ambush."));
  }
  // A. The defender's Woods or Walls marker.
  c.marker = s.options.d6_combat ? 0 : (defender_fortified(s, l, def) || c.terrain == Terrain::woods) ? 2 : 0;
  note_regulars(s);
  if (s.location(l).besieged) {  // E: a siege from an earlier turn: the besieger may assault again
    for (UnitIndex u : defenders) c.inside.push_back(u);
    c.marker = s.options.d6_combat ? 0 : 2;
    ++s.rule_events["battles_renewed_assault"];
    return start_assault(s, true);
  }
  c.step = CombatStep::withdraw;
  c.acting = def;
}

// The retreating side's units: all of them, or the besieger's; Indians defending their village
// may not retreat (SPECIAL RULES: INDIAN TRIBES).
std::vector<UnitIndex> retreating_units(const State& s, Side side) {
  const CombatState& c = cs(s);
  std::vector<UnitIndex> out;
  for (UnitIndex u : side_units(s, c.battle, side))
    if (!(side == defender(c) && at_home(s.data().unit(u), c.battle)) && !s.data().unit(u).immobile) out.push_back(u);
  return out;
}

void after_retreat(State& s) {
  CombatState& c = cs(s);
  note_promotable(s, c.battle, *c.winner);
  c.acting = c.winner;
  c.step = CombatStep::fort;
}

// H: the loser's retreats: by land, or for British units all landed by the Sea Lift, back to its port.
std::vector<LocationIndex> loser_retreat_options(const State& s) {
  const CombatState& c = cs(s);
  const Side loser = enemy_of(*c.winner);
  return retreat_options(s, c.battle, loser, retreating_units(s, loser));
}

// H: the loser goes to `to`; a retreat by sea takes its extra hit first (sea_hit).
void retreat_to(State& s, LocationIndex to) {
  CombatState& c = cs(s);
  const Side loser = enemy_of(*c.winner);
  const auto units = retreating_units(s, loser);
  if (retreat_by_sea(s, c.battle, loser, units, to)) {
    c.sea_port = to;
    ++s.rule_events["sea_retreats"];
    c.step = CombatStep::sea_hit;
    c.acting = loser;
    return;
  }
  retreat_units(s, units, to, loser);
  after_retreat(s);
}

std::vector<UnitIndex> sea_hit_candidates(const State& s) {
  return loss_candidates(s, retreating_units(s, enemy_of(*cs(s).winner)), false, false, true);
}

// H: the British retreating by sea take one extra hit, then sail to their port of origin.
void sea_retreat(State& s, UnitIndex u) {
  CombatState& c = cs(s);
  const Side loser = enemy_of(*c.winner);
  const std::string name = name_of(s, u);
  const bool gone = take_hit(s, u);
  s.note(role_of(loser), "unit", s.data().unit(u).id,
         name + (gone ? " is eliminated" : " is hit and flipped") + " in the retreat by sea.");
  const auto units = retreating_units(s, loser);
  if (!units.empty()) retreat_units(s, units, c.sea_port, loser);
  c.sea_port = no_location;
  after_retreat(s);
}

// H. The loser leaves: eliminated where no retreat is open.
void start_retreat(State& s) {
  CombatState& c = cs(s);
  const Side loser = enemy_of(*c.winner);
  for (UnitIndex u : side_units(s, c.battle, loser))
    if (loser == defender(c) && at_home(s.data().unit(u), c.battle)) {
      ++s.rule_events["indians_lost_in_their_village"];
      s.note(role_of(loser), "unit", s.data().unit(u).id, name_of(s, u) + " may not leave its village and is lost.");
      eliminate(s, u);
    }
  const auto units = retreating_units(s, loser);
  if (units.empty()) return after_retreat(s);
  const auto to = loser_retreat_options(s);
  if (to.empty()) {
    for (UnitIndex u : units) eliminate(s, u);
    ++s.rule_events["retreats_eliminated"];
    s.note(role_of(loser), "retreat", nullptr,
           the(loser) + " have nowhere to retreat from " + place_name(s, c.battle) + ": their units are eliminated.");
    return after_retreat(s);
  }
  if (to.size() == 1) retreat_to(s, to.front());
}

bool winner_alone(const State& s) {
  const CombatState& c = cs(s);
  return c.winner && !side_units(s, c.battle, *c.winner).empty() &&
         side_units(s, c.battle, enemy_of(*c.winner)).empty();
}

std::vector<UnitIndex> booty_tribes(const State& s) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : side_units(s, cs(s).battle, Side::french))
    if (s.data().unit(u).kind == UnitKind::tribe) out.push_back(u);
  return out;
}

// F: after a French victory, as many tribes (not Iroquois) as British units destroyed go home.
void to_booty(State& s) {
  CombatState& c = cs(s);
  c.step = CombatStep::booty;
  c.booty_left = c.winner == Side::french
                     ? std::min(c.destroyed[index_of(Side::french)], static_cast<int>(booty_tribes(s).size()))
                     : 0;
}

// F / INDIAN TRIBES: home with booty, to Québec or Montréal when the village is the enemy's.
void send_home(State& s, UnitIndex u, const char* why) {
  const Unit& unit = s.data().unit(u);
  LocationIndex to = unit.home;
  if (holds(s, to, Side::british)) {
    to = no_location;
    for (const char* city : {"quebec", "montreal"})
      if (holds(s, s.data().location_index(city), Side::french)) {
        to = s.data().location_index(city);
        break;
      }
  }
  if (to == no_location) return;
  put_on_map(s, u, to);
  s.unit(u).activated = true;
  if (to != unit.home) ++s.rule_events["booty_indians_to_quebec_or_montreal"];
  s.note("french", "unit", unit.id, unit.name + " goes home to " + place_name(s, to) + " " + why + ".");
}

std::vector<UnitIndex> raid_indigenous(const State& s) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : side_units(s, cs(s).battle, Side::french)) {
    const UnitKind k = s.data().unit(u).kind;
    if (k == UnitKind::tribe || k == UnitKind::iroquois) out.push_back(u);
  }
  return out;
}

void next_battle(State& s) {
  CombatState& c = cs(s);
  // I. Recovery, once the loser has gone.
  recover(s, side_units(s, c.battle, Side::french));
  recover(s, side_units(s, c.battle, Side::british));
  c.battle = no_location;
  c.step = CombatStep::choose_battle;
}

std::vector<LocationIndex> battles_of(const State& s, Side side) {
  std::vector<LocationIndex> out;
  for (LocationIndex l : cs(s).battles)
    if (battle_attacker(s, l) == side && contested(s, l)) out.push_back(l);
  return out;
}

// Runs the steps the rules decide until one waits for a decision; false when the stage is over.
bool run_battles(State& s) {
  for (int guard = 0; guard < 10000; ++guard) {
    CombatState& c = cs(s);
    switch (c.step) {
      case CombatStep::choose_battle: {
        std::erase_if(c.battles, [&](LocationIndex l) { return !contested(s, l); });
        if (c.battles.empty()) return false;
        s.active = battles_of(s, Side::french).empty() ? Side::british : Side::french;
        return true;
      }
      case CombatStep::withdraw:
        if (outside_defenders(s).empty()) {  // only a garrison, inside already: straight to the assault
          start_assault(s, true);
          continue;
        }
        if (may_withdraw(s)) {
          s.active = *c.acting;
          return true;
        }
        start_round(s);
        continue;
      case CombatStep::fire:
        fire_round(s);
        continue;
      case CombatStep::allocate: {
        const auto side = losing_side(s);
        if (!side) {
          if (c.defender_fired) {
            c.step = CombatStep::fire;
            continue;
          }
          round_over(s);
          continue;
        }
        const auto options = candidates_for(s, *side);
        if (options.size() == 1) {
          place_loss(s, *side, options.front());
          continue;
        }
        s.active = allocator(c, *side);
        return true;
      }
      case CombatStep::round_end:
      case CombatStep::assault:
      case CombatStep::surrender:
        s.active = *c.acting;
        return true;
      case CombatStep::retreat:
        start_retreat(s);  // forced outcomes happen here; a choice of destinations waits
        if (c.step != CombatStep::retreat) continue;
        s.active = enemy_of(*c.winner);
        return true;
      case CombatStep::sea_hit: {
        const auto options = sea_hit_candidates(s);
        if (options.size() == 1) {
          sea_retreat(s, options.front());
          continue;
        }
        s.active = enemy_of(*c.winner);
        return true;
      }
      case CombatStep::fort: {
        if (winner_alone(s)) {
          const bool had_fort = s.location(c.battle).fort == enemy_of(*c.winner);
          take_place(s, c.battle, *c.winner);
          if (had_fort) {
            s.active = *c.winner;
            return true;
          }
        }
        to_booty(s);
        continue;
      }
      case CombatStep::booty:
        if (c.booty_left > 0 && static_cast<int>(booty_tribes(s).size()) > c.booty_left) {
          s.active = Side::french;
          return true;
        }
        if (c.booty_left > 0)
          for (UnitIndex u : booty_tribes(s)) {
            ++s.rule_events["booty_indians_home"];
            send_home(s, u, "with booty");
          }
        c.booty_left = 0;
        c.step = CombatStep::raid;
        continue;
      case CombatStep::raid:
        // V. RAIDS — END OF BATTLE PHASE: the French captured a formerly British place (ambiguity 31).
        if (c.winner == Side::french && c.attacker == Side::french && c.british_place && winner_alone(s) &&
            !s.location(c.battle).raided) {
          s.active = Side::french;
          return true;
        }
        next_battle(s);
        continue;
      case CombatStep::raid_home:
        if (raid_indigenous(s).size() > 1) {
          s.active = Side::french;
          return true;
        }
        if (!raid_indigenous(s).empty()) {
          ++s.rule_events["raid_indians_home"];
          send_home(s, raid_indigenous(s).front(), "after the raid");
        }
        next_battle(s);
        continue;
    }
  }
  throw std::logic_error("Mohicans combat: the battle does not end");
}

void finish_battles(State& s) {
  s.combat.reset();
  advance(s);
}

// --- the steps' decisions --------------------------------------------------------------------------
// D: pinned units (III. PINNING, ambiguity 4) and units that built a fort this turn (III. FORT
// CONSTRUCTION) may not reinforce a neighbouring battle.
bool held_back(const State& s, UnitIndex u) { return s.unit(u).pinned || s.unit(u).built_fort; }

std::vector<UnitIndex> reinforcements(const State& s, Side side) {
  const CombatState& c = cs(s);
  std::vector<UnitIndex> out;
  if (c.reinforced[index_of(side)]) return out;
  // INDIAN TRIBES: Indians attacked in their village get no neighbouring tribes as reinforcements.
  const auto here = side_units(s, c.battle, side);
  const bool village_defence = side == defender(c) && std::any_of(here.begin(), here.end(), [&](UnitIndex u) {
                                 return at_home(s.data().unit(u), c.battle);
                               });
  std::set<LocationIndex> near;
  for (const Adjacent& a : s.data().location(c.battle).neighbours) near.insert(a.to);
  for (LocationIndex n : near) {
    if (contested(s, n) || s.location(n).besieged) continue;  // D: units in a battle may not reinforce another
    for (UnitIndex u : units_at(s, n)) {
      const Unit& unit = s.data().unit(u);
      if (controller(s, u) != side || unit.immobile || (unit.kind == UnitKind::tribe && !s.unit(u).activated) ||
          (village_defence && unit.kind == UnitKind::tribe) || held_back(s, u))
        continue;
      if (within_stacking(s, u, c.battle)) out.push_back(u);
    }
  }
  return out;
}

bool may_retreat_now(const State& s, Side side) {  // H: a defender with units inside stays for the assault
  const CombatState& c = cs(s);
  return side == c.attacker || inside_defenders(s).empty();
}

void list_step(const State& s, engine::ActionList& out) {
  const CombatState& c = cs(s);
  switch (c.step) {
    case CombatStep::choose_battle:
      for (LocationIndex l : battles_of(s, s.active)) out.add("location", s.data().location(l).id);
      return;
    case CombatStep::withdraw:
      out.add("withdraw");
      out.add("stay");
      return;
    case CombatStep::allocate: {
      for (Side side : {c.attacker, defender(c)}) {
        const Losses& l = c.losses[index_of(side)];
        if (l.kills == 0 && l.hits == 0) continue;
        for (UnitIndex u : candidates_for(s, side)) out.add("unit", s.data().unit(u).id);
        return;
      }
      return;
    }
    case CombatStep::round_end: {
      const Side side = *c.acting;
      for (UnitIndex u : reinforcements(s, side)) out.add("unit", s.data().unit(u).id);
      if (may_retreat_now(s, side)) out.add("retreat");
      if (side == defender(c) && may_withdraw(s)) out.add("withdraw");
      out.add("done");
      return;
    }
    case CombatStep::assault:
      out.add("assault");
      out.add("stop");
      return;
    case CombatStep::surrender:
      out.add("hold");
      out.add("surrender");
      return;
    case CombatStep::retreat:
      for (LocationIndex l : loser_retreat_options(s)) out.add("location", s.data().location(l).id);
      return;
    case CombatStep::sea_hit:
      for (UnitIndex u : sea_hit_candidates(s)) out.add("unit", s.data().unit(u).id);
      return;
    case CombatStep::fort:
      out.add("capture");
      out.add("burn");
      return;
    case CombatStep::booty:
      for (UnitIndex u : booty_tribes(s)) out.add("unit", s.data().unit(u).id);
      return;
    case CombatStep::raid:
      out.add("raid");
      out.add("pass");
      return;
    case CombatStep::raid_home:
      for (UnitIndex u : raid_indigenous(s)) out.add("unit", s.data().unit(u).id);
      return;
    case CombatStep::fire:
      return;
  }
}

[[noreturn]] void refuse(const std::string& why) { throw ActionRejected(ErrorCode::illegal_action, why); }

void require_listed(const State& s, const Action& action) {
  engine::ActionList listed;
  list_step(s, listed);
  if (!listed.has(action.verb)) reject_verb(action, "this step of the combat");
}

void apply_step(State& s, const Action& action) {
  require_listed(s, action);
  CombatState& c = cs(s);
  const std::string role = role_of(s.active);
  switch (c.step) {
    case CombatStep::choose_battle: {
      const LocationIndex l = location_arg(s, action);
      const auto mine = battles_of(s, s.active);
      if (std::find(mine.begin(), mine.end(), l) == mine.end()) refuse("no battle of yours at " + place_name(s, l));
      return begin_battle(s, l);
    }
    case CombatStep::withdraw:
      if (action.verb == "withdraw") {
        c.inside = side_units(s, c.battle, defender(c));
        ++s.rule_events["withdrawals_inside"];
        s.note(role, "withdraw", nullptr, the(defender(c)) + " withdraw inside the fortification.");
        return start_assault(s, true);
      }
      ++s.rule_events["defenders_stay_outside"];
      s.note(role, "stay", nullptr, the(defender(c)) + " fight outside.");
      return start_round(s);
    case CombatStep::allocate: {
      const UnitIndex u = unit_arg(s, action);
      const auto side = losing_side(s);
      const auto options = candidates_for(s, *side);
      if (!contains(options, u)) refuse(name_of(s, u) + " cannot take this loss");
      return place_loss(s, *side, u);
    }
    case CombatStep::round_end: {
      const Side side = *c.acting;
      if (action.verb == "unit") {
        const UnitIndex u = unit_arg(s, action);
        if (!contains(reinforcements(s, side), u)) refuse(name_of(s, u) + " cannot reinforce this battle");
        const LocationIndex from = s.unit(u).at;
        put_on_map(s, u, c.battle);
        s.unit(u).arrived_by = Arrival::land;  // its last step now starts there (H: no retreat for the enemy)
        s.unit(u).came_from = from;
        c.reinforced[index_of(side)] = true;
        ++s.rule_events["reinforcements_between_rounds"];
        note_regulars(s);
        s.note(role, "unit", s.data().unit(u).id,
               name_of(s, u) + " comes from " + place_name(s, from) + " to reinforce " + the(side) + ".");
        return;
      }
      if (action.verb == "retreat") {
        s.note(role, "retreat", nullptr, the(side) + " break off the battle.");
        ++s.rule_events["battle_won_by_breaking_off"];
        return decide_winner(s, enemy_of(side), "the other side retreated");
      }
      if (action.verb == "withdraw") {
        c.inside = side_units(s, c.battle, side);
        ++s.rule_events["withdrawals_inside_after_round"];
        s.note(role, "withdraw", nullptr, the(side) + " withdraw inside the fortification.");
        return start_assault(s, true);
      }
      if (side == c.attacker) {
        c.acting = defender(c);
        return;
      }
      return start_round(s);
    }
    case CombatStep::assault:
      if (action.verb == "stop") {
        s.note(role, "stop", nullptr, the(c.attacker) + " call off the assault.");
        if (c.round == 0 && !s.location(c.battle).besieged) {
          ++s.rule_events["battle_won_unassaulted_fortification"];
          return decide_winner(s, defender(c), "the fortification was not assaulted");
        }
        ++s.rule_events["assaults_called_off"];
        return assault_over(s);
      }
      ++s.rule_events[c.round == 0 ? "assaults" : "assault_rounds"];
      s.note(role, "assault", nullptr, the(c.attacker) + " assault " + place_name(s, c.battle) + ".");
      c.marker = s.options.d6_combat || c.round > 0 ? c.marker : 2;  // E: the Fort marker serves again
      if (c.round > 0) {
        c.step = CombatStep::surrender;
        c.acting = defender(c);
        return;
      }
      return start_round(s);
    case CombatStep::surrender:
      if (action.verb == "surrender") {
        s.note(role, "surrender", nullptr, the(defender(c)) + " surrender " + place_name(s, c.battle) + ".");
        for (UnitIndex u : inside_defenders(s)) {
          eliminate(s, u);
          ++c.destroyed[index_of(c.attacker)];
        }
        s.location(c.battle).besieged = false;
        ++s.rule_events["surrenders"];
        return decide_winner(s, c.attacker, "the defenders surrendered");
      }
      ++s.rule_events["surrenders_refused"];
      s.note(role, "hold", nullptr, the(defender(c)) + " hold out.");
      return start_round(s);
    case CombatStep::retreat: {
      const LocationIndex to = location_arg(s, action);
      if (!contains(loser_retreat_options(s), to))
        refuse(the(enemy_of(*c.winner)) + " cannot retreat to " + place_name(s, to));
      return retreat_to(s, to);
    }
    case CombatStep::sea_hit: {
      const UnitIndex u = unit_arg(s, action);
      if (!contains(sea_hit_candidates(s), u)) refuse(name_of(s, u) + " cannot take this hit");
      return sea_retreat(s, u);
    }
    case CombatStep::fort: {
      const bool burn = action.verb == "burn";
      s.location(c.battle).fort = burn ? std::nullopt : std::optional<Side>(*c.winner);
      if (burn) ++s.forts_destroyed[index_of(*c.winner)];
      ++s.rule_events[burn ? "forts_burnt_in_battle" : "forts_captured_in_battle"];
      s.note(role, action.verb, nullptr,
             the(*c.winner) + (burn ? " burn the fort at " : " capture the fort at ") + place_name(s, c.battle) + ".");
      return to_booty(s);
    }
    case CombatStep::booty: {
      const UnitIndex u = unit_arg(s, action);
      if (!contains(booty_tribes(s), u)) refuse(name_of(s, u) + " is not here");
      ++s.rule_events["booty_indians_home"];
      send_home(s, u, "with booty");
      --c.booty_left;
      return;
    }
    case CombatStep::raid:
      if (action.verb == "pass") {
        ++s.rule_events["raids_passed"];
        s.note(role, "pass", nullptr, "The French do not raid " + place_name(s, c.battle) + ".");
        return next_battle(s);
      }
      s.location(c.battle).raided = true;
      ++s.rule_events["raids_after_battle"];
      s.note(role, "raid", nullptr, "The French raid " + place_name(s, c.battle) + ".");
      c.step = CombatStep::raid_home;
      return;
    case CombatStep::raid_home: {
      const UnitIndex u = unit_arg(s, action);
      if (!contains(raid_indigenous(s), u)) refuse(name_of(s, u) + " did not raid");
      ++s.rule_events["raid_indians_home"];
      send_home(s, u, "after the raid");
      return next_battle(s);
    }
    case CombatStep::fire:
      reject_verb(action, "the combat");
  }
}

}  // namespace

// --- shared battle rules --------------------------------------------------------------------------
std::vector<UnitIndex> side_units(const State& s, LocationIndex l, Side side) {
  std::vector<UnitIndex> out;
  for (UnitIndex u : units_at(s, l))
    if (controller(s, u) == side) out.push_back(u);
  return out;
}

std::optional<Side> fortification_holder(const State& s, LocationIndex l) {
  if (s.location(l).fort) return s.location(l).fort;
  if (!s.data().location(l).permanently_fortified()) return std::nullopt;
  const Owner o = s.location(l).owner;
  if (o == Owner::french) return Side::french;
  if (o == Owner::british) return Side::british;
  return std::nullopt;
}

std::vector<UnitIndex> loss_candidates(const State& s, const std::vector<UnitIndex>& pool, bool kill, bool woods,
                                       bool first_hit) {
  (void)kill;  // kills and hits alike go to undamaged units first (B; ambiguity 27)
  std::vector<UnitIndex> base;
  for (UnitIndex u : pool)
    if (!s.unit(u).damaged) base.push_back(u);
  if (base.empty()) base = pool;
  if (!woods) return base;
  auto only = [&](auto pred) {
    std::vector<UnitIndex> out;
    for (UnitIndex u : base)
      if (pred(s.data().unit(u))) out.push_back(u);
    if (!out.empty()) base = out;
  };
  if (!first_hit) only([](const Unit& u) { return u.category == Category::regular; });
  only([](const Unit& u) { return u.category != Category::irregular; });
  return base;
}

bool take_hit(State& s, UnitIndex u) {
  if (s.unit(u).damaged || s.data().unit(u).life_points <= 1) {
    eliminate(s, u);
    return true;
  }
  s.unit(u).damaged = true;
  return false;
}

void eliminate(State& s, UnitIndex u) {
  const UnitKind k = s.data().unit(u).kind;
  UnitState& unit = s.unit(u);
  const bool gone =
      k == UnitKind::european_regular || k == UnitKind::garrison || k == UnitKind::tribe || k == UnitKind::iroquois;
  unit.where = gone ? UnitWhere::removed : UnitWhere::force_pool;
  unit.at = no_location;
  unit.damaged = false;
  if (k != UnitKind::tribe) unit.activated = false;
}

namespace {
// Steps from each place to the nearest of `side`'s bases of operations.
std::vector<int> distance_to_bases(const State& s, Side side) {
  std::vector<int> dist(s.locations.size(), 1 << 20);
  std::deque<LocationIndex> queue;
  for (LocationIndex b : s.data().supply_bases[index_of(side)]) {
    dist[static_cast<std::size_t>(b)] = 0;
    queue.push_back(b);
  }
  while (!queue.empty()) {
    const LocationIndex l = queue.front();
    queue.pop_front();
    for (const Adjacent& a : s.data().location(l).neighbours)
      if (dist[static_cast<std::size_t>(a.to)] > dist[static_cast<std::size_t>(l)] + 1) {
        dist[static_cast<std::size_t>(a.to)] = dist[static_cast<std::size_t>(l)] + 1;
        queue.push_back(a.to);
      }
  }
  return dist;
}

bool room_for(const State& s, LocationIndex to, const std::vector<UnitIndex>& units) {
  int all = 0, native = 0;
  auto count = [&](UnitIndex u) {
    const Unit& unit = s.data().unit(u);
    if (!unit.counts_for_stacking) return;
    ++all;
    if (unit.kind == UnitKind::tribe || unit.kind == UnitKind::iroquois) ++native;
  };
  for (UnitIndex u : units_at(s, to)) count(u);
  for (UnitIndex u : units) count(u);
  return all <= s.data().location(to).stacking_limit && native <= s.data().indigenous_per_location;
}
}  // namespace

// IV. COMBAT — H. Retreats.
std::vector<LocationIndex> retreat_destinations(const State& s, LocationIndex from, Side side,
                                                const std::vector<UnitIndex>& units) {
  auto came_from = [&](const std::vector<UnitIndex>& stack) {  // where their last land or water step began
    std::set<LocationIndex> out;
    for (UnitIndex u : stack)
      if (s.unit(u).arrived_by == Arrival::land || s.unit(u).arrived_by == Arrival::waterway)
        out.insert(s.unit(u).came_from);
    return out;
  };
  const auto enemy_came_from = came_from(side_units(s, from, enemy_of(side)));
  std::set<LocationIndex> open;
  for (const Adjacent& a : s.data().location(from).neighbours) {
    const LocationState& at = s.location(a.to);
    const Location& loc = s.data().location(a.to);
    const bool enemy_held =
        at.owner == owner_of(enemy_of(side)) || (side == Side::british && at.owner == Owner::native);
    if (enemy_held || (loc.iroquois_village && !s.iroquois_ally) || enemy_came_from.count(a.to)) continue;
    if (!side_units(s, a.to, enemy_of(side)).empty() || !room_for(s, a.to, units)) continue;
    open.insert(a.to);
  }
  std::vector<LocationIndex> back;
  for (LocationIndex l : came_from(units))
    if (open.count(l)) back.push_back(l);
  if (!back.empty()) return back;
  const auto dist = distance_to_bases(s, side);
  std::vector<LocationIndex> closer, all(open.begin(), open.end());
  for (LocationIndex l : all)
    if (dist[static_cast<std::size_t>(l)] < dist[static_cast<std::size_t>(from)]) closer.push_back(l);
  return closer.empty() ? all : closer;
}

// IV. COMBAT — H. Retreats: the British retreat by sea.
LocationIndex sea_retreat_port(const State& s, Side side, const std::vector<UnitIndex>& units) {
  if (side != Side::british || units.empty()) return no_location;
  const LocationIndex port = s.unit(units.front()).came_from;
  for (UnitIndex u : units)
    if (s.unit(u).arrived_by != Arrival::sea_lift || s.unit(u).came_from != port) return no_location;
  if (port == no_location || !holds(s, port, Side::british) || !side_units(s, port, Side::french).empty() ||
      !room_for(s, port, units))
    return no_location;
  return port;
}

std::vector<LocationIndex> retreat_options(const State& s, LocationIndex from, Side side,
                                           const std::vector<UnitIndex>& units) {
  auto out = retreat_destinations(s, from, side, units);
  const LocationIndex port = sea_retreat_port(s, side, units);
  if (port != no_location && !contains(out, port)) out.push_back(port);
  return out;
}

bool retreat_by_sea(const State& s, LocationIndex from, Side side, const std::vector<UnitIndex>& units,
                    LocationIndex to) {
  return to == sea_retreat_port(s, side, units) && !contains(retreat_destinations(s, from, side, units), to);
}

// PROMOTIONS.
void note_promotable(State& s, LocationIndex l, Side victor) {
  auto& list = s.promotable[index_of(victor)];
  for (UnitIndex u : side_units(s, l, victor)) {
    if (s.data().unit(u).kind != UnitKind::militia || contains(list, u)) continue;
    list.push_back(u);
    ++s.rule_events["militia_promotable"];
    s.note(role_of(victor), "promotable", s.data().unit(u).id,
           name_of(s, u) + " won at " + place_name(s, l) + " and may be promoted in the winter.");
  }
}

void retreat_units(State& s, const std::vector<UnitIndex>& units, LocationIndex to, Side side) {
  const LocationIndex from = s.unit(units.front()).at;
  ++s.rule_events["retreats"];
  if (std::any_of(units.begin(), units.end(), [&](UnitIndex u) { return s.unit(u).came_from == to; }))
    ++s.rule_events["retreats_back_the_way_they_came"];
  for (UnitIndex u : units) put_on_map(s, u, to);
  recover(s, units);  // I: retreated units recover too
  s.note(role_of(side), "location", s.data().location(to).id,
         the(side) + " retreat from " + place_name(s, from) + " to " + place_name(s, to) + ".");
}

void take_place(State& s, LocationIndex l, Side winner) {
  const Location& loc = s.data().location(l);
  LocationState& at = s.location(l);
  const Side loser = enemy_of(winner);
  const bool theirs = at.owner == owner_of(loser) || (winner == Side::british && at.owner == Owner::native) ||
                      (at.owner == Owner::iroquois && s.iroquois_ally == loser);
  if (!theirs) return;
  at.owner = owner_of(winner);
  ++s.rule_events["places_captured_in_battle"];
  s.note(role_of(winner), "capture", loc.id, the(winner) + " take " + loc.name + ".");
  // IROQUOIS ADJUSTMENT 2: a permanent fortification, town or village taken from the enemy.
  if (loc.type == LocationType::city || loc.type == LocationType::town || loc.type == LocationType::village) {
    ++s.great_victories[index_of(winner)];
    ++s.rule_events["great_victories_captures"];
    s.note(role_of(winner), "great_victory", nullptr, "A Great Victory for " + the(winner) + ".");
  }
}

void recover(State& s, const std::vector<UnitIndex>& units) {
  for (UnitIndex u : units)
    if (s.unit(u).damaged) {
      s.unit(u).damaged = false;
      ++s.rule_events["units_recovered"];
    }
}

bool enter_combat(State& s) {
  auto battles = contested_locations(s);
  if (battles.empty()) return false;
  s.combat = CombatState{};
  s.combat->battles = std::move(battles);
  if (!run_battles(s)) {
    s.combat.reset();
    return false;
  }
  return true;
}

void list_combat(const State& s, engine::ActionList& out) { list_step(s, out); }

void apply_combat(State& s, const Action& action) {
  apply_step(s, action);
  if (!run_battles(s)) finish_battles(s);
}

std::string combat_prompt(const State& s) {
  const CombatState& c = cs(s);
  const std::string at = c.battle == no_location ? "" : place_name(s, c.battle);
  switch (c.step) {
    case CombatStep::choose_battle:
      return "Choose the next battle you attack.";
    case CombatStep::withdraw:
      return "Battle of " + at + ": withdraw inside the fortification, or stay out and fight.";
    case CombatStep::allocate: {
      for (Side side : {c.attacker, defender(c)}) {
        const Losses& l = c.losses[index_of(side)];
        if (l.kills == 0 && l.hits == 0) continue;
        return "Battle of " + at + ": choose the unit of " + the(side) + " that takes the next " +
               (l.kills > 0 ? "elimination" : "hit") + " (" + std::to_string(l.kills) + " kill(s), " +
               std::to_string(l.hits) + " hit(s) left).";
      }
      return "";
    }
    case CombatStep::round_end:
      return "Battle of " + at + ", after round " + std::to_string(c.round) +
             ": call a reinforcement from a neighbouring place, retreat, or fight on (done).";
    case CombatStep::assault:
      return "Battle of " + at + ": launch assault round " + std::to_string(c.round + 1) + ", or stop.";
    case CombatStep::surrender:
      return "Battle of " + at + ": hold the fortification or surrender.";
    case CombatStep::retreat:
      return "Battle of " + at + ": choose where your units retreat.";
    case CombatStep::fort:
      return "Battle of " + at + ": capture the enemy fort, or burn it.";
    case CombatStep::booty:
      return "Battle of " + at + ": choose a tribe that goes home with booty (" + std::to_string(c.booty_left) +
             " left).";
    case CombatStep::raid:
      return "Battle of " + at + ": raid the captured place, or pass.";
    case CombatStep::raid_home:
      return "Battle of " + at + ": choose the indigenous unit that goes home after the raid.";
    case CombatStep::sea_hit:
      return "Battle of " + at + ": choose the unit that takes the extra hit of the retreat by sea.";
    case CombatStep::fire:
      return "";
  }
  return "";
}

}  // namespace warpath::mohicans
