// The views' and states' consistency hash (engine/core/hash.hpp): 64-bit FNV-1a against its
// published test vectors, and the streamed form against the one-piece form.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/hash.hpp"

namespace hash_test {

using namespace warpath::engine;

TEST_CASE("FNV-1a 64 matches its published test vectors") {
  CHECK(hash_hex("") == "cbf29ce484222325");
  CHECK(hash_hex("a") == "af63dc4c8601ec8c");
  CHECK(hash_hex("foobar") == "85944171f73967e8");
}

TEST_CASE("FNV-1a 64 streamed in pieces equals the hash of their concatenation") {
  Fnv1a64 h;
  for (const char* piece : {"{\"a\":", "1", ",\"b\":[2,3]", "}"}) h.add(piece);
  CHECK(hex64(h.value()) == hash_hex("{\"a\":1,\"b\":[2,3]}"));
  CHECK(json_hash(nlohmann::json{{"b", {2, 3}}, {"a", 1}}) == hash_hex("{\"a\":1,\"b\":[2,3]}"));
}

TEST_CASE("FNV-1a 64 resumed from an earlier value goes on where it stopped") {
  Fnv1a64 h;
  h.add("{\"a\":1");
  Fnv1a64 resumed(h.value());
  resumed.add(",\"b\":[2,3]}");
  CHECK(hex64(resumed.value()) == hash_hex("{\"a\":1,\"b\":[2,3]}"));
}

TEST_CASE("json_hash, serialised straight into the hash, equals the hash of the document's dump") {
  const auto document = nlohmann::json::parse(R"({"z": [1, -2, 3.5, 1e300, true, null, {}, []],
    "text": "quote \" backslash \\ tab \t newline \n control \u0001 é ☃ 😀",
    "nested": {"b": {"c": [{"d": "x"}]}, "a": 18446744073709551615, "n": -9223372036854775808},
    "": "", "long": "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz é"})");
  CHECK(json_hash(document) == hash_hex(document.dump()));
  for (const auto& [key, value] : document.items()) CHECK(json_hash(value) == hash_hex(value.dump()));
}

}  // namespace hash_test
