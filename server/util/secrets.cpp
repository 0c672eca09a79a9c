#include "server/util/secrets.hpp"

#include <sys/random.h>

#include <array>
#include <cstdio>
#include <stdexcept>

namespace warpath::server {
namespace {

template <std::size_t N>
std::array<unsigned char, N> random_bytes() {
  std::array<unsigned char, N> bytes{};
  std::size_t filled = 0;
  while (filled < N) {
    const ssize_t got = getrandom(bytes.data() + filled, N - filled, 0);
    if (got < 0) throw std::runtime_error("getrandom failed");
    filled += static_cast<std::size_t>(got);
  }
  return bytes;
}

}  // namespace

std::string new_seat_token() {
  std::string out;
  char buf[3];
  for (unsigned char b : random_bytes<16>()) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    out += buf;
  }
  return out;
}

std::uint64_t new_game_seed() {
  std::uint64_t seed = 0;
  for (unsigned char b : random_bytes<8>()) seed = (seed << 8) | b;
  return seed & ((std::uint64_t{1} << 53) - 1);
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace warpath::server
