#include "engine/core/rng.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace warpath::engine {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// Hex strings keep the 64-bit words exact in any JSON reader (JavaScript numbers are doubles).
std::string to_hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Rng::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint32_t Rng::below(std::uint32_t bound) {
  if (bound == 0) throw std::invalid_argument("Rng::below(0)");
  // Lemire's multiply-and-reject method: unbiased and usually one multiplication.
  std::uint64_t m = (next_u64() >> 32) * bound;
  auto low = static_cast<std::uint32_t>(m);
  if (low < bound) {
    const std::uint32_t threshold = (0u - bound) % bound;
    while (low < threshold) {
      m = (next_u64() >> 32) * bound;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

int Rng::roll(int sides) { return 1 + static_cast<int>(below(static_cast<std::uint32_t>(sides))); }

nlohmann::json Rng::to_json() const {
  return nlohmann::json::array({to_hex(s_[0]), to_hex(s_[1]), to_hex(s_[2]), to_hex(s_[3])});
}

Rng Rng::from_json(const nlohmann::json& j) {
  if (!j.is_array() || j.size() != 4) throw std::invalid_argument("rng state must be 4 hex words");
  Rng rng;
  for (std::size_t i = 0; i < 4; ++i) rng.s_[i] = std::stoull(j.at(i).get<std::string>(), nullptr, 16);
  return rng;
}

}  // namespace warpath::engine
