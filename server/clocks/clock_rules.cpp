// Correspondence clocks as pure functions of stored times (see clock_rules.hpp).
#include "server/clocks/clock_rules.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace warpath::server::clocks {

namespace {

struct Preset {
  const char* name;
  const char* label;
  int initial_hours;
  int increment_hours;
  int cap_hours;
};
constexpr std::array<Preset, 3> presets{{
    {"7_per_day", "7+ moves a day: 1 day, +4 hours a move, at most 3 days", 24, 4, 72},
    {"3_per_day", "3+ moves a day: 3 days, +12 hours a move, at most 5 days", 72, 12, 120},
    {"1_per_day", "1+ move a day: 3 days, +36 hours a move, at most 10 days", 72, 36, 240},
}};

// Requests give hours; a year is more than any correspondence game needs.
constexpr double max_hours = 24.0 * 366;

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

std::optional<std::int64_t> hours_field(const nlohmann::json& request, const char* key, std::string& problem) {
  if (!request.contains(key)) return std::nullopt;
  const auto& value = request.at(key);
  if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0 ||
      value.get<double>() > max_hours) {
    problem = std::string(key) + " must be a number of hours from 0 to " + std::to_string(int(max_hours));
    return std::nullopt;
  }
  return static_cast<std::int64_t>(std::llround(value.get<double>() * hour_ms));
}

}  // namespace

nlohmann::json TimeControl::to_json() const {
  return {{"preset", preset}, {"initial_ms", initial_ms}, {"increment_ms", increment_ms},
          {"cap_ms", cap_ms}, {"grace_ms", grace_ms},     {"automatic_timeout", automatic}};
}

std::variant<std::optional<TimeControl>, std::string> parse_time_control(const nlohmann::json& request) {
  if (request.is_null() || request == "none") return std::optional<TimeControl>();
  auto from_preset = [](const std::string& name) -> std::optional<TimeControl> {
    for (const auto& p : presets)
      if (name == p.name)
        return TimeControl{
            p.name, p.initial_hours * hour_ms, p.increment_hours * hour_ms, p.cap_hours * hour_ms, day_ms, false};
    return std::nullopt;
  };
  if (request.is_string()) {
    if (auto control = from_preset(request.get<std::string>())) return control;
    return "unknown time control '" + request.get<std::string>() + "'";
  }
  if (!request.is_object()) return std::string("a time control is none, a preset's name or an object");
  for (const auto& [key, value] : request.items())
    if (key != "preset" && key != "initial_hours" && key != "increment_hours" && key != "cap_hours" &&
        key != "grace_hours" && key != "automatic_timeout")
      return "unknown time control field '" + key + "'";
  std::string problem;
  TimeControl control;
  if (request.contains("preset")) {
    const auto& name = request.at("preset");
    auto known = name.is_string() ? from_preset(name.get<std::string>()) : std::nullopt;
    if (!known) return std::string("unknown time control preset");
    control = *known;
  } else {
    auto initial = hours_field(request, "initial_hours", problem);
    auto increment = hours_field(request, "increment_hours", problem);
    auto cap = hours_field(request, "cap_hours", problem);
    if (!problem.empty()) return problem;
    if (!initial || !increment || !cap)
      return std::string("a custom time control gives initial_hours, increment_hours and cap_hours");
    if (*initial <= 0) return std::string("initial_hours must be more than 0");
    if (*cap < *initial) return std::string("cap_hours must be at least initial_hours");
    control = TimeControl{"custom", *initial, *increment, *cap, day_ms, false};
  }
  if (auto grace = hours_field(request, "grace_hours", problem)) control.grace_ms = *grace;
  if (!problem.empty()) return problem;
  if (request.contains("automatic_timeout")) {
    if (!request.at("automatic_timeout").is_boolean()) return std::string("automatic_timeout must be true or false");
    control.automatic = request.at("automatic_timeout").get<bool>();
  }
  return std::optional<TimeControl>(control);
}

std::optional<TimeControl> stored_time_control(const nlohmann::json& stored) {
  if (stored.is_null()) return std::nullopt;
  return TimeControl{stored.at("preset").get<std::string>(),        stored.at("initial_ms").get<std::int64_t>(),
                     stored.at("increment_ms").get<std::int64_t>(), stored.at("cap_ms").get<std::int64_t>(),
                     stored.at("grace_ms").get<std::int64_t>(),     stored.at("automatic_timeout").get<bool>()};
}

nlohmann::json time_control_presets() {
  auto out = nlohmann::json::array();
  for (const auto& p : presets)
    out.push_back({{"name", p.name},
                   {"label", p.label},
                   {"initial_hours", p.initial_hours},
                   {"increment_hours", p.increment_hours},
                   {"cap_hours", p.cap_hours}});
  return out;
}

std::optional<Interval> Calendar::time_off_from(std::int64_t at) const {
  std::optional<Interval> best;
  auto consider = [&](Interval off) {
    if (off.to_ms <= at || off.to_ms <= off.from_ms) return;
    if (!best || off.from_ms < best->from_ms) best = off;
  };
  for (const auto& vacation : vacations) consider(vacation);
  if (weekends_off) {
    // 1970-01-01 was a Thursday: day d (local) is a Saturday when (d + 4) % 7 == 6.
    const std::int64_t offset = std::int64_t{utc_offset_minutes} * 60'000;
    const std::int64_t day = floor_div(at + offset, day_ms);
    const std::int64_t weekday = ((day + 4) % 7 + 7) % 7;  // 0 Sunday … 6 Saturday
    const std::int64_t saturday = weekday == 0 ? day - 1 : day + (6 - weekday);
    consider({saturday * day_ms - offset, (saturday + 2) * day_ms - offset});
  }
  return best;
}

std::int64_t Calendar::charged(std::int64_t from_ms, std::int64_t to_ms) const {
  std::int64_t total = 0;
  std::int64_t t = from_ms;
  while (t < to_ms) {
    auto off = time_off_from(t);
    if (!off || off->from_ms >= to_ms) return total + (to_ms - t);
    if (off->from_ms > t) total += off->from_ms - t;
    t = std::max(t, off->to_ms);
  }
  return total;
}

std::int64_t Calendar::when_charged(std::int64_t from_ms, std::int64_t amount_ms) const {
  std::int64_t t = from_ms;
  std::int64_t left = std::max<std::int64_t>(0, amount_ms);
  for (;;) {
    auto off = time_off_from(t);
    if (!off) return t + left;
    if (off->from_ms > t) {
      // Exactly used up as time off begins: it is charged once the time off is over.
      if (off->from_ms - t > left) return t + left;
      left -= off->from_ms - t;
    }
    t = std::max(t, off->to_ms);
  }
}

std::int64_t ClockState::remaining(const Calendar& calendar, std::int64_t now_ms) const {
  if (!running || now_ms <= since_ms) return bank_ms;
  return bank_ms - calendar.charged(since_ms, now_ms);
}

void settle_after_move(std::vector<std::pair<std::string, ClockState>>& clocks,
                       const std::vector<const Calendar*>& calendars, const TimeControl& control,
                       const std::vector<std::string>& active_before, const std::vector<std::string>& active_after,
                       bool game_over, std::int64_t now_ms) {
  auto among = [](const std::vector<std::string>& roles, const std::string& role) {
    return std::find(roles.begin(), roles.end(), role) != roles.end();
  };
  for (std::size_t i = 0; i < clocks.size(); ++i) {
    auto& [role, clock] = clocks[i];
    const bool was_deciding = among(active_before, role);
    const bool decides = !game_over && among(active_after, role);
    const bool handed_over =
        was_deciding && !decides && !game_over &&
        std::any_of(active_after.begin(), active_after.end(), [&](const std::string& r) { return r != role; });
    clock.bank_ms = clock.remaining(*calendars[i], now_ms);
    clock.since_ms = now_ms;
    // A player out of time who still moves (nobody claimed) keeps nothing but the increment.
    if (handed_over)
      clock.bank_ms = std::min(control.cap_ms, std::max<std::int64_t>(0, clock.bank_ms) + control.increment_ms);
    if (decides && !clock.running) {
      clock.warned = false;
      clock.expiry_announced = false;
    }
    clock.running = decides;
  }
}

std::optional<Due> next_due(const ClockState& clock, const Calendar& calendar, const TimeControl& control,
                            bool auto_vacation) {
  if (!clock.running) return std::nullopt;
  if (!clock.warned)
    return Due{calendar.when_charged(clock.since_ms, std::max<std::int64_t>(0, clock.bank_ms - warning_ms)),
               DueEvent::warning};
  if (auto_vacation)
    return Due{calendar.when_charged(clock.since_ms, std::max<std::int64_t>(0, clock.bank_ms)), DueEvent::out_of_time};
  if (!clock.expiry_announced)
    return Due{calendar.when_charged(clock.since_ms, clock.bank_ms + control.grace_ms), DueEvent::expiry};
  return std::nullopt;
}

std::int64_t vacation_balance(std::int64_t balance_ms, std::int64_t as_of_ms, std::int64_t now_ms) {
  const std::int64_t earned = std::max<std::int64_t>(0, now_ms - as_of_ms) / vacation_earned_per_ms_divisor;
  return std::min(vacation_max_ms, balance_ms + earned);
}

}  // namespace warpath::server::clocks
