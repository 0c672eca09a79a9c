// Players' private notes as stored (see note_store.hpp).

#include "server/storage/note_store.hpp"

namespace warpath::server::storage {

NoteStore::NoteStore(const std::string& path) : db_(path) {}

std::optional<Note> NoteStore::note(GameId game, const std::string& role) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT text, updated_at FROM notes WHERE game_id = ? AND role = ?");
  q.bind(1, game).bind(2, role);
  if (!q.step()) return std::nullopt;
  return Note{q.column_text(0), q.column_text(1)};
}

CommitQueue::Work NoteStore::save_note(GameId game, std::string role, std::string text, std::string updated) {
  return [game, role = std::move(role), text = std::move(text), updated = std::move(updated)](WriteContext& w) {
    w.db.prepare(
            "INSERT INTO notes(game_id, role, text, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(game_id, role) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at")
        .bind(1, game)
        .bind(2, role)
        .bind(3, text)
        .bind(4, updated)
        .run();
  };
}

}  // namespace warpath::server::storage
