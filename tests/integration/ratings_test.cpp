// Ratings on the real server: accounts play rated lobby games to the end (by resigning), and each
// is rated within a few of the scheduler's looks, with the figures a RatingBook computes from the
// same results in the same order (a Wilderness War game with a bid among them); an unrated
// listing's game changes nothing; a server killed right after a game ended rates it once after
// the restart; `warpath ratings --recompute` on the stopped database reproduces every figure; the
// player route, the listings and the leaderboard show them; the fair-bid hint of a bidding is the
// one the ratings give.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

#include "server/storage/database.hpp"
#include "server/tournaments/ratings.hpp"
#include "tests/integration/harness.hpp"
#include "tests/integration/test_clock.hpp"

namespace ratings_test {

using namespace warpath::test;
using nlohmann::json;
namespace t = warpath::server::tournaments;

namespace {

constexpr std::int64_t start_ms = 1'795'392'000'000;

std::string lobby(std::int64_t id, const std::string& rest = {}) { return "/api/lobby/" + std::to_string(id) + rest; }
std::string game(std::int64_t id, const std::string& rest) { return "/api/games/" + std::to_string(id) + rest; }

// A rated (or not) game of `title` proposed by `owner` in `seat` and joined by `other`; its id.
std::int64_t started(User& owner, User& other, const std::string& title, const std::string& scenario,
                     const std::string& seat, bool rated) {
  const auto listing =
      owner.ok("POST", "/api/lobby", {{"title", title}, {"scenario", scenario}, {"seat", seat}, {"rated", rated}},
               201)["listing"];
  CHECK(listing["rated"] == rated);
  const auto joined = other.ok("POST", lobby(listing["id"], "/join"), json::object())["listing"];
  REQUIRE(joined["game"].is_number_integer());
  return joined["game"];
}

// Rated games so far, from the database (beside the running server).
std::int64_t rated_count(Harness& h) {
  warpath::server::storage::Connection db(h.server().db_location());
  auto q = db.prepare("SELECT COUNT(*), COUNT(DISTINCT game_id), COALESCE(MAX(seq), 0) FROM rated_games");
  REQUIRE(q.step());
  const auto rows = q.column_int(0), games = q.column_int(1), top = q.column_int(2);
  CHECK(rows == games);  // nothing rated twice
  CHECK(top == rows);    // seq 1..n: nothing skipped
  return rows;
}

// Every current rating in the database: "title account rating deviation volatility games", and
// every rated game's seq and figures, sorted.
std::vector<std::string> stored_ratings(const std::string& location) {
  warpath::server::storage::Connection db(location);
  std::vector<std::string> rows;
  auto ratings = db.prepare(
      "SELECT title, a.name, rating, deviation, volatility, games FROM ratings JOIN accounts a ON a.id = account_id");
  while (ratings.step()) {
    char figures[128];
    std::snprintf(figures, sizeof figures, "%.12f %.12f %.12f", ratings.column_double(2), ratings.column_double(3),
                  ratings.column_double(4));
    rows.push_back(ratings.column_text(0) + " " + ratings.column_text(1) + " " + figures + " " +
                   std::to_string(ratings.column_int(5)));
  }
  auto games = db.prepare("SELECT seq, first_before, second_before, first_after, second_after FROM rated_games");
  while (games.step())
    rows.push_back(std::to_string(games.column_int(0)) + games.column_text(1) + games.column_text(2) +
                   games.column_text(3) + games.column_text(4));
  std::sort(rows.begin(), rows.end());
  return rows;
}

// `warpath ratings ARGS`: its exit code and output.
std::pair<int, std::string> ratings_command(const std::string& args) {
  const std::string command = "'" + server_options().binary + "' ratings " + args + " 2>&1";
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe);
  char buffer[4096];
  while (const auto n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// A player's rating in a title from GET /api/players/{name} (null: none).
json rating_of(User& asker, const std::string& name, const std::string& title) {
  const auto player = asker.ok("GET", "/api/players/" + name);
  for (const auto& r : player["ratings"])
    if (r["title"] == title) return r;
  return nullptr;
}

double tenth(double x) { return std::round(x * 10) / 10; }

}  // namespace

TEST_CASE("ratings: rated games rated as they end, in order, once, also across a kill; recompute; shown") {
  TestClock clock("ratings-clock", start_ms);
  Harness h({"--test-clock", clock.path()});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob"), carol = sign_up(h, "carol");
  std::map<std::string, std::int64_t> id;
  for (auto* u : {&alice, &bob, &carol}) id[u->name] = u->ok("GET", "/api/session")["account"]["id"];

  CHECK(alice.ok("GET", "/api/ratings/test-duel")["players"].empty());
  CHECK(alice.send("GET", "/api/ratings/no-such-title").body["error"]["code"] == "unknown_title");
  CHECK(alice.send("GET", "/api/ratings/test-duel?limit=0").body["error"]["code"] == "bad_message");
  CHECK(alice.send("POST", "/api/ratings/test-duel").status == 405);

  // The results as the server should rate them, in order.
  t::RatingBook book;
  auto expect = [&](t::GameRecord record) { REQUIRE(std::holds_alternative<t::RatingChange>(book.apply(record))); };

  // 1. Duel, rated: alice (red) resigns, bob wins.
  const auto g1 = started(alice, bob, "test-duel", "standard", "red", true);
  alice.ok("POST", game(g1, "/resign"));
  expect({"test-duel", "standard", id["alice"], id["bob"], std::nullopt, t::Outcome::second_wins});
  // 2. Duel, not rated: carol resigns to alice. 3. Wilderness War, rated: bob (British) resigns.
  const auto g2 = started(carol, alice, "test-duel", "standard", "red", false);
  carol.ok("POST", game(g2, "/resign"));
  const auto g3 = started(alice, bob, "wilderness-war", "annus_mirabilis", "french", true);
  bob.ok("POST", game(g3, "/resign"));
  expect({"wilderness-war", "annus_mirabilis", id["alice"], id["bob"], std::nullopt, t::Outcome::first_wins});
  REQUIRE(eventually([&] { return rated_count(h) == 2; }, 150));
  CHECK(rating_of(carol, "carol", "test-duel").is_null());  // the unrated game changed nothing
  const auto bobs = rating_of(carol, "bob", "test-duel");
  REQUIRE(bobs.is_object());
  CHECK(bobs["title_name"] == "Duel (platform test game)");
  CHECK(bobs["games"] == 1);
  CHECK(bobs["rating"] == tenth(book.rating("test-duel", id["bob"]).rating));
  CHECK(bobs["deviation"] == tenth(book.rating("test-duel", id["bob"]).deviation));
  REQUIRE(bobs["recent"].size() == 1);
  CHECK(bobs["recent"][0]["game"] == g1);
  CHECK(bobs["recent"][0]["opponent"] == "alice");
  CHECK(bobs["recent"][0]["side"] == "blue");
  CHECK(bobs["recent"][0]["outcome"] == "win");
  CHECK(bobs["recent"][0]["before"] == 1500);
  CHECK(bobs["recent"][0]["after"] == bobs["rating"]);

  // 4. Wilderness War with sealed bids: once both are in, the fair-bid hint of the ratings.
  const auto proposed = alice.ok("POST", "/api/lobby",
                                 {{"title", "wilderness-war"},
                                  {"scenario", "annus_mirabilis"},
                                  {"rated", true},
                                  {"bidding", {{"mode", "sealed"}, {"favoured", "french"}}}},
                                 201)["listing"];
  const std::int64_t listing = proposed["id"];
  CHECK(proposed["players"][0]["rating"] == std::lround(book.rating("wilderness-war", id["alice"]).rating));
  CHECK(proposed["bidding"]["state"].is_null());
  const auto bidding = bob.ok("POST", lobby(listing, "/join"), json::object())["listing"]["bidding"]["state"];
  const auto hint = bidding["fair_bid"];
  REQUIRE_MESSAGE(hint.is_object(), bidding.dump());
  const auto side = book.side("wilderness-war", "annus_mirabilis");
  const auto fair =
      t::fair_bid(book.rating("wilderness-war", id["alice"]), book.rating("wilderness-war", id["bob"]), side);
  REQUIRE(fair.bid);  // alice won the only game: she should give the British VP
  CHECK(fair.bid->favours == t::Seat::second);
  CHECK(hint["side"] == "british");
  CHECK(hint["vp"] == std::min(fair.bid->vp, 10));
  CHECK(hint["seats"] == json::parse(R"([{"role": "french", "name": "alice"}, {"role": "british", "name": "bob"}])"));
  CHECK(std::abs(hint["first_score"].get<double>() - fair.first_score) < 1e-3);
  CHECK(hint["swapped"]["seats"] ==
        json::parse(R"([{"role": "french", "name": "bob"}, {"role": "british", "name": "alice"}])"));
  CHECK(hint["swapped"]["side"] == "french");
  CHECK(alice.ok("GET", lobby(listing))["listing"]["bidding"]["state"]["fair_bid"] == hint);  // the same to all

  // Alice outbids Bob: she plays the French, the British get 2 VP (13.3). She resigns at once,
  // and the server is killed right away, perhaps before it rated the game.
  alice.ok("POST", lobby(listing, "/bid"), {{"vp", 2}});
  const auto begun = bob.ok("POST", lobby(listing, "/bid"), {{"vp", 1}})["listing"];
  REQUIRE(begun["game"].is_number_integer());
  const std::int64_t g4 = begun["game"];
  CHECK(begun["bidding"]["state"]["fair_bid"].is_null());  // over: no hint any more
  alice.ok("POST", game(g4, "/resign"));
  expect({"wilderness-war", "annus_mirabilis", id["alice"], id["bob"], t::Bid{t::Seat::second, 2},
          t::Outcome::second_wins});
  h.server().kill9();
  h.server().restart();
  for (auto* u : {&alice, &bob, &carol}) u->http = h.http();
  REQUIRE(eventually([&] { return rated_count(h) == 3; }, 150));

  // 5. Duel, rated, after the restart: carol (red) beats bob.
  const auto g5 = started(carol, bob, "test-duel", "standard", "red", true);
  bob.ok("POST", game(g5, "/resign"));
  expect({"test-duel", "standard", id["carol"], id["bob"], std::nullopt, t::Outcome::first_wins});
  REQUIRE(eventually([&] { return rated_count(h) == 4; }, 150));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // a few more looks: still four
  CHECK(rated_count(h) == 4);

  // Every figure is the book's.
  for (const auto& [title, players] : std::map<std::string, std::vector<std::string>>{
           {"test-duel", {"alice", "bob", "carol"}}, {"wilderness-war", {"alice", "bob"}}}) {
    for (const auto& name : players) {
      const auto shown = rating_of(alice, name, title);
      REQUIRE_MESSAGE(shown.is_object(), name, " ", title);
      const auto want = book.rating(title, id[name]);
      CHECK(shown["rating"] == tenth(want.rating));
      CHECK(shown["games"] == want.games);
    }
  }
  const auto ww = rating_of(bob, "bob", "wilderness-war");
  REQUIRE(ww["recent"].size() == 2);
  CHECK(ww["recent"][0]["game"] == g4);
  CHECK(ww["recent"][0]["side"] == "british");
  CHECK(ww["recent"][0]["outcome"] == "win");
  CHECK(ww["recent"][1]["outcome"] == "loss");
  CHECK(ww["recent"][0]["before"] == ww["recent"][1]["after"]);

  // The leaderboard and a listing's names.
  const auto board = carol.ok("GET", "/api/ratings/test-duel?limit=2");
  CHECK(board["title_name"] == "Duel (platform test game)");
  REQUIRE(board["players"].size() == 2);
  std::vector<std::pair<double, std::string>> order;
  for (const auto* name : {"alice", "bob", "carol"})
    order.emplace_back(-book.rating("test-duel", id[name]).rating, name);
  std::sort(order.begin(), order.end());
  CHECK(board["players"][0]["rank"] == 1);
  CHECK(board["players"][0]["name"] == order[0].second);
  CHECK(board["players"][1]["name"] == order[1].second);
  CHECK(board["players"][0]["rating"] == tenth(-order[0].first));
  CHECK(carol.ok("GET", "/api/ratings/test-duel")["players"].size() == 3);
  const auto open = carol.ok("POST", "/api/lobby", {{"title", "test-duel"}, {"scenario", "standard"}}, 201)["listing"];
  CHECK(open["players"][0]["rating"] == std::lround(book.rating("test-duel", id["carol"]).rating));

  // The stopped database: `warpath ratings` prints the table, --recompute reproduces every figure.
  const auto live = stored_ratings(h.server().db_location());
  CHECK(live.size() == 5 + 4);
  REQUIRE(h.server().stop() == 0);
  const std::string db = "--db '" + h.server().db_location() + "'";
  const auto [shown_status, table] = ratings_command(db + " --title test-duel");
  CHECK(shown_status == 0);
  CHECK(table.find("carol") != std::string::npos);
  CHECK(table.find("wilderness-war") == std::string::npos);
  const auto [status, summary] = ratings_command(db + " --recompute");
  CHECK(status == 0);
  CHECK_MESSAGE(summary.find("recomputed 4 rated game(s): 5 rating(s) of players, 0 game(s) with changed figures") !=
                    std::string::npos,
                summary);
  CHECK(stored_ratings(h.server().db_location()) == live);
  CHECK(ratings_command("--db /nonexistent/warpath.db").first == 2);
  CHECK(ratings_command(db + " --recompute --title test-duel").first == 2);
}

}  // namespace ratings_test
