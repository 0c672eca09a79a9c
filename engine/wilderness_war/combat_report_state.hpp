#pragma once
// The public record of the last battle or assault (7.5-7.8, 9.1-9.2), siege roll (8.23) or raid
// (10.3): each side's pieces, strength, column and modifiers, the dice and what they did. It is
// written by the roll and kept after the combat is over, until the next one starts or the first
// decision of the next Action Phase (sequence.cpp), so that both players and spectators can read
// the outcome (view.cpp).
// Everything in it is on the table: nothing of a hand or the draw pile.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

enum class CombatKind : std::uint8_t { battle, assault, siege, raid };

// One die-roll modifier or column shift, with the reason in a player's words.
struct CombatModifier {
  std::string why;
  int value = 0;

  bool operator==(const CombatModifier&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(CombatModifier, why, value)

// One side of the combat. `column` is the Combat Results Table column index (battles and assaults),
// -1 elsewhere; `die` is 0 until the side has rolled (or when it did not fire, 7.56).
struct CombatSideReport {
  Side side = Side::french;
  std::vector<PieceIndex> pieces;
  int strength = 0;                       // 7.5: the units' strength, before any doubling
  int fire_strength = 0;                  // 7.56: doubled by an unmatched Ambush!
  std::vector<CombatModifier> shifts;     // column shifts (7.55, 9.13)
  int column = -1;                        // after shifts
  std::vector<CombatModifier> modifiers;  // die-roll modifiers
  int drm = 0;                            // their total
  int die = 0;
  int hits = 0;        // step losses the side's fire inflicts (battle), or the raiders' losses (raid)
  int steps_lost = 0;  // steps the side has taken so far

  bool operator==(const CombatSideReport&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(CombatSideReport, side, pieces, strength, fire_strength, shifts, column,
                                                modifiers, drm, die, hits, steps_lost)

// 7.7, 10.32: one leader's loss check.
struct LeaderCheck {
  PieceIndex leader = -1;
  int die = 0;
  bool killed = false;

  bool operator==(const LeaderCheck&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(LeaderCheck, leader, die, killed)

struct CombatReport {
  CombatKind kind = CombatKind::battle;
  SpaceIndex where = no_space;
  Side attacker = Side::french;            // the attacker, besieger or raider
  std::vector<CombatSideReport> sides;     // the attacker (besieger, raider) first
  std::vector<LeaderCheck> leader_checks;  // in the order rolled
  bool finished = false;                   // the outcome below is known
  std::optional<Side> winner;              // battle, assault
  bool overrun = false;                    // 7.82
  int vp = 0;                              // VP the combat earned the winner (7.81, 5.45)
  int siege_before = 0, siege_after = 0;   // 8.23
  bool raid_stockade_column = false;       // 10.3: the stockade/settlement (or Blockhouses) column
  bool raid_success = false;               // 10.31

  bool operator==(const CombatReport&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(CombatReport, kind, where, attacker, sides, leader_checks, finished,
                                                winner, overrun, vp, siege_before, siege_after, raid_stockade_column,
                                                raid_success)

}  // namespace warpath::wilderness_war
