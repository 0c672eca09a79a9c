// JSON written as text by the feed (protocol/json_text.hpp): the same bytes as nlohmann's dump(),
// a seat's legal actions written from the engine's ActionList, the RFC 6902 operations between
// two of them, which must turn the one into the other, and nlohmann's diff written as text.
#include <doctest/doctest.h>

#include <iterator>
#include <string>
#include <vector>

#include "engine/core/json_string.hpp"
#include "engine/core/rng.hpp"
#include "protocol/json_text.hpp"

namespace json_text_test {

using namespace warpath;
using nlohmann::json;

namespace {

constexpr std::string_view undo[] = {"undo"};

json ops_json(const protocol::OpsText& ops) { return json::parse("[" + ops.elements() + "]"); }

// A random list over a few verbs, interleaved as the rules list them; some verbs are words.
engine::ActionList random_list(engine::Rng& rng) {
  static const std::vector<std::string> texts = {"ohio_forks", "québec", "a\"b", "line\nbreak", "x/y~z", ""};
  engine::ActionList list;
  const auto count = rng.below(12);
  for (std::uint32_t i = 0; i < count; ++i) {
    switch (rng.below(4)) {
      case 0:
        list.add("space", texts[rng.below(static_cast<std::uint32_t>(texts.size()))]);
        break;
      case 1:
        list.add("card", static_cast<std::int64_t>(rng.below(5)) - 2);
        break;
      case 2:
        list.add("stop");
        break;
      default:
        list.add("a/b", static_cast<std::int64_t>(rng.below(3)));
    }
  }
  return list;
}

// A random JSON value, up to `depth` levels deep, from few enough choices that two of them often
// share parts: objects and arrays, signed and unsigned numbers (equal values of two types), text
// with characters a pointer or a string escapes, booleans and null.
json random_value(engine::Rng& rng, int depth, bool structured = false) {
  static const std::vector<std::string> keys = {"a", "b", "x/y", "t~1", "q\"uote"};
  switch (structured ? 5 + rng.below(3) : rng.below(depth > 0 ? 8 : 5)) {
    case 0:
      return static_cast<std::int64_t>(rng.below(3)) - 1;
    case 1:
      return std::uint64_t{rng.below(2)};
    case 2:
      return keys[rng.below(static_cast<std::uint32_t>(keys.size()))];
    case 3:
      return rng.below(2) == 0;
    case 4:
      return nullptr;
    case 5:
    case 6: {
      json array = json::array();
      for (std::uint32_t i = rng.below(5); i > 0; --i) array.push_back(random_value(rng, depth - 1));
      return array;
    }
    default: {
      json object = json::object();
      for (std::uint32_t i = rng.below(4); i > 0; --i)
        object[keys[rng.below(static_cast<std::uint32_t>(keys.size()))]] = random_value(rng, depth - 1);
      return object;
    }
  }
}

// `value` with a few random changes: a place or member replaced, added or removed.
json changed(const json& value, engine::Rng& rng, int depth) {
  if (rng.below(4) == 0) return random_value(rng, depth);
  json out = value;
  if (out.is_array() && !out.empty()) {
    const auto i = rng.below(static_cast<std::uint32_t>(out.size()));
    switch (rng.below(3)) {
      case 0:
        out[i] = changed(out[i], rng, depth - 1);
        break;
      case 1:
        out.erase(i);
        break;
      default:
        out.push_back(random_value(rng, depth - 1));
    }
  } else if (out.is_object() && !out.empty()) {
    auto it = std::next(out.begin(), static_cast<std::ptrdiff_t>(rng.below(static_cast<std::uint32_t>(out.size()))));
    if (rng.below(2) == 0)
      it.value() = changed(it.value(), rng, depth - 1);
    else
      out.erase(it);
  }
  return out;
}

}  // namespace

TEST_CASE("append_json writes what dump() writes") {
  const json document = {{"prompt", "Move from Montréal (2 spaces moved), or stop."},
                         {"quote", "say \"hi\"\\ \t\n\x01"},
                         {"numbers", {0, -7, 42, std::uint64_t{18446744073709551615ULL}, INT64_MIN, 1.5, -0.25}},
                         {"flags", {true, false, nullptr}},
                         {"empty", {{"array", json::array()}, {"object", json::object()}}},
                         {"nested", {{"b", {{"c", json::array({1, "two", json::object()})}}}, {"a", 1}}},
                         {"key \"quoted\"", "é"}};
  CHECK(protocol::json_text(document) == document.dump());
  for (const auto& [key, value] : document.items()) CHECK(protocol::json_text(value) == value.dump());
}

TEST_CASE("append_json_string writes a string as dump() does, and refuses what dump() refuses") {
  // Pieces placed anywhere in a longer text: across the eight-byte blocks the plain text is
  // checked in, each of the cases a string can need (escapes, DEL, UTF-8 of 2 to 4 bytes, and
  // sequences that are not UTF-8: truncated, overlong, a surrogate, past U+10FFFF, a lone byte).
  const std::vector<std::string> pieces = {"a",
                                           "Ile",
                                           "\"",
                                           "\\",
                                           "\n",
                                           "\x01",
                                           "\x1f",
                                           " ",
                                           "\x7f",
                                           "\xc3\xa9",
                                           "\xe2\x82\xac",
                                           "\xf0\x9f\x98\x80",
                                           "\xc3",
                                           "\xc0\xaf",
                                           "\xed\xa0\x80",
                                           "\xf4\x90\x80\x80",
                                           "\x80",
                                           "\xff",
                                           "0123456789abcdef"};
  engine::Rng rng(11);
  int plain = 0, refused = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string text;
    const auto count = rng.below(8);
    for (std::uint32_t k = 0; k < count; ++k) {
      text += std::string(rng.below(3) == 0 ? rng.below(17) : 0, 'x');
      text += pieces[rng.below(static_cast<std::uint32_t>(pieces.size()))];
    }
    std::string expected;
    bool dump_refuses = false;
    try {
      expected = json(text).dump();
    } catch (const json::type_error&) {
      dump_refuses = true;
    }
    CHECK(engine::is_valid_utf8(text) == !dump_refuses);
    std::string written = "[";
    if (dump_refuses) {
      CHECK_THROWS_AS(engine::append_json_string(written, text), json::type_error);
      ++refused;
      continue;
    }
    engine::append_json_string(written, text);
    CHECK(written == "[" + expected);
    const bool as_is = expected == "\"" + text + "\"";
    CHECK(engine::plain_json_text(text) == as_is);
    plain += as_is ? 1 : 0;
  }
  CHECK(plain > 400);
  CHECK(refused > 400);
}

TEST_CASE("a seat's actions as text: the protocol's form of the list, verbs in name order") {
  engine::ActionList list;
  list.add("space", "ohio_forks");
  list.add("boat", "ohio_forks");
  list.add("space", "québec");
  list.add("stop");
  list.add("card", -3);
  list.add("space", "a\"b");
  protocol::ActionsText text;
  text.assign(list, undo);
  json expected = list.to_json();
  expected["undo"] = true;
  CHECK(text.text() == expected.dump());

  text.assign(engine::ActionList{});
  CHECK(text.empty());
  CHECK(text.text() == "{}");

  SUBCASE("a verb listed as a word and with arguments throws, as the JSON form does") {
    engine::ActionList both;
    both.add("stop", 1);
    constexpr std::string_view stop[] = {"stop"};
    CHECK_THROWS_AS(text.assign(both, stop), std::logic_error);
  }
}

TEST_CASE("the operations between two action lists turn the first into the second") {
  engine::Rng rng(11);
  protocol::ActionsText from, to;
  for (int i = 0; i < 2000; ++i) {
    const auto a = random_list(rng), b = random_list(rng);
    from.assign(a);
    to.assign(b, rng.below(2) ? std::span(undo) : std::span<const std::string_view>{});
    protocol::OpsText ops;
    protocol::ActionsText::diff(from, to, "/actions", ops);
    const json before = {{"actions", json::parse(from.text())}};
    const json after = {{"actions", json::parse(to.text())}};
    CHECK(before.patch(ops_json(ops)) == after);
    CHECK(ops.empty() == (before == after));
  }
}

TEST_CASE("a member's operations give way to one replacing it when that is shorter, by the exact bytes") {
  protocol::OpsText ops;
  ops.replace("/prompt", "\"Move\"");
  const std::size_t mark = ops.mark();
  ops.remove("/actions/pass");
  ops.add("/actions/space", "[\"a\",\"b\"]");
  ops.add("/actions/stop", "true");
  const std::string whole = R"({"space":["a","b"],"stop":true})";
  CHECK(ops.longer_than_replace(mark, "/actions", whole.size()));
  CHECK_FALSE(ops.longer_than_replace(mark, "/actions", 1000));
  ops.replace_since(mark, "/actions", whole);
  CHECK(ops_json(ops) == json::parse(R"([{"op":"replace","path":"/prompt","value":"Move"},
                                         {"op":"replace","path":"/actions","value":{"space":["a","b"],"stop":true}}])"));
  // The replacement's size is counted exactly: as long as itself, not longer; first or after a comma.
  CHECK_FALSE(ops.longer_than_replace(mark, "/actions", whole.size()));
  CHECK(ops.longer_than_replace(mark, "/actions", whole.size() - 1));
  protocol::OpsText first;
  first.replace("/actions", whole);
  CHECK_FALSE(first.longer_than_replace(0, "/actions", whole.size()));
  CHECK(first.longer_than_replace(0, "/actions", whole.size() - 1));
}

TEST_CASE("the operations between two action lists are those of the feed's JSON diff") {
  auto diff = [](const engine::ActionList& a, const engine::ActionList& b) {
    protocol::ActionsText from, to;
    from.assign(a);
    to.assign(b);
    protocol::OpsText ops;
    protocol::ActionsText::diff(from, to, "/actions", ops);
    return ops_json(ops);
  };
  engine::ActionList before;
  for (const char* space : {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}) before.add("space", space);
  before.add("stop");

  SUBCASE("one place changed and one gone: replaced in place, removed from the end") {
    engine::ActionList after;
    for (const char* space : {"a", "x", "c", "d", "e", "f", "g", "h", "i"}) after.add("space", space);
    after.add("stop");
    CHECK(diff(before, after) == json::parse(R"([{"op":"replace","path":"/actions/space/1","value":"x"},
      {"op":"remove","path":"/actions/space/9"}])"));
  }
  SUBCASE("two gone from the end: removed, the last first") {
    engine::ActionList after;
    for (const char* space : {"a", "b", "c", "d", "e", "f", "g", "h"}) after.add("space", space);
    after.add("stop");
    CHECK(diff(before, after) == json::parse(R"([{"op":"remove","path":"/actions/space/9"},
      {"op":"remove","path":"/actions/space/8"}])"));
  }
  SUBCASE("more than two places and an eighth of the list: replaced whole; verbs gone come first") {
    engine::ActionList after;
    after.add("boat", "a");
    for (const char* space : {"b", "c", "d"}) after.add("space", space);
    CHECK(diff(before, after) == json::parse(R"([{"op":"remove","path":"/actions/stop"},
      {"op":"add","path":"/actions/boat","value":["a"]},
      {"op":"replace","path":"/actions/space","value":["b","c","d"]}])"));
  }
  SUBCASE("a longer list: the new places added at the end") {
    engine::ActionList after = before;
    after.add("space", "k");
    CHECK(diff(before, after) == json::parse(R"([{"op":"add","path":"/actions/space/-","value":"k"}])"));
  }
  SUBCASE("the same list: nothing") { CHECK(diff(before, before).empty()); }
}

TEST_CASE("json_diff writes the operations of nlohmann's diff, in its order, byte for byte") {
  engine::Rng rng(14);
  int with_operations = 0;
  for (int i = 0; i < 3000; ++i) {
    const json from = random_value(rng, 3, true);
    const json to = rng.below(8) == 0 ? from : changed(from, rng, 3);
    protocol::OpsText ops;
    ops.json_diff(from, to, i % 2 == 0 ? std::string() : "/member");
    const json expected = json::diff(from, to, i % 2 == 0 ? std::string() : "/member");
    CAPTURE(from.dump());
    CAPTURE(to.dump());
    REQUIRE("[" + ops.elements() + "]" == expected.dump());
    if (i % 2 == 0) REQUIRE(from.patch(ops_json(ops)) == to);  // the operations at the root apply
    with_operations += expected.empty() ? 0 : 1;
  }
  CHECK(with_operations > 1500);  // most pairs differ, and in many ways
}

}  // namespace json_text_test
