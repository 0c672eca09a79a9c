#pragma once
// Every error code the server answers with: in a WebSocket `error` frame and in an HTTP error
// body (docs/PROTOCOL.md, "Errors"). One enum and one table row per code with its HTTP status and
// the transports that send it; the JSON Schemas (schema/protocol/server/error.json and
// schema/protocol/http/error.json) list the same codes, which a unit test checks.

#include <optional>
#include <span>
#include <string_view>

#include "engine/core/action.hpp"

namespace warpath::protocol {

enum class ErrorCode {
  // The message or request itself.
  invalid_json,
  invalid_utf8,
  too_deep,
  frame_too_large,
  headers_too_large,
  bad_request,
  bad_message,
  unknown_type,
  method_not_allowed,
  not_found,
  // Who asks and for what.
  unknown_game,
  unknown_seat,
  unknown_title,
  bad_setup,
  bad_token,
  not_joined,
  spectator,
  forbidden_origin,
  // Accounts.
  not_logged_in,
  bad_credentials,
  csrf_failed,
  name_taken,
  email_taken,
  bad_link,
  bad_setting,
  forbidden,
  unknown_listing,
  unknown_player,
  listing_closed,
  vacation_refused,
  // The clocks: a timeout claimed (or applied) against a player who is not out of time past the grace period.
  not_out_of_time,
  // The rules.
  stale_version,
  not_your_turn,
  illegal_action,
  malformed,
  undo_not_allowed,
  game_over,
  // Standing orders.
  not_in_window,
  unknown_window_kind,
  // Private notes.
  note_too_long,
  // Sides by bidding: not the player's turn to bid (or a sealed bid in already), a bid that is
  // not a whole number from 0 to the title's maximum or not above the current one, and a bidding
  // that is over (or not begun).
  not_your_bid,
  bad_bid,
  bidding_closed,
  // Tournaments: a bad field of a new tournament (with `field`), registration over or full, a
  // player registered already or not at all, too few players to start, and a change only
  // possible before the start.
  bad_tournament,
  registration_closed,
  tournament_full,
  already_registered,
  not_registered,
  too_few_players,
  tournament_started,
  // Several nodes (docs/PROTOCOL.md, "More than one node"): the game is served by another node,
  // which the answer names (`node`, with `retry_after_ms`); HTTP 307 with a Location on it.
  moved,
  // The server's limits and failures.
  storage_error,
  overloaded,
  too_many_connections,
  too_many_games,
  rate_limited,
  chat_full,
  internal_error,
};

struct ErrorCodeInfo {
  ErrorCode code;
  std::string_view name;
  unsigned http_status;
  bool websocket;  // sent in `error` frames
  bool http;       // sent in HTTP error bodies
};

// Every code, in the enum's order.
std::span<const ErrorCodeInfo> error_codes();
const ErrorCodeInfo& info(ErrorCode code);
inline std::string_view to_string(ErrorCode code) { return info(code).name; }
inline unsigned http_status(ErrorCode code) { return info(code).http_status; }
std::optional<ErrorCode> error_code_named(std::string_view name);
// The rules' refusals (engine::ErrorCode) as the protocol names them.
ErrorCode from_engine(engine::ErrorCode code);

}  // namespace warpath::protocol
