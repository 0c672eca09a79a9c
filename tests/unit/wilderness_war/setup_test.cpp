// Scenario set-ups against the playbook facts of data/scenarios.json and the reference README.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/core/game.hpp"
#include "engine/wilderness_war/setup.hpp"

namespace setup_test {

using namespace warpath::wilderness_war;
using nlohmann::json;

namespace {

const GameData& data() { return game_data(); }

std::unique_ptr<State> set_up(std::string_view scenario, std::uint64_t seed = 1, const Options& options = {}) {
  return set_up_scenario(scenario, options, seed);
}

const Setup& setup_of(std::string_view scenario) {
  return data().setups.at(static_cast<std::size_t>(data().find_scenario(scenario)->setup));
}

std::string where(const State& s, std::string_view piece) {
  return data().location_id(s.piece(data().piece_index(piece)).location);
}

int pieces_at(const State& s, LocationKind kind) {
  return static_cast<int>(
      std::count_if(s.pieces.begin(), s.pieces.end(), [&](const PieceState& p) { return p.location.kind == kind; }));
}

struct PlacedCounts {
  int french = 0, french_leaders = 0, british = 0, british_leaders = 0;
};

PlacedCounts placed_counts(const State& s) {
  PlacedCounts counts;
  for (PieceIndex p = 0; p < data().piece_count(); ++p) {
    const auto kind = s.piece(p).location.kind;
    if (kind != LocationKind::space && kind != LocationKind::militia_box) continue;
    const bool french = data().piece_side(p) == Side::french;
    (french ? counts.french : counts.british)++;
    if (data().is_leader(p)) (french ? counts.french_leaders : counts.british_leaders)++;
  }
  return counts;
}

int marker_count(const State& s) {
  int count = 0;
  for (const auto& space : s.spaces)
    count += (space.fort ? 1 : 0) + (space.stockade ? 1 : 0) + (space.fort_under_construction ? 1 : 0) +
             (space.allied ? 1 : 0);
  return count;
}

const std::vector<std::string> all_scenarios = {"annus_mirabilis", "early_war_campaign", "late_war_campaign",
                                                "full_campaign"};

}  // namespace

TEST_CASE("every scenario places exactly what its set-up lists, all at full strength") {
  for (const auto& id : all_scenarios) {
    CAPTURE(id);
    auto s = set_up(id);
    const Setup& setup = setup_of(id);
    std::set<PieceIndex> listed;
    for (const auto& placement : setup.placements) {
      CHECK(s->piece(placement.piece).location == placement.location);
      listed.insert(placement.piece);
    }
    for (PieceIndex p : setup.british_leader_pool) {  // 5.55
      CHECK(s->piece(p).location.kind == LocationKind::british_leader_pool);
      listed.insert(p);
    }
    for (PieceIndex p : setup.set_aside) {
      CHECK(s->piece(p).location.kind == LocationKind::set_aside);
      listed.insert(p);
    }
    for (PieceIndex p : setup.removed_from_game) {
      CHECK(s->piece(p).location.kind == LocationKind::removed);
      listed.insert(p);
    }
    for (PieceIndex p = 0; p < data().piece_count(); ++p) {
      if (!listed.count(p)) CHECK(s->piece(p).location.kind == LocationKind::unused);  // 5.52: not in play
      CHECK_FALSE(s->piece(p).reduced);
      CHECK_FALSE(s->piece(p).inside);
    }
  }
}

TEST_CASE("the 1757 set-up (Annus Mirabilis, Late War Campaign)") {
  for (const auto& id : {"annus_mirabilis", "late_war_campaign"}) {
    CAPTURE(id);
    auto s = set_up(id);
    const auto placed = placed_counts(*s);
    CHECK(placed.french + placed.british == 70);
    CHECK(placed.french == 39);
    CHECK(placed.french_leaders == 8);
    CHECK(placed.british == 31);
    CHECK(placed.british_leaders == 6);
    CHECK(pieces_at(*s, LocationKind::british_leader_pool) == 5);
    CHECK(pieces_at(*s, LocationKind::removed) == 4);  // Dieskau, Beaujeu, Braddock, Shirley
    CHECK(pieces_at(*s, LocationKind::set_aside) == 0);
    CHECK(pieces_at(*s, LocationKind::militia_box) == 1);
    CHECK(marker_count(*s) == 32);
    // Spot checks straight from the playbook.
    CHECK(where(*s, "fr_montcalm") == "montreal");
    CHECK(where(*s, "br_braddock") == "removed_from_game");
    CHECK(where(*s, "br_amherst") == "british_leader_pool");
    CHECK(where(*s, "br_militia_1") == "militia_box_southern");
    CHECK(s->space(data().space_index("ticonderoga")).fort == Side::french);
    CHECK(s->space(data().space_index("winchester")).fort_under_construction == Side::british);
    CHECK(s->space(data().space_index("mississauga")).allied == Side::french);
    // Pitt and the Diplomatic Revolution count as played: 9 cards each, #63-70 out (playbook).
    CHECK(s->year_track.william_pitt);
    CHECK(s->year_track.diplomatic_revolution);
    CHECK(s->removed == std::vector<CardNumber>{63, 64, 65, 66, 67, 68, 69, 70});
    CHECK(s->hand_size(Side::french) == 9);
    CHECK(s->hand_size(Side::british) == 9);
    CHECK(s->player(Side::french).hand.size() == 9);
    CHECK(s->player(Side::british).hand.size() == 9);
    CHECK(s->draw_pile.size() == 62 - 18);
    CHECK(s->year == 1757);
    CHECK(s->vp == 4);  // French 4 (README ambiguity 1)
  }
}

TEST_CASE("the 1755 set-up (Early War Campaign, Full Campaign)") {
  for (const auto& id : {"early_war_campaign", "full_campaign"}) {
    CAPTURE(id);
    auto s = set_up(id);
    const auto placed = placed_counts(*s);
    CHECK(placed.french + placed.british == 51);
    CHECK(placed.french == 33);
    CHECK(placed.french_leaders == 7);
    CHECK(placed.british == 18);
    CHECK(placed.british_leaders == 5);
    CHECK(pieces_at(*s, LocationKind::british_leader_pool) == 5);
    CHECK(pieces_at(*s, LocationKind::set_aside) == 6);
    CHECK(pieces_at(*s, LocationKind::removed) == 0);
    CHECK(pieces_at(*s, LocationKind::militia_box) == 0);
    CHECK(marker_count(*s) == 23);
    CHECK(where(*s, "fr_montcalm") == "set_aside");  // enters with the first French Regulars event
    CHECK(where(*s, "br_amherst") == "set_aside");   // joins the pool with Pitt or in 1759
    CHECK(where(*s, "br_braddock") == "alexandria");
    CHECK(where(*s, "br_loudoun") == "british_leader_pool");
    CHECK(s->space(data().space_index("ticonderoga")).has_markers() == false);
    CHECK(s->space(data().space_index("canajoharie")).allied == Side::british);
    CHECK_FALSE(s->year_track.william_pitt);
    CHECK_FALSE(s->year_track.diplomatic_revolution);
    CHECK(s->removed.empty());
    CHECK(s->hand_size(Side::french) == 8);
    CHECK(s->hand_size(Side::british) == 8);
    CHECK(s->player(Side::french).hand.size() == 8);
    CHECK(s->player(Side::british).hand.size() == 8);
    CHECK(s->draw_pile.size() == 70 - 16);
    CHECK(s->year == 1755);
    CHECK(s->vp == 0);
  }
}

TEST_CASE("set-up markers match the data exactly, and nothing else is on the map") {
  for (const auto& id : all_scenarios) {
    CAPTURE(id);
    auto s = set_up(id);
    std::vector<SpaceState> expected(data().spaces.size());
    for (const auto& m : setup_of(id).markers) {
      auto& space = expected[static_cast<std::size_t>(m.space)];
      switch (m.marker) {
        case SetupMarker::fort:
          space.fort = m.side;
          break;
        case SetupMarker::fort_under_construction:
          space.fort_under_construction = m.side;
          break;
        case SetupMarker::stockade:
          space.stockade = m.side;
          break;
        case SetupMarker::allied:
          space.allied = m.side;
          break;
      }
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
      CAPTURE(data().spaces[i].id);
      if (data().spaces[i].fortress) {
        CHECK(s->spaces[i].fortress_owner == data().spaces[i].originally_friendly_to);  // 2.0
        expected[i].fortress_owner = s->spaces[i].fortress_owner;
      }
      CHECK(s->spaces[i] == expected[i]);  // no siege, Amphib, Raided or Fieldworks markers at start
    }
    // 13.23: Niagara and Ohio Forks start French-held.
    CHECK(s->vp_space_holders == std::vector<Side>{Side::french, Side::french});
  }
}

TEST_CASE("every scenario starts at the first French Action Phase of its first Early Season (4.0)") {
  for (const auto& id : all_scenarios) {
    CAPTURE(id);
    auto s = set_up(id);
    CHECK(s->season == Season::early);
    CHECK(s->phase == Phase::action_phases);
    CHECK(s->active == Side::french);
    CHECK(s->provincial_assemblies == ProvincialAssemblies::supportive);
    CHECK_FALSE(s->year_track.quiberon_bay);
    CHECK(s->year_track.cherokees == CherokeeStatus::none);
    CHECK_FALSE(s->outcome.has_value());
    // Every card is in exactly one place; hands are sorted.
    std::vector<CardNumber> all = s->draw_pile;
    for (const auto& list : {s->discard, s->removed, s->player(Side::french).hand, s->player(Side::british).hand})
      all.insert(all.end(), list.begin(), list.end());
    std::sort(all.begin(), all.end());
    CHECK(all.size() == 70);
    CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
    for (Side side : both_sides) CHECK(std::is_sorted(s->player(side).hand.begin(), s->player(side).hand.end()));
    CHECK(s->discard.empty());
    CHECK(s->log.size() == 2);
  }
}

TEST_CASE("a bid moves the starting VP toward the bid's side (13.3)") {
  CHECK(set_up("annus_mirabilis", 1, {Bid{Side::french, 2}})->vp == 6);
  CHECK(set_up("annus_mirabilis", 1, {Bid{Side::british, 3}})->vp == 1);
  CHECK(set_up("full_campaign", 1, {Bid{Side::british, 2}})->vp == -2);
  CHECK(set_up("full_campaign", 1, {Bid{Side::french, 0}})->vp == 0);
  auto with_bid = set_up("late_war_campaign", 1, {.bid = Bid{Side::british, 1}, .raids_cost_militia_steps = true});
  CHECK(with_bid->options.raids_cost_militia_steps);
  CHECK(with_bid->log.size() == 3);
}

TEST_CASE("set-up is a function of scenario, options and seed") {
  for (const auto& id : all_scenarios) {
    CAPTURE(id);
    CHECK(set_up(id, 42)->to_json() == set_up(id, 42)->to_json());
    CHECK(*set_up(id, 42) == *set_up(id, 42));
    CHECK(set_up(id, 42)->draw_pile != set_up(id, 43)->draw_pile);
  }
}

TEST_CASE("bad options and unknown scenarios are refused") {
  using warpath::engine::SetupError;
  CHECK_THROWS_AS(set_up("nowhere"), SetupError);
  CHECK_THROWS_AS(parse_setup_options(json::array()), SetupError);
  CHECK_THROWS_AS(parse_setup_options({{"colour", "red"}}), SetupError);
  CHECK_THROWS_AS(parse_setup_options({{"bid", 2}}), SetupError);
  CHECK_THROWS_AS(parse_setup_options({{"bid", {{"side", "dutch"}, {"vp", 1}}}}), SetupError);
  CHECK_THROWS_AS(parse_setup_options({{"bid", {{"side", "french"}, {"vp", -1}}}}), SetupError);
  CHECK_THROWS_AS(parse_setup_options({{"bid", {{"side", "french"}, {"vp", 11}}}}), SetupError);
  CHECK_THROWS_AS(parse_setup_options({{"bid", {{"side", "french"}, {"vp", 1}, {"extra", 1}}}}), SetupError);
  CHECK_THROWS_AS(parse_setup_options({{"optional_14_2", "yes"}}), SetupError);
  CHECK(parse_setup_options(nullptr) == Options{});
  CHECK(parse_setup_options(json::object()) == Options{});
  CHECK(parse_setup_options({{"bid", nullptr}, {"optional_14_2", nullptr}}) == Options{});
  CHECK(parse_setup_options({{"bid", {{"side", "british"}, {"vp", 2}}}, {"optional_14_2", true}}) ==
        Options{.bid = Bid{Side::british, 2}, .raids_cost_militia_steps = true});
  const Options every_rule = parse_setup_options({{"optional_14_1", true},
                                                  {"optional_14_3", true},
                                                  {"optional_14_4", true},
                                                  {"optional_14_5", true},
                                                  {"optional_14_6", true}});
  CHECK(every_rule.pitt_and_diplomatic_revolution_linked);
  CHECK_FALSE(every_rule.raids_cost_militia_steps);
  CHECK(every_rule.early_regulars_cost_vp);
  CHECK(every_rule.either_side_may_surrender);
  CHECK(every_rule.either_side_may_expel_acadians);
  CHECK(every_rule.british_regulars_exchange);
  CHECK(options_from_json(options_to_json(every_rule)) == every_rule);
}

}  // namespace setup_test
