#pragma once
// What the network layer needs to serve requests: the games, the rooms and the database.

#include <atomic>
#include <string>

#include "engine/core/registry.hpp"
#include "server/rooms/room_registry.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/game_store.hpp"

namespace warpath::server {

struct ServerContext {
  const engine::GameRegistry& games;
  storage::GameStore& store;
  storage::CommitQueue& commits;
  RoomRegistry& rooms;
  std::string web_root;    // directory of the static files
  std::string public_url;  // origin used in seat links; empty: taken from the request's Host
  std::atomic<std::int64_t> open_websockets{0};
};

}  // namespace warpath::server
