#pragma once
// Prepared statements of the writer connection, prepared once and reused for every write.

#include <cstdint>
#include <string>
#include <string_view>

#include "server/storage/database.hpp"

namespace warpath::server::storage {

class WriteStatements {
 public:
  explicit WriteStatements(Connection& db);

  Statement insert_game;
  Statement insert_seat;
  Statement insert_move;
  Statement update_game_after_move;
  Statement insert_snapshot;
  Statement insert_chat;
  Statement upsert_standing_orders;
  Statement fence_lease;  // LeaseStore::fence
};

}  // namespace warpath::server::storage
