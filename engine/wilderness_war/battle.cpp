// Battles (7.0) and assaults (9.0): the flow of a battle, steps A and B (joining besieged pieces
// 8.251, militia 7.3, responses 7.4), and the battle decisions.
#include "engine/wilderness_war/battle.hpp"

#include <algorithm>
#include <array>

#include "engine/wilderness_war/battle_internal.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/responses.hpp"

namespace warpath::wilderness_war::battle_detail {
namespace {

// --- 7.4 response cards (cards.md #8-#12) --------------------------------------------------------

struct BattleResponse {
  CardNumber card;
  bool (*allows)(const State& s, Side side);  // the public condition in this battle
  void (*play)(State& s, Side side);
};

// #9-#10 Fieldworks, battles only: the attacker removes the marker, the defender places one; each
// needs Drilled Troops in the battle (7.55).
bool fieldworks_allowed(const State& s, Side side) {
  const auto& b = *s.battle;
  if (is_assault(b) || !any_of_units(s, side, is_drilled_troops)) return false;
  return s.space(b.where).fieldworks == (side == b.attacker);
}
void play_fieldworks(State& s, Side side) {
  const bool attacker = side == s.battle->attacker;
  s.change_space(s.battle->where).fieldworks = !attacker;
  s.note(role_of(side), "fieldworks", space_id(s, s.battle->where),
         attacker ? "The attackers clear the fieldworks." : "The defenders dig fieldworks (7.55).");
}

// #8 Coehorns & Howitzers in an assault: +2 to the playing side's die, if it has Regulars there.
// cards.md #8 (deviation): the defender too may play it once the assault is declared (8.24).
bool coehorns_allowed(const State& s, Side side) {
  const auto& b = *s.battle;
  return is_assault(b) && !b.coehorns && any_of_units(s, side, is_regulars);
}
void play_coehorns(State& s, Side side) { s.battle->coehorns = side; }

// #11-#12 Ambush!, battles only, in wilderness or mountain (7.56); the conditions are cards.md's.
int auxiliaries_of(const State& s, Side side) {
  const auto units = present_units(s, side);
  return static_cast<int>(std::count_if(units.begin(), units.end(), [&](PieceIndex p) { return is_auxiliary(s, p); }));
}
bool ambush_allowed(const State& s, Side side) {
  const auto& b = *s.battle;
  const Side enemy = enemy_of(side);
  if (is_assault(b) || !is_wilderness_or_mountain(s, b.where)) return false;
  if (b.ambush == side || b.ambushes_cancelled) return false;  // one Ambush! per side is enough
  // Militia are not Auxiliaries (3.12, 3.13): is_auxiliary leaves them out.
  const int own = auxiliaries_of(s, side);
  if (own == 0 || auxiliaries_of(s, enemy) > own || any_of_units(s, enemy, is_light_infantry)) return false;
  // cards.md #11-#12 (an ambiguity, from the reference): no fort of the opposing side in the
  // space; the player's own fort does not block him (the Monongahela example).
  return !has_fort_or_fortress(s, b.where, enemy);
}
void play_ambush(State& s, Side side) {
  auto& b = *s.battle;
  if (b.ambush) {  // the attacker ambushed first: the two cancel out, fire is simultaneous
    b.ambush.reset();
    b.ambushes_cancelled = true;
    ++s.rule_events["ambushes_cancelled"];
    s.note(role_of(side), "ambush", space_id(s, b.where),
           "The two Ambush! cancel out: both sides fire at the same time (7.56).");
    return;
  }
  b.ambush = side;
  s.note(role_of(side), "ambush", space_id(s, b.where),
         std::string(side_titles(side)) + " ambush: doubled strength, and they fire first (7.56).");
}

constexpr std::array<BattleResponse, 5> battle_responses = {{
    {8, coehorns_allowed, play_coehorns},
    {9, fieldworks_allowed, play_fieldworks},
    {10, fieldworks_allowed, play_fieldworks},
    {11, ambush_allowed, play_ambush},
    {12, ambush_allowed, play_ambush},
}};
constexpr std::array<CardNumber, 5> battle_response_cards = {8, 9, 10, 11, 12};

const BattleResponse& battle_response(CardNumber card) {
  return *std::find_if(battle_responses.begin(), battle_responses.end(),
                       [&](const BattleResponse& r) { return r.card == card; });
}

bool has_battle_response(const State& s, Side side) {
  return response_window_opens(s, side, battle_response_cards,
                               [&](CardNumber card) { return battle_response(card).allows(s, side); });
}

void list_battle_responses(const State& s, ActionList& out) {
  const Side side = s.battle->deciding;
  for (const auto& r : battle_responses)
    if (holds_card(s, side, r.card) && r.allows(s, side)) out.add("play", r.card);
  out.add("pass");
}

void play_battle_response(State& s, CardNumber card) {
  const Side side = s.battle->deciding;
  spend_response(s, side, card, "in the battle at " + space_name(s, s.battle->where) + ".");
  battle_response(card).play(s, side);
}

// --- steps A and B -----------------------------------------------------------------------------

void to_roll(State& s) {
  auto& b = *s.battle;
  b.stage = BattleStage::roll;
  s.active = b.attacker;
}

void open_militia(State& s) {
  auto& b = *s.battle;
  const auto box = deployable_militia_box(s);
  if (box && !militia_in_box(s, *box).empty()) {
    b.stage = BattleStage::militia;
    s.active = s.data().militia_boxes[static_cast<std::size_t>(*box)].side;
    return;
  }
  open_responses(s, b.attacker);
}

std::vector<PieceIndex> joinable_besieged(const State& s) {
  const auto& b = *s.battle;
  std::vector<PieceIndex> out;
  if (b.context != BattleContext::move || !is_besieged(s, b.where)) return out;
  for (PieceIndex p : pieces_in(s, b.where, b.attacker))
    if (s.piece(p).inside && !contains(b.attackers, p)) out.push_back(p);
  return out;
}

}  // namespace

// The pieces of `side` taking part that are still in the battle space.
std::vector<PieceIndex> present(const State& s, Side side) {
  const auto& b = *s.battle;
  std::vector<PieceIndex> out;
  for (PieceIndex p : list_of(b, side))
    if (s.space_of(p) == b.where) out.push_back(p);
  return out;
}
std::vector<PieceIndex> present_units(const State& s, Side side) {
  auto out = present(s, side);
  std::erase_if(out, [&](PieceIndex p) { return !is_unit(s, p); });
  return out;
}
std::vector<PieceIndex> present_leaders(const State& s, Side side) {
  auto out = present(s, side);
  std::erase_if(out, [&](PieceIndex p) { return !is_leader(s, p); });
  return out;
}

void finish(State& s) {
  const auto& b = *s.battle;
  BattleResult r;
  r.context = b.context;
  r.where = b.where;
  r.attacker = b.attacker;
  r.attacker_won = b.attacker_won;
  r.overrun = b.overrun;
  r.surviving_attackers = present(s, b.attacker);
  const Side phasing = b.phasing;
  s.battle.reset();
  s.active = phasing;
  s.last_battle = r;
  battle_finished(s);
}

// 7.4: the attacker's window, then the defender's.
void open_responses(State& s, Side from) {
  auto& b = *s.battle;
  for (Side side : {b.attacker, defender_of(b)}) {
    if (from == defender_of(b) && side == b.attacker) continue;
    if (has_battle_response(s, side)) {
      count_window(s, window_kind::battle);
      b.stage = BattleStage::responses;
      b.deciding = side;
      s.active = side;
      return;
    }
  }
  to_roll(s);
}
}  // namespace warpath::wilderness_war::battle_detail

namespace warpath::wilderness_war {

using namespace battle_detail;
using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

void begin_battle(State& s, BattleState battle) {
  battle.phasing = s.active;
  const Side def = enemy_of(battle.attacker);
  battle.defenders.clear();
  // 8.12: pieces inside a fortification stay out of a battle fought outside it.
  for (PieceIndex p : pieces_in(s, battle.where, def))
    if (!s.piece(p).inside) battle.defenders.push_back(p);
  if (battle.context == BattleContext::break_siege) battle.joined_from_inside = battle.attackers;
  battle.defender_fortified = fortification_side(s, battle.where) == def;
  s.battle = std::move(battle);
  s.step = Step::battle;
  s.combat_report.reset();  // the last combat's record gives way to this one's (view.cpp)
  ++s.rule_events["battles"];
  auto& b = *s.battle;
  s.note(role_of(b.attacker), "battle", space_info(s, b.where).id,
         "Battle at " + space_name(s, b.where) + ": " + piece_names(s, b.attackers) + " attack " +
             piece_names(s, b.defenders) + ".");
  if (!joinable_besieged(s).empty()) {  // 8.251
    b.stage = BattleStage::join_besieged;
    s.active = b.attacker;
    return;
  }
  open_militia(s);
}

void list_battle_actions(const State& s, ActionList& out) {
  const auto& b = *s.battle;
  switch (b.stage) {
    case BattleStage::join_besieged:
      for (PieceIndex p : joinable_besieged(s)) out.add_piece(s, "piece", p);
      out.add("done");
      return;
    case BattleStage::militia:
      if (const auto box = deployable_militia_box(s))
        for (PieceIndex p : militia_in_box(s, *box)) out.add_piece(s, "piece", p);
      out.add("done");
      return;
    case BattleStage::responses:
      list_battle_responses(s, out);
      return;
    case BattleStage::roll:
      out.add("roll");
      return;
    case BattleStage::losses:
      for (PieceIndex p : loss_choices(s)) out.add_piece(s, "piece", p);
      return;
    case BattleStage::retreat: {
      for (PieceIndex p : b.retreating) out.add_piece(s, "piece", p);
      // A space every remaining piece may use: all retreat there at once.
      std::vector<SpaceIndex> common;
      bool first = true;
      for (PieceIndex p : b.retreating) {
        const auto options = retreat_options(s, p);
        if (first) {
          common = options;
          first = false;
        } else {
          std::erase_if(common,
                        [&](SpaceIndex sp) { return std::find(options.begin(), options.end(), sp) == options.end(); });
        }
      }
      for (SpaceIndex sp : common) {
        if (sp == b.where) {
          // 8.11: all of them must fit inside a fort.
          int units = 0;
          for (PieceIndex p : b.retreating) units += is_unit(s, p) ? 1 : 0;
          for (PieceIndex p : units_in(s, b.where, b.retreat_side)) units += s.piece(p).inside ? 1 : 0;
          if (has_fortress(s, b.where) || units <= s.data().tables.fort_capacity) out.add("inside");
        } else {
          out.add_space(s, "space", sp);
        }
      }
      return;
    }
    case BattleStage::retreat_destination:
      for (SpaceIndex sp : retreat_options(s, b.retreat_piece)) {
        if (sp == b.where)
          out.add("inside");
        else
          out.add_space(s, "space", sp);
      }
      return;
  }
}

void apply_battle(State& s, const Action& action) {
  auto& b = *s.battle;
  switch (b.stage) {
    case BattleStage::join_besieged:
      if (action.verb == "done") {
        open_militia(s);
      } else {
        const PieceIndex p = piece_arg(s, action);
        b.attackers.push_back(p);
        b.joined_from_inside.push_back(p);
        s.note(role_of(b.attacker), "join", s.data().piece_id(p), piece_name(s, p) + " joins the battle (8.251).");
        if (joinable_besieged(s).empty()) open_militia(s);
      }
      return;
    case BattleStage::militia: {
      if (action.verb == "done") {
        open_responses(s, b.attacker);
        return;
      }
      const PieceIndex p = piece_arg(s, action);
      move_piece_to(s, p, b.where);
      list_of(b, side_of(s, p)).push_back(p);
      ++s.rule_events["militia_deployments"];
      s.note(role_of(side_of(s, p)), "militia", s.data().piece_id(p),
             piece_name(s, p) + " deploys to " + space_name(s, b.where) + " (7.3).");
      if (militia_in_box(s, *deployable_militia_box(s)).empty()) open_responses(s, b.attacker);
      return;
    }
    case BattleStage::responses:
      if (action.verb == "play") {
        play_battle_response(s, static_cast<CardNumber>(number_arg(action)));
        return;  // the same side may play another before passing (7.4)
      }
      if (b.deciding == b.attacker)
        open_responses(s, defender_of(b));
      else
        to_roll(s);
      return;
    case BattleStage::roll:
      roll(s);
      return;
    case BattleStage::losses:
      take_step(s, piece_arg(s, action));
      continue_losses(s);
      return;
    case BattleStage::retreat:
      if (action.verb == "piece") {
        b.retreat_piece = piece_arg(s, action);
        b.stage = BattleStage::retreat_destination;
        return;
      }
      {
        const SpaceIndex to = action.verb == "inside" ? b.where : space_arg(s, action);
        for (PieceIndex p : std::vector<PieceIndex>(b.retreating)) retreat_piece_to(s, p, to);
      }
      continue_retreats(s);
      return;
    case BattleStage::retreat_destination:
      retreat_piece_to(s, b.retreat_piece, action.verb == "inside" ? b.where : space_arg(s, action));
      b.retreat_piece = -1;
      continue_retreats(s);
      return;
  }
  throw ActionRejected(ErrorCode::illegal_action, "no battle decision is pending");
}

std::string battle_prompt(const State& s) {
  const auto& b = *s.battle;
  const std::string where = space_name(s, b.where);
  switch (b.stage) {
    case BattleStage::join_besieged:
      return "Battle at " + where + ": choose besieged pieces to join the attack (8.251).";
    case BattleStage::militia:
      return "Battle at " + where + ": deploy militia from the box (7.3).";
    case BattleStage::responses:
      return "Battle at " + where + ": play response events (7.4).";
    case BattleStage::roll:
      if (b.ambush)
        return "Ambush at " + where + ": roll the dice; the " + std::string(side_titles(*b.ambush)) +
               " fire first (7.56).";
      return std::string(is_assault(b) ? "Assault on " : "Battle at ") + where + ": roll the dice (7.5).";
    case BattleStage::losses:
      return "Battle at " + where + ": choose a unit to lose a step (" + std::to_string(b.losses_left) + " left, 7.6" +
             (b.drilled_left > 0 ? ", " + std::to_string(b.drilled_left) + " from Drilled Troops" : "") + ").";
    case BattleStage::retreat:
      return "Battle at " + where + ": choose a piece to retreat, or a space for all of them (7.9).";
    case BattleStage::retreat_destination:
      return "Retreat " + piece_name(s, b.retreat_piece) + " from " + where + " (7.92).";
  }
  return {};
}
}  // namespace warpath::wilderness_war
