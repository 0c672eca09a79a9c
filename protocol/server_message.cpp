#include "protocol/server_message.hpp"

#include <algorithm>

#include "engine/core/json_string.hpp"
#include "protocol/limits.hpp"

namespace warpath::protocol {

using nlohmann::json;

Frame make_frame(const json& message) { return std::make_shared<const std::string>(message.dump()); }

Frame welcome_message() {
  return make_frame({{"type", "welcome"}, {"server", "warpath"}, {"protocol", protocol_version}});
}

Frame ack_message(std::string_view ref, GameId game, std::uint64_t version) {
  return make_frame({{"type", "ack"}, {"ref", ref}, {"game", game}, {"version", version}});
}

Frame patch_answering(const Frame& patch, std::string_view ref) {
  std::string text;
  text.reserve(patch->size() + ref.size() + 10);
  text.append("{\"ref\":");
  engine::append_json_string(text, ref);
  text.push_back(',');
  text.append(*patch, 1, std::string::npos);
  return std::make_shared<const std::string>(std::move(text));
}

Frame error_message(ErrorCode code, std::string_view message, std::string_view ref, GameId game, std::int64_t version) {
  json j = {{"type", "error"}, {"code", to_string(code)}, {"message", message}, {"ref", ref}};
  if (game > 0) j["game"] = game;
  if (version >= 0) j["version"] = version;
  return make_frame(j);
}

Frame moved_message(GameId game, std::string_view node, std::int64_t retry_after_ms, std::string_view ref) {
  return make_frame({{"type", "error"},
                     {"code", to_string(ErrorCode::moved)},
                     {"message", "game " + std::to_string(game) + " is served by node " + std::string(node)},
                     {"ref", ref},
                     {"game", game},
                     {"node", node},
                     {"retry_after_ms", std::max<std::int64_t>(0, retry_after_ms)}});
}

Frame chat_message(GameId game, std::string_view seat, std::string_view text, std::string_view time) {
  return make_frame({{"type", "chat"}, {"game", game}, {"seat", seat}, {"text", text}, {"time", time}});
}

Frame presence_message(GameId game, const json& seats) {
  return make_frame({{"type", "presence"}, {"game", game}, {"seats", seats}});
}

Frame game_over_message(GameId game, std::uint64_t version, const json& result) {
  return make_frame({{"type", "game_over"}, {"game", game}, {"version", version}, {"result", result}});
}

Frame clocks_message(GameId game, const json& clocks) {
  return make_frame({{"type", "clocks"}, {"game", game}, {"clocks", clocks}});
}

Frame pong_message(std::string_view ref) { return make_frame({{"type", "pong"}, {"ref", ref}}); }

nlohmann::json orders_json(const engine::StandingOrders& orders, const engine::Periods& now,
                           const std::vector<std::string>& kinds) {
  nlohmann::json passing = nlohmann::json::array();
  for (const auto& [scope, period] : orders.passing)
    if (now.of(scope) == period) passing.push_back(engine::to_string(scope));
  return {{"kinds", kinds}, {"auto_pass", orders.auto_pass}, {"passing", std::move(passing)}};
}

Frame orders_message(GameId game, std::string_view seat, const nlohmann::json& orders, std::string_view ref) {
  nlohmann::json message = orders;
  message["type"] = "orders";
  message["game"] = game;
  message["seat"] = seat;
  message["ref"] = ref;
  return make_frame(message);
}

}  // namespace warpath::protocol
