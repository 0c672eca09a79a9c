#include "protocol/error_code.hpp"

#include <array>
#include <stdexcept>

namespace warpath::protocol {
namespace {

using E = ErrorCode;
constexpr bool ws = true, no_ws = false, http = true, no_http = false;

// {code, name, HTTP status, sent over WebSocket, sent over HTTP}, in the enum's order.
constexpr std::array<ErrorCodeInfo, 58> table = {{
    {E::invalid_json, "invalid_json", 400, ws, http},
    {E::invalid_utf8, "invalid_utf8", 400, ws, http},
    {E::too_deep, "too_deep", 400, ws, http},
    {E::frame_too_large, "frame_too_large", 413, ws, http},
    {E::headers_too_large, "headers_too_large", 431, no_ws, http},
    {E::bad_request, "bad_request", 400, no_ws, http},
    {E::bad_message, "bad_message", 400, ws, http},
    {E::unknown_type, "unknown_type", 400, ws, http},
    {E::method_not_allowed, "method_not_allowed", 405, no_ws, http},
    {E::not_found, "not_found", 404, no_ws, http},
    {E::unknown_game, "unknown_game", 404, ws, http},
    {E::unknown_seat, "unknown_seat", 400, ws, http},
    {E::unknown_title, "unknown_title", 400, no_ws, http},
    {E::bad_setup, "bad_setup", 400, no_ws, http},
    {E::bad_token, "bad_token", 401, ws, http},
    {E::not_joined, "not_joined", 400, ws, http},
    {E::spectator, "spectator", 400, ws, http},
    {E::forbidden_origin, "forbidden_origin", 403, no_ws, http},
    {E::not_logged_in, "not_logged_in", 401, no_ws, http},
    {E::bad_credentials, "bad_credentials", 401, no_ws, http},
    {E::csrf_failed, "csrf_failed", 403, no_ws, http},
    {E::name_taken, "name_taken", 409, no_ws, http},
    {E::email_taken, "email_taken", 409, no_ws, http},
    {E::bad_link, "bad_link", 400, no_ws, http},
    {E::bad_setting, "bad_setting", 400, no_ws, http},
    {E::forbidden, "forbidden", 403, no_ws, http},
    {E::unknown_listing, "unknown_listing", 404, no_ws, http},
    {E::unknown_player, "unknown_player", 404, no_ws, http},
    {E::listing_closed, "listing_closed", 409, no_ws, http},
    {E::vacation_refused, "vacation_refused", 409, no_ws, http},
    {E::not_out_of_time, "not_out_of_time", 409, no_ws, http},
    {E::stale_version, "stale_version", 409, ws, http},
    {E::not_your_turn, "not_your_turn", 409, ws, http},
    {E::illegal_action, "illegal_action", 409, ws, http},
    {E::malformed, "malformed", 400, ws, http},
    {E::undo_not_allowed, "undo_not_allowed", 409, ws, http},
    {E::game_over, "game_over", 409, ws, http},
    {E::not_in_window, "not_in_window", 409, ws, http},
    {E::unknown_window_kind, "unknown_window_kind", 400, ws, http},
    {E::note_too_long, "note_too_long", 413, no_ws, http},
    {E::not_your_bid, "not_your_bid", 409, no_ws, http},
    {E::bad_bid, "bad_bid", 400, no_ws, http},
    {E::bidding_closed, "bidding_closed", 409, no_ws, http},
    {E::bad_tournament, "bad_tournament", 400, no_ws, http},
    {E::registration_closed, "registration_closed", 409, no_ws, http},
    {E::tournament_full, "tournament_full", 409, no_ws, http},
    {E::already_registered, "already_registered", 409, no_ws, http},
    {E::not_registered, "not_registered", 409, no_ws, http},
    {E::too_few_players, "too_few_players", 409, no_ws, http},
    {E::tournament_started, "tournament_started", 409, no_ws, http},
    {E::moved, "moved", 307, ws, http},
    {E::storage_error, "storage_error", 503, ws, http},
    {E::overloaded, "overloaded", 503, ws, http},
    {E::too_many_connections, "too_many_connections", 503, no_ws, http},
    {E::too_many_games, "too_many_games", 400, ws, no_http},
    {E::rate_limited, "rate_limited", 429, ws, http},
    {E::chat_full, "chat_full", 400, ws, no_http},
    {E::internal_error, "internal_error", 500, ws, http},
}};

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < table.size(); ++i)
    if (static_cast<std::size_t>(table[i].code) != i) return false;
  return static_cast<std::size_t>(E::internal_error) + 1 == table.size();
}
static_assert(in_enum_order(), "one row per ErrorCode, in the enum's order");

}  // namespace

std::span<const ErrorCodeInfo> error_codes() { return table; }

const ErrorCodeInfo& info(ErrorCode code) { return table.at(static_cast<std::size_t>(code)); }

std::optional<ErrorCode> error_code_named(std::string_view name) {
  for (const auto& row : table)
    if (row.name == name) return row.code;
  return std::nullopt;
}

ErrorCode from_engine(engine::ErrorCode code) {
  switch (code) {
    case engine::ErrorCode::not_your_turn:
      return E::not_your_turn;
    case engine::ErrorCode::illegal_action:
      return E::illegal_action;
    case engine::ErrorCode::malformed:
      return E::malformed;
    case engine::ErrorCode::undo_not_allowed:
      return E::undo_not_allowed;
    case engine::ErrorCode::game_over:
      return E::game_over;
  }
  throw std::logic_error("an engine error code without a protocol code");
}

}  // namespace warpath::protocol
