#include "server/storage/write_statements.hpp"

namespace warpath::server::storage {

WriteStatements::WriteStatements(Connection& db)
    : insert_game(db.prepare(
          "INSERT INTO games(title, scenario, options, seed, status, active_roles, version, created_at, updated_at, "
          "seed_nonce, seed_commitment, rules_version, time_control) "
          "VALUES (?1, ?2, ?3, ?4, 'active', ?5, 0, ?6, ?6, ?7, ?8, ?9, ?10)")),
      insert_seat(db.prepare("INSERT INTO seats(game_id, role, token_hash) VALUES (?, ?, ?)")),
      insert_move(db.prepare(
          "INSERT INTO moves(game_id, seq, role, verb, arg, created_at, log, dice) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")),
      update_game_after_move(
          db.prepare("UPDATE games SET version = ?2, active_roles = ?3, status = ?4, result = ?5, updated_at = ?6 "
                     "WHERE id = ?1")),
      insert_snapshot(db.prepare(
          "INSERT INTO snapshots(game_id, seq, state, state_hash, created_at) VALUES (?, ?, ?, ?, ?) "
          "ON CONFLICT(game_id, seq) DO UPDATE SET state = excluded.state, state_hash = excluded.state_hash, "
          "created_at = excluded.created_at")),
      insert_chat(db.prepare("INSERT INTO chat(game_id, seat, text, created_at) VALUES (?, ?, ?, ?)")),
      upsert_standing_orders(
          db.prepare("INSERT INTO standing_orders(game_id, role, auto_pass, pass_move, pass_action_phase, pass_season, "
                     "updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(game_id, role) DO UPDATE SET "
                     "auto_pass = ?3, pass_move = ?4, pass_action_phase = ?5, pass_season = ?6, updated_at = ?7")),
      // An UPDATE rather than a SELECT: on PostgreSQL it locks the lease's row until the move
      // commits, so a node taking the lease meanwhile waits and then finds it renewed.
      fence_lease(
          db.prepare("UPDATE game_leases SET expires_at = CASE WHEN expires_at > ?4 THEN expires_at ELSE ?4 END "
                     "WHERE game_id = ?1 AND node = ?2 AND epoch = ?3")) {}

}  // namespace warpath::server::storage
