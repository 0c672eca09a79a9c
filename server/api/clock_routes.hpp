#pragma once
// The clocks' API (docs/PROTOCOL.md, "Clocks"): the time-control presets, claiming a win on time,
// and a player's time off: the vacation allowance, vacations taken from and to a date or ended
// early, automatic vacation days, weekends off. The arithmetic is server/clocks/.

#include <boost/asio/ip/address.hpp>

#include "server/api/http_api.hpp"
#include "server/storage/account_store.hpp"

namespace warpath::server {

// GET /api/time-controls.
void time_controls_route(const HttpRequest& request, const Respond& respond);
// POST /api/games/{id}/claim-timeout.
void claim_timeout_route(ServerContext& context, const HttpRequest& request, protocol::GameId game,
                         const Respond& respond);

// Account routes (in account_routes' table), for the session's account.
void time_off_route(ServerContext& context, const HttpRequest& request, std::int64_t account, const Respond& respond);
void set_time_off_route(ServerContext& context, const HttpRequest& request, std::int64_t account,
                        const Respond& respond);
void take_vacation_route(ServerContext& context, const HttpRequest& request, std::int64_t account,
                         const Respond& respond);
void end_vacation_route(ServerContext& context, const HttpRequest& request, std::int64_t account,
                        const Respond& respond);

}  // namespace warpath::server
