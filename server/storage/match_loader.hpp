#pragma once
// Rebuilding a game from the database: quickly from the latest snapshot for serving, or from
// move 0 with every snapshot checked for the replay tool.

#include <functional>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "server/storage/game_store.hpp"

namespace warpath::server::storage {

engine::Match start_match(const engine::GameModule& module, const GameRecord& game);

// Latest snapshot whose hash checks out (else the set-up), then every later move. `state_bytes`,
// when given, receives the size of the state's JSON it started from (the snapshot's, or the
// set-up's measured), which sets how often the room takes the next snapshot.
engine::Match load_match(const engine::GameModule& module, const GameRecord& game, GameStore& store,
                         std::size_t* state_bytes = nullptr);

struct ReplayReport {
  std::uint64_t moves = 0;
  int snapshots_checked = 0;
  std::vector<std::string> mismatches;  // one line per snapshot whose hash differs
  std::string final_state_hash;
  nlohmann::json to_json() const;
};

// The match as it was after `version` moves: the latest snapshot at or before it (snapshots are
// taken at undo barriers, so the moves after it replay the undo window as it was), then the moves
// up to it.
engine::Match match_at(const engine::GameModule& module, const GameRecord& game, GameStore& store,
                       std::uint64_t version);

ReplayReport replay_from_start(const engine::GameModule& module, const GameRecord& game, GameStore& store);

std::string state_hash(const engine::GameState& state);

// A feed's source of log lines older than the state holds (protocol::GameFeed::OlderLines): the
// log changes stored with the moves up to `version()`, then the set-up's own lines.
std::function<std::pair<std::size_t, nlohmann::json>(const std::string& seat, std::size_t from, std::size_t to)>
stored_log_lines(const engine::GameModule& module, GameRecord game, GameStore& store,
                 std::function<std::uint64_t()> version);

}  // namespace warpath::server::storage
