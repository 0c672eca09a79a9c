#include "engine/wilderness_war/siege.hpp"

#include <algorithm>
#include <array>

#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/massacre.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/responses.hpp"
#include "engine/wilderness_war/supply.hpp"
#include "engine/wilderness_war/surrender.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

// A Siege Table modifier (tables.json).
int siege_drm(const State& s, const char* id, int tactics = 0) {
  return modifier_drm(s.data().tables.siege.modifiers, id, tactics);
}

// Pieces of `side` in `where` outside the fortification: the besieging stack (8.21).
std::vector<PieceIndex> besiegers(const State& s, SpaceIndex where, Side side) {
  auto out = pieces_in(s, where, side);
  std::erase_if(out, [&](PieceIndex p) { return s.piece(p).inside; });
  return out;
}

// --- the windows before the siege roll (8.231, cards.md section 2) ------------------------------

constexpr std::array<CardNumber, 1> coehorns_cards = {8};
constexpr std::array<CardNumber, 1> surrender_cards = {surrender_card};

// #8 Coehorns & Howitzers: the playing side needs Regulars in the space, the besiegers outside,
// the besieged inside; one copy, so it is played at most once.
bool coehorns_allowed(const State& s, Side side) {
  const auto& g = *s.siege;
  if (g.coehorns) return false;
  const bool inside = side != g.besieger;
  const auto units = units_in(s, g.where, side);
  return std::any_of(units.begin(), units.end(),
                     [&](PieceIndex p) { return is_regulars(s, p) && s.piece(p).inside == inside; });
}

// #6 Surrender!: the besieger, who qualifies to roll; the besieged side only under 14.4.
bool surrender_allowed(const State& s, Side side) {
  const auto& g = *s.siege;
  if (side != g.besieger && !s.options.either_side_may_surrender) return false;
  return surrender_situation_allows(s, g.where);
}

// In order: the besieger's Coehorns, the besieged's Coehorns, then in place of the roll the
// besieger's Surrender! and (14.4) the besieged's: cards.md section 2, 8.231 clarification.
struct PreRollWindow {
  SiegeStage stage;
  bool besieger;
};
constexpr std::array<PreRollWindow, 4> pre_roll_windows = {{
    {SiegeStage::coehorns, true},
    {SiegeStage::coehorns, false},
    {SiegeStage::surrender, true},
    {SiegeStage::surrender, false},
}};

bool pre_roll_window_opens(const State& s, SiegeStage stage, Side side) {
  if (stage == SiegeStage::coehorns)
    return response_window_opens(s, side, coehorns_cards, [&](CardNumber) { return coehorns_allowed(s, side); });
  return response_window_opens(s, side, surrender_cards, [&](CardNumber) { return surrender_allowed(s, side); });
}

// The next window from `first` on that opens, else the roll.
void open_pre_roll_windows(State& s, std::size_t first) {
  auto& g = *s.siege;
  for (std::size_t i = first; i < pre_roll_windows.size(); ++i) {
    const auto& w = pre_roll_windows[i];
    const Side side = w.besieger ? g.besieger : enemy_of(g.besieger);
    if (!pre_roll_window_opens(s, w.stage, side)) continue;
    count_window(s, w.stage == SiegeStage::coehorns ? window_kind::siege_coehorns : window_kind::surrender);
    g.stage = w.stage;
    g.deciding = side;
    s.active = side;
    return;
  }
  g.stage = SiegeStage::roll;
  s.active = g.besieger;
}

std::size_t current_pre_roll_window(const SiegeState& g) {
  for (std::size_t i = 0; i < pre_roll_windows.size(); ++i)
    if (pre_roll_windows[i].stage == g.stage && pre_roll_windows[i].besieger == (g.deciding == g.besieger)) return i;
  return pre_roll_windows.size();
}

void play_siege_coehorns(State& s) {
  auto& g = *s.siege;
  const bool besieger = g.deciding == g.besieger;
  spend_response(s, g.deciding, 8,
                 std::string(besieger ? "+2" : "-2") + " to the siege roll at " + space_name(s, g.where) +
                     " (8.231), and +2 in an assault this phase (9.13).");
  g.coehorns = g.deciding;
}

// The pieces inside the besieged fortification.
std::vector<PieceIndex> besieged_inside(const State& s, const SiegeState& g) {
  auto inside = pieces_in(s, g.where, enemy_of(g.besieger));
  std::erase_if(inside, [&](PieceIndex p) { return !s.piece(p).inside; });
  return inside;
}

void roll_siege(State& s) {
  auto& g = s.siege.value();
  const std::string role(side_names(g.besieger));
  CombatReport report = siege_forecast(s);
  const int die = roll_die(s);
  const auto& info = s.data().spaces[static_cast<std::size_t>(g.where)];
  const int modified = die + report.sides[0].drm;
  const auto& table = s.data().tables.siege;
  const int before = *s.space(g.where).siege_level;
  const int after = std::min(table.max_level, before + table.increase(modified));
  s.change_space(g.where).siege_level = static_cast<std::uint8_t>(after);
  report.sides[0].die = die;
  report.siege_before = before;
  report.siege_after = after;
  report.finished = true;
  s.combat_report = std::move(report);
  ++s.rule_events["sieges_rolled"];
  if (g.besieger == Side::british) ++s.rule_events["sieges_rolled_british"];
  if (after > before) ++s.rule_events["siege_level_increases"];
  s.note(role, "roll", die,
         "Siege roll at " + info.name + ": " + std::to_string(die) + " modified to " + std::to_string(modified) +
             ", siege level " + std::to_string(before) + " to " + std::to_string(after) + " (8.23).");
  if (may_assault(s, g.where, g.besieger)) {
    g.stage = SiegeStage::assault_or_done;
    return;
  }
  finish_siege(s);
}

}  // namespace

// 8.231: the besieger's commander's tactics, minus those of the defender's commanding leader
// (the highest command leader inside), -1 at Louisbourg, +2/-2 for Coehorns. The siege roll adds
// their total; the view lists them.
std::vector<CombatModifier> siege_modifiers(const State& s, const SiegeState& g) {
  std::vector<CombatModifier> out;
  auto add = [&](std::string why, int value) {
    if (value != 0) out.push_back({std::move(why), value});
  };
  if (g.commander >= 0)
    add("Tactics of " + piece_name(s, g.commander),
        siege_drm(s, "besieger_tactics", s.data().leader(g.commander).tactics));
  const PieceIndex defender = highest_command_leader(s, besieged_inside(s, g));
  if (defender >= 0)
    add("Tactics of " + piece_name(s, defender) + ", besieged",
        siege_drm(s, "besieged_tactics", s.data().leader(defender).tactics));
  if (s.data().spaces[static_cast<std::size_t>(g.where)].id == "louisbourg")
    add("Louisbourg's defences", siege_drm(s, "louisbourg"));
  if (g.coehorns)
    add(*g.coehorns == g.besieger ? "Coehorns & Howitzers" : "Coehorns & Howitzers of the besieged",
        siege_drm(s, *g.coehorns == g.besieger ? "coehorns_besieger" : "coehorns_besieged"));
  return out;
}

CombatReport siege_forecast(const State& s) {
  const auto& g = s.siege.value();
  CombatReport report;
  report.kind = CombatKind::siege;
  report.where = g.where;
  report.attacker = g.besieger;
  CombatSideReport besieger;
  besieger.side = g.besieger;
  besieger.pieces = besiegers(s, g.where, g.besieger);
  besieger.modifiers = siege_modifiers(s, g);
  for (const auto& m : besieger.modifiers) besieger.drm += m.value;
  CombatSideReport besieged;
  besieged.side = enemy_of(g.besieger);
  besieged.pieces = besieged_inside(s, g);
  report.sides = {std::move(besieger), std::move(besieged)};
  const auto level = s.space(g.where).siege_level;
  report.siege_before = report.siege_after = level ? *level : 0;
  return report;
}

void finish_siege(State& s) {
  s.active = s.siege->besieger;
  s.siege.reset();
  siege_finished(s);
}

void assault_finished(State& s) {
  // capture_fortification (9.22) left the capture in s.siege: its Massacre! window comes first.
  if (!s.siege) {
    siege_finished(s);
    return;
  }
  if (open_massacre_window(s)) return;
  finish_siege(s);
}

bool may_roll_siege(const State& s, SpaceIndex where, Side side, PieceIndex commander) {
  if (where == no_space || !is_besieged(s, where) || !has_fort_or_fortress(s, where, enemy_of(side))) return false;
  const auto stack = besiegers(s, where, side);
  // 8.231: supplied Drilled Troops and at least one leader in the besieging stack.
  const bool drilled = std::any_of(stack.begin(), stack.end(), [&](PieceIndex p) { return is_drilled_troops(s, p); });
  if (!drilled || !is_in_supply(s, where, side)) return false;
  if (commander < 0 || !is_leader(s, commander) || std::find(stack.begin(), stack.end(), commander) == stack.end())
    return false;
  // 8.231: the activated leader has the highest command rating in the space.
  const int command = s.data().leader(commander).command;
  return std::none_of(stack.begin(), stack.end(),
                      [&](PieceIndex p) { return is_leader(s, p) && s.data().leader(p).command > command; });
}

bool may_assault(const State& s, SpaceIndex where, Side side) {
  if (where == no_space || !is_besieged(s, where) || !has_fort_or_fortress(s, where, enemy_of(side))) return false;
  const auto& table = s.data().tables.siege;
  // 8.24, 9.11: siege 1 for a fort, 2 for a fortress.
  const int required = has_fortress(s, where) ? table.fortress_assault_level : table.fort_assault_level;
  if (*s.space(where).siege_level < required) return false;
  const auto stack = besiegers(s, where, side);
  return std::any_of(stack.begin(), stack.end(), [&](PieceIndex p) { return is_leader(s, p); }) &&
         std::any_of(stack.begin(), stack.end(), [&](PieceIndex p) { return is_unit(s, p); });
}

void begin_siege_roll(State& s, SpaceIndex where, PieceIndex commander) {
  const Side besieger = s.active;
  SiegeState g;
  g.where = where;
  g.besieger = besieger;
  g.commander = commander;
  s.siege = g;
  s.step = Step::siege;
  s.combat_report.reset();  // the last combat's record gives way to this siege roll's (view.cpp)
  open_pre_roll_windows(s, 0);
}

void list_siege_actions(const State& s, ActionList& out) {
  const auto& g = s.siege.value();
  switch (g.stage) {
    case SiegeStage::roll:
      out.add("roll");
      return;
    case SiegeStage::assault_or_done:
      out.add("assault");
      out.add("done");
      return;
    case SiegeStage::coehorns:
      if (holds_card(s, g.deciding, 8) && coehorns_allowed(s, g.deciding)) out.add("play", 8);
      out.add("pass");
      return;
    case SiegeStage::surrender:
      if (holds_card(s, g.deciding, surrender_card) && surrender_allowed(s, g.deciding))
        out.add("play", surrender_card);
      out.add("pass");
      return;
    case SiegeStage::massacre:
      if (holds_card(s, g.deciding, massacre_card)) out.add("play", massacre_card);
      out.add("pass");
      return;
    case SiegeStage::relocate:
      for (SpaceIndex sp : relocation_options(s)) out.add_space(s, "relocate", sp);
      return;
  }
}

void apply_siege(State& s, const Action& action) {
  auto& g = s.siege.value();
  switch (g.stage) {
    case SiegeStage::roll:
      roll_siege(s);
      return;
    case SiegeStage::assault_or_done:
      if (action.verb == "assault") {
        const SiegeState siege = g;
        s.siege.reset();
        begin_assault_after_siege(s, siege.where, siege.besieger, siege.commander, siege.coehorns);
      } else {
        finish_siege(s);
      }
      return;
    case SiegeStage::coehorns: {
      const std::size_t window = current_pre_roll_window(g);
      if (action.verb == "play") play_siege_coehorns(s);
      open_pre_roll_windows(s, window + 1);
      return;
    }
    case SiegeStage::surrender:
      if (action.verb == "play") {
        play_surrender(s, g.deciding);
        return;
      }
      open_pre_roll_windows(s, current_pre_roll_window(g) + 1);
      return;
    case SiegeStage::massacre:
      apply_massacre(s, action);
      return;
    case SiegeStage::relocate:
      relocate_displaced(s, space_arg(s, action));
      return;
  }
  throw ActionRejected(ErrorCode::illegal_action, "no siege decision is pending");
}

std::string siege_prompt(const State& s) {
  const auto& g = s.siege.value();
  const std::string& name = space_name(s, g.where);
  switch (g.stage) {
    case SiegeStage::roll:
      return "Siege of " + name + ": roll on the Siege Table (8.231).";
    case SiegeStage::assault_or_done:
      return "Siege of " + name + " at level " + std::to_string(*s.space(g.where).siege_level) +
             ": assault now, or be done (8.24).";
    case SiegeStage::coehorns:
      return "Siege of " + name + ": play response events before the siege roll (8.231).";
    case SiegeStage::surrender:
      return "Siege of " + name + ": play response events in place of the siege roll (8.231).";
    case SiegeStage::massacre:
      return name + " has been captured: play response events (fortification lost).";
    case SiegeStage::relocate:
      return name + " has surrendered: choose the closest friendly fortification for its garrison (10.421).";
  }
  return {};
}

}  // namespace warpath::wilderness_war
