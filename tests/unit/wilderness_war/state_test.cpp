// The state model: lossless JSON, validation of hand-built positions, derived values.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/core/match.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/setup.hpp"

namespace state_test {

using namespace warpath::wilderness_war;
using nlohmann::json;

namespace {

const GameData& data() { return game_data(); }

SpaceState& space(State& s, std::string_view id) { return s.change_space(data().space_index(id)); }
PieceState& piece(State& s, std::string_view id) { return s.change_piece(data().piece_index(id)); }

// A mid-game position touching every part of the state.
State busy_position() {
  State s = *set_up_scenario("full_campaign", {Bid{Side::british, 1}, true}, 9);
  s.year = 1758;
  s.season = Season::late;
  s.vp = -3;
  // Cards: some discarded, one removed, one known in the British hand.
  s.discard = {s.draw_pile[0], s.draw_pile[1]};
  s.removed.push_back(s.draw_pile[2]);
  s.draw_pile.erase(s.draw_pile.begin(), s.draw_pile.begin() + 3);
  s.player(Side::british).known = {s.player(Side::british).hand[2]};
  s.player(Side::french).holding_last_card = true;
  s.player(Side::british).card_held = true;
  s.player(Side::british).constructed_last = true;
  s.player(Side::french).regulars_event_this_season = true;
  s.player(Side::french).blockhouses = true;
  // Pieces everywhere: a leader box, a militia box, reduced, inside, eliminated.
  piece(s, "br_reg_44th").location = Location::in_leader_box(data().piece_index("br_braddock"));
  piece(s, "br_reg_44th").reduced = true;
  piece(s, "br_militia_2").location = Location::in_militia_box(*data().find_militia_box("militia_box_northern"));
  piece(s, "br_militia_2").reduced = true;
  piece(s, "fr_md_4").inside = true;
  piece(s, "fr_ind_ottawa").location = Location::pool(LocationKind::eliminated);
  piece(s, "fr_reg_bearn").location = Location::pool(LocationKind::removed);
  // Markers of every kind.
  space(s, "niagara").siege_level = 1;
  space(s, "louisbourg").amphib = true;
  space(s, "louisbourg").siege_level = 2;
  space(s, "louisbourg").fortress_owner = Side::british;
  space(s, "oswego").fieldworks = true;
  space(s, "carlisle").raided = {2, 0};
  space(s, "kittaning").raided = {0, 1};
  space(s, "kittaning").allied = Side::french;
  space(s, "augusta").stockade = Side::british;
  space(s, "augusta").fort_under_construction = Side::british;
  s.vp_space_holders = {Side::british, Side::french};
  s.provincial_assemblies = ProvincialAssemblies::reluctant;
  s.year_track = {true, false, true, true, true, CherokeeStatus::uprising, true};
  s.outcome = Outcome{std::nullopt, "the test says so"};
  s.phase = Phase::winter_attrition;
  s.active = Side::british;
  s.rng.next_u64();
  s.note("british", "card", 12, "A line with an argument.");
  s.rule_events["battles"] = 3;
  return s;
}

State round_trip(const State& s) { return State::from_json(s.to_json()); }

json setup_json(std::string_view scenario = "annus_mirabilis") { return set_up_scenario(scenario, {}, 3)->to_json(); }

}  // namespace

TEST_CASE("state JSON round-trips losslessly after set-up") {
  for (const auto& id : {"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"}) {
    CAPTURE(id);
    auto s = set_up_scenario(id, {}, 17);
    const json saved = s->to_json();
    const State loaded = State::from_json(saved);
    CHECK(loaded == *s);
    CHECK(loaded.to_json() == saved);
  }
}

TEST_CASE("state JSON round-trips a position with every kind of marker, location and flag") {
  const State s = busy_position();
  const State loaded = round_trip(s);
  CHECK(loaded == s);
  CHECK(loaded.to_json() == s.to_json());
  // Through the module too, as the server stores and reloads snapshots.
  auto module = make_wilderness_war();
  CHECK(module->load(s.to_json())->to_json() == s.to_json());
}

TEST_CASE("a long log holds only its newest lines, the same ones however the state was made") {
  auto s = set_up_scenario("annus_mirabilis", {}, 3);
  const std::size_t start = s->log.size();
  std::vector<State> copies;
  for (std::size_t n = start; n < 1000; ++n) {
    s->note("", "test", static_cast<int>(n), "line " + std::to_string(n));
    if (n % 97 == 0) copies.push_back(*s);  // copies share lines; the later trims must not touch them
    // Between the window and twice it, a function of the size alone.
    CHECK(s->log.first() == first_held(s->log.size()));
    CHECK(s->log.size() - s->log.first() <= 2 * log_window);
    if (s->log.size() > 2 * log_window) CHECK(s->log.size() - s->log.first() >= log_window);
  }
  CHECK(s->log.back().text == "line 999");
  CHECK(s->log[999].text == "line 999");
  CHECK(s->log[s->log.first()].text == "line " + std::to_string(s->log.first()));
  CHECK_THROWS_AS((void)s->log[s->log.first() - 1], std::out_of_range);
  for (const auto& copy : copies) {
    const std::size_t last = copy.log.size() - 1;
    CHECK(copy.log[last].text == "line " + std::to_string(last));
  }
  // JSON holds the lines held and the first one's index; reading it back gives the same state.
  const json saved = s->to_json();
  CHECK(saved["log_first"] == s->log.first());
  CHECK(saved["log"].size() == s->log.size() - s->log.first());
  const State loaded = State::from_json(saved);
  CHECK(loaded == *s);
  CHECK(loaded.to_json() == saved);
  // A state saved with its whole log (before logs were trimmed) is read as the same state.
  json whole = saved;
  whole.erase("log_first");
  json lines = json::array();
  for (std::size_t i = 0; i < s->log.first(); ++i)
    lines.push_back({{"role", ""}, {"verb", "test"}, {"arg", 0}, {"text", "old"}});
  for (const auto& line : saved["log"]) lines.push_back(line);
  whole["log"] = lines;
  CHECK(State::from_json(whole) == *s);
  // A first line that is not the one the size implies is refused.
  json wrong = saved;
  wrong["log_first"] = s->log.first() + 1;
  wrong["log"].erase(0);
  CHECK_THROWS_AS(State::from_json(wrong), std::invalid_argument);
}

TEST_CASE("the state JSON is readable: pieces and markers by id, VP signed French-positive") {
  const json j = busy_position().to_json();
  CHECK(j["format"] == "warpath/wilderness-war/state v1");
  CHECK(j["vp"] == -3);
  CHECK(j["pieces"]["br_reg_44th"] == json{{"at", "leader_box_braddock"}, {"reduced", true}, {"inside", false}});
  CHECK(j["pieces"]["br_militia_2"]["at"] == "militia_box_northern");
  CHECK(j["markers"]["louisbourg"] == json{{"siege", 2}, {"amphib", true}});
  CHECK(j["markers"]["carlisle"] == json{{"raided", {{"french", 2}}}});
  CHECK(j["markers"]["augusta"] == json{{"stockade", "british"}, {"fort_under_construction", "british"}});
  CHECK(j["fortresses"]["louisbourg"] == "british");
  CHECK(j["vp_spaces"] == json{{"niagara", "british"}, {"ohio_forks", "french"}});
  CHECK(j["players"]["british"]["known"].size() == 1);
  CHECK(j["outcome"] == json{{"winner", nullptr}, {"reason", "the test says so"}});
  CHECK_FALSE(j["markers"].contains("boston"));  // spaces without markers are left out
}

TEST_CASE("positions can be built from partial JSON: left-out pieces are not in play") {
  json j = setup_json();
  j["pieces"] = {{"fr_montcalm", {{"at", "ohio_forks"}}}};
  j["markers"] = json::object();
  j["fortresses"] = json::object();
  const State s = State::from_json(j);
  CHECK(s.space_of(data().piece_index("fr_montcalm")) == data().space_index("ohio_forks"));
  CHECK(s.piece(data().piece_index("br_amherst")).location.kind == LocationKind::unused);
  CHECK(s.space(data().space_index("quebec")).fortress_owner == Side::french);  // 2.0: original owner
  CHECK_FALSE(s.space(data().space_index("ticonderoga")).fort.has_value());
}

TEST_CASE("malformed or inconsistent state JSON is refused with a readable error") {
  auto refused = [](json j) { CHECK_THROWS_AS(State::from_json(j), std::invalid_argument); };
  json j = setup_json();
  refused(json{{"format", "something else"}});
  {
    auto k = j;
    k["colour"] = "blue";
    refused(k);
  }
  {
    auto k = j;
    k["format"] = "warpath/wilderness-war/state v0";
    refused(k);
  }
  {
    auto k = j;
    k["scenario"] = "nowhere";
    refused(k);
  }
  {
    auto k = j;
    k["season"] = "summer";
    refused(k);
  }
  {
    auto k = j;
    k["year"] = "1757";
    refused(k);
  }
  {
    auto k = j;
    k.erase("vp");
    refused(k);
  }
  // 5.2: every card in exactly one place.
  {
    auto k = j;
    k["draw_pile"].erase(0);
    refused(k);
  }
  {
    auto k = j;
    k["discard"].push_back(k["draw_pile"][0]);
    refused(k);
  }
  {
    auto k = j;
    k["removed"].push_back(71);
    refused(k);
  }
  {
    auto k = j;
    k["players"]["french"]["known"] = {k["players"]["british"]["hand"][0]};
    refused(k);
  }
  {
    auto k = j;
    k["players"]["french"]["mood"] = "glum";
    refused(k);
  }
  // Pieces and markers name real things, in places they can be.
  {
    auto k = j;
    k["pieces"]["fr_napoleon"] = {{"at", "quebec"}};
    refused(k);
  }
  {
    auto k = j;
    k["pieces"]["fr_montcalm"] = {{"at", "paris"}};
    refused(k);
  }
  {
    auto k = j;
    k["pieces"]["fr_montcalm"] = {{"at", "montreal"}, {"reduced", true}};
    refused(k);
  }
  {
    auto k = j;
    k["pieces"]["fr_militia_1"] = {{"at", "militia_box_northern"}};
    refused(k);
  }
  {
    auto k = j;
    k["pieces"]["fr_reg_bearn"] = {{"at", "militia_box_st_lawrence"}};
    refused(k);
  }
  {
    auto k = j;
    k["pieces"]["br_reg_44th"] = {{"at", "leader_box_montcalm"}};
    refused(k);
  }
  {
    auto k = j;
    k["pieces"]["fr_montcalm"] = {{"at", "leader_box_montcalm"}};
    refused(k);
  }
  {
    auto k = j;
    k["pieces"]["fr_montcalm"] = {{"at", "british_leader_pool"}};
    refused(k);
  }
  {
    auto k = j;
    k["markers"]["atlantis"] = {{"fort", "french"}};
    refused(k);
  }
  {
    auto k = j;
    k["markers"]["oswego"] = {{"siege", 3}};
    refused(k);
  }
  {
    auto k = j;
    k["markers"]["oswego"] = {{"fort", "french"}, {"stockade", "french"}};
    refused(k);
  }
  {
    auto k = j;
    k["markers"]["oswego"] = {{"castle", "french"}};
    refused(k);
  }
  {
    auto k = j;
    k["fortresses"]["oswego"] = "british";
    refused(k);
  }
  {
    auto k = j;
    k["vp_spaces"].erase("niagara");
    refused(k);
  }
  {
    auto k = j;
    k["rng"] = "not an rng";
    refused(k);
  }
}

TEST_CASE("a piece in a leader's box is in the leader's space (2.0)") {
  State s = *set_up_scenario("annus_mirabilis", {}, 1);
  const PieceIndex montcalm = data().piece_index("fr_montcalm");
  const PieceIndex levis = data().piece_index("fr_levis");
  const PieceIndex bearn = data().piece_index("fr_reg_bearn");
  s.change_piece(levis).location = Location::in_leader_box(montcalm);
  s.change_piece(bearn).location = Location::in_leader_box(levis);  // a box inside a box
  CHECK(s.space_of(bearn) == data().space_index("montreal"));
  s.change_piece(montcalm).location = Location::in_space(data().space_index("quebec"));
  CHECK(s.space_of(bearn) == data().space_index("quebec"));  // the box moves with its leader
  s.change_piece(montcalm).location = Location::pool(LocationKind::removed);
  CHECK(s.space_of(bearn) == no_space);
}

TEST_CASE("the occupancy a moved piece is followed in equals the pieces counted anew") {
  // Moving a piece updates a current count in place (State::place_in_space): after any move of
  // any piece, including a leader with a full box, out of one and between spaces, the count must
  // be what counting every piece again gives.
  auto equals_fresh = [](const State& s) { return occupancy_of(s) == Occupancy(s); };
  State s = *set_up_scenario("annus_mirabilis", {}, 1);
  const PieceIndex montcalm = data().piece_index("fr_montcalm");
  const PieceIndex levis = data().piece_index("fr_levis");
  const PieceIndex bearn = data().piece_index("fr_reg_bearn");
  s.change_piece(levis).location = Location::in_leader_box(montcalm);
  s.change_piece(bearn).location = Location::in_leader_box(montcalm);
  s.change_piece(bearn).inside = true;
  const SpaceIndex quebec = data().space_index("quebec");
  const auto moved = [&](State from, PieceIndex p, SpaceIndex to) {
    occupancy_of(from);  // current, so the move follows it
    move_piece_to(from, p, to);
    return from;
  };
  CHECK(equals_fresh(moved(s, montcalm, quebec)));  // a full box: counted anew
  CHECK(equals_fresh(moved(s, bearn, quebec)));     // out of the box, from inside to another space
  CHECK(equals_fresh(moved(s, bearn, s.space_of(bearn))));
  const State held = moved(s, levis, quebec);
  CHECK(equals_fresh(held));
  State off_map = s;  // a leader off the map with a piece in its box: both come onto the map
  off_map.change_piece(montcalm).location = Location::pool(LocationKind::removed);
  CHECK(equals_fresh(moved(off_map, montcalm, quebec)));
  CHECK(Occupancy(s) == Occupancy(State(s)));  // the state moved from kept its own count

  auto module = make_wilderness_war();
  warpath::engine::Rng chooser(7);
  int followed = 0;
  for (const char* scenario : {"annus_mirabilis", "full_campaign"}) {
    auto match = warpath::engine::Match::start(*module, scenario, json::object(), 3);
    for (int move = 0; move < 300 && !match.is_over(); ++move) {
      const auto& now = dynamic_cast<const State&>(match.state());
      CAPTURE(scenario);
      CAPTURE(move);
      CHECK(equals_fresh(now));
      for (PieceIndex p = 0; p < data().piece_count(); p += 7) {
        const SpaceIndex at = now.space_of(p);
        const auto next = at == no_space ? std::vector<SpaceIndex>{} : adjacent_spaces(now, at);
        const SpaceIndex to = next.empty() ? quebec : next.front();
        const State after = moved(now, p, to);
        CHECK(equals_fresh(after));
        ++followed;
      }
      const auto role = match.active_roles().front();
      const auto& listed = match.listed_actions(role);
      REQUIRE_FALSE(match.play(role, listed[chooser.below(static_cast<std::uint32_t>(listed.size()))].to_action()));
    }
  }
  CHECK(followed > 1000);
}

TEST_CASE("hand sizes follow the lasting events (4.0 A.1, #62, #67, #69)") {
  State s = *set_up_scenario("full_campaign", {}, 1);
  CHECK(s.hand_size(Side::french) == 8);
  CHECK(s.hand_size(Side::british) == 8);
  s.year_track.william_pitt = true;
  CHECK(s.hand_size(Side::british) == 9);
  s.year_track.diplomatic_revolution = true;
  CHECK(s.hand_size(Side::french) == 9);
  s.year_track.quiberon_bay = true;  // overrides the Diplomatic Revolution
  CHECK(s.hand_size(Side::french) == 7);
  CHECK(s.first_player() == Side::british);  // Quiberon Bay: the British play first
}

}  // namespace state_test
