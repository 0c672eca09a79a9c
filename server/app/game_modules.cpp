#include "server/app/game_modules.hpp"

#include "engine/wilderness_war/module.hpp"

#ifdef WARPATH_WITH_TEST_GAMES
#include "tests/test_game/duel.hpp"
#endif

namespace warpath::app {

engine::GameRegistry make_game_registry() {
  engine::GameRegistry registry;
  registry.add(wilderness_war::make_wilderness_war());
#ifdef WARPATH_WITH_TEST_GAMES
  registry.add(testgame::make_duel());
#endif
  return registry;
}

}  // namespace warpath::app
