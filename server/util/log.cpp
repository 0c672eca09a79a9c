#include "server/util/log.hpp"

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "server/util/clock.hpp"

namespace warpath::server {
namespace {
std::atomic<int> current_level{static_cast<int>(LogLevel::info)};
constexpr const char* level_names[] = {"debug", "info", "warn", "error"};
}  // namespace

void set_log_level(LogLevel level) { current_level = static_cast<int>(level); }

LogLevel parse_log_level(std::string_view name) {
  for (int i = 0; i < 4; ++i)
    if (name == level_names[i]) return static_cast<LogLevel>(i);
  throw std::invalid_argument("log level must be debug, info, warn or error");
}

void log(LogLevel level, std::string_view message) {
  if (static_cast<int>(level) < current_level.load(std::memory_order_relaxed)) return;
  const std::string line =
      utc_now_iso8601() + " " + level_names[static_cast<int>(level)] + " " + std::string(message) + "\n";
  std::fputs(line.c_str(), stderr);
}

}  // namespace warpath::server
