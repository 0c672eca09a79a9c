#pragma once
// Response windows and standing orders, for every title: the framework's side of "no day lost to
// a pass" (docs/PROTOCOL.md, "Standing orders"). A module says when a role's decision is a
// response window (a chance to answer what another side does, which the role may decline), of
// which kind, and which listed action declines it; and it names the periods of play (the current
// move, action phase and season) so that "pass for this move / this action phase / this season"
// can tell them apart. A player's standing orders say which windows the server declines for them;
// the server applies them as ordinary moves, so replays need not know of them.
//
// No rules of any title here: the windows and periods are the module's (GameModule), the orders
// the player's. Deterministic, no I/O.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "engine/core/action.hpp"

namespace warpath::engine {

// A decision of a role that only offers it the chance to answer another side's play (a response
// card, an interception) and that it may decline with `pass`.
struct ResponseWindow {
  std::string kind;  // stable id of the kind of window ("foul_weather", "battle", ...)
  Action pass;       // the listed action that declines it

  bool operator==(const ResponseWindow&) const = default;
};

// The scopes of a "pass for this ..." answer, narrowest first.
enum class PassScope : std::uint8_t { move, action_phase, season };
inline constexpr std::array<PassScope, 3> pass_scopes = {PassScope::move, PassScope::action_phase, PassScope::season};
std::string_view to_string(PassScope scope);
std::optional<PassScope> pass_scope_named(std::string_view name);

// The periods of play a state is in, each as an identifier that changes when a new period of that
// scope begins (and never comes back): the current move (the unit, force or piece acting now),
// action phase (one player's turn to play) and season (a round of turns). Empty when the module
// does not tell them apart; a "pass for" that scope then lasts until the period changes, i.e. as
// long as the identifier stays empty.
struct Periods {
  std::string move;
  std::string action_phase;
  std::string season;

  const std::string& of(PassScope scope) const;
  bool operator==(const Periods&) const = default;
};

// One player's orders in one game.
struct StandingOrders {
  std::set<std::string> auto_pass;           // kinds of window declined until the order changes
  std::map<PassScope, std::string> passing;  // "pass for this <scope>": the period it was given in

  // Whether the orders decline `window` while the game is in the periods `now`.
  bool covers(const ResponseWindow& window, const Periods& now) const;
  // Forgets the "pass for" answers whose period is over; true when one was forgotten.
  bool drop_expired(const Periods& now);
  bool operator==(const StandingOrders&) const = default;
};

}  // namespace warpath::engine
