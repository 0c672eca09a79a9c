#pragma once
// The Small Wars: Mohicans game module (title "mohicans"): the engine::GameModule the server and
// the tools know the game by.

#include <memory>

#include "engine/core/game.hpp"

namespace warpath::mohicans {

std::unique_ptr<engine::GameModule> make_mohicans();

}  // namespace warpath::mohicans
