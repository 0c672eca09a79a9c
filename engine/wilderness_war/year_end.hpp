#pragma once
// The year-end steps (4.0 B.3 to B.6): Indians and leaders go home, Raided markers, winter
// attrition (11.0), victory check (13.1).

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::year_end (see flow.hpp).
void list_year_end_actions(const State& s, ActionList& out);
void apply_year_end(State& s, const engine::Action& action);
std::string year_end_prompt(const State& s);

// Runs B.3 to B.6, stopping for the choices players make. Sets Step::year_end while a choice is
// pending; when over, clears s.year_end and calls year_end_finished().
void begin_year_end(State& s);

}  // namespace warpath::wilderness_war
