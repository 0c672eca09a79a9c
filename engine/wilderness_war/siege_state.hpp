#pragma once
// The sub-state of a siege roll (8.23) and the decision to assault (8.24, 9.11), with the response
// windows around them (#8 Coehorns, #6 Surrender!), and of a captured fortification's aftermath
// (#7 Massacre!, the relocation after a Surrender!). A stockade captured by a move (6.51) uses it
// too, for its Massacre! window: Step::siege is the step of every capture of a fortification.

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

enum class SiegeStage : std::uint8_t {
  roll,             // 8.231: the besieger rolls on the Siege Table
  assault_or_done,  // 8.24: the assault level is reached; assaulting is not mandatory
  coehorns,         // #8 at the siege roll: `deciding` (besieger, then besieged) may play it (8.231)
  surrender,        // #6 window (a): `deciding` (besieger; besieged too under 14.4) may play it
  massacre,         // #7: `deciding`, who lost the fortification, may play it
  relocate,         // #6 step 3: `deciding` chooses among equally close fortifications (10.421)
};

// How the fortification was captured: what the Massacre! window resumes afterwards.
enum class CaptureKind : std::uint8_t {
  none,
  stockade,   // 6.51, 5.45: Drilled Troops moved in: the move ends
  assault,    // 9.22: the activation ends
  surrender,  // #6: the displaced pieces relocate, then the activation ends
};

struct SiegeState {
  SpaceIndex where = no_space;
  Side besieger = Side::french;  // also the captor of a fortification (CaptureKind)
  PieceIndex commander = -1;
  SiegeStage stage = SiegeStage::roll;
  Side deciding = Side::french;  // whose window or choice is open
  std::optional<Side> coehorns;  // #8 played at this siege roll, by that side (8.231, 9.13)
  CaptureKind capture = CaptureKind::none;
  std::vector<PieceIndex> displaced;  // #6: the loser's pieces that were inside

  bool operator==(const SiegeState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SiegeState, where, besieger, commander, stage, deciding, coehorns,
                                                capture, displaced)

}  // namespace warpath::wilderness_war
