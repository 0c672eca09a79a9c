#pragma once
// The sub-state of a move in progress (6.0): who moves, how, from where, and the interception,
// avoid-battle and inside/outside decisions it causes (6.7, 6.8, 8.1).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

enum class MoveKind : std::uint8_t { undecided, land, boat, naval, amphibious };

// Who decides what while a move is in progress.
enum class MoveStage : std::uint8_t {
  moving,             // the phasing side: next step, drop off, stop
  intercept,          // the other side: choose an intercepting force or unit, or pass (6.7)
  inside,             // the other side: which defenders go inside the fort or fortress (8.1)
  avoid,              // the other side: choose an avoiding force or unit, or pass (6.8)
  avoid_destination,  // the other side: where the avoiding force goes (6.81)
  lone_leaders,       // the other side: where leaders left alone with the movers go (6.53, 7.92)
  foul_weather,       // the other side: response window before the first step (#14, 6.2 note, 6.431)
  lake_schooner       // the other side: response window after a lakeshore step (#15, 6.63)
};

struct MoveState {
  std::vector<PieceIndex> pieces;  // moving now, leaders included
  PieceIndex commander = -1;       // -1: a piece activated individually
  SpaceIndex start = no_space;     // where the move began
  SpaceIndex from = no_space;      // the space entered from (7.92, 6.81)
  SpaceIndex where = no_space;     // the space the movers are in
  MoveKind kind = MoveKind::undecided;
  int spaces_moved = 0;
  std::vector<PieceIndex> dropped_off;  // 6.1, 10.13: they move no further this Action Phase

  Side phasing = Side::french;  // whose Action Phase it is
  MoveStage stage = MoveStage::moving;
  bool moved = false;                 // a step was taken: no stationary option any more (5.36)
  int stop_after = -1;                // 6.2: the movers must stop once spaces_moved reaches this (-1: no limit)
  bool portage_used = false;          // 6.3: one land connection by boat
  bool infiltrating = false;          // 6.6: the movers passed into an enemy-occupied space
  bool inside_declared = false;       // 8.1 asked for the current space
  bool avoid_offered = false;         // 6.8 asked for the current space
  bool intercepted = false;           // the coming battle follows a successful interception (6.71)
  std::vector<PieceIndex> selection;  // the intercepting or avoiding force being chosen
  std::vector<PieceIndex> failed_interceptors;  // 6.84
  std::vector<SpaceIndex> intercepted_into;     // 6.85: spaces interception was tried into
  std::vector<SpaceIndex> avoided_from;         // 6.85: spaces defenders avoided from
  // Responses played against or by this mover; they end with its move (cards.md section 3).
  bool foul_weather = false;    // #14: no naval move, land and boat moves limited to 2 spaces
  bool george_croghan = false;  // #16: its Drilled Troops ignore the wilderness stop of 6.2

  bool operator==(const MoveState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MoveState, pieces, commander, start, from, where, kind, spaces_moved,
                                                dropped_off, phasing, stage, moved, stop_after, portage_used,
                                                infiltrating, inside_declared, avoid_offered, intercepted, selection,
                                                failed_interceptors, intercepted_into, avoided_from, foul_weather,
                                                george_croghan)

}  // namespace warpath::wilderness_war
