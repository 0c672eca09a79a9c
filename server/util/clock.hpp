#pragma once
#include <cstdint>
#include <string>

namespace warpath::server {

// "2026-11-21T23:34:02.123Z": the timestamp format of the database and the protocol.
std::string utc_now_iso8601();
// Now as Unix time: what is compared (expiries, due times) is stored in these.
std::int64_t unix_now_seconds();
std::int64_t unix_now_ms();

}  // namespace warpath::server
