#pragma once
// Unpredictable values from the operating system: seat tokens and default game seeds.

#include <cstdint>
#include <string>
#include <string_view>

namespace warpath::server {

// 128 random bits as 32 hex digits.
std::string new_seat_token();
// A seed below 2^53, so that it survives any JSON reader exactly.
std::uint64_t new_game_seed();
// Comparison whose time does not depend on where the inputs differ.
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace warpath::server
