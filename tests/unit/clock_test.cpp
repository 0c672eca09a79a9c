// The server's timestamps (server/util/clock): "YYYY-MM-DDTHH:MM:SS.mmmZ", what the database and the
// protocol store, written without the C library's formatting and read back by iso8601_to_unix_ms.

#include <cstdint>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>

#include <doctest/doctest.h>

#include "server/util/clock.hpp"

using warpath::server::iso8601_to_unix_ms;
using warpath::server::unix_ms_to_iso8601;

namespace {

// The same timestamp by the C library, as the server wrote it before.
std::string by_gmtime(std::int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
  return buf;
}

}  // namespace

TEST_CASE("timestamps: known instants, day and year ends, a leap day") {
  CHECK(unix_ms_to_iso8601(0) == "1970-01-01T00:00:00.000Z");
  CHECK(unix_ms_to_iso8601(1) == "1970-01-01T00:00:00.001Z");
  CHECK(unix_ms_to_iso8601(86'399'999) == "1970-01-01T23:59:59.999Z");
  CHECK(unix_ms_to_iso8601(951'782'400'000) == "2000-02-29T00:00:00.000Z");
  CHECK(unix_ms_to_iso8601(1'709'251'199'999) == "2024-02-29T23:59:59.999Z");
  CHECK(unix_ms_to_iso8601(1'798'761'599'999) == "2026-12-31T23:59:59.999Z");
  CHECK(unix_ms_to_iso8601(1'798'761'600'000) == "2027-01-01T00:00:00.000Z");
  CHECK(unix_ms_to_iso8601(4'102'444'800'000) == "2100-01-01T00:00:00.000Z");
}

TEST_CASE("timestamps: the same text as the C library's, and read back to the same instant") {
  std::mt19937_64 random(20261129);
  std::uniform_int_distribution<std::int64_t> instant(0, 4'102'444'800'000);  // 1970 to 2100
  for (int i = 0; i < 20'000; ++i) {
    const std::int64_t ms = instant(random);
    const std::string text = unix_ms_to_iso8601(ms);
    REQUIRE_MESSAGE(text == by_gmtime(ms), ms);
    REQUIRE_MESSAGE(iso8601_to_unix_ms(text) == ms, text);
  }
}
