// Response cards played while a unit or force moves (cards.md section 2): #14 Foul Weather before
// the first step, #16 George Croghan and #17-#20 Amphibious Landing as the mover's own choices
// before the first step, and #15 Lake Schooner after a lakeshore step.
#include <array>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/movement_internal.hpp"
#include "engine/wilderness_war/responses.hpp"

namespace warpath::wilderness_war::movement_detail {
namespace {

constexpr CardNumber foul_weather_card = 14;
constexpr CardNumber lake_schooner_card = 15;
constexpr CardNumber george_croghan_card = 16;
constexpr std::array<CardNumber, 1> foul_weather_cards = {foul_weather_card};
constexpr std::array<CardNumber, 1> lake_schooner_cards = {lake_schooner_card};
constexpr std::array<CardNumber, 1> george_croghan_cards = {george_croghan_card};
constexpr std::array<CardNumber, 4> amphibious_landing_cards = {17, 18, 19, 20};

bool any_card(CardNumber) { return true; }

// #14: Foul Weather matters only to a mover that can move at all (8.25: besieged pieces cannot).
bool foul_weather_window_opens(const State& s) {
  return !mv(s).pieces.empty() && !movers_besieged(s) &&
         response_window_opens(s, enemy_of(mv(s).phasing), foul_weather_cards, any_card);
}

// #16: a British mover with Drilled Troops that has not moved yet.
bool george_croghan_situation(const State& s) {
  const auto& m = mv(s);
  return m.phasing == Side::british && !m.moved && !m.george_croghan && !movers_besieged(s) &&
         any_of(s, m.pieces, is_drilled_troops);
}

// The mover's own windows before its first step: counted for the playout reports when they open
// (the British choose among their move options; the French see nothing of it).
void count_mover_windows(State& s) {
  if (response_window_opens(s, Side::british, george_croghan_cards,
                            [&](CardNumber) { return george_croghan_situation(s); }))
    count_window(s, "george_croghan");
  if (response_window_opens(s, Side::british, amphibious_landing_cards,
                            [&](CardNumber) { return !amphibious_arrow_targets(s).empty(); }))
    count_window(s, "amphibious_landing");
}

// The moving player decides the first step (after any Foul Weather).
void to_first_step(State& s) {
  auto& m = mv(s);
  m.stage = MoveStage::moving;
  s.active = m.phasing;
  count_mover_windows(s);
}

// 2.0: the step from `from` to `to` went along a lakeshore connection (not a river, land or
// portage connection, nor a Pays d'en Haut arrow).
bool is_lakeshore_step(const State& s, SpaceIndex from, SpaceIndex to) {
  for (const auto& c : space_info(s, from).connections)
    if (c.to == to && c.kind == ConnectionKind::lake) return true;
  return false;
}

}  // namespace

// --- #14 Foul Weather -----------------------------------------------------------------------------

// cards.md #14 and section 4 (ambiguity of scope): as the reference does, the window is asked at
// the start of every activated unit or force (each individual piece, each Campaign force) while the
// card is unaccounted for, and the effect is kept in the MoveState, so it ends when that unit or
// force finishes its move. 6.2 play note, 6.431: it comes before George Croghan and Amphibious
// Landing.
void open_first_step_windows(State& s) {
  auto& m = mv(s);
  if (foul_weather_window_opens(s)) {
    count_window(s, window_kind::foul_weather);
    m.stage = MoveStage::foul_weather;
    s.active = enemy_of(m.phasing);
    return;
  }
  to_first_step(s);
}

void list_foul_weather_window(const State& s, ActionList& out) {
  if (holds_card(s, s.active, foul_weather_card)) out.add("play", foul_weather_card);
  out.add("pass");
}

// #14: no naval move (so no Amphibious Landing); land and boat moves limited to 2 spaces, a leader
// alone too (the stop limit of 6.2 caps every allowance, 6.21, 6.3). Staying put to siege or
// assault remains possible.
void apply_foul_weather_window(State& s, const engine::Action& action) {
  auto& m = mv(s);
  if (action.verb == "play") {
    spend_response(s, enemy_of(m.phasing), foul_weather_card,
                   "the movers from " + space_name(s, m.where) + " may not naval move and move at most 2 spaces.");
    m.foul_weather = true;
    m.stop_after = m.stop_after < 0 ? 2 : std::min(m.stop_after, 2);
  }
  to_first_step(s);
}

// --- #16 George Croghan ---------------------------------------------------------------------------

void list_george_croghan(const State& s, ActionList& out) {
  if (george_croghan_situation(s) && holds_card(s, Side::british, george_croghan_card))
    out.add("play", george_croghan_card);
}

bool is_george_croghan_play(const State& s, const engine::Action& action) {
  return action.verb == "play" && action.arg == static_cast<int>(george_croghan_card) && george_croghan_situation(s) &&
         holds_card(s, Side::british, george_croghan_card);
}

// #16: for this activation the Drilled Troops ignore the wilderness stop of 6.2, as if
// Auxiliaries were with them; mountains still stop; boat and naval moves are unaffected.
void play_george_croghan(State& s) {
  spend_response(s, Side::british, george_croghan_card,
                 "the Drilled Troops from " + space_name(s, mv(s).where) + " are guided through the wilderness (6.2).");
  mv(s).george_croghan = true;
}

// --- #17-#20 Amphibious Landing -------------------------------------------------------------------

// 6.431: the card spent is the lowest-numbered Amphibious Landing the British hold (the four copies
// are identical, so which one goes to the discard pile does not matter).
std::optional<CardNumber> amphibious_landing_card(const State& s) {
  for (CardNumber c : amphibious_landing_cards)
    if (holds_card(s, Side::british, c)) return c;
  return std::nullopt;
}

void spend_amphibious_landing(State& s, SpaceIndex to) {
  const CardNumber card = *amphibious_landing_card(s);
  spend_response(s, Side::british, card, "landing at " + space_name(s, to) + " (6.431).");
}

// --- #15 Lake Schooner ----------------------------------------------------------------------------

// cards.md #15: right after a land or boat step along a lakeshore connection into a space holding a
// fortification of the non-moving side (besieged or not), before any interception (6.7).
bool open_lake_schooner_window(State& s, MoveKind kind) {
  auto& m = mv(s);
  const Side enemy = enemy_of(m.phasing);
  if (kind != MoveKind::land && kind != MoveKind::boat) return false;
  if (m.from == no_space || !is_lakeshore_step(s, m.from, m.where)) return false;
  if (fortification_side(s, m.where) != enemy) return false;
  if (!response_window_opens(s, enemy, lake_schooner_cards, any_card)) return false;
  count_window(s, window_kind::lake_schooner);
  m.stage = MoveStage::lake_schooner;
  s.active = enemy;
  return true;
}

void list_lake_schooner_window(const State& s, ActionList& out) {
  if (holds_card(s, s.active, lake_schooner_card)) out.add("play", lake_schooner_card);
  out.add("pass");
}

// #15: the movers go back where they came from and their movement ends (they still raid there if
// the raid rules require it, 10.1: activation_piece_finished); 6.63: forced back into an
// enemy-occupied space, the infiltrating unit and its leaders are eliminated.
void apply_lake_schooner_window(State& s, const engine::Action& action) {
  auto& m = mv(s);
  if (action.verb != "play") {
    s.active = m.phasing;
    m.stage = MoveStage::moving;
    entered(s);
    return;
  }
  const Side enemy = enemy_of(m.phasing);
  const SpaceIndex back = m.from;
  spend_response(s, enemy, lake_schooner_card,
                 "the movers in " + space_name(s, m.where) + " go back to " + space_name(s, back) + ".");
  relocate(s, m.pieces, back);
  m.where = back;
  m.infiltrating = false;
  if (is_enemy_occupied(s, back, m.phasing)) {
    ++s.rule_events["lake_schooner_eliminations"];
    for (PieceIndex p : m.pieces) {
      s.note(role_of(m.phasing), "eliminate", s.data().piece_id(p),
             piece_name(s, p) + " is forced back into an enemy-occupied space and eliminated (6.63).");
      eliminate_piece(s, p);
    }
  }
  finish(s);
}

}  // namespace warpath::wilderness_war::movement_detail
