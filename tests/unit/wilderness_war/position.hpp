#pragma once
// Building test positions from the documented state JSON: a scenario's set-up with the board
// cleared, then only the pieces, markers and cards a test needs.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/action_list.hpp"
#include "engine/core/match.hpp"
#include "engine/wilderness_war/activation_state.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/movement.hpp"
#include "engine/wilderness_war/state.hpp"

namespace ww_test {

using nlohmann::json;

// A space and a piece by their data ids.
inline warpath::wilderness_war::SpaceIndex sp(std::string_view id) {
  return warpath::wilderness_war::game_data().space_index(id);
}
inline warpath::wilderness_war::PieceIndex pc(std::string_view id) {
  return warpath::wilderness_war::game_data().piece_index(id);
}

// The scenario's state JSON with no piece on the map and no markers: every piece unused.
inline json cleared_position(const std::string& scenario = "annus_mirabilis", std::uint64_t seed = 1) {
  auto module = warpath::wilderness_war::make_wilderness_war();
  json j = module->setup(scenario, json::object(), seed)->to_json();
  j["pieces"] = json::object();
  j["markers"] = json::object();
  return j;
}

inline void place(json& j, const std::string& piece, const std::string& at, bool reduced = false, bool inside = false) {
  j["pieces"][piece] = {{"at", at}, {"reduced", reduced}, {"inside", inside}};
}

// Gives `side` exactly `cards`, taking them from wherever they are; its former cards go to the draw
// pile so that every card stays accounted for.
inline void set_hand(json& j, const std::string& side, const std::vector<int>& cards) {
  auto take = [&](json& list) {
    json kept = json::array();
    for (const auto& c : list)
      if (std::find(cards.begin(), cards.end(), c.get<int>()) == cards.end()) kept.push_back(c);
    list = kept;
  };
  take(j["draw_pile"]);
  take(j["discard"]);
  take(j["removed"]);
  for (const char* s : {"french", "british"}) take(j["players"][s]["hand"]);
  for (const auto& c : j["players"][side]["hand"]) j["draw_pile"].push_back(c);
  j["players"][side]["hand"] = cards;
  j["players"][side]["known"] = json::array();
}

// A cleared position with the given hands (every other card in the draw pile).
inline json hands(const std::vector<int>& french, const std::vector<int>& british) {
  json j = cleared_position();
  set_hand(j, "french", french);
  set_hand(j, "british", british);
  return j;
}

// Moves the response cards (#6-#20, 5.56) from the draw pile and hands to the discard pile, so that
// no response window opens: for tests of the rules around those windows.
inline void discard_response_cards(json& j) {
  for (int card = 6; card <= 20; ++card) {
    bool found = false;
    auto take = [&](json& list) {
      json kept = json::array();
      for (const auto& c : list)
        if (c.get<int>() == card)
          found = true;
        else
          kept.push_back(c);
      list = kept;
    };
    take(j["draw_pile"]);
    for (const char* side : {"french", "british"}) take(j["players"][side]["hand"]);
    if (found) j["discard"].push_back(card);
  }
}

inline warpath::wilderness_war::State load(const json& j) { return warpath::wilderness_war::State::from_json(j); }

// Seeds the state's Rng so that its next dice are `dice` (the first seed that gives them).
inline void set_dice(warpath::wilderness_war::State& s, const std::vector<int>& dice) {
  for (std::uint64_t seed = 0;; ++seed) {
    warpath::engine::Rng rng(seed);
    bool ok = true;
    for (int d : dice) ok = ok && rng.roll(6) == d;
    if (ok) {
      s.rng = warpath::engine::Rng(seed);
      return;
    }
  }
}

// A position where `side` is to play and holds `cards`; the other side holds one card so that the
// season does not end when the card play is over.
inline json position_to_play(const std::string& side, const std::vector<int>& cards,
                             const std::string& scenario = "annus_mirabilis") {
  json j = cleared_position(scenario);
  j["active"] = side;
  set_hand(j, side, cards);
  set_hand(j, side == "french" ? "british" : "french", {1});
  return j;
}

// The legal actions' args for `verb` as strings (empty when the verb is not listed).
inline std::vector<std::string> args_of(const json& actions, const std::string& verb) {
  std::vector<std::string> out;
  if (!actions.contains(verb) || !actions[verb].is_array()) return out;
  for (const auto& a : actions[verb]) out.push_back(a.is_string() ? a.get<std::string>() : a.dump());
  return out;
}

inline bool lists(const json& actions, const std::string& verb, const std::string& arg) {
  const auto args = args_of(actions, verb);
  return std::find(args.begin(), args.end(), arg) != args.end();
}

// The legal actions of `role`, in the protocol's JSON form.
inline json listed_actions(const warpath::wilderness_war::State& s, const std::string& role) {
  return warpath::wilderness_war::make_wilderness_war()->legal_actions(s, role);
}

// Plays `verb` [`arg`] for `role` as a move reaches the rules from a client: through
// Match::play, the framework's legality check (only a listed action is applied). A test of a rule
// plays through this.
inline void play_listed(warpath::wilderness_war::State& s, const std::string& role, const std::string& verb,
                        json arg = nullptr) {
  const auto module = warpath::wilderness_war::make_wilderness_war();
  warpath::engine::Match match(*module, s.clone());
  const auto refused = match.play(role, {verb, arg});
  REQUIRE_MESSAGE(!refused, role, " may not ", verb, " ", arg.dump(), ": ", refused ? refused->message : "",
                  "; listed: ", match.legal_actions(role).dump(), "; prompt: ", match.view(role).value("prompt", ""));
  s = dynamic_cast<const warpath::wilderness_war::State&>(match.state());
}

// Plays `verb` [`arg`] for whichever side lists it (a battle's steps pass between attacker and
// defender), through play_listed; exactly one side may list it.
inline void play_listed_by_lister(warpath::wilderness_war::State& s, const std::string& verb, json arg = nullptr) {
  const auto module = warpath::wilderness_war::make_wilderness_war();
  std::vector<std::string> listers;
  for (const char* role : {"french", "british"}) {
    const json actions = module->legal_actions(s, role);
    if (!actions.contains(verb)) continue;
    const json& listed = actions[verb];
    if (arg.is_null() || (listed.is_array() && std::find(listed.begin(), listed.end(), arg) != listed.end()))
      listers.emplace_back(role);
  }
  REQUIRE_MESSAGE(listers.size() == 1, verb, " ", arg.dump(), " is listed for ", listers.size(), " sides");
  play_listed(s, listers.front(), verb, std::move(arg));
}

// A position played through the module, as a client plays it: only listed actions (play_listed).
struct ModuleGame {
  decltype(warpath::wilderness_war::make_wilderness_war()) module = warpath::wilderness_war::make_wilderness_war();
  warpath::wilderness_war::State s;
  explicit ModuleGame(const json& j) : s(load(j)) {}
  json actions(const char* side) { return module->legal_actions(s, side); }
  bool may_play(const char* side, int card) { return lists(actions(side), "event", std::to_string(card)); }
  void act(const char* side, const std::string& verb, json arg = nullptr) {
    play_listed(s, side, verb, std::move(arg));
  }
  void play(const char* side, int card) { act(side, "event", card); }
};

// A card of that activation value that is no response card (5.56).
inline warpath::wilderness_war::CardNumber activation_card(int value) {
  for (const auto& c : warpath::wilderness_war::game_data().cards)
    if (c.activation == value && !c.response) return c.number;
  return 0;
}

// `side` activates `ids` (a force under `commander`, or one piece individually) with a card of
// `value` and starts their move: the first movement windows open (begin_move).
inline warpath::wilderness_war::State start_move(const json& j, warpath::wilderness_war::Side side,
                                                 const std::vector<std::string>& ids, const std::string& commander = "",
                                                 int value = 2) {
  using namespace warpath::wilderness_war;
  State s = load(j);
  s.active = side;
  ActivationState a;
  a.card = activation_card(value);
  a.stage = ActivationStage::acting;
  a.force = !commander.empty();
  std::vector<PieceIndex> pieces;
  for (const auto& id : ids) pieces.push_back(s.data().piece_index(id));
  a.activated = pieces;
  if (a.force) {
    a.commander = s.data().piece_index(commander);
    a.force_pieces = pieces;
  } else {
    a.current = pieces.front();
  }
  s.activation = a;
  s.step = Step::activation;
  begin_move(s, pieces, a.force ? a.commander : -1);
  return s;
}

}  // namespace ww_test
