// The views' and states' consistency hash (engine/core/hash.hpp): 64-bit FNV-1a against its
// published test vectors, the streamed form against the one-piece form, and a view part's hash.
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

TEST_CASE("a part's hash is the sum of its members' hashes, as the browser client's tests expect") {
  // The same parts as server/web/js/test/view_hash.test.mjs's view vectors (their public part's
  // hash, then their seat part's), whose hashes were computed apart, in Python.
  const auto part = [](const char* text) { return part_hash(nlohmann::json::parse(text)); };
  CHECK(part(R"({"active":"red","vp":2})") +
            part(R"({"actions":{"card":[3,12],"pass":true,"undo":true},"hand":[3,12],"prompt":"Play a card."})") ==
        "1108de97d69a137f0b2f2610ae5ba1d7");
  CHECK(part(R"({"actions":{},"prompt":"","vp":-1,"year":1757})") + part("{}") == "ed6f39bd6da37ca40000000000000000");
  CHECK(part(R"({"b":1,"a":[true,null,"x\n"]})") == "267f3b476136fd6f");
  CHECK(part(R"({"hand":[5],"prompt":"Déjà vu — “quoted”"})") == "aaa484cb26b32c5d");
  CHECK(part(R"({"pieces":[8,13,6,0],"markers":{"albany":{"fort":"british","siege":2}}})") == "00081b0fa86a6b82");
  // One member's hash is that of its text in the part's dump; a name that needs escaping is escaped.
  CHECK(member_hash("a", "[1,2]") == fnv1a64("\"a\":[1,2]"));
  CHECK(member_hash("t\n\"", "7") == fnv1a64("\"t\\n\\\"\":7"));
  CHECK(part(R"({"t\n\"":7,"a":[1,2]})") == hex64(member_hash("a", "[1,2]") + member_hash("t\n\"", "7")));
}

}  // namespace hash_test
