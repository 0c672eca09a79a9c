#pragma once
// The server's wall clock. Everything that compares times (expiries, due times, game clocks) asks
// here. A test may set the clock from a file (`warpath serve --test-clock FILE`: the file holds
// Unix milliseconds), so that days of a correspondence game pass in a second and survive restarts.

#include <cstdint>
#include <string>

namespace warpath::server {

// "2026-11-21T23:34:02.123Z": the timestamp format of the database and the protocol.
std::string utc_now_iso8601();
std::string unix_ms_to_iso8601(std::int64_t ms);
// The inverse, for stored timestamps; 0 for text that is not one.
std::int64_t iso8601_to_unix_ms(const std::string& text);
// Now as Unix time: what is compared (expiries, due times) is stored in these.
std::int64_t unix_now_seconds();
std::int64_t unix_now_ms();
// The machine's clock even under a test clock: what the nodes of a cluster compare (game leases).
std::int64_t wall_clock_ms();

// From now on the clock reads the file at `path` (its first number: Unix milliseconds).
void use_test_clock(std::string path);
bool test_clock_in_use();

}  // namespace warpath::server
