// Sides by bidding as pure functions (server/bidding): sealed bids (13.3) with a set favoured side
// or one named by the bids, equal bids settled by the seed's dice, the auction (14.7) with its
// opening roll-off, raises and acceptance, the deadline's defaults, the refusals, what each viewer
// sees of sealed bids, and a record's bidding checked against the seed.
#include <doctest/doctest.h>

#include "server/bidding/bidding.hpp"

namespace bidding_test {

using namespace warpath::server::bidding;
using nlohmann::json;

namespace {

const std::array<std::string, 2> roles{"french", "british"};

Config sealed(std::optional<std::string> favoured) { return {Mode::sealed, std::move(favoured)}; }

Act sealed_bid(int player, int vp, std::optional<std::string> side = std::nullopt) {
  return {player, ActKind::sealed, std::move(side), vp, false};
}

Act bid(int player, int vp, std::optional<std::string> side = std::nullopt) {
  return {player, ActKind::bid, std::move(side), vp, false};
}

Act accept(int player) { return {player, ActKind::accept, std::nullopt, 0, false}; }

// A dice seed whose roll-off opens with a tie (so that the re-roll is exercised).
std::uint64_t seed_with_tie() {
  for (std::uint64_t s = 1;; ++s)
    if (roll_off(s).rolls.size() > 2) return s;
}

}  // namespace

TEST_CASE("the roll-off: pairs of dice until they differ, the higher wins") {
  for (std::uint64_t s : {std::uint64_t{1}, std::uint64_t{2}, seed_with_tie()}) {
    const auto off = roll_off(s);
    REQUIRE(off.rolls.size() % 2 == 0);
    for (std::size_t i = 0; i + 2 < off.rolls.size(); i += 2) CHECK(off.rolls[i] == off.rolls[i + 1]);
    const int a = off.rolls[off.rolls.size() - 2], b = off.rolls.back();
    CHECK(a != b);
    CHECK(off.winner == (a > b ? 0 : 1));
    CHECK(roll_off(s).rolls == off.rolls);  // the seed decides
  }
  CHECK(roll_off(seed_with_tie()).rolls.size() >= 4);
  CHECK(dice_seed(42) == dice_seed(42));
  CHECK(dice_seed(42) != dice_seed(43));
  CHECK(dice_seed(42) != 42);
}

TEST_CASE("13.3: the higher sealed bid plays the favoured side, the other starts with the bid") {
  Bidding b(sealed("french"), roles, 10, 7);
  CHECK(b.may_act(0));
  CHECK(b.may_act(1));
  REQUIRE_FALSE(b.act(sealed_bid(1, 2)));
  CHECK_FALSE(b.over());
  CHECK(b.may_act(0));
  CHECK_FALSE(b.may_act(1));
  REQUIRE_FALSE(b.act(sealed_bid(0, 1)));
  REQUIRE(b.over());
  CHECK(b.outcome()->roles == std::array<std::string, 2>{"british", "french"});
  CHECK(b.outcome()->bid_option() == json{{"side", "british"}, {"vp", 2}});
  CHECK(b.rolls().empty());  // no tie, no die
}

TEST_CASE("13.3: equal bids, the seed's roll-off decides who plays the favoured side; the bid still counts") {
  for (std::uint64_t s : {std::uint64_t{3}, std::uint64_t{4}, std::uint64_t{5}, seed_with_tie()}) {
    Bidding b(sealed("british"), roles, 10, s);
    REQUIRE_FALSE(b.act(sealed_bid(0, 3)));
    REQUIRE_FALSE(b.act(sealed_bid(1, 3)));
    REQUIRE(b.over());
    const auto off = roll_off(s);
    CHECK(b.rolls() == off.rolls);
    CHECK(b.outcome()->roles[static_cast<std::size_t>(off.winner)] == "british");
    CHECK(b.outcome()->roles[static_cast<std::size_t>(1 - off.winner)] == "french");
    CHECK(b.outcome()->bid_option() == json{{"side", "french"}, {"vp", 3}});
  }
}

TEST_CASE("sealed bids naming the side: different sides are played as named with no bid; the same side is 13.3") {
  Bidding apart(sealed(std::nullopt), roles, 10, 1);
  REQUIRE_FALSE(apart.act(sealed_bid(0, 4, "british")));
  REQUIRE_FALSE(apart.act(sealed_bid(1, 0, "french")));
  REQUIRE(apart.over());
  CHECK(apart.outcome()->roles == std::array<std::string, 2>{"british", "french"});
  CHECK(apart.outcome()->bid_option().is_null());

  Bidding same(sealed(std::nullopt), roles, 10, 1);
  REQUIRE_FALSE(same.act(sealed_bid(0, 1, "french")));
  REQUIRE_FALSE(same.act(sealed_bid(1, 2, "french")));
  REQUIRE(same.over());
  CHECK(same.outcome()->roles == std::array<std::string, 2>{"british", "french"});
  CHECK(same.outcome()->bid_option() == json{{"side", "british"}, {"vp", 2}});
}

TEST_CASE("sealed refusals change nothing") {
  Bidding b(sealed(std::nullopt), roles, 10, 1);
  CHECK(b.act(sealed_bid(0, -1, "french"))->why == Refusal::bad_bid);
  CHECK(b.act(sealed_bid(0, 11, "french"))->why == Refusal::bad_bid);
  CHECK(b.act(sealed_bid(0, 1))->why == Refusal::bad_bid);           // names no side
  CHECK(b.act(sealed_bid(0, 1, "dutch"))->why == Refusal::bad_bid);  // no such seat
  CHECK(b.act(bid(0, 1, "french"))->why == Refusal::bad_bid);        // not an auction
  CHECK(b.act(accept(0))->why == Refusal::bad_bid);
  CHECK(b.acts().empty());
  REQUIRE_FALSE(b.act(sealed_bid(0, 1, "french")));
  CHECK(b.act(sealed_bid(0, 2, "french"))->why == Refusal::not_your_turn);  // in already
  CHECK(b.acts().size() == 1);
  Bidding set(sealed("french"), roles, 10, 1);
  CHECK(set.act(sealed_bid(0, 1, "british"))->why == Refusal::bad_bid);  // the bids are for the French
  REQUIRE_FALSE(set.act(sealed_bid(0, 1)));
  REQUIRE_FALSE(set.act(sealed_bid(1, 0)));
  CHECK(set.act(sealed_bid(1, 0))->why == Refusal::closed);
}

TEST_CASE("a sealed bid is only 'received' to anyone but its bidder until both are in") {
  Bidding b(sealed("french"), roles, 10, 1);
  REQUIRE_FALSE(b.act(sealed_bid(0, 4)));
  const auto mine = b.view(0);
  CHECK(mine["acts"][0]["vp"] == 4);
  for (const auto& other : {b.view(1), b.view(std::nullopt)}) {
    CHECK(other["acts"][0] == json{{"player", 0}, {"kind", "sealed"}, {"received", true}});
    CHECK(other.dump().find("\"vp\":4") == std::string::npos);
    CHECK(other["to_act"] == json{1});
  }
  REQUIRE_FALSE(b.act(sealed_bid(1, 5)));
  CHECK(b.view(std::nullopt)["acts"][0]["vp"] == 4);
  CHECK(b.view(std::nullopt)["acts"][1]["vp"] == 5);
}

TEST_CASE("14.7: the higher roller bids for a side, raises for that side, the accepted bid goes to the other") {
  const std::uint64_t s = seed_with_tie();
  Bidding b({Mode::auction, std::nullopt}, roles, 10, s);
  const auto off = roll_off(s);
  CHECK(b.rolls() == off.rolls);
  REQUIRE(b.opener() == off.winner);
  const int first = off.winner, second = 1 - first;
  CHECK(b.act(bid(second, 1, "french"))->why == Refusal::not_your_turn);
  CHECK(b.act(accept(first))->why == Refusal::bad_bid);  // nothing to accept
  CHECK(b.act(bid(first, 0))->why == Refusal::bad_bid);  // the first bid names its side
  REQUIRE_FALSE(b.act(bid(first, 0, "french")));
  CHECK(b.act(bid(first, 1))->why == Refusal::not_your_turn);
  CHECK(b.act(bid(second, 0))->why == Refusal::bad_bid);             // not above the current
  CHECK(b.act(bid(second, 1, "british"))->why == Refusal::bad_bid);  // a raise is for the same side
  REQUIRE_FALSE(b.act(bid(second, 2)));
  REQUIRE_FALSE(b.act(bid(first, 3, "french")));
  CHECK_FALSE(b.over());
  REQUIRE_FALSE(b.act(accept(second)));
  REQUIRE(b.over());
  std::array<std::string, 2> expected;
  expected[static_cast<std::size_t>(first)] = "french";
  expected[static_cast<std::size_t>(second)] = "british";
  CHECK(b.outcome()->roles == expected);
  CHECK(b.outcome()->bid_option() == json{{"side", "british"}, {"vp", 3}});
  CHECK(b.act(bid(first, 4))->why == Refusal::closed);
}

TEST_CASE("14.7: a raise by the second player, accepted by the first") {
  Bidding b({Mode::auction, std::nullopt}, roles, 10, 11);
  const int first = *b.opener(), second = 1 - first;
  REQUIRE_FALSE(b.act(bid(first, 1, "british")));
  REQUIRE_FALSE(b.act(bid(second, 2, "british")));
  REQUIRE_FALSE(b.act(accept(first)));
  CHECK(b.outcome()->roles[static_cast<std::size_t>(second)] == "british");
  CHECK(b.outcome()->roles[static_cast<std::size_t>(first)] == "french");
  CHECK(b.outcome()->bid_option() == json{{"side", "french"}, {"vp", 2}});
}

TEST_CASE("the deadline's defaults: sealed 0 naming no side, the auction's opening bid of 0, then acceptance") {
  Bidding b(sealed(std::nullopt), roles, 10, 1);
  REQUIRE_FALSE(b.act(sealed_bid(1, 2, "british")));
  const auto d = b.defaults();
  REQUIRE(d.size() == 1);
  CHECK(d[0] == Act{0, ActKind::sealed, std::nullopt, 0, true});
  REQUIRE_FALSE(b.act(d[0]));
  CHECK(b.outcome()->roles == std::array<std::string, 2>{"french", "british"});
  CHECK(b.outcome()->bid_option() == json{{"side", "french"}, {"vp", 2}});

  Bidding a({Mode::auction, std::nullopt}, roles, 10, 5);
  const int first = *a.opener();
  auto opening = a.defaults();
  REQUIRE(opening.size() == 1);
  CHECK(opening[0] == Act{first, ActKind::bid, "french", 0, true});
  REQUIRE_FALSE(a.act(opening[0]));
  auto then = a.defaults();
  REQUIRE(then.size() == 1);
  CHECK(then[0] == Act{1 - first, ActKind::accept, std::nullopt, 0, true});
  REQUIRE_FALSE(a.act(then[0]));
  CHECK(a.outcome()->roles[static_cast<std::size_t>(first)] == "french");
  CHECK(a.outcome()->bid_option() == json{{"side", "british"}, {"vp", 0}});
  CHECK(a.defaults().empty());
}

TEST_CASE("a record's bidding is checked against the game's seed, its bid and its seats") {
  const std::uint64_t game_seed = 99;
  Bidding b(sealed("french"), roles, 10, dice_seed(game_seed));
  REQUIRE_FALSE(b.act(sealed_bid(0, 2)));
  REQUIRE_FALSE(b.act(sealed_bid(1, 2)));
  const json record = record_json(b, {"ann", "bob"}, {"t1", "t2"});
  const auto& outcome = *b.outcome();
  const json players = {{{"role", outcome.roles[0]}, {"name", "ann"}}, {{"role", outcome.roles[1]}, {"name", "bob"}}};
  const std::vector<std::string> title_roles{roles[0], roles[1]};
  CHECK(check_record(record, title_roles, 10, game_seed, outcome.bid_option(), players).empty());
  CHECK_FALSE(check_record(record, title_roles, 10, game_seed + 1, outcome.bid_option(), players).empty());
  CHECK_FALSE(check_record(record, title_roles, 10, game_seed, json{{"side", "french"}, {"vp", 2}}, players).empty());
  json swapped = players;
  std::swap(swapped[0]["role"], swapped[1]["role"]);
  CHECK_FALSE(check_record(record, title_roles, 10, game_seed, outcome.bid_option(), swapped).empty());
  json changed = record;
  changed["acts"][1]["vp"] = 1;
  CHECK_FALSE(check_record(changed, title_roles, 10, game_seed, outcome.bid_option(), players).empty());
}

}  // namespace bidding_test
