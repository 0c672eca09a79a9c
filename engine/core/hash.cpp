#include "engine/core/hash.hpp"

#include <cstdio>
#include <memory>

#include "engine/core/json_string.hpp"

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

namespace {

// Where nlohmann's serializer writes: into the hash, without making the text.
class HashingOutput : public nlohmann::detail::output_adapter_protocol<char> {
 public:
  explicit HashingOutput(Fnv1a64& hash) : hash_(hash) {}
  void write_character(char c) override { hash_.add(std::string_view(&c, 1)); }
  void write_characters(const char* s, std::size_t length) override { hash_.add(std::string_view(s, length)); }

 private:
  Fnv1a64& hash_;
};

}  // namespace

// The same as hash_hex(document.dump()): the serializer json::dump() runs, with the same options.
std::string json_hash(const nlohmann::json& document) {
  Fnv1a64 hash;
  nlohmann::detail::serializer<nlohmann::json> serializer(std::make_shared<HashingOutput>(hash), ' ',
                                                          nlohmann::json::error_handler_t::strict);
  serializer.dump(document, false, false, 0);
  return hex64(hash.value());
}

std::uint64_t member_hash(std::string_view name, std::string_view value_text) {
  Fnv1a64 hash;
  if (plain_json_text(name)) {
    hash.add("\"");
    hash.add(name);
    hash.add("\":");
  } else {
    std::string quoted;
    append_json_string(quoted, name);
    hash.add(quoted);
    hash.add(":");
  }
  hash.add(value_text);
  return hash.value();
}

std::string part_hash(const nlohmann::json& part) {
  std::uint64_t sum = 0;
  for (const auto& [name, value] : part.items()) sum += member_hash(name, value.dump());
  return hex64(sum);
}

}  // namespace warpath::engine
