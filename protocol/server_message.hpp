#pragma once
// Messages the server sends, serialised once and shared by every connection that receives them.
// Snapshots, patches and log pages are made by the game feed (game_feed.hpp).

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/client_message.hpp"
#include "protocol/error_code.hpp"

namespace warpath::protocol {

using Frame = std::shared_ptr<const std::string>;

Frame make_frame(const nlohmann::json& message);

Frame welcome_message();
Frame ack_message(std::string_view ref, GameId game, std::uint64_t version);
// The seat's `patch` frame as sent to the connection whose action produced it: the same frame with
// the action's `ref`, which acknowledges the action (no `ack` follows).
Frame patch_answering(const Frame& patch, std::string_view ref);
// `version` (the game's current one) is included when known, so a client can tell it is behind.
Frame error_message(ErrorCode code, std::string_view message, std::string_view ref = {}, GameId game = 0,
                    std::int64_t version = -1);
// `moved`: the game is served by another node, `node` (its id), whose lease on it runs out in
// `retry_after_ms` if that node is dead; the client reconnects there (docs/PROTOCOL.md).
Frame moved_message(GameId game, std::string_view node, std::int64_t retry_after_ms, std::string_view ref = {});
Frame chat_message(GameId game, std::string_view seat, std::string_view text, std::string_view time);
Frame presence_message(GameId game, const nlohmann::json& seats);
Frame game_over_message(GameId game, std::uint64_t version, const nlohmann::json& result);
// A timed game's clocks (server/clocks/clock_store.hpp clocks_view), at a join and after changes.
Frame clocks_message(GameId game, const nlohmann::json& clocks);
Frame pong_message(std::string_view ref);
// A seat's standing orders as its own seat reads them (docs/PROTOCOL.md): {kinds (every kind of
// window of the title), auto_pass, passing (the scopes of "pass for" still in force at `now`)}.
nlohmann::json orders_json(const engine::StandingOrders& orders, const engine::Periods& now,
                           const std::vector<std::string>& kinds);
// The `orders` frame: that object with `type`, `game`, `seat` and `ref`, to the seat's own
// connections only.
Frame orders_message(GameId game, std::string_view seat, const nlohmann::json& orders, std::string_view ref = {});

}  // namespace warpath::protocol
