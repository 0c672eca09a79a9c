#pragma once
// The sub-state of a card played for its event (5.26) while it waits for choices: which card, who
// played it, and a few registers the card's own rules give meaning to (events_*.cpp).

#include <cstdint>
#include <vector>

#include "engine/wilderness_war/data.hpp"
#include "engine/wilderness_war/json_support.hpp"

namespace warpath::wilderness_war {

struct EventState {
  CardNumber card = 0;
  Side player = Side::french;      // who played the event; the decision may pass to the other side
  std::uint8_t stage = 0;          // the card's own step
  int points = 0;                  // e.g. alliance half-points left, steps still to lose, units to place
  int count = 0;                   // a second counter (units placed so far, ...)
  SpaceIndex space = no_space;     // a space chosen earlier in the event
  std::vector<PieceIndex> pieces;  // pieces chosen or still to place

  bool operator==(const EventState&) const = default;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(EventState, card, player, stage, points, count, space, pieces)

}  // namespace warpath::wilderness_war
