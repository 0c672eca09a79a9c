#pragma once
// The sub-state of the year-end steps that need a player's choice (4.0 B.3, B.5). The step being
// run is `State::phase`; the leader going home in B.3 is found again from the position, so only
// the attrition stacks of B.5 are kept here.

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

// 11.2: one stack suffering Winter Attrition. Besieged units (inside a besieged space) and the
// other units of their side in the space are separate stacks, as are the besiegers.
struct AttritionStack {
  SpaceIndex space = no_space;
  Side side = Side::french;
  bool besieged = false;          // the units inside a besieged fortification
  std::int8_t to_eliminate = -1;  // reduced Drilled Troops still to eliminate; -1: not started

  bool operator==(const AttritionStack&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(AttritionStack, space, side, besieged, to_eliminate)

struct YearEndState {
  std::vector<AttritionStack> stacks;  // B.5: the stacks still to resolve, front first

  bool operator==(const YearEndState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(YearEndState, stacks)

}  // namespace warpath::wilderness_war
