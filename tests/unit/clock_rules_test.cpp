// Correspondence clocks as pure functions of time (server/clocks/clock_rules): the bank, the
// increment on a hand-over only, the cap, response windows charged to the responder, vacations and
// weekends off, the due times of the warning, automatic vacation and timeout, and the allowance.
#include <doctest/doctest.h>

#include "server/clocks/clock_rules.hpp"

namespace clock_rules_test {

using namespace warpath::server::clocks;
using nlohmann::json;

namespace {

// Monday 2026-11-23 00:00 UTC.
constexpr std::int64_t monday = 1'795'392'000'000;

TimeControl control(const json& request) {
  auto parsed = parse_time_control(request);
  REQUIRE(std::holds_alternative<std::optional<TimeControl>>(parsed));
  REQUIRE(std::get<std::optional<TimeControl>>(parsed).has_value());
  return *std::get<std::optional<TimeControl>>(parsed);
}

std::string refusal(const json& request) {
  auto parsed = parse_time_control(request);
  REQUIRE(std::holds_alternative<std::string>(parsed));
  return std::get<std::string>(parsed);
}

struct Game {
  TimeControl tc;
  Calendar french_off, british_off;
  std::vector<std::pair<std::string, ClockState>> clocks;
  std::vector<std::string> active;

  Game(TimeControl c, std::vector<std::string> first, std::int64_t start) : tc(c), active(first) {
    for (const char* role : {"british", "french"}) {
      const bool deciding = std::find(first.begin(), first.end(), role) != first.end();
      clocks.push_back({role, {tc.initial_ms, start, deciding, false, false}});
    }
  }
  // A move at `at` after which `next` are to decide.
  void move(std::int64_t at, std::vector<std::string> next, bool over = false) {
    settle_after_move(clocks, {&british_off, &french_off}, tc, active, next, over, at);
    active = std::move(next);
  }
  const ClockState& british() const { return clocks[0].second; }
  const ClockState& french() const { return clocks[1].second; }
};

}  // namespace

TEST_CASE("clocks: the presets and custom time controls; bad ones are refused") {
  const auto seven = control("7_per_day");
  CHECK(seven.initial_ms == day_ms);
  CHECK(seven.increment_ms == 4 * hour_ms);
  CHECK(seven.cap_ms == 3 * day_ms);
  CHECK(seven.grace_ms == day_ms);
  CHECK_FALSE(seven.automatic);
  const auto three = control(json{{"preset", "3_per_day"}, {"automatic_timeout", true}, {"grace_hours", 12}});
  CHECK(three.initial_ms == 3 * day_ms);
  CHECK(three.increment_ms == 12 * hour_ms);
  CHECK(three.cap_ms == 5 * day_ms);
  CHECK(three.grace_ms == 12 * hour_ms);
  CHECK(three.automatic);
  const auto one = control("1_per_day");
  CHECK(one.increment_ms == 36 * hour_ms);
  CHECK(one.cap_ms == 10 * day_ms);
  const auto custom = control(json{{"initial_hours", 48}, {"increment_hours", 6.5}, {"cap_hours", 96}});
  CHECK(custom.preset == "custom");
  CHECK(custom.increment_ms == 6 * hour_ms + hour_ms / 2);
  CHECK(stored_time_control(custom.to_json())->to_json() == custom.to_json());
  CHECK_FALSE(std::get<std::optional<TimeControl>>(parse_time_control(nullptr)).has_value());
  CHECK_FALSE(std::get<std::optional<TimeControl>>(parse_time_control("none")).has_value());

  CHECK(refusal("blitz").find("unknown time control") != std::string::npos);
  CHECK(refusal(json{{"initial_hours", 48}}).find("gives initial_hours") != std::string::npos);
  CHECK(refusal(json{{"initial_hours", 48}, {"increment_hours", 1}, {"cap_hours", 24}}).find("cap_hours") !=
        std::string::npos);
  CHECK(refusal(json{{"initial_hours", -1}, {"increment_hours", 1}, {"cap_hours", 24}}).find("initial_hours") !=
        std::string::npos);
  CHECK(refusal(json{{"preset", "7_per_day"}, {"speed", 1}}).find("speed") != std::string::npos);
  CHECK(refusal(json{{"preset", "7_per_day"}, {"automatic_timeout", "yes"}}).find("automatic_timeout") !=
        std::string::npos);
  CHECK(refusal(42).find("a time control is") != std::string::npos);
}

TEST_CASE("clocks: a bank runs only while its player decides and gains the increment on a hand-over only") {
  Game g(control("3_per_day"), {"french"}, monday);
  // Two French actions in a row: the French clock runs through both, nothing is added.
  g.move(monday + 2 * hour_ms, {"french"});
  CHECK(g.french().bank_ms == 3 * day_ms - 2 * hour_ms);
  CHECK(g.french().running);
  CHECK(g.british().bank_ms == 3 * day_ms);
  CHECK_FALSE(g.british().running);
  // The decision passes to the British: the French get the increment, the British clock starts.
  g.move(monday + 5 * hour_ms, {"british"});
  CHECK(g.french().bank_ms == 3 * day_ms - 5 * hour_ms + 12 * hour_ms);
  CHECK_FALSE(g.french().running);
  CHECK(g.british().running);
  CHECK(g.british().remaining(g.british_off, monday + 15 * hour_ms) == 3 * day_ms - 10 * hour_ms);
  // The cap: a French bank of 3 d 7 h after many quick hand-overs never holds more than 5 days.
  for (int i = 0; i < 10; ++i) {
    g.move(monday + 6 * hour_ms + i * 2, {"french"});
    g.move(monday + 6 * hour_ms + i * 2 + 1, {"british"});
  }
  CHECK(g.french().bank_ms == 5 * day_ms);
  // The game over stops both clocks.
  g.move(monday + 7 * hour_ms, {}, true);
  CHECK_FALSE(g.french().running);
  CHECK_FALSE(g.british().running);
}

TEST_CASE("clocks: a response window is charged to the responder") {
  Game g(control("7_per_day"), {"french"}, monday);
  g.move(monday + hour_ms, {"french"});
  // A French force moves: the British have a window (Foul Weather, say) and take 3 hours over it.
  g.move(monday + 2 * hour_ms, {"british"});
  CHECK(g.french().bank_ms == day_ms - 2 * hour_ms + 4 * hour_ms);
  g.move(monday + 5 * hour_ms, {"french"});
  CHECK(g.british().bank_ms == day_ms - 3 * hour_ms + 4 * hour_ms);
  CHECK(g.french().running);
  // While the British decided, the French clock stood still.
  CHECK(g.french().bank_ms == day_ms + 2 * hour_ms);
}

TEST_CASE("clocks: vacations and weekends off stop a player's clock") {
  Calendar calendar;
  calendar.vacations.push_back({monday + day_ms, monday + 3 * day_ms});  // Tuesday and Wednesday
  CHECK(calendar.charged(monday, monday + 4 * day_ms) == 2 * day_ms);
  CHECK(calendar.when_charged(monday + 12 * hour_ms, day_ms) == monday + 3 * day_ms + 12 * hour_ms);
  CHECK(calendar.when_charged(monday + 36 * hour_ms, 0) == monday + 3 * day_ms);  // inside: waits for its end

  Calendar weekends;
  weekends.weekends_off = true;
  const std::int64_t friday_8pm = monday + 4 * day_ms + 20 * hour_ms;
  const std::int64_t next_monday_4am = monday + 7 * day_ms + 4 * hour_ms;
  CHECK(weekends.charged(friday_8pm, next_monday_4am) == 8 * hour_ms);
  CHECK(weekends.when_charged(friday_8pm, 5 * hour_ms) == monday + 7 * day_ms + hour_ms);
  // At UTC+10 the local weekend starts and ends ten hours earlier: Friday 14:00 to Sunday 14:00 UTC.
  weekends.utc_offset_minutes = 600;
  CHECK(weekends.charged(friday_8pm, next_monday_4am) == 14 * hour_ms);
  // Both: a vacation over a weekend counts once.
  Calendar both = calendar;
  both.weekends_off = true;
  both.vacations = {{monday + 4 * day_ms, monday + 6 * day_ms}};  // Friday and Saturday
  CHECK(both.charged(monday, monday + 7 * day_ms) == 4 * day_ms);

  Game g(control("3_per_day"), {"british"}, monday);
  g.british_off = calendar;
  g.move(monday + 4 * day_ms, {"french"});
  CHECK(g.british().bank_ms == 3 * day_ms - 2 * day_ms + 12 * hour_ms);
}

TEST_CASE("clocks: the warning, automatic vacation and the end of the grace period fall due in order") {
  const auto tc = control("7_per_day");
  Calendar calendar;
  ClockState clock{2 * day_ms, monday, true, false, false};
  auto due = next_due(clock, calendar, tc, false);
  REQUIRE(due);
  CHECK(due->event == DueEvent::warning);
  CHECK(due->at_ms == monday + day_ms);
  clock.warned = true;
  due = next_due(clock, calendar, tc, false);
  CHECK(due->event == DueEvent::expiry);
  CHECK(due->at_ms == monday + 2 * day_ms + tc.grace_ms);
  // With vacation days to take, running out takes one instead.
  due = next_due(clock, calendar, tc, true);
  CHECK(due->event == DueEvent::out_of_time);
  CHECK(due->at_ms == monday + 2 * day_ms);
  calendar.vacations.push_back({monday + 2 * day_ms, monday + 3 * day_ms});
  CHECK(next_due(clock, calendar, tc, true)->at_ms == monday + 3 * day_ms);
  CHECK(next_due(clock, calendar, tc, false)->at_ms == monday + 3 * day_ms + tc.grace_ms);
  // A bank of less than a day warns at once; a stopped clock is never due.
  CHECK(next_due({hour_ms, monday, true, false, false}, {}, tc, false)->at_ms == monday);
  CHECK_FALSE(next_due({hour_ms, monday, false, false, false}, {}, tc, false));
  CHECK_FALSE(next_due({hour_ms, monday, true, true, true}, {}, tc, false));
  // A clock that starts running again is warned again.
  Game g(tc, {"french"}, monday);
  g.clocks[1].second.warned = true;
  g.clocks[1].second.expiry_announced = true;
  g.move(monday + hour_ms, {"british"});
  g.move(monday + 2 * hour_ms, {"french"});
  CHECK_FALSE(g.french().warned);
  CHECK_FALSE(g.french().expiry_announced);
}

TEST_CASE("clocks: the vacation allowance starts at 20 days, earns one per eight and holds at most 30") {
  CHECK(vacation_balance(vacation_start_ms, monday, monday) == 20 * day_ms);
  CHECK(vacation_balance(vacation_start_ms, monday, monday + 8 * day_ms) == 21 * day_ms);
  CHECK(vacation_balance(vacation_start_ms, monday, monday + 80 * day_ms) == 30 * day_ms);
  CHECK(vacation_balance(5 * day_ms, monday, monday + 16 * day_ms) == 7 * day_ms);
}

}  // namespace clock_rules_test
