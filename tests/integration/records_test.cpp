// Game records over HTTP and `warpath verify` run as a user would: the seed's commitment is public
// from the start and the seed is not, the record of a running game verifies its chain, the record
// of a finished game (here ended by a resignation) verifies through the rules, and the same file
// with one action changed is rejected.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "tests/integration/harness.hpp"

namespace records_test {

using namespace warpath::test;
using nlohmann::json;

namespace {}  // namespace

TEST_CASE("records: the seed is committed to at the start and revealed at the end; warpath verify checks") {
  Harness h;
  const CreatedGame game = h.create_game("standard", 31);
  auto http = h.http();
  const auto status = h.http_status(game.id);
  REQUIRE(status["seed_commitment"].is_string());
  CHECK(status["seed_commitment"].get<std::string>().size() == 64);
  CHECK_FALSE(status.contains("seed"));

  auto red = h.join(game, "red");
  auto blue = h.join(game, "blue");
  std::mt19937 rng(3);
  for (int i = 0; i < 12; ++i) {
    auto& actor = red->view()["active"] == "red" ? *red : *blue;
    const auto choice = random_action(actor.view()["actions"], rng, 0.0);
    if (!choice) break;
    const auto before = actor.version();
    actor.send_action(choice->verb, choice->arg);
    actor.wait_for_version(before + 1);
    red->wait_for_version(before + 1);
    blue->wait_for_version(before + 1);
  }
  const auto running = http.get("/api/games/" + std::to_string(game.id) + "/record");
  REQUIRE(running.status == 200);
  CHECK(running.headers.at("content-disposition").find("attachment") != std::string::npos);
  CHECK_FALSE(running.body.contains("seed"));
  CHECK_FALSE(running.body["moves"][0].contains("arg"));  // what was chosen, only at the end
  CHECK(running.body["seed_commitment"] == status["seed_commitment"]);
  CHECK(running.body["moves"].size() == red->version());
  const auto dir = h.server().temp_dir();
  CHECK(verify_record(dir, "running.json", running.body) == 0);

  // A resignation ends it: now the seed is in the record, and the whole game checks.
  const auto before = blue->version();
  blue->send_action("resign");
  blue->wait_for_version(before + 1);
  const auto over = http.get("/api/games/" + std::to_string(game.id) + "/record");
  REQUIRE(over.status == 200);
  REQUIRE(over.body["seed"].is_string());
  CHECK(over.body["moves"][0].contains("verb"));
  CHECK(over.body["result"]["winner"] == "red");
  CHECK(verify_record(dir, "over.json", over.body) == 0);

  json tampered = over.body;
  tampered["moves"][0]["arg"] = tampered["moves"][0]["arg"].is_null() ? json("x") : json();
  CHECK(verify_record(dir, "tampered.json", tampered) == 1);
  CHECK(http.get("/api/games/999/record").status == 404);
}

}  // namespace records_test
