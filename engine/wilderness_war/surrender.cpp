// #6 Surrender! (cards.md #6, 8.231 clarification): capture intact, the Massacre! window, the
// garrison's relocation to its closest friendly fortification, and the end of the activation.
#include "engine/wilderness_war/surrender.hpp"

#include <string>

#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/go_home.hpp"
#include "engine/wilderness_war/massacre.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/responses.hpp"
#include "engine/wilderness_war/siege.hpp"

namespace warpath::wilderness_war {
namespace {

// cards.md #6 step 1: the siege marker goes; a fort becomes a completed fort of the captor (not
// the fort under construction an assault leaves, 9.22); a fortress changes owner. 2 VP for a
// fort, 3 for a fortress.
void capture_intact(State& s, SpaceIndex where, Side captor) {
  const bool fortress = has_fortress(s, where);
  auto& markers = s.change_space(where);
  markers.siege_level.reset();
  if (fortress)
    markers.fortress_owner = captor;
  else
    markers.fort = captor;
  count_capture(s, where, captor);
  s.note(role_of(captor), "capture", space_id(s, where),
         std::string(side_titles(captor)) + " capture " + space_name(s, where) + " intact (#6 Surrender!).");
  award_vp(s, captor, fortress ? 3 : 2,
           std::string(fortress ? "capturing a fortress" : "capturing a fort") + " by Surrender! (#6)");
}

}  // namespace

bool surrender_situation_allows(const State& s, SpaceIndex where) {
  // cards.md #6: at Louisbourg only, the siege marker must already show 1 or 2.
  return space_id(s, where) != "louisbourg" || s.space(where).siege_level.value_or(0) >= 1;
}

bool may_surrender_instead_of_assault(const State& s, SpaceIndex where, Side side, PieceIndex commander) {
  // 8.231 clarification: a force qualified to roll may surrender the place even once the assault
  // level is reached; 12.3: its Drilled Troops in supply (part of may_roll_siege).
  return may_roll_siege(s, where, side, commander) && may_assault(s, where, side) &&
         surrender_situation_allows(s, where);
}

void surrender_instead_of_assault(State& s, SpaceIndex where, PieceIndex commander) {
  SiegeState g;
  g.where = where;
  g.besieger = s.active;
  g.commander = commander;
  s.siege = g;
  s.step = Step::siege;
  play_surrender(s, s.active);
}

void play_surrender(State& s, Side player) {
  auto& g = *s.siege;
  spend_response(s, player, surrender_card, "the fortification at " + space_name(s, g.where) + " surrenders.");
  ++s.rule_events["surrenders"];
  // Step 3 moves every piece that was inside; the captor's stay outside (8.1).
  g.displaced = pieces_in(s, g.where, enemy_of(g.besieger));
  g.capture = CaptureKind::surrender;
  capture_intact(s, g.where, g.besieger);
  // Step 2, 8.231 clarification: Massacre! applies, before the garrison is moved away.
  if (open_massacre_window(s)) return;
  start_relocation(s);
}

std::vector<SpaceIndex> relocation_options(const State& s) {
  const auto& g = *s.siege;
  // cards.md #6: Louisbourg has no land connections; the distance is measured from Québec.
  const SpaceIndex from = space_id(s, g.where) == "louisbourg" ? s.data().space_index("quebec") : g.where;
  return closest_friendly_fortifications(s, from, enemy_of(g.besieger));
}

void start_relocation(State& s) {
  auto& g = *s.siege;
  std::erase_if(g.displaced, [&](PieceIndex p) { return s.space_of(p) != g.where; });  // a Massacre! victim
  if (g.displaced.empty()) {
    finish_siege(s);
    return;
  }
  const auto options = relocation_options(s);
  if (options.size() > 1) {  // equally close: the owner chooses (10.42)
    g.stage = SiegeStage::relocate;
    g.deciding = enemy_of(g.besieger);
    s.active = g.deciding;
    return;
  }
  relocate_displaced(s, options.empty() ? no_space : options.front());
}

void relocate_displaced(State& s, SpaceIndex to) {
  auto& g = *s.siege;
  const Side loser = enemy_of(g.besieger);
  const std::vector<PieceIndex> displaced = g.displaced;
  for (PieceIndex p : displaced) {
    if (to == no_space) {
      // cards.md #6: no unbesieged friendly fortification anywhere (the rulebook is silent).
      if (is_on_map(s, p)) eliminate_piece(s, p);
    } else {
      move_piece_to(s, p, to);
    }
  }
  s.note(role_of(loser), "relocate", to == no_space ? nlohmann::json(nullptr) : nlohmann::json(space_id(s, to)),
         to == no_space ? "The garrison of " + space_name(s, g.where) +
                              " has no friendly fortification to go to and is eliminated (#6)."
                        : "The garrison of " + space_name(s, g.where) + " goes to " + space_name(s, to) + " (#6).");
  finish_siege(s);
}

}  // namespace warpath::wilderness_war
