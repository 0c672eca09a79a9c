#include "server/storage/write_statements.hpp"

namespace warpath::server::storage {

WriteStatements::WriteStatements(Connection& db)
    : insert_game(db.prepare(
          "INSERT INTO games(title, scenario, options, seed, status, active_roles, version, created_at, updated_at, "
          "seed_nonce, seed_commitment) VALUES (?1, ?2, ?3, ?4, 'active', ?5, 0, ?6, ?6, ?7, ?8)")),
      insert_seat(db.prepare("INSERT INTO seats(game_id, role, token_hash) VALUES (?, ?, ?)")),
      insert_move(db.prepare(
          "INSERT INTO moves(game_id, seq, role, verb, arg, created_at, log, dice) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")),
      update_game_after_move(
          db.prepare("UPDATE games SET version = ?2, active_roles = ?3, status = ?4, result = ?5, updated_at = ?6 "
                     "WHERE id = ?1")),
      insert_snapshot(db.prepare(
          "INSERT OR REPLACE INTO snapshots(game_id, seq, state, state_hash, created_at) VALUES (?, ?, ?, ?, ?)")),
      insert_chat(db.prepare("INSERT INTO chat(game_id, seat, text, created_at) VALUES (?, ?, ?, ?)")) {}

}  // namespace warpath::server::storage
