// Tournaments against the real server (docs/PROTOCOL.md, "Tournaments"), with real accounts and a
// test clock: the organiser role granted with `warpath organiser`; every bad field of a new
// tournament refused with bad_tournament and the field; registration and its refusals; the
// organiser's start; each pairing a private, rated lobby listing whose sides are bid for; a round
// whose bidding and game the deadline overtakes (the bidding closed by its defaults, the game
// adjudicated by a server move that the record and `warpath verify` accept); a withdrawal that
// resigns the player's game; the standings and the FIDE report. Small Wars: Mohicans the same way,
// with balanced sides (it has nothing to bid).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <thread>

#include "tests/integration/harness.hpp"
#include "tests/integration/test_clock.hpp"

namespace tournaments_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

constexpr std::int64_t hour = 3'600'000;
constexpr std::int64_t day = 24 * hour;
constexpr std::int64_t start_ms = 1'795'392'000'000 + 10 * hour;  // 2026-11-23T10:00:00Z

std::string code_of(const HttpResponse& res) { return res.body["error"].value("code", ""); }
std::string tournament(std::int64_t id, const std::string& rest = {}) {
  return "/api/tournaments/" + std::to_string(id) + rest;
}

int organiser(Harness& h, const std::string& flag, const std::string& name) {
  const auto out = h.server().temp_dir() / "organiser.out";
  const std::string command = "'" + server_options().binary + "' organiser --db '" + h.server().db_location() + "' " +
                              flag + " '" + name + "' > '" + out.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

json swiss_body(const std::string& closes) {
  return {{"name", "Autumn Swiss"},
          {"title", "wilderness-war"},
          {"scenario", "annus_mirabilis"},
          {"options", json::object()},
          {"time_control", nullptr},
          {"sides", {{"mode", "sealed"}, {"favoured", "british"}}},
          {"format", {{"kind", "swiss"}, {"rounds", 2}}},
          {"registration_closes", closes},
          {"min_players", 3},
          {"max_players", 4},
          {"round_hours", 24}};
}

json pairing_of(const json& rounds, int round, const std::string& player) {
  for (const auto& r : rounds["rounds"])
    if (r["number"] == round)
      for (const auto& p : r["pairings"])
        for (const auto& name : p["players"])
          if (name == player) return p;
  return nullptr;
}

}  // namespace

TEST_CASE("tournaments: create as organiser, register, start, bid, adjudicate at the deadline, withdraw, TRF") {
  TestClock clock("tournaments-clock", start_ms);
  Harness h({"--test-clock", clock.path(), "--sign-ups-per-ip-per-minute", "20"});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol"), dave = sign_up(h, "dave"),
       erin = sign_up(h, "erin"), frank = sign_up(h, "frank");
  const std::string closes = "2026-11-30T00:00:00Z";

  // Only an organiser creates; the operator grants the role while the server runs.
  CHECK(alice.ok("GET", "/api/session")["account"]["organiser"] == false);
  auto res = alice.send("POST", "/api/tournaments", swiss_body(closes));
  CHECK(res.status == 403);
  CHECK(code_of(res) == "forbidden");
  CHECK(organiser(h, "--grant", "nobody") == 1);
  REQUIRE(organiser(h, "--grant", "alice") == 0);
  CHECK(alice.ok("GET", "/api/session")["account"]["organiser"] == true);

  // Every bad field: 400 bad_tournament naming it, and nothing stored.
  auto refused_field = [&](const std::function<void(json&)>& spoil) {
    json body = swiss_body(closes);
    spoil(body);
    const auto r = alice.send("POST", "/api/tournaments", body);
    CHECK_MESSAGE(r.status == 400, r.raw_body);
    CHECK(code_of(r) == "bad_tournament");
    return r.body["error"].value("field", "");
  };
  CHECK(refused_field([](json& b) { b["name"] = ""; }) == "name");
  CHECK(refused_field([](json& b) { b["title"] = "chess"; }) == "title");
  CHECK(refused_field([](json& b) { b["scenario"] = "no_such_scenario"; }) == "scenario");
  CHECK(refused_field([](json& b) { b["options"] = json::array(); }) == "options");
  CHECK(refused_field([](json& b) { b["options"] = {{"bid", {{"side", "french"}, {"vp", 1}}}}; }) == "options");
  CHECK(refused_field([](json& b) { b["time_control"] = "forever"; }) == "time_control");
  CHECK(refused_field([](json& b) { b["sides"] = {{"mode", "coin"}}; }) == "sides");
  CHECK(refused_field([](json& b) { b["sides"] = {{"mode", "auction"}, {"favoured", "french"}}; }) == "sides");
  CHECK(refused_field([](json& b) { b["format"] = {{"kind", "ladder"}}; }) == "format.kind");
  CHECK(refused_field([](json& b) { b["format"]["rounds"] = 0; }) == "format.rounds");
  CHECK(refused_field([](json& b) { b["format"]["rounds"] = 13; }) == "format.rounds");
  CHECK(refused_field([](json& b) { b["format"]["rounds"] = 3; }) == "format.rounds");  // not fewer than 3 players
  CHECK(refused_field([](json& b) {
          b["format"] = {{"kind", "round_robin"}, {"pool_size", 13}};
        }) == "format.pool_size");
  CHECK(refused_field([](json& b) {
          b["format"] = {{"kind", "swiss_elimination"}, {"rounds", 2}, {"playoff", 5}};
        }) == "format.playoff");
  CHECK(refused_field([](json& b) {
          b["format"] = {{"kind", "swiss_elimination"}, {"rounds", 2}, {"playoff", 4}};
        }) == "min_players");
  CHECK(refused_field([](json& b) {
          b["format"] = {{"kind", "elimination"}, {"mulligan", "yes"}};
        }) == "format.mulligan");
  CHECK(refused_field([](json& b) { b["min_players"] = 2; }) == "min_players");  // a Swiss needs 3
  CHECK(refused_field([](json& b) { b["max_players"] = 2; }) == "max_players");
  CHECK(refused_field([](json& b) { b["max_players"] = 129; }) == "max_players");
  CHECK(refused_field([](json& b) { b["round_hours"] = 0; }) == "round_hours");
  CHECK(refused_field([](json& b) { b["round_hours"] = 2161; }) == "round_hours");
  CHECK(refused_field([](json& b) { b["registration_closes"] = "2026-11-01T00:00:00Z"; }) == "registration_closes");
  CHECK(refused_field([](json& b) { b["registration_closes"] = "next week"; }) == "registration_closes");
  CHECK(alice.ok("GET", "/api/tournaments")["tournaments"].empty());
  CHECK(alice.send("POST", "/api/tournaments", "not an object").status == 400);

  const auto created = alice.ok("POST", "/api/tournaments", swiss_body(closes), 201);
  const std::int64_t id = created["id"];
  CHECK(created["status"] == "registration");
  CHECK(created["round"] == 0);
  CHECK(created["rounds_planned"] == 2);
  CHECK(created["organiser"] == "alice");
  CHECK(created["title_name"] == "Wilderness War");
  CHECK(created["me"]["organiser"] == true);
  CHECK(code_of(bob.send("GET", "/api/tournaments/999")) == "not_found");
  CHECK(code_of(bob.send("GET", "/api/tournaments?status=paused")) == "bad_message");

  // Registration and its refusals.
  CHECK(code_of(bob.send("POST", tournament(id, "/start"))) == "forbidden");
  CHECK(code_of(alice.send("POST", tournament(id, "/start"))) == "too_few_players");
  CHECK(code_of(bob.send("POST", tournament(id, "/withdraw"))) == "not_registered");
  for (auto* u : {&bob, &carol, &dave, &erin}) CHECK(u->ok("POST", tournament(id, "/register"))["me"]["registered"]);
  CHECK(code_of(bob.send("POST", tournament(id, "/register"))) == "already_registered");
  CHECK(code_of(frank.send("POST", tournament(id, "/register"))) == "tournament_full");
  const auto without_erin = erin.ok("POST", tournament(id, "/withdraw"));
  CHECK(without_erin["players"].size() == 3);
  CHECK(without_erin["me"]["registered"] == false);
  CHECK(code_of(bob.send("DELETE", tournament(id))) == "forbidden");
  CHECK(alice.ok("GET", "/api/tournaments?status=registration")["tournaments"][0]["players"] == 3);

  // The start: round 1 paired at once, one game (its sides bid for) and a bye.
  const auto started = alice.ok("POST", tournament(id, "/start"));
  CHECK(started["status"] == "running");
  CHECK(started["round"] == 1);
  CHECK(code_of(frank.send("POST", tournament(id, "/register"))) == "registration_closed");
  CHECK(code_of(alice.send("DELETE", tournament(id))) == "tournament_started");
  CHECK(code_of(alice.send("POST", tournament(id, "/start"))) == "tournament_started");
  auto rounds = bob.ok("GET", tournament(id, "/rounds"));
  REQUIRE(rounds["rounds"].size() == 1);
  CHECK(rounds["rounds"][0]["stage"] == "swiss");
  CHECK(rounds["rounds"][0]["name"] == "Round 1");
  REQUIRE(rounds["rounds"][0]["pairings"].size() == 2);
  json game1, bye1;
  for (const auto& p : rounds["rounds"][0]["pairings"]) (p["status"] == "bye" ? bye1 : game1) = p;
  REQUIRE(game1.is_object());
  REQUIRE(bye1.is_object());
  CHECK(bye1["result"]["how"] == "bye");
  CHECK(game1["status"] == "bidding");
  CHECK(game1["game"].is_null());
  const std::int64_t listing1 = game1["listing"];
  const std::string p1 = game1["players"][0], p2 = game1["players"][1];
  std::map<std::string, User*> users = {{"bob", &bob}, {"carol", &carol}, {"dave", &dave}};
  auto shown = users.at(p1)->ok("GET", "/api/lobby/" + std::to_string(listing1))["listing"];
  CHECK(shown["status"] == "bidding");
  CHECK(shown["private"] == true);
  CHECK(shown["rated"] == true);
  CHECK(shown["tournament"]["id"] == id);
  CHECK(shown["tournament"]["round"] == 1);
  CHECK(shown["bidding"]["state"].is_object());
  CHECK(code_of(frank.send("GET", "/api/lobby/" + std::to_string(listing1))) == "unknown_listing");

  // The deadline, after a restart (the director keeps nothing in memory): the bidding closed by
  // its defaults, the game started, then adjudicated.
  h.server().restart();
  for (auto* u : {&alice, &bob, &carol, &dave, &erin, &frank}) u->http = h.http();
  clock.advance(day + 60'000);
  REQUIRE(eventually(
      [&] {
        rounds = bob.ok("GET", tournament(id, "/rounds"));
        return rounds["rounds"].size() == 2;
      },
      150));
  const auto decided = rounds["rounds"][0]["pairings"][game1["table"].get<int>() - 1];
  CHECK(decided["status"] == "finished");
  CHECK(decided["result"]["how"] == "adjudicated");
  REQUIRE(decided["game"].is_number_integer());
  const std::int64_t game_id = decided["game"];
  const auto game = bob.ok("GET", "/api/games/" + std::to_string(game_id));
  CHECK(game["status"] == "over");
  CHECK(game["result"]["score"]["adjudicated"] == true);
  CHECK(game["tournament"]["id"] == id);
  CHECK(game["tournament"]["table"] == decided["table"]);
  // The VP marker decides; even VP is a draw, which a tournament counts as a French win (13.14).
  const int vp = game["result"]["score"]["vp"];
  const std::string french = decided["sides"]["french"], british = decided["sides"]["british"];
  CHECK(decided["result"]["winner"] == (vp < 0 ? british : french));
  CHECK(rounds["rounds"][0]["finished_at"].is_string());
  // The record holds the adjudication and `warpath verify` replays it.
  const auto record = bob.ok("GET", "/api/games/" + std::to_string(game_id) + "/record");
  CHECK(verify_record(h.server().temp_dir(), "adjudicated.json", record) == 0);

  // Round 2: a game begun (both bid), then a withdrawal resigns it.
  json game2;
  for (const auto& p : rounds["rounds"][1]["pairings"])
    if (p["status"] != "bye") game2 = p;
  REQUIRE(game2.is_object());
  const std::int64_t listing2 = game2["listing"];
  for (const auto& name : game2["players"])
    users.at(name)->ok("POST", "/api/lobby/" + std::to_string(listing2) + "/bid", {{"vp", 0}});
  rounds = bob.ok("GET", tournament(id, "/rounds"));
  const auto playing = pairing_of(rounds, 2, game2["players"][0]);
  CHECK(playing["status"] == "playing");
  REQUIRE(playing["game"].is_number_integer());
  const std::string quitter = game2["players"][0];
  const auto after = users.at(quitter)->ok("POST", tournament(id, "/withdraw"));
  CHECK(after["me"]["withdrawn"] == true);
  const auto resigned = bob.ok("GET", "/api/games/" + std::to_string(playing["game"].get<std::int64_t>()));
  CHECK(resigned["status"] == "over");
  CHECK(resigned["result"]["score"].contains("resigned"));
  REQUIRE(eventually([&] { return bob.ok("GET", tournament(id))["status"] == "finished"; }, 150));
  rounds = bob.ok("GET", tournament(id, "/rounds"));
  const auto withdrawn = pairing_of(rounds, 2, quitter);
  CHECK(withdrawn["result"]["how"] == "withdrawn");
  CHECK(withdrawn["result"]["winner"] == game2["players"][1]);

  // Standings and the report.
  const auto standings = bob.ok("GET", tournament(id, "/standings"));
  CHECK(standings["tiebreaks"] == json::array({"buchholz", "median_buchholz"}));
  REQUIRE(standings["rows"].size() == 3);
  double total = 0;
  for (const auto& row : standings["rows"]) total += row["score"].get<double>();
  CHECK(total == 4.0);  // two games and two byes
  CHECK(standings["rows"][0]["rank"] == 1);
  const auto trf = bob.send("GET", tournament(id, "/trf"));
  CHECK(trf.status == 200);
  CHECK(trf.content_type.starts_with("text/plain"));
  CHECK(trf.headers.at("content-disposition") == "attachment; filename=\"tournament-" + std::to_string(id) + ".trf\"");
  CHECK(trf.raw_body.starts_with("012 Autumn Swiss"));
  CHECK(trf.raw_body.find("001    1") != std::string::npos);
  CHECK(alice.ok("GET", "/api/tournaments?status=finished")["tournaments"][0]["id"] == id);
}

TEST_CASE("tournaments: cancelled at the close of registration with too few players, or by the organiser") {
  TestClock clock("tournaments-clock", start_ms);
  Harness h({"--test-clock", clock.path()});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob");
  REQUIRE(organiser(h, "--grant", "alice") == 0);
  const std::int64_t first = alice.ok("POST", "/api/tournaments", swiss_body("2026-11-24T00:00:00Z"), 201)["id"];
  const std::int64_t second = alice.ok("POST", "/api/tournaments", swiss_body("2026-11-30T00:00:00Z"), 201)["id"];
  bob.ok("POST", tournament(first, "/register"));
  clock.advance(day);
  REQUIRE(eventually([&] { return bob.ok("GET", tournament(first))["status"] == "cancelled"; }, 150));
  CHECK(bob.ok("GET", tournament(second))["status"] == "registration");
  CHECK(alice.ok("DELETE", tournament(second))["status"] == "cancelled");
  CHECK(code_of(bob.send("POST", tournament(second, "/register"))) == "registration_closed");
  REQUIRE(organiser(h, "--revoke", "alice") == 0);
  CHECK(code_of(alice.send("POST", "/api/tournaments", swiss_body("2026-11-30T00:00:00Z"))) == "forbidden");
}

// Alice organises, four others play; a test clock.
struct FourPlayers {
  TestClock clock{"tournaments-clock", start_ms};
  Harness h{{"--test-clock", clock.path(), "--sign-ups-per-ip-per-minute", "20"}};
  User alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol"), dave = sign_up(h, "dave"),
       erin = sign_up(h, "erin");
  std::map<std::string, User*> users = {{"bob", &bob}, {"carol", &carol}, {"dave", &dave}, {"erin", &erin}};
  FourPlayers() { REQUIRE(organiser(h, "--grant", "alice") == 0); }
  void register_all(std::int64_t id) {
    for (auto& [name, u] : users) u->ok("POST", tournament(id, "/register"));
  }
};

TEST_CASE_FIXTURE(
    FourPlayers,
    "tournaments: balanced sides start each game at once; a resignation decides; elimination to its final") {
  json body = swiss_body("2026-11-30T00:00:00Z");
  body["sides"] = {{"mode", "balanced"}};
  body["format"] = {{"kind", "elimination"}, {"mulligan", false}};
  body["min_players"] = 2;
  const std::int64_t id = alice.ok("POST", "/api/tournaments", body, 201)["id"];
  register_all(id);
  const auto started = alice.ok("POST", tournament(id, "/start"));
  CHECK(started["rounds_planned"] == 2);
  auto rounds = bob.ok("GET", tournament(id, "/rounds"));
  REQUIRE(rounds["rounds"].size() == 1);
  CHECK(rounds["rounds"][0]["name"] == "Semi-final");
  CHECK(rounds["rounds"][0]["stage"] == "elimination");
  std::vector<std::string> finalists;
  for (const auto& p : rounds["rounds"][0]["pairings"]) {
    CHECK(p["status"] == "playing");
    REQUIRE(p["game"].is_number_integer());
    // A pairing's listing is private (it is nobody else's to join), but the tournament's games are
    // anyone's to watch: the organiser, who does not play, watches each one and finds it listed.
    const std::string watched = "/api/games/" + std::to_string(p["game"].get<std::int64_t>());
    CHECK(alice.send("GET", watched + "/view").status == 200);
    CHECK_NOTHROW(alice.seat(h)->join(p["game"].get<std::int64_t>(), "spectator"));
    CHECK(
        h.http().get("/api/games").body.dump().find("\"id\":" + std::to_string(p["game"].get<std::int64_t>()) + ",") !=
        std::string::npos);
    CHECK(p["sides"]["french"] == p["players"][0]);  // the better seed takes the first seat
    const std::string loser = p["sides"]["british"];
    finalists.push_back(p["sides"]["french"]);
    users.at(loser)->ok("POST", "/api/games/" + std::to_string(p["game"].get<std::int64_t>()) + "/resign",
                        json::object());
  }
  REQUIRE(eventually(
      [&] {
        rounds = bob.ok("GET", tournament(id, "/rounds"));
        return rounds["rounds"].size() == 2;
      },
      150));
  for (const auto& p : rounds["rounds"][0]["pairings"]) {
    CHECK(p["result"]["how"] == "resigned");
    CHECK(p["result"]["winner"] == p["sides"]["french"]);
  }
  const auto final = rounds["rounds"][1];
  CHECK(final["name"] == "Final");
  REQUIRE(final["pairings"].size() == 1);
  std::vector<std::string> in_final = final["pairings"][0]["players"];
  std::sort(in_final.begin(), in_final.end());
  std::sort(finalists.begin(), finalists.end());
  CHECK(in_final == finalists);
  clock.advance(day + 60'000);  // the final is adjudicated at its deadline
  REQUIRE(eventually([&] { return bob.ok("GET", tournament(id))["status"] == "finished"; }, 150));
  const auto standings = bob.ok("GET", tournament(id, "/standings"));
  REQUIRE(standings["rows"].size() == 4);
  CHECK(standings["rows"][0]["rank"] == 1);
  CHECK(standings["rows"][0]["eliminated"] == false);
  CHECK(standings["rows"][1]["rank"] == 2);
  CHECK(standings["rows"][2]["rank"] == 3);
  CHECK(standings["rows"][3]["rank"] == 3);
  CHECK(standings["rows"][3]["eliminated"] == true);
  rounds = bob.ok("GET", tournament(id, "/rounds"));
  CHECK(rounds["rounds"][1]["pairings"][0]["result"]["how"] == "adjudicated");
  CHECK(rounds["rounds"][1]["pairings"][0]["result"]["winner"] == standings["rows"][0]["name"]);
}

TEST_CASE_FIXTURE(FourPlayers,
                  "tournaments: Small Wars: Mohicans from the same lobby, sides balanced, games played, decided and "
                  "rated") {
  json body = swiss_body("2026-11-30T00:00:00Z");
  body["name"] = "Mohicans Swiss";
  body["title"] = "mohicans";
  body["scenario"] = "campaign";
  // Mohicans has no victory points to bid: its sides are balanced or nothing.
  const auto bid = alice.send("POST", "/api/tournaments", body);
  CHECK(bid.status == 400);
  CHECK(code_of(bid) == "bad_tournament");
  CHECK(bid.body["error"]["field"] == "sides");
  body["sides"] = {{"mode", "balanced"}};
  body["scenario"] = "annus_mirabilis";
  CHECK(alice.send("POST", "/api/tournaments", body).body["error"]["field"] == "scenario");
  body["scenario"] = "campaign";
  const auto created = alice.ok("POST", "/api/tournaments", body, 201);
  CHECK(created["title_name"] == "Small Wars: Mohicans");
  const std::int64_t id = created["id"];
  register_all(id);
  alice.ok("POST", tournament(id, "/start"));

  auto rounds = bob.ok("GET", tournament(id, "/rounds"));
  REQUIRE(rounds["rounds"].size() == 1);
  REQUIRE(rounds["rounds"][0]["pairings"].size() == 2);
  std::map<std::string, std::string> first_sides;  // player -> the side played in round 1
  std::mt19937 rng(7);
  bool first = true;
  for (const auto& p : rounds["rounds"][0]["pairings"]) {
    CHECK(p["status"] == "playing");
    REQUIRE(p["game"].is_number_integer());
    const std::int64_t game = p["game"];
    const std::string french = p["sides"]["french"], british = p["sides"]["british"];
    first_sides[french] = "french";
    first_sides[british] = "british";
    // The pairing's game is a Mohicans game at its set-up: the French place their Coureurs.
    auto seat = users.at(french)->seat(h);
    seat->join(game, "french");
    CHECK(seat->view().value("stage", "") == "setup_coureur");
    if (first) {  // one game is played for a while, then resigned by the side to move
      std::string to_move = "french";
      for (int i = 0; i < 4 && to_move == "french"; ++i) {
        const auto choice = random_action(seat->view()["actions"], rng, 0.0);
        REQUIRE(choice);
        REQUIRE(SeatClient::accepted(seat->act(choice->verb, choice->arg)));
        to_move = active_role(seat->view());
      }
      CHECK(seat->view()["actions"].is_object());
      users.at(french)->ok("POST", "/api/games/" + std::to_string(game) + "/resign", json::object());
    } else {
      users.at(british)->ok("POST", "/api/games/" + std::to_string(game) + "/resign", json::object());
    }
    first = false;
  }
  REQUIRE(eventually(
      [&] {
        rounds = bob.ok("GET", tournament(id, "/rounds"));
        return rounds["rounds"].size() == 2;
      },
      150));
  for (const auto& p : rounds["rounds"][0]["pairings"]) CHECK(p["result"]["how"] == "resigned");
  // Balanced sides: in round 2 each player takes the side he did not have in round 1.
  for (const auto& p : rounds["rounds"][1]["pairings"]) {
    CHECK(p["status"] == "playing");
    CHECK(first_sides.at(p["sides"]["french"]) == "british");
    CHECK(first_sides.at(p["sides"]["british"]) == "french");
  }
  clock.advance(day + 60'000);  // round 2 is adjudicated at its deadline: as the position stands
  REQUIRE(eventually([&] { return bob.ok("GET", tournament(id))["status"] == "finished"; }, 150));
  rounds = bob.ok("GET", tournament(id, "/rounds"));
  for (const auto& p : rounds["rounds"][1]["pairings"]) {
    CHECK(p["result"]["how"] == "adjudicated");
    CHECK(p["result"]["winner"] == p["sides"]["french"]);  // the French deny the British their objectives
  }
  const auto standings = bob.ok("GET", tournament(id, "/standings"));
  CHECK(standings["rows"].size() == 4);
  // The four games are rated in Mohicans' own ratings, apart from Wilderness War's: each player's
  // two (the ratings come a scheduler's look after the games end).
  auto rated_twice = [&] {
    const auto board = alice.ok("GET", "/api/ratings/mohicans");
    return board["players"].size() == 4 && std::all_of(board["players"].begin(), board["players"].end(),
                                                       [](const json& row) { return row["games"] == 2; });
  };
  CHECK(eventually(rated_twice, 150));
  CHECK(alice.ok("GET", "/api/ratings/wilderness-war")["players"].empty());
}

}  // namespace tournaments_test
