#pragma once
// A string written as JSON, byte for byte as nlohmann's dump() writes it (docs/PROTOCOL.md,
// "Hash": the canonical form), without a JSON value or nlohmann's serializer for the plain ones:
// for the texts the engine and the protocol write straight (member names, ids, the view hash).

#include <string>
#include <string_view>

namespace warpath::engine {

// Whether `bytes` are UTF-8 (RFC 3629: no overlong form, surrogate or value past U+10FFFF).
bool is_valid_utf8(std::string_view bytes);
// Whether `text` is written in JSON as it is between quotes (valid UTF-8 without a quote, a
// backslash or a control character), so that it needs no escaping.
bool plain_json_text(std::string_view text);
// `value` as a JSON string, appended to `out`.
void append_json_string(std::string& out, std::string_view value);

}  // namespace warpath::engine
