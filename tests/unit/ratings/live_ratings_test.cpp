// Ratings on the server: what a finished game counts as (server/ratings/rated_result.hpp: seats,
// winner, resignation, draw and tournament draw, bid) and the rating of finished rated games as
// stored (rating_store.hpp, rating_service.hpp, schema/012_ratings.sql): only games of rated
// listings, once each, in the order they ended, with the figures a RatingBook gives for the same
// results; a game that cannot be rated noted once; the same after a restart; a write out of order
// or twice refused; a recompute that puts back what the stored results say.
#include <doctest/doctest.h>

#include "server/ratings/rated_result.hpp"
#include "server/ratings/rating_service.hpp"
#include "server/ratings/rating_store.hpp"
#include "server/storage/database.hpp"
#include "server/storage/lobby_store.hpp"
#include "tests/support/stored_account.hpp"
#include "tests/support/temp_db.hpp"
#include "tests/test_game/duel.hpp"

namespace live_ratings_test {

using namespace warpath::server;
using namespace warpath::server::ratings;
using nlohmann::json;
using tournaments::Bid;
using tournaments::GameRecord;
using tournaments::Outcome;
using tournaments::Seat;
using warpath::test::commit_and_wait;
using warpath::test::stored_account;
using warpath::test::TempDb;

namespace {

FinishedGame ww_game(const json& winner) {
  FinishedGame g;
  g.title = "wilderness-war";
  g.scenario = "annus_mirabilis";
  g.roles = {"french", "british"};
  g.bid_option = "bid";
  g.tournament_draw_winner = "french";
  g.result = {{"winner", winner}, {"summary", "over"}};
  g.seats = {{"british", 7}, {"french", 3}};
  return g;
}

GameRecord rated(const FinishedGame& g) {
  auto r = rated_result(g);
  REQUIRE_MESSAGE(std::holds_alternative<GameRecord>(r), std::get<NotRated>(r).reason);
  return std::get<GameRecord>(r);
}

std::string not_rated(const FinishedGame& g) {
  auto r = rated_result(g);
  REQUIRE(std::holds_alternative<NotRated>(r));
  return std::get<NotRated>(r).reason;
}

}  // namespace

TEST_CASE("rated result: the first role is the first seat, the winner gives the outcome, 13.14 in tournaments") {
  auto french_win = rated(ww_game("french"));
  CHECK(french_win.title == "wilderness-war");
  CHECK(french_win.scenario == "annus_mirabilis");
  CHECK(french_win.first == 3);  // the French player, whatever the order of the seats
  CHECK(french_win.second == 7);
  CHECK(french_win.outcome == Outcome::first_wins);
  CHECK_FALSE(french_win.bid);
  CHECK(rated(ww_game("british")).outcome == Outcome::second_wins);

  // A resignation or a timeout is a result with a winner: a loss for the other.
  auto resigned = ww_game("british");
  resigned.result["summary"] = "The French resigned.";
  CHECK(rated(resigned).outcome == Outcome::second_wins);

  // A draw: a draw in a casual game, a French win in a tournament (13.14).
  auto drawn = ww_game(nullptr);
  CHECK(rated(drawn).outcome == Outcome::draw);
  drawn.tournament = true;
  CHECK(rated(drawn).outcome == Outcome::first_wins);
  drawn.tournament_draw_winner = "british";
  CHECK(rated(drawn).outcome == Outcome::second_wins);
  drawn.tournament_draw_winner.reset();  // a title without one: a draw stays a draw
  CHECK(rated(drawn).outcome == Outcome::draw);
}

TEST_CASE("rated result: the bid favours the seat of its side; games that are not rated say why") {
  auto g = ww_game("french");
  g.options = {{"bid", {{"side", "british"}, {"vp", 2}}}};
  CHECK(rated(g).bid == Bid{Seat::second, 2});
  g.options = {{"bid", {{"side", "french"}, {"vp", 1}}}};
  CHECK(rated(g).bid == Bid{Seat::first, 1});
  g.options = {{"bid", nullptr}};
  CHECK_FALSE(rated(g).bid);
  g.options = {{"bid", {{"side", "british"}, {"vp", 0}}}};
  CHECK_FALSE(rated(g).bid);
  g.bid_option.reset();  // a title without bids ignores the option
  g.options = {{"bid", {{"side", "british"}, {"vp", 3}}}};
  CHECK_FALSE(rated(g).bid);
  g.bid_option = "bid";
  CHECK(not_rated([&] {
          auto bad = g;
          bad.options = {{"bid", {{"side", "dutch"}, {"vp", 3}}}};
          return bad;
        }()) == "the bid's side is not one of the title's roles");
  CHECK(not_rated([&] {
          auto bad = g;
          bad.options = {{"bid", {{"side", "british"}, {"vp", "3"}}}};
          return bad;
        }())
            .find("bid") != std::string::npos);

  auto same = ww_game("french");
  same.seats = {{"french", 3}, {"british", 3}};
  CHECK(not_rated(same) == "one account plays both seats");
  auto missing = ww_game("french");
  missing.seats = {{"french", 3}};
  CHECK(not_rated(missing) == "a seat has no account");
  auto three = ww_game("french");
  three.roles.push_back("indians");
  CHECK(not_rated(three) == "the title does not have two seats");
  auto odd_winner = ww_game("dutch");
  CHECK(not_rated(odd_winner) == "the winner is not one of the title's roles");
  auto no_result = ww_game("french");
  no_result.result = nullptr;
  CHECK(not_rated(no_result) == "the game has no result");
}

namespace {

storage::NewGame duel_game() {
  return {"test-duel",          "standard", json::object(), 7,
          json::array({"red"}), "nonce",    "commitment",   {{"red", "r"}, {"blue", "b"}},
          std::nullopt,         "test"};
}

// A listing of Duel between `red` and `blue`, started; its game.
storage::GameId started_game(storage::CommitQueue& q, std::int64_t red, std::int64_t blue, bool is_rated) {
  auto id = std::make_shared<storage::ListingId>(0);
  storage::NewListing listing{red,   "test-duel",  "standard",   json::object(), is_rated, false,
                              "red", std::nullopt, std::nullopt, nullptr,        nullptr};
  commit_and_wait(q, storage::LobbyStore::create_listing(listing, "2026-11-24T08:00:00Z", 1000, {}, id));
  auto joined = std::make_shared<storage::ListingChange>();
  commit_and_wait(
      q, storage::LobbyStore::join_listing(*id, blue, std::nullopt, 1, duel_game(), {{"red", red}, {"blue", blue}},
                                           "2026-11-24T08:01:00Z", 1060, {}, joined));
  REQUIRE(joined->game);
  return *joined->game;
}

void end_game(const std::string& path, storage::GameId game, const json& winner, const std::string& at) {
  storage::Connection db(path);
  auto q = db.prepare("UPDATE games SET status = 'over', result = ?, updated_at = ? WHERE id = ?");
  q.bind(1, json{{"winner", winner}, {"summary", "over"}}.dump()).bind(2, at).bind(3, game);
  q.run();
}

std::int64_t count(const std::string& path, const std::string& sql) {
  storage::Connection db(path);
  auto q = db.prepare(sql);
  q.step();
  return q.column_int(0);
}

struct Duel {
  warpath::engine::GameRegistry games;
  Duel() { games.add(warpath::testgame::make_duel()); }
};

}  // namespace

TEST_CASE("rating service: rated listings' games rated once each in the order they ended, also after a restart") {
  TempDb tmp;
  storage::CommitQueue q(tmp.path());
  Duel duel;
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob"), carol = stored_account(q, "carol");
  const auto first = started_game(q, alice, bob, true);
  const auto second = started_game(q, carol, alice, true);
  const auto casual = started_game(q, bob, carol, false);
  const auto playing = started_game(q, bob, carol, true);
  // The second ends before the first: the ending, not the id, gives the order.
  end_game(tmp.path(), first, "red", "2026-11-25T10:00:00.000Z");
  end_game(tmp.path(), second, "blue", "2026-11-25T09:00:00.000Z");
  end_game(tmp.path(), casual, "red", "2026-11-25T08:00:00.000Z");

  RatingService service(tmp.path(), q, duel.games);
  service.load();
  CHECK(service.rating("test-duel", alice).games == 0);
  CHECK(service.work() == 2);
  CHECK(service.work() == 0);  // nothing rated twice

  const auto stored = service.store().rated_games();
  REQUIRE(stored.size() == 2);
  CHECK(stored[0].seq == 1);
  CHECK(stored[0].game == second);
  CHECK(stored[0].ended_at == "2026-11-25T09:00:00.000Z");
  CHECK(stored[1].game == first);
  CHECK(count(tmp.path(), "SELECT COUNT(*) FROM rated_games WHERE game_id = " + std::to_string(casual)) == 0);
  CHECK(count(tmp.path(), "SELECT COUNT(*) FROM rated_games WHERE game_id = " + std::to_string(playing)) == 0);

  // The figures are a RatingBook's for the same results in the same order.
  tournaments::RatingBook book;
  REQUIRE(std::holds_alternative<tournaments::RatingChange>(
      book.apply({"test-duel", "standard", carol, alice, std::nullopt, Outcome::second_wins})));
  REQUIRE(std::holds_alternative<tournaments::RatingChange>(
      book.apply({"test-duel", "standard", alice, bob, std::nullopt, Outcome::first_wins})));
  for (const auto account : {alice, bob, carol})
    CHECK(service.rating("test-duel", account) == book.rating("test-duel", account));
  CHECK(stored[1].change.first_before == book.changes()[1].first_before);
  CHECK(stored[1].change.first_after == book.changes()[1].first_after);
  const auto ratings = service.store().account_ratings(alice);
  REQUIRE(ratings.size() == 1);
  CHECK(ratings[0].rating == book.rating("test-duel", alice));
  CHECK(ratings[0].updated_at == "2026-11-25T10:00:00.000Z");

  // A player's recent games, newest first, and the leaderboard.
  const auto recent = service.store().recent(alice, "test-duel", 10);
  REQUIRE(recent.size() == 2);
  CHECK(recent[0].game == first);
  CHECK(recent[0].opponent == "bob");
  CHECK(recent[0].seat == Seat::first);
  CHECK(recent[0].score == 1);
  CHECK(recent[1].opponent == "carol");
  CHECK(recent[1].seat == Seat::second);
  CHECK(recent[1].before.rating == 1500);
  CHECK(recent[0].before == recent[1].after);
  const auto board = service.store().leaderboard("test-duel", 10);
  REQUIRE(board.size() == 3);
  CHECK(board[0].name == "alice");
  CHECK(board[0].rating.rating > board[1].rating.rating);
  CHECK(service.store().leaderboard("test-duel", 1).size() == 1);
  CHECK(service.store().leaderboard("wilderness-war", 10).empty());

  // A write out of order or of a game rated already changes nothing.
  {
    std::promise<std::optional<std::string>> done;
    q.submit(RatingStore::record(2, playing, "2026-11-25T11:00:00.000Z", book.changes()[0]),
             [&](std::optional<std::string> e) { done.set_value(e); });
    CHECK(done.get_future().get());
    std::promise<std::optional<std::string>> again;
    q.submit(RatingStore::record(3, first, "2026-11-25T11:00:00.000Z", book.changes()[0]),
             [&](std::optional<std::string> e) { again.set_value(e); });
    CHECK(again.get_future().get());
    CHECK(count(tmp.path(), "SELECT COUNT(*) FROM rated_games") == 2);
  }

  // A game whose seats are one account is noted, once, and left alone.
  {
    storage::Connection db(tmp.path());
    db.exec("UPDATE game_players SET account_id = " + std::to_string(bob) +
            " WHERE game_id = " + std::to_string(playing));
  }
  end_game(tmp.path(), playing, nullptr, "2026-11-25T12:00:00.000Z");
  CHECK(service.work() == 0);
  CHECK(count(tmp.path(), "SELECT COUNT(*) FROM unrated_games WHERE reason = 'one account plays both seats'") == 1);
  CHECK(service.store().pending("", 10).empty());

  // A restart rebuilds the same book and rates nothing again; the next game follows on.
  RatingService restarted(tmp.path(), q, duel.games);
  restarted.load();
  for (const auto account : {alice, bob, carol})
    CHECK(restarted.rating("test-duel", account) == book.rating("test-duel", account));
  CHECK(restarted.work() == 0);
  const auto later = started_game(q, bob, carol, true);
  end_game(tmp.path(), later, nullptr, "2026-11-25T13:00:00.000Z");
  CHECK(restarted.work() == 1);
  REQUIRE(std::holds_alternative<tournaments::RatingChange>(
      book.apply({"test-duel", "standard", bob, carol, std::nullopt, Outcome::draw})));
  CHECK(restarted.rating("test-duel", carol) == book.rating("test-duel", carol));
  CHECK(restarted.side("test-duel", "standard") == book.side("test-duel", "standard"));
  CHECK(count(tmp.path(), "SELECT MAX(seq) FROM rated_games") == 3);

  // A look reads only the games ended since a margin before the newest one handled: one stamped a
  // little before it but committed after it is still rated.
  const auto late = started_game(q, alice, carol, true);
  end_game(tmp.path(), late, nullptr, "2026-11-25T12:58:00.000Z");
  CHECK(restarted.store().pending("2026-11-25T12:59:00.000Z", 10).empty());
  CHECK(restarted.store().pending("2026-11-25T12:58:00.000Z", 10).size() == 1);
  CHECK(restarted.work() == 1);
  CHECK(count(tmp.path(), "SELECT MAX(seq) FROM rated_games") == 4);
}

TEST_CASE("rating service: another node's book follows the games this one rates, and takes over rating") {
  TempDb tmp;
  storage::CommitQueue q(tmp.path());
  Duel duel;
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob");
  // Two nodes' services on one database; `rating` runs the scheduler, `other` serves pages.
  RatingService rating(tmp.path(), q, duel.games), other(tmp.path(), q, duel.games);
  rating.load();
  other.load();
  const auto first = started_game(q, alice, bob, true);
  end_game(tmp.path(), first, "red", "2026-11-25T10:00:00.000Z");
  REQUIRE(rating.work() == 1);
  CHECK(rating.rating("test-duel", alice).games == 1);
  CHECK(other.rating("test-duel", alice).games == 0);  // stale until told
  CHECK(other.catch_up() == 1);
  CHECK(other.rating("test-duel", alice) == rating.rating("test-duel", alice));
  CHECK(other.side("test-duel", "standard") == rating.side("test-duel", "standard"));
  CHECK(other.catch_up() == 0);

  // The scheduler moves to the other node while the first one goes on without being told: each
  // look starts by catching up, so both rate on from the stored games.
  const auto second = started_game(q, bob, alice, true);
  end_game(tmp.path(), second, "blue", "2026-11-25T11:00:00.000Z");
  REQUIRE(rating.work() == 1);
  const auto third = started_game(q, alice, bob, true);
  end_game(tmp.path(), third, nullptr, "2026-11-25T12:00:00.000Z");
  CHECK(other.work() == 1);  // caught up with the second first: seq 3 follows
  CHECK(count(tmp.path(), "SELECT MAX(seq) FROM rated_games") == 3);
  CHECK(rating.catch_up() == 1);
  for (const auto account : {alice, bob})
    CHECK(rating.rating("test-duel", account) == other.rating("test-duel", account));
}

TEST_CASE("recompute: the ratings and each rated game's figures rebuilt from the stored results") {
  TempDb tmp;
  Duel duel;
  std::vector<std::int64_t> players;
  {
    storage::CommitQueue q(tmp.path());
    for (const auto* name : {"ann", "ben", "cat", "dan"}) players.push_back(stored_account(q, name));
    for (int i = 0; i < 6; ++i) {
      const auto g = started_game(q, players[i % 4], players[(i + 1) % 4], true);
      end_game(tmp.path(), g, i % 3 == 2 ? json() : json(i % 2 ? "blue" : "red"),
               "2026-11-25T1" + std::to_string(i) + ":00:00.000Z");
    }
    RatingService service(tmp.path(), q, duel.games);
    service.load();
    REQUIRE(service.work() == 6);
    q.stop();
  }
  storage::Connection db(tmp.path());
  auto snapshot = [&] {
    std::vector<std::string> rows;
    auto r = db.prepare(
        "SELECT title || account_id || ':' || rating || '/' || deviation || '/' || volatility || '/' || games || "
        "updated_at FROM ratings ORDER BY title, account_id");
    while (r.step()) rows.push_back(r.column_text(0));
    auto g = db.prepare(
        "SELECT advantage || first_before || second_before || first_after || second_after "
        "FROM rated_games ORDER BY seq");
    while (g.step()) rows.push_back(g.column_text(0));
    return rows;
  };
  const auto live = snapshot();
  auto same = recompute_stored(db);
  CHECK(same.games == 6);
  CHECK(same.players == 4);
  CHECK(same.games_changed == 0);
  CHECK(same.largest_change == 0);
  CHECK(snapshot() == live);

  // Figures spoiled by hand come back as the results say; the results themselves stay.
  db.exec("UPDATE ratings SET rating = 1000 WHERE account_id = " + std::to_string(players[0]));
  db.exec(
      "UPDATE rated_games SET first_after = '{\"rating\":1,\"deviation\":2,\"volatility\":0.06,\"games\":1}' "
      "WHERE seq = 2");
  db.exec("DELETE FROM ratings WHERE account_id = " + std::to_string(players[3]));
  const auto fixed = recompute_stored(db);
  CHECK(fixed.games_changed == 1);
  CHECK(fixed.largest_change > 400);
  CHECK(snapshot() == live);

  // A stored result the rating book refuses: nothing is changed.
  db.exec("UPDATE rated_games SET scenario = '' WHERE seq = 4");
  db.exec("UPDATE ratings SET rating = 1000 WHERE account_id = " + std::to_string(players[0]));
  CHECK_THROWS_WITH_AS(recompute_stored(db), doctest::Contains("results[3]"), std::runtime_error);
  CHECK(count(tmp.path(), "SELECT COUNT(*) FROM ratings WHERE rating = 1000") == 1);
}

}  // namespace live_ratings_test
