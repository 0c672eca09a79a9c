#pragma once
// The sub-state of a battle (7.0) or assault (9.0) in progress, and what the procedure that
// started it learns when it is over.

#include <cstdint>
#include <optional>
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

// Where a battle or assault stands (7.2 steps A to F).
enum class BattleStage : std::uint8_t {
  join_besieged,        // 8.251: the attacker chooses which besieged friendly pieces join
  militia,              // 7.3 (step A): the militia owner deploys militia from the box
  responses,            // 7.4 (step B): response events, attacker then defender
  roll,                 // step C: the attacker rolls both sides' dice
  losses,               // step D: `losing_side` assigns its step losses (7.6)
  retreat,              // step F: `retreat_side` chooses a piece to retreat, or a space for all
  retreat_destination,  // step F: where `retreat_piece` goes
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

  // Kept by the battle procedure.
  Side phasing = Side::french;  // whose Action Phase it is: active again when the battle is over
  BattleStage stage = BattleStage::roll;
  std::vector<PieceIndex> defenders;
  std::vector<PieceIndex> joined_from_inside;  // 8.251, 8.25: go back inside if they lose (8.252)
  bool defender_fortified = false;             // 7.82: a defending fortification at the start
  Side deciding = Side::french;                // whose response window is open (7.4)
  std::optional<Side> coehorns;                // #8 played in this assault, by that side (9.13)
  // #11-#12 Ambush! (7.56): the side whose unmatched Ambush! fires first with doubled strength;
  // when both sides play one they cancel out (cards.md #11-#12) and `ambushes_cancelled` is set.
  std::optional<Side> ambush;
  bool ambushes_cancelled = false;
  // Step C, recorded for the log and tests: columns after shifts, DRMs, natural dice, CRT results
  // (the steps each side's fire inflicts on the other). After an Ambush! the victim's are set only
  // once its losses are taken; a victim with no surviving unit does not fire: die and result 0.
  int attacker_column = 0, defender_column = 0;
  int attacker_drm = 0, defender_drm = 0;
  int attacker_die = 0, defender_die = 0;
  int attacker_result = 0, defender_result = 0;
  int attacker_steps_lost = 0, defender_steps_lost = 0;
  bool attacker_vp_worthy = false, defender_vp_worthy = false;  // 7.81: a Regular or more than four units
  // Step D.
  Side losing_side = Side::french;
  int losses_left = 0;
  int drilled_left = 0;  // 7.62: steps still owed by Drilled Troops
  // Step E.
  bool attacker_won = false;
  bool overrun = false;
  // Step F.
  Side retreat_side = Side::french;
  std::vector<PieceIndex> retreating;
  PieceIndex retreat_piece = -1;
  bool winner_retreat_done = false;  // 6.712 infiltrators and 6.53 lone leaders of the winner

  bool operator==(const BattleState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BattleState, where, attacker, context, attackers, attacker_from,
                                                attacker_commander, intercepted, amphibious, infiltrator_must_retreat,
                                                phasing, stage, defenders, joined_from_inside, defender_fortified,
                                                deciding, coehorns, ambush, ambushes_cancelled, attacker_column,
                                                defender_column, attacker_drm, defender_drm, attacker_die, defender_die,
                                                attacker_result, defender_result, attacker_steps_lost,
                                                defender_steps_lost, attacker_vp_worthy, defender_vp_worthy,
                                                losing_side, losses_left, drilled_left, attacker_won, overrun,
                                                retreat_side, retreating, retreat_piece, winner_retreat_done)

// 5.36, 10.2: a battle or assault fought in the current Action Phase, recorded when its dice are
// rolled: where, and every piece of either side that took part (8.251 besieged pieces that joined,
// 9.12 every besieger of an assault, deployed militia).
struct FoughtCombat {
  SpaceIndex where = no_space;
  std::vector<PieceIndex> pieces;

  bool operator==(const FoughtCombat&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(FoughtCombat, where, pieces)

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
