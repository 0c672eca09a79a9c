#pragma once
// What a finished rated game counts as for the ratings (docs/RATINGS.md, "On the server"): the
// title's first role is the first seat (Wilderness War: French), the winner's role gives the
// outcome (a resignation or a timeout has a winner: a loss for the other), a draw counts as a win
// for the title's `tournament_draw_winner` in a tournament game (13.14) and stays a draw
// elsewhere, and the bid is the game's bid option ({"side", "vp"}: VP for the seat of `side`).
// A pure function of the game's facts: no clock, no storage.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/tournaments/ratings.hpp"

namespace warpath::server::ratings {

struct SeatAccount {
  std::string role;
  std::int64_t account = 0;
};

// A game that is over, as the store and the title know it.
struct FinishedGame {
  std::string title;
  std::string scenario;
  std::vector<std::string> roles;                     // the title's, first seat first
  std::optional<std::string> bid_option;              // the option holding the bid; none: no bids
  std::optional<std::string> tournament_draw_winner;  // the title's (13.14)
  bool tournament = false;                            // its listing is a tournament pairing's
  nlohmann::json options = nlohmann::json::object();
  nlohmann::json result;  // {"winner": role | null, ...}
  std::vector<SeatAccount> seats;
};

// Why a game is not rated (it is noted once and left alone).
struct NotRated {
  std::string reason;
};

// The result to rate, or why the game is not rated: not two seats with two different accounts,
// no result, a winner or bid side that is not one of the roles, a bid that is not {"side", "vp"}.
std::variant<tournaments::GameRecord, NotRated> rated_result(const FinishedGame& game);

}  // namespace warpath::server::ratings
