#pragma once
// Wilderness War's game log is the engine's shared one (engine/core/game_log.hpp).

#include "engine/core/game_log.hpp"

namespace warpath::wilderness_war {

using engine::first_held;
using engine::GameLog;
using engine::log_window;
using engine::LogLine;

}  // namespace warpath::wilderness_war
