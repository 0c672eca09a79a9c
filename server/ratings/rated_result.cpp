#include "server/ratings/rated_result.hpp"

#include <algorithm>

namespace warpath::server::ratings {

using tournaments::Seat;

namespace {

// The seat of `role` among a two-role title's roles.
std::optional<Seat> seat_of(const std::vector<std::string>& roles, const std::string& role) {
  if (role == roles[0]) return Seat::first;
  if (role == roles[1]) return Seat::second;
  return std::nullopt;
}

std::optional<std::int64_t> account_of(const FinishedGame& game, const std::string& role) {
  for (const auto& seat : game.seats)
    if (seat.role == role) return seat.account;
  return std::nullopt;
}

}  // namespace

std::variant<tournaments::GameRecord, NotRated> rated_result(const FinishedGame& game) {
  if (game.roles.size() != 2) return NotRated{"the title does not have two seats"};
  const auto first = account_of(game, game.roles[0]);
  const auto second = account_of(game, game.roles[1]);
  if (!first || !second || *first <= 0 || *second <= 0) return NotRated{"a seat has no account"};
  if (*first == *second) return NotRated{"one account plays both seats"};
  if (!game.result.is_object() || !game.result.contains("winner")) return NotRated{"the game has no result"};

  tournaments::GameRecord record;
  record.title = game.title;
  record.scenario = game.scenario;
  record.first = *first;
  record.second = *second;

  const auto& winner = game.result["winner"];
  if (!winner.is_string() && !winner.is_null()) return NotRated{"the game's winner is neither a role nor null"};
  const auto won = winner.is_string() ? std::optional<std::string>(winner.get<std::string>()) : std::nullopt;
  if (won && !seat_of(game.roles, *won)) return NotRated{"the winner is not one of the title's roles"};
  // 13.14: in a tournament a drawn game counts as a win for the title's side.
  const auto draw_winner = game.tournament ? game.tournament_draw_winner : std::nullopt;
  if (draw_winner && !seat_of(game.roles, *draw_winner))
    return NotRated{"the title's tournament draw winner is not one of its roles"};
  record.outcome = tournaments::seat_outcome(won, game.roles[0], draw_winner);

  if (game.bid_option && game.options.is_object()) {
    const auto bid = game.options.find(*game.bid_option);
    if (bid != game.options.end() && !bid->is_null()) {
      if (!bid->is_object() || !bid->contains("side") || !(*bid)["side"].is_string() || !bid->contains("vp") ||
          !(*bid)["vp"].is_number_integer())
        return NotRated{"the game's bid is not {\"side\", \"vp\"}"};
      const auto seat = seat_of(game.roles, (*bid)["side"].get<std::string>());
      const auto vp = (*bid)["vp"].get<std::int64_t>();
      if (!seat) return NotRated{"the bid's side is not one of the title's roles"};
      if (vp < 0 || vp > 1000) return NotRated{"the bid's VP are out of range"};
      if (vp > 0) record.bid = tournaments::Bid{*seat, static_cast<int>(vp)};
    }
  }
  return record;
}

}  // namespace warpath::server::ratings
