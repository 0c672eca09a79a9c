#pragma once
// Messages a client sends, parsed and checked field by field. Anything that does not parse into
// one of these becomes a ProtocolError that the server sends back as an `error` message.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/core/response_window.hpp"
#include "protocol/error_code.hpp"

namespace warpath::protocol {

using GameId = std::int64_t;

struct Hello {
  std::string token;  // optional seat token used by later joins
  std::string client;
};
struct Join {
  GameId game;
  std::string seat;  // a role or "spectator"
  std::string token;
  // The version a rejoining client holds: it gets the missed patches instead of a snapshot.
  std::optional<std::uint64_t> version;
  std::string ref;
};
struct Leave {
  GameId game;
};
struct ActionRequest {
  GameId game;
  std::uint64_t version;  // the version the client acted on
  engine::Action action;
  std::string ref;
};
struct UndoRequest {
  GameId game;
  std::uint64_t version;
  std::string ref;
};
struct Resync {
  GameId game;
  std::uint64_t version;  // the last version the client holds
};
// Older log lines: those before line `before`, at most `limit` of them.
struct LogRequest {
  GameId game;
  std::uint64_t before;
  std::uint64_t limit;
  std::string ref;
};
struct Chat {
  GameId game;
  std::string text;
};
struct Ping {
  std::string ref;
};
// Standing orders (docs/PROTOCOL.md): "pass for this <scope>" in the response window the seat is
// in at `version`, which declines it and every window of the seat's until that period is over.
struct PassFor {
  GameId game;
  std::uint64_t version;
  engine::PassScope scope;
  std::string ref;
};
// Replaces the seat's standing auto-pass kinds; `cancel_passing` also drops its "pass for" answers.
struct SetOrders {
  GameId game;
  std::vector<std::string> auto_pass;
  bool cancel_passing = false;
  std::string ref;
};

using ClientMessage =
    std::variant<Hello, Join, Leave, ActionRequest, UndoRequest, Resync, LogRequest, Chat, Ping, PassFor, SetOrders>;

struct ProtocolError {
  ErrorCode code;  // invalid_utf8, invalid_json, too_deep, frame_too_large, unknown_type, bad_message, malformed
  std::string message;
  std::string ref;  // echoed when the message had a readable ref
};

using ParseResult = std::variant<ClientMessage, ProtocolError>;

// Parses one text or binary frame.
ParseResult parse_client_message(std::string_view frame);

// The fields of `pass_for` and `set_orders` (all but `type` and `game`), read the same way from the
// body of their HTTP routes; errors are `bad_message`.
std::variant<PassFor, ProtocolError> pass_for_fields(const nlohmann::json& j, GameId game);
std::variant<SetOrders, ProtocolError> set_orders_fields(const nlohmann::json& j, GameId game);

}  // namespace warpath::protocol
