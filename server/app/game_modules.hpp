#pragma once
#include "engine/core/registry.hpp"

namespace warpath::app {

// Every game module built into this binary.
engine::GameRegistry make_game_registry();

}  // namespace warpath::app
