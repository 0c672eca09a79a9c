#pragma once
// The sub-state of one card played for activation (5.3), and of construction (5.4).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

enum class ActivationStage : std::uint8_t {
  designate,     // choose a force commander, or the pieces activated individually (5.32, 5.33)
  define_force,  // choose the units and subordinate leaders of the force (5.34)
  choose_next,   // choose which designated individual piece acts next (5.33)
  acting         // a piece or the force is moving, fighting or raiding
};

struct ActivationState {
  CardNumber card = 0;
  ActivationStage stage = ActivationStage::designate;
  bool force = false;                    // one force under a leader (5.34) rather than individual pieces
  bool drilled_troops = false;           // the one Drilled Troops unit a card may activate alone (5.32)
  int halves_used = 0;                   // individual auxiliaries and leaders: Indians cost 1 half, others 2
  PieceIndex commander = -1;             // the force's commanding leader
  std::vector<PieceIndex> force_pieces;  // the force, commander included
  std::vector<PieceIndex> designated;    // individually activated pieces that have not acted yet
  std::vector<PieceIndex> activated;     // every piece activated with this card (5.31)
  PieceIndex current = -1;               // the individual piece acting now
  // #1-#4 Campaign: two forces, both fixed before either acts; each waits here until its turn,
  // commander first.
  bool campaign = false;
  std::vector<std::vector<PieceIndex>> waiting_forces;

  bool operator==(const ActivationState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ActivationState, card, stage, force, drilled_troops, halves_used,
                                                commander, force_pieces, designated, activated, current, campaign,
                                                waiting_forces)

enum class ConstructionKind : std::uint8_t { stockades, forts };

struct ConstructionState {  // 5.4
  CardNumber card = 0;
  ConstructionKind kind = ConstructionKind::stockades;
  int remaining = 0;               // markers still to place or flip (the card's value)
  std::vector<SpaceIndex> placed;  // pickaxes placed with this card cannot be completed (5.42)

  bool operator==(const ConstructionState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ConstructionState, card, kind, remaining, placed)

}  // namespace warpath::wilderness_war
