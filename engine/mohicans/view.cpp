#include "engine/mohicans/view.hpp"

#include "engine/mohicans/naval.hpp"
#include "engine/mohicans/sequence.hpp"
#include "engine/mohicans/setup.hpp"
#include "engine/mohicans/turn.hpp"

namespace warpath::mohicans {
namespace {

using nlohmann::json;

json naval_id_or_null(const State& s, std::optional<NavalIndex> n) {
  return n ? json(s.data().naval_piece(*n).id) : json(nullptr);
}

// The insert as everyone sees it: a French piece not yet turned up is only "face_down".
json public_insert(const State& s) {
  json out = json::object();
  for (std::size_t spot = 0; spot < s.naval.french_at_spot.size(); ++spot) {
    const auto& french = s.naval.french_at_spot[spot];
    out[s.data().naval_spots[spot].id] = {{"french", !french                  ? json(nullptr)
                                                     : s.naval.revealed[spot] ? naval_id_or_null(s, french)
                                                                              : json(face_down)},
                                          {"british", naval_id_or_null(s, s.naval.british_at_spot[spot])}};
  }
  return out;
}

json unit_list(const State& s, const std::vector<UnitIndex>& units) {
  json out = json::array();
  for (UnitIndex u : units) out.push_back(s.data().unit(u).id);
  return out;
}

}  // namespace

json make_public_view(const State& s) {
  const GameData& d = s.data();
  const Turn& turn = s.turn_info();
  json units = json::object();
  for (std::size_t u = 0; u < s.units.size(); ++u)
    units[d.units[u].id] = {{"where", unit_where_names(s.units[u].where)},
                            {"at", s.units[u].at == no_location ? json(nullptr) : json(d.location(s.units[u].at).id)},
                            {"damaged", s.units[u].damaged},
                            {"activated", s.units[u].activated},
                            {"pinned", s.units[u].pinned},
                            {"built_fort", s.units[u].built_fort}};
  json locations = json::object();
  for (std::size_t l = 0; l < s.locations.size(); ++l)
    locations[d.locations[l].id] = {{"owner", owner_names(s.locations[l].owner)},
                                    {"fort", side_or_null(s.locations[l].fort)},
                                    {"raided", s.locations[l].raided},
                                    {"besieged", s.locations[l].besieged},
                                    {"outmaneuvered_by", side_or_null(s.locations[l].outmaneuvered_by)}};
  json arrived = json::array();
  for (NavalIndex n : s.naval.arrived) arrived.push_back(d.naval_piece(n).id);
  return {
      {"scenario", campaign_scenario},
      {"options", options_to_json(s.options)},
      {"turn",
       {{"index", s.turn}, {"of", d.tables.turns.size()}, {"year", turn.year}, {"season", season_names(turn.season)}}},
      {"stage", stage_names(current_stage(s))},
      {"active", s.over ? json(nullptr) : json(std::string(side_names(s.active)))},
      {"supply_points", {{"land", by_side(s.supply.land)}, {"sea", s.supply.sea}}},
      {"locations", locations},
      {"units", units},
      {"naval",
       {{"sea_lift_at", s.naval.sea_lift_at == no_location ? json(nullptr) : json(d.location(s.naval.sea_lift_at).id)},
        {"insert", public_insert(s)},
        {"arrived", arrived},
        {"french_in_hand", french_naval_in_hand(s).size()}}},
      {"iroquois_ally", side_or_null(s.iroquois_ally)},
      {"great_victories", by_side(s.great_victories)},
      {"forts_destroyed", by_side(s.forts_destroyed)},
      {"promotable", {{"french", unit_list(s, s.promotable[0])}, {"british", unit_list(s, s.promotable[1])}}},
      {"victory",
       {{"french", meets_victory_conditions(s, Side::french)},
        {"british", meets_victory_conditions(s, Side::british)}}},
      {"procedures", procedures_to_json(s)},
      {"outcome",
       s.outcome ? json{{"winner", side_or_null(s.outcome->winner)}, {"reason", s.outcome->reason}} : json(nullptr)},
  };
}

json make_seat_view(const State& s, std::string_view seat) {
  if (seat != side_names(Side::french)) return {{"naval_orders", nullptr}};
  json insert = json::object();
  for (std::size_t spot = 0; spot < s.naval.french_at_spot.size(); ++spot)
    insert[s.data().naval_spots[spot].id] = naval_id_or_null(s, s.naval.french_at_spot[spot]);
  json in_hand = json::array();
  for (NavalIndex n : french_naval_in_hand(s)) in_hand.push_back(s.data().naval_piece(n).id);
  return {{"naval_orders", {{"insert", insert}, {"in_hand", in_hand}}}};
}

}  // namespace warpath::mohicans
