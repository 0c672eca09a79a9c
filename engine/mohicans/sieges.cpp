// V. SIEGES (IV. COMBAT: G. Sieges, H. Retreats, I. Recovery): the siege rolls at the turn's end, and
// the lifting of every siege at a year's end.
#include "engine/mohicans/sieges.hpp"

#include <algorithm>

#include "engine/mohicans/combat.hpp"
#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

SiegesState& ss(State& s) { return *s.sieges; }
const SiegesState& ss(const State& s) { return *s.sieges; }

// The defender is inside his fortification; the besieger is the other side.
Side defender_at(const State& s, LocationIndex l) { return fortification_holder(s, l).value_or(Side::french); }
Side besieger_at(const State& s, LocationIndex l) { return enemy_of(defender_at(s, l)); }

// The besieger's units (the immobile garrison never counts among them).
std::vector<UnitIndex> besiegers(const State& s, LocationIndex l) { return side_units(s, l, besieger_at(s, l)); }

int regulars_and_militia(const State& s, const std::vector<UnitIndex>& units) {
  return static_cast<int>(std::count_if(units.begin(), units.end(),
                                        [&](UnitIndex u) { return s.data().unit(u).category != Category::irregular; }));
}

// G: +2 at Québec and Louisbourg; +2 at a port or a place on a waterway (a river, coast or lake).
int defender_bonus(const State& s, LocationIndex l) {
  const Tables& t = s.data().tables;
  const Location& loc = s.data().location(l);
  int bonus = 0;
  for (const auto& [city, add] : t.siege_city_bonus)
    if (city == l) bonus += add;
  const bool waterway = loc.port || !loc.lakes.empty() ||
                        std::any_of(loc.neighbours.begin(), loc.neighbours.end(),
                                    [](const Adjacent& a) { return a.type == LineType::waterway; });
  if (waterway) bonus += t.siege_port_or_waterway_bonus;
  return bonus;
}

int roll_dice(State& s, int n, std::string& faces) {
  int total = 0;
  for (int i = 0; i < n; ++i) {
    const int d = s.roll_die(6);
    total += d;
    faces += (faces.empty() ? "" : "+") + std::to_string(d);
  }
  return total;
}

// The siege is over: I. Recovery for those inside, no longer besieged.
void end_siege(State& s) {
  const LocationIndex l = ss(s).siege;
  recover(s, side_units(s, l, defender_at(s, l)));
  s.location(l).besieged = false;
  ss(s).siege = no_location;
  ss(s).step = SiegeStep::roll;
}

// G: the besieger wins: every unit inside is removed and the place is his.
void capture(State& s, LocationIndex l) {
  const Side winner = besieger_at(s, l);
  for (UnitIndex u : side_units(s, l, enemy_of(winner))) eliminate(s, u);
  if (s.location(l).fort) s.location(l).fort = winner;
  s.note(role_of(winner), "capture", nullptr, the(winner) + " take the fortification of " + place_name(s, l) + ".");
  take_place(s, l, winner);
  recover(s, side_units(s, l, winner));
  note_promotable(s, l, winner);
  end_siege(s);
}

// IV. COMBAT — G. Sieges, I. Recovery: no siege outlasts its year. In a year's last turn a besieger who
// has not taken the place must retreat (after a lost roll or a tie alike), and the siege is lifted;
// earlier in the year he may stay.
void after_failed_siege(State& s) {
  if (s.turn_info().last_of_year()) {
    ++s.rule_events["sieges_lifted_at_year_end"];
    ss(s).step = SiegeStep::retreat;
  } else {
    ss(s).step = SiegeStep::lift;
  }
}

void roll_siege(State& s) {
  SiegesState& g = ss(s);
  g.siege = g.sieges.front();
  g.sieges.erase(g.sieges.begin());
  const LocationIndex l = g.siege;
  const Side def = defender_at(s, l), bes = enemy_of(def);
  if (side_units(s, l, def).empty() || besiegers(s, l).empty()) {  // nothing left to besiege
    if (side_units(s, l, def).empty() && !besiegers(s, l).empty()) {
      ++s.rule_events["sieges_taken_empty"];
      return capture(s, l);
    }
    ++s.rule_events["sieges_ended_empty"];
    return end_siege(s);
  }
  std::string bf, df;
  const int b_add = regulars_and_militia(s, besiegers(s, l));
  const int d_add = regulars_and_militia(s, side_units(s, l, def)) + defender_bonus(s, l);
  const int b = roll_dice(s, s.data().tables.siege_dice, bf) + b_add;
  const int d = roll_dice(s, s.data().tables.siege_dice, df) + d_add;
  s.note(role_of(bes), "siege", s.data().location(l).id,
         "Siege of " + place_name(s, l) + ": " + the(bes) + " roll " + bf + "+" + std::to_string(b_add) + " = " +
             std::to_string(b) + ", " + the(def) + " roll " + df + "+" + std::to_string(d_add) + " = " +
             std::to_string(d) + ".");
  ++s.rule_events["sieges_rolled"];
  if (b > d) {
    ++s.rule_events["sieges_taken"];
    return capture(s, l);
  }
  if (b == d) {  // G: a tie costs each side one hit
    ++s.rule_events["siege_ties"];
    g.hits = {1, 1};
    g.step = SiegeStep::allocate;
    return;
  }
  ++s.rule_events["sieges_held"];
  after_failed_siege(s);
}

std::vector<UnitIndex> hit_candidates(const State& s, Side side) {
  return loss_candidates(s, side_units(s, ss(s).siege, side), false, false, true);
}

std::optional<Side> side_to_hit(State& s) {
  SiegesState& g = ss(s);
  for (Side side : {besieger_at(s, g.siege), defender_at(s, g.siege)}) {
    if (g.hits[index_of(side)] > 0 && side_units(s, g.siege, side).empty()) g.hits[index_of(side)] = 0;
    if (g.hits[index_of(side)] > 0) return side;
  }
  return std::nullopt;
}

void hit(State& s, Side side, UnitIndex u) {
  --ss(s).hits[index_of(side)];
  ++s.rule_events["siege_tie_hits"];
  const std::string name = s.data().unit(u).name;
  const bool gone = take_hit(s, u);
  s.note(role_of(side), "unit", s.data().unit(u).id, name + (gone ? " is eliminated." : " is hit and flipped."));
}

// H: the besiegers' retreats, by land or (British units all landed there by the Sea Lift this
// turn) back to their port of origin by sea.
std::vector<LocationIndex> destinations(const State& s) {
  const LocationIndex l = ss(s).siege;
  return retreat_options(s, l, besieger_at(s, l), besiegers(s, l));
}

// H: the besiegers leave for `to`; by sea, they first put one extra hit on a unit (sea_hit).
void retreat_besiegers(State& s, LocationIndex to) {
  SiegesState& g = ss(s);
  const Side bes = besieger_at(s, g.siege);
  const auto units = besiegers(s, g.siege);
  if (retreat_by_sea(s, g.siege, bes, units, to)) {
    ++s.rule_events["siege_sea_retreats"];
    g.sea_port = to;
    g.step = SiegeStep::sea_hit;
    return;
  }
  retreat_units(s, units, to, bes);
  end_siege(s);
}

std::vector<UnitIndex> sea_hit_candidates(const State& s) {
  return loss_candidates(s, besiegers(s, ss(s).siege), false, false, true);
}

// H: the extra hit of the retreat by sea, then the voyage to the port of origin.
void sea_hit(State& s, UnitIndex u) {
  SiegesState& g = ss(s);
  const Side bes = besieger_at(s, g.siege);
  const std::string name = s.data().unit(u).name;
  const bool gone = take_hit(s, u);
  s.note(role_of(bes), "unit", s.data().unit(u).id,
         name + (gone ? " is eliminated" : " is hit and flipped") + " in the retreat by sea.");
  if (const auto units = besiegers(s, g.siege); !units.empty()) retreat_units(s, units, g.sea_port, bes);
  g.sea_port = no_location;
  end_siege(s);
}

// Runs until a decision waits; false when every siege is solved.
bool run_sieges(State& s) {
  for (int guard = 0; guard < 1000; ++guard) {
    SiegesState& g = ss(s);
    switch (g.step) {
      case SiegeStep::roll:
        if (g.sieges.empty()) return false;
        roll_siege(s);
        continue;
      case SiegeStep::allocate: {
        const auto side = side_to_hit(s);
        if (!side) {  // the siege goes on unless a side is gone
          const LocationIndex l = g.siege;
          if (side_units(s, l, defender_at(s, l)).empty() && !besiegers(s, l).empty()) {
            capture(s, l);
          } else if (besiegers(s, l).empty() || side_units(s, l, defender_at(s, l)).empty()) {
            end_siege(s);
          } else if (s.turn_info().last_of_year()) {
            after_failed_siege(s);
          } else {
            g.siege = no_location;
            g.step = SiegeStep::roll;
          }
          continue;
        }
        const auto options = hit_candidates(s, *side);
        if (options.size() == 1) {
          hit(s, *side, options.front());
          continue;
        }
        s.active = *side;
        return true;
      }
      case SiegeStep::lift:
        s.active = besieger_at(s, g.siege);
        return true;
      case SiegeStep::retreat: {
        const auto to = destinations(s);
        if (to.size() > 1) {
          s.active = besieger_at(s, g.siege);
          return true;
        }
        const Side bes = besieger_at(s, g.siege);
        const auto units = besiegers(s, g.siege);
        if (units.empty()) {
          end_siege(s);
          continue;
        }
        if (to.empty()) {
          for (UnitIndex u : units) eliminate(s, u);
          ++s.rule_events["siege_retreats_eliminated"];
          s.note(
              role_of(bes), "retreat", nullptr,
              the(bes) + " have nowhere to retreat from " + place_name(s, g.siege) + ": their units are eliminated.");
          end_siege(s);
        } else {
          retreat_besiegers(s, to.front());
        }
        continue;
      }
      case SiegeStep::sea_hit: {
        const auto options = sea_hit_candidates(s);
        if (options.size() == 1) {
          sea_hit(s, options.front());
          continue;
        }
        s.active = besieger_at(s, g.siege);
        return true;
      }
    }
  }
  throw std::logic_error("Mohicans sieges: the sieges do not end");
}

void finish_sieges(State& s) {
  s.sieges.reset();
  advance(s);
}

[[noreturn]] void refuse(const std::string& why) { throw ActionRejected(ErrorCode::illegal_action, why); }

// The unit the action names to take a hit, refused unless it is among `options`.
UnitIndex hit_taker(const State& s, const Action& action, const std::vector<UnitIndex>& options) {
  const UnitIndex u = unit_arg(s, action);
  if (std::find(options.begin(), options.end(), u) == options.end())
    refuse(s.data().unit(u).name + " cannot take this hit");
  return u;
}

}  // namespace

bool enter_sieges(State& s) {
  SiegesState sieges;
  for (std::size_t l = 0; l < s.locations.size(); ++l)
    if (s.locations[l].besieged) sieges.sieges.push_back(static_cast<LocationIndex>(l));
  if (sieges.sieges.empty()) return false;
  s.sieges = std::move(sieges);
  if (!run_sieges(s)) {
    s.sieges.reset();
    return false;
  }
  return true;
}

void list_sieges(const State& s, engine::ActionList& out) {
  const SiegesState& g = ss(s);
  switch (g.step) {
    case SiegeStep::allocate:
      for (Side side : {besieger_at(s, g.siege), defender_at(s, g.siege)})
        if (g.hits[index_of(side)] > 0) {
          for (UnitIndex u : hit_candidates(s, side)) out.add("unit", s.data().unit(u).id);
          return;
        }
      return;
    case SiegeStep::lift:
      out.add("stay");
      out.add("retreat");
      return;
    case SiegeStep::retreat:
      for (LocationIndex l : destinations(s)) out.add("location", s.data().location(l).id);
      return;
    case SiegeStep::sea_hit:
      for (UnitIndex u : sea_hit_candidates(s)) out.add("unit", s.data().unit(u).id);
      return;
    case SiegeStep::roll:
      return;
  }
}

void apply_sieges(State& s, const Action& action) {
  SiegesState& g = ss(s);
  const std::string role = role_of(s.active);
  switch (g.step) {
    case SiegeStep::allocate: {
      if (action.verb != "unit") reject_verb(action, "the siege's hits");
      const auto side = side_to_hit(s);
      hit(s, *side, hit_taker(s, action, hit_candidates(s, *side)));
      break;
    }
    case SiegeStep::lift:
      if (action.verb == "stay") {
        ++s.rule_events["sieges_kept_up"];
        s.note(role, "stay", nullptr, the(s.active) + " keep up the siege of " + place_name(s, g.siege) + ".");
        g.siege = no_location;
        g.step = SiegeStep::roll;
      } else if (action.verb == "retreat") {
        ++s.rule_events["sieges_lifted_by_retreat"];
        g.step = SiegeStep::retreat;
      } else {
        reject_verb(action, "the siege");
      }
      break;
    case SiegeStep::retreat: {
      if (action.verb != "location") reject_verb(action, "the siege's retreat");
      const LocationIndex to = location_arg(s, action);
      const auto options = destinations(s);
      if (std::find(options.begin(), options.end(), to) == options.end())
        refuse("the besiegers cannot retreat to " + place_name(s, to));
      retreat_besiegers(s, to);
      break;
    }
    case SiegeStep::sea_hit: {
      if (action.verb != "unit") reject_verb(action, "the retreat by sea");
      sea_hit(s, hit_taker(s, action, sea_hit_candidates(s)));
      break;
    }
    case SiegeStep::roll:
      reject_verb(action, "the sieges");
  }
  if (!run_sieges(s)) finish_sieges(s);
}

std::string sieges_prompt(const State& s) {
  const SiegesState& g = ss(s);
  const std::string at = g.siege == no_location ? "" : place_name(s, g.siege);
  switch (g.step) {
    case SiegeStep::allocate:
      return "Siege of " + at + ": a tie; choose the unit that takes your hit.";
    case SiegeStep::lift:
      return "Siege of " + at + ": the defenders held; keep up the siege or retreat.";
    case SiegeStep::retreat:
      return "Siege of " + at + ": choose where the besiegers retreat.";
    case SiegeStep::sea_hit:
      return "Siege of " + at + ": the retreat by sea costs a hit; choose the unit that takes it.";
    case SiegeStep::roll:
      return "";
  }
  return "";
}

}  // namespace warpath::mohicans
