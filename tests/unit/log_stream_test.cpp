// engine/core/log_stream.hpp: a move's stored log change, and a seat's older lines read back from
// the changes of the moves that made them, undos included.
#include "engine/core/log_stream.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "tests/test_game/duel.hpp"

namespace log_stream_test {

using namespace warpath;
using nlohmann::json;

namespace {

json change(std::size_t keep, std::vector<std::string> lines) { return {{"keep", keep}, {"lines", lines}}; }

// Lines [from, to) read from `changes`, given oldest first as they are stored.
std::pair<std::size_t, json> read(const std::vector<json>& changes, const std::string& seat, std::size_t from,
                                  std::size_t to) {
  engine::LogReader reader(seat, from, to);
  for (auto it = changes.rbegin(); it != changes.rend() && reader.add(*it); ++it) {
  }
  return {reader.first(), reader.lines()};
}

}  // namespace

TEST_CASE("a seat's lines are read back from the moves' changes, the newest keeping the last word") {
  // a b c, then an undo back to a, then d e: the log is a d e.
  const std::vector<json> changes = {change(0, {"a"}), nullptr, change(1, {"b", "c"}), change(1, {}),
                                     change(1, {"d", "e"})};
  CHECK(read(changes, "red", 0, 3) == std::pair<std::size_t, json>{0, {"a", "d", "e"}});
  CHECK(read(changes, "red", 1, 3) == std::pair<std::size_t, json>{1, {"d", "e"}});
  CHECK(read(changes, "red", 0, 1) == std::pair<std::size_t, json>{0, {"a"}});
  // Up to the undo's version: a only.
  const std::vector<json> at_undo(changes.begin(), changes.begin() + 4);
  CHECK(read(at_undo, "red", 0, 1) == std::pair<std::size_t, json>{0, {"a"}});
  // Moves stored without their changes: the newest run found, ending at `to`.
  const std::vector<json> partial = {nullptr, change(1, {"b"}), change(2, {"c"})};
  CHECK(read(partial, "red", 0, 3) == std::pair<std::size_t, json>{1, {"b", "c"}});
}

TEST_CASE("a change stored per seat is read for its own seat only") {
  const std::vector<json> changes = {
      {{"seats", {{"red", change(0, {"r0"})}, {"blue", change(0, {"b0"})}}}},
      change(1, {"x"}),
      {{"seats", {{"red", change(2, {"r2"})}, {"blue", nullptr}}}},
  };
  CHECK(read(changes, "red", 0, 3).second == json{"r0", "x", "r2"});
  CHECK(read(changes, "blue", 0, 2).second == json{"b0", "x"});
}

TEST_CASE("move_log_change stores a log that every seat reads alike once, per seat otherwise; it reads back whole") {
  auto module = testgame::make_duel();
  auto match = engine::Match::start(*module, "standard", json::object(), 5);
  const std::vector<std::string> seats = {"red", "blue", "spectator"};
  std::vector<json> stored;
  std::size_t changed = 0, per_seat = 0;
  bool diverged = false;
  for (int i = 0; i < 60 && !match.is_over(); ++i) {
    const auto role = match.active_roles().front();
    const auto before = match.state().clone();
    const auto& listed = match.listed_actions(role);
    const auto action = listed[static_cast<std::size_t>(i) % listed.size()].to_action();
    REQUIRE_FALSE(match.play(role, action));
    stored.push_back(engine::move_log_change(*module, *before, match.state(), seats));
    // Duel's seats read the same log but for the card drawn, a line of the drawer's only: from the
    // first draw on their logs differ (in length at least), and each change is stored per seat.
    diverged = diverged || action.verb == "draw";
    if (stored.back().is_object()) {
      CHECK(stored.back().contains("seats") == diverged);
      ++changed;
      per_seat += diverged;
    }
    // Every seat's whole log read back from the changes is its log.
    for (const auto& seat : seats) {
      const std::size_t size = module->log_size(match.state(), seat);
      CHECK(read(stored, seat, 0, size).second == module->log_lines(match.state(), seat, 0, size));
    }
  }
  CHECK(changed > per_seat);
  CHECK(per_seat > 0);
}

}  // namespace log_stream_test
