// 5.34 forces for interception and avoid battle (6.72, 6.8): a unit alone, or a force within
// its leaders' command limits.
#include "engine/wilderness_war/movement_internal.hpp"

#include <algorithm>

namespace warpath::wilderness_war::movement_detail {
namespace {

// The commanding leader of a group: the highest Command rating (others are subordinates, 5.34),
// the best Tactics among equals.
PieceIndex group_commander(const State& s, const std::vector<PieceIndex>& group) {
  return highest_command_leader(s, group);
}

}  // namespace

// 6.72, 6.8: an individual unit, or a force within the command limits of its leaders (5.34,
// 5.534); leaders never act alone.
bool is_valid_group(const State& s, const std::vector<PieceIndex>& group) {
  const int units = unit_total(s, group);
  if (units == 0) return false;
  if (group_commander(s, group) < 0) return units == 1;
  const bool johnson = std::any_of(group.begin(), group.end(), [&](PieceIndex p) { return is_johnson(s, p); });
  int capacity = 0;
  int commanded = 0;
  for (PieceIndex p : group) {
    if (is_leader(s, p)) capacity += s.data().leader(p).command;
    if (!is_unit(s, p)) continue;
    if (is_johnsons_indian(s, p)) {
      if (!johnson && units > 1) return false;
      if (johnson) continue;
    }
    ++commanded;
  }
  return commanded <= capacity;
}

int group_tactics(const State& s, const std::vector<PieceIndex>& group) {
  const PieceIndex c = group_commander(s, group);
  return c < 0 ? 0 : s.data().leader(c).tactics;
}
}  // namespace warpath::wilderness_war::movement_detail
