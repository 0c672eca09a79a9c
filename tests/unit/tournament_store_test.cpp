// Tournaments as stored (server/storage/tournament_store.hpp, schema/013_tournaments.sql): a
// registration counts only while registration is open and the tournament not full (two racing
// for the last place: one gets it); the start seeds the players; a round is paired once (the
// director run twice changes nothing more), with a pairing's listing created in its transaction
// and the listing naming its tournament; a result is decided once; a withdrawal while running
// loses a pairing still bidding and names the games to resign; the organiser role.
#include <doctest/doctest.h>

#include "server/storage/lobby_store.hpp"
#include "server/storage/database.hpp"
#include "server/storage/tournament_store.hpp"
#include "tests/support/stored_account.hpp"
#include "tests/support/temp_db.hpp"

namespace tournament_store_test {

using namespace warpath::server;
using namespace warpath::server::storage;
using nlohmann::json;
using warpath::test::commit_and_wait;
using warpath::test::stored_account;
using warpath::test::TempDb;

namespace {

NewTournament swiss(std::int64_t organiser, int max_players) {
  NewTournament t;
  t.name = "Autumn Swiss";
  t.organiser = organiser;
  t.title = "test-duel";
  t.scenario = "standard";
  t.sides = {{"mode", "balanced"}};
  t.format = {{"kind", "swiss"}, {"rounds", 2}};
  t.registration_closes = "2026-12-01T00:00:00.000Z";
  t.registration_closes_ms = 1'796'083'200'000;
  t.min_players = 2;
  t.max_players = max_players;
  t.round_hours = 24;
  return t;
}

TournamentChange change(CommitQueue& q, const std::function<CommitQueue::Work(std::shared_ptr<TournamentChange>)>& w) {
  auto result = std::make_shared<TournamentChange>(TournamentChange::stale);
  commit_and_wait(q, w(result));
  return *result;
}

}  // namespace

TEST_CASE("tournament store: registration while open and not full, a start that seeds, a round paired once") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  TournamentStore store(tmp.path());
  LobbyStore lobby(tmp.path());
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob"), carol = stored_account(q, "carol"),
             dave = stored_account(q, "dave");
  auto id = std::make_shared<TournamentId>(0);
  commit_and_wait(q, TournamentStore::create(swiss(alice, 2), "2026-11-24T08:00:00Z", id));
  const auto t = store.tournament(*id);
  REQUIRE(t);
  CHECK(t->status == "registration");
  CHECK(t->organiser_name == "alice");
  CHECK(t->round == 0);
  CHECK(store.due_to_start(1'796'083'199'999).empty());
  CHECK(store.due_to_start(1'796'083'200'000) == std::vector<TournamentId>{*id});

  const auto reg = [&](std::int64_t account) {
    return change(q, [&](auto r) { return TournamentStore::register_player(*id, account, "2026-11-24T08:01:00Z", r); });
  };
  CHECK(reg(bob) == TournamentChange::done);
  CHECK(reg(bob) == TournamentChange::already_registered);
  CHECK(reg(carol) == TournamentChange::done);
  CHECK(reg(dave) == TournamentChange::full);
  CHECK(store.players(*id).size() == 2);
  CHECK(change(q, [&](auto r) { return TournamentStore::register_player(999, bob, "x", r); }) ==
        TournamentChange::not_found);

  // The start checks what the caller saw: a seeding of one player too few is stale.
  CHECK(change(q, [&](auto r) {
          return TournamentStore::start(*id, {{bob, 1, 1500}}, "2026-11-24T09:00:00Z", 1000, {}, r);
        }) == TournamentChange::stale);
  CHECK(change(q, [&](auto r) {
          return TournamentStore::start(*id, {{carol, 1, 1600}, {bob, 2, 1500}}, "2026-11-24T09:00:00Z", 1000, {}, r);
        }) == TournamentChange::done);
  CHECK(store.tournament(*id)->status == "running");
  CHECK(store.running() == std::vector<TournamentId>{*id});
  const auto players = store.players(*id);
  REQUIRE(players.size() == 2);
  CHECK(players[0].name == "carol");
  CHECK(players[0].seed == 1);
  CHECK(reg(dave) == TournamentChange::registration_closed);
  CHECK(change(q, [&](auto r) { return TournamentStore::cancel(*id, "x", 1000, {}, r); }) == TournamentChange::started);

  // Round 1: one pairing whose listing is opened in the round's transaction; twice: once.
  int opened = 0;
  const auto round = [&](int number) {
    NewRound r;
    r.number = number;
    r.stage = "swiss";
    r.name = "Round " + std::to_string(number);
    r.deadline_ms = 5000;
    NewPairing p;
    p.player1 = carol;
    p.player2 = bob;
    p.open = [&, owner = carol](WriteContext& w) {
      ++opened;
      auto listing = std::make_shared<ListingId>(0);
      NewListing l;
      l.owner = owner;
      l.title = "test-duel";
      l.scenario = "standard";
      LobbyStore::create_listing(l, "2026-11-24T09:00:00Z", 1000, {}, listing)(w);
      return *listing;
    };
    r.pairings.push_back(p);
    return r;
  };
  CHECK(change(q, [&](auto r) { return TournamentStore::pair_round(*id, round(1), "t", 1000, {}, r); }) ==
        TournamentChange::done);
  CHECK(change(q, [&](auto r) { return TournamentStore::pair_round(*id, round(1), "t", 1000, {}, r); }) ==
        TournamentChange::stale);
  CHECK(opened == 1);
  CHECK(change(q, [&](auto r) { return TournamentStore::pair_round(*id, round(2), "t", 1000, {}, r); }) ==
        TournamentChange::stale);  // round 1 is not finished
  auto pairings = store.pairings(*id);
  REQUIRE(pairings.size() == 1);
  REQUIRE(pairings[0].listing);
  CHECK_FALSE(pairings[0].decided());
  CHECK(lobby.listing(*pairings[0].listing)->tournament == *id);
  const auto seat = store.of_listing(*pairings[0].listing);
  REQUIRE(seat);
  CHECK(seat->round == 1);
  CHECK(seat->table == 1);
  CHECK(store.tournament(*id)->round == 1);

  // The round is finished only once every pairing is decided; a result is decided once.
  commit_and_wait(q, TournamentStore::finish_round(*id, 1, "t"));
  CHECK_FALSE(store.rounds(*id)[0].finished_at);
  commit_and_wait(q, TournamentStore::decide(*id, 1, 1, "first", "played", json{{"vp", 3}}, carol, bob, "t1"));
  commit_and_wait(q, TournamentStore::decide(*id, 1, 1, "second", "played", json{{"vp", -3}}, carol, bob, "t2"));
  pairings = store.pairings(*id);
  CHECK(pairings[0].outcome == "first");
  CHECK(pairings[0].score == json{{"vp", 3}});
  commit_and_wait(q, TournamentStore::finish_round(*id, 1, "t3"));
  CHECK(store.rounds(*id)[0].finished_at == "t3");
  commit_and_wait(q, TournamentStore::finish(*id, "t4", 1000, {}));
  CHECK(store.tournament(*id)->status == "finished");
}

TEST_CASE("tournament store: a withdrawal while running loses a pairing still bidding; the organiser role") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  TournamentStore store(tmp.path());
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob"), carol = stored_account(q, "carol");
  auto id = std::make_shared<TournamentId>(0);
  commit_and_wait(q, TournamentStore::create(swiss(alice, 8), "2026-11-24T08:00:00Z", id));
  for (const auto account : {bob, carol})
    commit_and_wait(q, TournamentStore::register_player(*id, account, "t",
                                                        std::make_shared<TournamentChange>(TournamentChange::stale)));
  auto games = std::make_shared<std::vector<std::int64_t>>();
  // During registration a withdrawal removes the player.
  CHECK(change(q, [&](auto r) { return TournamentStore::withdraw_player(*id, carol, "t", r, games); }) ==
        TournamentChange::done);
  CHECK(store.players(*id).size() == 1);
  CHECK(change(q, [&](auto r) { return TournamentStore::withdraw_player(*id, carol, "t", r, games); }) ==
        TournamentChange::not_registered);
  commit_and_wait(q, TournamentStore::register_player(*id, carol, "t",
                                                      std::make_shared<TournamentChange>(TournamentChange::stale)));
  CHECK(change(q, [&](auto r) {
          return TournamentStore::start(*id, {{bob, 1, 1500}, {carol, 2, 1500}}, "t", 1000, {}, r);
        }) == TournamentChange::done);
  NewRound r{1, "swiss", "Round 1", 5000, {}, std::nullopt};
  NewPairing p;
  p.player1 = bob;
  p.player2 = carol;
  r.pairings.push_back(p);  // no listing: as if still bidding
  CHECK(change(q, [&](auto res) { return TournamentStore::pair_round(*id, r, "t", 1000, {}, res); }) ==
        TournamentChange::done);
  CHECK(change(q, [&](auto res) { return TournamentStore::withdraw_player(*id, bob, "t", res, games); }) ==
        TournamentChange::done);
  CHECK(games->empty());
  const auto pairings = store.pairings(*id);
  CHECK(pairings[0].outcome == "second");  // carol, the one still in, wins
  CHECK(pairings[0].how == "withdrawn");
  CHECK(pairings[0].forfeit);
  CHECK(store.players(*id)[0].withdrawn);

  CHECK_FALSE(store.is_organiser(alice));
  CHECK(TournamentStore::set_organiser(tmp.path(), "alice", true));
  CHECK(store.is_organiser(alice));
  CHECK_FALSE(TournamentStore::set_organiser(tmp.path(), "nobody", true));
  CHECK(TournamentStore::set_organiser(tmp.path(), "alice", false));
  CHECK_FALSE(store.is_organiser(alice));
}

}  // namespace tournament_store_test
