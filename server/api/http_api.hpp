#pragma once
// The HTTP routes: health, titles, game creation and listing, views and actions for
// asynchronous play, and the static web client. Answers may come later (after a commit) through
// the respond callback, on any thread.

#include <boost/beast/http.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "protocol/error_code.hpp"
#include "server/net/server_context.hpp"

namespace warpath::server {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;
using Respond = std::function<void(HttpResponse)>;

// `client`: the address the limits kept per address count the request under (client_address():
// the peer, or behind a trusted proxy the client it names).
void handle_http(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& client,
                 Respond respond);
// Whether a request's Origin is one of ours (Limits::allowed_origins, else the public URL, else the
// Host): for WebSocket upgrades, and for sign-up and log-in. No Origin (not a browser page): yes.
bool origin_allowed(const ServerContext& context, const HttpRequest& request);

// The site's origin for links in answers and mails: the public URL, else http:// and the Host.
std::string origin_of(const ServerContext& context, const HttpRequest& request);

// The value of `name` in the request's query (`?a=1&b=2`), as sent (not decoded), if it is there.
std::optional<std::string_view> query_parameter(const HttpRequest& request, std::string_view name);
// A lease on the game's room, or nullptr after answering 503 overloaded.
RoomHandle acquire_room(ServerContext& context, const HttpRequest& request, protocol::GameId game,
                        const Respond& respond);

HttpResponse json_response(const HttpRequest& request, boost::beast::http::status status, const nlohmann::json& body);
// True when the resource takes the request's method (HEAD wherever GET); else answers 405 with
// the methods it does take.
bool takes(const HttpRequest& request, const std::vector<boost::beast::http::verb>& methods, const Respond& respond);
// takes() for a resource whose methods are routes of their own: the index in `methods` of the
// request's method, or nullopt after answering 405.
std::optional<std::size_t> taken_method(const HttpRequest& request,
                                        const std::vector<boost::beast::http::verb>& methods, const Respond& respond);
// The body as a JSON object, or nullopt after answering why it is not one.
std::optional<nlohmann::json> json_body(const HttpRequest& request, const Respond& respond);
// Answers with a room's answer: its error, or the seat's view.
void respond_seat_answer(const HttpRequest& request, protocol::GameId game, Respond respond, SeatAnswer answer);
// `details`: more members of the error object (retry_after, version).
HttpResponse error_response(const HttpRequest& request, protocol::ErrorCode code, const std::string& message,
                            const nlohmann::json& details = nlohmann::json::object());
// 307 moved: the game is served by another node, `node`; the body names it with
// `retry_after_ms` (when its lease runs out if that node is dead), and Location is
// `/node/<node>` followed by the request's target, which nginx routes to that node.
HttpResponse moved_response(const HttpRequest& request, std::string_view node, std::int64_t retry_after_ms);
// A room's refusal: moved_response when another node serves the game, else error_response.
HttpResponse room_error_response(const HttpRequest& request, const RoomError& error,
                                 const nlohmann::json& details = nlohmann::json::object());
// Who a game request speaks for: the Bearer seat token, else the session's account, else nobody
// (a spectator). `changes`: a request that acts, for which a session must send its CSRF token;
// nullopt after answering that it did not.
std::optional<SeatClaim> seat_claim(ServerContext& context, const HttpRequest& request, bool changes,
                                    const Respond& respond);
// A player's request in a game: its claim (as seat_claim; a token or a session is required) and
// the game's room; nullopt after answering (bad_token, csrf_failed, unknown_game, overloaded).
struct PlayerRequest {
  SeatClaim claim;
  RoomHandle room;
};
std::optional<PlayerRequest> player_request(ServerContext& context, const HttpRequest& request, protocol::GameId game,
                                            bool changes, const Respond& respond);
// 429 rate_limited with retry_after (and Retry-After): `what` there were too many of.
HttpResponse rate_limited_response(ServerContext& context, const HttpRequest& request, double seconds_to_wait,
                                   const std::string& what);

}  // namespace warpath::server
