#include "engine/mohicans/state.hpp"

#include <set>
#include <stdexcept>

#include "engine/mohicans/sequence.hpp"

namespace warpath::mohicans {
namespace {

using nlohmann::json;

constexpr std::string_view state_format = "warpath/mohicans/state v1";

[[noreturn]] void reject(const std::string& what) { throw std::invalid_argument("Mohicans state: " + what); }

std::optional<Side> read_side_or_null(const json& j) {
  if (j.is_null()) return std::nullopt;
  return side_names.parse(j.get<std::string>(), "side");
}

std::array<int, 2> read_by_side(const json& j) { return {j.at("french").get<int>(), j.at("british").get<int>()}; }

json location_or_null(const GameData& d, LocationIndex l) {
  return l == no_location ? json(nullptr) : json(d.location(l).id);
}
LocationIndex read_location_or_null(const GameData& d, const json& j) {
  return j.is_null() ? no_location : d.location_index(j.get<std::string>());
}

json unit_ids(const GameData& d, const std::vector<UnitIndex>& units) {
  json out = json::array();
  for (UnitIndex u : units) out.push_back(d.unit(u).id);
  return out;
}
std::vector<UnitIndex> read_unit_ids(const GameData& d, const json& j) {
  std::vector<UnitIndex> out;
  for (const auto& id : j) out.push_back(d.unit_index(id.get<std::string>()));
  return out;
}

json naval_spots_json(const GameData& d, const std::array<std::optional<NavalIndex>, 4>& at) {
  json out = json::object();
  for (std::size_t spot = 0; spot < at.size(); ++spot)
    out[d.naval_spots[spot].id] = at[spot] ? json(d.naval_piece(*at[spot]).id) : json(nullptr);
  return out;
}
std::array<std::optional<NavalIndex>, 4> read_naval_spots(const GameData& d, const json& j) {
  std::array<std::optional<NavalIndex>, 4> out;
  for (std::size_t spot = 0; spot < out.size(); ++spot) {
    const json& id = j.at(d.naval_spots[spot].id);
    if (!id.is_null()) out[spot] = d.naval_index(id.get<std::string>());
  }
  return out;
}

json unit_or_null(const GameData& d, UnitIndex u) { return u == no_unit ? json(nullptr) : json(d.unit(u).id); }
UnitIndex read_unit_or_null(const GameData& d, const json& j) {
  return j.is_null() ? no_unit : d.unit_index(j.get<std::string>());
}

template <typename T, typename F>
json optional_json(const std::optional<T>& value, F&& to_json) {
  return value ? to_json(*value) : json(nullptr);
}

json location_ids(const GameData& d, const std::vector<LocationIndex>& locations) {
  json out = json::array();
  for (LocationIndex l : locations) out.push_back(d.location(l).id);
  return out;
}

json movement_to_json(const GameData& d, const MovementState& v) {
  return {{"group", unit_ids(d, v.group)},
          {"from", location_or_null(d, v.from)},
          {"at", location_or_null(d, v.at)},
          {"mode", move_mode_names(v.mode)},
          {"moves_used", v.moves_used},
          {"trail_used", v.trail_used},
          {"sp_spent", v.sp_spent},
          {"aboard", v.aboard},
          {"embarked_here", v.embarked_here},
          {"sea_lift_from", location_or_null(d, v.sea_lift_from)},
          {"engaged", v.engaged},
          {"pins_left", v.pins_left},
          {"moved", unit_ids(d, v.moved)},
          {"lifted", unit_ids(d, v.lifted)},
          {"iroquois_free_used", v.iroquois_free_used},
          {"raid_places", location_ids(d, v.raid_places)}};
}

MovementState movement_from_json(const GameData& d, const json& v) {
  MovementState m;
  m.group = read_unit_ids(d, v.at("group"));
  m.from = read_location_or_null(d, v.at("from"));
  m.at = read_location_or_null(d, v.at("at"));
  m.mode = move_mode_names.parse(v.at("mode").get<std::string>(), "move mode");
  m.moves_used = v.at("moves_used").get<int>();
  m.trail_used = v.at("trail_used").get<bool>();
  m.sp_spent = v.at("sp_spent").get<int>();
  m.aboard = v.at("aboard").get<bool>();
  m.embarked_here = v.at("embarked_here").get<bool>();
  m.sea_lift_from = read_location_or_null(d, v.at("sea_lift_from"));
  m.engaged = v.at("engaged").get<bool>();
  m.pins_left = v.at("pins_left").get<int>();
  m.moved = read_unit_ids(d, v.at("moved"));
  m.lifted = read_unit_ids(d, v.at("lifted"));
  m.iroquois_free_used = v.at("iroquois_free_used").get<bool>();
  for (const auto& id : v.at("raid_places")) m.raid_places.push_back(d.location_index(id.get<std::string>()));
  return m;
}

json losses_json(const Losses& v) {
  return {{"kills", v.kills}, {"hits", v.hits}, {"first_hit", v.first_hit}, {"by_enemy", v.by_enemy}};
}
Losses read_losses(const json& j) {
  return {j.at("kills").get<int>(), j.at("hits").get<int>(), j.at("first_hit").get<bool>(),
          j.at("by_enemy").get<bool>()};
}
json by_side_bool(const std::array<bool, 2>& values) { return {{"french", values[0]}, {"british", values[1]}}; }
std::array<bool, 2> read_by_side_bool(const json& j) {
  return {j.at("french").get<bool>(), j.at("british").get<bool>()};
}

json combat_json(const GameData& d, const CombatState& v) {
  return {{"battles", location_ids(d, v.battles)},
          {"battle", location_or_null(d, v.battle)},
          {"step", combat_step_names(v.step)},
          {"attacker", side_names(v.attacker)},
          {"terrain", terrain_names(v.terrain)},
          {"ambush", v.ambush},
          {"landing", v.landing},
          {"assault", v.assault},
          {"round", v.round},
          {"defender_fired", v.defender_fired},
          {"marker", v.marker},
          {"inside", unit_ids(d, v.inside)},
          {"losses", {{"french", losses_json(v.losses[0])}, {"british", losses_json(v.losses[1])}}},
          {"destroyed", by_side(v.destroyed)},
          {"regulars", by_side(v.regulars)},
          {"reinforced", by_side_bool(v.reinforced)},
          {"acting", side_or_null(v.acting)},
          {"winner", side_or_null(v.winner)},
          {"british_place", v.british_place},
          {"booty_left", v.booty_left},
          {"sea_port", location_or_null(d, v.sea_port)}};
}

}  // namespace

std::string role_of(Side side) { return std::string(side_names(side)); }
json side_or_null(std::optional<Side> side) { return side ? json(std::string(side_names(*side))) : json(nullptr); }
json by_side(const std::array<int, 2>& values) { return {{"french", values[0]}, {"british", values[1]}}; }

json procedures_to_json(const State& s) {
  const GameData& d = s.data();
  return {
      {"setup", optional_json(s.setup,
                              [](const SetupState& v) {
                                return json{{"coureurs_placed", v.coureurs_placed}};
                              })},
      {"reinforcement",
       optional_json(s.reinforcement,
                     [&](const ReinforcementState& v) {
                       json ships = json::array();
                       for (NavalIndex n : v.ships) ships.push_back(d.naval_piece(n).id);
                       return json{{"scheduled", unit_ids(d, v.scheduled)}, {"ships", ships},
                                   {"part", landing_part_names(v.part)},    {"left", v.left},
                                   {"port", location_or_null(d, v.port)},   {"selected", unit_or_null(d, v.selected)}};
                     })},
      {"restoration", optional_json(s.restoration,
                                    [&](const RestorationState& v) {
                                      return json{{"restored", unit_ids(d, v.restored)}};
                                    })},
      {"muster", optional_json(s.muster,
                               [&](const MusterState& v) {
                                 return json{
                                     {"moved", unit_ids(d, v.moved)},
                                     {"selected", v.selected == no_unit ? json(nullptr) : json(d.unit(v.selected).id)}};
                               })},
      {"strategic_movement", optional_json(s.strategic_movement,
                                           [&](const StrategicMovementState& v) {
                                             return json{{"moved", unit_ids(d, v.moved)}};
                                           })},
      {"movement", optional_json(s.movement, [&](const MovementState& v) { return movement_to_json(d, v); })},
      {"combat", optional_json(s.combat, [&](const CombatState& v) { return combat_json(d, v); })},
      {"sieges", optional_json(s.sieges,
                               [&](const SiegesState& v) {
                                 return json{{"sieges", location_ids(d, v.sieges)},
                                             {"siege", location_or_null(d, v.siege)},
                                             {"step", siege_step_names(v.step)},
                                             {"hits", by_side(v.hits)},
                                             {"sea_port", location_or_null(d, v.sea_port)}};
                               })},
      {"iroquois_adjustment", optional_json(s.iroquois_adjustment,
                                            [](const IroquoisAdjustmentState& v) {
                                              return json{{"turns_left", v.turns_left}};
                                            })},
      {"winter", optional_json(s.winter,
                               [&](const WinterState& v) {
                                 return json{{"step", winter_step_names(v.step)},
                                             {"promoting", unit_or_null(d, v.promoting)},
                                             {"stranded", unit_ids(d, v.stranded)},
                                             {"saving", unit_or_null(d, v.saving)}};
                               })},
      {"naval_war", optional_json(s.naval_war,
                                  [&](const NavalWarState& v) {
                                    return json{{"spot", v.spot < static_cast<int>(d.naval_spots.size())
                                                             ? json(d.naval_spots[static_cast<std::size_t>(v.spot)].id)
                                                             : json(nullptr)}};
                                  })},
  };
}

namespace {

std::vector<LocationIndex> read_locations(const GameData& d, const json& j) {
  std::vector<LocationIndex> out;
  for (const auto& id : j) out.push_back(d.location_index(id.get<std::string>()));
  return out;
}

void read_procedures(const json& j, State& s) {
  const GameData& d = s.data();
  auto read = [&](const char* name, auto& target, auto&& parse) {
    const json& v = j.at(name);
    if (v.is_null())
      target.reset();
    else
      target = parse(v);
  };
  read("setup", s.setup, [](const json& v) { return SetupState{v.at("coureurs_placed").get<int>()}; });
  read("reinforcement", s.reinforcement, [&](const json& v) {
    ReinforcementState r;
    r.scheduled = read_unit_ids(d, v.at("scheduled"));
    for (const auto& id : v.at("ships")) r.ships.push_back(d.naval_index(id.get<std::string>()));
    r.part = landing_part_names.parse(v.at("part").get<std::string>(), "landing part");
    r.left = v.at("left").get<int>();
    r.port = read_location_or_null(d, v.at("port"));
    r.selected = read_unit_or_null(d, v.at("selected"));
    return r;
  });
  read("restoration", s.restoration,
       [&](const json& v) { return RestorationState{read_unit_ids(d, v.at("restored"))}; });
  read("muster", s.muster, [&](const json& v) {
    const json& selected = v.at("selected");
    return MusterState{read_unit_ids(d, v.at("moved")),
                       selected.is_null() ? no_unit : d.unit_index(selected.get<std::string>())};
  });
  read("strategic_movement", s.strategic_movement,
       [&](const json& v) { return StrategicMovementState{read_unit_ids(d, v.at("moved"))}; });
  read("movement", s.movement, [&](const json& v) { return movement_from_json(d, v); });
  read("combat", s.combat, [&](const json& v) {
    CombatState c;
    c.battles = read_locations(d, v.at("battles"));
    c.battle = read_location_or_null(d, v.at("battle"));
    c.step = combat_step_names.parse(v.at("step").get<std::string>(), "combat step");
    c.attacker = side_names.parse(v.at("attacker").get<std::string>(), "side");
    c.terrain = terrain_names.parse(v.at("terrain").get<std::string>(), "terrain");
    c.ambush = v.at("ambush").get<bool>();
    c.landing = v.at("landing").get<bool>();
    c.assault = v.at("assault").get<bool>();
    c.round = v.at("round").get<int>();
    c.defender_fired = v.at("defender_fired").get<bool>();
    c.marker = v.at("marker").get<int>();
    c.inside = read_unit_ids(d, v.at("inside"));
    c.losses = {read_losses(v.at("losses").at("french")), read_losses(v.at("losses").at("british"))};
    c.destroyed = read_by_side(v.at("destroyed"));
    c.regulars = read_by_side(v.at("regulars"));
    c.reinforced = read_by_side_bool(v.at("reinforced"));
    c.acting = read_side_or_null(v.at("acting"));
    c.winner = read_side_or_null(v.at("winner"));
    c.british_place = v.at("british_place").get<bool>();
    c.booty_left = v.at("booty_left").get<int>();
    c.sea_port = read_location_or_null(d, v.at("sea_port"));
    return c;
  });
  read("sieges", s.sieges, [&](const json& v) {
    return SiegesState{
        read_locations(d, v.at("sieges")), read_location_or_null(d, v.at("siege")),
        siege_step_names.parse(v.at("step").get<std::string>(), "siege step"), read_by_side(v.at("hits")),
        read_location_or_null(d, v.value("sea_port", json(nullptr)))};  // absent in states saved before it
  });
  read("iroquois_adjustment", s.iroquois_adjustment,
       [](const json& v) { return IroquoisAdjustmentState{v.at("turns_left").get<int>()}; });
  read("winter", s.winter, [&](const json& v) {
    return WinterState{winter_step_names.parse(v.at("step").get<std::string>(), "winter step"),
                       read_unit_or_null(d, v.at("promoting")), read_unit_ids(d, v.at("stranded")),
                       read_unit_or_null(d, v.at("saving"))};
  });
  read("naval_war", s.naval_war, [&](const json& v) {
    const json& spot = v.at("spot");
    if (spot.is_null()) return NavalWarState{static_cast<int>(d.naval_spots.size())};
    const auto found = d.find_spot(spot.get<std::string>());
    if (!found) reject("unknown naval spot " + spot.dump());
    return NavalWarState{static_cast<int>(*found)};
  });
}

json log_line_to_json(const LogLine& l) {  // {role, verb, arg, text}
  return {{"role", l.role}, {"verb", l.verb}, {"arg", l.arg}, {"text", l.text}};
}

}  // namespace

State::State(const GameData& data) : units(data.units.size()), locations(data.locations.size()), data_(&data) {}

int State::roll_die(int sides) {
  const int die = rng.roll(sides);
  dice.push_back(die);
  return die;
}

void State::note(std::string role, std::string verb, json arg, std::string text) {
  text.shrink_to_fit();
  log.push_back({std::move(role), std::move(verb), std::move(arg), std::move(text)});
}

bool State::operator==(const State& o) const {
  return data_ == o.data_ && options == o.options && turn == o.turn && row == o.row && active == o.active &&
         over == o.over && units == o.units && locations == o.locations && naval == o.naval && supply == o.supply &&
         iroquois_ally == o.iroquois_ally && great_victories == o.great_victories &&
         forts_destroyed == o.forts_destroyed && promotable == o.promotable && outcome == o.outcome &&
         setup == o.setup && reinforcement == o.reinforcement && restoration == o.restoration && muster == o.muster &&
         strategic_movement == o.strategic_movement && movement == o.movement && combat == o.combat &&
         sieges == o.sieges && iroquois_adjustment == o.iroquois_adjustment && winter == o.winter &&
         naval_war == o.naval_war && rng == o.rng && log == o.log && rule_events == o.rule_events;
}

json options_to_json(const Options& options) {
  return {{"historical_reinforcements", options.historical_reinforcements}, {"d6_combat", options.d6_combat}};
}

Options options_from_json(const json& j) {
  Options options;
  if (j.is_null()) return options;
  if (!j.is_object()) throw std::invalid_argument("options must be an object");
  for (const auto& [key, value] : j.items()) {
    bool* flag = key == "historical_reinforcements" ? &options.historical_reinforcements
                 : key == "d6_combat"               ? &options.d6_combat
                                                    : nullptr;
    if (!flag) throw std::invalid_argument("unknown option '" + key + "'");
    if (value.is_null()) continue;
    if (!value.is_boolean()) throw std::invalid_argument("option '" + key + "' must be true or false");
    *flag = value.get<bool>();
  }
  return options;
}

json log_to_json(const GameLog& log, std::size_t from, std::size_t to) {
  json out = json::array();
  log.for_each_between(from, to, [&](const LogLine& line) { out.push_back(log_line_to_json(line)); });
  return out;
}

json State::to_json() const {
  const GameData& d = data();
  json units_json = json::object();
  for (std::size_t u = 0; u < units.size(); ++u)
    units_json[d.units[u].id] = {{"where", unit_where_names(units[u].where)},
                                 {"at", location_or_null(d, units[u].at)},
                                 {"damaged", units[u].damaged},
                                 {"activated", units[u].activated},
                                 {"pinned", units[u].pinned},
                                 {"arrived_by", arrival_names(units[u].arrived_by)},
                                 {"came_from", location_or_null(d, units[u].came_from)},
                                 {"built_fort", units[u].built_fort}};
  json locations_json = json::object();
  for (std::size_t l = 0; l < locations.size(); ++l)
    locations_json[d.locations[l].id] = {{"owner", owner_names(locations[l].owner)},
                                         {"fort", side_or_null(locations[l].fort)},
                                         {"raided", locations[l].raided},
                                         {"besieged", locations[l].besieged},
                                         {"outmaneuvered_by", side_or_null(locations[l].outmaneuvered_by)}};
  json revealed = json::object();
  for (std::size_t spot = 0; spot < naval.revealed.size(); ++spot)
    revealed[d.naval_spots[spot].id] = naval.revealed[spot];
  json arrived = json::array();
  for (NavalIndex n : naval.arrived) arrived.push_back(d.naval_piece(n).id);
  return {{"format", state_format},
          {"options", options_to_json(options)},
          {"turn", turn},
          {"row", row},
          {"active", side_names(active)},
          {"over", over},
          {"units", units_json},
          {"locations", locations_json},
          {"naval",
           {{"french_at_spot", naval_spots_json(d, naval.french_at_spot)},
            {"british_at_spot", naval_spots_json(d, naval.british_at_spot)},
            {"revealed", revealed},
            {"arrived", arrived},
            {"sea_lift_at", location_or_null(d, naval.sea_lift_at)}}},
          {"supply", {{"land", by_side(supply.land)}, {"sea", supply.sea}}},
          {"iroquois_ally", side_or_null(iroquois_ally)},
          {"great_victories", by_side(great_victories)},
          {"forts_destroyed", by_side(forts_destroyed)},
          {"promotable", {{"french", unit_ids(d, promotable[0])}, {"british", unit_ids(d, promotable[1])}}},
          {"outcome",
           outcome ? json{{"winner", side_or_null(outcome->winner)}, {"reason", outcome->reason}} : json(nullptr)},
          {"procedures", procedures_to_json(*this)},
          {"rng", rng.to_json()},
          {"log", log_to_json(log, log.first())},
          {"log_first", log.first()},
          {"rule_events", rule_events.to_json()}};
}

State State::from_json(const json& j, const GameData& data) {
  try {
    if (!j.is_object() || j.at("format") != state_format)
      reject("format must be \"" + std::string(state_format) + "\"");
    State s(data);
    s.options = options_from_json(j.at("options"));
    s.turn = j.at("turn").get<int>();
    if (s.turn < 0 || s.turn >= static_cast<int>(data.tables.turns.size())) reject("turn out of range");
    s.row = j.at("row").get<std::uint8_t>();
    s.active = side_names.parse(j.at("active").get<std::string>(), "side");
    s.over = j.at("over").get<bool>();
    const json& units_json = j.at("units");
    if (units_json.size() != data.units.size()) reject("units must list every counter once");
    for (std::size_t u = 0; u < data.units.size(); ++u) {
      const json& v = units_json.at(data.units[u].id);
      s.units[u] = {unit_where_names.parse(v.at("where").get<std::string>(), "unit place"),
                    read_location_or_null(data, v.at("at")), v.at("damaged").get<bool>(),
                    v.at("activated").get<bool>()};
      s.units[u].pinned = v.at("pinned").get<bool>();
      s.units[u].arrived_by = arrival_names.parse(v.at("arrived_by").get<std::string>(), "arrival");
      s.units[u].came_from = read_location_or_null(data, v.at("came_from"));
      s.units[u].built_fort = v.at("built_fort").get<bool>();
      if ((s.units[u].where == UnitWhere::map) != (s.units[u].at != no_location))
        reject(data.units[u].id + ": a location exactly when on the map");
    }
    const json& locations_json = j.at("locations");
    if (locations_json.size() != data.locations.size()) reject("locations must list every location once");
    for (std::size_t l = 0; l < data.locations.size(); ++l) {
      const json& v = locations_json.at(data.locations[l].id);
      s.locations[l] = {owner_names.parse(v.at("owner").get<std::string>(), "owner"), read_side_or_null(v.at("fort")),
                        v.at("raided").get<bool>(), v.at("besieged").get<bool>(),
                        read_side_or_null(v.at("outmaneuvered_by"))};
    }
    const json& naval = j.at("naval");
    s.naval.french_at_spot = read_naval_spots(data, naval.at("french_at_spot"));
    s.naval.british_at_spot = read_naval_spots(data, naval.at("british_at_spot"));
    for (std::size_t spot = 0; spot < s.naval.revealed.size(); ++spot)
      s.naval.revealed[spot] = naval.at("revealed").at(data.naval_spots[spot].id).get<bool>();
    for (const auto& id : naval.at("arrived")) s.naval.arrived.push_back(data.naval_index(id.get<std::string>()));
    s.naval.sea_lift_at = read_location_or_null(data, naval.at("sea_lift_at"));
    s.supply.land = read_by_side(j.at("supply").at("land"));
    s.supply.sea = j.at("supply").at("sea").get<int>();
    s.iroquois_ally = read_side_or_null(j.at("iroquois_ally"));
    s.great_victories = read_by_side(j.at("great_victories"));
    s.forts_destroyed = read_by_side(j.at("forts_destroyed"));
    for (Side side : both_sides)
      s.promotable[index_of(side)] = read_unit_ids(data, j.at("promotable").at(std::string(side_names(side))));
    if (!j.at("outcome").is_null())
      s.outcome = Outcome{read_side_or_null(j["outcome"].at("winner")), j["outcome"].at("reason").get<std::string>()};
    read_procedures(j.at("procedures"), s);
    s.rng = engine::Rng::from_json(j.at("rng"));
    const std::size_t first = j.at("log_first").get<std::size_t>();
    s.log = GameLog::starting_at(first);
    for (const auto& line : j.at("log"))
      s.log.push_back({line.at("role").get<std::string>(), line.at("verb").get<std::string>(), line.at("arg"),
                       line.at("text").get<std::string>()});
    if (s.log.first() != first) reject("log_first does not match the log's size");
    s.rule_events = RuleEventCounts::from_json(j.at("rule_events"));
    if (s.row >= sequence_rows()) reject("row out of range");
    return s;
  } catch (const json::exception& e) {
    reject(e.what());
  }
}

}  // namespace warpath::mohicans
