#include "engine/mohicans/naval.hpp"

#include <algorithm>

#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

std::vector<NavalIndex> french_naval_in_hand(const State& s) {
  std::vector<NavalIndex> out;
  for (NavalIndex n : s.data().naval_war_pieces(Side::french)) {
    const auto& at = s.naval.french_at_spot;
    const auto& arrived = s.naval.arrived;
    if (std::find(at.begin(), at.end(), n) == at.end() && std::find(arrived.begin(), arrived.end(), n) == arrived.end())
      out.push_back(n);
  }
  return out;
}

std::optional<std::size_t> next_naval_spot(const State& s) {
  for (std::size_t spot = 0; spot < s.naval.french_at_spot.size(); ++spot)
    if (!s.naval.french_at_spot[spot]) return spot;
  return std::nullopt;
}

// At a year's first turn, last year's pieces come back from the insert and the ports (each piece
// is used once a year: VII); with Historical Reinforcements there is no naval war.
bool enter_naval_placement(State& s) {
  if (!s.turn_info().first_of_year()) return false;
  s.naval.french_at_spot = {};
  s.naval.british_at_spot = {};
  s.naval.revealed = {};
  s.naval.arrived.clear();
  if (s.options.historical_reinforcements) return false;
  s.active = Side::french;
  return true;
}

void list_naval_placement(const State& s, engine::ActionList& out) {
  for (NavalIndex n : french_naval_in_hand(s)) out.add("naval", s.data().naval_piece(n).id);
}

void apply_naval_placement(State& s, const Action& action) {
  if (action.verb != "naval") reject_verb(action, "the naval placement");
  const NavalIndex n = naval_arg(s, action);
  const auto hand = french_naval_in_hand(s);
  if (std::find(hand.begin(), hand.end(), n) == hand.end())
    throw ActionRejected(ErrorCode::illegal_action, s.data().naval_piece(n).name + " is not a French piece to place");
  const std::size_t spot = next_naval_spot(s).value();
  s.naval.french_at_spot[spot] = n;
  const NavalSpot& where = s.data().naval_spots[spot];
  s.note("french", "naval", where.id, "The French put a naval piece face down: " + where.name + ".");
  if (!next_naval_spot(s)) advance(s);
}

std::string naval_placement_prompt(const State& s) {
  return "Put a naval piece face down on the spot " + s.data().naval_spots.at(next_naval_spot(s).value()).name + ".";
}

}  // namespace warpath::mohicans
