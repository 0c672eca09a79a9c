#pragma once
// "Duel", a small two-role game that exercises everything the platform must handle before a
// real title plugs in: hidden hands, a hidden deck, dice, several verbs, a two-step choice
// (piece then space), turn hand-over, a log line only one seat reads (the card a player drew) and a
// final result. Registered in test builds only.

#include <memory>

#include "engine/core/game.hpp"

namespace warpath::testgame {

std::unique_ptr<engine::GameModule> make_duel();

}  // namespace warpath::testgame
