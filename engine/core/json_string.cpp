#include "engine/core/json_string.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>

namespace warpath::engine {

namespace {

// The ASCII bytes written in a JSON string as they are: printable ASCII and DEL but the quote and
// the backslash (nlohmann writes DEL and every valid UTF-8 sequence unescaped).
constexpr std::array<bool, 128> plain_ascii = [] {
  std::array<bool, 128> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
  return plain;
}();

constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;

// Whether one of the eight bytes of `w` is zero.
constexpr bool has_zero_byte(std::uint64_t w) { return ((w - ones) & ~w & highs) != 0; }

// Whether one of the eight bytes of `w` may need a look: a control character, a quote, a
// backslash or a byte of a multi-byte UTF-8 sequence.
constexpr bool needs_look(std::uint64_t w) {
  return ((w - ones * 0x20) & ~w & highs) != 0 || has_zero_byte(w ^ (ones * '"')) || has_zero_byte(w ^ (ones * '\\')) ||
         (w & highs) != 0;
}

}  // namespace

bool is_valid_utf8(std::string_view bytes) {
  std::size_t i = 0;
  const std::size_t n = bytes.size();
  while (i < n) {
    const auto c = static_cast<std::uint8_t>(bytes[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int extra;
    std::uint32_t code;
    if ((c & 0xE0) == 0xC0) {
      extra = 1;
      code = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
      code = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3;
      code = c & 0x07;
    } else {
      return false;
    }
    if (i + static_cast<std::size_t>(extra) >= n) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto cc = static_cast<std::uint8_t>(bytes[i + static_cast<std::size_t>(k)]);
      if ((cc & 0xC0) != 0x80) return false;
      code = (code << 6) | (cc & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8 (RFC 3629).
    static constexpr std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (code < smallest[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

bool plain_json_text(std::string_view text) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  for (; i + 8 <= n; i += 8) {  // eight bytes at a time while none needs a look
    std::uint64_t w;
    std::memcpy(&w, text.data() + i, 8);
    if (needs_look(w)) break;
  }
  if (i + 8 > n) {  // the last bytes, padded with spaces
    std::uint64_t w = ones * ' ';
    std::memcpy(&w, text.data() + i, n - i);
    if (!needs_look(w)) return true;
  }
  bool multi_byte = false;
  for (std::size_t j = i; j < n; ++j) {
    const auto c = static_cast<unsigned char>(text[j]);
    if (c >= 0x80)
      multi_byte = true;
    else if (!plain_ascii[c])
      return false;
  }
  return !multi_byte || is_valid_utf8(text.substr(i));
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

void append_pointer_token(std::string& out, std::string_view token) {
  out.push_back('/');
  for (char c : token) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out.push_back(c);
  }
}

void append_patch_op(std::string& out, std::string_view op, std::string_view path, std::string_view value_text) {
  if (!out.empty()) out.push_back(',');
  out += "{\"op\":\"";
  out += op;
  out += "\",\"path\":";
  append_json_string(out, path);
  if (!value_text.empty()) {
    out += ",\"value\":";
    out += value_text;
  }
  out.push_back('}');
}

}  // namespace warpath::engine
