#include "engine/core/hash.hpp"

#include <cstdio>

namespace warpath::engine {

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string hash_hex(std::string_view bytes) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a64(bytes)));
  return buf;
}

std::string json_hash(const nlohmann::json& document) { return hash_hex(document.dump()); }

}  // namespace warpath::engine
