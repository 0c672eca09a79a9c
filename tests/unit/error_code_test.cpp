// The protocol's error codes (protocol/error_code.hpp): the enum's table against the JSON Schemas
// that document them, transport by transport, and the HTTP statuses the description promises.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "protocol/error_code.hpp"
#include "protocol/server_message.hpp"
#include "server/api/http_api.hpp"
#include "tests/unit/schema_checker.hpp"

namespace error_code_test {

using namespace warpath::protocol;
using nlohmann::json;

namespace {

json read_schema(const std::string& relative) {
  std::ifstream in(std::string(WARPATH_SCHEMA_DIR) + "/" + relative);
  REQUIRE(in.good());
  return json::parse(in);
}

std::set<std::string> codes_where(bool ErrorCodeInfo::*transport) {
  std::set<std::string> out;
  for (const auto& row : error_codes())
    if (row.*transport) out.insert(std::string(row.name));
  return out;
}

}  // namespace

TEST_CASE("every WebSocket error code is in the error frame's schema, and only those") {
  const json schema = read_schema("protocol/server/error.json");
  const auto listed = schema.at("$defs").at("errorCode").at("enum").get<std::set<std::string>>();
  CHECK(listed == codes_where(&ErrorCodeInfo::websocket));
}

TEST_CASE("every HTTP error code is in the HTTP error body's schema, and only those") {
  const json schema = read_schema("protocol/http/error.json");
  const auto listed =
      schema.at("properties").at("error").at("properties").at("code").at("enum").get<std::set<std::string>>();
  CHECK(listed == codes_where(&ErrorCodeInfo::http));
}

TEST_CASE("error codes have one name each, are found by name and carry their HTTP status") {
  std::set<std::string> names;
  for (const auto& row : error_codes()) {
    CHECK(names.insert(std::string(row.name)).second);
    CHECK(error_code_named(row.name) == row.code);
    // Every code refuses (4xx, 5xx) except moved, a redirect to the node that serves the game.
    if (row.code == ErrorCode::moved)
      CHECK(row.http_status == 307);
    else
      CHECK(row.http_status >= 400);
    CHECK(row.http_status < 600);
    CHECK((row.websocket || row.http));
  }
  CHECK_FALSE(error_code_named("no_such_code").has_value());
  CHECK(http_status(ErrorCode::bad_token) == 401);
  CHECK(http_status(ErrorCode::forbidden_origin) == 403);
  CHECK(http_status(ErrorCode::unknown_game) == 404);
  CHECK(http_status(ErrorCode::stale_version) == 409);
  CHECK(http_status(ErrorCode::rate_limited) == 429);
  CHECK(http_status(ErrorCode::storage_error) == 503);
  CHECK(http_status(ErrorCode::bad_tournament) == 400);
  for (const auto code : {ErrorCode::registration_closed, ErrorCode::tournament_full, ErrorCode::already_registered,
                          ErrorCode::not_registered, ErrorCode::too_few_players, ErrorCode::tournament_started})
    CHECK(http_status(code) == 409);
  CHECK(from_engine(warpath::engine::ErrorCode::illegal_action) == ErrorCode::illegal_action);
  CHECK(from_engine(warpath::engine::ErrorCode::undo_not_allowed) == ErrorCode::undo_not_allowed);
}

TEST_CASE("moved is a 307 sent over both transports") {
  const auto& row = info(ErrorCode::moved);
  CHECK(row.name == "moved");
  CHECK(row.http_status == 307);
  CHECK(row.websocket);
  CHECK(row.http);
}

TEST_CASE("a moved error frame names the node and the wait, and conforms to the error frame's schema") {
  const warpath::test::SchemaChecker checker(read_schema("protocol/server/error.json"));
  const json frame = json::parse(*moved_message(12, "b", 4500, "r1"));
  CHECK(checker.check(frame).empty());
  CHECK(frame["type"] == "error");
  CHECK(frame["code"] == "moved");
  CHECK(frame["game"] == 12);
  CHECK(frame["node"] == "b");
  CHECK(frame["retry_after_ms"] == 4500);
  CHECK(frame["ref"] == "r1");
  // A lease that has run out already: no negative wait.
  const json late = json::parse(*moved_message(3, "node-7", -20));
  CHECK(checker.check(late).empty());
  CHECK(late["retry_after_ms"] == 0);
  CHECK(late["ref"] == "");
  // The checker does catch a member the schema does not have.
  json extra = frame;
  extra["lease"] = 1;
  CHECK_FALSE(checker.check(extra).empty());
}

TEST_CASE("a moved HTTP answer is 307 to /node/<node> plus the request's target, with a conforming body") {
  namespace http = boost::beast::http;
  const warpath::test::SchemaChecker checker(read_schema("protocol/http/error.json"));
  warpath::server::HttpRequest request{http::verb::post, "/api/games/12/actions?x=1", 11};
  const auto response = warpath::server::moved_response(request, "b", 1200);
  CHECK(response.result_int() == 307);
  CHECK(response[http::field::location] == "/node/b/api/games/12/actions?x=1");
  const json body = json::parse(response.body());
  CHECK(checker.check(body).empty());
  CHECK(body["error"]["code"] == "moved");
  CHECK(body["error"]["node"] == "b");
  CHECK(body["error"]["retry_after_ms"] == 1200);
  // A node id that is not one clean path segment is escaped.
  warpath::server::HttpRequest view{http::verb::get, "/api/games/3/view", 11};
  CHECK(warpath::server::moved_response(view, "x/y z", 0)[http::field::location] == "/node/x%2Fy%20z/api/games/3/view");
}

}  // namespace error_code_test
