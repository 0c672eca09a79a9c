// 7.3 militia: which militia box may deploy into a battle.
#include "engine/wilderness_war/battle_internal.hpp"

#include <algorithm>

namespace warpath::wilderness_war::battle_detail {

// The militia box whose militia may deploy into the battle, if any.
std::optional<int> deployable_militia_box(const State& s) {
  const auto& b = *s.battle;
  if (b.context == BattleContext::raid_militia || is_assault(b)) return std::nullopt;  // 10.21, 9.14
  const auto& info = space_info(s, b.where);
  if (info.holding_box || !info.is_cultivated() || info.department == Department::none) return std::nullopt;
  const auto& boxes = s.data().militia_boxes;
  for (std::size_t box = 0; box < boxes.size(); ++box) {
    const Side owner = boxes[box].side;
    if (boxes[box].department != info.department || !is_originally_friendly(s, b.where, owner)) continue;
    // 7.3 exception: enemy Raided markers anywhere in the Department this year.
    const Side enemy = enemy_of(owner);
    for (SpaceIndex sp = 0; sp < static_cast<SpaceIndex>(s.spaces.size()); ++sp)
      if (space_info(s, sp).department == info.department && s.space(sp).raided[index_of(enemy)] > 0)
        return std::nullopt;
    return static_cast<int>(box);
  }
  return std::nullopt;
}

}  // namespace warpath::wilderness_war::battle_detail
