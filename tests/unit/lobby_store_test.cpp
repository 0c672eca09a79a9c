// The lobby as stored (server/storage/lobby_store.hpp, schema/004_lobby.sql) and one-time links
// (account_store.hpp): a join counts only while the listing is as its caller saw it (of two
// players racing for the last seat one gets it), the join that fills a listing starts its game
// with the seats given to the players, invitations and cancellations close a listing to others,
// notices become outbox rows in the same transaction, a link works once and not after it expires,
// a player's response times are taken from the moves' times, and a bidding for sides
// (schema/011_bidding.sql) begins with the join that fills its listing, takes bids only on the
// view its caller saw and ends with the game.
#include <doctest/doctest.h>

#include "server/storage/account_store.hpp"
#include "server/storage/lobby_store.hpp"
#include "server/storage/database.hpp"
#include "server/util/secrets.hpp"
#include "tests/support/stored_account.hpp"
#include "tests/support/temp_db.hpp"

namespace lobby_store_test {

using namespace warpath::server;
using namespace warpath::server::storage;
using nlohmann::json;
using warpath::test::commit_and_wait;
using warpath::test::stored_account;
using warpath::test::TempDb;

namespace {

NewGame duel_game() {
  return {"test-duel",          "standard", json::object(), 7,
          json::array({"red"}), "nonce",    "commitment",   {{"red", "r"}, {"blue", "b"}},
          std::nullopt,         "test"};
}

std::int64_t outbox_rows(const std::string& path) {
  Connection db(path);
  auto q = db.prepare("SELECT COUNT(*) FROM outbox");
  q.step();
  return q.column_int(0);
}

}  // namespace

TEST_CASE("the join that fills a listing starts its game; a join on a stale view of it changes nothing") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  LobbyStore lobby(tmp.path());
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob"), carol = stored_account(q, "carol");
  auto id = std::make_shared<ListingId>(0);
  NewListing proposed{alice, "test-duel",  "standard",   json::object(), true,   false,
                      "red", std::nullopt, std::nullopt, nullptr,        nullptr};
  commit_and_wait(q, LobbyStore::create_listing(proposed, "2026-11-24T08:00:00Z", 1000, {}, id));
  auto listing = lobby.listing(*id);
  REQUIRE(listing);
  CHECK(listing->status == "open");
  CHECK(listing->rated);
  REQUIRE(listing->players.size() == 1);
  CHECK(listing->players[0].role == "red");
  CHECK(lobby.open_listings("", "", std::nullopt, 10).size() == 1);
  CHECK(lobby.open_listings("", "", false, 10).empty());
  CHECK(lobby.open_listings("wilderness-war", "", std::nullopt, 10).empty());

  // Bob and carol both saw one player; bob's join lands first and starts the game.
  std::vector<Notice> notices{
      {alice, NoticeKind::game_started, "started", "your game began: game {game}", {{"type", "game_started"}}}};
  auto bobs = std::make_shared<ListingChange>();
  commit_and_wait(q, LobbyStore::join_listing(*id, bob, std::nullopt, 1, duel_game(), {{"red", alice}, {"blue", bob}},
                                              "2026-11-24T08:01:00Z", 1060, notices, bobs));
  CHECK(bobs->done);
  REQUIRE(bobs->game);
  auto carols = std::make_shared<ListingChange>();
  commit_and_wait(q,
                  LobbyStore::join_listing(*id, carol, std::nullopt, 1, duel_game(), {{"red", alice}, {"blue", carol}},
                                           "2026-11-24T08:01:00Z", 1060, notices, carols));
  CHECK_FALSE(carols->done);
  CHECK_FALSE(carols->game);

  listing = lobby.listing(*id);
  CHECK(listing->status == "started");
  CHECK(listing->game == bobs->game);
  CHECK(listing->players.size() == 2);
  const auto seats = lobby.game_players(*bobs->game);
  REQUIRE(seats.size() == 2);
  CHECK(seats[0].role == "blue");
  CHECK(seats[0].name == "bob");
  CHECK(seats[1].role == "red");
  CHECK(seats[1].name == "alice");
  CHECK(lobby.account_games(carol).empty());
  REQUIRE(lobby.account_games(alice).size() == 1);
  CHECK(lobby.account_games(alice)[0].roles == std::vector<std::string>{"red"});
  CHECK(outbox_rows(tmp.path()) == 1);  // the one notice of the join that counted
  {
    Connection db(tmp.path());
    auto body = db.prepare("SELECT body FROM outbox");
    body.step();
    CHECK(body.column_text(0) == "your game began: game " + std::to_string(*bobs->game));
  }
  CHECK(lobby.open_listings("", "", std::nullopt, 10).empty());
}

TEST_CASE("a listing closed or taken by an invitation is out of the open list") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  LobbyStore lobby(tmp.path());
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob");
  auto id = std::make_shared<ListingId>(0);
  commit_and_wait(q, LobbyStore::create_listing({alice, "test-duel", "standard", json::object(), false, false,
                                                 std::nullopt, bob, std::nullopt, nullptr, nullptr},
                                                "2026-11-24T08:00:00Z", 1000, {}, id));
  CHECK(lobby.open_listings("", "", std::nullopt, 10).empty());
  REQUIRE(lobby.invitations(bob).size() == 1);
  CHECK(lobby.account_listings(alice).size() == 1);
  auto change = std::make_shared<ListingChange>();
  commit_and_wait(q, LobbyStore::set_invitee(*id, std::nullopt, "2026-11-24T08:01:00Z", 1060, {}, change));
  CHECK(change->done);
  CHECK(lobby.open_listings("", "", std::nullopt, 10).size() == 1);
  commit_and_wait(q, LobbyStore::close_listing(*id, "cancelled", "2026-11-24T08:02:00Z", change));
  CHECK(change->done);
  commit_and_wait(q, LobbyStore::close_listing(*id, "cancelled", "2026-11-24T08:03:00Z", change));
  CHECK_FALSE(change->done);  // closed already
  CHECK(lobby.open_listings("", "", std::nullopt, 10).empty());
  CHECK(lobby.listing(*id)->status == "cancelled");
}

TEST_CASE("a one-time link works once, only for its purpose, and not after it expires") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  AccountStore accounts(tmp.path());
  const auto alice = stored_account(q, "alice", false);
  const std::string token = new_token(32);
  const OutgoingMail mail{alice, "alice@example.org", "verify", "link"};
  commit_and_wait(q,
                  AccountStore::create_link(
                      {sha256_hex(token), alice, LinkPurpose::verify, "alice@example.org", 1000, 1000 + 1800}, mail));
  CHECK(outbox_rows(tmp.path()) == 1);
  auto used = std::make_shared<LinkUse>();
  commit_and_wait(q, AccountStore::use_link(sha256_hex(token), LinkPurpose::reset, 1100, "$new", used));
  CHECK_FALSE(used->account);  // a verification link does not reset a password
  commit_and_wait(q, AccountStore::use_link(sha256_hex(token), LinkPurpose::verify, 1000 + 1800, {}, used));
  CHECK_FALSE(used->account);  // expired
  CHECK_FALSE(accounts.account(alice)->email_verified);

  // A newer link ends the older one; the newer works once.
  const std::string second = new_token(32), third = new_token(32);
  commit_and_wait(q,
                  AccountStore::create_link(
                      {sha256_hex(second), alice, LinkPurpose::verify, "alice@example.org", 2000, 2000 + 1800}, mail));
  commit_and_wait(q,
                  AccountStore::create_link(
                      {sha256_hex(third), alice, LinkPurpose::verify, "alice@example.org", 2001, 2001 + 1800}, mail));
  commit_and_wait(q, AccountStore::use_link(sha256_hex(second), LinkPurpose::verify, 2100, {}, used));
  CHECK_FALSE(used->account);
  commit_and_wait(q, AccountStore::use_link(sha256_hex(third), LinkPurpose::verify, 2100, {}, used));
  CHECK(used->account == alice);
  CHECK(accounts.account(alice)->email_verified);
  commit_and_wait(q, AccountStore::use_link(sha256_hex(third), LinkPurpose::verify, 2101, {}, used));
  CHECK_FALSE(used->account);
}

TEST_CASE("a player's response times: from the move before (or the start) to each of theirs, in quartiles") {
  CHECK(response_times({}).decisions == 0);
  const auto four = response_times({4, 1, 3, 2});
  CHECK(four.decisions == 4);
  CHECK(four.q1 == doctest::Approx(1.75));
  CHECK(four.median == doctest::Approx(2.5));
  CHECK(four.q3 == doctest::Approx(3.25));

  TempDb tmp;
  CommitQueue q(tmp.path());
  LobbyStore lobby(tmp.path());
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob");
  auto id = std::make_shared<ListingId>(0);
  commit_and_wait(q, LobbyStore::create_listing({alice, "test-duel", "standard", json::object(), false, false, "red",
                                                 std::nullopt, std::nullopt, nullptr, nullptr},
                                                "2026-11-24T08:00:00Z", 1000, {}, id));
  auto joined = std::make_shared<ListingChange>();
  commit_and_wait(q, LobbyStore::join_listing(*id, bob, std::nullopt, 1, duel_game(), {{"red", alice}, {"blue", bob}},
                                              "2026-11-24T08:00:00Z", 1000, {}, joined));
  REQUIRE(joined->game);
  {
    // The moves' times as a test sets them: red after 1 min, blue after 10, red 1 and 20 min later.
    Connection db(tmp.path());
    auto start = db.prepare("UPDATE games SET created_at = '2026-11-24T09:00:00.000Z' WHERE id = ?");
    start.bind(1, *joined->game);
    start.run();
    const std::vector<std::pair<std::string, std::string>> moves = {
        {"red", "09:01:00"}, {"blue", "09:11:00"}, {"red", "09:12:00"}, {"red", "09:32:00"}};
    std::int64_t seq = 0;
    for (const auto& [role, time] : moves) {
      auto m = db.prepare(
          "INSERT INTO moves(game_id, seq, role, verb, arg, created_at) VALUES (?, ?, ?, 'pass', 'null', ?)");
      m.bind(1, *joined->game).bind(2, ++seq).bind(3, role).bind(4, "2026-11-24T" + time + ".000Z");
      m.run();
    }
  }
  const auto red = lobby.player("alice")->response_times;
  CHECK(red.decisions == 3);
  CHECK(red.q1 == doctest::Approx(60));
  CHECK(red.median == doctest::Approx(60));
  CHECK(red.q3 == doctest::Approx(630));
  const auto blue = lobby.player("bob")->response_times;
  CHECK(blue.decisions == 1);
  CHECK(blue.median == doctest::Approx(600));
}

TEST_CASE(
    "a bidding as stored: begun by the filling join, bids counted as seen, due by its deadline, ended by a game") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  LobbyStore lobby(tmp.path());
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob");
  auto id = std::make_shared<ListingId>(0);
  const json config = bidding::Config{bidding::Mode::sealed, "red"}.to_json();
  commit_and_wait(q, LobbyStore::create_listing({alice, "test-duel", "standard", json::object(), false, false,
                                                 std::nullopt, std::nullopt, std::nullopt, nullptr, config},
                                                "2026-11-24T08:00:00Z", 1000, {}, id));
  CHECK(lobby.listing(*id)->bidding == config);
  CHECK_FALSE(lobby.bidding(*id));

  auto joined = std::make_shared<ListingChange>();
  commit_and_wait(q, LobbyStore::join_listing_to_bid(*id, bob, 1, {{alice, bob}, 7, "nonce", "commitment", 5000},
                                                     "2026-11-24T08:01:00Z", 1060, {}, joined));
  REQUIRE(joined->done);
  const auto listing = lobby.listing(*id);
  CHECK(listing->in_bidding);
  CHECK(listing->status == "open");
  CHECK(lobby.open_listings("", "", std::nullopt, 10).empty());  // full: not offered to others
  const auto begun = lobby.bidding(*id);
  REQUIRE(begun);
  CHECK(begun->players == std::array<std::int64_t, 2>{alice, bob});
  CHECK(begun->seed == 7);
  CHECK(lobby.due_biddings(4999, 10).empty());
  CHECK(lobby.due_biddings(5000, 10) == std::vector<ListingId>{*id});

  // A bid on a stale view (one bid assumed in) changes nothing; one on the current view is stored.
  const bidding::Act alices{0, bidding::ActKind::sealed, "red", 2, false};
  auto stale = std::make_shared<ListingChange>();
  commit_and_wait(q, LobbyStore::add_bids(*id, 1, {alices}, 5000, std::nullopt, {}, "t", 1100, {}, stale));
  CHECK_FALSE(stale->done);
  CHECK(lobby.bidding(*id)->bids.empty());
  auto placed = std::make_shared<ListingChange>();
  commit_and_wait(q, LobbyStore::add_bids(*id, 0, {alices}, 5000, std::nullopt, {}, "t", 1100, {}, placed));
  CHECK(placed->done);
  REQUIRE(lobby.bidding(*id)->bids.size() == 1);
  CHECK(lobby.bidding(*id)->bids[0].act == alices);

  // Bob's bid ends it: the game starts with the seats, and the bidding is no longer due.
  const bidding::Act bobs{1, bidding::ActKind::sealed, "red", 1, true};
  auto ended = std::make_shared<ListingChange>();
  commit_and_wait(q, LobbyStore::add_bids(*id, 1, {bobs}, std::nullopt, duel_game(), {{"red", alice}, {"blue", bob}},
                                          "t2", 1200, {}, ended));
  REQUIRE(ended->done);
  REQUIRE(ended->game);
  CHECK(lobby.listing(*id)->status == "started");
  CHECK_FALSE(lobby.listing(*id)->in_bidding);
  CHECK(lobby.bidding_of_game(*ended->game)->bids.size() == 2);
  CHECK(lobby.bidding_of_game(*ended->game)->bids[1].act.by_default);
  CHECK(lobby.due_biddings(1'000'000, 10).empty());
  CHECK(lobby.game_players(*ended->game).size() == 2);
}

}  // namespace lobby_store_test
