// VIII. REINFORCEMENT AND RESTORATION — REINFORCEMENTS and "Naval Units & Reinforcements";
// OPTIONAL RULES: HISTORICAL REINFORCEMENTS; SPECIAL RULES: INDIAN TRIBES (the ships' tribe
// musters), MILITIA (the militia muster); ambiguities 9, 12, 30, 34.
#include "engine/mohicans/reinforcements.hpp"

#include <algorithm>
#include <climits>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"
#include "engine/mohicans/winter.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

constexpr std::string_view tribes_choice = "tribes", militia_choice = "militia";

// For units and places alike (both are 16-bit indices).

int year_of(const State& s) { return s.turn_info().year; }
UnitSide own(Side side) { return side == Side::french ? UnitSide::french : UnitSide::british; }

std::vector<LocationIndex> all_places(const State& s) {
  std::vector<LocationIndex> out(s.locations.size());
  for (std::size_t l = 0; l < out.size(); ++l) out[l] = static_cast<LocationIndex>(l);
  return out;
}

// The year a counter is listed for in the historical schedule, or none.
std::optional<int> listed_year(const State& s, UnitIndex u) {
  const UnitSide side = s.data().unit(u).side;
  if (side != UnitSide::french && side != UnitSide::british) return std::nullopt;
  for (const auto& [year, units] : s.data().reinforcements.historical[side == UnitSide::french ? 0 : 1])
    if (contains(units, u)) return year;
  return std::nullopt;
}

// --- places ------------------------------------------------------------------------------------
// Ambiguity 9: arriving units land at any friendly port with room.
std::vector<LocationIndex> landing_ports(const State& s, UnitIndex u, Side side) {
  std::vector<LocationIndex> out;
  for (LocationIndex l : all_places(s))
    if (s.data().location(l).port && friendly_place(s, l, side) && within_stacking(s, u, l)) out.push_back(l);
  return out;
}

// MILITIA: a muster goes to the side's original holdings still in its hands.
std::vector<LocationIndex> muster_places(const State& s, UnitIndex u, Side side) {
  std::vector<LocationIndex> out;
  for (LocationIndex l : all_places(s))
    if (s.data().location(l).original_holding_of(side) && holds(s, l, side) && within_stacking(s, u, l))
      out.push_back(l);
  return out;
}

// APPOINTMENTS AND SUPPLIES: the Colonial Regulars come on at the convoy's listed cities.
std::vector<LocationIndex> colonial_places(const State& s, UnitIndex u) {
  std::vector<LocationIndex> out;
  const NavalIndex ship = s.reinforcement->ships.front();
  for (LocationIndex l : s.data().naval_piece(ship).effect.colonial_regulars_at)
    if (holds(s, l, Side::british) && within_stacking(s, u, l)) out.push_back(l);
  return out;
}

// INDIAN TRIBES: a ship's tribes may join a Coureur only where a supply line reaches Montreal,
// Quebec or another French-held place with a fort.
bool tribes_supplied(const State& s, LocationIndex l) {
  return supply_line_to(s, l, Side::french, [&](LocationIndex x) {
    return holds(s, x, Side::french) &&
           (s.data().location(x).permanently_fortified() || s.location(x).fort == Side::french);
  });
}

// PRIVATEERS and GIFTS AND SUPPLIES: tribes join a Coureur in the original French holdings.
std::vector<LocationIndex> coureur_places(const State& s, UnitIndex tribe) {
  std::vector<LocationIndex> out;
  for (UnitIndex c : all_units(s)) {
    const LocationIndex l = s.unit(c).at;
    if (s.data().unit(c).kind != UnitKind::coureur_de_bois || s.unit(c).where != UnitWhere::map ||
        l == s.unit(tribe).at || !s.data().location(l).original_holding_of(Side::french) ||
        !friendly_place(s, l, Side::french) || contains(out, l) || !within_stacking(s, tribe, l) ||
        !tribes_supplied(s, l))
      continue;
    out.push_back(l);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// --- the units of each part -------------------------------------------------------------------------
// Ambiguity 34: the side's waiting European regulars of the earliest listed year (unlisted last).
std::vector<UnitIndex> next_regulars(const State& s, Side side) {
  std::vector<UnitIndex> out;
  int earliest = INT_MAX;
  for (UnitIndex u : all_units(s)) {
    if (s.data().unit(u).side != own(side) || s.unit(u).where != UnitWhere::awaiting) continue;
    const int year = listed_year(s, u).value_or(INT_MAX - 1);
    if (year < earliest) {
      earliest = year;
      out.clear();
    }
    if (year == earliest) out.push_back(u);
  }
  return out;
}

std::vector<UnitIndex> part_units(const State& s) {
  const ReinforcementState& r = *s.reinforcement;
  const Side side = s.active;
  std::vector<UnitIndex> out;
  for (UnitIndex u : all_units(s)) {
    const Unit& unit = s.data().unit(u);
    const UnitState& at = s.unit(u);
    switch (r.part) {
      case LandingPart::militia:  // ambiguity 30: pool militia whose home is friendly
        if (unit.side == own(side) && unit.kind == UnitKind::militia && at.where == UnitWhere::force_pool &&
            holds(s, unit.home, side) && !muster_places(s, u, side).empty())
          out.push_back(u);
        break;
      case LandingPart::colonials:
        if (unit.side == UnitSide::british && unit.kind == UnitKind::colonial_regular &&
            at.where == UnitWhere::force_pool && available_in(s, u, year_of(s)) && !colonial_places(s, u).empty())
          out.push_back(u);
        break;
      case LandingPart::tribes:  // already activated tribes may come too
        if (unit.kind == UnitKind::tribe && at.where == UnitWhere::map && controller(s, u) == Side::french &&
            !coureur_places(s, u).empty())
          out.push_back(u);
        break;
      default:
        break;
    }
  }
  return out;
}

std::vector<LocationIndex> places_for(const State& s, UnitIndex u) {
  switch (s.reinforcement->part) {
    case LandingPart::scheduled:
      return landing_ports(s, u, s.active);
    case LandingPart::militia:
      return muster_places(s, u, s.active);
    case LandingPart::colonials:
      return colonial_places(s, u);
    case LandingPart::tribes:
      return coureur_places(s, u);
    default:
      return {};
  }
}

// The ports that can take at least one of the ship's regulars.
std::vector<LocationIndex> ship_ports(const State& s) {
  const auto regulars = next_regulars(s, s.active);
  if (regulars.empty()) return {};
  return landing_ports(s, regulars.front(), s.active);
}

// --- the parts in order ----------------------------------------------------------------------------
void land(State& s, UnitIndex u, LocationIndex l, const std::string& how) {
  put_on_map(s, u, l);
  if (s.data().unit(u).kind == UnitKind::tribe) s.unit(u).activated = true;
  s.note(std::string(side_names(s.active)), "unit", s.data().unit(u).id,
         unit_name(s, u) + " " + how + " at " + place_name(s, l) + ".");
}

void start_ship(State& s) {
  ReinforcementState& r = *s.reinforcement;
  const NavalPiece& ship = s.data().naval_piece(r.ships.front());
  r.port = no_location;
  r.selected = no_unit;
  r.left = 0;
  if (ship.effect.european_regulars > 0) {
    r.part = LandingPart::port;
    r.left = ship.effect.european_regulars;
  } else if (ship.effect.one_of) {
    r.part = LandingPart::choose;
  } else {
    r.part = LandingPart::militia;
    r.left = ship.effect.militia_muster;
  }
  ++s.rule_events["ships_landing"];
  s.note(std::string(side_names(s.active)), "ship", ship.id,
         ship.name + " brings " + the(s.active) + " reinforcements.");
}

// The current part is over: the next part of the ship, or the next ship.
void end_part(State& s) {
  ReinforcementState& r = *s.reinforcement;
  r.selected = no_unit;
  if (r.part == LandingPart::scheduled) {
    r.scheduled.erase(r.scheduled.begin());
    if (r.scheduled.empty() && !r.ships.empty()) start_ship(s);
    return;
  }
  const NavalEffect& effect = s.data().naval_piece(r.ships.front()).effect;
  if (r.part == LandingPart::militia && effect.colonial_regulars > 0 && !effect.one_of) {
    r.part = LandingPart::colonials;
    r.left = effect.colonial_regulars;
    return;
  }
  r.ships.erase(r.ships.begin());
  if (!r.ships.empty()) start_ship(s);
}

bool nothing_left(const ReinforcementState& r) { return r.scheduled.empty() && r.ships.empty(); }

// Does what needs no decision (parts with nothing to bring; regulars with no choice among them);
// false when the side has landed everything.
bool settle(State& s) {
  for (;;) {
    if (nothing_left(*s.reinforcement)) {
      s.reinforcement.reset();
      return false;
    }
    ReinforcementState& r = *s.reinforcement;
    switch (r.part) {
      case LandingPart::scheduled:
        if (!landing_ports(s, r.scheduled.front(), s.active).empty()) return true;
        ++s.rule_events["historical_no_room"];
        s.note("", "no_room", s.data().unit(r.scheduled.front()).id,
               unit_name(s, r.scheduled.front()) + " finds no friendly port with room and waits.");
        end_part(s);
        break;
      case LandingPart::choose:
        return true;
      case LandingPart::port:
        if (!ship_ports(s).empty()) return true;
        end_part(s);
        break;
      case LandingPart::regulars: {
        const auto regulars = next_regulars(s, s.active);
        if (r.left <= 0 || regulars.empty() || !within_stacking(s, regulars.front(), r.port)) {
          end_part(s);
          break;
        }
        // The owner chooses only within a year that has more regulars than may still land.
        if (static_cast<int>(regulars.size()) > r.left) return true;
        for (UnitIndex u : regulars)
          if (r.left > 0 && within_stacking(s, u, r.port)) {
            ++s.rule_events["european_regulars_landed"];
            land(s, u, r.port, "lands");
            --r.left;
          }
        if (r.left <= 0 || next_regulars(s, s.active).empty())
          end_part(s);
        else if (!within_stacking(s, next_regulars(s, s.active).front(), r.port))
          end_part(s);
        break;
      }
      default:
        if (r.selected != no_unit) return true;
        if (r.left > 0 && !part_units(s).empty()) return true;
        end_part(s);
        break;
    }
  }
}

}  // namespace

bool available_in(const State& s, UnitIndex u, int year) {
  if (!s.options.historical_reinforcements) return true;
  const auto listed = listed_year(s, u);
  return !listed || *listed <= year;
}

bool enter_reinforcements(State& s) {
  const Side side = current_row(s).side.value();
  if (!s.turn_info().first_of_year()) return false;
  const GameData& d = s.data();
  const int year = year_of(s);
  ReinforcementState r;
  if (!s.options.historical_reinforcements) {
    for (NavalIndex n : s.naval.arrived)
      if (d.naval_piece(n).side == side) r.ships.push_back(n);
  } else {
    // HISTORICAL REINFORCEMENTS: the listed regulars of this year (and earlier ones still waiting).
    for (const auto& [listed, units] : d.reinforcements.historical[index_of(side)])
      for (UnitIndex u : units)
        if (listed <= year && s.unit(u).where == UnitWhere::awaiting) r.scheduled.push_back(u);
    const auto& rr = d.reinforcements;
    if (side == rr.random_side && year >= rr.random_from_year)
      for (UnitIndex u : rr.random_units) {
        if (s.unit(u).where != UnitWhere::awaiting) continue;
        const int die = s.roll_die(rr.random_die);
        const bool enters = die >= rr.random_enters_on;
        if (enters) r.scheduled.push_back(u);
        ++s.rule_events[enters ? "random_battalions_sail" : "random_battalions_wait"];
        s.note("", "random_reinforcement", d.unit(u).id,
               unit_name(s, u) + " rolls " + std::to_string(die) + (enters ? ": it sails this year." : ": not yet."));
      }
    if (rr.yearly_supply_convoy && year > d.setup.year)
      for (NavalIndex n : d.naval_war_pieces(side))
        if (d.naval_piece(n).kind == NavalKind::supply_convoy) r.ships.push_back(n);
  }
  if (nothing_left(r)) return false;
  s.active = side;
  s.reinforcement = std::move(r);
  if (s.reinforcement->scheduled.empty()) start_ship(s);
  return settle(s);
}

void list_reinforcements(const State& s, engine::ActionList& out) {
  const ReinforcementState& r = *s.reinforcement;
  switch (r.part) {
    case LandingPart::scheduled:
      for (LocationIndex l : landing_ports(s, r.scheduled.front(), s.active))
        out.add("location", s.data().location(l).id);
      return;
    case LandingPart::choose:
      out.add("effect", std::string(tribes_choice));
      out.add("effect", std::string(militia_choice));
      return;
    case LandingPart::port:
      for (LocationIndex l : ship_ports(s)) out.add("location", s.data().location(l).id);
      return;
    case LandingPart::regulars:
      for (UnitIndex u : next_regulars(s, s.active)) out.add("unit", s.data().unit(u).id);
      return;
    default:
      if (r.selected != no_unit) {
        for (LocationIndex l : places_for(s, r.selected)) out.add("location", s.data().location(l).id);
        return;
      }
      for (UnitIndex u : part_units(s)) out.add("unit", s.data().unit(u).id);
      out.add("done");
  }
}

void apply_reinforcements(State& s, const Action& action) {
  ReinforcementState& r = *s.reinforcement;
  const std::string role(side_names(s.active));
  switch (r.part) {
    case LandingPart::scheduled: {
      if (action.verb != "location") reject_verb(action, "the reinforcements' landing");
      const LocationIndex l = location_arg(s, action);
      const UnitIndex u = r.scheduled.front();
      if (!contains(landing_ports(s, u, s.active), l))
        throw ActionRejected(ErrorCode::illegal_action, unit_name(s, u) + " cannot land at " + place_name(s, l));
      ++s.rule_events["historical_units_landed"];
      land(s, u, l, "lands");
      end_part(s);
      break;
    }
    case LandingPart::choose: {
      if (action.verb != "effect") reject_verb(action, "the ship's choice");
      const NavalEffect& effect = s.data().naval_piece(r.ships.front()).effect;
      const std::string choice = action.arg.is_string() ? action.arg.get<std::string>() : "";
      if (choice == tribes_choice) {
        ++s.rule_events["ship_choice_tribes"];
        r.part = LandingPart::tribes;
        r.left = effect.tribes_join_coureurs;
      } else if (choice == militia_choice) {
        ++s.rule_events["ship_choice_militia"];
        r.part = LandingPart::militia;
        r.left = effect.militia_muster;
      } else {
        throw ActionRejected(ErrorCode::illegal_action, "the ship brings tribes or militia, not " + action.arg.dump());
      }
      s.note(role, "effect", action.arg, the(s.active) + " choose the " + choice + ".");
      break;
    }
    case LandingPart::port: {
      if (action.verb != "location") reject_verb(action, "the ship's port");
      const LocationIndex l = location_arg(s, action);
      if (!contains(ship_ports(s), l))
        throw ActionRejected(ErrorCode::illegal_action, "the regulars cannot land at " + place_name(s, l));
      r.port = l;
      r.part = LandingPart::regulars;
      s.note(role, "location", s.data().location(l).id,
             the(s.active) + " land the ship's regulars at " + place_name(s, l) + ".");
      break;
    }
    case LandingPart::regulars: {
      if (action.verb != "unit") reject_verb(action, "the ship's regulars");
      const UnitIndex u = unit_arg(s, action);
      if (!contains(next_regulars(s, s.active), u) || !within_stacking(s, u, r.port))
        throw ActionRejected(ErrorCode::illegal_action, unit_name(s, u) + " is not the next regular to sail");
      ++s.rule_events["european_regulars_landed"];
      land(s, u, r.port, "lands");
      --r.left;
      break;
    }
    default: {
      if (r.selected == no_unit) {
        if (action.verb == "done") {
          end_part(s);
          break;
        }
        if (action.verb != "unit") reject_verb(action, "the reinforcements");
        const UnitIndex u = unit_arg(s, action);
        if (!contains(part_units(s), u))
          throw ActionRejected(ErrorCode::illegal_action, unit_name(s, u) + " cannot come with this ship");
        r.selected = u;
        return;
      }
      if (action.verb != "location") reject_verb(action, "the reinforcement's place");
      const LocationIndex l = location_arg(s, action);
      const UnitIndex u = r.selected;
      if (!contains(places_for(s, u), l))
        throw ActionRejected(ErrorCode::illegal_action, unit_name(s, u) + " cannot come to " + place_name(s, l));
      ++s.rule_events[r.part == LandingPart::tribes    ? "tribes_join_coureurs"
                      : r.part == LandingPart::militia ? "reinforcement_militia_mustered"
                                                       : "colonial_regulars_landed"];
      land(s, u, l,
           r.part == LandingPart::tribes    ? "joins the Coureurs"
           : r.part == LandingPart::militia ? "musters"
                                            : "comes on");
      r.selected = no_unit;
      --r.left;
      break;
    }
  }
  if (!settle(s)) advance(s);
}

std::string reinforcements_prompt(const State& s) {
  const ReinforcementState& r = *s.reinforcement;
  const std::string left = " (" + std::to_string(r.left) + " more)";
  switch (r.part) {
    case LandingPart::scheduled:
      return "Choose the friendly port where " + unit_name(s, r.scheduled.front()) + " lands.";
    case LandingPart::choose:
      return s.data().naval_piece(r.ships.front()).name +
             ": choose five tribes to join your Coureurs, or a muster of militia.";
    case LandingPart::port:
      return s.data().naval_piece(r.ships.front()).name + ": choose the one friendly port where its regulars land.";
    case LandingPart::regulars:
      return "Choose a regular to land at " + place_name(s, r.port) + left + ".";
    case LandingPart::militia:
      return r.selected != no_unit ? "Choose where " + unit_name(s, r.selected) + " musters."
                                   : "Reinforcement muster: choose a militia from the pool" + left + ", or done.";
    case LandingPart::colonials:
      return r.selected != no_unit ? "Choose where " + unit_name(s, r.selected) + " comes on."
                                   : "Choose a Colonial Regular from the pool" + left + ", or done.";
    case LandingPart::tribes:
      return r.selected != no_unit ? "Choose the Coureur " + unit_name(s, r.selected) + " joins."
                                   : "Choose a tribe to join a Coureur" + left + ", or done.";
  }
  return "";
}

}  // namespace warpath::mohicans
