#include "engine/mohicans/module.hpp"

#include <algorithm>
#include <span>

#include "engine/core/log_stream.hpp"
#include "engine/mohicans/client_data.hpp"
#include "engine/mohicans/naval.hpp"
#include "engine/mohicans/queries.hpp"
#include "engine/mohicans/sequence.hpp"
#include "engine/mohicans/setup.hpp"
#include "engine/mohicans/state.hpp"
#include "engine/mohicans/turn.hpp"
#include "engine/mohicans/view.hpp"

namespace warpath::mohicans {
namespace {

using engine::Action;
using engine::ApplyReport;
using engine::GameState;
using engine::Rng;
using nlohmann::json;

const State& as_state(const GameState& s) { return engine::state_cast<State>(s); }

std::optional<Side> role_of(std::string_view seat) { return side_names.find(seat); }

bool may_act(const State& s, std::string_view seat) { return !s.over && role_of(seat) == s.active; }

std::string prompt_for(const State& s, std::string_view seat) {
  if (s.over) return "The game is over.";
  const std::string prompt = prompt_of(s);
  if (role_of(seat) != s.active) return "Waiting for " + the(s.active) + ": " + prompt;
  return prompt;
}

// VICTORY CONDITIONS at the end of the game: the British win holding their objectives unless the
// French hold theirs; otherwise the French win, having denied the British theirs.
Side winner_now(const State& s) {
  if (meets_victory_conditions(s, Side::french)) return Side::french;
  return meets_victory_conditions(s, Side::british) ? Side::british : Side::french;
}

class MohicansModule final : public engine::GameModule {
 public:
  MohicansModule() : data_(game_data()) {
    info_.title_id = "mohicans";
    info_.display_name = "Small Wars: Mohicans";
    for (Side side : both_sides) info_.roles.emplace_back(side_names(side));
    info_.scenarios = {{std::string(campaign_scenario), "The French and Indian War, 1754-1760"}};
    info_.options = {
        {"historical_reinforcements",
         "Historical Reinforcements: units arrive by the historical schedule, with a supply ship a year, instead of "
         "the naval war",
         false},
        {"d6_combat", "D6 Combat (optional rule): battles with ordinary six-sided dice", false},
    };
  }

  const engine::GameInfo& info() const override { return info_; }
  json client_data() const override { return client_component_data(); }

  std::unique_ptr<GameState> setup(const std::string& scenario, const json& options,
                                   std::uint64_t seed) const override {
    return set_up_game(scenario, parse_setup_options(options), seed, data_);
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
  json seat_view(const GameState& state, std::string_view seat) const override {
    const auto& s = as_state(state);
    json v = make_seat_view(s, seat);
    v["prompt"] = prompt_for(s, seat);
    return v;
  }
  std::vector<std::string> seat_view_keys() const override { return {"naval_orders"}; }

  std::size_t log_size(const GameState& state, std::string_view) const override { return as_state(state).log.size(); }
  std::size_t log_first(const GameState& state, std::string_view) const override { return as_state(state).log.first(); }
  bool log_same_for_every_seat() const override { return true; }  // no line names a face-down piece
  json log_lines(const GameState& state, std::string_view, std::size_t from, std::size_t to) const override {
    return log_to_json(as_state(state).log, from, to);
  }
  void append_log_lines(std::string& out, const GameState& state, std::string_view, std::size_t from,
                        std::size_t to) const override {
    engine::append_log_text(out, as_state(state).log, from, to);
  }

  void list_legal_actions(const GameState& state, std::string_view seat, engine::ActionList& out) const override {
    const auto& s = as_state(state);
    if (may_act(s, seat)) list_actions(s, out);
  }
  bool is_active(const GameState& state, std::string_view role) const override {
    return may_act(as_state(state), role);
  }
  std::vector<std::string> active_roles(const GameState& state) const override {
    const auto& s = as_state(state);
    if (s.over) return {};
    return {std::string(side_names(s.active))};
  }

  // Every die of the game is rolled in the open (the Supply Points rolls so far).
  ApplyReport apply(GameState& state, std::string_view role, const Action& action) const override {
    auto& s = engine::state_cast<State>(state);
    if (s.over) throw engine::ActionRejected(engine::ErrorCode::game_over, "the game is over");
    if (role_of(role) != s.active)
      throw engine::ActionRejected(engine::ErrorCode::not_your_turn, "it is " + the(s.active) + "' decision");
    s.dice.clear();
    apply_action(s, action);
    ApplyReport report;
    report.used_randomness = !s.dice.empty();
    report.dice = std::move(s.dice);
    s.dice.clear();
    return report;
  }

  engine::PositionSummary position_summary(const GameState& state) const override {
    const auto& s = as_state(state);
    engine::PositionSummary summary;
    const Turn& turn = s.turn_info();
    std::string stage(stage_names(current_stage(s)));
    std::replace(stage.begin(), stage.end(), '_', ' ');
    summary.phase = s.over ? std::to_string(turn.year) + ": the game is over"
                           : std::to_string(turn.year) + " " + std::string(season_names(turn.season)) + ", " + stage +
                                 ": " + the(s.active) + " to decide";
    return summary;
  }

  json rule_events(const GameState& state) const override { return as_state(state).rule_events.to_json(); }

  std::optional<engine::GameResult> result(const GameState& state) const override {
    const auto& s = as_state(state);
    if (!s.outcome) return std::nullopt;
    engine::GameResult r;
    if (s.outcome->winner) r.winner = std::string(side_names(*s.outcome->winner));
    r.score = nullptr;
    r.summary =
        "The " + std::string(side_names(s.outcome->winner.value_or(Side::french))) + " win: " + s.outcome->reason + ".";
    return r;
  }

  // A game stopped before its end is judged as the game's end would judge it.
  engine::GameResult adjudicate(const GameState& state) const override {
    const Side winner = winner_now(as_state(state));
    engine::GameResult r;
    r.winner = std::string(side_names(winner));
    r.score = nullptr;
    r.summary = the(winner) + " win as the position stands";
    return r;
  }

  // Hidden from everyone but the French: which French naval piece lies face down on which spot
  // (and so which are still in hand). Those pieces are dealt anew among the same places, and the
  // Rng is reseeded so future dice differ too.
  std::unique_ptr<GameState> redeal_hidden(const GameState& state, std::string_view seat, Rng& rng) const override {
    auto twin = std::make_unique<State>(as_state(state));
    twin->rng = Rng(rng.next_u64());
    if (role_of(seat) == Side::french) return twin;
    auto& naval = twin->naval;
    std::vector<NavalIndex> pieces = french_naval_in_hand(*twin);
    std::vector<std::size_t> spots;
    for (std::size_t spot = 0; spot < naval.french_at_spot.size(); ++spot)
      if (naval.french_at_spot[spot] && !naval.revealed[spot]) {
        spots.push_back(spot);
        pieces.push_back(*naval.french_at_spot[spot]);
        naval.french_at_spot[spot].reset();
      }
    rng.shuffle(std::span<NavalIndex>(pieces));
    for (std::size_t i = 0; i < spots.size(); ++i) naval.french_at_spot[spots[i]] = pieces[i];
    return twin;
  }

 private:
  const GameData& data_;
  engine::GameInfo info_;
};

}  // namespace

std::unique_ptr<engine::GameModule> make_mohicans() { return std::make_unique<MohicansModule>(); }

}  // namespace warpath::mohicans
