#pragma once
// What the network layer needs to serve requests: the games, the rooms and the database, the
// limits and what counts against them.

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <string>

#include "engine/core/registry.hpp"
#include "server/mail/outbox_sender.hpp"
#include "server/net/client_address.hpp"
#include "server/net/connection_gate.hpp"
#include "server/rooms/game_events.hpp"
#include "server/rooms/room_registry.hpp"
#include "server/storage/account_store.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/game_store.hpp"
#include "server/storage/lobby_store.hpp"
#include "server/storage/note_store.hpp"
#include "server/storage/notification_store.hpp"
#include "server/storage/tournament_store.hpp"
#include "server/util/limits.hpp"
#include "server/util/metrics.hpp"
#include "server/util/rate_limit.hpp"

namespace warpath::server {

namespace ratings {
class RatingService;
}

struct ServerContext {
  const engine::GameRegistry& games;
  storage::GameStore& store;
  storage::CommitQueue& commits;
  RoomRegistry& rooms;
  // The server's own moves and clock notices, for the room serving the game here or on another node.
  GameEvents& game_events;
  std::string web_root;    // directory of the static files
  std::string public_url;  // origin used in seat links; empty: taken from the request's Host
  const Limits& limits;
  Metrics& metrics;
  ConnectionGate& gate;
  storage::AccountStore& accounts;
  storage::LobbyStore& lobby;
  // Work too slow for the network threads: password hashes (argon2id, ~64 MiB and ~0.1 s each).
  boost::asio::thread_pool& slow_work;
  // Requests per minute, by address (the client's: client_address.hpp) or by the name tried (429
  // with retry_after).
  KeyedRateLimit<std::string> game_creations{limits.games_per_ip_per_minute};
  KeyedRateLimit<std::string> sign_ups{limits.sign_ups_per_ip_per_minute};
  KeyedRateLimit<std::string> log_ins_by_address{limits.log_ins_per_ip_per_minute};
  KeyedRateLimit<std::string> log_ins_by_login{limits.log_ins_per_login_per_minute};
  // The mail and webhook sender: call outbox->queued() once work that queued messages is committed.
  mail::OutboxSender* outbox = nullptr;
  // Each account's notification settings (GET /api/account/notifications).
  storage::NotificationStore* notifications = nullptr;
  // Players' private notes (GET and PUT /api/games/{id}/notes).
  storage::NoteStore* notes = nullptr;
  // The live ratings (leaderboards, a player's ratings, ratings in listings, the fair-bid hint).
  ratings::RatingService* ratings = nullptr;
  // Tournaments, their registrations, rounds and pairings (/api/tournaments).
  storage::TournamentStore* tournaments = nullptr;
  KeyedRateLimit<std::string> password_resets_by_address{limits.password_resets_per_ip_per_minute};
  KeyedRateLimit<std::string> password_resets_by_login{limits.password_resets_per_login_per_hour,
                                                       std::chrono::hours(1)};
  // Verification mails asked again, per account: as many as reset mails per login.
  KeyedRateLimit<std::int64_t> verification_mails{limits.password_resets_per_login_per_hour, std::chrono::hours(1)};
  KeyedRateLimit<std::int64_t> lobby_games{limits.lobby_games_per_account_per_hour, std::chrono::hours(1)};
  KeyedRateLimit<std::int64_t> invitations{limits.invitations_per_account_per_hour, std::chrono::hours(1)};
  // Proxies whose X-Forwarded-For / X-Real-IP name the client (--trusted-proxies; none by default).
  TrustedProxies trusted_proxies{};
};

}  // namespace warpath::server
