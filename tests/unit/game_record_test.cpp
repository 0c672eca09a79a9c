// Game records (server/records/game_record.hpp): the records of 200 random finished games (every
// move chosen among the listed actions and played through the legality check) verify; one action,
// one time, the seed or one hash changed is each caught; a record of a running game withholds its
// seed and what each move chose, and verifies its chain by the moves' digests.
#include <doctest/doctest.h>

#include <random>

#include "engine/core/match.hpp"
#include "engine/core/registry.hpp"
#include "server/records/game_record.hpp"
#include "tests/test_game/duel.hpp"

namespace game_record_test {

using namespace warpath;
using namespace warpath::server::records;
using nlohmann::json;

namespace {

struct Registry {
  engine::GameRegistry games;
  Registry() { games.add(testgame::make_duel()); }
};

// A random game of Duel played to its end (or `max_moves`), as a record's source.
RecordSource random_game(const engine::GameModule& duel, std::uint64_t seed, std::size_t max_moves = 10000) {
  RecordSource s;
  s.game = static_cast<std::int64_t>(seed);
  s.title = duel.info().title_id;
  s.rules = "warpath test";
  s.scenario = seed % 2 ? "short" : "standard";
  s.created = "2026-11-24T08:00:00.000Z";
  s.seed = seed * 7919;
  s.seed_nonce = "nonce-" + std::to_string(seed);
  s.seed_commitment = seed_commitment(s.seed, s.seed_nonce);
  auto match = engine::Match::start(duel, s.scenario, s.options, s.seed);
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  while (!match.is_over() && s.moves.size() < max_moves) {
    const auto roles = match.active_roles();
    REQUIRE_FALSE(roles.empty());
    const auto& role = roles.front();
    const auto& listed = match.listed_actions(role);
    REQUIRE_FALSE(listed.empty());
    const auto action = listed[std::uniform_int_distribution<std::size_t>(0, listed.size() - 1)(rng)].to_action();
    REQUIRE_FALSE(match.play(role, action));
    char time[64];
    std::snprintf(time, sizeof time, "2026-11-24T%02zu:%02zu:00.000Z", 8 + s.moves.size() / 60, s.moves.size() % 60);
    s.moves.push_back({match.version(), role, action.verb, action.arg, time});
  }
  s.over = match.is_over();
  if (s.over) s.result = match.result()->to_json();
  return s;
}

// The record with its chain made good again after an edit (what a forger would do).
json rechained(json record) {
  std::string link = chain_start(record);
  for (auto& move : record["moves"]) {
    move["digest"] = move_digest(move);
    link = chain_link(link, move["digest"]);
    move["hash"] = link;
  }
  record["chain_head"] = link;
  return record;
}

bool mentions(const Verdict& v, const std::string& text) {
  for (const auto& p : v.problems)
    if (p.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("the records of 200 random finished games verify, the rules checked") {
  Registry r;
  const auto& duel = *r.games.find("test-duel");
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const auto record = build_record(random_game(duel, seed));
    REQUIRE(record["seed"].is_string());
    const auto verdict = verify_record(record, r.games);
    CHECK_MESSAGE(verdict.ok, "seed ", seed, ": ", verdict.to_json().dump());
    CHECK(verdict.rules_checked);
  }
}

TEST_CASE("one action changed is caught by the chain, and by the rules when the chain is forged") {
  Registry r;
  auto record = build_record(random_game(*r.games.find("test-duel"), 11));
  REQUIRE(record["moves"].size() > 4);
  auto& move = record["moves"][3];
  move["verb"] = move["verb"] == "pass" ? "roll" : "pass";
  move["arg"] = nullptr;
  const auto chained = verify_record(record, r.games);
  CHECK_FALSE(chained.ok);
  CHECK(mentions(chained, "move 4: its content does not match its digest"));
  CHECK(mentions(chained, "move 4: its hash does not follow the chain"));
  const auto forged = verify_record(rechained(record), r.games);
  CHECK_FALSE(forged.ok);
  CHECK((mentions(forged, "refused by the rules") || mentions(forged, "not to the recorded result")));
}

TEST_CASE("one time changed is caught") {
  Registry r;
  auto record = build_record(random_game(*r.games.find("test-duel"), 12));
  record["moves"][2]["time"] = "2026-11-24T08:02:30.000Z";
  const auto v = verify_record(record, r.games);
  CHECK_FALSE(v.ok);
  CHECK(mentions(v, "move 3: its hash does not follow the chain"));
  // Forged chain: an earlier time than the move before is still caught.
  record["moves"][2]["time"] = "2026-11-24T07:00:00.000Z";
  CHECK(mentions(verify_record(rechained(record), r.games), "dated before"));
}

TEST_CASE("the seed changed is caught by its commitment") {
  Registry r;
  auto record = build_record(random_game(*r.games.find("test-duel"), 13));
  record["seed"] = std::to_string(std::stoull(record["seed"].get<std::string>()) + 1);
  const auto v = verify_record(record, r.games);
  CHECK_FALSE(v.ok);
  CHECK(mentions(v, "do not match the commitment"));
  CHECK_FALSE(v.rules_checked);
}

TEST_CASE("one hash changed is caught") {
  Registry r;
  auto record = build_record(random_game(*r.games.find("test-duel"), 14));
  auto& hash = record["moves"][1]["hash"];
  std::string h = hash;
  h[0] = h[0] == '0' ? '1' : '0';
  hash = h;
  const auto v = verify_record(record, r.games);
  CHECK_FALSE(v.ok);
  CHECK(mentions(v, "move 2: its hash does not follow the chain"));
}

TEST_CASE("a running game's record hides its seed and verifies its chain only") {
  Registry r;
  auto source = random_game(*r.games.find("test-duel"), 15, 5);
  REQUIRE_FALSE(source.over);
  const auto record = build_record(source);
  CHECK_FALSE(record.contains("seed"));
  CHECK_FALSE(record.contains("seed_nonce"));
  // Nor what was chosen: a choice from a hidden hand may have been taken back unseen.
  for (const auto& move : record["moves"]) {
    CHECK_FALSE(move.contains("verb"));
    CHECK_FALSE(move.contains("arg"));
    CHECK(move["digest"].is_string());
  }
  const auto v = verify_record(record, r.games);
  CHECK(v.ok);
  CHECK_FALSE(v.rules_checked);
  // A finished game whose record withholds the seed does not verify.
  auto finished = build_record(random_game(*r.games.find("test-duel"), 16));
  finished.erase("seed");
  CHECK(mentions(verify_record(finished, r.games), "seed is not revealed"));
}

}  // namespace game_record_test
