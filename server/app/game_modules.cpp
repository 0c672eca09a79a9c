// The game modules the warpath binary offers: Wilderness War and Small Wars: Mohicans in every build,
// the platform test game (Duel) in test builds only.
#include "server/app/game_modules.hpp"

#include "engine/mohicans/module.hpp"
#include "engine/wilderness_war/module.hpp"

#ifdef WARPATH_WITH_TEST_GAMES
#include "tests/test_game/duel.hpp"
#endif

namespace warpath::app {

engine::GameRegistry make_game_registry() {
  engine::GameRegistry registry;
  registry.add(wilderness_war::make_wilderness_war());
  registry.add(mohicans::make_mohicans());
#ifdef WARPATH_WITH_TEST_GAMES
  // The platform test game (Duel) is offered by test builds only.
  registry.add(testgame::make_duel());
#endif
  return registry;
}

}  // namespace warpath::app
