#include "server/app/game_modules.hpp"

#include "engine/wilderness_war/module.hpp"

#ifdef WARPATH_WITH_TEST_GAMES
#include "engine/mohicans/module.hpp"
#include "tests/test_game/duel.hpp"
#endif

namespace warpath::app {

engine::GameRegistry make_game_registry() {
  engine::GameRegistry registry;
  registry.add(wilderness_war::make_wilderness_war());
#ifdef WARPATH_WITH_TEST_GAMES
  registry.add(testgame::make_duel());
  // Small Wars: Mohicans is offered by test builds and playouts only until its rules are complete
  // (engine/mohicans/README.md).
  registry.add(mohicans::make_mohicans());
#endif
  return registry;
}

}  // namespace warpath::app
