#pragma once
// A module for tests of the framework (Match, irreversible actions): one scenario, a state of the
// test's own type, no result and nothing hidden. A test adds the rules it needs: the legal
// actions, who acts, apply, and load for its state's JSON.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"

namespace warpath::engine::testing {

template <typename MiniState>
class MiniModule : public GameModule {
 public:
  MiniModule(std::string title, std::vector<std::string> roles) {
    info_ = {title, std::move(title), std::move(roles), {{"standard", "Standard"}}, {}, std::nullopt, std::nullopt};
  }
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<GameState> setup(const std::string&, const nlohmann::json&, std::uint64_t) const override {
    return std::make_unique<MiniState>();
  }
  nlohmann::json seat_view(const GameState& state, std::string_view seat) const override {
    return {{"actions", legal_actions(state, seat)}};
  }
  std::optional<GameResult> result(const GameState&) const override { return std::nullopt; }
  std::unique_ptr<GameState> redeal_hidden(const GameState& state, std::string_view, Rng&) const override {
    return state.clone();
  }

 private:
  GameInfo info_;
};

}  // namespace warpath::engine::testing
