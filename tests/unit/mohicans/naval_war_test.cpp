// VII. NAVAL COMBAT / MANEUVER: the British match their ships to the French pieces face down, the
// rolls with the Louisbourg bonus (the rulebook's example), and what the British and spectators
// may see while the French pieces are still face down.
#include <doctest/doctest.h>

#include "engine/core/rng.hpp"
#include "engine/mohicans/naval_war.hpp"
#include "tests/unit/mohicans/game.hpp"

using namespace moh_test;
using warpath::engine::Rng;

namespace {

const char* const french_order[] = {"fn_privateer", "fn_squadron", "fn_troop_convoy", "fn_supply_convoy"};

// 1754's naval war, the French pieces placed in `french_order` (the Privateer off Louisbourg).
Game at_naval_war(std::uint64_t seed = 1) {
  Game g(seed);
  g.finish_setup();
  REQUIRE(g.stage() == Stage::naval_placement);
  for (const char* id : french_order) g.act("french", "naval", id);
  g.step_until([](const Game& x) { return x.stage() == Stage::naval_war; });
  return g;
}

// The state at the naval war with dice that roll `french` then `british` next.
State with_dice(const Game& g, int french, int british) {
  State s = g.s();
  s.rng = Rng(seed_rolling(french, british));
  return s;
}

std::string last_line(const Game& g) {
  std::string text;
  g.s().log.for_each_between(g.s().log.size() - 1, g.s().log.size(), [&](const LogLine& l) { text = l.text; });
  return text;
}

bool has(const std::vector<NavalIndex>& pieces, const char* id) {
  return std::find(pieces.begin(), pieces.end(), naval(id)) != pieces.end();
}

}  // namespace

TEST_CASE("Naval war: the rulebook's example, French Corsaires at Louisbourg against a British Squadron") {
  const Game g = at_naval_war();
  REQUIRE(g.active() == "british");
  CHECK(args_of(g.actions(), "naval") ==
        std::vector<std::string>{"bn_squadron_1", "bn_squadron_2", "bn_troop_convoy", "bn_supply_convoy"});
  // Privateer 2 + die 4 + Louisbourg 1 = 7 beats Squadron 3 + die 3 = 6: only the French sail.
  Game h(with_dice(g, 4, 3));
  h.act("british", "naval", "bn_squadron_1");
  CHECK(h.s().naval.revealed[0]);
  CHECK(has(h.s().naval.arrived, "fn_privateer"));
  CHECK_FALSE(has(h.s().naval.arrived, "bn_squadron_1"));
  CHECK(last_line(h).find("2+4+1 (Louisbourg) = 7") != std::string::npos);
  CHECK(last_line(h).find("3+3 = 6") != std::string::npos);
  CHECK(last_line(h).find("the French get through") != std::string::npos);
  // Had the French rolled a 3: 6 against 6, and both sail.
  Game tie(with_dice(g, 3, 3));
  tie.act("british", "naval", "bn_squadron_1");
  CHECK(has(tie.s().naval.arrived, "fn_privateer"));
  CHECK(has(tie.s().naval.arrived, "bn_squadron_1"));
  CHECK(last_line(tie).find("both get through") != std::string::npos);
}

TEST_CASE("Naval war: the holder of Louisbourg gets the +1 on that spot") {
  const Game g = at_naval_war();
  State s = with_dice(g, 4, 3);
  s.location(location("louisbourg")).owner = Owner::british;
  Game h(s);
  h.act("british", "naval", "bn_squadron_1");  // Privateer 2+4 = 6 against Squadron 3+3+1 = 7
  CHECK(has(h.s().naval.arrived, "bn_squadron_1"));
  CHECK_FALSE(has(h.s().naval.arrived, "fn_privateer"));
}

TEST_CASE("Naval war: each British ship is used once, the last one goes to the last spot, and next Spring comes") {
  Game g = at_naval_war();
  CHECK(g.try_act("british", "naval", "bn_sealift").has_value());  // the Sea Lift is not used here
  CHECK(g.try_act("british", "naval", "fn_squadron").has_value());
  CHECK(g.try_act("french", "naval", "bn_squadron_1").has_value());
  g.act("british", "naval", "bn_troop_convoy");
  check_round_trip(g);
  CHECK(g.try_act("british", "naval", "bn_troop_convoy").has_value());
  CHECK(args_of(g.actions(), "naval").size() == 3);
  g.act("british", "naval", "bn_squadron_2");
  g.act("british", "naval", "bn_squadron_1");
  // The supply convoy, the only ship left, meets the last French piece without a decision.
  CHECK(g.stage() != Stage::naval_war);
  CHECK(g.s().turn == 1);
  const auto& n = g.s().naval;
  for (std::size_t spot = 0; spot < 4; ++spot) CHECK(n.revealed[spot]);
  // At every spot at least one side sailed (ties sail both).
  CHECK(n.arrived.size() >= 4);
}

TEST_CASE("Naval war: no view or log line shows the British or spectators a French piece still face down") {
  const auto module = make_mohicans();
  Rng rng(5);
  Game g = at_naval_war(3);
  std::size_t year_log = g.s().log.first();  // the log from this year's naval placement on (1754: all of it)
  auto check_secret = [&](const Game& x) {
    const State& s = x.s();
    for (std::size_t spot = 0; spot < 4; ++spot) {
      if (!s.naval.french_at_spot[spot] || s.naval.revealed[spot]) continue;
      const NavalPiece& piece = s.data().naval_piece(*s.naval.french_at_spot[spot]);
      for (const char* seat : {"british", "spectator"}) {
        CAPTURE(seat);
        CAPTURE(piece.id);
        const std::string view = x.match.view(seat).dump();
        CHECK(view.find(piece.id) == std::string::npos);
        CHECK(view.find(piece.name) == std::string::npos);
        const std::string log = module->log_lines(s, seat, year_log, module->log_size(s, seat)).dump();
        CHECK(log.find(piece.id) == std::string::npos);
        CHECK(log.find(piece.name) == std::string::npos);
        auto twin = module->redeal_hidden(s, seat, rng);
        CHECK(module->view(*twin, seat) == module->view(s, seat));
      }
    }
  };
  check_secret(g);
  for (const char* ship : {"bn_squadron_1", "bn_supply_convoy"}) {
    g.act("british", "naval", ship);
    check_secret(g);
    // The spots resolved so far are public.
    for (std::size_t spot = 0; spot < 4; ++spot)
      if (g.s().naval.revealed[spot])
        CHECK(g.match.view("spectator")["naval"]["insert"][game_data().naval_spots[spot].id]["french"] ==
              g.s().data().naval_piece(*g.s().naval.french_at_spot[spot]).id);
  }
  g.act("british", "naval", "bn_troop_convoy");
  // Next year's pieces go face down again: secret anew, the log counted from their placement.
  g.step_until([](const Game& x) { return x.stage() == Stage::naval_placement; });
  year_log = g.s().log.size();
  g.act("french", "naval", "fn_supply_convoy");
  g.act("french", "naval", "fn_troop_convoy");
  check_secret(g);
}
