#include "engine/wilderness_war/module.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <vector>

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

const State& as_state(const GameState& s) { return dynamic_cast<const State&>(s); }

std::optional<Side> role_of(std::string_view seat) { return side_names.find(seat); }

// 5.46: a player may demolish his own unbesieged forts, stockades and forts under construction at
// any time during his own Action Phase.
json demolition_targets(const State& state, Side side) {
  std::vector<std::string> spaces;
  for (std::size_t s = 0; s < state.spaces.size(); ++s) {
    const auto& markers = state.spaces[s];
    const bool own_fort = markers.fort == side && !markers.siege_level;
    if (own_fort || markers.stockade == side || markers.fort_under_construction == side)
      spaces.push_back(state.data().spaces[s].id);
  }
  std::sort(spaces.begin(), spaces.end());
  return spaces;
}

// 4.0 A.2: the active player plays a card (5.26: activation, construction or event); with one card
// left and no Card Held marker he may instead pass and hold it.
json action_phase_choices(const State& state, Side side) {
  json actions = json::object();
  const auto& player = state.player(side);
  if (!player.hand.empty()) {
    json cards = json::array();
    for (CardNumber c : player.hand) cards.push_back(static_cast<int>(c));
    actions["card"] = cards;
  }
  if (player.hand.size() == 1 && !player.card_held) actions["pass"] = true;
  if (auto targets = demolition_targets(state, side); !targets.empty()) actions["demolish"] = targets;
  return actions;
}

std::string prompt_for(const State& state, std::string_view seat) {
  if (state.phase == Phase::game_over) return "The game is over.";
  if (state.phase != Phase::action_phases) return "Waiting.";
  if (role_of(seat) != state.active)
    return "Waiting for the " + std::string(side_titles(state.active)) + " to take an Action Phase.";
  return "Action Phase: choose a card to play for activation, construction or its event.";
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
        {"optional_14_2",
         "Optional rule 14.2: each enemy Raided marker in a Department costs one of its militia a step", false},
    };
  }

  const engine::GameInfo& info() const override { return info_; }

  std::unique_ptr<GameState> setup(const std::string& scenario, const json& options,
                                   std::uint64_t seed) const override {
    return set_up_scenario(scenario, parse_setup_options(options), seed, data_);
  }

  std::unique_ptr<GameState> load(const json& state_json) const override {
    return std::make_unique<State>(State::from_json(state_json, data_));
  }

  json view(const GameState& state, std::string_view seat) const override {
    const auto& s = as_state(state);
    json v = make_view(s, seat, legal_actions(s, seat), prompt_for(s, seat));
    if (auto r = result(s)) v["result"] = r->to_json();
    return v;
  }

  json legal_actions(const GameState& state, std::string_view seat) const override {
    const auto& s = as_state(state);
    if (s.phase != Phase::action_phases || role_of(seat) != s.active) return json::object();
    return action_phase_choices(s, s.active);
  }

  std::vector<std::string> active_roles(const GameState& state) const override {
    const auto& s = as_state(state);
    if (s.phase == Phase::game_over) return {};
    return {std::string(side_names(s.active))};
  }

  ApplyReport apply(GameState&, std::string_view, const Action&) const override {
    // The rules of play come in phase 2 (issue 3): the module lists the real first decision of
    // the sequence of play but applies nothing yet, and is not registered with the server.
    throw engine::ActionRejected(engine::ErrorCode::illegal_action, "not implemented in phase 1");
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

  json rule_events(const GameState& state) const override { return as_state(state).rule_events; }

 private:
  const GameData& data_;
  engine::GameInfo info_;
};

}  // namespace

std::unique_ptr<engine::GameModule> make_wilderness_war() { return std::make_unique<WildernessWarModule>(); }

}  // namespace warpath::wilderness_war
