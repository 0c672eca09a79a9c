#include "engine/core/registry.hpp"

#include <stdexcept>

namespace warpath::engine {

void GameRegistry::add(std::unique_ptr<GameModule> module) {
  if (find(module->info().title_id)) throw std::logic_error("game registered twice: " + module->info().title_id);
  modules_.push_back(std::move(module));
}

const GameModule* GameRegistry::find(std::string_view title_id) const {
  for (const auto& m : modules_)
    if (m->info().title_id == title_id) return m.get();
  return nullptr;
}

std::vector<const GameModule*> GameRegistry::all() const {
  std::vector<const GameModule*> out;
  for (const auto& m : modules_) out.push_back(m.get());
  return out;
}

}  // namespace warpath::engine
