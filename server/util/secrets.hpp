#pragma once
// Secrets and hashes, all from libsodium: random tokens and seeds, SHA-256 of the tokens we store
// instead of the tokens, comparisons whose time does not leak where inputs differ, and password
// hashes (argon2id). Nothing here is written by hand.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace warpath::server {

// `bytes` random bytes as 2 × `bytes` lower-case hex digits.
std::string new_token(std::size_t bytes);
// A seat token: 128 random bits as 32 hex digits.
inline std::string new_seat_token() { return new_token(16); }
// A seed below 2^53, so that it survives any JSON reader exactly.
std::uint64_t new_game_seed();
// A uniformly random number from 0 to `bound` - 1 (sides dealt at random in the lobby).
std::uint32_t random_below(std::uint32_t bound);
// Comparison whose time does not depend on where the inputs differ (only on their sizes).
bool constant_time_equal(std::string_view a, std::string_view b);

// SHA-256 as 64 hex digits.
std::string sha256_hex(std::string_view data);

// A password's argon2id hash in libsodium's self-describing string form (algorithm, cost and salt
// included), at libsodium's "interactive" cost. Throws std::runtime_error when the server cannot
// spare the memory for it.
std::string hash_password(std::string_view password);
// Whether `password` matches `hash` (a hash_password() string); false for a malformed hash.
bool verify_password(std::string_view hash, std::string_view password);
// Whether `hash` was made with other costs than hash_password() uses now: rehash it at the next
// successful log-in.
bool password_needs_rehash(std::string_view hash);

}  // namespace warpath::server
