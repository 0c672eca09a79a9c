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
// `/` and `token` as a JSON Pointer writes it (RFC 6901: `~` as `~0`, `/` as `~1`), appended to `out`.
void append_pointer_token(std::string& out, std::string_view token);
// One RFC 6902 operation, `{"op":…,"path":…,"value":…}` (without a value when `value_text` is
// empty; `value_text` is JSON text), appended to `out` after a comma unless `out` is empty: the
// elements of a patch's `ops` array as the feed writes them.
void append_patch_op(std::string& out, std::string_view op, std::string_view path, std::string_view value_text);

}  // namespace warpath::engine
