#pragma once
// Ratings in the API (docs/PROTOCOL.md, "Ratings"): a title's leaderboard
// (GET /api/ratings/{title}), a player's ratings with their recent changes (for
// GET /api/players/{name}), each player's rating beside their name in a listing, and the
// fair-bid hint of a bidding whose two players are known. Ratings are public: nothing here needs a
// session or depends on who asks. Everything reads the server's rating service
// (server/ratings/rating_service.hpp); without one (tools, tests) the answers are empty.

#include <array>
#include <cstdint>
#include <string_view>

#include "server/api/http_api.hpp"

namespace warpath::server {

// Answers the request and returns true when `target` is GET /api/ratings/{title}.
bool rating_routes(ServerContext& context, const HttpRequest& request, std::string_view target, const Respond& respond);

// [{title, title_name, rating, deviation, games, recent: [{game, opponent, side, outcome, before,
// after, ended_at}]}] of the account, the titles in order.
nlohmann::json player_ratings_json(ServerContext& context, std::int64_t account);

// The account's current rating in the title, rounded (1500 before any rated game).
nlohmann::json listed_rating(ServerContext& context, const std::string& title, std::int64_t account);

// {side, vp, first_score, seats, swapped} for the listing's two players (`players`: the bidding's,
// the owner first) in the title's scenario, from their ratings and the scenario's side term:
// `seats` ([{role, name}], the first seat first) gives the sides the hint is for (the owner in the
// first seat), `swapped` the same hint
// with the sides the other way round; `side` null and `vp` 0 where no bid helps; null when no bid
// helps either way, or the title takes no bid.
nlohmann::json fair_bid_json(ServerContext& context, const storage::ListingRecord& listing,
                             const std::array<std::int64_t, 2>& players);

}  // namespace warpath::server
