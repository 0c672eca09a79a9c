#pragma once
// The sub-state of a move in progress (6.0): who moves, how, from where, and the interception,
// avoid-battle and inside/outside decisions it causes (6.7, 6.8, 8.1).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

enum class MoveKind : std::uint8_t { undecided, land, boat, naval, amphibious };

struct MoveState {
  std::vector<PieceIndex> pieces;  // moving now, leaders included
  PieceIndex commander = -1;       // -1: a piece activated individually
  SpaceIndex start = no_space;     // where the move began
  SpaceIndex from = no_space;      // the space entered from (7.92, 6.81)
  SpaceIndex where = no_space;     // the space the movers are in
  MoveKind kind = MoveKind::undecided;
  int spaces_moved = 0;
  std::vector<PieceIndex> dropped_off;  // 6.1, 10.13: they move no further this Action Phase

  bool operator==(const MoveState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MoveState, pieces, commander, start, from, where, kind, spaces_moved,
                                                dropped_off)

}  // namespace warpath::wilderness_war
