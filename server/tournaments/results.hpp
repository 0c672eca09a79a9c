#pragma once
// The plain facts of finished games that ratings, standings and the tournament report share: who
// sat in which seat, who won, the bid, and the input error these pure functions answer bad data
// with. Nothing here knows a title's rules: a title maps its sides to the two seats (Wilderness
// War: first = French, second = British) and its own results to an Outcome before calling (in
// Wilderness War a tournament draw is a French win, 13.14; a timeout or a resignation is a loss of
// the player who ran out of time or resigned).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace warpath::server::tournaments {

using PlayerId = std::int64_t;

// The two seats of a two-player title.
enum class Seat : std::uint8_t { first, second };

inline Seat other(Seat seat) { return seat == Seat::first ? Seat::second : Seat::first; }

// A game's result, from the seats' point of view.
enum class Outcome : std::uint8_t { first_wins, second_wins, draw };

// The first seat's score of an outcome: 1, 0 or ½.
inline double first_score(Outcome outcome) {
  return outcome == Outcome::first_wins ? 1.0 : outcome == Outcome::second_wins ? 0.0 : 0.5;
}

// An outcome as the database stores it (rated_games.outcome, tournament_pairings.outcome):
// "first", "second" or "draw" (a pairing may also read "bye", which is none of these).
inline const char* outcome_text(Outcome outcome) {
  return outcome == Outcome::first_wins ? "first" : outcome == Outcome::second_wins ? "second" : "draw";
}
inline std::optional<Outcome> outcome_named(std::string_view text) {
  if (text == "first") return Outcome::first_wins;
  if (text == "second") return Outcome::second_wins;
  if (text == "draw") return Outcome::draw;
  return std::nullopt;
}

// A title's result mapped to the seats: `winner` a role (none: a draw); a draw counts for
// `draw_winner` when one is given — in a tournament, the title's (Wilderness War 13.14: the
// French). The one place a game's result becomes an Outcome, for standings and ratings alike.
inline Outcome seat_outcome(const std::optional<std::string>& winner, const std::string& first_role,
                            const std::optional<std::string>& draw_winner) {
  const auto counted = winner ? winner : draw_winner;
  if (!counted) return Outcome::draw;
  return *counted == first_role ? Outcome::first_wins : Outcome::second_wins;
}

// 13.3: a bid gives `vp` victory points to the seat it favours (the seat that did not bid), so
// that a bid given to a side counts for that side.
struct Bid {
  Seat favours = Seat::first;
  int vp = 0;

  bool operator==(const Bid&) const = default;
};

// Why some input was refused: `where` names the item (e.g. "results[3]"), `message` says what is
// wrong with it. The functions that return one change nothing.
struct InputError {
  std::string where;
  std::string message;

  bool operator==(const InputError&) const = default;
};

}  // namespace warpath::server::tournaments
