#pragma once
// Activation (5.3): designating a force or individual pieces, defining the force (5.34, 5.534), and
// what an activated force that does not move may do instead (8.231 siege, 9.11 assault, 8.25).

#include <string>

#include "engine/core/action.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/state.hpp"

namespace warpath::wilderness_war {

// The decision of Step::activation (see flow.hpp).
void list_activation_actions(const State& s, ActionList& out);
void apply_activation(State& s, const engine::Action& action);
std::string activation_prompt(const State& s);
bool activation_certainly_reversible(const State& s, std::string_view verb);  // flow.hpp

// 4.0 A.2, 5.26: the active side plays `card` for activation.
void begin_activation(State& s, CardNumber card);
// Events #1-#4 Campaign: two forces under any two leaders, both defined before either acts.
void begin_campaign(State& s, CardNumber card);
// What an activated force may do instead of moving, listed and applied by the movement procedure
// before the first step (5.36: "an activated force that does not move may Siege and/or Assault").
void list_stationary_options(const State& s, ActionList& out);
bool apply_stationary_option(State& s, const engine::Action& action);  // false: not one of them
// The current force or individual piece has finished moving, fighting, besieging: its raids come
// next (10.1, 10.13), then the next individually activated piece or the end of the card play.
void activation_piece_finished(State& s);
void activation_after_raids(State& s);
// True if `piece` was activated with the current card (5.31).
bool is_activated(const State& s, PieceIndex piece);

}  // namespace warpath::wilderness_war
