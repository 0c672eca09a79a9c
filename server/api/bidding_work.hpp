#pragma once
// Sides by bidding (docs/PROTOCOL.md, "Bidding"), the part the lobby's routes and the tournament
// director share: a listing's bidding rebuilt from its stored bids, as a player or anyone else may
// see it, the bidding that begins once both players are in (its seed fixed, its first turn's
// notices), and the work that adds bids to it (the game started with the sides the outcome gives
// once it is over). A tournament pairing's listing goes through the same code as a lobby one's.

#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/bidding/bidding.hpp"
#include "server/net/server_context.hpp"
#include "server/rooms/room.hpp"
#include "server/storage/lobby_store.hpp"

namespace warpath::server {

// The title's display name (the id when no module has it).
std::string title_name(const ServerContext& context, const std::string& title);

// A rebuilt bidding: the listing's, as far as its stored bids go (none: the title cannot take it).
std::optional<bidding::Bidding> rebuilt_bidding(const ServerContext& context, const storage::ListingRecord& l,
                                                const storage::BiddingRecord& record);

// The bidding part of a listing as `asker` may see it: the config and, once begun, its state
// (a sealed bid is only "received" to anyone but its bidder while the other is not in).
nlohmann::json bidding_json(ServerContext& context, const storage::ListingRecord& l, std::optional<std::int64_t> asker);

// The bidding of a listing whose two players are in: the game's seed fixed and committed to now,
// the first deadline, and a notice to each player whose turn it is. `players[0]` is the listing's
// owner. None when the title cannot take a bidding.
struct BiddingStart {
  storage::NewBidding bidding;
  std::vector<storage::Notice> notices;
};
std::optional<BiddingStart> bidding_start(const engine::GameModule& module, const nlohmann::json& config,
                                          const nlohmann::json& time_control, std::array<std::int64_t, 2> players,
                                          storage::ListingId listing, const std::string& origin,
                                          const std::string& what);

protocol::ErrorCode refusal_code(bidding::Refusal why);

// The work that adds `acts` to the bidding: the next deadline and whose turn it is, or, once over,
// the game set up with the bid and started with the seats the outcome gives.
struct BidWork {
  storage::CommitQueue::Work work;
  std::shared_ptr<storage::ListingChange> change;
};
std::variant<RoomError, BidWork> bid_work(ServerContext& context, const storage::ListingRecord& l,
                                          const storage::BiddingRecord& record, const std::vector<bidding::Act>& acts,
                                          const std::string& origin);

}  // namespace warpath::server
