#pragma once
// Victory (13.1): the checks of the Victory Check Phase (4.0 B.6).

#include <optional>
#include <string>

#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

struct VictoryResult {
  Outcome outcome;
  std::string event;  // the rule event counted when it ends the game
};

// 13.11: British control of every fortress with sole occupation of Niagara and Ohio Forks by
// British units.
bool british_fortress_sudden_death(const State& s);
// 13.12 exception: for the 1759 check only, a besieged originally-British fortress counts as
// British unless its besiegers qualify to roll on the Siege Table (8.231).
bool british_control_for_1759(const State& s, SpaceIndex space);

// 13.11: a sudden-death win at this Victory Check, if any.
std::optional<VictoryResult> sudden_death(const State& s);
// 13.12 (scenarios ending in 1759), 13.13 (ending in 1762), 13.14: the result at the end of the
// scenario's last year.
VictoryResult end_of_scenario_result(const State& s);
// 4.0 B.6: the game's result if it ends at this Victory Check; nullopt when it goes on.
std::optional<VictoryResult> check_victory(const State& s);

}  // namespace warpath::wilderness_war
