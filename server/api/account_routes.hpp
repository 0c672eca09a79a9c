#pragma once
// The account API (docs/PROTOCOL.md, "Accounts" and "One-time links"): sign up, log in and out
// (here or everywhere), the current session, e-mail verification and password reset by one-time
// links, changes of address and password, deleting the account, and its webhook. A session travels in an HttpOnly
// cookie; a request that changes something on its behalf must carry the session's CSRF token in X-CSRF-Token, and
// sign-up and log-in, which have no session yet, must come from an allowed Origin when a browser
// sends one. Password hashing runs on the slow-work pool, never on a network thread.

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string_view>

#include "server/api/http_api.hpp"
#include "server/storage/account_store.hpp"

namespace warpath::server {

// Answers the request and returns true when `target` is one of the account routes.
bool account_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                    const boost::asio::ip::address& client, const Respond& respond);

// The live session the request's cookie names, if any (renewed when due).
std::optional<storage::SessionRecord> request_session(ServerContext& context, const HttpRequest& request);
// The request's session, with its CSRF token checked when the request changes something; nullopt
// after answering 401 not_logged_in or 403 csrf_failed.
std::optional<storage::SessionRecord> checked_session(ServerContext& context, const HttpRequest& request,
                                                      const Respond& respond);
// Tells the outbox's sender that messages were committed (no-op without one).
void wake_outbox(ServerContext& context);

}  // namespace warpath::server
