#pragma once
// The lobby API (docs/PROTOCOL.md, "Lobby"): games proposed and joined, invitations, resigning,
// rematches, an account's games and a player's record. Every route needs a session (and its CSRF
// token to change anything), and each checks that the account may do what it asks: only a
// listing's owner cancels it or invites, only its invitee declines, only a game's player resigns
// or asks for a rematch.

#include <boost/asio/ip/address.hpp>
#include <string_view>

#include "server/api/http_api.hpp"

namespace warpath::server {

// Answers the request and returns true when `target` is one of the lobby routes.
bool lobby_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                  const boost::asio::ip::address& peer, const Respond& respond);

}  // namespace warpath::server
