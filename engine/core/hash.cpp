#include "engine/core/hash.hpp"

#include <cstdio>

namespace warpath::engine {

std::uint64_t fnv1a64(std::string_view bytes) {
  Fnv1a64 h;
  h.add(bytes);
  return h.value();
}

std::string hex64(std::uint64_t hash) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[static_cast<std::size_t>(i)] = digits[hash & 0xf];
  return out;
}

std::string hash_hex(std::string_view bytes) { return hex64(fnv1a64(bytes)); }

std::string json_hash(const nlohmann::json& document) { return hash_hex(document.dump()); }

}  // namespace warpath::engine
