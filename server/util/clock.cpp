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
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
  return buf;
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
