// The clocks in the database (see clock_store.hpp).
#include "server/clocks/clock_store.hpp"

#include <algorithm>

#include "server/storage/notification_store.hpp"
#include "server/util/clock.hpp"

namespace warpath::server::clocks {

namespace {

using nlohmann::json;

struct StoredClock {
  std::string role;
  ClockState state;
};

std::optional<TimeControl> game_time_control(Connection& db, GameId game) {
  auto q = db.prepare("SELECT time_control FROM games WHERE id = ?");
  q.bind(1, game);
  if (!q.step() || q.column_is_null(0)) return std::nullopt;
  return stored_time_control(json::parse(q.column_text(0)));
}

std::vector<StoredClock> read_clocks(Connection& db, GameId game) {
  auto q = db.prepare(
      "SELECT role, bank_ms, since_ms, running, warned, expiry_announced FROM clocks WHERE game_id = ? ORDER BY role");
  q.bind(1, game);
  std::vector<StoredClock> out;
  while (q.step())
    out.push_back(
        {q.column_text(0),
         {q.column_int(1), q.column_int(2), q.column_int(3) != 0, q.column_int(4) != 0, q.column_int(5) != 0}});
  return out;
}

std::optional<std::int64_t> account_of(Connection& db, GameId game, const std::string& role) {
  auto q = db.prepare("SELECT account_id FROM game_players WHERE game_id = ? AND role = ?");
  q.bind(1, game).bind(2, role);
  if (!q.step()) return std::nullopt;
  return q.column_int(0);
}

void write_clock(WriteContext& w, GameId game, const StoredClock& clock, const std::optional<Due>& due) {
  auto q = w.db.prepare(
      "INSERT INTO clocks (game_id, role, bank_ms, since_ms, running, warned, expiry_announced, due_ms) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, role) DO UPDATE SET bank_ms = excluded.bank_ms, "
      "since_ms = excluded.since_ms, running = excluded.running, warned = excluded.warned, "
      "expiry_announced = excluded.expiry_announced, due_ms = excluded.due_ms");
  q.bind(1, game)
      .bind(2, clock.role)
      .bind(3, clock.state.bank_ms)
      .bind(4, clock.state.since_ms)
      .bind(5, clock.state.running ? 1 : 0)
      .bind(6, clock.state.warned ? 1 : 0)
      .bind(7, clock.state.expiry_announced ? 1 : 0);
  if (due)
    q.bind(8, due->at_ms);
  else
    q.bind_null(8);
  q.run();
}

std::optional<Due> due_of(const StoredClock& clock, const TimeOff& off, const TimeControl& control) {
  return next_due(clock.state, off.calendar, control, off.auto_vacation && off.balance_ms >= day_ms);
}

// Every clock of the game written back, each with its next due time.
void write_clocks(WriteContext& w, GameId game, const std::vector<StoredClock>& clocks, const TimeControl& control,
                  std::int64_t now_ms) {
  for (const auto& clock : clocks) {
    const auto off = read_time_off(w.db, account_of(w.db, game, clock.role), now_ms);
    write_clock(w, game, clock, due_of(clock, off, control));
  }
}

void notify(WriteContext& w, std::optional<std::int64_t> account, const notify::GameFacts& game,
            const std::string& role, const std::string& subject, const std::string& text, json facts,
            std::int64_t now_ms) {
  if (!account) return;
  storage::send_notices(w, {notify::clock_notice(*account, game, role, subject, text, std::move(facts))},
                        now_ms / 1000);
}

std::string duration_text(std::int64_t ms) {
  const std::int64_t hours = std::max<std::int64_t>(0, ms) / hour_ms;
  if (hours >= 48) return std::to_string(hours / 24) + " days " + std::to_string(hours % 24) + " hours";
  return std::to_string(hours) + " hours " + std::to_string(std::max<std::int64_t>(0, ms) % hour_ms / 60'000) +
         " minutes";
}

}  // namespace

TimeOff read_time_off(Connection& db, std::optional<std::int64_t> account, std::int64_t now_ms) {
  TimeOff off;
  if (!account) return off;
  auto q = db.prepare(
      "SELECT vacation_ms, vacation_as_of_ms, auto_vacation, weekends_off, utc_offset_minutes, created_at "
      "FROM accounts WHERE id = ?");
  q.bind(1, *account);
  if (!q.step()) return off;
  const std::int64_t as_of = q.column_is_null(1) ? iso8601_to_unix_ms(q.column_text(5)) : q.column_int(1);
  off.balance_ms = vacation_balance(q.column_int(0), as_of, now_ms);
  off.auto_vacation = q.column_int(2) != 0;
  off.calendar.weekends_off = q.column_int(3) != 0;
  off.calendar.utc_offset_minutes = static_cast<int>(q.column_int(4));
  auto v = db.prepare("SELECT from_ms, to_ms FROM vacations WHERE account_id = ? ORDER BY from_ms");
  v.bind(1, *account);
  while (v.step()) off.calendar.vacations.push_back({v.column_int(0), v.column_int(1)});
  return off;
}

void start_clocks(WriteContext& w, GameId game, const TimeControl& control, const std::vector<std::string>& roles,
                  const std::vector<std::string>& active, std::int64_t now_ms) {
  std::vector<StoredClock> clocks;
  for (const auto& role : roles)
    clocks.push_back(
        {role,
         {control.initial_ms, now_ms, std::find(active.begin(), active.end(), role) != active.end(), false, false}});
  write_clocks(w, game, clocks, control, now_ms);
}

void settle_clocks(WriteContext& w, GameId game, const std::vector<std::string>& active_before,
                   const std::vector<std::string>& active_after, bool game_over, std::int64_t now_ms) {
  const auto control = game_time_control(w.db, game);
  if (!control) return;
  auto stored = read_clocks(w.db, game);
  std::vector<std::pair<std::string, ClockState>> clocks;
  std::vector<TimeOff> offs;
  for (const auto& clock : stored) {
    clocks.emplace_back(clock.role, clock.state);
    offs.push_back(read_time_off(w.db, account_of(w.db, game, clock.role), now_ms));
  }
  std::vector<const Calendar*> calendars;
  for (const auto& off : offs) calendars.push_back(&off.calendar);
  settle_after_move(clocks, calendars, *control, active_before, active_after, game_over, now_ms);
  for (std::size_t i = 0; i < clocks.size(); ++i) {
    StoredClock clock{clocks[i].first, clocks[i].second};
    write_clock(w, game, clock, due_of(clock, offs[i], *control));
  }
}

void reschedule_account(WriteContext& w, std::int64_t account, std::int64_t now_ms) {
  auto q = w.db.prepare(
      "SELECT c.game_id FROM clocks c JOIN game_players p ON p.game_id = c.game_id AND p.role = c.role "
      "WHERE p.account_id = ? AND c.running = 1");
  q.bind(1, account);
  std::vector<GameId> games;
  while (q.step()) games.push_back(q.column_int(0));
  for (GameId game : games)
    if (auto control = game_time_control(w.db, game)) write_clocks(w, game, read_clocks(w.db, game), *control, now_ms);
}

json clocks_view(Connection& db, GameId game, std::int64_t now_ms) {
  const auto control = game_time_control(db, game);
  if (!control) return nullptr;
  json out = {{"as_of_ms", now_ms}, {"time_control", control->to_json()}, {"clocks", json::object()}};
  for (const auto& clock : read_clocks(db, game)) {
    const auto off = read_time_off(db, account_of(db, game, clock.role), now_ms);
    const std::int64_t remaining = clock.state.remaining(off.calendar, now_ms);
    json paused = nullptr;
    json resumes = nullptr;
    if (clock.state.running)
      if (auto stretch = off.calendar.time_off_from(now_ms); stretch && stretch->from_ms <= now_ms) {
        const bool vacation = std::any_of(off.calendar.vacations.begin(), off.calendar.vacations.end(),
                                          [&](const Interval& v) { return v.from_ms <= now_ms && now_ms < v.to_ms; });
        paused = vacation ? "vacation" : "weekend";
        resumes = stretch->to_ms;
      }
    out["clocks"][clock.role] = {{"remaining_ms", remaining},
                                 {"running", clock.state.running},
                                 {"paused", paused},
                                 {"resumes_ms", resumes},
                                 {"out_of_time", remaining <= 0},
                                 {"claimable", clock.state.running && remaining + control->grace_ms <= 0}};
  }
  return out;
}

bool timed_out(Connection& db, GameId game, const std::string& role, std::int64_t now_ms) {
  const auto control = game_time_control(db, game);
  if (!control) return false;
  for (const auto& clock : read_clocks(db, game))
    if (clock.role == role) {
      const auto off = read_time_off(db, account_of(db, game, role), now_ms);
      return clock.state.running && clock.state.remaining(off.calendar, now_ms) + control->grace_ms <= 0;
    }
  return false;
}

std::vector<DueClock> due_clocks(Connection& db, std::int64_t until_ms, int limit) {
  auto q = db.prepare(
      "SELECT game_id, role, due_ms FROM clocks WHERE due_ms IS NOT NULL AND due_ms <= ? ORDER BY due_ms LIMIT ?");
  q.bind(1, until_ms).bind(2, limit);
  std::vector<DueClock> out;
  while (q.step()) out.push_back({q.column_int(0), q.column_text(1), q.column_int(2)});
  return out;
}

std::optional<std::int64_t> next_due_ms(Connection& db) {
  auto q = db.prepare("SELECT MIN(due_ms) FROM clocks WHERE due_ms IS NOT NULL");
  if (!q.step() || q.column_is_null(0)) return std::nullopt;
  return q.column_int(0);
}

void work_due_clock(WriteContext& w, const notify::GameFacts& facts, const std::string& role, std::int64_t now_ms,
                    bool* timeout_due) {
  *timeout_due = false;
  const GameId game = facts.game;
  const auto control = game_time_control(w.db, game);
  if (!control) return;
  auto clocks = read_clocks(w.db, game);
  auto it = std::find_if(clocks.begin(), clocks.end(), [&](const StoredClock& c) { return c.role == role; });
  if (it == clocks.end()) return;
  const auto account = account_of(w.db, game, role);
  auto off = read_time_off(w.db, account, now_ms);
  const auto due = due_of(*it, off, *control);
  if (!due || due->at_ms > now_ms) return write_clock(w, game, *it, due);  // the index was behind: moved on
  const std::int64_t remaining = it->state.remaining(off.calendar, now_ms);
  switch (due->event) {
    case DueEvent::warning:
      it->state.warned = true;
      notify(w, account, facts, role, "your clock runs out in " + duration_text(remaining),
             "Your clock has " + duration_text(remaining) +
                 " left. Move before it runs out: a player out of time loses the game once the grace period of " +
                 duration_text(control->grace_ms) + " is over too.",
             {{"clock", "warning"}, {"remaining_ms", remaining}}, now_ms);
      break;
    case DueEvent::out_of_time: {
      // An automatic vacation day: every clock of the player stops for a day, from now.
      auto v = w.db.prepare("INSERT INTO vacations (account_id, from_ms, to_ms, automatic) VALUES (?, ?, ?, 1)");
      v.bind(1, *account).bind(2, now_ms).bind(3, now_ms + day_ms).run();
      auto a = w.db.prepare("UPDATE accounts SET vacation_ms = ?, vacation_as_of_ms = ? WHERE id = ?");
      a.bind(1, off.balance_ms - day_ms).bind(2, now_ms).bind(3, *account).run();
      notify(w, account, facts, role, "a vacation day was taken",
             "Your clock ran out, so a day of your vacation allowance was taken: all your clocks stand still until " +
                 unix_ms_to_iso8601(now_ms + day_ms) + ". Turn automatic vacation days off on your account page.",
             {{"clock", "automatic_vacation"}, {"until_ms", now_ms + day_ms}}, now_ms);
      reschedule_account(w, *account, now_ms);
      return;
    }
    case DueEvent::expiry:
      it->state.expiry_announced = true;
      if (control->automatic) {
        *timeout_due = true;
        break;
      }
      for (const auto& other : clocks)
        if (other.role != role)
          notify(w, account_of(w.db, game, other.role), facts, other.role, "you may claim the win",
                 role + " has run out of time and the grace period is over: you may claim the win on the game page.",
                 {{"clock", "timeout_claimable"}, {"out_of_time", role}}, now_ms);
      break;
  }
  write_clock(w, game, *it, due_of(*it, off, *control));
}

std::optional<std::string> take_vacation(WriteContext& w, std::int64_t account, VacationRequest request,
                                         std::int64_t now_ms) {
  if (request.to_ms <= request.from_ms) return "a vacation ends after it starts";
  if (request.to_ms <= now_ms) return "a vacation cannot be in the past";
  request.from_ms = std::max(request.from_ms, now_ms);
  const auto off = read_time_off(w.db, account, now_ms);
  for (const auto& v : off.calendar.vacations)
    if (v.from_ms < request.to_ms && request.from_ms < v.to_ms) return "it overlaps a vacation already taken";
  const std::int64_t length = request.to_ms - request.from_ms;
  if (length > off.balance_ms)
    return "the allowance holds " + duration_text(off.balance_ms) + ", less than the " + duration_text(length) +
           " asked";
  auto v = w.db.prepare("INSERT INTO vacations (account_id, from_ms, to_ms, automatic) VALUES (?, ?, ?, 0)");
  v.bind(1, account).bind(2, request.from_ms).bind(3, request.to_ms).run();
  auto a = w.db.prepare("UPDATE accounts SET vacation_ms = ?, vacation_as_of_ms = ? WHERE id = ?");
  a.bind(1, off.balance_ms - length).bind(2, now_ms).bind(3, account).run();
  reschedule_account(w, account, now_ms);
  return std::nullopt;
}

std::optional<std::string> end_vacation(WriteContext& w, std::int64_t account, std::int64_t vacation,
                                        std::int64_t now_ms) {
  auto q = w.db.prepare("SELECT from_ms, to_ms FROM vacations WHERE id = ? AND account_id = ?");
  q.bind(1, vacation).bind(2, account);
  if (!q.step()) return "no such vacation";
  const std::int64_t from = q.column_int(0), to = q.column_int(1);
  if (to <= now_ms) return "that vacation is over";
  const std::int64_t unused = to - std::max(from, now_ms);
  if (from >= now_ms) {
    auto d = w.db.prepare("DELETE FROM vacations WHERE id = ?");
    d.bind(1, vacation).run();
  } else {
    auto u = w.db.prepare("UPDATE vacations SET to_ms = ? WHERE id = ?");
    u.bind(1, now_ms).bind(2, vacation).run();
  }
  const auto off = read_time_off(w.db, account, now_ms);
  auto a = w.db.prepare("UPDATE accounts SET vacation_ms = ?, vacation_as_of_ms = ? WHERE id = ?");
  a.bind(1, std::min(vacation_max_ms, off.balance_ms + unused)).bind(2, now_ms).bind(3, account).run();
  reschedule_account(w, account, now_ms);
  return std::nullopt;
}

void set_time_off_settings(WriteContext& w, std::int64_t account, TimeOffSettings settings, std::int64_t now_ms) {
  if (settings.auto_vacation) {
    auto q = w.db.prepare("UPDATE accounts SET auto_vacation = ? WHERE id = ?");
    q.bind(1, *settings.auto_vacation ? 1 : 0).bind(2, account).run();
  }
  if (settings.weekends_off) {
    auto q = w.db.prepare("UPDATE accounts SET weekends_off = ? WHERE id = ?");
    q.bind(1, *settings.weekends_off ? 1 : 0).bind(2, account).run();
  }
  if (settings.utc_offset_minutes) {
    auto q = w.db.prepare("UPDATE accounts SET utc_offset_minutes = ? WHERE id = ?");
    q.bind(1, *settings.utc_offset_minutes).bind(2, account).run();
    storage::retime_digest(w, account, now_ms / 1000);  // the digest hour is in the account's time zone
  }
  reschedule_account(w, account, now_ms);
}

json time_off_json(Connection& db, std::int64_t account, std::int64_t now_ms) {
  const auto off = read_time_off(db, account, now_ms);
  json vacations = json::array();
  auto q = db.prepare(
      "SELECT id, from_ms, to_ms, automatic FROM vacations WHERE account_id = ? AND to_ms > ? ORDER BY from_ms");
  q.bind(1, account).bind(2, now_ms);
  while (q.step())
    vacations.push_back({{"id", q.column_int(0)},
                         {"from_ms", q.column_int(1)},
                         {"to_ms", q.column_int(2)},
                         {"automatic", q.column_int(3) != 0}});
  return {{"as_of_ms", now_ms},
          {"balance_days", static_cast<double>(off.balance_ms) / day_ms},
          {"max_days", vacation_max_ms / day_ms},
          {"days_earned_per_day", 1.0 / vacation_earned_per_ms_divisor},
          {"auto_vacation", off.auto_vacation},
          {"weekends_off", off.calendar.weekends_off},
          {"utc_offset_minutes", off.calendar.utc_offset_minutes},
          {"vacations", vacations}};
}

}  // namespace warpath::server::clocks
