// The server's wall clock (see clock.hpp).
#include "server/util/clock.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>

namespace warpath::server {

namespace {
std::string test_clock_path;  // set once at start-up, before any thread reads it
}

std::string unix_ms_to_iso8601(std::int64_t ms) {
  // The calendar by std::chrono and the digits written in place: every stored move takes a
  // timestamp, and gmtime_r with snprintf cost ten times as much.
  using namespace std::chrono;
  const sys_time<milliseconds> at{milliseconds(ms)};
  const auto day = floor<days>(at);
  const year_month_day date{day};
  const hh_mm_ss time{at - day};
  std::string out = "0000-00-00T00:00:00.000Z";
  auto put = [&](std::size_t from, int width, long long value) {  // zero-padded, as the template is
    for (int i = width - 1; i >= 0; --i, value /= 10)
      out[from + static_cast<std::size_t>(i)] = static_cast<char>('0' + value % 10);
  };
  put(0, 4, static_cast<int>(date.year()));
  put(5, 2, static_cast<unsigned>(date.month()));
  put(8, 2, static_cast<unsigned>(date.day()));
  put(11, 2, time.hours().count());
  put(14, 2, time.minutes().count());
  put(17, 2, time.seconds().count());
  put(20, 3, time.subseconds().count());
  return out;
}

std::int64_t iso8601_to_unix_ms(const std::string& text) {
  std::tm tm{};
  int ms = 0;
  if (std::sscanf(text.c_str(), "%d-%d-%dT%d:%d:%d.%dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                  &tm.tm_sec, &ms) < 6)
    return 0;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return static_cast<std::int64_t>(timegm(&tm)) * 1000 + ms;
}

std::string utc_now_iso8601() { return unix_ms_to_iso8601(unix_now_ms()); }

std::int64_t wall_clock_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t unix_now_ms() {
  if (!test_clock_path.empty()) {
    std::ifstream in(test_clock_path);
    std::int64_t ms = 0;
    if (in >> ms) return ms;
  }
  return wall_clock_ms();
}

std::int64_t unix_now_seconds() { return unix_now_ms() / 1000; }

void use_test_clock(std::string path) { test_clock_path = std::move(path); }
bool test_clock_in_use() { return !test_clock_path.empty(); }

}  // namespace warpath::server
