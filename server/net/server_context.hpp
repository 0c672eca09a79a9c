#pragma once
// What the network layer needs to serve requests: the games, the rooms and the database, the
// limits and what counts against them.

#include <atomic>
#include <string>

#include "engine/core/registry.hpp"
#include "server/net/connection_gate.hpp"
#include "server/rooms/room_registry.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/game_store.hpp"
#include "server/util/limits.hpp"
#include "server/util/metrics.hpp"

namespace warpath::server {

struct ServerContext {
  const engine::GameRegistry& games;
  storage::GameStore& store;
  storage::CommitQueue& commits;
  RoomRegistry& rooms;
  std::string web_root;    // directory of the static files
  std::string public_url;  // origin used in seat links; empty: taken from the request's Host
  const Limits& limits;
  Metrics& metrics;
  ConnectionGate& gate;
  std::atomic<std::int64_t> open_websockets{0};
};

}  // namespace warpath::server
