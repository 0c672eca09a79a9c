#include "server/app/game_modules.hpp"

#ifdef WARPATH_WITH_TEST_GAMES
#include "tests/test_game/duel.hpp"
#endif

namespace warpath::app {

engine::GameRegistry make_game_registry() {
  engine::GameRegistry registry;
#ifdef WARPATH_WITH_TEST_GAMES
  registry.add(testgame::make_duel());
#endif
  return registry;
}

}  // namespace warpath::app
