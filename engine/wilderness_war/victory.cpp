#include "engine/wilderness_war/victory.hpp"

#include <algorithm>

#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/supply.hpp"

namespace warpath::wilderness_war {
namespace {

// 13.11 says "solely occupy", not "control": British units there and no French unit or
// fortification (README ambiguity 13: the rulebook, not the reference's control test). A
// fortification alone is no occupation here: the bullet speaks of the army's presence.
bool solely_occupied_by_british_units(const State& s, SpaceIndex space) {
  return has_units(s, space, Side::british) && !has_units(s, space, Side::french) &&
         fortification_side(s, space) != Side::french;
}

// The VP box of the year on the VP track (13.11): 8 in 1760, 5 in 1761 (README ambiguity 3).
std::optional<int> year_box(int year) {
  if (year == 1760) return 8;
  if (year == 1761) return 5;
  return std::nullopt;
}

// 8.231, approximated: the besiegers outside include supplied Drilled Troops and a leader (the
// start-of-Action-Phase condition cannot apply at the year end).
bool besiegers_may_roll(const State& s, SpaceIndex space, Side besieger) {
  bool drilled = false;
  bool leader = false;
  for (PieceIndex p : pieces_in(s, space, besieger)) {
    if (s.piece(p).inside) continue;
    drilled = drilled || is_drilled_troops(s, p);
    leader = leader || is_leader(s, p);
  }
  return drilled && leader && is_in_supply(s, space, besieger);
}

bool controls_space(const State& s, SpaceIndex space, Side side) {
  if (has_fortress(s, space)) return fortress_controller(s, space) == side;
  return is_friendly_controlled(s, space, side);
}

VictoryResult win(Side side, std::string reason, std::string event) {
  return {Outcome{side, std::move(reason)}, std::move(event)};
}

VictoryResult by_vp(const State& s, int british_needs, const std::string& rule, const std::string& event) {
  if (s.vp >= 1) return win(Side::french, rule + ": the French hold at least 1 VP at the end of the scenario.", event);
  if (s.vp <= -british_needs)
    return win(
        Side::british,
        rule + ": the British hold at least " + std::to_string(british_needs) + " VP at the end of the scenario.",
        event);
  return {Outcome{std::nullopt, "13.14: any other result is a draw (" + rule + " not met)."}, "draw"};
}

}  // namespace

bool british_fortress_sudden_death(const State& s) {
  const auto& data = s.data();
  const bool fortresses = std::all_of(data.fortresses.begin(), data.fortresses.end(),
                                      [&](SpaceIndex f) { return fortress_controller(s, f) == Side::british; });
  const bool vp_spaces = std::all_of(data.vp_spaces.begin(), data.vp_spaces.end(),
                                     [&](SpaceIndex sp) { return solely_occupied_by_british_units(s, sp); });
  return fortresses && vp_spaces;
}

bool british_control_for_1759(const State& s, SpaceIndex space) {
  // Only a fortress the British hold under a French siege: a French-held one the British
  // besiege is not theirs by any reading.
  if (is_besieged(s, space) && s.space(space).fortress_owner == Side::british)
    return !besiegers_may_roll(s, space, Side::french);
  return controls_space(s, space, Side::british);
}

std::optional<VictoryResult> sudden_death(const State& s) {
  if (british_fortress_sudden_death(s))
    return win(Side::british, "13.11: the British control every fortress and solely occupy Niagara and Ohio Forks.",
               "victory_13_11_fortresses");
  if (s.vp >= 11) return win(Side::french, "13.11: the French have 11 or more VP.", "victory_13_11_vp");
  if (s.vp <= -11) return win(Side::british, "13.11: the British have 11 or more VP.", "victory_13_11_vp");
  if (const auto box = year_box(s.year); box && s.vp >= *box)
    return win(Side::french,
               "13.11: after 1759 the French have at least the " + std::to_string(s.year) + " box's " +
                   std::to_string(*box) + " VP.",
               "victory_13_11_year_vp");
  return std::nullopt;
}

VictoryResult end_of_scenario_result(const State& s) {
  const auto& data = s.data();
  // The scenario's last year decides which end-of-game rule applies (Early War Campaign ends
  // after 1759 with the 1759 conditions, README ambiguity 2).
  if (s.scenario().end_year > 1759) return by_vp(s, 5, "13.13", "victory_13_13");
  bool home = true;
  for (SpaceIndex f : data.fortresses)
    if (is_originally_friendly(s, f, Side::british)) home = home && british_control_for_1759(s, f);
  int objectives = 0;
  for (const char* id : {"quebec", "montreal", "niagara", "ohio_forks"})
    if (controls_space(s, data.space_index(id), Side::british)) ++objectives;
  if (home && objectives >= 2)
    return win(Side::british,
               "13.12: the British control every originally-British fortress and two of Québec, Montréal, "
               "Niagara and Ohio Forks.",
               "victory_13_12");
  if (s.vp >= 1) return win(Side::french, "13.12: the French hold at least 1 VP at the end of 1759.", "victory_13_12");
  if (s.vp <= -1)
    return win(Side::british, "13.12: the British hold at least 1 VP at the end of 1759.", "victory_13_12");
  return {Outcome{std::nullopt, "13.14: a draw (13.12 met by neither side, VP at 0)."}, "draw"};
}

std::optional<VictoryResult> check_victory(const State& s) {
  if (auto result = sudden_death(s)) return result;
  if (s.year >= s.scenario().end_year) return end_of_scenario_result(s);
  return std::nullopt;
}

}  // namespace warpath::wilderness_war
