#pragma once
// The sub-state of a siege roll (8.23) and the decision to assault (8.24, 9.11).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

enum class SiegeStage : std::uint8_t {
  roll,             // 8.231: the besieger rolls on the Siege Table
  assault_or_done,  // 8.24: the assault level is reached; assaulting is not mandatory
};

struct SiegeState {
  SpaceIndex where = no_space;
  Side besieger = Side::french;
  PieceIndex commander = -1;
  SiegeStage stage = SiegeStage::roll;

  bool operator==(const SiegeState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SiegeState, where, besieger, commander, stage)

}  // namespace warpath::wilderness_war
