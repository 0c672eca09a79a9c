#pragma once
// The tournament API (docs/PROTOCOL.md, "Tournaments"): organisers create tournaments, players
// register and withdraw, anyone logged in reads a tournament, its rounds and pairings, its
// standings and its FIDE report (TRF). Every route needs a session (and its CSRF token to change
// anything); only an organiser creates, only a tournament's organiser starts or cancels it. The
// rounds themselves are run by the director (tournament_director.hpp).

#include <boost/asio/ip/address.hpp>
#include <string_view>

#include "server/api/http_api.hpp"

namespace warpath::server {

// Answers the request and returns true when `target` is one of the tournament routes.
bool tournament_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                       const boost::asio::ip::address& client, const Respond& respond);

// {"id", "name", "round", "table"} of the tournament whose pairing the listing or game is; null
// for a casual one.
nlohmann::json listing_tournament_json(ServerContext& context, std::int64_t listing);
nlohmann::json game_tournament_json(ServerContext& context, std::int64_t game);

}  // namespace warpath::server
