#include "engine/wilderness_war/module.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/log_stream.hpp"
#include "engine/wilderness_war/effects.hpp"
#include "engine/wilderness_war/flow.hpp"
#include "engine/wilderness_war/optional_rules.hpp"
#include "engine/wilderness_war/responses.hpp"
#include "engine/wilderness_war/setup.hpp"
#include "engine/wilderness_war/state.hpp"
#include "engine/wilderness_war/view.hpp"

namespace warpath::wilderness_war {
namespace {

using engine::Action;
using engine::ApplyReport;
using engine::GameState;
using engine::Rng;
using nlohmann::json;

const State& as_state(const GameState& s) { return engine::state_cast<State>(s); }

std::optional<Side> role_of(std::string_view seat) { return side_names.find(seat); }

bool may_act(const State& state, std::string_view seat) {
  return state.step != Step::game_over && role_of(seat) == state.active;
}

std::string prompt_for(const State& state, std::string_view seat) {
  if (state.step == Step::game_over) return "The game is over.";
  const std::string prompt = prompt_of(state);
  if (role_of(seat) != state.active) return "Waiting for the " + std::string(side_titles(state.active)) + ": " + prompt;
  return prompt;
}

// Refills `player`'s hand from `unknown_cards`: same size, and the cards the other side knows are
// there stay.
void redeal_hand(PlayerState& player, std::vector<CardNumber>& unknown_cards) {
  std::vector<CardNumber> hand = player.known;
  const std::size_t hidden = player.hand.size() - player.known.size();
  for (std::size_t i = 0; i < hidden; ++i) {
    hand.push_back(unknown_cards.back());
    unknown_cards.pop_back();
  }
  std::sort(hand.begin(), hand.end());
  player.hand = std::move(hand);
}

std::vector<CardNumber> cards_hidden_in_hand(const PlayerState& player) {
  std::vector<CardNumber> hidden;
  std::set_difference(player.hand.begin(), player.hand.end(), player.known.begin(), player.known.end(),
                      std::back_inserter(hidden));
  return hidden;
}

class WildernessWarModule final : public engine::GameModule {
 public:
  WildernessWarModule() : data_(game_data()) {
    info_.title_id = "wilderness-war";
    info_.display_name = "Wilderness War";
    for (Side side : both_sides) info_.roles.emplace_back(side_names(side));
    for (const auto& scenario : data_.scenarios) info_.scenarios.push_back({scenario.id, scenario.name});
    info_.options = {
        {"bid",
         "Bid (13.3): {\"side\": \"french\" | \"british\", \"vp\": 0-10}, VP added to the scenario's start toward "
         "that side; null for none",
         nullptr},
    };
    info_.bid_option = engine::BidOption{"bid", max_bid_vp};  // 13.3, 14.7: the lobby's sides by bidding
    info_.tournament_draw_winner = side_names(Side::french);  // 13.14
    for (const auto& rule : optional_rule_flags)
      info_.options.push_back({rule.id, optional_rule_description(data_, rule), false});
  }

  const engine::GameInfo& info() const override { return info_; }

  std::unique_ptr<GameState> setup(const std::string& scenario, const json& options,
                                   std::uint64_t seed) const override {
    return set_up_scenario(scenario, parse_setup_options(options), seed, data_);
  }

  std::unique_ptr<GameState> load(const json& state_json) const override {
    return std::make_unique<State>(State::from_json(state_json, data_));
  }

  json public_view(const GameState& state) const override {
    const auto& s = as_state(state);
    json v = make_public_view(s);
    if (auto r = result(s)) v["result"] = r->to_json();
    return v;
  }
  PublicViewUpdate public_view_update(const GameState& before, const GameState& after) const override {
    PublicViewUpdate update;
    update.complete = false;
    public_view_changes(as_state(before), as_state(after), update.members, update.texts);
    update.patches = public_view_patches(as_state(before), as_state(after), update.texts);
    if (auto r = result(after)) {
      update.members["result"] = r->to_json();
    } else if (result(before)) {
      update.gone.emplace_back("result");
    }
    return update;
  }
  json seat_view(const GameState& state, std::string_view seat) const override {
    const auto& s = as_state(state);
    return make_seat_view(s, seat, prompt_for(s, seat));
  }
  std::vector<std::string> seat_view_keys() const override { return {"hand"}; }
  std::size_t log_size(const GameState& state, std::string_view) const override { return as_state(state).log.size(); }
  std::size_t log_first(const GameState& state, std::string_view) const override { return as_state(state).log.first(); }
  bool log_same_for_every_seat() const override { return true; }  // every line is public
  json log_lines(const GameState& state, std::string_view, std::size_t from, std::size_t to) const override {
    return log_to_json(as_state(state).log, from, to);
  }
  void append_log_lines(std::string& out, const GameState& state, std::string_view, std::size_t from,
                        std::size_t to) const override {
    engine::append_log_text(out, as_state(state).log, from, to);
  }

  void list_legal_actions(const GameState& state, std::string_view seat, engine::ActionList& out) const override {
    const auto& s = as_state(state);
    if (!may_act(s, seat)) return;
    ActionList list(out);
    list_actions(s, list);
  }

  bool is_active(const GameState& state, std::string_view role) const override {
    return may_act(as_state(state), role);
  }

  std::vector<std::string> active_roles(const GameState& state) const override {
    const auto& s = as_state(state);
    if (s.step == Step::game_over) return {};
    return {std::string(side_names(s.active))};
  }

  // Applies an action the Match has found listed for the role (it checks every move against the
  // legal actions before it gets here, so they are not listed twice), then the map's continuous
  // rules (effects.hpp). A throw may leave a partial change; the Match discards or rebuilds the state then.
  ApplyReport apply(GameState& state, std::string_view role, const Action& action) const override {
    auto& s = engine::state_cast<State>(state);
    const ApplyReport report = apply_rules(s, role, action);
    settle_map(s);
    return report;
  }

  // The map's continuous rules never roll or reveal (effects.hpp): a trial leaves them out.
  ApplyReport trial(GameState& scratch, std::string_view role, const Action& action) const override {
    return apply_rules(engine::state_cast<State>(scratch), role, action);
  }

  // Each procedure's own answer for its decisions (flow.hpp).
  bool certainly_reversible(const GameState& state, std::string_view role, std::string_view verb) const override {
    const auto& s = as_state(state);
    return may_act(s, role) && wilderness_war::certainly_reversible(s, verb);
  }

  // The action itself, with whether it rolled or drew (every random draw goes through roll_die or
  // sets dice_rolled), before the map is settled.
  static ApplyReport apply_rules(State& s, std::string_view role, const Action& action) {
    if (s.step == Step::game_over) throw engine::ActionRejected(engine::ErrorCode::illegal_action, "the game is over");
    if (role_of(role) != s.active)
      throw engine::ActionRejected(engine::ErrorCode::not_your_turn,
                                   "it is the " + std::string(side_titles(s.active)) + "' decision");
    s.dice_rolled = false;
    s.dice.clear();
    apply_action(s, action);
    ApplyReport report;
    report.used_randomness = s.dice_rolled;
    report.dice = std::move(s.dice);  // every die of the game is rolled in the open
    s.dice_rolled = false;
    s.dice.clear();
    return report;
  }

  // The VP marker (13.21: positive is a French lead) and where the sequence of play stands (4.0).
  engine::PositionSummary position_summary(const GameState& state) const override {
    const auto& s = as_state(state);
    engine::PositionSummary summary;
    summary.score = {{"vp", s.vp}};
    summary.score_text =
        "VP " + std::to_string(s.vp < 0 ? -s.vp : s.vp) +
        (s.vp == 0 ? std::string(" (even)")
                   : " (" + std::string(side_titles(s.vp > 0 ? Side::french : Side::british)) + " lead)");
    if (s.step == Step::game_over) {
      summary.phase = std::to_string(s.year) + ": the game is over";
    } else {
      std::string phase(phase_names(s.phase));
      std::replace(phase.begin(), phase.end(), '_', ' ');
      summary.phase = std::to_string(s.year) + ", " + std::string(season_names(s.season)) + " season, " + phase + ": " +
                      std::string(side_titles(s.active)) + " to decide";
    }
    return summary;
  }

  std::optional<engine::GameResult> result(const GameState& state) const override {
    const auto& s = as_state(state);
    if (!s.outcome) return std::nullopt;
    engine::GameResult r;
    if (s.outcome->winner) r.winner = std::string(side_names(*s.outcome->winner));
    r.score = {{"vp", s.vp}};
    r.summary =
        (s.outcome->winner ? "The " + std::string(side_names(*s.outcome->winner)) + " win" : std::string("Draw")) +
        (s.outcome->reason.empty() ? "." : ": " + s.outcome->reason + ".");
    return r;
  }

  // A game stopped before its end (a tournament round's deadline): the side the VP marker favours
  // wins (13.21: positive is a French lead), an even marker is a draw.
  engine::GameResult adjudicate(const GameState& state) const override {
    const auto& s = as_state(state);
    engine::GameResult r;
    r.score = {{"vp", s.vp}};
    if (s.vp == 0) {
      r.summary = "VP even, a draw";
    } else {
      const Side ahead = s.vp > 0 ? Side::french : Side::british;
      r.winner = std::string(side_names(ahead));
      r.summary = "the " + std::string(side_titles(ahead)) + " lead by " + std::to_string(s.vp < 0 ? -s.vp : s.vp) +
                  " VP and win";
    }
    return r;
  }

  // Everything hidden from `seat` is the other hand (all of it for a spectator) apart from the
  // cards known to be there, and the draw pile's order: those cards are shuffled together and
  // dealt back in the same sizes. The British leader pool has no order to redeal (it is drawn
  // with the Rng, 5.55), and the Rng is reseeded so future dice differ too.
  std::unique_ptr<GameState> redeal_hidden(const GameState& state, std::string_view seat, Rng& rng) const override {
    auto twin = std::make_unique<State>(as_state(state));
    const auto own_side = role_of(seat);
    std::vector<CardNumber> unknown_cards = twin->draw_pile;
    for (Side side : both_sides)
      if (side != own_side) {
        const auto hidden = cards_hidden_in_hand(twin->player(side));
        unknown_cards.insert(unknown_cards.end(), hidden.begin(), hidden.end());
      }
    rng.shuffle(std::span<CardNumber>(unknown_cards));
    for (Side side : both_sides)
      if (side != own_side) redeal_hand(twin->player(side), unknown_cards);
    twin->draw_pile = std::move(unknown_cards);
    twin->rng = Rng(rng.next_u64());
    return twin;
  }

  // Only the side to decide is ever in a window (responses.hpp).
  std::optional<engine::ResponseWindow> response_window(const GameState& state, std::string_view role) const override {
    const auto& s = as_state(state);
    if (!may_act(s, role)) return std::nullopt;
    return open_response_window(s);
  }
  std::vector<std::string> response_window_kinds() const override { return {window_kinds.begin(), window_kinds.end()}; }
  // 4.0: a season (Early or Late of a year), an Action Phase (one card play, A.2), a move (a unit or
  // force acting in it, 5.33, 5.34: its move and the battle, siege or raids that follow it).
  engine::Periods periods(const GameState& state) const override {
    const auto& s = as_state(state);
    const std::string phase = "ap" + std::to_string(s.periods.action_phases);
    return {phase + ".m" + std::to_string(s.periods.moves), phase,
            std::to_string(s.year) + "-" + std::string(season_names(s.season))};
  }

  json client_data() const override { return client_component_data(); }
  json rule_events(const GameState& state) const override { return as_state(state).rule_events.to_json(); }

  // A random player that stops, passes and demolishes as often as it moves would rarely reach a
  // battle, a siege or a raid; these weights keep it busy so the playouts exercise every rule.
  double playout_weight(const GameState&, std::string_view, const engine::ActionRef& action) const override {
    static constexpr std::array<std::pair<std::string_view, double>, 11> weights = {{{"demolish", 0.01},
                                                                                     {"event", 6.0},
                                                                                     {"pass", 0.2},
                                                                                     {"stop", 0.15},
                                                                                     {"done", 0.3},
                                                                                     {"stockades", 0.5},
                                                                                     {"siege", 40.0},
                                                                                     {"assault", 40.0},
                                                                                     {"attack", 4.0},
                                                                                     {"commander", 3.0},
                                                                                     {"intercept", 2.0}}};
    for (const auto& [verb, weight] : weights)
      if (action.verb == verb) return weight;
    return 1.0;
  }

 private:
  const GameData& data_;
  engine::GameInfo info_;
};

}  // namespace

std::unique_ptr<engine::GameModule> make_wilderness_war() { return std::make_unique<WildernessWarModule>(); }

}  // namespace warpath::wilderness_war
