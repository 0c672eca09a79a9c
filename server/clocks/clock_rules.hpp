#pragma once
// Correspondence clocks, as pure functions of stored times (milliseconds since the Unix epoch):
// the time controls and their presets, a player's time off (vacations and optional weekends),
// how much clock time a stretch of wall time costs, when a running clock next needs the
// scheduler (the 24-hour warning, out of time, the timeout after the grace period), and the
// vacation allowance (20 days to start, 1 more per 8 days, at most 30).
//
// Nothing here reads a clock or the database: the callers pass `now`, which is what lets the
// tests drive days of play in microseconds and a restarted server compute the same clocks.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace warpath::server::clocks {

inline constexpr std::int64_t hour_ms = 3'600'000;
inline constexpr std::int64_t day_ms = 24 * hour_ms;
// The warning goes out this long before a clock runs out.
inline constexpr std::int64_t warning_ms = day_ms;

// How a game is timed: each player's bank starts at `initial`, gains `increment` each time the
// decision passes from that player to the other, never holds more than `cap`. A player out of
// time loses once `grace` more clock time has passed: claimed by the opponent, or applied by the
// server itself when `automatic`.
struct TimeControl {
  std::string preset;  // a preset's name, or "custom"
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
  std::int64_t cap_ms = 0;
  std::int64_t grace_ms = day_ms;
  bool automatic = false;

  nlohmann::json to_json() const;
};

// A time control from a request: null or "none" is no clock; a preset's name ("7_per_day",
// "3_per_day", "1_per_day"); or {preset?, initial_hours?, increment_hours?, cap_hours?,
// grace_hours?, automatic_timeout?}, a custom one when it gives the three hours and no preset.
// The string is what is wrong with it.
std::variant<std::optional<TimeControl>, std::string> parse_time_control(const nlohmann::json& request);
// The stored form back (to_json's output); none for null.
std::optional<TimeControl> stored_time_control(const nlohmann::json& stored);
// The presets, for the creation forms: name, label and hours.
nlohmann::json time_control_presets();

struct Interval {
  std::int64_t from_ms = 0;
  std::int64_t to_ms = 0;  // exclusive
};

// When a player's clocks stand still: their vacations and, when they take them off, the weekends
// (Saturday and Sunday at their UTC offset).
struct Calendar {
  std::vector<Interval> vacations;
  bool weekends_off = false;
  int utc_offset_minutes = 0;

  // The first stretch of time off that holds `at` or begins after it; none when there is none.
  std::optional<Interval> time_off_from(std::int64_t at) const;
  // Clock time between `from` and `to`: the wall time less the time off.
  std::int64_t charged(std::int64_t from_ms, std::int64_t to_ms) const;
  // The instant at which `amount` of clock time has passed since `from`.
  std::int64_t when_charged(std::int64_t from_ms, std::int64_t amount_ms) const;
};

// One player's clock: `bank_ms` was left at `since_ms`; it has run since then if `running`.
struct ClockState {
  std::int64_t bank_ms = 0;
  std::int64_t since_ms = 0;
  bool running = false;
  bool warned = false;            // the warning of this run is sent
  bool expiry_announced = false;  // the opponent was told it may claim the win

  // What is left at `now` (negative once out of time).
  std::int64_t remaining(const Calendar& calendar, std::int64_t now_ms) const;
};

// The clocks after a move at `now`: every clock settled to `now`; a player who was to decide
// before the move and is not after it, while another is, has handed the decision over and gains
// the increment (capped); a clock runs while its player is among `active_after`; a finished game
// stops every clock. A response window is a hand-over like any other: the responder's clock runs
// while it decides.
void settle_after_move(std::vector<std::pair<std::string, ClockState>>& clocks,
                       const std::vector<const Calendar*>& calendars, const TimeControl& control,
                       const std::vector<std::string>& active_before, const std::vector<std::string>& active_after,
                       bool game_over, std::int64_t now_ms);

enum class DueEvent { warning, out_of_time, expiry };
struct Due {
  std::int64_t at_ms = 0;
  DueEvent event = DueEvent::warning;
};
// The next time the scheduler must look at a clock: its warning (once per run), running out when
// the player would take an automatic vacation day (`auto_vacation`), or the end of the grace
// period (once). None for a stopped clock or one with nothing left to announce.
std::optional<Due> next_due(const ClockState& clock, const Calendar& calendar, const TimeControl& control,
                            bool auto_vacation);

// The vacation allowance.
inline constexpr std::int64_t vacation_start_ms = 20 * day_ms;
inline constexpr std::int64_t vacation_max_ms = 30 * day_ms;
inline constexpr std::int64_t vacation_earned_per_ms_divisor = 8;  // one day per eight
// `balance_ms` held at `as_of_ms`, with what has been earned since, up to the maximum.
std::int64_t vacation_balance(std::int64_t balance_ms, std::int64_t as_of_ms, std::int64_t now_ms);

}  // namespace warpath::server::clocks
