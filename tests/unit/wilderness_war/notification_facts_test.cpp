// What a turn notice takes from Wilderness War (engine/core/game.hpp): the dice a move rolled, in
// the order the log reports them, and the one-line position summary (the VP marker, year, season,
// phase and whose decision it is).
#include <doctest/doctest.h>

#include <variant>

#include "engine/core/match.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/state.hpp"

namespace notification_facts_test {

using namespace warpath;
using nlohmann::json;

TEST_CASE("a move's dice are reported in the open, in the order its log lines name them") {
  auto module = wilderness_war::make_wilderness_war();
  engine::Match match = engine::Match::start(*module, "annus_mirabilis", json::object(), 8);
  engine::Rng chooser(17);
  int moves_with_dice = 0;
  std::size_t rolls_logged = 0;
  for (int step = 0; step < 3000 && !match.is_over() && moves_with_dice < 40; ++step) {
    const auto role = match.active_roles().front();
    const auto& listed = match.listed_actions(role);
    const auto action = listed[chooser.below(static_cast<std::uint32_t>(listed.size()))].to_action();
    auto prepared = match.prepare(role, action);
    REQUIRE(std::holds_alternative<engine::PreparedMove>(prepared));
    auto& move = std::get<engine::PreparedMove>(prepared);
    if (!move.dice.empty()) {
      ++moves_with_dice;
      CHECK(move.barrier);  // a roll cannot be taken back
      // The lines that record a roll ("roll", "avoid", "intercept" with the die as argument) name
      // the dice in the order the move rolled them.
      const std::size_t before = module->log_size(match.state(), "french");
      std::vector<int> logged;
      for (const auto& line : module->log_lines(*move.state, "french", before, module->log_size(*move.state, "french")))
        if ((line["verb"] == "roll" || line["verb"] == "avoid" || line["verb"] == "intercept") &&
            line["arg"].is_number_integer())
          logged.push_back(line["arg"].get<int>());
      std::size_t next = 0;
      for (int die : move.dice) {
        CHECK(die >= 1);
        CHECK(die <= 6);
        if (next < logged.size() && logged[next] == die) ++next;
      }
      CHECK_MESSAGE(next == logged.size(), "logged dice ", json(logged).dump(), " are not among ",
                    json(move.dice).dump());
      rolls_logged += logged.size();
    }
    match.commit(std::move(move));
  }
  CHECK(moves_with_dice > 0);
  CHECK(rolls_logged > 0);
}

TEST_CASE("the position summary: the VP marker and where the sequence of play stands") {
  auto module = wilderness_war::make_wilderness_war();
  auto state = module->setup("annus_mirabilis", json::object(), 1);
  auto& s = dynamic_cast<wilderness_war::State&>(*state);
  s.vp = -4;
  auto summary = module->position_summary(s);
  CHECK(summary.score == json{{"vp", -4}});
  CHECK(summary.score_text == "VP 4 (British lead)");
  CHECK(summary.phase.rfind(std::to_string(s.year) + ", ", 0) == 0);
  CHECK(summary.phase.find(" to decide") != std::string::npos);
  s.vp = 0;
  CHECK(module->position_summary(s).score_text == "VP 0 (even)");
}

}  // namespace notification_facts_test
