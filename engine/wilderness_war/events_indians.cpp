// The events of cards #23-#34 (cards.md): the Indian alliances (5.53), the Mohawks and Cherokees,
// and the events that take Indians (or, with Small Pox, anyone) off the map.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/event_rules.hpp"
#include "engine/wilderness_war/event_support.hpp"
#include "engine/wilderness_war/queries.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;

// The stages of these events (EventState::stage). Every card uses `lone_leaders` the same way.
enum IndianStage : std::uint8_t {
  choose_space = 0,  // Indians Desert, Small Pox: the target space; Cherokees: where they enter
  choose_units,      // Indians Desert: whom to eliminate; Cherokee Uprising, Small Pox: the owner's losses
  spend_points,      // alliances: place or restore
  lone_leaders       // 6.53: the owner of leaders left alone chooses where they retreat
};

void wait_for_choice(State& s, IndianStage stage) {
  ev(s).stage = stage;
  s.step = Step::event;
}

int halved_rounding_up(int n) { return (n + 1) / 2; }

// --- pieces ----------------------------------------------------------------------------------

const Tribe* tribe_of(const State& s, PieceIndex p) {
  if (!is_indian(s, p)) return nullptr;
  const TribeIndex t = s.data().unit(p).tribe;
  return t == no_tribe ? nullptr : &s.data().tribes.at(static_cast<std::size_t>(t));
}

bool in_color_group(const State& s, PieceIndex p, std::string_view group) {
  const Tribe* tribe = tribe_of(s, p);
  return tribe && tribe->color_group == group;
}

bool is_western_indian(const State& s, PieceIndex p) { return in_color_group(s, p, "orange"); }  // 5.531
bool is_mohawk(const State& s, PieceIndex p) { return in_color_group(s, p, "mohawk"); }

void eliminate_by_event(State& s, PieceIndex p) {
  note_event(s, side_of(s, p), "eliminate", s.data().piece_id(p), piece_name(s, p) + " is eliminated.");
  eliminate_piece(s, p);
}

// --- Johnson and distances -----------------------------------------------------------------

// 5.534: the one British leader who commands Mohawks and Iroquois.
PieceIndex johnson(const State& s) {
  const auto& leaders = s.data().leaders;
  for (std::size_t l = 0; l < leaders.size(); ++l)
    if (leaders[l].commands_iroquois_and_mohawk_free) return static_cast<PieceIndex>(l);
  return -1;
}

// "Within two connected spaces" (#28, #29): at most two steps along connections (2.0; arrows
// are no connections).
bool within_two_spaces(const State& s, SpaceIndex from, SpaceIndex to) {
  if (from == to) return true;
  for (SpaceIndex one : adjacent_spaces(s, from)) {
    if (one == to) return true;
    if (are_adjacent(s, one, to)) return true;
  }
  return false;
}

// Johnson's space when he is on the map (and, if `unbesieged_only`, not inside a besieged
// fortification); no_space otherwise.
SpaceIndex johnson_space(const State& s, bool unbesieged_only) {
  const PieceIndex j = johnson(s);
  if (j < 0 || !is_on_map(s, j)) return no_space;
  if (unbesieged_only && is_besieged_piece(s, j)) return no_space;
  return s.space_of(j);
}

// --- 6.53: leaders left alone with the enemy ---------------------------------------------------

// Would a leader of `side` be alone with the enemy at `sp` (6.53)?
bool would_be_alone(const State& s, SpaceIndex sp, Side side) {
  const auto fortification = fortification_side(s, sp);
  if (has_units(s, sp, side) || fortification == side) return false;
  return has_units(s, sp, enemy_of(side)) || fortification == enemy_of(side);
}

// A leader of `side` with no friendly unit or fortification in a space the enemy holds with units
// or a fortification (6.53). The siege marker may not be gone yet: any enemy fortification counts.
bool is_lone_leader(const State& s, PieceIndex p) {
  const SpaceIndex at = s.space_of(p);
  return at != no_space && would_be_alone(s, at, side_of(s, p));
}

SpaceIndex first_lone_leader_space(const State& s, Side side) {
  for (PieceIndex p = 0; p < static_cast<PieceIndex>(s.data().leaders.size()); ++p)
    if (side_of(s, p) == side && is_lone_leader(s, p)) return s.space_of(p);
  return no_space;
}

// 7.92: adjacent spaces without unbesieged enemy units or fortifications (nor any place where the
// leaders would be alone with the enemy again).
std::vector<SpaceIndex> retreat_destinations(const State& s, SpaceIndex where, Side side) {
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp : adjacent_spaces(s, where))
    if (!is_enemy_occupied(s, sp, side) && !would_be_alone(s, sp, side)) out.push_back(sp);
  return out;
}

// 6.53: the lone leaders of `side` at `where` retreat to `to`, or are eliminated (no_space).
void retreat_lone_leaders(State& s, SpaceIndex where, Side side, SpaceIndex to) {
  std::vector<PieceIndex> leaders;
  for (PieceIndex p : leaders_in(s, where, side))
    if (is_lone_leader(s, p)) leaders.push_back(p);
  for (PieceIndex p : leaders) {
    ++s.rule_events["event_lone_leaders"];
    if (to == no_space) {
      note_event(s, side, "eliminate", s.data().piece_id(p), piece_name(s, p) + " is eliminated (6.53).");
      eliminate_piece(s, p);
    } else {
      note_event(s, side, "retreat", s.data().piece_id(p),
                 piece_name(s, p) + " retreats to " + space_name(s, to) + " (6.53).");
      move_piece_to(s, p, to);
    }
  }
}

// Moves every lone leader of `side` that has at most one place to go; true when his owner must
// choose for the next space (the event then waits at the lone_leaders stage, his decision).
bool ask_lone_leaders(State& s, Side side) {
  for (SpaceIndex where = first_lone_leader_space(s, side); where != no_space;
       where = first_lone_leader_space(s, side)) {
    const auto to = retreat_destinations(s, where, side);
    if (to.size() > 1) {
      ev(s).space = where;
      s.active = side;
      wait_for_choice(s, lone_leaders);
      return true;
    }
    retreat_lone_leaders(s, where, side, to.empty() ? no_space : to.front());
  }
  return false;
}

void finish_after_lone_leaders(State& s, Side side) {
  if (!ask_lone_leaders(s, side)) event_finished(s);
}

void list_lone_leader_retreats(const State& s, ActionList& out) {
  for (SpaceIndex sp : retreat_destinations(s, ev(s).space, s.active)) out.add_space(s, "retreat", sp);
}

void apply_lone_leader_retreat(State& s, const Action& action) {
  retreat_lone_leaders(s, ev(s).space, s.active, space_arg(s, action));
}

std::string lone_leader_prompt(const State& s) {
  return "Leaders alone at " + space_name(s, ev(s).space) + " must retreat (6.53).";
}

// Whose leaders these events can leave alone: always the enemy of the event's player.
Side lone_leader_side(const State& s) { return enemy_of(ev(s).player); }

// The cards whose only choice is where lone leaders retreat (#29, #32); the event is over after.
void list_lone_leaders_only(const State& s, ActionList& out) { list_lone_leader_retreats(s, out); }
void apply_lone_leaders_only(State& s, const Action& action) {
  apply_lone_leader_retreat(s, action);
  finish_after_lone_leaders(s, lone_leader_side(s));
}
std::string lone_leaders_only_prompt(const State& s) { return lone_leader_prompt(s); }

// --- #23-#28 the alliances (5.53) ----------------------------------------------------------------

struct AllianceCard {
  CardNumber first, last;
  std::string_view group;     // 5.531 colour group of its own units
  bool pays_d_en_haut;        // Huron, Ojibwa, Ottawa, Potawatomi with a French fort at Niagara
  bool halved_below_five_vp;  // the roll is halved (rounded up) while the French have under 5 VP
};

constexpr std::array<AllianceCard, 3> alliance_cards = {{
    {23, 25, "blue", true, true},    // Northern Indian Alliance
    {26, 27, "orange", true, true},  // Western Indian Alliance
    {28, 28, "gray", false, false},  // Iroquois Alliance: never halved
}};

const AllianceCard& alliance_of(CardNumber card) {
  for (const auto& a : alliance_cards)
    if (card >= a.first && card <= a.last) return a;
  return alliance_cards.front();
}

constexpr int place_cost = 2;    // half-points: a unit placed costs 1 point
constexpr int restore_cost = 1;  // a unit restored costs half a point

// The Pays d'en Haut units need a French *fort* at Niagara (not any fortification).
bool french_fort_at_niagara(const State& s) { return s.space(space_named(s, "niagara")).fort == Side::french; }

bool alliance_unit(const State& s, CardNumber card, PieceIndex p) {
  const auto& alliance = alliance_of(card);
  const Tribe* tribe = tribe_of(s, p);
  if (!tribe || side_of(s, p) != s.event.value().player) return false;
  if (tribe->color_group == alliance.group) return true;
  return alliance.pays_d_en_haut && tribe->color_group == "blue-orange" && french_fort_at_niagara(s);
}

// 5.533: an Iroquois tribe enters for one side only while the other's counter is off the map.
bool enemy_counter_of_tribe_on_map(const State& s, PieceIndex p) {
  const auto& data = s.data();
  const TribeIndex tribe = data.unit(p).tribe;
  for (std::size_t u = 0; u < data.units.size(); ++u) {
    const PieceIndex other = data.unit_piece(u);
    if (data.units[u].tribe == tribe && side_of(s, other) != side_of(s, p) && is_on_map(s, other)) return true;
  }
  return false;
}

// 5.521, 5.522, 5.532, 5.533: the unit may enter at its settlement.
bool may_enter_at_settlement(const State& s, PieceIndex p) {
  const Tribe* tribe = tribe_of(s, p);
  if (!tribe || tribe->settlement == no_space) return false;
  const Side side = side_of(s, p);
  const SpaceIndex home = tribe->settlement;
  if (!reinforcements_may_enter(s, home, side)) return false;
  if (s.space(home).allied == enemy_of(side)) return false;
  return !enemy_counter_of_tribe_on_map(s, p);
}

std::vector<PieceIndex> alliance_placeable(const State& s) {
  std::vector<PieceIndex> out;
  const auto& e = ev(s);
  for (PieceIndex p = static_cast<PieceIndex>(s.data().leaders.size()); p < s.data().piece_count(); ++p)
    if (is_available(s, p) && alliance_unit(s, e.card, p) && may_enter_at_settlement(s, p)) out.push_back(p);
  return out;
}

std::vector<PieceIndex> alliance_restorable(const State& s) {
  std::vector<PieceIndex> out;
  const auto& e = ev(s);
  for (PieceIndex p = static_cast<PieceIndex>(s.data().leaders.size()); p < s.data().piece_count(); ++p)
    if (alliance_unit(s, e.card, p) && may_be_restored(s, p)) out.push_back(p);
  return out;
}

bool may_spend(const State& s) {
  const int points = ev(s).points;
  return (points >= place_cost && !alliance_placeable(s).empty()) ||
         (points >= restore_cost && !alliance_restorable(s).empty());
}

// Back to the alliance's player: spend what is left, or the event is over (a fraction is lost).
void continue_alliance(State& s) {
  s.active = ev(s).player;
  if (may_spend(s))
    wait_for_choice(s, spend_points);
  else
    event_finished(s);
}

// #23-#27: the French control Montréal (reference; cards.md "Known ambiguities").
bool indian_alliance_playable(const State& s, Side side) {
  return is_friendly_controlled(s, space_named(s, "montreal"), side);
}

// #28: the player has a fortification in Oswego or either Oneida Carry and the enemy none there;
// the British also need Johnson within two connected spaces of an Iroquois settlement.
bool iroquois_alliance_playable(const State& s, Side side) {
  bool own = false;
  for (const char* id : {"oswego", "oneida_carry_west", "oneida_carry_east"}) {
    const auto fortification = fortification_side(s, space_named(s, id));
    if (fortification == enemy_of(side)) return false;
    own = own || fortification == side;
  }
  if (!own) return false;
  if (side == Side::french) return true;
  const SpaceIndex at = johnson_space(s, false);
  if (at == no_space) return false;
  for (const auto& tribe : s.data().tribes)
    if (tribe.color_group == "gray" && within_two_spaces(s, at, tribe.settlement)) return true;
  return false;
}

void begin_alliance(State& s) {
  const auto& alliance = alliance_of(ev(s).card);
  const Side player = ev(s).player;
  const int roll = roll_die(s);
  const bool halved = alliance.halved_below_five_vp && s.vp < 5;
  const int points = halved ? halved_rounding_up(roll) : roll;
  ev(s).points = points * place_cost;
  note_event(s, player, "roll", roll,
             "Rolls " + std::to_string(roll) + (halved ? ", halved" : "") + ": " + std::to_string(points) +
                 " alliance point" + (points == 1 ? "" : "s") + " (5.53).");
  continue_alliance(s);
}

void list_alliance(const State& s, ActionList& out) {
  if (ev(s).stage == lone_leaders) return list_lone_leader_retreats(s, out);
  if (ev(s).points >= place_cost)
    for (PieceIndex p : alliance_placeable(s)) out.add_piece(s, "place", p);
  if (ev(s).points >= restore_cost)
    for (PieceIndex p : alliance_restorable(s)) out.add_piece(s, "restore", p);
  out.add("done");
}

// 5.532: the first unit at a settlement puts its side's Allied marker there; a lone enemy
// leader there must retreat (6.53).
void place_at_settlement(State& s, PieceIndex p) {
  const SpaceIndex home = tribe_of(s, p)->settlement;
  place_reinforcement(s, p, home);
  s.change_space(home).allied = side_of(s, p);
  ev(s).points -= place_cost;
  if (!ask_lone_leaders(s, enemy_of(side_of(s, p)))) continue_alliance(s);
}

void apply_alliance(State& s, const Action& action) {
  if (ev(s).stage == lone_leaders) {
    apply_lone_leader_retreat(s, action);
    if (!ask_lone_leaders(s, enemy_of(ev(s).player))) continue_alliance(s);
  } else if (action.verb == "place") {
    place_at_settlement(s, piece_arg(s, action));
  } else if (action.verb == "restore") {
    restore_unit(s, piece_arg(s, action));
    ev(s).points -= restore_cost;
    continue_alliance(s);
  } else {
    event_finished(s);  // done: what is left is lost
  }
}

std::string alliance_prompt(const State& s) {
  if (ev(s).stage == lone_leaders) return lone_leader_prompt(s);
  const int halves = ev(s).points;
  return "Place (1 point) or restore (1/2 point) Indians: " + std::to_string(halves / 2) + (halves % 2 ? " 1/2" : "") +
         " point" + (halves == 2 ? "" : "s") + " left.";
}

// --- #29 Mohawks -------------------------------------------------------------------------------

// Johnson on the map, unbesieged, within two connected spaces of Canajoharie (cards.md deviation:
// the reference's "or some Mohawk could be placed or restored" is not enough).
bool mohawks_playable(const State& s, Side) {
  const SpaceIndex at = johnson_space(s, true);
  return at != no_space && within_two_spaces(s, at, space_named(s, "canajoharie"));
}

void begin_mohawks(State& s) {
  const SpaceIndex at = johnson_space(s, true);
  if (reinforcements_may_enter(s, at, Side::british)) {  // 5.522
    const auto mohawks = available_units(s, Side::british, is_mohawk);
    for (PieceIndex p : mohawks) place_reinforcement(s, p, at);
    if (!mohawks.empty()) s.change_space(space_named(s, "canajoharie")).allied = Side::british;  // 5.532
  }
  for (PieceIndex p : restorable_units(s, Side::british, is_mohawk)) restore_unit(s, p);
  finish_after_lone_leaders(s, Side::french);
}

// --- #30 Cherokees -------------------------------------------------------------------------------

// Where the Cherokees may enter: an unbesieged British fortification in the Southern Department.
std::vector<SpaceIndex> cherokee_entry_spaces(const State& s) {
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.data().spaces.size()); ++sp)
    if (space_info(s, sp).department == Department::southern && has_unbesieged_fortification(s, sp, Side::british) &&
        reinforcements_may_enter(s, sp, Side::british))
      out.push_back(sp);
  return out;
}

// Not after Cherokee Uprising; the reference also asks that some Cherokee can enter or be restored.
bool cherokees_playable(const State& s, Side) {
  if (s.year_track.cherokees == CherokeeStatus::uprising) return false;
  const bool may_place = !available_units(s, Side::british, is_cherokee).empty() && !cherokee_entry_spaces(s).empty();
  return may_place || !restorable_units(s, Side::british, is_cherokee).empty();
}

void begin_cherokees(State& s) {
  s.year_track.cherokees = CherokeeStatus::allied;  // 5.51: the marker allows #31
  note_event(s, Side::british, "cherokees", nullptr, "The Cherokees marker goes on the Year track.");
  for (PieceIndex p : restorable_units(s, Side::british, is_cherokee)) restore_unit(s, p);
  if (!available_units(s, Side::british, is_cherokee).empty() && !cherokee_entry_spaces(s).empty())
    wait_for_choice(s, choose_space);
  else
    event_finished(s);
}

void list_cherokees(const State& s, ActionList& out) {
  for (SpaceIndex sp : cherokee_entry_spaces(s)) out.add_space(s, "place", sp);
}

void apply_cherokees(State& s, const Action& action) {
  const SpaceIndex at = space_arg(s, action);
  for (PieceIndex p : available_units(s, Side::british, is_cherokee)) place_reinforcement(s, p, at);
  event_finished(s);
}

std::string cherokees_prompt(const State&) { return "Choose the British fortification where the Cherokees enter."; }

// --- #31 Cherokee Uprising ---------------------------------------------------------------------------

// The losses still owed: EventState::points Regulars, EventState::count Southern Provincials.
std::vector<PieceIndex> uprising_candidates(const State& s, bool regulars) {
  return unbesieged_units_on_map(s, Side::british, regulars ? is_regulars : is_southern_provincial);
}

bool cherokee_uprising_playable(const State& s, Side) { return s.year_track.cherokees == CherokeeStatus::allied; }

// Eliminates a kind's candidates when there is no choice among them (no more than are owed).
void eliminate_if_forced(State& s, bool regulars) {
  int& owed = regulars ? ev(s).points : ev(s).count;
  const auto candidates = uprising_candidates(s, regulars);
  if (owed > 0 && static_cast<int>(candidates.size()) <= owed) {
    for (PieceIndex p : candidates) eliminate_by_event(s, p);
    owed = 0;
  }
  if (candidates.empty()) owed = 0;
}

void continue_uprising(State& s) {
  eliminate_if_forced(s, true);
  eliminate_if_forced(s, false);
  if (ev(s).points > 0 || ev(s).count > 0)
    wait_for_choice(s, choose_units);
  else
    finish_after_lone_leaders(s, Side::british);
}

void begin_cherokee_uprising(State& s) {
  s.year_track.cherokees = CherokeeStatus::uprising;
  note_event(s, Side::french, "uprising", nullptr, "Cherokee Uprising: the Cherokees event may no longer be played.");
  for (PieceIndex p : unbesieged_units_on_map(s, Side::british, is_cherokee)) eliminate_by_event(s, p);
  ev(s).points = 2;          // Regulars
  ev(s).count = 1;           // Southern Provincials
  s.active = Side::british;  // he chooses among his unbesieged units (8.22)
  continue_uprising(s);
}

void list_uprising(const State& s, ActionList& out) {
  if (ev(s).stage == lone_leaders) return list_lone_leader_retreats(s, out);
  if (ev(s).points > 0)
    for (PieceIndex p : uprising_candidates(s, true)) out.add_piece(s, "eliminate", p);
  if (ev(s).count > 0)
    for (PieceIndex p : uprising_candidates(s, false)) out.add_piece(s, "eliminate", p);
}

void apply_uprising(State& s, const Action& action) {
  if (ev(s).stage == lone_leaders) {
    apply_lone_leader_retreat(s, action);
    finish_after_lone_leaders(s, Side::british);
    return;
  }
  const PieceIndex p = piece_arg(s, action);
  (is_regulars(s, p) ? ev(s).points : ev(s).count) -= 1;
  eliminate_by_event(s, p);
  continue_uprising(s);
}

std::string uprising_prompt(const State& s) {
  if (ev(s).stage == lone_leaders) return lone_leader_prompt(s);
  std::string owed;
  if (ev(s).points > 0) owed = std::to_string(ev(s).points) + " Regulars";
  if (ev(s).count > 0) owed += (owed.empty() ? "" : " and ") + std::string("1 Southern Provincial");
  return "Eliminate " + owed + " (unbesieged units).";
}

// --- #32 Treaty of Easton -------------------------------------------------------------------------

// Ohio Forks or a space adjacent to it holds an unbesieged British fortification and British
// Drilled Troops.
bool treaty_of_easton_playable(const State& s, Side) {
  const SpaceIndex forks = space_named(s, "ohio_forks");
  auto qualifies = [&](SpaceIndex sp) {
    return has_unbesieged_fortification(s, sp, Side::british) && has_drilled_troops(s, sp, Side::british);
  };
  if (qualifies(forks)) return true;
  const auto around = adjacent_spaces(s, forks);
  return std::any_of(around.begin(), around.end(), qualifies);
}

// Every unbesieged Western Indian goes (8.22); settle_map removes their Allied markers (5.532).
void begin_treaty_of_easton(State& s) {
  for (PieceIndex p : unbesieged_units_on_map(s, Side::french, is_western_indian)) eliminate_by_event(s, p);
  finish_after_lone_leaders(s, Side::french);
}

// --- #33 Indians Desert ---------------------------------------------------------------------------

std::vector<PieceIndex> deserters(const State& s, Side player) {
  return unbesieged_units_on_map(s, enemy_of(player), is_indian);
}

std::vector<SpaceIndex> desertion_spaces(const State& s, Side player) {
  std::vector<SpaceIndex> out;
  for (PieceIndex p : deserters(s, player))
    if (!contains(out, s.space_of(p))) out.push_back(s.space_of(p));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<PieceIndex> deserters_at(const State& s, SpaceIndex at) {
  auto out = deserters(s, ev(s).player);
  std::erase_if(out, [&](PieceIndex p) { return s.space_of(p) != at; });
  return out;
}

bool indians_desert_playable(const State&, Side) { return true; }  // reference: without targets, nothing happens

void begin_indians_desert(State& s) {
  if (desertion_spaces(s, ev(s).player).empty()) {
    note_event(s, ev(s).player, "no_effect", nullptr, "No enemy Indians can desert.");
    event_finished(s);
    return;
  }
  wait_for_choice(s, choose_space);
}

void list_indians_desert(const State& s, ActionList& out) {
  switch (ev(s).stage) {
    case choose_space:
      for (SpaceIndex sp : desertion_spaces(s, ev(s).player)) out.add_space(s, "space", sp);
      return;
    case lone_leaders:
      return list_lone_leader_retreats(s, out);
    default:
      for (PieceIndex p : deserters_at(s, ev(s).space)) out.add_piece(s, "eliminate", p);
      out.add("done");  // up to two
  }
}

void apply_indians_desert(State& s, const Action& action) {
  auto& e = ev(s);
  if (e.stage == choose_space) {
    e.space = space_arg(s, action);
    wait_for_choice(s, choose_units);
    return;
  }
  if (e.stage == lone_leaders) {
    apply_lone_leaders_only(s, action);
    return;
  }
  if (action.verb == "eliminate") {
    eliminate_by_event(s, piece_arg(s, action));
    ++e.count;
    if (e.count < 2 && !deserters_at(s, e.space).empty()) return;
  }
  finish_after_lone_leaders(s, enemy_of(e.player));
}

std::string indians_desert_prompt(const State& s) {
  switch (ev(s).stage) {
    case choose_space:
      return "Choose a space with enemy Indians.";
    case lone_leaders:
      return lone_leader_prompt(s);
    default:
      return "Eliminate up to " + std::to_string(2 - ev(s).count) + " enemy Indians at " + space_name(s, ev(s).space) +
             ".";
  }
}

// --- #34 Small Pox -----------------------------------------------------------------------------------

// Spaces with more than 4 enemy units; besieged ones count, militia boxes are no spaces.
std::vector<SpaceIndex> small_pox_spaces(const State& s, Side player) {
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.data().spaces.size()); ++sp)
    if (unit_count(s, sp, enemy_of(player)) > 4) out.push_back(sp);
  return out;
}

bool small_pox_playable(const State& s, Side side) { return !small_pox_spaces(s, side).empty(); }

void begin_small_pox(State& s) { wait_for_choice(s, choose_space); }

// The owner's units that may take the next step loss: full-strength ones first (playbook).
std::vector<PieceIndex> small_pox_victims(const State& s) {
  auto units = units_in(s, ev(s).space, enemy_of(ev(s).player));
  const bool any_full = std::any_of(units.begin(), units.end(), [&](PieceIndex p) { return !s.piece(p).reduced; });
  if (any_full) std::erase_if(units, [&](PieceIndex p) { return s.piece(p).reduced; });
  return units;
}

// After the losses every Indian of the owner's in the space goes, besieged or not (8.22 exception).
void finish_small_pox(State& s) {
  const Side owner = enemy_of(ev(s).player);
  for (PieceIndex p : units_in(s, ev(s).space, owner))
    if (is_indian(s, p)) eliminate_by_event(s, p);
  finish_after_lone_leaders(s, owner);
}

void continue_small_pox(State& s) {
  auto& e = ev(s);
  const auto units = units_in(s, e.space, enemy_of(e.player));
  int steps = 0;
  for (PieceIndex p : units) steps += steps_of(s, p);
  if (e.points >= steps) {  // more losses than steps: the whole stack goes, no choice
    for (PieceIndex p : units) eliminate_by_event(s, p);
    e.points = 0;
  }
  if (e.points > 0)
    wait_for_choice(s, choose_units);
  else
    finish_small_pox(s);
}

void choose_small_pox_space(State& s, SpaceIndex at) {
  auto& e = ev(s);
  e.space = at;
  const int units = unit_count(s, at, enemy_of(e.player));
  const int roll = roll_die(s);
  e.points = units > 8 ? roll : halved_rounding_up(roll);
  note_event(s, e.player, "roll", roll,
             "Small Pox at " + space_name(s, at) + ": rolls " + std::to_string(roll) + ", " + std::to_string(e.points) +
                 " step loss" + (e.points == 1 ? "" : "es") + ".");
  s.active = enemy_of(e.player);  // the owner chooses his losses
  continue_small_pox(s);
}

void list_small_pox(const State& s, ActionList& out) {
  switch (ev(s).stage) {
    case choose_space:
      for (SpaceIndex sp : small_pox_spaces(s, ev(s).player)) out.add_space(s, "space", sp);
      return;
    case lone_leaders:
      return list_lone_leader_retreats(s, out);
    default:
      for (PieceIndex p : small_pox_victims(s)) out.add_piece(s, "reduce", p);
  }
}

void apply_small_pox(State& s, const Action& action) {
  switch (ev(s).stage) {
    case choose_space:
      return choose_small_pox_space(s, space_arg(s, action));
    case lone_leaders:
      return apply_lone_leaders_only(s, action);
    default: {
      const PieceIndex p = piece_arg(s, action);
      note_event(s, side_of(s, p), "reduce", s.data().piece_id(p), piece_name(s, p) + " loses a step.");
      reduce_unit(s, p);
      --ev(s).points;
      continue_small_pox(s);
    }
  }
}

std::string small_pox_prompt(const State& s) {
  switch (ev(s).stage) {
    case choose_space:
      return "Choose a space with more than 4 enemy units.";
    case lone_leaders:
      return lone_leader_prompt(s);
    default:
      return "Take " + std::to_string(ev(s).points) + " step loss" + (ev(s).points == 1 ? "" : "es") + " at " +
             space_name(s, ev(s).space) + " (full-strength units first).";
  }
}

}  // namespace

void add_indian_events(EventTable& table) {
  const EventRules indian_alliance{indian_alliance_playable, begin_alliance, list_alliance, apply_alliance,
                                   alliance_prompt};
  for (CardNumber card = 23; card <= 27; ++card) table[card] = indian_alliance;
  table[28] = EventRules{iroquois_alliance_playable, begin_alliance, list_alliance, apply_alliance, alliance_prompt};
  table[29] = EventRules{mohawks_playable, begin_mohawks, list_lone_leaders_only, apply_lone_leaders_only,
                         lone_leaders_only_prompt};
  table[30] = EventRules{cherokees_playable, begin_cherokees, list_cherokees, apply_cherokees, cherokees_prompt};
  table[31] =
      EventRules{cherokee_uprising_playable, begin_cherokee_uprising, list_uprising, apply_uprising, uprising_prompt};
  table[32] = EventRules{treaty_of_easton_playable, begin_treaty_of_easton, list_lone_leaders_only,
                         apply_lone_leaders_only, lone_leaders_only_prompt};
  table[33] = EventRules{indians_desert_playable, begin_indians_desert, list_indians_desert, apply_indians_desert,
                         indians_desert_prompt};
  table[34] = EventRules{small_pox_playable, begin_small_pox, list_small_pox, apply_small_pox, small_pox_prompt};
}

}  // namespace warpath::wilderness_war
