#include "engine/core/json_string.hpp"

#include <array>
#include <cstring>
#include <nlohmann/json.hpp>

namespace warpath::engine {

namespace {

// The bytes written in a JSON string as they are: printable ASCII but the quote and the backslash.
constexpr std::array<bool, 256> plain_bytes = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x7f; ++c) plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
  return plain;
}();

}  // namespace

bool plain_json_text(std::string_view text) {
  for (char c : text)
    if (!plain_bytes[static_cast<unsigned char>(c)]) return false;
  return true;
}

void append_json_string(std::string& out, std::string_view value) {
  if (!plain_json_text(value)) {
    out += nlohmann::json(value).dump();
    return;
  }
  const std::size_t at = out.size();
  out.resize(at + value.size() + 2);
  char* text = out.data() + at;
  text[0] = '"';
  std::memcpy(text + 1, value.data(), value.size());
  text[value.size() + 1] = '"';
}

}  // namespace warpath::engine
