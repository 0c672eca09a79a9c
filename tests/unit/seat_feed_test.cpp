#include <doctest/doctest.h>

#include "engine/core/hash.hpp"
#include "protocol/seat_feed.hpp"

using namespace warpath::protocol;
using nlohmann::json;

TEST_CASE("a seat feed produces chained patches and catches clients up") {
  SeatFeed feed(7, "red", {{"n", 0}}, 10);
  std::vector<json> frames;
  for (int v = 11; v <= 15; ++v)
    frames.push_back(json::parse(*feed.advance({{"n", v}}, static_cast<std::uint64_t>(v))));
  CHECK(frames[0]["type"] == "patch");
  CHECK(frames[0]["from"] == 10);
  CHECK(frames[0]["to"] == 11);
  CHECK(frames[0]["hash"] == warpath::engine::json_hash({{"n", 11}}));

  auto missed = feed.catch_up(12);
  REQUIRE(missed);
  REQUIRE(missed->size() == 3);
  json view = {{"n", 12}};
  for (const auto& f : *missed) view = view.patch(json::parse(*f)["ops"]);
  CHECK(view == feed.view());

  CHECK(feed.catch_up(15)->empty());
  CHECK_FALSE(feed.catch_up(16));  // from the future: snapshot
  const json snap = json::parse(*feed.snapshot());
  CHECK(snap["type"] == "snapshot");
  CHECK(snap["version"] == 15);
  CHECK(snap["view"] == feed.view());
}

TEST_CASE("a client older than the kept history gets a snapshot") {
  SeatFeed feed(1, "blue", {{"n", 0}}, 0);
  for (std::uint64_t v = 1; v <= 200; ++v) feed.advance({{"n", v}}, v);
  CHECK_FALSE(feed.catch_up(3));
  CHECK(feed.catch_up(199)->size() == 1);
}
