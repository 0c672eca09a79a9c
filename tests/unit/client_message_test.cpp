#include <doctest/doctest.h>

#include <string>

#include "protocol/client_message.hpp"

namespace client_message_test {

using namespace warpath::protocol;

namespace {
std::string error_code(std::string_view frame) {
  auto parsed = parse_client_message(frame);
  auto* error = std::get_if<ProtocolError>(&parsed);
  return error ? std::string(to_string(error->code)) : "none";
}
template <typename T>
T parse_as(std::string_view frame) {
  auto parsed = parse_client_message(frame);
  REQUIRE(std::holds_alternative<ClientMessage>(parsed));
  REQUIRE(std::holds_alternative<T>(std::get<ClientMessage>(parsed)));
  return std::get<T>(std::get<ClientMessage>(parsed));
}
}  // namespace

TEST_CASE("every message type parses with its fields") {
  CHECK(parse_as<Hello>(R"({"type":"hello","token":"abc"})").token == "abc");
  const auto join = parse_as<Join>(R"({"type":"join","game":4,"seat":"red","token":"t"})");
  CHECK(join.game == 4);
  CHECK(join.seat == "red");
  CHECK_FALSE(join.version);
  CHECK(parse_as<Join>(R"({"type":"join","game":4,"seat":"red","version":12,"ref":"j"})").version == 12u);
  const auto action =
      parse_as<ActionRequest>(R"({"type":"action","game":4,"version":7,"verb":"card","arg":12,"ref":"r1"})");
  CHECK(action.version == 7);
  CHECK(action.action.verb == "card");
  CHECK(action.action.arg == 12);
  CHECK(action.ref == "r1");
  CHECK(parse_as<ActionRequest>(R"({"type":"action","game":4,"version":7,"verb":"pass"})").action.arg.is_null());
  CHECK(parse_as<UndoRequest>(R"({"type":"undo","game":4,"version":7})").version == 7);
  CHECK(parse_as<Resync>(R"({"type":"resync","game":4,"version":2})").version == 2);
  CHECK(parse_as<Chat>(R"({"type":"chat","game":4,"text":"gg"})").text == "gg");
  CHECK(parse_as<Ping>(R"({"type":"ping","ref":"p"})").ref == "p");
  CHECK(parse_as<Leave>(R"({"type":"leave","game":9})").game == 9);
}

TEST_CASE("bad input gets a precise error code") {
  CHECK(error_code("{not json") == "invalid_json");
  CHECK(error_code("[1,2]") == "bad_message");
  CHECK(error_code(R"({"game":1})") == "bad_message");
  CHECK(error_code(R"({"type":"dance"})") == "unknown_type");
  CHECK(error_code("\xFF\xFE") == "invalid_utf8");
  CHECK(error_code(std::string(100, '[') + std::string(100, ']')) == "too_deep");
  CHECK(error_code(std::string(70 * 1024, ' ')) == "frame_too_large");
  CHECK(error_code(R"({"type":"join","game":"x","seat":"red"})") == "bad_message");
  CHECK(error_code(R"({"type":"join","game":0,"seat":"red"})") == "bad_message");
  CHECK(error_code(R"({"type":"action","game":1,"version":-1,"verb":"pass"})") == "bad_message");
  CHECK(error_code(R"({"type":"action","game":1,"version":0,"verb":"card","arg":{"x":1}})") == "malformed");
  CHECK(error_code(R"({"type":"action","game":1,"version":0})") == "bad_message");
  CHECK(error_code(R"({"type":"chat","game":1,"text":""})") == "bad_message");
  CHECK(error_code(R"({"type":"chat","game":1,"text":")" + std::string(1001, 'x') + "\"}") == "bad_message");
  std::string thousand_accents;
  for (int i = 0; i < 1000; ++i) thousand_accents += "\xC3\xA9";
  CHECK(error_code(R"({"type":"chat","game":1,"text":")" + thousand_accents + "\"}") == "none");
  CHECK(error_code(R"({"type":"action","game":1,"version":0,"verb":"x","arg":"\ud800"})") == "invalid_json");
}

TEST_CASE("the ref of a refused message is echoed when readable") {
  auto parsed = parse_client_message(R"({"type":"action","game":1,"ref":"abc"})");
  REQUIRE(std::holds_alternative<ProtocolError>(parsed));
  CHECK(std::get<ProtocolError>(parsed).ref == "abc");
}

}  // namespace client_message_test
