// The embedded component data against the reference README's "Verified counts".
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "engine/wilderness_war/data.hpp"

namespace data_test {

using namespace warpath::wilderness_war;

namespace {

const GameData& data() { return game_data(); }

template <typename Items, typename Predicate>
int count_if(const Items& items, Predicate predicate) {
  return static_cast<int>(std::count_if(items.begin(), items.end(), predicate));
}

std::vector<std::string> ids_of(const std::vector<SpaceIndex>& spaces) {
  std::vector<std::string> out;
  for (SpaceIndex s : spaces) out.push_back(data().spaces[static_cast<std::size_t>(s)].id);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> arrow_targets(std::string_view from, ArrowKind kind) {
  std::vector<SpaceIndex> out;
  for (const auto& arrow : data().spaces[static_cast<std::size_t>(data().space_index(from))].arrows_out)
    if (arrow.kind == kind) out.push_back(arrow.to);
  return ids_of(out);
}

const Unit& unit_named(std::string_view id) { return data().unit(data().piece_index(id)); }

}  // namespace

TEST_CASE("70 strategy cards with the verified event sides, values and flags (5.1-5.5)") {
  const auto& cards = data().cards;
  REQUIRE(cards.size() == 70);
  for (std::size_t i = 0; i < cards.size(); ++i) CHECK(cards[i].number == i + 1);
  CHECK(count_if(cards, [](const Card& c) { return c.event_side == EventSide::british; }) == 26);
  CHECK(count_if(cards, [](const Card& c) { return c.event_side == EventSide::french; }) == 16);
  CHECK(count_if(cards, [](const Card& c) { return c.event_side == EventSide::both; }) == 28);
  CHECK(count_if(cards, [](const Card& c) { return c.activation == 1; }) == 23);
  CHECK(count_if(cards, [](const Card& c) { return c.activation == 2; }) == 19);
  CHECK(count_if(cards, [](const Card& c) { return c.activation == 3; }) == 28);
  // 5.56: the response cards are #6-20.
  for (const auto& c : cards) CHECK(c.response == (c.number >= 6 && c.number <= 20));
  // 5.23: REMOVE cards are #31, #32 and #55-70.
  for (const auto& c : cards)
    CHECK(c.removed_after_event == (c.number == 31 || c.number == 32 || (c.number >= 55 && c.number <= 70)));
  for (const auto& c : cards) CHECK(c.only_1755 == (c.number >= 63));
  // 5.25 (README ambiguity 7): #6 Surrender! is the only reshuffle card.
  for (const auto& c : cards) CHECK(c.triggers_reshuffle == (c.number == 6));
  // 6.41: every 3-value card carries the anchor.
  for (const auto& c : cards) CHECK(c.anchor == (c.activation == 3));
  CHECK(data().card(66).event_side == EventSide::british);  // README ambiguity 8
  CHECK(data().card(6).name == "Surrender!");
}

TEST_CASE("141 map spaces by terrain, Department and original friendliness (2.0)") {
  const auto& spaces = data().spaces;
  REQUIRE(spaces.size() == 141);
  auto terrain = [&](Terrain t) { return count_if(spaces, [&](const Space& s) { return s.terrain == t; }); };
  CHECK(terrain(Terrain::cultivated) == 54);  // 52 in Departments + Halifax and Louisbourg
  CHECK(terrain(Terrain::wilderness) == 67);
  CHECK(terrain(Terrain::mountain) == 19);
  CHECK(terrain(Terrain::box) == 1);  // README ambiguity 6: Pays d'en Haut
  auto department = [&](Department d) { return count_if(spaces, [&](const Space& s) { return s.department == d; }); };
  CHECK(department(Department::st_lawrence) == 12);
  CHECK(department(Department::northern) == 21);
  CHECK(department(Department::southern) == 19);
  // 2.0: every cultivated space but the Halifax and Louisbourg boxes is in a Department.
  for (const auto& s : spaces) CHECK((s.department != Department::none) == (s.is_cultivated() && !s.holding_box));
  auto friendly = [&](Side side) {
    return count_if(spaces, [&](const Space& s) { return s.originally_friendly_to == side; });
  };
  CHECK(friendly(Side::british) == 41);  // Northern, Southern, Halifax
  CHECK(friendly(Side::french) == 13);   // St. Lawrence, Louisbourg
  CHECK(count_if(spaces, [](const Space& s) { return s.holding_box; }) == 3);
  CHECK(data().spaces[static_cast<std::size_t>(data().space_index("halifax"))].terrain == Terrain::cultivated);
}

TEST_CASE("fortresses, ports, VP spaces and settlements") {
  CHECK(data().fortresses.size() == 11);
  CHECK(count_if(data().fortresses, [](SpaceIndex s) {
          return data().spaces[static_cast<std::size_t>(s)].originally_friendly_to == Side::british;
        }) == 8);
  CHECK(ids_of(data().ports) == std::vector<std::string>{"alexandria", "baltimore", "boston", "halifax", "louisbourg",
                                                         "new_haven", "new_york", "philadelphia", "quebec"});
  CHECK(ids_of(data().vp_spaces) == std::vector<std::string>{"niagara", "ohio_forks"});
  CHECK(ids_of(data().french_naval_ports) == std::vector<std::string>{"louisbourg", "quebec"});  // 6.4
  CHECK(count_if(data().spaces, [](const Space& s) { return s.is_settlement(); }) == 14);
  // 5.531: one settlement per tribe but the Cherokee, whose settlement is off the map.
  CHECK(data().tribes.size() == 18);
  for (const auto& tribe : data().tribes) CHECK((tribe.settlement == no_space) == (tribe.id == "cherokee"));
  const auto& pays = data().spaces[static_cast<std::size_t>(data().space_index("pays_d_en_haut"))];
  CHECK(pays.settlement_tribes.size() == 4);
}

TEST_CASE("276 symmetric two-way connections and the one-way arrows (2.0)") {
  std::map<ConnectionKind, int> ends;
  for (const auto& s : data().spaces)
    for (const auto& c : s.connections) {
      ++ends[c.kind];
      const auto& other = data().spaces[static_cast<std::size_t>(c.to)];
      const auto back = std::find_if(other.connections.begin(), other.connections.end(), [&](const Connection& b) {
        return data().spaces[static_cast<std::size_t>(b.to)].id == s.id;
      });
      REQUIRE(back != other.connections.end());
      CHECK(back->kind == c.kind);
    }
  CHECK(ends[ConnectionKind::land] / 2 == 203);
  CHECK(ends[ConnectionKind::river] / 2 == 53);
  CHECK(ends[ConnectionKind::lake] / 2 == 20);
  CHECK((ends[ConnectionKind::land] + ends[ConnectionKind::river] + ends[ConnectionKind::lake]) / 2 == 276);
  CHECK(arrow_targets("pays_d_en_haut", ArrowKind::pays_d_en_haut) ==
        std::vector<std::string>{"french_creek", "niagara", "presqu_ile", "toronto"});
  CHECK(arrow_targets("halifax", ArrowKind::amphibious_landing) == std::vector<std::string>{"louisbourg"});
  CHECK(arrow_targets("louisbourg", ArrowKind::amphibious_landing) ==
        std::vector<std::string>{"baie_st_paul", "ile_d_orleans", "riviere_ouelle"});
  // The holding boxes are reached only by naval movement, placement or arrows.
  for (const auto& s : data().spaces)
    if (s.holding_box) CHECK(s.connections.empty());
  int arrows = 0;
  for (const auto& s : data().spaces) arrows += static_cast<int>(s.arrows_out.size());
  CHECK(arrows == 8);
}

TEST_CASE("3 militia boxes, 23 leader boxes and unique location ids") {
  REQUIRE(data().militia_boxes.size() == 3);
  CHECK(count_if(data().militia_boxes, [](const MilitiaBox& b) { return b.side == Side::british; }) == 2);
  CHECK(data().leader_boxes.size() == 23);
  std::set<PieceIndex> leaders_with_boxes;
  for (const auto& box : data().leader_boxes) leaders_with_boxes.insert(box.leader);
  CHECK(leaders_with_boxes.size() == data().leaders.size());
  // Every location id resolves back to itself.
  std::vector<Location> locations;
  for (std::size_t s = 0; s < data().spaces.size(); ++s)
    locations.push_back(Location::in_space(static_cast<SpaceIndex>(s)));
  for (std::size_t b = 0; b < data().militia_boxes.size(); ++b)
    locations.push_back(Location::in_militia_box(static_cast<int>(b)));
  for (const auto& box : data().leader_boxes) locations.push_back(Location::in_leader_box(box.leader));
  for (auto kind : {LocationKind::unused, LocationKind::british_leader_pool, LocationKind::set_aside,
                    LocationKind::eliminated, LocationKind::removed})
    locations.push_back(Location::pool(kind));
  std::set<std::string> ids;
  for (const auto& location : locations) {
    const auto id = data().location_id(location);
    ids.insert(id);
    REQUIRE(data().find_location(id).has_value());
    CHECK(*data().find_location(id) == location);
  }
  CHECK(ids.size() == locations.size());
  CHECK(data().location_id(Location::pool(LocationKind::removed)) == "removed_from_game");
}

TEST_CASE("151 pieces: 23 leaders and 128 units of the verified types (3.0)") {
  REQUIRE(data().piece_count() == 151);
  CHECK(data().leaders.size() == 23);
  CHECK(data().units.size() == 128);
  auto leaders_of = [](Side side) { return count_if(data().leaders, [&](const Leader& l) { return l.side == side; }); };
  CHECK(leaders_of(Side::british) == 13);
  CHECK(leaders_of(Side::french) == 10);
  auto units = [](Side side, UnitType type, UnitSubtype subtype = UnitSubtype::none, bool any_subtype = true) {
    return count_if(data().units, [&](const Unit& u) {
      return u.side == side && u.type == type && (any_subtype || u.subtype == subtype);
    });
  };
  CHECK(units(Side::british, UnitType::regulars, UnitSubtype::regular, false) == 17);
  CHECK(units(Side::british, UnitType::regulars, UnitSubtype::royal_american, false) == 4);
  CHECK(units(Side::british, UnitType::regulars, UnitSubtype::highland, false) == 6);
  CHECK(units(Side::british, UnitType::light_infantry) == 6);
  CHECK(units(Side::british, UnitType::provincials, UnitSubtype::northern, false) == 18);
  CHECK(units(Side::british, UnitType::provincials, UnitSubtype::southern, false) == 6);
  CHECK(units(Side::british, UnitType::rangers) == 3);
  CHECK(units(Side::british, UnitType::indians) == 9);
  CHECK(units(Side::british, UnitType::militia) == 4);
  CHECK(units(Side::french, UnitType::regulars, UnitSubtype::regular, false) == 14);
  CHECK(units(Side::french, UnitType::regulars, UnitSubtype::marine_detachment, false) == 7);
  CHECK(units(Side::french, UnitType::coureurs) == 8);
  CHECK(units(Side::french, UnitType::indians) == 22);
  CHECK(units(Side::french, UnitType::militia) == 4);
  auto in_class = [](Side side, UnitClass c) {
    return count_if(data().units, [&](const Unit& u) { return u.side == side && u.unit_class == c; });
  };
  CHECK(in_class(Side::british, UnitClass::drilled_troops) == 57);
  CHECK(in_class(Side::british, UnitClass::auxiliary) == 12);
  CHECK(in_class(Side::french, UnitClass::drilled_troops) == 21);
  CHECK(in_class(Side::french, UnitClass::auxiliary) == 30);
  // 7.61: eliminated Regulars and Coureurs leave the game; the other types may re-enter.
  for (const auto& u : data().units)
    CHECK(u.may_reenter_after_elimination == (u.type != UnitType::regulars && u.type != UnitType::coureurs));
  // Every Indian belongs to a tribe, nobody else does.
  for (const auto& u : data().units) CHECK((u.tribe != no_tribe) == (u.type == UnitType::indians));
  CHECK(data().tribes[static_cast<std::size_t>(unit_named("fr_ind_abenaki_1").tribe)].settlement ==
        data().space_index("st_francois"));
}

TEST_CASE("leader ratings and flags (3.2, 5.534, 5.55)") {
  std::vector<std::string> seven_command;
  for (const auto& l : data().leaders)
    if (l.seven_command) seven_command.push_back(l.id);
  std::sort(seven_command.begin(), seven_command.end());
  CHECK(seven_command == std::vector<std::string>{"br_abercromby", "br_amherst", "br_braddock", "br_loudoun"});
  for (const auto& l : data().leaders) CHECK(l.commands_iroquois_and_mohawk_free == (l.id == "br_johnson"));
  const auto& montcalm = data().leader(data().piece_index("fr_montcalm"));
  CHECK(montcalm.initiative == 1);
  CHECK(montcalm.command == 6);
  CHECK(montcalm.tactics == 2);
  CHECK(data().is_leader(data().piece_index("br_johnson")));
  CHECK_FALSE(data().is_leader(data().piece_index("br_reg_15th")));
}

TEST_CASE("charts: Combat Results, Raid and Siege Tables (7.0, 8.23, 10.3)") {
  const auto& crt = data().tables.combat_results;
  REQUIRE(crt.column_min_strength.size() == 11);
  CHECK(crt.column_for_strength(0) == 0);
  CHECK(crt.column_for_strength(5) == 4);
  CHECK(crt.column_for_strength(6) == 5);
  CHECK(crt.column_for_strength(12) == 6);
  CHECK(crt.column_for_strength(13) == 7);
  CHECK(crt.column_for_strength(40) == 10);
  CHECK(crt.step_losses(0, 6) == 1);   // strength 0, roll 6
  CHECK(crt.step_losses(0, 4) == 0);   // NE
  CHECK(crt.step_losses(10, 9) == 8);  // >=28 column, >=7 row
  CHECK(crt.step_losses(6, -3) == 1);  // 9-12 column, <=0 row
  CHECK(crt.step_losses(3, 2) == 1);
  CHECK(crt.battle_modifiers.size() == 7);
  CHECK(crt.assault_modifiers.back().column_shift == -1);  // 9.13
  const auto& raid = data().tables.raid;
  CHECK(raid.result(RaidColumn::cultivated, 1).raider_step_losses == 0);
  CHECK(raid.result(RaidColumn::stockade_settlement_or_blockhouse, 1).raider_step_losses == 1);
  CHECK(raid.result(RaidColumn::stockade_settlement_or_blockhouse, 4).raider_step_losses == 2);
  CHECK(raid.result(RaidColumn::cultivated, 5).success);
  CHECK(raid.result(RaidColumn::cultivated, 5).raider_step_losses == 1);
  CHECK_FALSE(raid.result(RaidColumn::cultivated, 4).success);
  const auto& siege = data().tables.siege;
  CHECK(siege.increase(2) == 0);
  CHECK(siege.increase(3) == 1);
  CHECK(siege.increase(6) == 2);
  CHECK(siege.fort_assault_level == 1);
  CHECK(siege.fortress_assault_level == 2);
  CHECK(data().tables.fort_capacity == 4);  // 8.11
  CHECK(data().tables.leader_alone_movement == 6);
  CHECK(data().tables.boat_movement == 9);
  const auto raided = std::find_if(data().tables.victory_points.begin(), data().tables.victory_points.end(),
                                   [](const VictoryPointAward& a) { return a.id == "raided_marker"; });
  REQUIRE(raided != data().tables.victory_points.end());
  CHECK(raided->half_points == 1);  // 13.22: half a VP
}

TEST_CASE("Provincial Assemblies track, hand-size events and optional rules (5.54, 4.0, 14.0)") {
  const auto& limits = data().provincial_limits;
  REQUIRE(limits.size() == 3);
  CHECK(limits[0].northern == 6);
  CHECK(limits[0].southern == 2);
  CHECK(limits[1].northern == 10);
  CHECK(limits[1].southern == 4);
  CHECK_FALSE(limits[2].northern.has_value());
  CHECK(data().hand_size_rules.size() == 3);
  CHECK(data().hand_size_rules.back().event == LastingEvent::quiberon_bay);
  CHECK(data().hand_size_rules.back().hand_size == 7);
  std::set<std::string> rules;
  for (const auto& r : data().optional_rules) rules.insert(r.rule);
  CHECK(rules == std::set<std::string>{"13.3", "14.1", "14.2", "14.3", "14.4", "14.5", "14.6", "14.7"});
}

TEST_CASE("four scenarios on two set-ups") {
  REQUIRE(data().scenarios.size() == 4);
  std::vector<std::string> ids;
  for (const auto& s : data().scenarios) ids.push_back(s.id);
  CHECK(ids == std::vector<std::string>{"annus_mirabilis", "early_war_campaign", "late_war_campaign", "full_campaign"});
  CHECK(data().setups.size() == 2);
  CHECK(data().find_scenario("annus_mirabilis")->starting_vp == 4);  // README ambiguity 1
  CHECK(data().find_scenario("annus_mirabilis")->starting_vp_variant == 2);
  CHECK(data().find_scenario("early_war_campaign")->end_year == 1759);  // README ambiguity 2
  CHECK(data().find_scenario("full_campaign")->end_year == 1762);
  CHECK(data().find_scenario("nowhere") == nullptr);
}

TEST_CASE("bad data is refused with a DataError") {
  CHECK_THROWS_AS(data().space_index("atlantis"), DataError);
  CHECK_THROWS_AS(data().piece_index("fr_napoleon"), DataError);
  CHECK_THROWS_AS(GameData("{", "{}", "{}", "{}", "{}"), DataError);
  CHECK_THROWS_AS(GameData("{}", "{}", "{}", "{}", "{}"), DataError);
}

}  // namespace data_test
