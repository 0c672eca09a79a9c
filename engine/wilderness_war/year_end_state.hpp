#pragma once
// The sub-state of the year-end steps that need a player's choice (4.0 B.3, B.5).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

struct YearEndState {
  std::uint8_t stage = 0;

  bool operator==(const YearEndState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(YearEndState, stage)

}  // namespace warpath::wilderness_war
