#include "engine/core/playout.hpp"

#include <chrono>
#include <stdexcept>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/core/match.hpp"

namespace warpath::engine {
namespace {

using nlohmann::json;

struct Tally {
  std::uint64_t games = 0, actions = 0, errors = 0, stuck = 0, replay_mismatches = 0, roundtrip_mismatches = 0,
                leaks = 0, unfinished = 0, view_samples = 0, view_bytes = 0, legal_calls = 0;
  // Where the time goes, for docs/PERFORMANCE.md: applying actions (legality check included),
  // listing legal actions, and building views.
  double apply_seconds = 0, legal_seconds = 0, view_seconds = 0;
  // Playing the games (choosing, listing, applying) apart from checking them afterwards (leak
  // checks, the JSON round trip and the replay), so actions/s measures the engine at play.
  double play_seconds = 0;
  json results = json::object();
  json rule_events = json::object();
  json first_problems = json::array();

  void problem(std::uint64_t seed, const std::string& what) {
    if (first_problems.size() < 10) first_problems.push_back({{"seed", seed}, {"problem", what}});
  }
};

std::vector<std::string> seats_of(const GameModule& module) {
  std::vector<std::string> seats = module.info().roles;
  seats.emplace_back(spectator_seat);
  return seats;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Lines at the end of the log compared by a leak check during the game; the check after the last
// move compares every line the state holds.
constexpr std::size_t log_lines_checked = 64;

void check_views(const GameModule& module, const Match& match, Rng& rng, Tally& tally, std::uint64_t seed,
                 bool whole_log = false) {
  for (const auto& seat : seats_of(module)) {
    const auto started = std::chrono::steady_clock::now();
    const json view = module.view(match.state(), seat);
    tally.view_seconds += seconds_since(started);
    tally.view_bytes += view.dump().size();
    ++tally.view_samples;
    auto twin = module.redeal_hidden(match.state(), seat, rng);
    if (module.view(*twin, seat) != view) {
      ++tally.leaks;
      tally.problem(seed, "view of " + seat + " at move " + std::to_string(match.version()) +
                              " changes when hidden information is dealt anew");
    }
    // The log is a stream of its own: the same check over the seat's newest lines.
    const std::size_t size = module.log_size(match.state(), seat);
    const std::size_t first = module.log_first(match.state(), seat);
    const std::size_t from = whole_log || size <= first + log_lines_checked ? first : size - log_lines_checked;
    if (module.log_size(*twin, seat) != size || module.log_first(*twin, seat) != first ||
        module.log_lines(*twin, seat, from, size) != module.log_lines(match.state(), seat, from, size)) {
      ++tally.leaks;
      tally.problem(seed, "log of " + seat + " at move " + std::to_string(match.version()) +
                              " changes when hidden information is dealt anew");
    }
  }
}

// A game's first state: the scenario's set-up with `seed`, or the given start state.
Match start_match(const GameModule& module, const PlayoutOptions& options, const std::string& scenario,
                  std::uint64_t seed) {
  if (options.start_state) return Match(module, module.load(*options.start_state));
  return Match::start(module, scenario, options.options, seed);
}

void play_one(const GameModule& module, const PlayoutOptions& options, const std::string& scenario, std::uint64_t seed,
              Tally& tally) {
  Match match = start_match(module, options, scenario, seed);
  // What a start state had counted already is not this game's.
  const json counted_before = module.rule_events(match.state());
  Rng chooser(seed ^ 0x5eed5eed5eed5eedULL);
  Rng redealer(seed ^ 0x1ea61ea61ea61ea6ULL);
  std::vector<Move> moves;
  std::vector<double> weights;
  bool stuck = false;
  double checking_seconds = 0;
  const auto play_started = std::chrono::steady_clock::now();
  while (!match.is_over() && static_cast<int>(moves.size()) < options.max_actions_per_game) {
    const auto roles = match.active_roles();
    if (roles.empty()) {
      stuck = true;
      break;
    }
    const std::string& role = roles[chooser.below(static_cast<std::uint32_t>(roles.size()))];
    const auto started_listing = std::chrono::steady_clock::now();
    const ActionList& listed = match.listed_actions(role);
    tally.legal_seconds += seconds_since(started_listing);
    ++tally.legal_calls;
    // A seat left with nothing but undo is as stuck as one with nothing: a player there can only
    // take back the move that led into the dead end.
    if (listed.empty()) {
      stuck = true;
      break;
    }
    const Action action = pick_action(module, match, role, listed, options.undo_weight, weights, chooser);
    const auto started = std::chrono::steady_clock::now();
    auto error = match.play(role, action);
    tally.apply_seconds += seconds_since(started);
    if (error) {
      ++tally.errors;
      tally.problem(seed, "listed action refused: " + action.verb + " " + action.arg.dump() + ": " + error->message);
      return;
    }
    moves.push_back({role, action});
    if (options.leak_check_every > 0 && moves.size() % static_cast<std::size_t>(options.leak_check_every) == 0) {
      const auto checking_started = std::chrono::steady_clock::now();
      check_views(module, match, redealer, tally, seed);
      checking_seconds += seconds_since(checking_started);
    }
  }
  tally.play_seconds += seconds_since(play_started) - checking_seconds;
  tally.actions += moves.size();
  if (options.leak_check_every > 0) check_views(module, match, redealer, tally, seed, true);
  if (stuck) {
    ++tally.stuck;
    tally.problem(seed, "no seat may act at move " + std::to_string(match.version()));
  } else if (!match.is_over()) {
    ++tally.unfinished;
  }
  if (auto result = match.result()) {
    const std::string key = result->winner ? *result->winner : "draw";
    const std::int64_t so_far = tally.results.value(key, std::int64_t{0});
    tally.results[key] = so_far + 1;
  }
  const json events = module.rule_events(match.state());
  for (const auto& [name, count] : events.items()) {
    const std::int64_t reached = count.get<std::int64_t>() - counted_before.value(name, std::int64_t{0});
    const std::int64_t so_far = tally.rule_events.value(name, std::int64_t{0});
    tally.rule_events[name] = so_far + reached;
  }

  const json final_state = match.state().to_json();
  if (module.load(final_state)->to_json() != final_state) {
    ++tally.roundtrip_mismatches;
    tally.problem(seed, "state JSON does not round-trip");
  }
  Match replayed = start_match(module, options, scenario, seed);
  for (const auto& move : moves) replayed.replay(move);
  if (json_hash(replayed.state().to_json()) != json_hash(final_state)) {
    ++tally.replay_mismatches;
    tally.problem(seed, "replaying the action list gives another state");
  }
}

}  // namespace

Action pick_action(const GameModule& module, const Match& match, const std::string& role, const ActionList& listed,
                   double undo_weight, std::vector<double>& weights, Rng& rng) {
  weights.clear();
  double total = 0;
  for (std::size_t i = 0; i < listed.size(); ++i) {
    weights.push_back(module.playout_weight(match.state(), role, listed[i]));
    total += weights.back();
  }
  const bool may_undo = match.can_undo(role);
  if (may_undo) total += undo_weight;
  // 2^-32 resolution is plenty for choosing among a few hundred actions.
  double x = total * (static_cast<double>(rng.next_u64() >> 32) / 4294967296.0);
  for (std::size_t i = 0; i < listed.size(); ++i) {
    if (x < weights[i]) return listed[i].to_action();
    x -= weights[i];
  }
  if (may_undo) return Action{std::string(undo_verb), nullptr};
  return listed[listed.size() - 1].to_action();
}

json run_playouts(const GameModule& module, const PlayoutOptions& options) {
  if (options.scenarios.empty()) throw std::invalid_argument("playouts need at least one scenario");
  Tally tally;
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < options.games; ++i) {
    const std::uint64_t seed = options.seed + static_cast<std::uint64_t>(i);
    try {
      play_one(module, options, options.scenarios.at(static_cast<std::size_t>(i) % options.scenarios.size()), seed,
               tally);
    } catch (const std::exception& e) {
      ++tally.errors;
      tally.problem(seed, std::string("exception: ") + e.what());
    }
    ++tally.games;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return {
      {"title", module.info().title_id},
      {"scenarios", options.scenarios},
      {"start_state", options.start_state.has_value()},
      {"games", tally.games},
      {"actions", tally.actions},
      {"seconds", seconds},
      {"play_seconds", tally.play_seconds},
      {"actions_per_second", tally.play_seconds > 0 ? static_cast<double>(tally.actions) / tally.play_seconds : 0.0},
      {"checked_actions_per_second", seconds > 0 ? static_cast<double>(tally.actions) / seconds : 0.0},
      {"errors", tally.errors},
      {"stuck", tally.stuck},
      {"unfinished", tally.unfinished},
      {"replay_mismatches", tally.replay_mismatches},
      {"roundtrip_mismatches", tally.roundtrip_mismatches},
      {"leaks", tally.leaks},
      {"mean_view_bytes", tally.view_samples ? tally.view_bytes / tally.view_samples : 0},
      {"us_per_apply", tally.actions ? 1e6 * tally.apply_seconds / static_cast<double>(tally.actions) : 0.0},
      {"us_per_legal_actions",
       tally.legal_calls ? 1e6 * tally.legal_seconds / static_cast<double>(tally.legal_calls) : 0.0},
      {"us_per_view", tally.view_samples ? 1e6 * tally.view_seconds / static_cast<double>(tally.view_samples) : 0.0},
      {"results", tally.results},
      {"rule_events", tally.rule_events},
      {"first_problems", tally.first_problems}};
}

}  // namespace warpath::engine
