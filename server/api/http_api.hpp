#pragma once
// The HTTP routes: health, titles, game creation and listing, views and actions for
// asynchronous play, and the static web client. Answers may come later (after a commit) through
// the respond callback, on any thread.

#include <boost/beast/http.hpp>
#include <functional>

#include "protocol/error_code.hpp"
#include "server/net/server_context.hpp"

namespace warpath::server {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;
using Respond = std::function<void(HttpResponse)>;

// `peer`: the client's address, for the limits kept per address.
void handle_http(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& peer,
                 Respond respond);
// Whether a WebSocket upgrade's Origin may open /ws (Limits::allowed_origins).
bool websocket_origin_allowed(const ServerContext& context, const HttpRequest& request);

HttpResponse json_response(const HttpRequest& request, boost::beast::http::status status, const nlohmann::json& body);
HttpResponse error_response(const HttpRequest& request, protocol::ErrorCode code, const std::string& message);

}  // namespace warpath::server
