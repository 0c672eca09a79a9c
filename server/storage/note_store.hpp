#pragma once
// Players' private notes (schema/010_notes.sql): one text per game and role, read on a connection
// of its own and written through the commit queue. Who may read or write one is the HTTP route's
// business (server/api/http_api.cpp, notes_route): only the holder of that role's seat.

#include <mutex>
#include <optional>
#include <string>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/storage/records.hpp"

namespace warpath::server::storage {

struct Note {
  std::string text;
  std::string updated;  // ISO 8601 UTC
};

class NoteStore {
 public:
  explicit NoteStore(const std::string& path);

  // The role's note in the game; nullopt when it never saved one.
  std::optional<Note> note(GameId game, const std::string& role);

  // Work for the commit queue: stores `text` as the role's note, at `updated`.
  static CommitQueue::Work save_note(GameId game, std::string role, std::string text, std::string updated);

 private:
  std::mutex mutex_;
  Connection db_;
};

}  // namespace warpath::server::storage
