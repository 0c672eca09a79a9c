#pragma once
// The Wilderness War game module (title "wilderness-war"): the engine::GameModule the server and
// the tools know the game by.

#include <memory>

#include "engine/core/game.hpp"

namespace warpath::wilderness_war {

std::unique_ptr<engine::GameModule> make_wilderness_war();
const nlohmann::json& client_component_data();  // GameModule::client_data(), client_data.cpp

}  // namespace warpath::wilderness_war
