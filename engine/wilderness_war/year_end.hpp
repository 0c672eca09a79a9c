#pragma once
// The year-end steps (4.0 B.3 to B.6): Indians and leaders go home, Raided markers, winter
// attrition (11.0), victory check (13.1).

#include <optional>
#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::year_end (see flow.hpp): the owner places a leader among equally close
// fortifications (`space`, B.3) or chooses a reduced Drilled Troops unit lost to Winter Attrition
// (`piece`, 11.2).
void list_year_end_actions(const State& s, ActionList& out);
void apply_year_end(State& s, const engine::Action& action);
std::string year_end_prompt(const State& s);

// Runs B.3 to B.6, stopping for the choices players make. Sets Step::year_end while a choice is
// pending; when over, clears s.year_end and calls year_end_finished(), or ends the game (13.1).
void begin_year_end(State& s);

// B.3, 10.41: every Indian unit outside a friendly fortification space goes home.
void send_indians_home(State& s);
// B.3: the next leader (French first, then British, in piece order) alone in a wilderness or
// mountain space without friendly units or fortification; nullopt when none is left.
std::optional<PieceIndex> next_stranded_leader(const State& s);
// B.4, 13.22: half a VP per Raided marker to the side that placed it, totals rounded up; the
// markers are removed.
void score_raided_markers(State& s);

}  // namespace warpath::wilderness_war
