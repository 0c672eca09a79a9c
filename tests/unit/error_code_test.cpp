// The protocol's error codes (protocol/error_code.hpp): the enum's table against the JSON Schemas
// that document them, transport by transport, and the HTTP statuses the description promises.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "protocol/error_code.hpp"

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

}  // namespace error_code_test
