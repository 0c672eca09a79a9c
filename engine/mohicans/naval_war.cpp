// VII. NAVAL COMBAT / MANEUVER (French Corsaires at Louisbourg, British Squadron off Louisbourg;
// SEA CONTROL AND LOUISBOURG; ambiguities 8, 9, 10, 12): the British matching, the rolls, and the
// pieces that get through.
#include "engine/mohicans/naval_war.hpp"

#include <algorithm>

#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

constexpr int spot_count = 4;

// The spot the British match next, from `from` on: one with a French piece still face down.
int next_spot(const State& s, int from) {
  for (int spot = from; spot < spot_count; ++spot)
    if (s.naval.french_at_spot[static_cast<std::size_t>(spot)] && !s.naval.revealed[static_cast<std::size_t>(spot)])
      return spot;
  return spot_count;
}

// SEA CONTROL AND LOUISBOURG: the holder of Louisbourg adds the spot's bonus to its piece there.
int spot_bonus(const State& s, std::size_t spot, Side side) {
  const NavalSpot& where = s.data().naval_spots[spot];
  return where.bonus_to_holder_of != no_location && holds(s, where.bonus_to_holder_of, side) ? where.bonus : 0;
}

struct NavalRoll {
  int die = 0, total = 0;
  std::string text;
};

NavalRoll roll_for(State& s, std::size_t spot, Side side, NavalIndex n) {
  const NavalPiece& piece = s.data().naval_piece(n);
  NavalRoll r;
  r.die = s.roll_die();
  const int bonus = spot_bonus(s, spot, side);
  if (bonus) ++s.rule_events["naval_louisbourg_bonus"];
  r.total = r.die + piece.naval_modifier + bonus;
  r.text = the(side) + " " + piece.name + " " + std::to_string(piece.naval_modifier) + "+" + std::to_string(r.die) +
           (bonus ? "+" + std::to_string(bonus) + " (Louisbourg)" : "") + " = " + std::to_string(r.total);
  return r;
}

// VII: both pieces are turned up and roll; the higher total gets through, both on a tie. Every spot
// has a British piece: the British have as many pieces as there are spots (data_test).
void resolve_spot(State& s, std::size_t spot) {
  auto& naval = s.naval;
  naval.revealed[spot] = true;
  const NavalIndex french = naval.french_at_spot[spot].value();
  const NavalSpot& where = s.data().naval_spots[spot];
  const NavalIndex british = naval.british_at_spot[spot].value();
  const NavalRoll f = roll_for(s, spot, Side::french, french);
  const NavalRoll b = roll_for(s, spot, Side::british, british);
  std::string result;
  if (f.total >= b.total) naval.arrived.push_back(french);
  if (b.total >= f.total) naval.arrived.push_back(british);
  ++s.rule_events[f.total == b.total  ? "naval_both_through"
                  : f.total > b.total ? "naval_french_through"
                                      : "naval_british_through"];
  result = f.total == b.total  ? "both get through"
           : f.total > b.total ? "the French get through"
                               : "the British get through";
  s.note("", "naval_war", where.id, where.name + ": " + f.text + " against " + b.text + ": " + result + ".");
}

// Resolves spots until one needs a British choice (two or more pieces in hand); false when done.
bool continue_naval_war(State& s) {
  for (;;) {
    const int spot = next_spot(s, s.naval_war->spot);
    s.naval_war->spot = spot;
    if (spot >= spot_count) {
      s.naval_war.reset();
      return false;
    }
    const auto hand = british_naval_in_hand(s);
    if (hand.size() >= 2) return true;
    if (hand.size() == 1) s.naval.british_at_spot[static_cast<std::size_t>(spot)] = hand.front();  // no choice left
    resolve_spot(s, static_cast<std::size_t>(spot));
  }
}

bool naval_war_follows(const State& s) {
  return s.turn_info().last_of_year() && s.turn + 1 < static_cast<int>(s.data().tables.turns.size());
}

}  // namespace

std::vector<NavalIndex> british_naval_in_hand(const State& s) {
  std::vector<NavalIndex> out;
  const auto& at = s.naval.british_at_spot;
  for (NavalIndex n : s.data().naval_war_pieces(Side::british))
    if (std::find(at.begin(), at.end(), n) == at.end()) out.push_back(n);
  return out;
}

bool enter_naval_war(State& s) {
  if (!naval_war_follows(s) || s.options.historical_reinforcements) return false;
  s.active = Side::british;
  s.naval_war = NavalWarState{};
  return continue_naval_war(s);
}

void list_naval_war(const State& s, engine::ActionList& out) {
  for (NavalIndex n : british_naval_in_hand(s)) out.add("naval", s.data().naval_piece(n).id);
}

void apply_naval_war(State& s, const Action& action) {
  if (action.verb != "naval") reject_verb(action, "the naval war");
  const NavalIndex n = naval_arg(s, action);
  const auto hand = british_naval_in_hand(s);
  if (std::find(hand.begin(), hand.end(), n) == hand.end())
    throw ActionRejected(ErrorCode::illegal_action, s.data().naval_piece(n).name + " is not a British piece to match");
  const auto spot = static_cast<std::size_t>(s.naval_war->spot);
  s.naval.british_at_spot[spot] = n;
  ++s.rule_events["naval_matches_chosen"];
  s.note("british", "naval", s.data().naval_piece(n).id,
         "The British send " + s.data().naval_piece(n).name + " against the piece at " +
             s.data().naval_spots[spot].name + ".");
  resolve_spot(s, spot);
  if (!continue_naval_war(s)) advance(s);
}

std::string naval_war_prompt(const State& s) {
  return "Naval war: choose the ship to send against the French piece face down at " +
         s.data().naval_spots.at(static_cast<std::size_t>(s.naval_war->spot)).name + ".";
}

}  // namespace warpath::mohicans
