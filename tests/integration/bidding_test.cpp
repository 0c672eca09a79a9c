// Sides by bidding for lobby games (Wilderness War 13.3 and 14.7) against the real server, with
// real accounts and a test clock: sealed bids hidden from the opponent, a spectator and the open
// list until both are in; the game started with the outcome's seats and the VP marker moved by the
// bid; an auction with its roll-off, raises and acceptance; deadlines that bid 0 or accept, also
// across a restart; bad bids refused with their codes and changing nothing; `warpath verify`
// replaying the bidding from the record's seed.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/integration/harness.hpp"
#include "tests/integration/test_clock.hpp"

namespace bidding_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

constexpr std::int64_t hour = 3'600'000;
constexpr std::int64_t day = 24 * hour;
constexpr std::int64_t start_ms = 1'795'392'000'000 + 10 * hour;

std::string code_of(const HttpResponse& res) { return res.body["error"].value("code", ""); }
std::string lobby(std::int64_t id, const std::string& rest = {}) { return "/api/lobby/" + std::to_string(id) + rest; }
std::string game(std::int64_t id, const std::string& rest) { return "/api/games/" + std::to_string(id) + rest; }

json propose(User& owner, const json& bidding, const json& extra = json::object()) {
  json body = {{"title", "wilderness-war"}, {"scenario", "early_war_campaign"}, {"bidding", bidding}};
  body.update(extra);
  return owner.ok("POST", "/api/lobby", body, 201)["listing"];
}

json listing_of(User& user, std::int64_t id) { return user.ok("GET", lobby(id))["listing"]; }

// The VP marker of the started game, as a player's view shows it (positive: French lead).
int vp_of(User& player, std::int64_t g) {
  const auto res = player.send("GET", game(g, "/view"));
  REQUIRE_MESSAGE(res.status == 200, res.raw_body);
  return res.body.at("view").at("vp").get<int>();
}

std::filesystem::path record_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("warpath-bidding-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("bidding: sealed bids hidden until both are in; the game starts with the bid's seats and VP; verify") {
  TestClock clock("bidding-clock", start_ms);
  Harness h({"--test-clock", clock.path()});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol");

  // Creation: the title must take a bid, the sides are not chosen, the bid option is the bidding's.
  const json sealed_french = {{"mode", "sealed"}, {"favoured", "french"}};
  auto refused = [&](const json& body) {
    const auto res = alice.send("POST", "/api/lobby", body);
    CHECK(res.status == 400);
    return code_of(res);
  };
  CHECK(refused({{"title", "test-duel"}, {"bidding", {{"mode", "sealed"}}}}) == "bad_message");
  CHECK(refused({{"title", "wilderness-war"}, {"bidding", {{"mode", "blind"}}}}) == "bad_message");
  CHECK(refused({{"title", "wilderness-war"}, {"bidding", {{"mode", "sealed"}, {"favoured", "dutch"}}}}) ==
        "bad_message");
  CHECK(refused({{"title", "wilderness-war"}, {"bidding", {{"mode", "auction"}, {"favoured", "french"}}}}) ==
        "bad_message");
  CHECK(refused({{"title", "wilderness-war"}, {"bidding", sealed_french}, {"seat", "french"}}) == "bad_message");
  CHECK(refused({{"title", "wilderness-war"},
                 {"bidding", sealed_french},
                 {"options", {{"bid", {{"side", "french"}, {"vp", 1}}}}}}) == "bad_message");

  const auto listing = propose(alice, sealed_french);
  const std::int64_t id = listing["id"];
  CHECK(listing["bidding"]["mode"] == "sealed");
  CHECK(listing["bidding"]["state"].is_null());
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), {{"vp", 1}})) == "bidding_closed");  // nobody to bid against

  CHECK(code_of(bob.send("POST", lobby(id, "/join"), {{"seat", "british"}})) == "bad_message");
  auto joined = bob.ok("POST", lobby(id, "/join"), json::object())["listing"];
  CHECK(joined["status"] == "bidding");
  CHECK(joined["game"].is_null());
  CHECK(joined["bidding"]["state"]["to_act"] == json::array({0, 1}));
  CHECK(joined["bidding"]["state"]["you"] == 1);
  const std::string commitment = joined["bidding"]["state"]["seed_commitment"];
  CHECK(commitment.size() == 64);
  // Full and bidding: not in the open list, nobody else joins, the owner no longer cancels.
  CHECK(carol.ok("GET", "/api/lobby?title=wilderness-war")["listings"].empty());
  CHECK(code_of(carol.send("POST", lobby(id, "/join"), json::object())) == "listing_closed");
  CHECK(code_of(alice.send("DELETE", lobby(id))) == "listing_closed");

  // Bad bids: refused with their codes, and nothing changes.
  CHECK(code_of(carol.send("POST", lobby(id, "/bid"), {{"vp", 1}})) == "forbidden");
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), {{"vp", 2.5}})) == "bad_bid");
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), {{"vp", "2"}})) == "bad_bid");
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), json::object())) == "bad_bid");
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), {{"vp", -1}})) == "bad_bid");
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), {{"vp", 11}})) == "bad_bid");
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), {{"vp", 1}, {"side", "british"}})) == "bad_bid");
  CHECK(code_of(alice.send("POST", lobby(id, "/accept"))) == "bad_bid");
  CHECK(listing_of(alice, id)["bidding"]["state"]["acts"].empty());

  // Alice's sealed bid: hers to read; to Bob and Carol only "received".
  const auto mine = alice.ok("POST", lobby(id, "/bid"), {{"vp", 2}})["listing"];
  CHECK(mine["bidding"]["state"]["acts"][0]["vp"] == 2);
  CHECK(mine["bidding"]["state"]["to_act"] == json::array({1}));
  for (User* other : {&bob, &carol}) {
    const auto res = other->send("GET", lobby(id));
    REQUIRE(res.status == 200);
    const auto& acts = res.body["listing"]["bidding"]["state"]["acts"];
    REQUIRE(acts.size() == 1);
    CHECK(acts[0] == json{{"player", 0}, {"kind", "sealed"}, {"received", true}});
    CHECK(res.raw_body.find("\"vp\":2") == std::string::npos);
  }
  CHECK(bob.ok("GET", "/api/my/games")["listings"][0]["bidding"]["state"]["acts"][0].contains("vp") == false);
  CHECK(code_of(alice.send("POST", lobby(id, "/bid"), {{"vp", 3}})) == "not_your_bid");
  CHECK(listing_of(alice, id)["bidding"]["state"]["acts"][0]["vp"] == 2);

  // Bob's lower bid ends it: Alice plays the French, Bob the British with 2 VP (13.3).
  const auto started = bob.ok("POST", lobby(id, "/bid"), {{"vp", 1}})["listing"];
  CHECK(started["status"] == "started");
  REQUIRE(started["game"].is_number_integer());
  const std::int64_t g = started["game"];
  CHECK(role_of(started, "alice") == "french");
  CHECK(role_of(started, "bob") == "british");
  CHECK(started["bidding"]["state"]["acts"][1]["vp"] == 1);
  CHECK(started["bidding"]["state"]["outcome"]["bid"] == json{{"side", "british"}, {"vp", 2}});
  CHECK(vp_of(bob, g) == -2);  // early_war_campaign starts at 0; the marker moved 2 toward the British
  CHECK(code_of(bob.send("POST", lobby(id, "/bid"), {{"vp", 4}})) == "bidding_closed");
  // The game itself tells anyone how its sides were settled: both bids and the outcome.
  const auto info = h.http().get(game(g, ""));
  REQUIRE(info.status == 200);
  CHECK(info.body["bidding"]["mode"] == "sealed");
  CHECK(info.body["bidding"]["state"]["acts"].size() == 2);
  CHECK(info.body["bidding"]["state"]["acts"][0]["vp"] == 2);
  CHECK(info.body["bidding"]["state"]["outcome"]["bid"] == json{{"side", "british"}, {"vp", 2}});

  // The record: the game's seed is the one committed to when the bidding began.
  const auto running = h.http().get(game(g, "/record"));
  REQUIRE(running.status == 200);
  CHECK(running.body["seed_commitment"] == commitment);
  CHECK(running.body["options"]["bid"] == json{{"side", "british"}, {"vp", 2}});
  CHECK(running.body["bidding"]["acts"].size() == 2);
  alice.ok("POST", game(g, "/resign"));
  const auto over = h.http().get(game(g, "/record"));
  REQUIRE(over.status == 200);
  const auto dir = record_dir("sealed");
  CHECK(verify_record(dir, "over.json", over.body) == 0);
  json tampered = over.body;
  tampered["bidding"]["acts"][1]["vp"] = 3;  // Bob outbid: the seats would be the other way round
  CHECK(verify_record(dir, "tampered.json", tampered) == 1);
  std::filesystem::remove_all(dir);
}

TEST_CASE("bidding: an auction (14.7) with its roll-off, raises and acceptance") {
  TestClock clock("bidding-clock", start_ms);
  Harness h({"--test-clock", clock.path()});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob");
  const std::int64_t id = propose(alice, {{"mode", "auction"}})["id"];
  const auto state = bob.ok("POST", lobby(id, "/join"), json::object())["listing"]["bidding"]["state"];
  const auto rolls = state["rolls"];
  REQUIRE(rolls.size() >= 2);
  const int opener = state["opener"];
  CHECK(opener == (rolls[rolls.size() - 2].get<int>() > rolls.back().get<int>() ? 0 : 1));
  User& first = opener == 0 ? alice : bob;
  User& second = opener == 0 ? bob : alice;

  CHECK(code_of(second.send("POST", lobby(id, "/bid"), {{"vp", 1}, {"side", "french"}})) == "not_your_bid");
  CHECK(code_of(first.send("POST", lobby(id, "/accept"))) == "bad_bid");            // nothing to accept
  CHECK(code_of(first.send("POST", lobby(id, "/bid"), {{"vp", 1}})) == "bad_bid");  // names no side
  first.ok("POST", lobby(id, "/bid"), {{"vp", 1}, {"side", "british"}});
  CHECK(code_of(first.send("POST", lobby(id, "/bid"), {{"vp", 2}})) == "not_your_bid");
  CHECK(code_of(second.send("POST", lobby(id, "/bid"), {{"vp", 1}})) == "bad_bid");  // not above
  CHECK(code_of(second.send("POST", lobby(id, "/bid"), {{"vp", 2}, {"side", "french"}})) == "bad_bid");
  const auto raised = second.ok("POST", lobby(id, "/bid"), {{"vp", 2}})["listing"]["bidding"]["state"];
  CHECK(raised["standing"]["vp"] == 2);
  CHECK(raised["standing"]["side"] == "british");
  first.ok("POST", lobby(id, "/bid"), {{"vp", 3}});
  const auto started = second.ok("POST", lobby(id, "/accept"))["listing"];
  REQUIRE(started["status"] == "started");
  const std::int64_t g = started["game"];
  CHECK(role_of(started, first.name) == "british");
  CHECK(role_of(started, second.name) == "french");
  CHECK(vp_of(first, g) == 3);  // the accepted 3 VP go to the French, the side not bidding

  alice.ok("POST", game(g, "/resign"));
  const auto dir = record_dir("auction");
  CHECK(verify_record(dir, "auction.json", h.http().get(game(g, "/record")).body) == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("bidding: deadlines bid 0 or accept, while the server runs and after a restart") {
  TestClock clock("bidding-clock", start_ms);
  Harness h({"--test-clock", clock.path()});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob");

  // Sealed, untimed (7 days), the side named by the bids: Bob never bids.
  const std::int64_t sealed = propose(alice, {{"mode", "sealed"}})["id"];
  bob.ok("POST", lobby(sealed, "/join"), json::object());
  alice.ok("POST", lobby(sealed, "/bid"), {{"vp", 3}, {"side", "french"}});
  clock.advance(7 * day - hour);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(listing_of(alice, sealed)["status"] == "bidding");
  clock.advance(2 * hour);
  CHECK(eventually([&] { return listing_of(alice, sealed)["status"] == "started"; }));
  const auto done = listing_of(bob, sealed);
  CHECK(role_of(done, "alice") == "french");
  CHECK(role_of(done, "bob") == "british");
  CHECK(done["bidding"]["state"]["acts"][1]["default"] == true);
  CHECK(vp_of(bob, done["game"]) == -3);

  // An auction with a time control of 4 hours a move: the opener's silence is a bid of 0 for the
  // first seat, the other's an acceptance; the second deadline passes while the server is down.
  const std::int64_t auction = propose(alice, {{"mode", "auction"}}, {{"time_control", "7_per_day"}})["id"];
  const int opener = bob.ok("POST", lobby(auction, "/join"), json::object())["listing"]["bidding"]["state"]["opener"];
  clock.advance(4 * hour + 60'000);
  CHECK(eventually([&] { return listing_of(alice, auction)["bidding"]["state"]["acts"].size() == 1; }));
  const auto standing = listing_of(alice, auction)["bidding"]["state"]["standing"];
  CHECK(standing["vp"] == 0);
  CHECK(standing["side"] == "french");
  CHECK(standing["default"] == true);
  h.server().kill9();
  clock.advance(4 * hour + 60'000);
  h.server().restart();
  alice.http = h.http();  // the restarted server listens on a port of its own
  bob.http = h.http();
  CHECK(eventually([&] { return listing_of(alice, auction)["status"] == "started"; }));
  const auto after = listing_of(alice, auction);
  CHECK(role_of(after, opener == 0 ? "alice" : "bob") == "french");
  CHECK(after["bidding"]["state"]["outcome"]["bid"] == json{{"side", "british"}, {"vp", 0}});
}

}  // namespace bidding_test
