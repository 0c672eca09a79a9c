#pragma once
// The clocks in the database: started with a timed game, settled in the transaction of every
// move, rescheduled when a player's time off changes, shown to the seats, and worked by the
// scheduler from the due-time index (clocks.due_ms). The arithmetic is clock_rules'; this file
// only reads and writes rows, always in the writer's transaction when it writes, so a clock and
// the move or vacation that changed it are committed together.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/clocks/clock_rules.hpp"
#include "server/notify/notices.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/records.hpp"
#include "server/storage/database.hpp"

namespace warpath::server::clocks {

using storage::Connection;
using storage::GameId;
using storage::WriteContext;

// A player's time off and allowance as stored.
struct TimeOff {
  Calendar calendar;
  bool auto_vacation = false;
  std::int64_t balance_ms = 0;  // the allowance at `now`
};
// An account's (none: a seat held by a token, which takes no time off).
TimeOff read_time_off(Connection& db, std::optional<std::int64_t> account, std::int64_t now_ms);

// The clocks of a new timed game: every bank full, running for the roles to decide first.
void start_clocks(WriteContext& w, GameId game, const TimeControl& control, const std::vector<std::string>& roles,
                  const std::vector<std::string>& active, std::int64_t now_ms);
// After a move of a timed game (settle_after_move), with the due times redone.
void settle_clocks(WriteContext& w, GameId game, const std::vector<std::string>& active_before,
                   const std::vector<std::string>& active_after, bool game_over, std::int64_t now_ms);
// Redoes the due times of every running clock of the account's games (its time off changed).
void reschedule_account(WriteContext& w, std::int64_t account, std::int64_t now_ms);

// What the seats are shown: {as_of_ms, time_control, clocks: {role: {remaining_ms, running,
// paused ("vacation"/"weekend"/null), resumes_ms, out_of_time, claimable}}}; null when untimed.
nlohmann::json clocks_view(Connection& db, GameId game, std::int64_t now_ms);
// Whether `role` of the game is out of time and past its grace period at `now`: the timeout
// that a claim or the scheduler applies.
bool timed_out(Connection& db, GameId game, const std::string& role, std::int64_t now_ms);

// The scheduler's work.
struct DueClock {
  GameId game = 0;
  std::string role;
  std::int64_t due_ms = 0;
};
std::vector<DueClock> due_clocks(Connection& db, std::int64_t until_ms, int limit);
std::optional<std::int64_t> next_due_ms(Connection& db);
// Handles what is due of one clock at `now` (re-read in the transaction, so a move that came
// first wins): the warning mail, an automatic vacation day, the end of the grace period. Sets
// `*timeout_due` when the server must now apply the timeout itself.
// `game` names the game in the notices.
void work_due_clock(WriteContext& w, const notify::GameFacts& game, const std::string& role, std::int64_t now_ms,
                    bool* timeout_due);

// Vacations. The string, when set, is why the request is refused (nothing changed).
struct VacationRequest {
  std::int64_t from_ms = 0;
  std::int64_t to_ms = 0;
};
std::optional<std::string> take_vacation(WriteContext& w, std::int64_t account, VacationRequest request,
                                         std::int64_t now_ms);
// Ends a vacation now (or drops a future one), giving back what was not used.
std::optional<std::string> end_vacation(WriteContext& w, std::int64_t account, std::int64_t vacation,
                                        std::int64_t now_ms);
struct TimeOffSettings {
  std::optional<bool> auto_vacation;
  std::optional<bool> weekends_off;
  std::optional<int> utc_offset_minutes;
};
void set_time_off_settings(WriteContext& w, std::int64_t account, TimeOffSettings settings, std::int64_t now_ms);
// {as_of_ms, balance_days, max_days, auto_vacation, weekends_off, utc_offset_minutes, vacations: [...]}.
nlohmann::json time_off_json(Connection& db, std::int64_t account, std::int64_t now_ms);

}  // namespace warpath::server::clocks
