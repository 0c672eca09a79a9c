#pragma once
// The sub-state of a battle (7.0) or assault (9.0) in progress, and what the procedure that
// started it learns when it is over.

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

// Who started the combat, so that the right procedure continues after it.
enum class BattleContext : std::uint8_t {
  move,          // attackers moved (or were intercepted) into the space: movement continues
  raid_militia,  // 10.21: raiders attack a militia unit deployed against their raid
  break_siege,   // 8.25: besieged units attack the besiegers
  assault        // 9.0
};

struct BattleState {
  SpaceIndex where = no_space;
  Side attacker = Side::french;
  BattleContext context = BattleContext::move;
  std::vector<PieceIndex> attackers;
  SpaceIndex attacker_from = no_space;    // 7.92: attackers retreat there; defenders may not
  PieceIndex attacker_commander = -1;     // 7.51
  bool intercepted = false;               // 6.71
  bool amphibious = false;                // 7.54
  bool infiltrator_must_retreat = false;  // 6.712

  bool operator==(const BattleState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BattleState, where, attacker, context, attackers, attacker_from,
                                                attacker_commander, intercepted, amphibious, infiltrator_must_retreat)

// What the battle's starter needs to know once it is over.
struct BattleResult {
  BattleContext context = BattleContext::move;
  SpaceIndex where = no_space;
  Side attacker = Side::french;
  bool attacker_won = false;
  bool overrun = false;                         // 7.82: the attackers may continue moving
  std::vector<PieceIndex> surviving_attackers;  // still in the battle space after retreats

  bool operator==(const BattleResult&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BattleResult, context, where, attacker, attacker_won, overrun,
                                                surviving_attackers)

}  // namespace warpath::wilderness_war
