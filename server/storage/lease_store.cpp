// Game leases and their fence (server/storage/lease_store.hpp, schema/015_game_leases.sql).

#include "server/storage/lease_store.hpp"

#include "server/storage/write_statements.hpp"

namespace warpath::server::storage {

LeaseStore::LeaseStore(const std::string& location) : db_(location) {}

std::variant<HeldLease, LeasedElsewhere> LeaseStore::take(GameId game, const std::string& node, std::int64_t now_ms,
                                                          std::int64_t ttl_ms) {
  std::lock_guard lock(mutex_);
  // One statement: the row is locked while it is decided, so two nodes cannot both win.
  auto q = db_.prepare(
      "INSERT INTO game_leases(game_id, node, epoch, expires_at) VALUES (?1, ?2, 1, ?3) "
      "ON CONFLICT(game_id) DO UPDATE SET node = excluded.node, epoch = game_leases.epoch + 1, "
      "expires_at = excluded.expires_at WHERE game_leases.node = excluded.node OR game_leases.expires_at < ?4 "
      "RETURNING epoch");
  q.bind(1, game).bind(2, node).bind(3, now_ms + ttl_ms).bind(4, now_ms);
  if (q.step()) {
    HeldLease held{node, q.column_int(0)};
    q.reset();
    return held;
  }
  q.reset();
  auto who = read_holder(game);
  if (!who) throw DatabaseError("game " + std::to_string(game) + ": its lease was neither taken nor found");
  return *who;
}

bool LeaseStore::hold_job(const std::string& job, const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "INSERT INTO job_leases(job, node, expires_at) VALUES (?1, ?2, ?3) "
      "ON CONFLICT(job) DO UPDATE SET node = excluded.node, expires_at = excluded.expires_at "
      "WHERE job_leases.node = excluded.node OR job_leases.expires_at < ?4 RETURNING node");
  q.bind(1, job).bind(2, node).bind(3, now_ms + ttl_ms).bind(4, now_ms);
  const bool held = q.step();
  q.reset();
  return held;
}

int LeaseStore::release_all(const std::string& node) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("UPDATE game_leases SET node = '', expires_at = 0 WHERE node = ?");
  q.bind(1, node);
  q.run();
  return static_cast<int>(db_.changes());
}

std::optional<LeasedElsewhere> LeaseStore::holder(GameId game) {
  std::lock_guard lock(mutex_);
  return read_holder(game);
}

std::optional<LeasedElsewhere> LeaseStore::read_holder(GameId game) {
  auto q = db_.prepare("SELECT node, expires_at FROM game_leases WHERE game_id = ?");
  q.bind(1, game);
  if (!q.step()) return std::nullopt;
  return LeasedElsewhere{q.column_text(0), q.column_int(1)};
}

void LeaseStore::fence(WriteContext& w, GameId game, const HeldLease& lease, std::int64_t expires_at_ms) {
  // WriteStatements::fence_lease, prepared once: this runs with every move.
  auto& q = w.statements.fence_lease;
  q.bind(1, game).bind(2, lease.node).bind(3, lease.epoch).bind(4, expires_at_ms);
  // Checked when the answer is read (in pipeline mode, with the move's other statements).
  q.run_expecting(1, lease_lost_message);
}

CommitQueue::Work LeaseStore::renew(std::string node, std::int64_t expires_at_ms, std::shared_ptr<Held> held) {
  return [node = std::move(node), expires_at_ms, held](WriteContext& w) {
    auto q = w.db.prepare("UPDATE game_leases SET expires_at = ?1 WHERE node = ?2 RETURNING game_id, epoch");
    q.bind(1, expires_at_ms).bind(2, node);
    held->clear();
    while (q.step()) (*held)[q.column_int(0)] = q.column_int(1);
    q.reset();
  };
}

CommitQueue::Work LeaseStore::release(GameId game, HeldLease lease) {
  return [game, lease = std::move(lease)](WriteContext& w) {
    // Nobody's: no renewal of the node's revives it.
    auto q =
        w.db.prepare("UPDATE game_leases SET node = '', expires_at = 0 WHERE game_id = ? AND node = ? AND epoch = ?");
    q.bind(1, game).bind(2, lease.node).bind(3, lease.epoch);
    q.run();
  };
}

}  // namespace warpath::server::storage
