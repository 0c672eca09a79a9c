#pragma once
// The sub-state of the raids of one activation (10.0) and of the raiders going home (10.4).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

struct RaidState {
  Side raider = Side::french;
  std::vector<SpaceIndex> pending;  // spaces still to raid, in order
  SpaceIndex where = no_space;      // the raid being resolved

  bool operator==(const RaidState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RaidState, raider, pending, where)

}  // namespace warpath::wilderness_war
