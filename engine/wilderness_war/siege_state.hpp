#pragma once
// The sub-state of a siege roll (8.23) and the decision to assault (8.24, 9.11).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

struct SiegeState {
  SpaceIndex where = no_space;
  Side besieger = Side::french;
  PieceIndex commander = -1;

  bool operator==(const SiegeState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SiegeState, where, besieger, commander)

}  // namespace warpath::wilderness_war
