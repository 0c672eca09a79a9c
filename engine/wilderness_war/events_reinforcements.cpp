// The events of cards #43-#61, #63-#66, #68 (cards.md): the cards that bring new units and
// leaders into play (5.52, 5.55) or restore reduced units (5.523).
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
using SpacePredicate = bool (*)(const State&, SpaceIndex);

// The card's own steps (EventState::stage).
enum ReinforcementStage : std::uint8_t {
  stage_choose = 0,        // the first choice of the card (what to do, which Department, where)
  stage_restore,           // restoring units one by one; `points` = how many more may be restored
  stage_raise_or_restore,  // #43-#45: the Department is chosen; raise Provincials or restore them
  stage_raise,             // #43-#45 raising Provincials one by one; `points` = how many more may come
  stage_seven,             // 5.55: the British choose a Command-7 leader to remove from the game
  stage_place              // placing `pieces` one by one, front first
};

Side player_of(const State& s) { return s.event.value().player; }
void finish_with_note(State& s, const std::string& text) {
  note_event(s, player_of(s), "no_effect", nullptr, text);
  event_finished(s);
}

std::vector<SpaceIndex> spaces_where(const State& s, SpacePredicate accepts) {
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
    if (accepts(s, sp)) out.push_back(sp);
  return out;
}
bool any_space(const State& s, SpacePredicate accepts) { return !spaces_where(s, accepts).empty(); }

// The first `count` available units of `side` that `kind` accepts (5.52: the counter mix is the
// limit). Counters of one kind are identical, so which of them comes makes no difference.
std::vector<PieceIndex> first_available(const State& s, Side side, PiecePredicate kind, int count) {
  auto units = available_units(s, side, kind);
  if (static_cast<int>(units.size()) > count) units.resize(static_cast<std::size_t>(count));
  return units;
}

// --- unit kinds ----------------------------------------------------------------------------------
UnitSubtype subtype_of(const State& s, PieceIndex p) { return s.data().unit(p).subtype; }
bool is_line_regular(const State& s, PieceIndex p) {  // the 3-4 Regulars, not Marines, Highlanders, RA
  return is_regulars(s, p) && subtype_of(s, p) == UnitSubtype::regular;
}
bool is_highlander(const State& s, PieceIndex p) {
  return is_regulars(s, p) && subtype_of(s, p) == UnitSubtype::highland;
}
bool is_royal_american(const State& s, PieceIndex p) {
  return is_regulars(s, p) && subtype_of(s, p) == UnitSubtype::royal_american;
}
bool is_provincial(const State& s, PieceIndex p) {
  return is_unit(s, p) && s.data().unit(p).type == UnitType::provincials;
}
bool is_colonial_recruit(const State& s, PieceIndex p) {  // #46; militia excluded
  return is_provincial(s, p) || is_light_infantry(s, p) || is_rangers(s, p) || is_coureurs(s, p);
}
bool is_regular_or_light_infantry(const State& s, PieceIndex p) {  // #47, #48; Marines are Regulars (3.11)
  return is_regulars(s, p) || is_light_infantry(s, p);
}
bool is_coureurs_or_militia(const State& s, PieceIndex p) { return is_coureurs(s, p) || is_militia(s, p); }

// --- entry spaces (5.522) --------------------------------------------------------------------------
bool british_may_enter(const State& s, SpaceIndex sp) { return reinforcements_may_enter(s, sp, Side::british); }
bool is_open_british_fortification(const State& s, SpaceIndex sp) {  // #53: stockade, fort or fortress
  return has_unbesieged_fortification(s, sp, Side::british) && british_may_enter(s, sp);
}
bool is_open_british_fortress(const State& s, SpaceIndex sp) {  // #54
  return has_fortress(s, sp) && is_open_british_fortification(s, sp);
}
bool is_colonial_department(Department d) { return d == Department::northern || d == Department::southern; }
bool is_open_colonial_fortress(const State& s, SpaceIndex sp) {  // #65: Halifax is in no Department
  return is_open_british_fortress(s, sp) && is_colonial_department(space_info(s, sp).department);
}
bool is_open_british_port(const State& s, SpaceIndex sp) {  // #57-#61, #63, #64
  return is_british_reinforcement_port(s, sp) && british_may_enter(s, sp);
}
// #55, #56, #66, #68: Québec or Louisbourg, free of British units and fortifications, not besieged.
std::vector<SpaceIndex> french_entry_spaces(const State& s) {
  std::vector<SpaceIndex> out;
  for (std::string_view id : {"quebec", "louisbourg"})
    if (reinforcements_may_enter(s, space_named(s, id), Side::french)) out.push_back(space_named(s, id));
  return out;
}

// --- restoring up to `points` units one by one (#46-#53) --------------------------------------------
struct RestoreRule {
  CardNumber card;
  PiecePredicate kind;
};
constexpr std::array<RestoreRule, 8> restore_rules = {{{46, is_colonial_recruit},
                                                       {47, is_regular_or_light_infantry},
                                                       {48, is_regular_or_light_infantry},
                                                       {49, is_militia},
                                                       {50, is_militia},
                                                       {51, is_militia},
                                                       {52, is_militia},
                                                       {53, is_rangers}}};
PiecePredicate restore_kind(const State& s) {
  for (const auto& rule : restore_rules)
    if (rule.card == ev(s).card) return rule.kind;
  return is_regulars;  // not reached: every card that restores has a row
}
std::vector<PieceIndex> units_to_restore(const State& s) { return restorable_units(s, player_of(s), restore_kind(s)); }
void wait_for_restores(State& s, int points) {
  ev(s).stage = stage_restore;
  ev(s).points = points;
  if (points <= 0 || units_to_restore(s).empty())
    event_finished(s);
  else
    wait_for(s, player_of(s));
}
void restore_list(const State& s, ActionList& out) {
  for (PieceIndex p : units_to_restore(s)) out.add_piece(s, "restore", p);
  out.add("done");
}
void restore_apply(State& s, const Action& action) {
  if (action.verb == "done") {
    event_finished(s);
    return;
  }
  restore_unit(s, piece_arg(s, action));
  wait_for_restores(s, ev(s).points - 1);
}
std::string restore_prompt(const State& s) {
  return "restore up to " + std::to_string(ev(s).points) + " more reduced unit(s), or done.";
}

// --- #49-#52 Call Out Militias ----------------------------------------------------------------------
std::vector<int> own_militia_boxes(const State& s, Side side) {
  std::vector<int> out;
  for (std::size_t b = 0; b < s.data().militia_boxes.size(); ++b)
    if (s.data().militia_boxes[b].side == side) out.push_back(static_cast<int>(b));
  return out;
}
bool militias_playable(const State& s, Side side) {
  return !available_units(s, side, is_militia).empty() || !restorable_units(s, side, is_militia).empty();
}
void militias_begin(State& s) { wait_for(s, player_of(s)); }
void militias_list(const State& s, ActionList& out) {
  if (ev(s).stage == stage_restore) return restore_list(s, out);
  if (!available_units(s, player_of(s), is_militia).empty())
    for (int box : own_militia_boxes(s, player_of(s)))
      out.add("box", s.data().militia_boxes[static_cast<std::size_t>(box)].id);
  for (PieceIndex p : units_to_restore(s)) out.add_piece(s, "restore", p);
}
void militias_apply(State& s, const Action& action) {
  if (ev(s).stage == stage_restore) return restore_apply(s, action);
  if (action.verb == "box") {
    const int box = s.data().find_militia_box(action.arg.get<std::string>()).value();
    place_militia_in_box(s, available_units(s, player_of(s), is_militia).front(), box);
    event_finished(s);
    return;
  }
  ev(s).points = 2;  // "restore up to two"
  restore_apply(s, action);
}
std::string militias_prompt(const State& s) {
  if (ev(s).stage == stage_restore) return restore_prompt(s);
  return "place a militia unit in a militia box, or restore up to two reduced militia.";
}

// --- #53 Rangers ------------------------------------------------------------------------------------
bool ranger_may_be_placed(const State& s) {
  return !available_units(s, Side::british, is_rangers).empty() && any_space(s, is_open_british_fortification);
}
void rangers_begin(State& s) {
  if (!ranger_may_be_placed(s) && units_to_restore(s).empty())
    finish_with_note(s, "No Ranger can be placed or restored.");
  else
    wait_for(s, Side::british);
}
void rangers_list(const State& s, ActionList& out) {
  if (ev(s).stage == stage_restore) return restore_list(s, out);
  if (ranger_may_be_placed(s))
    for (SpaceIndex sp : spaces_where(s, is_open_british_fortification)) out.add_space(s, "place", sp);
  for (PieceIndex p : units_to_restore(s)) out.add_piece(s, "restore", p);
}
void rangers_apply(State& s, const Action& action) {
  if (ev(s).stage == stage_restore) return restore_apply(s, action);
  if (action.verb == "place") {
    place_reinforcement(s, available_units(s, Side::british, is_rangers).front(), space_arg(s, action));
    event_finished(s);
    return;
  }
  ev(s).points = 2;  // "restore up to two"
  restore_apply(s, action);
}
std::string rangers_prompt(const State& s) {
  if (ev(s).stage == stage_restore) return restore_prompt(s);
  return "place a Ranger at a British fortification, or restore up to two reduced Rangers.";
}

// --- #46 Colonial Recruits, #47 Troop Transports, #48 Victories in Germany ---------------------------
bool colonial_recruits_playable(const State& s, Side side) {
  return !restorable_units(s, side, is_colonial_recruit).empty();
}
void colonial_recruits_begin(State& s) {
  const int roll = roll_die(s);
  note_event(s, player_of(s), "roll", roll, "The die shows " + std::to_string(roll) + ".");
  wait_for_restores(s, roll);
}

// Quiberon Bay bars the French play (cards.md #62), and so does a British-held Québec.
bool french_troops_may_sail(const State& s) {
  return !s.year_track.quiberon_bay && fortress_controller(s, space_named(s, "quebec")) != Side::british;
}
bool troop_transports_playable(const State& s, Side side) {
  if (side == Side::french && !french_troops_may_sail(s)) return false;
  return !restorable_units(s, side, is_regular_or_light_infantry).empty();
}
void troop_transports_begin(State& s) { wait_for_restores(s, player_of(s) == Side::british ? 6 : 3); }

bool victories_in_germany_playable(const State& s, Side side) {
  return s.year > 1755 && troop_transports_playable(s, side);
}
void victories_in_germany_begin(State& s) {
  const int roll = roll_die(s);  // never halved
  note_event(s, player_of(s), "roll", roll, "The die shows " + std::to_string(roll) + ".");
  wait_for_restores(s, roll);
}

// --- #43-#45 Raise Provincial Regiments (5.54) -------------------------------------------------------
// EventState: `count` holds the chosen Department, `points` how many Provincials may still come.

PiecePredicate provincial_kind(Department department) {
  return department == Department::northern ? is_northern_provincial : is_southern_provincial;
}
std::string department_id(Department department) { return std::string(department_names(department)); }

// How many Provincials the card may raise in `department`: 4 Northern or 2 Southern, no more than
// the room under the Provincial Assemblies limit, nor than the counters left.
int raise_room(const State& s, Department department) {
  int room = department == Department::northern ? 4 : 2;
  // 5.54: besieged Provincials count toward the limit too.
  if (const auto limit = provincial_limit(s, department))
    room = std::min(room, *limit - static_cast<int>(provincials_on_map(s, department, false).size()));
  room = std::min(room, static_cast<int>(available_units(s, Side::british, provincial_kind(department)).size()));
  return std::max(room, 0);
}
std::vector<SpaceIndex> raise_spaces(const State& s, Department department) {
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp : spaces_where(s, is_open_british_fortification))
    if (space_info(s, sp).department == department) out.push_back(sp);
  return out;
}
std::vector<PieceIndex> provincials_to_restore(const State& s, Department department) {
  return restorable_units(s, Side::british, provincial_kind(department));
}
bool department_open(const State& s, Department department) {
  return raise_room(s, department) > 0 || !provincials_to_restore(s, department).empty();
}
Department chosen_department(const State& s) { return static_cast<Department>(ev(s).count); }

bool raise_provincials_playable(const State& s, Side) {
  if (s.provincial_assemblies == ProvincialAssemblies::reluctant) return false;
  return department_open(s, Department::northern) || department_open(s, Department::southern);
}
void raise_provincials_begin(State& s) { wait_for(s, Side::british); }
void raise_provincials_list(const State& s, ActionList& out) {
  if (ev(s).stage == stage_choose) {
    for (Department d : provincial_departments)
      if (department_open(s, d)) out.add("department", department_id(d));
    return;
  }
  const Department d = chosen_department(s);
  if (ev(s).points > 0)
    for (SpaceIndex sp : raise_spaces(s, d)) out.add_space(s, "place", sp);
  if (ev(s).stage == stage_raise_or_restore && !provincials_to_restore(s, d).empty()) out.add("restore");
  // Once raising has begun it may stop; a Department where nothing can be done ends the event
  // (5.522: reinforcements without an entry space are not received).
  if (ev(s).stage == stage_raise || out.empty()) out.add("done");
}
// Raising may go on while there is room and a fortification to enter.
void continue_raising(State& s) {
  ev(s).stage = stage_raise;
  if (ev(s).points <= 0 || raise_spaces(s, chosen_department(s)).empty())
    event_finished(s);
  else
    wait_for(s, Side::british);
}
void raise_provincials_apply(State& s, const Action& action) {
  if (ev(s).stage == stage_choose) {
    const Department d = action.arg == "northern" ? Department::northern : Department::southern;
    ev(s).count = static_cast<int>(d);
    ev(s).points = raise_room(s, d);
    ev(s).stage = stage_raise_or_restore;
    note_event(s, Side::british, "department", department_id(d),
               "The British raise or restore " + department_id(d) + " Provincials.");
    return;
  }
  const Department d = chosen_department(s);
  if (action.verb == "place") {
    place_reinforcement(s, available_units(s, Side::british, provincial_kind(d)).front(), space_arg(s, action));
    --ev(s).points;
    continue_raising(s);
  } else if (action.verb == "restore") {
    for (PieceIndex p : provincials_to_restore(s, d)) restore_unit(s, p);  // every one (5.523)
    event_finished(s);
  } else {
    event_finished(s);
  }
}
std::string raise_provincials_prompt(const State& s) {
  if (ev(s).stage == stage_choose) return "choose the Department whose Provincials to raise or restore.";
  if (ev(s).stage == stage_raise)
    return "place up to " + std::to_string(ev(s).points) + " more Provincial(s) at your fortifications, or done.";
  return "place new Provincials at your fortifications, or restore every reduced Provincial.";
}

// --- British leaders with new units: #54, #57-#61, #63-#65 (5.55) ------------------------------------
struct LeaderReinforcement {
  CardNumber card;
  int leaders;  // drawn from the British leader pool
  int units;    // new counters of `kind`
  PiecePredicate kind;
  SpacePredicate entry;  // where each piece may enter
  bool units_optional;   // "up to" that many units
  bool regulars_event;   // one British Regulars event per season (cards.md #57, ambiguity)
};
constexpr std::array<LeaderReinforcement, 9> leader_reinforcements = {{
    {54, 1, 2, is_light_infantry, is_open_british_fortress, false, false},
    {57, 1, 3, is_line_regular, is_open_british_port, false, true},
    {58, 1, 3, is_line_regular, is_open_british_port, false, true},
    {59, 1, 3, is_line_regular, is_open_british_port, false, true},
    {64, 1, 3, is_line_regular, is_open_british_port, false, true},
    {60, 2, 4, is_highlander, is_open_british_port, false, false},
    {61, 1, 1, is_highlander, is_open_british_port, false, false},
    {63, 1, 1, is_highlander, is_open_british_port, false, false},
    {65, 1, 4, is_royal_american, is_open_colonial_fortress, true, false},
}};
const LeaderReinforcement& leader_reinforcement(const State& s) {
  for (const auto& r : leader_reinforcements)
    if (r.card == ev(s).card) return r;
  return leader_reinforcements.front();  // not reached: every card using these functions has a row
}

// 5.55: `count` leaders drawn at once, so none is drawn twice: each one drawn is kept out of the
// pool until the others are drawn. They stay in the pool until placed.
std::vector<PieceIndex> draw_leaders(State& s, int count) {
  std::vector<PieceIndex> drawn;
  for (int i = 0; i < count; ++i) {
    const auto leader = draw_british_leader(s);
    if (!leader) break;
    drawn.push_back(*leader);
    s.change_piece(*leader).location = Location::pool(LocationKind::set_aside);
  }
  for (PieceIndex p : drawn) s.change_piece(p).location = Location::pool(LocationKind::british_leader_pool);
  return drawn;
}

bool is_seven_command(const State& s, PieceIndex p) { return is_leader(s, p) && s.data().leader(p).seven_command; }
std::vector<PieceIndex> removable_seven_command_leaders(const State& s) {
  std::vector<PieceIndex> out;
  for (PieceIndex p : seven_command_leaders_on_map(s))
    if (!is_besieged_piece(s, p)) out.push_back(p);
  return out;
}
// A leader leaves the game with his holding box's pieces left in his space (2.0).
void remove_leader_from_game(State& s, PieceIndex leader) {
  const SpaceIndex at = s.space_of(leader);
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p)
    if (s.piece(p).location == Location::in_leader_box(leader)) move_piece_to(s, p, at);
  s.change_piece(leader).location = Location::pool(LocationKind::removed);
  s.change_piece(leader).inside = false;
}

void wait_for_placement(State& s) {
  ev(s).stage = stage_place;
  if (ev(s).pieces.empty())
    event_finished(s);
  else
    wait_for(s, player_of(s));
}

// 5.55: the drawn leaders are checked in turn (`count` is the next to check). A Command-7 leader
// who would be the third on the map makes the British remove one of those already there for
// good; if every one there is besieged he goes back to the pool. The rulebook has the removal
// at once (cards.md §0 deviation: the reference waits until the units are placed).
void check_seven_command_leaders(State& s) {
  auto& e = ev(s);
  while (e.count < static_cast<int>(e.pieces.size())) {
    const PieceIndex p = e.pieces[static_cast<std::size_t>(e.count)];
    if (!is_seven_command(s, p)) {
      ++e.count;
      continue;
    }
    const auto coming = std::count_if(e.pieces.begin(), e.pieces.begin() + e.count,
                                      [&](PieceIndex q) { return is_seven_command(s, q); });
    if (static_cast<int>(seven_command_leaders_on_map(s).size() + static_cast<std::size_t>(coming)) < 2) {
      ++e.count;
      continue;
    }
    if (removable_seven_command_leaders(s).empty()) {
      note_event(s, Side::british, "return_leader", s.data().piece_id(p),
                 piece_name(s, p) + " goes back to the pool: both Command-7 leaders on the map are besieged (5.55).");
      e.pieces.erase(e.pieces.begin() + e.count);
      continue;
    }
    e.stage = stage_seven;
    wait_for(s, Side::british);
    return;
  }
  wait_for_placement(s);
}

void leader_reinforcement_begin(State& s) {
  const auto& r = leader_reinforcement(s);
  if (r.regulars_event) s.player(Side::british).regulars_event_this_season = true;
  if (!any_space(s, r.entry)) {
    finish_with_note(s, "No space may receive the reinforcements; they are not received (5.522).");
    return;
  }
  ev(s).pieces = draw_leaders(s, r.leaders);
  for (PieceIndex p : first_available(s, Side::british, r.kind, r.units)) ev(s).pieces.push_back(p);
  ev(s).count = 0;
  check_seven_command_leaders(s);
}
void leader_reinforcement_list(const State& s, ActionList& out) {
  if (ev(s).stage == stage_seven) {
    for (PieceIndex p : removable_seven_command_leaders(s)) out.add_piece(s, "remove", p);
    return;
  }
  const auto& r = leader_reinforcement(s);
  for (SpaceIndex sp : spaces_where(s, r.entry)) out.add_space(s, "place", sp);
  // "Up to" that many units; and should the entry spaces ever be gone, the rest is lost (5.522).
  if ((r.units_optional && is_unit(s, ev(s).pieces.front())) || out.empty()) out.add("done");
}
void leader_reinforcement_apply(State& s, const Action& action) {
  if (ev(s).stage == stage_seven) {
    const PieceIndex p = piece_arg(s, action);
    remove_leader_from_game(s, p);
    note_event(s, Side::british, "remove", s.data().piece_id(p),
               piece_name(s, p) + " leaves the game: no more than two Command-7 leaders (5.55).");
    ++ev(s).count;
    check_seven_command_leaders(s);
    return;
  }
  if (action.verb == "done") {
    event_finished(s);
    return;
  }
  place_reinforcement(s, ev(s).pieces.front(), space_arg(s, action));
  ev(s).pieces.erase(ev(s).pieces.begin());
  wait_for_placement(s);
}
std::string leader_reinforcement_prompt(const State& s) {
  if (ev(s).stage == stage_seven) return "remove a Command-7 leader on the map from the game (5.55).";
  return "choose where " + piece_name(s, ev(s).pieces.front()) + " enters.";
}

bool light_infantry_playable(const State&, Side) { return true; }  // no fortress: nothing enters (5.522)
bool british_regulars_playable(const State& s, Side) {
  return !s.player(Side::british).regulars_event_this_season && any_space(s, is_open_british_port);
}
// William Pitt, or 1759 on (the 1757 scenarios start with Pitt played).
bool highlanders_playable(const State& s, Side) {
  return (s.year_track.william_pitt || s.year >= 1759) && any_space(s, is_open_british_port);
}
bool royal_americans_playable(const State& s, Side) { return any_space(s, is_open_colonial_fortress); }

// --- #55, #56, #68 French Regulars -------------------------------------------------------------------
// The 1755 set-up's Montcalm, Lévis and Bougainville, still set aside: they come with the first
// French Regulars event (Playbook; cf. release_set_aside_leaders_of_1759 in sequence.cpp).
std::vector<PieceIndex> set_aside_french_regulars_leaders(const State& s) {
  std::vector<PieceIndex> out;
  const auto& setup = s.data().setups.at(static_cast<std::size_t>(s.scenario().setup));
  for (const auto& rule : setup.set_aside_rules) {
    if (rule.trigger != SetAsideTrigger::first_french_regulars_event) continue;
    for (PieceIndex p : rule.pieces)
      if (s.piece(p).location.kind == LocationKind::set_aside) out.push_back(p);
  }
  return out;
}
bool french_regulars_playable(const State& s, Side) {
  return !s.year_track.quiberon_bay && !s.player(Side::french).regulars_event_this_season &&
         !french_entry_spaces(s).empty();
}
void french_regulars_begin(State& s) {
  s.player(Side::french).regulars_event_this_season = true;
  ev(s).pieces = set_aside_french_regulars_leaders(s);
  for (PieceIndex p : first_available(s, Side::french, is_line_regular, 2)) ev(s).pieces.push_back(p);
  if (ev(s).pieces.empty()) {
    finish_with_note(s, "No French Regulars are left to come.");
    return;
  }
  wait_for(s, Side::french);
}
void french_regulars_list(const State& s, ActionList& out) {
  for (SpaceIndex sp : french_entry_spaces(s)) out.add_space(s, "place", sp);
}
// cards.md §4 ambiguity: both units (and the 1755 leaders) go to one chosen space, as in the
// reference; the rulebook does not settle whether they may be split.
void french_regulars_apply(State& s, const Action& action) {
  const SpaceIndex sp = space_arg(s, action);
  for (PieceIndex p : ev(s).pieces) place_reinforcement(s, p, sp);
  event_finished(s);
}
std::string french_regulars_prompt(const State&) { return "choose Québec or Louisbourg for the French Regulars."; }

// --- #66 Acadians Expelled ----------------------------------------------------------------------------
// Step 3: every reduced, unbesieged Coureurs and every reduced militia, in its box too (5.523).
void restore_acadians(State& s) {
  for (PieceIndex p : restorable_units(s, Side::french, is_coureurs_or_militia)) restore_unit(s, p);
}
bool coureurs_may_come(const State& s) {
  return !available_units(s, Side::french, is_coureurs).empty() && !french_entry_spaces(s).empty();
}
void acadians_begin(State& s) {
  const SpaceIndex halifax = space_named(s, "halifax");
  if (british_may_enter(s, halifax)) {
    for (PieceIndex p : first_available(s, Side::british, is_line_regular, 2)) place_reinforcement(s, p, halifax);
  } else {
    note_event(s, Side::british, "no_effect", nullptr, "Halifax cannot receive reinforcements (5.522).");
  }
  if (coureurs_may_come(s)) {
    wait_for(s, Side::french);  // step 2: the French choose where
    return;
  }
  restore_acadians(s);
  event_finished(s);
}
void acadians_list(const State& s, ActionList& out) {
  for (SpaceIndex sp : french_entry_spaces(s)) out.add_space(s, "place", sp);
}
void acadians_apply(State& s, const Action& action) {
  place_reinforcement(s, available_units(s, Side::french, is_coureurs).front(), space_arg(s, action));
  restore_acadians(s);
  event_finished(s);
}
std::string acadians_prompt(const State&) { return "the French place a Coureurs unit at Québec or Louisbourg."; }

}  // namespace

void add_reinforcement_events(EventTable& table) {
  for (CardNumber card : {43, 44, 45})
    table[card] = EventRules{raise_provincials_playable, raise_provincials_begin, raise_provincials_list,
                             raise_provincials_apply, raise_provincials_prompt};
  table[46] =
      EventRules{colonial_recruits_playable, colonial_recruits_begin, restore_list, restore_apply, restore_prompt};
  table[47] =
      EventRules{troop_transports_playable, troop_transports_begin, restore_list, restore_apply, restore_prompt};
  table[48] = EventRules{victories_in_germany_playable, victories_in_germany_begin, restore_list, restore_apply,
                         restore_prompt};
  for (CardNumber card : {49, 50, 51, 52})
    table[card] = EventRules{militias_playable, militias_begin, militias_list, militias_apply, militias_prompt};
  table[53] = EventRules{always, rangers_begin, rangers_list, rangers_apply, rangers_prompt};
  table[54] = EventRules{light_infantry_playable, leader_reinforcement_begin, leader_reinforcement_list,
                         leader_reinforcement_apply, leader_reinforcement_prompt};
  for (CardNumber card : {55, 56, 68})
    table[card] = EventRules{french_regulars_playable, french_regulars_begin, french_regulars_list,
                             french_regulars_apply, french_regulars_prompt};
  for (CardNumber card : {57, 58, 59, 64})
    table[card] = EventRules{british_regulars_playable, leader_reinforcement_begin, leader_reinforcement_list,
                             leader_reinforcement_apply, leader_reinforcement_prompt};
  for (CardNumber card : {60, 61, 63})
    table[card] = EventRules{highlanders_playable, leader_reinforcement_begin, leader_reinforcement_list,
                             leader_reinforcement_apply, leader_reinforcement_prompt};
  table[65] = EventRules{royal_americans_playable, leader_reinforcement_begin, leader_reinforcement_list,
                         leader_reinforcement_apply, leader_reinforcement_prompt};
  table[66] = EventRules{always, acadians_begin, acadians_list, acadians_apply, acadians_prompt};
}

}  // namespace warpath::wilderness_war
