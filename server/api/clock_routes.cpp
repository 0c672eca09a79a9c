// The clocks' API (see clock_routes.hpp).
#include "server/api/clock_routes.hpp"

#include <cstdio>
#include <ctime>
#include <memory>

#include "server/api/account_routes.hpp"
#include "server/clocks/clock_store.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;

namespace {

// Midnight starting the day "YYYY-MM-DD" at the UTC offset, in Unix ms; none if it is no date.
std::optional<std::int64_t> day_start_ms(const json& value, int utc_offset_minutes) {
  if (!value.is_string()) return std::nullopt;
  const auto& text = value.get_ref<const std::string&>();
  std::tm tm{};
  char rest = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2d-%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &rest) != 3)
    return std::nullopt;
  if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_year < 2000 || tm.tm_year > 9999)
    return std::nullopt;
  const int day = tm.tm_mday;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const std::time_t t = timegm(&tm);
  std::tm back{};
  gmtime_r(&t, &back);
  if (back.tm_mday != day) return std::nullopt;  // 2026-02-30
  return static_cast<std::int64_t>(t) * 1000 - std::int64_t{utc_offset_minutes} * 60'000;
}

// Answers with the account's time off once `work` is committed; a refusal the work reports
// (`*refused`) is a 409 that changed nothing.
void change_time_off(ServerContext& context, const HttpRequest& request, std::int64_t account, const Respond& respond,
                     storage::CommitQueue::Work work, std::shared_ptr<std::optional<std::string>> refused) {
  context.commits.submit(
      std::move(work), [&context, request, respond, account, refused](std::optional<std::string> error) {
        if (error) {
          log_error("time off not stored: " + *error);
          return respond(error_response(request, ErrorCode::storage_error, "the change could not be stored"));
        }
        if (*refused) return respond(error_response(request, ErrorCode::vacation_refused, **refused));
        // The clocks of the account's games stand still or run again: their seats are shown so.
        for (const auto& game : context.lobby.account_games(account))
          if (game.game.status == "active") context.game_events.clocks_changed(game.game.id);
        wake_outbox(context);
        respond(json_response(request, http::status::ok,
                              {{"time_off", context.accounts.time_off(account, unix_now_ms())}}));
      });
}

}  // namespace

void time_controls_route(const HttpRequest& request, const Respond& respond) {
  if (!takes(request, {http::verb::get}, respond)) return;
  respond(json_response(request, http::status::ok, {{"presets", clocks::time_control_presets()}}));
}

void claim_timeout_route(ServerContext& context, const HttpRequest& request, protocol::GameId game,
                         const Respond& respond) {
  auto player = player_request(context, request, game, true, respond);
  if (!player) return;
  player->room->claim_timeout(player->room, std::move(player->claim), [request, game, respond](SeatAnswer answer) {
    respond_seat_answer(request, game, respond, std::move(answer));
  });
}

void time_off_route(ServerContext& context, const HttpRequest& request, std::int64_t account, const Respond& respond) {
  respond(json_response(request, http::status::ok, {{"time_off", context.accounts.time_off(account, unix_now_ms())}}));
}

void set_time_off_route(ServerContext& context, const HttpRequest& request, std::int64_t account,
                        const Respond& respond) {
  const auto body = json_body(request, respond);
  if (!body) return;
  clocks::TimeOffSettings settings;
  for (const auto& [key, value] : body->items()) {
    if ((key == "auto_vacation" || key == "weekends_off") && value.is_boolean()) {
      (key == "auto_vacation" ? settings.auto_vacation : settings.weekends_off) = value.get<bool>();
    } else if (key == "utc_offset_minutes" && value.is_number_integer() && value.get<int>() >= -14 * 60 &&
               value.get<int>() <= 14 * 60) {
      settings.utc_offset_minutes = value.get<int>();
    } else {
      return respond(error_response(request, ErrorCode::bad_message,
                                    "'" + key +
                                        "' is not a time-off setting (auto_vacation and weekends_off: true or false; "
                                        "utc_offset_minutes: -840 to 840)"));
    }
  }
  auto refused = std::make_shared<std::optional<std::string>>();
  change_time_off(
      context, request, account, respond,
      [account, settings](storage::WriteContext& w) {
        clocks::set_time_off_settings(w, account, settings, unix_now_ms());
      },
      refused);
}

void take_vacation_route(ServerContext& context, const HttpRequest& request, std::int64_t account,
                         const Respond& respond) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const int offset = context.accounts.time_off(account, unix_now_ms()).value("utc_offset_minutes", 0);
  clocks::VacationRequest vacation;
  if (body->contains("from")) {
    const auto from = day_start_ms(body->at("from"), offset);
    if (!from) return respond(error_response(request, ErrorCode::bad_message, "'from' must be a date, YYYY-MM-DD"));
    vacation.from_ms = *from;
  } else {
    vacation.from_ms = unix_now_ms();  // from now
  }
  const auto to = body->contains("to") ? day_start_ms(body->at("to"), offset) : std::nullopt;
  if (!to)
    return respond(error_response(request, ErrorCode::bad_message,
                                  "'to' must be a date, YYYY-MM-DD: the last day of the vacation"));
  vacation.to_ms = *to + clocks::day_ms;  // to the end of that day
  auto refused = std::make_shared<std::optional<std::string>>();
  change_time_off(
      context, request, account, respond,
      [account, vacation, refused](storage::WriteContext& w) {
        *refused = clocks::take_vacation(w, account, vacation, unix_now_ms());
      },
      refused);
}

void end_vacation_route(ServerContext& context, const HttpRequest& request, std::int64_t account,
                        const Respond& respond) {
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto id = body->find("id");
  if (id == body->end() || !id->is_number_integer())
    return respond(error_response(request, ErrorCode::bad_message, "'id' must be the vacation's id"));
  auto refused = std::make_shared<std::optional<std::string>>();
  change_time_off(
      context, request, account, respond,
      [account, vacation = id->get<std::int64_t>(), refused](storage::WriteContext& w) {
        *refused = clocks::end_vacation(w, account, vacation, unix_now_ms());
      },
      refused);
}

}  // namespace warpath::server
