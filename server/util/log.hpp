#pragma once
// Line-oriented logging to stderr with a level chosen at start-up.

#include <string_view>

namespace warpath::server {

enum class LogLevel { debug = 0, info = 1, warn = 2, error = 3 };

// Set once from the configuration before any thread starts.
void set_log_level(LogLevel level);
LogLevel parse_log_level(std::string_view name);
void log(LogLevel level, std::string_view message);

inline void log_debug(std::string_view m) { log(LogLevel::debug, m); }
inline void log_info(std::string_view m) { log(LogLevel::info, m); }
inline void log_warn(std::string_view m) { log(LogLevel::warn, m); }
inline void log_error(std::string_view m) { log(LogLevel::error, m); }

}  // namespace warpath::server
