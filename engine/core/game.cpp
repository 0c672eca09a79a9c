#include "engine/core/game.hpp"

#include <algorithm>
#include <stdexcept>

namespace warpath::engine {

nlohmann::json GameInfo::to_json() const {
  nlohmann::json scenario_list = nlohmann::json::array();
  for (const auto& s : scenarios) scenario_list.push_back({{"id", s.id}, {"name", s.name}});
  nlohmann::json option_list = nlohmann::json::array();
  for (const auto& o : options)
    option_list.push_back({{"id", o.id}, {"description", o.description}, {"default", o.default_value}});
  return {
      {"title", title_id},
      {"name", display_name},
      {"roles", roles},
      {"scenarios", scenario_list},
      {"options", option_list},
      {"bid_option",
       bid_option ? nlohmann::json{{"option", bid_option->option}, {"max_vp", bid_option->max_vp}} : nlohmann::json()},
      {"tournament_draw_winner", tournament_draw_winner ? nlohmann::json(*tournament_draw_winner) : nlohmann::json()}};
}

bool GameInfo::has_role(std::string_view role) const {
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

bool GameInfo::has_scenario(std::string_view scenario) const {
  return std::any_of(scenarios.begin(), scenarios.end(), [&](const auto& s) { return s.id == scenario; });
}

nlohmann::json GameModule::legal_actions(const GameState& state, std::string_view seat) const {
  ActionList list;
  list_legal_actions(state, seat, list);
  return list.to_json();
}

std::string GameModule::log_line_text(const nlohmann::json& line) const {
  if (line.is_object())
    if (auto text = line.find("text"); text != line.end() && text->is_string()) return text->get<std::string>();
  return line.is_string() ? line.get<std::string>() : line.dump();
}

nlohmann::json GameModule::view(const GameState& state, std::string_view seat) const {
  nlohmann::json merged = public_view(state);
  nlohmann::json own = seat_view(state, seat);
  own["actions"] = legal_actions(state, seat);
  for (auto& [key, value] : own.items()) {
    if (merged.contains(key))
      throw std::logic_error("view member '" + key + "' is in both the public and the seat part");
    merged[key] = std::move(value);
  }
  return merged;
}

std::vector<std::string> seat_keys(const GameModule& module) {
  std::vector<std::string> keys = module.seat_view_keys();
  keys.insert(keys.end(), {"actions", "confirm", "prompt"});
  if (!module.response_window_kinds().empty()) keys.emplace_back("window");  // Match::seat_view
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

bool GameModule::is_active(const GameState& state, std::string_view role) const {
  const auto roles = active_roles(state);
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

nlohmann::json GameResult::to_json() const {
  return {{"winner", winner ? nlohmann::json(*winner) : nlohmann::json(nullptr)},
          {"draw", draw()},
          {"score", score},
          {"summary", summary}};
}

GameResult GameModule::adjudicate(const GameState&) const {
  return {std::nullopt, nlohmann::json::object(), "a draw (this title keeps no score to decide it by)"};
}

}  // namespace warpath::engine
