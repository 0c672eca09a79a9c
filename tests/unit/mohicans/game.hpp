#pragma once
// A Mohicans game played as a client plays it: through engine::Match, whose legality check applies
// only listed actions. Rules tests play through this, never through apply().

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/core/rng.hpp"
#include "engine/mohicans/module.hpp"
#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"
#include "engine/mohicans/state.hpp"

namespace moh_test {

using nlohmann::json;
using namespace warpath::mohicans;

// The legal actions' args for `verb` as strings (empty when the verb is not listed).
inline std::vector<std::string> args_of(const json& actions, const std::string& verb) {
  std::vector<std::string> out;
  if (!actions.contains(verb) || !actions[verb].is_array()) return out;
  for (const auto& a : actions[verb]) out.push_back(a.is_string() ? a.get<std::string>() : a.dump());
  return out;
}

// Positions by the data's ids.
inline UnitIndex unit(const char* id) { return game_data().unit_index(id); }
inline LocationIndex location(const char* id) { return game_data().location_index(id); }
// Every unit at `where` back to the force pool.
inline void clear(State& s, const char* where) {
  for (UnitIndex u : units_at(s, location(where))) {
    s.unit(u) = UnitState{};
    s.unit(u).where = UnitWhere::force_pool;
  }
}
inline void put(State& s, const char* u, const char* where) { put_on_map(s, unit(u), location(where)); }
// `arg` is among the listed arguments of `verb`.
inline bool listed(const json& actions, const std::string& verb, const std::string& arg) {
  const auto args = args_of(actions, verb);
  return std::find(args.begin(), args.end(), arg) != args.end();
}

struct Game {
  std::unique_ptr<warpath::engine::GameModule> module = make_mohicans();
  warpath::engine::Match match;

  explicit Game(std::uint64_t seed = 1, const json& options = json::object())
      : match(*module, module->setup("campaign", options, seed)) {}
  explicit Game(const State& from) : match(*module, from.clone()) {}

  const State& s() const { return dynamic_cast<const State&>(match.state()); }
  Stage stage() const { return current_stage(s()); }
  std::string active() const { return std::string(side_names(s().active)); }
  json actions(const std::string& role) const { return match.legal_actions(role); }
  json actions() const { return actions(active()); }

  void act(const std::string& role, const std::string& verb, json arg = nullptr) {
    const auto refused = match.play(role, {verb, arg});
    REQUIRE_MESSAGE(!refused, role, " may not ", verb, " ", arg.dump(), ": ", refused ? refused->message : "",
                    "; listed: ", actions(role).dump());
  }
  // The same for the side whose decision it is.
  void play(const std::string& verb, json arg = nullptr) { act(active(), verb, std::move(arg)); }
  // The refusal of an action, or none when it was played.
  std::optional<warpath::engine::ActionError> try_act(const std::string& role, const std::string& verb,
                                                      json arg = nullptr) {
    return match.play(role, {verb, arg});
  }

  // One decision taken the simplest way: `done` when listed, else the first listed argument.
  void step() {
    const json listed = actions();
    REQUIRE_MESSAGE(!listed.empty(), "nothing listed at ", stage_names(stage()));
    if (listed.contains("done")) return play("done");
    for (const auto& [verb, args] : listed.items())
      if (verb != "undo") return play(verb, args.is_array() ? args[0] : json(nullptr));
    FAIL("only undo is listed at ", stage_names(stage()));
  }
  // The set-up's decisions (the first listed places).
  void finish_setup() {
    while (s().row < first_turn_row() && !match.is_over()) step();
  }
  // Steps until `until` holds (or the game ends), at most `limit` decisions.
  template <typename Pred>
  void step_until(Pred until, int limit = 2000) {
    for (int i = 0; i < limit && !until(*this) && !match.is_over(); ++i) step();
    REQUIRE(until(*this));
  }
};

inline LocationIndex at(const Game& g, const char* u) { return g.s().unit(unit(u)).at; }
// Some log line contains `text`.
inline bool log_has(const Game& g, const std::string& text) {
  for (std::size_t i = 0; i < g.s().log.size(); ++i)
    if (g.s().log[i].text.find(text) != std::string::npos) return true;
  return false;
}

// A counter of the naval insert by its id.
inline NavalIndex naval(const char* id) { return game_data().naval_index(id); }

// A seed whose Rng rolls `first` then `second` on a d6.
inline std::uint64_t seed_rolling(int first, int second) {
  for (std::uint64_t seed = 1;; ++seed) {
    warpath::engine::Rng rng(seed);
    if (rng.roll(6) == first && rng.roll(6) == second) return seed;
  }
}

// The position at the start of `side`'s first movement (1754, the year's only turn) with `sp`
// land Supply Points. Played once per side and seed, as at_british_movement.
inline State at_movement(Side side, int sp = 10, std::uint64_t seed = 1) {
  static std::map<std::pair<Side, std::uint64_t>, State> played;
  auto it = played.find({side, seed});
  if (it == played.end()) {
    Game g(seed);
    g.finish_setup();
    g.step_until([&](const Game& x) { return x.stage() == Stage::movement && x.s().active == side; });
    it = played.emplace(std::pair{side, seed}, g.s()).first;
  }
  State s = it->second;
  s.supply.land[index_of(side)] = sp;
  return s;
}

// The position survives its JSON mid-decision (the sub-state's fields included).
inline void check_round_trip(const Game& g) {
  const json j = g.s().to_json();
  CHECK(State::from_json(j) == g.s());
  CHECK(State::from_json(j).to_json() == j);
}

// The position at the British movement of the first turn (or of 1755's Spring with `spring`).
// Each seed's position is played once per run and copied after: many tests start from the same
// seeds, and playing there is most of their time under the sanitizers.
inline State at_british_movement(std::uint64_t seed, bool spring = false) {
  static std::map<std::uint64_t, State> played;
  auto it = played.find(seed);
  if (it == played.end()) {
    Game g(seed);
    g.finish_setup();
    g.step_until([](const Game& x) { return x.stage() == Stage::movement && x.s().active == Side::british; });
    it = played.emplace(seed, g.s()).first;
  }
  State s = it->second;
  if (spring) s.turn = 1;
  return s;
}

// Empties `l` and puts the units there, full strength and active.
inline void stage_battle(State& s, const char* l, std::initializer_list<const char*> units) {
  for (UnitIndex u : units_at(s, location(l))) {
    s.unit(u).where = UnitWhere::force_pool;
    s.unit(u).at = no_location;
  }
  for (const char* id : units) {
    put_on_map(s, unit(id), location(l));
    s.unit(unit(id)).damaged = false;
    if (game_data().unit(unit(id)).kind == UnitKind::tribe) s.unit(unit(id)).activated = true;
  }
}

// 1755's Spring, British movement: Quebec besieged by four British units (three regulars and
// Rogers' Rangers) against its garrison and a militia.
inline State quebec_under_siege() {
  State s = at_british_movement(4, true);
  s.location(location("quebec")).besieged = true;
  stage_battle(s, "quebec",
               {"fr_gar_quebec", "fr_mil_quebec_1", "br_reg_44", "br_reg_48", "br_reg_40", "br_rng_rogers"});
  return s;
}

}  // namespace moh_test
