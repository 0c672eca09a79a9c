#pragma once
// The sub-state of the raids of one activation (10.0) and of the raiders going home (10.4).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

enum class RaidStage : std::uint8_t {
  militia,        // 10.2: the defender may deploy one militia unit against a raid on a stockade
  roll,           // 10.3: the raider rolls on the Raid Table
  militia_step,   // optional 14.2: the defender chooses the militia unit that loses a step
  raider_losses,  // 10.31: the raider chooses which raiding units take the step losses
  go_home,        // 10.4: the raider chooses where the current piece goes home
  blockhouses,    // 10.3, #13: the raided player's response window before the roll
};

struct RaidState {
  Side raider = Side::french;
  std::vector<SpaceIndex> pending;  // spaces still to raid, in order
  SpaceIndex where = no_space;      // the raid being resolved
  RaidStage stage = RaidStage::roll;
  std::vector<PieceIndex> raiders;      // the auxiliaries and leaders raiding `where` together
  PieceIndex commander = -1;            // 10.13: the highest Command leader among them
  bool stockade_column = false;         // 10.3: stockade/settlement (or Blockhouses) column
  bool stockade_or_settlement = false;  // 10.32, 10.33: an enemy stockade or enemy-allied settlement
  bool allied_settlement = false;       // 10.31: its tribes' Indians are eliminated on success
  PieceIndex deployed_militia = -1;     // 10.21
  bool militia_step_pending = false;    // 14.2
  int losses_left = 0;                  // raider step losses still to take
  bool homeward = false;                // going home has started
  std::vector<PieceIndex> going_home;   // pieces still to redeploy, in order
  std::vector<PieceIndex> gone_home;    // pieces redeployed from this raid...
  std::vector<SpaceIndex> gone_to;      // ...and where each went

  bool operator==(const RaidState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RaidState, raider, pending, where, stage, raiders, commander,
                                                stockade_column, stockade_or_settlement, allied_settlement,
                                                deployed_militia, militia_step_pending, losses_left, homeward,
                                                going_home, gone_home, gone_to)

}  // namespace warpath::wilderness_war
