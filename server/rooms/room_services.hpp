#pragma once
// What a room needs from the rest of the server (server/rooms/room.hpp).
#include "engine/core/registry.hpp"
#include "server/notify/notices.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/game_store.hpp"
#include "server/storage/lease_store.hpp"
#include "server/util/limits.hpp"
#include "server/util/metrics.hpp"

namespace warpath::server {

// Several nodes on one database (docs/ARCHITECTURE.md "Several nodes"): this node's name and its game leases.
struct ClusterNode {
  std::string node;
  storage::LeaseStore& leases;
  // How long a lease lasts unless renewed: the longest a dead node's games wait for another node.
  std::chrono::milliseconds lease_ttl{10000};
};

// What every room needs from the rest of the server.
struct RoomServices {
  const engine::GameRegistry& games;
  storage::GameStore& store;
  storage::CommitQueue& commits;
  const Limits& limits;
  Metrics& metrics;
  // A snapshot is saved at the first undo barrier this many moves after the previous one.
  std::uint64_t snapshot_every = 50;
  // Where notices' links point and whom to wake once one is queued; none: no notices.
  const notify::Site* site = nullptr;
  // Null: the only node (SQLite), which takes no leases.
  const ClusterNode* cluster = nullptr;
};

}  // namespace warpath::server
