#pragma once
// A check for a title whose seats read one log (GameModule::log_same_for_every_seat), shared by
// the titles' unit tests: the server works out a move's log change once and writes it without a
// JSON tree (engine::MoveLog, GameModule::append_log_lines); the text stored with the move and sent
// in its patches must be move_log_change's dump() byte for byte, accented names and undos included.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/log_stream.hpp"
#include "engine/core/match.hpp"
#include "engine/core/rng.hpp"

namespace warpath::test {

// Plays `moves` random listed actions (an undo now and then) of `module`'s first scenario.
inline void check_move_log_text(const engine::GameModule& module, int moves, std::uint64_t seed) {
  REQUIRE(module.log_same_for_every_seat());
  std::vector<std::string> seats = module.info().roles;
  seats.emplace_back("spectator");
  const std::string& reader = seats.front();
  auto match = engine::Match::start(module, module.info().scenarios.front().id, nlohmann::json::object(), seed);
  engine::Rng chooser(seed + 1);
  int changed = 0, undone = 0;
  for (int i = 0; i < moves && !match.is_over(); ++i) {
    const auto role = match.active_roles().front();
    const auto before = match.state().clone();
    if (match.can_undo(role) && chooser.below(10) == 0) {
      REQUIRE_FALSE(match.play(role, {std::string(engine::undo_verb), nullptr}));
      ++undone;
    } else {
      const auto& listed = match.listed_actions(role);
      REQUIRE(listed.size() > 0);
      REQUIRE_FALSE(match.play(role, listed[chooser.below(static_cast<std::uint32_t>(listed.size()))].to_action()));
    }
    const nlohmann::json expected = engine::move_log_change(module, *before, match.state(), seats);
    const engine::MoveLog move_log(module, *before, match.state(), seats);
    CHECK(move_log.text == expected.dump());
    CHECK(move_log.changed() == !expected.is_null());
    CHECK(move_log.alike.has_value() == move_log.changed());
    changed += move_log.changed();
    const std::size_t size = module.log_size(match.state(), reader);
    const std::size_t from = std::max(module.log_first(match.state(), reader), size - std::min<std::size_t>(size, 7));
    std::string text;
    module.append_log_lines(text, match.state(), reader, from, size);
    CHECK(text == module.log_lines(match.state(), reader, from, size).dump());
  }
  CHECK(changed > moves / 3);
  CHECK(undone > 0);
}

}  // namespace warpath::test
