#pragma once
#include <string>

namespace warpath::server {

// "2026-11-21T23:34:02.123Z": the timestamp format of the database and the protocol.
std::string utc_now_iso8601();

}  // namespace warpath::server
