#pragma once
// The game modules one process knows, by title id. Built at start-up and passed around; no
// global registry, so tests can assemble exactly the modules they need.

#include <memory>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace warpath::engine {

class GameRegistry {
 public:
  void add(std::unique_ptr<GameModule> module);
  const GameModule* find(std::string_view title_id) const;
  std::vector<const GameModule*> all() const;

 private:
  std::vector<std::unique_ptr<GameModule>> modules_;
};

}  // namespace warpath::engine
