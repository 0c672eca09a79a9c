#pragma once
// Random legal games played in process: the engine's robustness check and benchmark. Each game
// is also replayed from its action list, its state round-tripped through JSON, and its views
// checked for hidden information.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace warpath::engine {

struct PlayoutOptions {
  // Game i plays scenarios[i % size]; one scenario is the usual case.
  std::vector<std::string> scenarios;
  nlohmann::json options = nlohmann::json::object();
  int games = 100;
  std::uint64_t seed = 1;
  int max_actions_per_game = 20000;
  // Views are checked for leaks after every Nth action and at the end (0: never).
  int leak_check_every = 1;
  // Relative weight of `undo` among a seat's legal actions.
  double undo_weight = 0.05;
  // When set, every game starts from this state JSON (a position of interest, e.g. near a rare
  // victory condition) instead of a scenario's set-up; games still differ by the random player.
  // The report's rule_events count what the games reached from it, not what it had counted.
  std::optional<nlohmann::json> start_state;
};

class Match;

// The random player: a choice among `listed` (the role's listed actions) weighted by the module's
// playout_weight and, when the role may take a move back, undo with `undo_weight`. `weights` is a
// buffer reused from one move to the next.
Action pick_action(const GameModule& module, const Match& match, const std::string& role, const ActionList& listed,
                   double undo_weight, std::vector<double>& weights, Rng& rng);

// {games, actions, seconds, errors, stuck, replay_mismatches, roundtrip_mismatches, leaks,
//  unfinished, mean_view_bytes, results, rule_events, first_problems}
nlohmann::json run_playouts(const GameModule& module, const PlayoutOptions& options);

}  // namespace warpath::engine
