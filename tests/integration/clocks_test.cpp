// Correspondence clocks against the real server, days passing in a test clock (`--test-clock`, a
// file the server reads "now" from): a bank runs only while its player decides and gains the
// increment on a hand-over; a timeout cannot be claimed before the grace period is over and is a
// loss once it is; vacations stop every clock of the player, end early, and are taken a day at a
// time automatically when a clock runs out; the 24-hour warning is mailed; the server applies a
// timeout itself when the game says so; and the server is restarted (kill -9) in the middle of each.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/integration/harness.hpp"
#include "tests/integration/test_clock.hpp"

namespace clocks_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

constexpr std::int64_t hour = 3'600'000;
constexpr std::int64_t day = 24 * hour;
// Monday 2026-11-23 10:00 UTC.
constexpr std::int64_t start_ms = 1'795'392'000'000 + 10 * hour;

std::string game_path(std::int64_t id, const std::string& rest) { return "/api/games/" + std::to_string(id) + rest; }

HttpResponse post(Harness& h, const std::string& target, const json& body, const std::string& token) {
  return h.http().request_raw("POST", target, body.dump(), "application/json", token, {});
}

json clocks_of(Harness& h, std::int64_t id, const std::string& token) {
  auto res = h.http().request_raw("GET", game_path(id, "/view"), "", "", token, {});
  REQUIRE_MESSAGE(res.status == 200, res.raw_body);
  REQUIRE(res.body.contains("clocks"));
  return res.body["clocks"]["clocks"];
}

std::int64_t version_of(Harness& h, std::int64_t id) { return h.http_status(id)["version"]; }

json act(Harness& h, std::int64_t id, const std::string& token, const std::string& verb) {
  auto res =
      post(h, game_path(id, "/actions"), {{"version", version_of(h, id)}, {"verb", verb}, {"arg", nullptr}}, token);
  REQUIRE_MESSAGE(res.status == 200, res.raw_body);
  return res.body;
}

std::string code_of(const HttpResponse& res) { return res.body["error"].value("code", ""); }

}  // namespace

TEST_CASE(
    "clocks: a bank runs while its player decides, gains the increment on a hand-over, survives a restart; a "
    "timeout is claimed only after the grace period, and is a loss") {
  TestClock clock("clock", start_ms);
  Harness h({"--test-clock", clock.path()});
  auto res =
      h.http().request_raw("POST", "/api/games",
                           json{{"title", "test-duel"}, {"scenario", "standard"}, {"time_control", "7_per_day"}}.dump(),
                           "application/json", {}, {});
  REQUIRE_MESSAGE(res.status == 201, res.raw_body);
  const std::int64_t id = res.body["id"];
  const std::string red = res.body["seats"]["red"], blue = res.body["seats"]["blue"];
  CHECK(h.http_status(id)["time_control"]["preset"] == "7_per_day");

  auto clocks = clocks_of(h, id, red);
  CHECK(clocks["red"]["remaining_ms"] == day);
  CHECK(clocks["red"]["running"] == true);
  CHECK(clocks["blue"]["remaining_ms"] == day);
  CHECK(clocks["blue"]["running"] == false);

  // Red rolls after two hours (still red's decision: no increment), then passes an hour later.
  clock.advance(2 * hour);
  auto answer = act(h, id, red, "roll");
  CHECK(answer["clocks"]["clocks"]["red"]["remaining_ms"] == day - 2 * hour);
  CHECK(answer["clocks"]["clocks"]["red"]["running"] == true);
  clock.advance(hour);
  answer = act(h, id, red, "pass");
  CHECK(answer["clocks"]["clocks"]["red"]["remaining_ms"] == day - 3 * hour + 4 * hour);
  CHECK(answer["clocks"]["clocks"]["red"]["running"] == false);
  CHECK(answer["clocks"]["clocks"]["blue"]["running"] == true);

  // A crash: the clocks come back from the stored times.
  h.server().kill9();
  clock.advance(5 * hour);
  h.server().restart();
  clocks = clocks_of(h, id, blue);
  CHECK(clocks["blue"]["remaining_ms"] == day - 5 * hour);
  CHECK(clocks["red"]["remaining_ms"] == day + hour);

  // A client may not record a timeout itself; a claim before the clock has run out is refused.
  CHECK(code_of(post(h, game_path(id, "/actions"), {{"version", version_of(h, id)}, {"verb", "timeout"}}, blue)) ==
        "illegal_action");
  CHECK(code_of(post(h, game_path(id, "/claim-timeout"), json::object(), red)) == "not_out_of_time");
  // Out of time, but within the grace period: still refused, and the view says it is out of time.
  clock.advance(day - 5 * hour + day - hour);
  clocks = clocks_of(h, id, red);
  CHECK(clocks["blue"]["out_of_time"] == true);
  CHECK(clocks["blue"]["claimable"] == false);
  CHECK(code_of(post(h, game_path(id, "/claim-timeout"), json::object(), red)) == "not_out_of_time");
  h.server().kill9();
  clock.advance(2 * hour);
  h.server().restart();
  CHECK(clocks_of(h, id, red)["blue"]["claimable"] == true);
  // The player out of time cannot claim against the one who is not; the opponent can.
  CHECK(code_of(post(h, game_path(id, "/claim-timeout"), json::object(), blue)) == "not_out_of_time");
  res = post(h, game_path(id, "/claim-timeout"), json::object(), red);
  REQUIRE_MESSAGE(res.status == 200, res.raw_body);
  const auto status = h.http_status(id);
  CHECK(status["status"] == "over");
  CHECK(status["result"]["winner"] == "red");
  CHECK(status["result"]["score"]["timeout"] == "blue");
  clocks = clocks_of(h, id, red);
  CHECK(clocks["blue"]["running"] == false);
  CHECK(clocks["red"]["running"] == false);
  // The record holds the timeout as blue's move, and verifies through the rules.
  const auto record = h.http().request_raw("GET", game_path(id, "/record"), "", "", {}, {}).body;
  CHECK(record["moves"].back()["verb"] == "timeout");
  CHECK(record["moves"].back()["role"] == "blue");
  CHECK(record["rules"].get<std::string>().starts_with("warpath "));
  CHECK(verify_record(h.server().temp_dir(), "timeout.json", record) == 0);
}

TEST_CASE(
    "clocks: vacations stop every clock of a player; a day is taken automatically when a clock runs out; the "
    "warning is mailed; the server applies a timeout itself, across a restart") {
  TestClock clock("clock", start_ms);
  Harness h({"--test-clock", clock.path()});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob");
  for (User* u : {&alice, &bob}) verify_email(*u, [&](const std::string& to) { return mails_to(h, to); });
  const auto listing = alice.ok("POST", "/api/lobby",
                                {{"title", "test-duel"},
                                 {"scenario", "standard"},
                                 {"seat", "red"},
                                 {"time_control", {{"preset", "7_per_day"}, {"automatic_timeout", true}}}},
                                201)["listing"];
  CHECK(listing["time_control"]["automatic_timeout"] == true);
  const std::int64_t id = bob.ok("POST", "/api/lobby/" + std::to_string(listing["id"].get<int>()) + "/join",
                                 json::object())["listing"]["game"];
  // Red (alice) starts with a bank of one day: the 24-hour warning goes out at once.
  CHECK(eventually([&] {
    for (const auto& mail : mails_to(h, "alice@example.org"))
      if (mail.find("runs out in") != std::string::npos) return true;
    return false;
  }));
  auto clocks = [&] { return alice.ok("GET", game_path(id, "/view"))["clocks"]["clocks"]; };
  CHECK(clocks()["red"]["remaining_ms"] == day);

  // Alice takes Tuesday off (from now, Monday 10:00, to the end of Tuesday: 38 hours).
  auto time_off = alice.ok("GET", "/api/account/time-off")["time_off"];
  CHECK(time_off["balance_days"] == 20);
  CHECK(time_off["auto_vacation"] == true);
  CHECK(alice.send("POST", "/api/account/vacations", {{"to", "2026-11-21"}}).status == 409);  // in the past
  CHECK(alice.send("POST", "/api/account/vacations", {{"to", "2026-13-01"}}).status == 400);
  CHECK(alice.send("POST", "/api/account/vacations", {{"from", "2026-12-01"}, {"to", "2027-02-01"}}).status ==
        409);  // more than the allowance
  time_off = alice.ok("POST", "/api/account/vacations", {{"to", "2026-11-24"}})["time_off"];
  REQUIRE(time_off["vacations"].size() == 1);
  CHECK(time_off["vacations"][0]["to_ms"] == start_ms - 10 * hour + 2 * day);
  CHECK(time_off["balance_days"].get<double>() == doctest::Approx(20.0 - 38.0 / 24));
  // A crash during the vacation: it goes on after the restart.
  h.server().kill9();
  clock.advance(30 * hour);
  h.server().restart();
  alice.http = h.http();  // the new port
  CHECK(clocks()["red"]["remaining_ms"] == day);
  CHECK(clocks()["red"]["paused"] == "vacation");
  CHECK(clocks()["red"]["resumes_ms"] == start_ms - 10 * hour + 2 * day);
  // Back early, on Tuesday 16:00: the unused 8 hours are given back and the clock runs again.
  time_off = alice.ok("POST", "/api/account/vacations/end", {{"id", time_off["vacations"][0]["id"]}})["time_off"];
  CHECK(time_off["balance_days"].get<double>() == doctest::Approx(20.0 - 30.0 / 24 + 30.0 / 24 / 8));
  clock.advance(2 * hour);
  CHECK(clocks()["red"]["remaining_ms"] == day - 2 * hour);
  CHECK(clocks()["red"]["paused"].is_null());

  // Alice lets her clock run out: a vacation day is taken for her, automatically.
  clock.advance(day - 2 * hour);
  CHECK(eventually([&] {
    const auto vacations = alice.ok("GET", "/api/account/time-off")["time_off"]["vacations"];
    return vacations.size() == 1 && vacations[0]["automatic"] == true;
  }));
  CHECK(clocks()["red"]["paused"] == "vacation");
  CHECK(clocks()["red"]["remaining_ms"] == 0);
  // She turns automatic vacation off; the day taken still runs to its end.
  alice.ok("PATCH", "/api/account/time-off", {{"auto_vacation", false}});
  CHECK(alice.send("PATCH", "/api/account/time-off", {{"weekends", true}}).status == 400);

  // A crash; the day of vacation ends, then the grace period: the server applies the timeout.
  h.server().kill9();
  clock.advance(day + day - hour);
  h.server().restart();
  alice.http = h.http();  // the new port
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(h.http_status(id)["status"] == "active");  // an hour of grace left
  clock.advance(2 * hour);
  CHECK(eventually([&] { return h.http_status(id)["status"] == "over"; }));
  const auto status = h.http_status(id);
  CHECK(status["result"]["winner"] == "blue");
  CHECK(status["result"]["score"]["timeout"] == "red");
  // The loss is on alice's record.
  const auto player = alice.ok("GET", "/api/players/alice");
  CHECK(player["response_times"]["timeouts"] == 1);
}

}  // namespace clocks_test
