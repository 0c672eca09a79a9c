#pragma once
// The Wilderness War game module (title "wilderness-war"): the engine::GameModule the server and
// the tools know the game by.

#include <memory>

#include "engine/core/game.hpp"

namespace warpath::wilderness_war {

std::unique_ptr<engine::GameModule> make_wilderness_war();

}  // namespace warpath::wilderness_war
