#include "engine/mohicans/turn.hpp"

#include <algorithm>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

std::string turn_name(const State& s) {
  const Turn& t = s.turn_info();
  if (t.season == Season::single) return std::to_string(t.year);
  return std::to_string(t.year) + " " + std::string(season_names(t.season));
}

// Deployment: a shovel fort appears at the start of its year unless the other side holds the place
// by then.
void raise_shovel_forts(State& s) {
  for (const auto& [l, fort] : s.data().reinforcements.shovel_forts) {
    if (fort.year != s.turn_info().year || holds(s, l, enemy_of(fort.side)) || s.location(l).fort) continue;
    s.location(l).fort = fort.side;
    ++s.rule_events["shovel_forts_raised"];
    s.note("", "fort", s.data().location(l).id,
           "A " + std::string(side_titles(fort.side)) + " fort appears at " + s.data().location(l).name + ".");
  }
}

// IROQUOIS ADJUSTMENT: a side that begins its turn with all six nations showing its colour has
// them for good.
void check_iroquois_join(State& s, Side side) {
  if (s.iroquois_ally) return;
  const auto showing = iroquois_showing(s);
  if (showing.empty() ||
      !std::all_of(showing.begin(), showing.end(), [&](UnitIndex u) { return s.data().unit(u).aligned_with == side; }))
    return;
  s.iroquois_ally = side;
  ++s.rule_events[side == Side::french ? "six_nations_join_french" : "six_nations_join_british"];
  s.note("", "iroquois", std::string(side_names(side)), "The Six Nations join " + the(side) + " for good.");
}

}  // namespace

bool meets_victory_conditions(const State& s, Side side) {
  const Victory& v = s.data().tables.victory;
  auto held = [&](LocationIndex l) { return holds(s, l, side); };
  if (side == Side::french)
    return std::all_of(v.french_all_of.begin(), v.french_all_of.end(), held) &&
           std::any_of(v.french_one_of.begin(), v.french_one_of.end(), held);
  return std::count_if(v.british_of.begin(), v.british_of.end(), held) >= v.british_count &&
         std::any_of(v.british_one_of.begin(), v.british_one_of.end(), held);
}

void end_game(State& s, Side winner, std::string reason) {
  s.outcome = Outcome{winner, std::move(reason)};
  s.over = true;
  s.note("", "game_over", std::string(side_names(winner)),
         "The game is over: " + the(winner) + " win (" + s.outcome->reason + ").");
}

// A turn begins: a side holding its objectives wins (VICTORY CONDITIONS: "to begin a turn ...
// holding"; the French are checked first, as they act first in a turn); a year's first turn raises
// its shovel forts.
bool enter_turn_start(State& s) {
  s.supply = SupplyPoints{};
  s.note("", "turn", turn_name(s), "Turn " + std::to_string(s.turn + 1) + ": " + turn_name(s) + ".");
  for (Side side : both_sides)
    if (meets_victory_conditions(s, side)) {
      ++s.rule_events[side == Side::french ? "victory_french_objectives_turn_start"
                                           : "victory_british_objectives_turn_start"];
      end_game(s, side, "holds its objectives at the start of a turn");
      return true;
    }
  if (s.turn_info().first_of_year()) raise_shovel_forts(s);
  return false;
}

// I. SUPPLY POINTS ALLOCATION: the French roll 2d6+4 land points; the British 2d6+6 land and 1d6
// sea points (tables.json). A roll replaces what the side had: points do not carry over.
bool enter_supply_points(State& s) {
  const Side side = current_row(s).side.value();
  check_iroquois_join(s, side);
  const SupplyRolls& rolls = s.data().tables.supply_points[index_of(side)];
  auto roll = [&](const Roll& r, std::string& text) {
    int total = r.add;
    for (int i = 0; i < r.dice; ++i) {
      const int die = s.roll_die();
      total += die;
      text += (i == 0 ? "" : "+") + std::to_string(die);
    }
    if (r.add != 0) text += "+" + std::to_string(r.add);
    return total;
  };
  std::string text = the(side) + " roll ";
  s.supply.land[index_of(side)] = roll(rolls.land, text);
  text += " = " + std::to_string(s.supply.land[index_of(side)]) + " land Supply Points";
  if (rolls.sea) {
    text += ", and ";
    s.supply.sea = roll(*rolls.sea, text);
    text += " = " + std::to_string(s.supply.sea) + " sea Supply Points";
  }
  s.note("", "supply_points", std::string(side_names(side)), text + ".");
  return false;
}

// The turn marker moves on; after the last turn the game ends: the British win holding their
// objectives, else the French (who win by holding theirs or by denying the British theirs).
bool enter_turn_end(State& s) {
  if (s.turn + 1 < static_cast<int>(s.data().tables.turns.size())) {
    ++s.turn;
    return false;
  }
  if (meets_victory_conditions(s, Side::french)) {
    ++s.rule_events["victory_french_objectives_game_end"];
    end_game(s, Side::french, "holds its objectives at the end of the game");
  } else if (meets_victory_conditions(s, Side::british)) {
    ++s.rule_events["victory_british_objectives_game_end"];
    end_game(s, Side::british, "holds its objectives at the end of the game");
  } else {
    ++s.rule_events["victory_french_denial"];
    end_game(s, Side::french, "denied the British their objectives");
  }
  return true;
}

}  // namespace warpath::mohicans
