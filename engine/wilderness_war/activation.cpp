#include "engine/wilderness_war/activation.hpp"

#include <algorithm>
#include <set>

#include "engine/wilderness_war/battle.hpp"
#include "engine/wilderness_war/movement.hpp"
#include "engine/wilderness_war/queries.hpp"
#include "engine/wilderness_war/raid.hpp"
#include "engine/wilderness_war/responses.hpp"
#include "engine/wilderness_war/siege.hpp"
#include "engine/wilderness_war/surrender.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ErrorCode;

int card_value(const State& s) { return s.data().card(s.activation->card).activation; }

// 5.32: an individual auxiliary or leader counts one unit, an Indian half.
int individual_cost_in_halves(const State& s, PieceIndex p) { return is_indian(s, p) ? 1 : 2; }

// Pieces of the active side on the map that this card has not activated yet; with `fought`, those
// of them that may not be activated because they fought this Action Phase (5.36), else the others.
std::vector<PieceIndex> unactivated_pieces(const State& s, bool fought) {
  std::vector<PieceIndex> out;
  const auto& a = *s.activation;
  for (PieceIndex p = 0; p < s.data().piece_count(); ++p)
    if (side_of(s, p) == s.active && is_on_map(s, p) && !is_militia(s, p) && !contains(a.activated, p) &&
        fought_this_phase(s, p) == fought)
      out.push_back(p);
  return out;
}
std::vector<PieceIndex> activatable_pieces(const State& s) { return unactivated_pieces(s, false); }

// 5.36: a piece that took part in a battle or assault this Action Phase may not be activated: it
// leaves an activated group that has not acted yet (a Campaign's second force, pieces designated
// individually), and the log says why.
void drop_pieces_that_fought(State& s, std::vector<PieceIndex>& group) {
  std::vector<PieceIndex> fought;
  for (PieceIndex p : group)
    if (fought_this_phase(s, p)) fought.push_back(p);
  if (fought.empty()) return;
  std::erase_if(group, [&](PieceIndex p) { return contains(fought, p); });
  s.note(std::string(side_names(s.active)), "not_activated", s.data().piece_id(fought.front()),
         piece_names(s, fought) + " fought this Action Phase and may not be activated (5.36).");
}

// The designation prompt's note on the pieces left out by 5.36.
std::string fought_note(const State& s) {
  if (s.combats.empty()) return {};  // nobody has fought this Action Phase yet
  const auto fought = unactivated_pieces(s, true);
  if (fought.empty()) return {};
  return " " + piece_names(s, fought) + " fought this Action Phase and may not be activated (5.36).";
}

// --- 5.34 forces ------------------------------------------------------------------------------

bool has_johnson(const State& s, const std::vector<PieceIndex>& force) {
  return std::any_of(force.begin(), force.end(), [&](PieceIndex p) { return is_johnson(s, p); });
}

int command_capacity(const State& s, const std::vector<PieceIndex>& force) {
  int capacity = 0;
  for (PieceIndex p : force)
    if (is_leader(s, p)) capacity += s.data().leader(p).command;
  return capacity;
}

int commanded_units(const State& s, const std::vector<PieceIndex>& force) {
  return static_cast<int>(std::count_if(force.begin(), force.end(),
                                        [&](PieceIndex p) { return is_unit(s, p) && !is_johnsons_indian(s, p); }));
}

// 5.534: British Iroquois and Mohawks follow only Johnson, and cost him nothing.
bool force_is_valid(const State& s, const std::vector<PieceIndex>& force) {
  const bool johnson = has_johnson(s, force);
  for (PieceIndex p : force)
    if (is_johnsons_indian(s, p) && !johnson) return false;
  return commanded_units(s, force) <= command_capacity(s, force);
}

// A piece may join the force: same space, and on the same side of a besieged fortification's walls
// (8.25: besieged pieces do not leave; besiegers are outside).
bool may_join_force(const State& s, PieceIndex commander, PieceIndex p) {
  if (s.space_of(p) != s.space_of(commander)) return false;
  if (is_besieged(s, s.space_of(p)) && s.piece(p).inside != s.piece(commander).inside) return false;
  if (is_leader(s, p)) return s.data().leader(p).command <= s.data().leader(commander).command;  // 5.34
  return true;
}

// While a force is formed, it is valid or made valid by Johnson joining it: Iroquois and Mohawks
// may join before him, but only while he is there to join and would command them all (5.534).
// Every listed change keeps this true, so "done" is always one step or one Johnson away.
bool may_complete_force(const State& s, const std::vector<PieceIndex>& force) {
  if (force_is_valid(s, force)) return true;
  if (has_johnson(s, force)) return false;
  const auto& a = *s.activation;
  for (PieceIndex p : activatable_pieces(s)) {
    if (!is_johnson(s, p) || contains(force, p) || !may_join_force(s, a.commander, p)) continue;
    auto with_johnson = force;
    with_johnson.push_back(p);
    if (force_is_valid(s, with_johnson)) return true;
  }
  return false;
}

void list_designate(const State& s, ActionList& out) {
  const auto& a = *s.activation;
  const int value = card_value(s);
  const bool nothing_yet = a.designated.empty();
  for (PieceIndex p : activatable_pieces(s)) {
    if (nothing_yet && is_leader(s, p) && s.data().leader(p).initiative <= value) out.add_piece(s, "commander", p);
    if (a.drilled_troops) continue;
    if (is_drilled_troops(s, p)) {
      if (nothing_yet) out.add_piece(s, "individual", p);  // 5.32: one Drilled Troops unit alone
    } else if (a.halves_used + individual_cost_in_halves(s, p) <= 2 * value) {
      out.add_piece(s, "individual", p);
    }
  }
  out.add("done");
}

// cards.md #1-#4: any leader commands a Campaign force, whatever his initiative; with no leader
// left for the second force, the Campaign goes on with one.
void list_campaign_designate(const State& s, ActionList& out) {
  bool any = false;
  for (PieceIndex p : activatable_pieces(s))
    if (is_leader(s, p)) {
      out.add_piece(s, "commander", p);
      any = true;
    }
  if (!any) out.add("done");
}

void list_define_force(const State& s, ActionList& out) {
  const auto& a = *s.activation;
  for (PieceIndex p : activatable_pieces(s)) {
    if (p == a.commander || !may_join_force(s, a.commander, p)) continue;
    auto changed = a.force_pieces;
    if (contains(changed, p))
      std::erase(changed, p);
    else
      changed.push_back(p);
    if (may_complete_force(s, changed)) out.add_piece(s, "piece", p);
  }
  if (force_is_valid(s, a.force_pieces)) out.add("done");
}

void start_next_individual(State& s, PieceIndex p) {
  auto& a = *s.activation;
  std::erase(a.designated, p);
  a.current = p;
  a.stage = ActivationStage::acting;
  begin_move(s, {p}, -1);
}

void start_force(State& s) {
  auto& a = *s.activation;
  a.stage = ActivationStage::acting;
  for (PieceIndex p : a.force_pieces)
    if (!contains(a.activated, p)) a.activated.push_back(p);
  std::sort(a.force_pieces.begin(), a.force_pieces.end());
  s.note(std::string(side_names(s.active)), "force", s.data().piece_id(a.commander),
         piece_name(s, a.commander) + " activates a force of " + std::to_string(a.force_pieces.size()) + " pieces.");
  begin_move(s, a.force_pieces, a.commander);
}

void start_waiting_force(State& s, std::size_t index) {
  auto& a = *s.activation;
  std::vector<PieceIndex> force = a.waiting_forces.at(index);
  a.waiting_forces.erase(a.waiting_forces.begin() + static_cast<std::ptrdiff_t>(index));
  const PieceIndex commander = force.front();
  std::erase_if(force, [&](PieceIndex p) { return !is_on_map(s, p); });  // lost with the first force
  drop_pieces_that_fought(s, force);
  if (!contains(force, commander)) {  // a force without its commander is not activated
    if (is_on_map(s, commander))
      s.note(std::string(side_names(s.active)), "not_activated", s.data().piece_id(commander),
             "The force of " + piece_name(s, commander) + " is not activated (5.36).");
    if (a.waiting_forces.empty())
      end_card_play(s);
    else
      start_waiting_force(s, 0);
    return;
  }
  a.force = true;
  a.force_pieces = std::move(force);
  a.commander = commander;
  start_force(s);
}

// cards.md #1-#4: both forces are fixed before anything moves; the player then picks which acts first.
void campaign_force_defined(State& s) {
  auto& a = *s.activation;
  std::vector<PieceIndex> force = {a.commander};
  for (PieceIndex p : a.force_pieces)
    if (p != a.commander) force.push_back(p);
  for (PieceIndex p : force) a.activated.push_back(p);
  a.waiting_forces.push_back(force);
  a.force_pieces.clear();
  a.commander = -1;
  a.stage = a.waiting_forces.size() < 2 ? ActivationStage::designate : ActivationStage::choose_next;
}

void campaign_designation_done(State& s) {
  auto& a = *s.activation;
  if (a.waiting_forces.empty())
    end_card_play(s);
  else
    start_waiting_force(s, 0);
}

void after_designation(State& s) {
  auto& a = *s.activation;
  if (a.designated.empty()) {  // nothing activated: the card is spent (5.31)
    end_card_play(s);
    return;
  }
  if (a.designated.size() == 1) {
    start_next_individual(s, a.designated.front());
    return;
  }
  a.stage = ActivationStage::choose_next;
}

// The group that has just acted: the force, or the current individual piece.
std::vector<PieceIndex> acting_group(const State& s) {
  const auto& a = *s.activation;
  if (a.force) return a.force_pieces;
  return {a.current};
}

}  // namespace

bool is_activated(const State& s, PieceIndex piece) { return s.activation && contains(s.activation->activated, piece); }

void begin_activation(State& s, CardNumber card) {
  s.activation = ActivationState{};
  s.activation->card = card;
  s.step = Step::activation;
}

void begin_campaign(State& s, CardNumber card) {
  begin_activation(s, card);
  s.activation->campaign = true;
}

void list_activation_actions(const State& s, ActionList& out) {
  switch (s.activation->stage) {
    case ActivationStage::designate:
      if (s.activation->campaign)
        list_campaign_designate(s, out);
      else
        list_designate(s, out);
      return;
    case ActivationStage::define_force:
      list_define_force(s, out);
      return;
    case ActivationStage::choose_next:
      for (PieceIndex p : s.activation->designated) out.add_piece(s, "piece", p);
      for (const auto& force : s.activation->waiting_forces) out.add_piece(s, "piece", force.front());
      return;
    case ActivationStage::acting:
      return;
  }
}

void apply_activation(State& s, const Action& action) {
  auto& a = *s.activation;
  switch (a.stage) {
    case ActivationStage::designate:
      if (action.verb == "done" && a.campaign) {
        campaign_designation_done(s);
      } else if (action.verb == "done") {
        after_designation(s);
      } else if (action.verb == "commander") {
        a.force = true;
        a.commander = piece_arg(s, action);
        a.force_pieces = {a.commander};
        a.stage = ActivationStage::define_force;
      } else {
        const PieceIndex p = piece_arg(s, action);
        if (is_drilled_troops(s, p))
          a.drilled_troops = true;
        else
          a.halves_used += individual_cost_in_halves(s, p);
        a.designated.push_back(p);
        a.activated.push_back(p);
      }
      return;
    case ActivationStage::define_force:
      if (action.verb == "done" && a.campaign) {
        campaign_force_defined(s);
      } else if (action.verb == "done") {
        start_force(s);
      } else {
        const PieceIndex p = piece_arg(s, action);
        if (contains(a.force_pieces, p))
          std::erase(a.force_pieces, p);
        else
          a.force_pieces.push_back(p);
      }
      return;
    case ActivationStage::choose_next:
      if (a.campaign) {
        const PieceIndex leader = piece_arg(s, action);
        for (std::size_t i = 0; i < a.waiting_forces.size(); ++i)
          if (a.waiting_forces[i].front() == leader) start_waiting_force(s, i);
        return;
      }
      start_next_individual(s, piece_arg(s, action));
      return;
    case ActivationStage::acting:
      throw ActionRejected(ErrorCode::illegal_action, "the activated pieces are acting");
  }
}

// Choosing a commander or an individual piece, and adding a piece to the force or taking it out,
// only record the choice (5.32-5.34); `done` starts the pieces acting and is tried.
bool activation_certainly_reversible(const State& s, std::string_view verb) {
  const auto stage = s.activation->stage;
  return (stage == ActivationStage::designate || stage == ActivationStage::define_force) && verb != "done";
}

std::string activation_prompt(const State& s) {
  const auto& a = *s.activation;
  switch (a.stage) {
    case ActivationStage::designate:
      if (a.campaign)
        return "Campaign: choose the " + std::string(a.waiting_forces.empty() ? "first" : "second") +
               " force's commander (any leader, 5.34)." + fought_note(s);
      return "Activate with #" + std::to_string(a.card) + " (value " + std::to_string(card_value(s)) +
             "): choose a force's commander, or pieces to activate individually (5.32)." + fought_note(s);
    case ActivationStage::define_force:
      return "Force of " + piece_name(s, a.commander) + ": add or remove units and subordinate leaders (" +
             std::to_string(commanded_units(s, a.force_pieces)) + " of " +
             std::to_string(command_capacity(s, a.force_pieces)) + " commanded, 5.34)." + fought_note(s);
    case ActivationStage::choose_next:
      if (a.campaign) return "Campaign: choose the force that acts first (5.36).";
      return "Choose the next activated piece to move (5.33).";
    case ActivationStage::acting:
      return "Activated pieces are acting.";
  }
  return {};
}

void list_stationary_options(const State& s, ActionList& out) {
  const auto& a = *s.activation;
  const auto group = acting_group(s);
  const PieceIndex lead = a.force ? a.commander : a.current;
  const SpaceIndex at = s.space_of(lead);
  if (at == no_space) return;
  if (a.force && may_roll_siege(s, at, s.active, a.commander)) out.add("siege");
  if (a.force && !s.piece(lead).inside && may_assault(s, at, s.active)) out.add("assault");
  // #6 Surrender! window (b): in place of an assault already possible; the besieger's own choice,
  // listed from his own hand (cards.md section 2).
  if (a.force && !s.piece(lead).inside && holds_card(s, s.active, surrender_card) &&
      may_surrender_instead_of_assault(s, at, s.active, a.commander))
    out.add("play", surrender_card);
  // 8.25: besieged pieces may attack the besiegers outside.
  const bool besieged = is_besieged_piece(s, lead);
  const bool with_units = std::any_of(group.begin(), group.end(), [&](PieceIndex p) { return is_unit(s, p); });
  if (besieged && with_units) out.add("attack");
}

bool apply_stationary_option(State& s, const Action& action) {
  auto& a = *s.activation;
  const PieceIndex lead = a.force ? a.commander : a.current;
  const SpaceIndex at = s.space_of(lead);
  if (action.verb == "siege") {
    s.move.reset();
    begin_siege_roll(s, at, a.commander);
    return true;
  }
  if (action.verb == "assault") {
    s.move.reset();
    begin_assault(s, at, s.active, a.commander);
    return true;
  }
  if (action.verb == "play" && action.arg == surrender_card) {
    s.move.reset();
    surrender_instead_of_assault(s, at, a.commander);
    return true;
  }
  if (action.verb == "attack") {
    s.move.reset();
    BattleState battle;
    battle.where = at;
    battle.attacker = s.active;
    battle.context = BattleContext::break_siege;
    battle.attackers = acting_group(s);
    battle.attacker_commander = a.force ? a.commander : -1;
    begin_battle(s, battle);
    return true;
  }
  return false;
}

void activation_piece_finished(State& s) {
  auto& a = *s.activation;
  a.stage = ActivationStage::acting;
  // 10.1, 10.13: active auxiliaries, where they ended (dropped-off ones included), raid.
  std::vector<SpaceIndex> raid_spaces;
  for (PieceIndex p : acting_group(s)) {
    if (!is_auxiliary(s, p) || !is_on_map(s, p) || s.piece(p).inside) continue;
    const SpaceIndex at = s.space_of(p);
    if (std::find(raid_spaces.begin(), raid_spaces.end(), at) == raid_spaces.end() && is_raid_target(s, at, s.active))
      raid_spaces.push_back(at);
  }
  if (!raid_spaces.empty()) {
    begin_raids(s, raid_spaces);
    return;
  }
  activation_after_raids(s);
}

void activation_after_raids(State& s) {
  auto& a = *s.activation;
  std::erase_if(a.designated, [&](PieceIndex p) { return !is_on_map(s, p); });
  drop_pieces_that_fought(s, a.designated);
  s.step = Step::activation;
  if (!a.force && !a.designated.empty()) {
    if (a.designated.size() == 1) {
      start_next_individual(s, a.designated.front());
    } else {
      a.stage = ActivationStage::choose_next;
    }
    return;
  }
  // cards.md #1-#4: the other Campaign force acts once the first has moved, fought and raided.
  if (a.campaign && !a.waiting_forces.empty()) {
    start_waiting_force(s, 0);
    return;
  }
  end_card_play(s);
}

}  // namespace warpath::wilderness_war
