#pragma once
// Rows of the database as the rest of the server sees them.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace warpath::server::storage {

using GameId = std::int64_t;

struct GameRecord {
  GameId id = 0;
  std::string title;
  std::string scenario;
  nlohmann::json options = nlohmann::json::object();
  std::uint64_t seed = 0;       // secret until the game is over
  std::string seed_nonce;       // likewise; empty for games older than commitments
  std::string seed_commitment;  // public from the start
  std::string status = "active";
  nlohmann::json result;                                  // null until over
  nlohmann::json active_roles = nlohmann::json::array();  // whose turn it is
  std::uint64_t version = 0;
  std::string created_at;
  std::string updated_at;
  nlohmann::json time_control;  // null: untimed (clocks::TimeControl::to_json)
  std::string rules_version;    // the program that set the game up; empty for older games

  nlohmann::json to_json() const;
};

struct SnapshotRecord {
  std::uint64_t seq = 0;
  std::string state;  // JSON text
  std::string state_hash;
};

}  // namespace warpath::server::storage
