#include "server/storage/match_loader.hpp"

#include "engine/core/hash.hpp"
#include "server/util/log.hpp"

namespace warpath::server::storage {

std::string state_hash(const engine::GameState& state) { return engine::json_hash(state.to_json()); }

engine::Match start_match(const engine::GameModule& module, const GameRecord& game) {
  return engine::Match::start(module, game.scenario, game.options, game.seed);
}

engine::Match load_match(const engine::GameModule& module, const GameRecord& game, GameStore& store,
                         std::size_t* state_bytes) {
  if (auto snapshot = store.latest_snapshot(game.id)) {
    auto state = module.load(nlohmann::json::parse(snapshot->state));
    if (state_hash(*state) == snapshot->state_hash) {
      if (state_bytes) *state_bytes = snapshot->state.size();
      // Snapshots are only taken at undo barriers, so nothing before one can be taken back.
      engine::Match match(module, std::move(state), snapshot->seq);
      for (const auto& move : store.moves_after(game.id, snapshot->seq)) match.replay(move);
      return match;
    }
    log_warn("game " + std::to_string(game.id) + ": snapshot at " + std::to_string(snapshot->seq) +
             " fails its hash; replaying from the start");
  }
  engine::Match match = start_match(module, game);
  if (state_bytes) *state_bytes = match.state().to_json().dump().size();
  for (const auto& move : store.moves_after(game.id, 0)) match.replay(move);
  return match;
}

engine::Match match_at(const engine::GameModule& module, const GameRecord& game, GameStore& store,
                       std::uint64_t version) {
  std::optional<engine::Match> match;
  const auto snapshots = store.snapshots(game.id);
  for (auto it = snapshots.rbegin(); it != snapshots.rend() && !match; ++it) {
    if (it->seq > version) continue;
    auto state = module.load(nlohmann::json::parse(it->state));
    if (state_hash(*state) == it->state_hash) match.emplace(module, std::move(state), it->seq);
  }
  if (!match) match.emplace(start_match(module, game));
  for (const auto& move : store.moves_after(game.id, match->version())) {
    if (match->version() >= version) break;
    match->replay(move);
  }
  return std::move(*match);
}

ReplayReport replay_from_start(const engine::GameModule& module, const GameRecord& game, GameStore& store) {
  ReplayReport report;
  const auto snapshots = store.snapshots(game.id);
  auto next_snapshot = snapshots.begin();
  engine::Match match = start_match(module, game);
  auto check_snapshots = [&] {
    while (next_snapshot != snapshots.end() && next_snapshot->seq <= match.version()) {
      if (next_snapshot->seq == match.version()) {
        ++report.snapshots_checked;
        const std::string actual = state_hash(match.state());
        if (actual != next_snapshot->state_hash)
          report.mismatches.push_back("snapshot at move " + std::to_string(next_snapshot->seq) + ": stored " +
                                      next_snapshot->state_hash + ", replayed " + actual);
      }
      ++next_snapshot;
    }
  };
  check_snapshots();
  for (const auto& move : store.moves_after(game.id, 0)) {
    match.replay(move);
    ++report.moves;
    check_snapshots();
  }
  report.final_state_hash = state_hash(match.state());
  return report;
}

nlohmann::json ReplayReport::to_json() const {
  return {{"moves", moves},
          {"snapshots_checked", snapshots_checked},
          {"mismatches", mismatches},
          {"final_state_hash", final_state_hash},
          {"ok", mismatches.empty()}};
}

std::function<std::pair<std::size_t, nlohmann::json>(const std::string& seat, std::size_t from, std::size_t to)>
stored_log_lines(const engine::GameModule& module, GameRecord game, GameStore& store,
                 std::function<std::uint64_t()> version) {
  return [&module, game = std::move(game), &store, version = std::move(version)](const std::string& seat,
                                                                                 std::size_t from, std::size_t to) {
    engine::LogReader reader(seat, from, to);
    store.read_log_changes(game.id, version(), reader);
    if (reader.first() > from) reader.add_start(module, start_match(module, game).state());
    return std::pair{reader.first(), reader.lines()};
  };
}

}  // namespace warpath::server::storage
