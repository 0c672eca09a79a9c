// The events of cards #5, #21, #22, #35-#42, #62, #67, #69 and #70 (cards.md): sieges, fleets,
// couriers, ministries and assemblies — the events that move cards, markers and a few leaders
// rather than bring troops.
#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <vector>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/event_rules.hpp"
#include "engine/wilderness_war/event_support.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/sequence.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;

std::string title(Side side) { return std::string(side_titles(side)); }
std::string card_label(const State& s, CardNumber card) {
  return "#" + std::to_string(card) + " " + s.data().card(card).name;
}

// --- cards in hands (5.21): what the other side sees enter or leave a hand ---------------------

void add_to_hand(State& s, Side side, CardNumber card, bool seen_by_enemy) {
  auto& player = s.player(side);
  player.hand.insert(std::upper_bound(player.hand.begin(), player.hand.end(), card), card);
  if (seen_by_enemy) player.known.insert(std::upper_bound(player.known.begin(), player.known.end(), card), card);
}

void take_from_hand(State& s, Side side, CardNumber card) {
  auto& player = s.player(side);
  std::erase(player.hand, card);
  std::erase(player.known, card);
}

// 5.25: Surrender! reaching the discard pile, however it got there, reshuffles before the next deal.
void discard_card(State& s, CardNumber card) {
  s.discard.push_back(card);
  if (s.data().card(card).triggers_reshuffle) s.year_track.surrender_played = true;
}

CardNumber random_card_of(State& s, Side side) {
  const auto& hand = s.player(side).hand;
  s.dice_rolled = true;  // a random draw from a hidden hand: an undo barrier
  return hand[s.rng.below(static_cast<std::uint32_t>(hand.size()))];
}

bool enemy_holds_cards(const State& s, Side side) { return !s.player(enemy_of(side)).hand.empty(); }

// Cards an event lets its player take back from the discard pile (#67, #69).
std::vector<CardNumber> discarded_among(const State& s, std::span<const CardNumber> wanted) {
  std::vector<CardNumber> out;
  for (CardNumber card : s.discard)
    if (std::find(wanted.begin(), wanted.end(), card) != wanted.end() && !contains(out, card)) out.push_back(card);
  std::sort(out.begin(), out.end());
  return out;
}

// --- #5 Bastions Repaired ------------------------------------------------------------------------
// cards.md #5 (ambiguity): only a Siege 1 or 2 marker on a fortification the player defends.
std::vector<SpaceIndex> repairable_sieges(const State& s, Side side) {
  std::vector<SpaceIndex> out;
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp) {
    const auto level = s.space(sp).siege_level;
    if (level && *level > 0 && fortification_side(s, sp) == side) out.push_back(sp);
  }
  return out;
}
bool bastions_playable(const State& s, Side side) { return !repairable_sieges(s, side).empty(); }
void bastions_begin(State& s) { wait_for(s, ev(s).player); }
void bastions_list(const State& s, ActionList& out) {
  for (SpaceIndex sp : repairable_sieges(s, ev(s).player)) out.add_space(s, "space", sp);
}
void bastions_apply(State& s, const Action& action) {
  const SpaceIndex sp = space_arg(s, action);
  s.change_space(sp).siege_level = 0;  // 8.24: the besieger must climb to the assault level again
  note_event(s, ev(s).player, "bastions", space_id(s, sp), "The siege of " + space_name(s, sp) + " is back to 0.");
  event_finished(s);
}
std::string bastions_prompt(const State&) { return "choose a besieged fortification of yours to set its siege to 0."; }

// --- #21 Louisbourg Squadrons ----------------------------------------------------------------------
bool louisbourg_squadrons_playable(const State& s, Side) {
  const SpaceIndex louisbourg = space_named(s, "louisbourg");
  return !is_besieged(s, louisbourg) && !has_units(s, louisbourg, Side::british) && !s.space(louisbourg).amphib;
}
void louisbourg_squadrons_begin(State& s) {
  s.year_track.no_amphib = true;  // until the end of the current year
  const int roll = roll_die(s);
  std::string text = "No Amphibious Landings for the rest of the year; the die shows " + std::to_string(roll);
  if (roll <= 3) {
    // The French fleet is lost for good: no more French naval moves, and the card leaves the game.
    s.year_track.no_french_naval = true;
    std::erase(s.discard, ev(s).card);
    s.removed.push_back(ev(s).card);
    text += ": no more French naval moves; the card is removed.";
  } else {
    text += ": the squadrons sail again.";
  }
  note_event(s, Side::french, "louisbourg_squadrons", roll, text);
  event_finished(s);
}

// --- #22 Governor Vaudreuil Interferes -------------------------------------------------------------
std::vector<PieceIndex> swappable_french_leaders(const State& s) {
  const SpaceIndex louisbourg = space_named(s, "louisbourg");
  std::vector<PieceIndex> out;
  for (PieceIndex p = 0; p < static_cast<PieceIndex>(s.data().leaders.size()); ++p) {
    if (side_of(s, p) != Side::french || !is_on_map(s, p) || is_besieged_piece(s, p)) continue;
    if (s.year_track.no_french_naval && s.space_of(p) == louisbourg) continue;  // cards.md #22
    out.push_back(p);
  }
  return out;
}
// Two leaders in one space would swap into the same places: the pair must stand in two spaces.
bool vaudreuil_playable(const State& s, Side) {
  const auto leaders = swappable_french_leaders(s);
  return std::any_of(leaders.begin(), leaders.end(),
                     [&](PieceIndex p) { return s.space_of(p) != s.space_of(leaders.front()); });
}
void vaudreuil_begin(State& s) { wait_for(s, Side::british); }
void vaudreuil_list(const State& s, ActionList& out) {
  for (PieceIndex p : swappable_french_leaders(s))
    if (!contains(ev(s).pieces, p) && (ev(s).pieces.empty() || s.space_of(p) != s.space_of(ev(s).pieces.front())))
      out.add_piece(s, "leader", p);
}
// A leader leaves his holding box's pieces where they are (2.0).
void empty_holding_box(State& s, PieceIndex leader) {
  const SpaceIndex at = s.space_of(leader);
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p)
    if (s.piece(p).location == Location::in_leader_box(leader)) move_piece_to(s, p, at);
}
void vaudreuil_apply(State& s, const Action& action) {
  ev(s).pieces.push_back(piece_arg(s, action));
  if (ev(s).pieces.size() < 2) return;
  const PieceIndex a = ev(s).pieces[0], b = ev(s).pieces[1];
  empty_holding_box(s, a);
  empty_holding_box(s, b);
  const SpaceIndex at_a = s.space_of(a), at_b = s.space_of(b);
  move_piece_to(s, a, at_b);
  move_piece_to(s, b, at_a);
  note_event(s, Side::british, "swap", nullptr,
             piece_name(s, a) + " and " + piece_name(s, b) + " swap places (" + space_name(s, at_a) + ", " +
                 space_name(s, at_b) + ").");
  event_finished(s);
}
std::string vaudreuil_prompt(const State& s) {
  return ev(s).pieces.empty() ? "choose the first French leader to swap." : "choose the second French leader.";
}

// --- #35 Courier Intercepted! ----------------------------------------------------------------------
void courier_begin(State& s) {
  const Side side = ev(s).player;
  const int roll = roll_die(s);
  if (roll < 3) {  // cards.md #35: success on 3-6 (reference threshold)
    note_event(s, side, "courier", roll, "The die shows " + std::to_string(roll) + ": the courier escapes.");
  } else {
    const CardNumber card = random_card_of(s, enemy_of(side));
    take_from_hand(s, enemy_of(side), card);
    add_to_hand(s, side, card, true);  // the victim saw which card went
    note_event(s, side, "courier", roll,
               "The die shows " + std::to_string(roll) + ": the " + title(side) + " take a card from the " +
                   title(enemy_of(side)) + " hand.");
  }
  event_finished(s);
}

// --- #36 François Bigot --------------------------------------------------------------------------
void bigot_begin(State& s) {
  const CardNumber card = random_card_of(s, Side::french);
  take_from_hand(s, Side::french, card);
  discard_card(s, card);
  note_event(s, Side::british, "bigot", card, card_label(s, card) + " is discarded from the French hand.");
  event_finished(s);
}

// --- #37 British Ministerial Crisis --------------------------------------------------------------
constexpr std::array<CardNumber, 10> crisis_cards = {47, 48, 54, 57, 58, 59, 64, 60, 61, 63};
std::vector<CardNumber> crisis_cards_held(const State& s) {
  std::vector<CardNumber> out;
  for (CardNumber card : s.player(Side::british).hand)
    if (std::find(crisis_cards.begin(), crisis_cards.end(), card) != crisis_cards.end()) out.push_back(card);
  return out;
}
void crisis_begin(State& s) {
  if (crisis_cards_held(s).empty()) {
    note_event(s, Side::french, "crisis", nullptr, "The British hold none of the cards the crisis touches.");
    event_finished(s);
    return;
  }
  wait_for(s, Side::british);
}
void crisis_list(const State& s, ActionList& out) {
  for (CardNumber card : crisis_cards_held(s)) out.add("discard", card);
}
void crisis_apply(State& s, const Action& action) {
  const auto card = static_cast<CardNumber>(number_arg(action));
  take_from_hand(s, Side::british, card);
  discard_card(s, card);
  note_event(s, Side::british, "discard", card, "The British discard " + card_label(s, card) + ".");
  event_finished(s);
}
std::string crisis_prompt(const State&) {
  return "the British discard one of Troop Transports, Victories in Germany, Light Infantry, British Regulars or "
         "Highlanders.";
}

// --- Provincials and the Provincial Assemblies (5.54) ---------------------------------------------
constexpr std::array<std::string_view, 2> department_ids = {"northern", "southern"};

std::size_t department_slot(Department department) { return department == Department::northern ? 0 : 1; }

// EventState registers for the Provincial events: `points` (Northern) and `count` (Southern) are
// how many Provincials of each Department the British must still eliminate.
int& quota(EventState& e, Department department) { return department == Department::northern ? e.points : e.count; }
int quota(const EventState& e, Department department) {
  return department == Department::northern ? e.points : e.count;
}
void provincial_losses_list(const State& s, ActionList& out) {
  for (Department d : provincial_departments)
    if (quota(ev(s), d) > 0)
      for (PieceIndex p : provincials_on_map(s, d, true)) out.add_piece(s, "eliminate", p);
}
// Quotas that no unbesieged Provincial can pay any more lapse (8.22).
void finish_provincial_losses_if_done(State& s) {
  for (Department d : provincial_departments)
    if (provincials_on_map(s, d, true).empty()) quota(ev(s), d) = 0;
  if (ev(s).points <= 0 && ev(s).count <= 0)
    event_finished(s);
  else
    wait_for(s, Side::british);
}
void provincial_losses_apply(State& s, const Action& action) {
  const PieceIndex p = piece_arg(s, action);
  const Department d = is_provincial_of(s, p, Department::northern) ? Department::northern : Department::southern;
  note_event(s, Side::british, "eliminate", s.data().piece_id(p), piece_name(s, p) + " is disbanded.");
  eliminate_piece(s, p);
  --quota(ev(s), d);
  finish_provincial_losses_if_done(s);
}
std::string provincial_losses_prompt(const State& s) {
  return "the British eliminate Provincials: " + std::to_string(std::max(ev(s).points, 0)) + " Northern, " +
         std::to_string(std::max(ev(s).count, 0)) + " Southern.";
}

// #38 Provincial Regiments Dispersed for Frontier Duty.
int french_raided_markers_in(const State& s, Department department) {
  int n = 0;
  for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
    if (space_info(s, sp).department == department) n += s.space(sp).raided[index_of(Side::french)];
  return n;
}
bool dispersed_playable(const State& s, Side) {
  return std::any_of(provincial_departments.begin(), provincial_departments.end(), [&](Department d) {
    return french_raided_markers_in(s, d) > 0 && !provincials_on_map(s, d, true).empty();
  });
}
void dispersed_begin(State& s) {
  for (Department d : provincial_departments) quota(ev(s), d) = french_raided_markers_in(s, d);
  finish_provincial_losses_if_done(s);
}

// #39-#40 Stingy Provincial Assembly: the French choose the Department, the British the unit.
bool stingy_playable(const State& s, Side) {
  if (s.provincial_assemblies == ProvincialAssemblies::enthusiastic) return false;
  return std::any_of(provincial_departments.begin(), provincial_departments.end(),
                     [&](Department d) { return !provincials_on_map(s, d, true).empty(); });
}
void stingy_begin(State& s) { wait_for(s, Side::french); }
void stingy_list(const State& s, ActionList& out) {
  if (ev(s).stage == 0) {
    for (Department d : provincial_departments)
      if (!provincials_on_map(s, d, true).empty()) out.add("department", department_ids[department_slot(d)]);
  } else {
    provincial_losses_list(s, out);
  }
}
void stingy_apply(State& s, const Action& action) {
  if (ev(s).stage == 1) {
    provincial_losses_apply(s, action);
    return;
  }
  const Department d = action.arg == "northern" ? Department::northern : Department::southern;
  ev(s).stage = 1;
  quota(ev(s), d) = 1;
  note_event(
      s, Side::french, "department", action.arg,
      "The " + std::string(action.arg.get<std::string>()) + " assemblies refuse to pay one Provincial regiment.");
  finish_provincial_losses_if_done(s);
}
std::string stingy_prompt(const State& s) {
  return ev(s).stage == 0 ? "the French choose a Department." : provincial_losses_prompt(s);
}

// #41-#42 British Colonial Politics: the marker moves one box toward the player's side (5.54).
bool colonial_politics_playable(const State& s, Side side) {
  return side == Side::french ? s.provincial_assemblies != ProvincialAssemblies::reluctant
                              : s.provincial_assemblies != ProvincialAssemblies::enthusiastic;
}
void colonial_politics_begin(State& s) {
  const Side side = ev(s).player;
  const int level = static_cast<int>(s.provincial_assemblies) + (side == Side::french ? -1 : 1);
  s.provincial_assemblies = static_cast<ProvincialAssemblies>(level);
  note_event(
      s, side, "assemblies", std::string(provincial_assemblies_names(s.provincial_assemblies)),
      "The Provincial Assemblies are now " + std::string(provincial_assemblies_names(s.provincial_assemblies)) + ".");
  if (side == Side::british) {
    event_finished(s);
    return;
  }
  // 5.54: Provincials over the new limit go; besieged ones count but cannot be removed.
  for (Department d : provincial_departments) {
    const auto limit = provincial_limit(s, d);
    quota(ev(s), d) = limit ? static_cast<int>(provincials_on_map(s, d, false).size()) - *limit : 0;
  }
  finish_provincial_losses_if_done(s);
}

// --- #62 Quiberon Bay ------------------------------------------------------------------------------
bool quiberon_playable(const State& s, Side) {
  const bool squadrons_gone = contains(s.removed, CardNumber{21}) && s.year_track.no_french_naval;
  return squadrons_gone || is_friendly_controlled(s, space_named(s, "louisbourg"), Side::british) || s.year >= 1760;
}
void quiberon_begin(State& s) {
  s.year_track.quiberon_bay = true;
  note_event(s, Side::british, "quiberon_bay", nullptr,
             "Quiberon Bay: French hand 7 from the next deal; the British play first each season.");
  event_finished(s);
}

// --- #67 William Pitt and #69 Diplomatic Revolution: a card back from the discard pile -------------
constexpr std::array<CardNumber, 9> pitt_cards = {47, 54, 57, 58, 59, 64, 60, 61, 63};
constexpr std::array<CardNumber, 4> revolution_cards = {47, 55, 56, 68};

std::span<const CardNumber> retrievable_cards(const State& s) {
  if (ev(s).card == 67) return pitt_cards;
  return revolution_cards;
}
void retrieval_list(const State& s, ActionList& out) {
  for (CardNumber card : discarded_among(s, retrievable_cards(s))) out.add("take", card);
  out.add("pass");
}
void retrieval_apply(State& s, const Action& action) {
  const Side side = ev(s).player;
  if (action.verb == "take") {
    const auto card = static_cast<CardNumber>(number_arg(action));
    s.discard.erase(std::find(s.discard.begin(), s.discard.end(), card));
    add_to_hand(s, side, card, true);  // taken from the public discard pile
    note_event(s, side, "take", card,
               "The " + title(side) + " take " + card_label(s, card) + " from the discard pile.");
  }
  event_finished(s);
}
std::string retrieval_prompt(const State&) { return "take a card from the discard pile, or pass."; }
void offer_retrieval(State& s) {
  if (discarded_among(s, retrievable_cards(s)).empty())
    event_finished(s);
  else
    wait_for(s, ev(s).player);
}

void pitt_begin(State& s) {
  s.year_track.william_pitt = true;
  release_pitt_leaders(s);
  note_event(s, Side::british, "william_pitt", nullptr,
             "William Pitt: British hand 9; Amherst, Forbes and Wolfe are in the leader pool; Highlanders may come.");
  offer_retrieval(s);
}

bool revolution_playable(const State& s, Side) { return !s.year_track.quiberon_bay; }
void revolution_begin(State& s) {
  s.year_track.diplomatic_revolution = true;
  note_event(s, Side::french, "diplomatic_revolution", nullptr, "Diplomatic Revolution: French hand 9.");
  offer_retrieval(s);
}

// --- #70 Intrigues Against Shirley -----------------------------------------------------------------
bool shirley_playable(const State& s, Side) {
  const PieceIndex shirley = s.data().piece_index("br_shirley");
  return s.vp >= 1 && is_on_map(s, shirley) && !is_besieged_piece(s, shirley);
}
void shirley_begin(State& s) {
  const PieceIndex shirley = s.data().piece_index("br_shirley");
  empty_holding_box(s, shirley);
  eliminate_piece(s, shirley);  // a leader leaves the game for good (7.61)
  note_event(s, Side::french, "eliminate", "br_shirley", "Shirley is recalled and leaves the game.");
  event_finished(s);
}

}  // namespace

void add_political_events(EventTable& table) {
  table[5] = EventRules{bastions_playable, bastions_begin, bastions_list, bastions_apply, bastions_prompt};
  table[21] = EventRules{louisbourg_squadrons_playable, louisbourg_squadrons_begin, nullptr, nullptr, nullptr};
  table[22] = EventRules{vaudreuil_playable, vaudreuil_begin, vaudreuil_list, vaudreuil_apply, vaudreuil_prompt};
  table[35] = EventRules{enemy_holds_cards, courier_begin, nullptr, nullptr, nullptr};
  table[36] = EventRules{enemy_holds_cards, bigot_begin, nullptr, nullptr, nullptr};
  table[37] = EventRules{enemy_holds_cards, crisis_begin, crisis_list, crisis_apply, crisis_prompt};
  table[38] = EventRules{dispersed_playable, dispersed_begin, provincial_losses_list, provincial_losses_apply,
                         provincial_losses_prompt};
  for (CardNumber card : {39, 40})
    table[card] = EventRules{stingy_playable, stingy_begin, stingy_list, stingy_apply, stingy_prompt};
  for (CardNumber card : {41, 42})
    table[card] = EventRules{colonial_politics_playable, colonial_politics_begin, provincial_losses_list,
                             provincial_losses_apply, provincial_losses_prompt};
  table[62] = EventRules{quiberon_playable, quiberon_begin, nullptr, nullptr, nullptr};
  table[67] = EventRules{always, pitt_begin, retrieval_list, retrieval_apply, retrieval_prompt};
  table[69] = EventRules{revolution_playable, revolution_begin, retrieval_list, retrieval_apply, retrieval_prompt};
  table[70] = EventRules{shirley_playable, shirley_begin, nullptr, nullptr, nullptr};
}

}  // namespace warpath::wilderness_war
