#pragma once
// The lobby API (docs/PROTOCOL.md, "Lobby"): games proposed and joined, invitations, resigning,
// rematches, an account's games and a player's record. Every route needs a session (and its CSRF
// token to change anything), and each checks that the account may do what it asks: only a
// listing's owner cancels it or invites, only its invitee declines, only a game's player resigns
// or asks for a rematch; only a listing's two players bid for its sides.

#include <boost/asio/ip/address.hpp>
#include <string_view>

#include "server/api/http_api.hpp"

namespace warpath::server {

// Answers the request and returns true when `target` is one of the lobby routes.
bool lobby_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                  const boost::asio::ip::address& client, const Respond& respond);

// A started game's bidding for sides as its record holds it (bidding::record_json), the players
// named as the game's `seats` name them; null when the title cannot take it.
nlohmann::json bidding_record(ServerContext& context, const storage::ListingRecord& listing,
                              const storage::BiddingRecord& record, const std::vector<storage::PlayerSeat>& seats);

// A started game's bidding for sides as a listing shows it to anyone but its players ({mode,
// favoured, state}; the bidding is over, so every bid is shown); null when its sides were not bid for.
nlohmann::json game_bidding_json(ServerContext& context, protocol::GameId game);

// Closes the turns of bidding whose deadline has passed: a player who has not bid bids 0 (sealed)
// or accepts (auction); a bidding that ends so starts its game. Run by the clock scheduler while
// the server runs, so also for deadlines that passed while it was down. `origin`: the links'.
void work_bidding_deadlines(ServerContext& context, const std::string& origin);

}  // namespace warpath::server
