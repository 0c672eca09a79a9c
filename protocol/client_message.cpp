#include "protocol/client_message.hpp"

#include <nlohmann/json.hpp>

#include "protocol/frame_check.hpp"
#include "protocol/limits.hpp"

namespace warpath::protocol {
namespace {

using nlohmann::json;

struct FieldError {
  std::string message;
};

const json& field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end()) throw FieldError{std::string("missing field '") + name + "'"};
  return *it;
}

GameId game_field(const json& j) {
  const json& g = field(j, "game");
  if (!g.is_number_integer() || g.get<GameId>() <= 0) throw FieldError{"'game' must be a positive integer"};
  return g.get<GameId>();
}

std::uint64_t version_field(const json& j) {
  const json& v = field(j, "version");
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0) throw FieldError{"'version' must be an integer >= 0"};
  return v.get<std::uint64_t>();
}

std::string string_field(const json& j, const char* name, std::size_t max_chars, bool required) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) {
    if (required) throw FieldError{std::string("missing field '") + name + "'"};
    return {};
  }
  if (!it->is_string()) throw FieldError{std::string("'") + name + "' must be a string"};
  const auto& s = it->get_ref<const std::string&>();
  if (s.size() > max_chars) throw FieldError{std::string("'") + name + "' is too long"};
  return s;
}

std::uint64_t count_field(const json& j, const char* name, std::uint64_t min, std::uint64_t max,
                          std::optional<std::uint64_t> absent) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) {
    if (!absent) throw FieldError{std::string("missing field '") + name + "'"};
    return *absent;
  }
  if (!it->is_number_integer() || it->get<std::int64_t>() < static_cast<std::int64_t>(min) ||
      it->get<std::uint64_t>() > max)
    throw FieldError{std::string("'") + name + "' must be an integer from " + std::to_string(min) + " to " +
                     std::to_string(max)};
  return it->get<std::uint64_t>();
}

std::string ref_field(const json& j) { return string_field(j, "ref", max_ref_chars, false); }

std::optional<std::uint64_t> optional_version_field(const json& j) {
  auto it = j.find("version");
  if (it == j.end() || it->is_null()) return std::nullopt;
  return version_field(j);
}

std::size_t count_code_points(const std::string& utf8) {
  std::size_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

engine::Action action_fields(const json& j) {
  engine::Action a;
  a.verb = string_field(j, "verb", 64, true);
  if (auto it = j.find("arg"); it != j.end()) a.arg = *it;
  if (!engine::is_well_formed(a))
    throw ProtocolError{ErrorCode::malformed, "'arg' must be null, a string or an integer", ref_field(j)};
  return a;
}

PassFor pass_for(const json& j, GameId game) {
  const auto name = string_field(j, "scope", 32, true);
  const auto scope = engine::pass_scope_named(name);
  if (!scope) throw FieldError{"'scope' must be \"move\", \"action_phase\" or \"season\""};
  return PassFor{game, version_field(j), *scope, ref_field(j)};
}

SetOrders set_orders(const json& j, GameId game) {
  const json& kinds = field(j, "auto_pass");
  if (!kinds.is_array() || kinds.size() > max_window_kinds)
    throw FieldError{"'auto_pass' must be an array of at most " + std::to_string(max_window_kinds) + " kinds"};
  SetOrders orders{game, {}, false, ref_field(j)};
  for (const auto& kind : kinds) {
    if (!kind.is_string() || kind.get_ref<const std::string&>().empty() ||
        kind.get_ref<const std::string&>().size() > 64)
      throw FieldError{"each kind in 'auto_pass' must be a string of 1 to 64 bytes"};
    orders.auto_pass.push_back(kind.get<std::string>());
  }
  if (auto it = j.find("cancel_passing"); it != j.end() && !it->is_null()) {
    if (!it->is_boolean()) throw FieldError{"'cancel_passing' must be true or false"};
    orders.cancel_passing = it->get<bool>();
  }
  return orders;
}

template <typename Message, typename Read>
std::variant<Message, ProtocolError> fields_of(const json& j, GameId game, Read read) {
  std::string ref;
  try {
    if (!j.is_object()) return ProtocolError{ErrorCode::bad_message, "the body must be a JSON object", {}};
    ref = ref_field(j);
    return read(j, game);
  } catch (const FieldError& e) {
    return ProtocolError{ErrorCode::bad_message, e.message, ref};
  }
}

ClientMessage by_type(const std::string& type, const json& j) {
  if (type == "hello") return Hello{string_field(j, "token", 256, false), string_field(j, "client", 128, false)};
  if (type == "join")
    return Join{game_field(j), string_field(j, "seat", 64, true), string_field(j, "token", 256, false),
                optional_version_field(j), ref_field(j)};
  if (type == "leave") return Leave{game_field(j)};
  if (type == "action") return ActionRequest{game_field(j), version_field(j), action_fields(j), ref_field(j)};
  if (type == "undo") return UndoRequest{game_field(j), version_field(j), ref_field(j)};
  if (type == "resync") return Resync{game_field(j), version_field(j)};
  if (type == "log")
    return LogRequest{game_field(j), count_field(j, "before", 0, max_json_integer, std::nullopt),
                      count_field(j, "limit", 1, max_log_page_lines, default_log_page_lines), ref_field(j)};
  if (type == "chat") {
    auto text = string_field(j, "text", max_chat_chars * 4, true);
    if (text.empty()) throw FieldError{"'text' is empty"};
    if (count_code_points(text) > max_chat_chars) throw FieldError{"'text' is longer than 1000 characters"};
    return Chat{game_field(j), std::move(text)};
  }
  if (type == "ping") return Ping{ref_field(j)};
  if (type == "pass_for") return pass_for(j, game_field(j));
  if (type == "set_orders") return set_orders(j, game_field(j));
  throw ProtocolError{ErrorCode::unknown_type, "unknown message type '" + type + "'", ref_field(j)};
}

}  // namespace

ParseResult parse_client_message(std::string_view frame) {
  if (frame.size() > max_message_bytes)
    return ProtocolError{ErrorCode::frame_too_large, "messages are limited to 65536 bytes", {}};
  if (!is_valid_utf8(frame)) return ProtocolError{ErrorCode::invalid_utf8, "the message is not valid UTF-8", {}};
  if (nests_deeper_than(frame, max_json_depth))
    return ProtocolError{ErrorCode::too_deep, "the message nests deeper than 32 levels", {}};
  json j = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return ProtocolError{ErrorCode::invalid_json, "the message is not valid JSON", {}};
  if (!j.is_object()) return ProtocolError{ErrorCode::bad_message, "a message is a JSON object", {}};
  std::string ref;
  try {
    ref = ref_field(j);
    const json& type = field(j, "type");
    if (!type.is_string()) throw FieldError{"'type' must be a string"};
    return by_type(type.get<std::string>(), j);
  } catch (const FieldError& e) {
    return ProtocolError{ErrorCode::bad_message, e.message, ref};
  } catch (const ProtocolError& e) {
    return e;
  }
}

std::variant<PassFor, ProtocolError> pass_for_fields(const json& j, GameId game) {
  return fields_of<PassFor>(j, game, pass_for);
}

std::variant<SetOrders, ProtocolError> set_orders_fields(const json& j, GameId game) {
  return fields_of<SetOrders>(j, game, set_orders);
}

}  // namespace warpath::protocol
