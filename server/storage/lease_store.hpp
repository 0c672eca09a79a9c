#pragma once
// Game leases (schema/015_game_leases.sql): which node of a cluster serves a game, fenced by
// epoch. Taking a lease is one statement on a connection of its own (the room loading the game
// waits for it); renewing, giving up and the fence of each move are work for the commit queue.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/storage/records.hpp"

namespace warpath::server::storage {

// A lease this node holds: what each of its moves is fenced with.
struct HeldLease {
  std::string node;
  std::int64_t epoch = 0;
};

// A lease another node holds, until `expires_at_ms` unless it renews it.
struct LeasedElsewhere {
  std::string node;
  std::int64_t expires_at_ms = 0;
};

// What a move's transaction throws when its node no longer holds the game's lease at its epoch;
// the commit queue reports its message, which lease_lost() recognises.
inline constexpr const char* lease_lost_message = "the game's lease is held by another node";
inline bool lease_lost(const std::string& error) { return error == lease_lost_message; }

class LeaseStore {
 public:
  explicit LeaseStore(const std::string& location);

  // Takes the game's lease for `node` until now + ttl if nobody holds it, it has expired or it is
  // `node`'s own already; each taking raises the epoch.
  std::variant<HeldLease, LeasedElsewhere> take(GameId game, const std::string& node, std::int64_t now_ms,
                                                std::int64_t ttl_ms);
  // Takes or renews the lease of a job that runs on one node at a time (job_leases): true while
  // `node` holds it, until now + ttl.
  bool hold_job(const std::string& job, const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms);
  // At a node's start, before it serves a game: the leases still in its name are a former run's
  // (it was killed), and go, so that their games move at once rather than when they expire. Two
  // running nodes must never share a name; if they do, the fence still keeps each history whole.
  // The number given up.
  int release_all(const std::string& node);
  // Who holds it now (nullopt: nobody ever did).
  std::optional<LeasedElsewhere> holder(GameId game);

  // Work for the commit queue.
  // In a move's transaction: throws (lease_lost_message) unless `lease` is still the game's lease,
  // and renews it until `expires_at_ms`.
  static void fence(WriteContext& w, GameId game, const HeldLease& lease, std::int64_t expires_at_ms);
  // Renews until `expires_at_ms` every lease `node` holds (one that expired but nobody took is
  // still its own), and tells which: game -> epoch in `held`.
  using Held = std::map<GameId, std::int64_t>;
  static CommitQueue::Work renew(std::string node, std::int64_t expires_at_ms, std::shared_ptr<Held> held);
  // Gives the lease up (if it is still this one): another node may take it at once.
  static CommitQueue::Work release(GameId game, HeldLease lease);

 private:
  // holder(), under mutex_.
  std::optional<LeasedElsewhere> read_holder(GameId game);

  std::mutex mutex_;
  Connection db_;
};

}  // namespace warpath::server::storage
