// The views' and states' consistency hash (engine/core/hash.hpp): 64-bit FNV-1a against its
// published test vectors, and the streamed form against the one-piece form.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/hash.hpp"

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
