#pragma once
// Content hashes used to check that two JSON documents (states, views) are identical.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace warpath::engine {

// 64-bit FNV-1a. Not a security hash: it detects divergence between a replay and the original,
// or between a client's patched view and the server's. Cheap to re-implement in a browser.
std::uint64_t fnv1a64(std::string_view bytes);

// fnv1a64 of the concatenation of the pieces given to add(), without making the concatenation.
class Fnv1a64 {
 public:
  Fnv1a64() = default;
  // Resumes a hash from an earlier value(): the pieces added since then follow on.
  explicit Fnv1a64(std::uint64_t state) : h_(state) {}
  void add(std::string_view bytes) {
    for (unsigned char c : bytes) {
      h_ ^= c;
      h_ *= 0x100000001b3ULL;
    }
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

// A hash as 16 lowercase hex digits.
std::string hex64(std::uint64_t hash);

// fnv1a64 of the bytes as 16 lowercase hex digits.
std::string hash_hex(std::string_view bytes);
// Hash of the canonical dump of a document (nlohmann sorts object keys), as 16 hex digits:
// hash_hex(document.dump()), without making the text.
std::string json_hash(const nlohmann::json& document);

// The hash of a view's part (docs/PROTOCOL.md): the sum modulo 2^64 of its members' hashes, each
// the fnv1a64 of the member as the part's canonical text writes it, `"name":value`. A move that
// changes one member hashes that member again, not the part; a part with no member sums to 0.
std::uint64_t member_hash(std::string_view name, std::string_view value_text);
// The part's hash from its JSON object, as 16 hex digits.
std::string part_hash(const nlohmann::json& part);

}  // namespace warpath::engine
