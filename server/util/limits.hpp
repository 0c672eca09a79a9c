#pragma once
// What one client, or a few, may take of a small server: memory queued for a connection,
// sockets, loaded games, game creations and chat. Each limit has a flag and an environment
// variable (app/serve_command.cpp, the README's configuration table); every refusal is counted
// in Metrics under its error code.

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace warpath::server {

struct Limits {
  // Frames queued for a WebSocket client that does not read them; bytes count each frame's
  // payload plus outbox_frame_overhead. Over either, the connection is dropped.
  std::size_t outbox_bytes = 1024 * 1024;
  std::size_t outbox_frames = 1024;
  // Open connections (HTTP and WebSocket alike), in all and from one IP address.
  std::size_t max_connections = 1024;
  std::size_t max_connections_per_ip = 32;
  // A connection that has joined no game (an idle HTTP keep-alive, a WebSocket without a join)
  // is closed after this; a joined WebSocket only when it stops answering pings.
  std::chrono::seconds unjoined_timeout{20};
  // Games one WebSocket connection may have joined at once; rooms loaded in the process (idle
  // ones are unloaded first to make room); games created from one IP address per minute.
  std::size_t games_per_connection = 16;
  std::size_t max_rooms = 500;
  std::size_t games_per_ip_per_minute = 20;
  // Accounts: sign-ups per address, log-in attempts per address and per name or e-mail tried.
  std::size_t sign_ups_per_ip_per_minute = 5;
  std::size_t log_ins_per_ip_per_minute = 10;
  std::size_t log_ins_per_login_per_minute = 5;
  // Password-reset requests per address, and per name or e-mail asked for (an hour; also the
  // verification mails an account may ask again in an hour).
  std::size_t password_resets_per_ip_per_minute = 5;
  std::size_t password_resets_per_login_per_hour = 3;
  // Lobby games proposed and invitations sent, per account and hour.
  std::size_t lobby_games_per_account_per_hour = 20;
  std::size_t invitations_per_account_per_hour = 20;
  // Chat lines per minute from one connection and in one game, and lines stored per game.
  std::size_t chat_per_connection_per_minute = 20;
  std::size_t chat_per_game_per_minute = 60;
  std::size_t chat_lines_per_game = 2000;
  // Origins that may open /ws from a browser (a request without Origin is not a browser's and is
  // let in); empty: the server's own, --public-url or else http(s):// and the request's Host.
  std::vector<std::string> allowed_origins;
};

// What a queued frame costs beyond its payload: the queue's slot, the shared pointer's control
// block and the string's own header.
inline constexpr std::size_t outbox_frame_overhead = 96;

}  // namespace warpath::server
