#pragma once
// Position builders shared by the siege and raid tests.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/wilderness_war/module.hpp"
#include "engine/wilderness_war/state.hpp"
#include "tests/unit/wilderness_war/position.hpp"

namespace siege_raid_test {

using nlohmann::json;
using namespace warpath::wilderness_war;

// The Annus Mirabilis set-up without any piece or marker on the map.
inline json empty_position() {
  auto module = make_wilderness_war();
  json j = module->setup("annus_mirabilis", json::object(), 1)->to_json();
  j["pieces"] = json::object();
  j["markers"] = json::object();
  ww_test::discard_response_cards(j);  // the response windows have their own tests
  return j;
}

inline void put(json& j, const std::string& piece, const std::string& at, bool inside = false, bool reduced = false) {
  j["pieces"][piece] = {{"at", at}, {"reduced", reduced}, {"inside", inside}};
}

inline PieceIndex piece(const State& s, const std::string& id) { return s.data().piece_index(id); }
inline SpaceIndex space(const State& s, const std::string& id) { return s.data().space_index(id); }

// The next dice the state rolls will be `dice`.
inline void rig_dice(State& s, const std::vector<int>& dice) {
  for (std::uint64_t seed = 1;; ++seed) {
    warpath::engine::Rng r(seed);
    bool ok = true;
    for (int d : dice)
      if (r.roll(6) != d) {
        ok = false;
        break;
      }
    if (ok) {
      s.rng = warpath::engine::Rng(seed);
      return;
    }
  }
}

// `side` has played a card to activate `pieces` (a force under `commander`, or individually when
// commander is -1) and they are acting.
inline void activate(State& s, Side side, const std::vector<PieceIndex>& pieces, PieceIndex commander = -1) {
  auto& hand = s.player(side).hand;
  ActivationState a;
  a.card = hand.front();
  hand.erase(hand.begin());
  s.discard.push_back(a.card);  // 5.22: a card played is discarded
  a.stage = ActivationStage::acting;
  a.force = commander >= 0;
  a.commander = commander;
  if (a.force) a.force_pieces = pieces;
  a.activated = pieces;
  a.current = a.force ? -1 : pieces.front();
  s.activation = a;
  s.active = side;
  s.step = Step::activation;
}

}  // namespace siege_raid_test
