#pragma once
// Blocking WebSocket clients for tests. WsClient speaks frames; SeatClient speaks the protocol
// for one (game, seat): it keeps the seat's view up to date from snapshots and patches, checks
// every hash, and resyncs on a gap, as a well-behaved browser client would.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/seat_replica.hpp"

namespace warpath::test {

inline constexpr std::chrono::milliseconds default_receive_timeout{5000};

class ReceiveTimeout : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ConnectionClosed : public std::runtime_error {
 public:
  ConnectionClosed(const std::string& what, int close_code) : std::runtime_error(what), close_code_(close_code) {}
  // The peer's close status (1007 for invalid UTF-8, ...), 0 when the connection just broke.
  int close_code() const { return close_code_; }

 private:
  int close_code_;
};

class WsClient {
 public:
  // `headers`: more fields of the upgrade request (a Cookie, an Origin).
  WsClient(const std::string& host, std::uint16_t port, const std::string& target = "/ws",
           std::chrono::milliseconds connect_timeout = std::chrono::seconds(10),
           std::vector<std::pair<std::string, std::string>> headers = {});
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(const nlohmann::json& message);
  // Bytes sent as they are, in a text or a binary frame: for input the server must refuse.
  void send_raw(const std::string& bytes, bool binary = false);

  // The next message as JSON. Throws ReceiveTimeout when none arrives in time (the connection
  // stays usable) and ConnectionClosed once the peer has closed it.
  nlohmann::json receive(std::chrono::milliseconds timeout = default_receive_timeout);
  // The next message as text; nullopt on timeout.
  std::optional<std::string> receive_text(std::chrono::milliseconds timeout = default_receive_timeout);

  // True once reading failed (closed by the peer or broken). Only known after a receive.
  bool closed() const;
  int close_code() const;
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

class SeatClient {
 public:
  struct Stats {
    int snapshots = 0;
    int patches = 0;
    int hash_mismatches = 0;
    int gaps = 0;              // patches whose `from` was ahead of the held version
    int outdated_patches = 0;  // patches for versions already held (after a stale_version, say)
    int log_pages = 0;
    int stale_log_pages = 0;  // log frames of a version other than the one held
    std::size_t patch_bytes = 0;
    std::size_t snapshot_bytes = 0;
  };

  // `cookie`: a session cookie ("warpath_session=…") sent with the upgrade, for account seats.
  SeatClient(const std::string& host, std::uint16_t port, const std::string& cookie = {});

  // Sends join and waits for the seat's snapshot.
  void join(std::int64_t game, const std::string& seat, const std::string& token = {},
            std::chrono::milliseconds timeout = default_receive_timeout);

  // Receives one message and applies it when it is a snapshot or patch of this seat.
  nlohmann::json pump(std::chrono::milliseconds timeout = default_receive_timeout);
  // Pumps until the held view is at `version` (or later); throws ReceiveTimeout.
  void wait_for_version(std::uint64_t version, std::chrono::milliseconds timeout = default_receive_timeout);
  // Pumps until a message satisfies `match` and returns it.
  nlohmann::json wait_for(const std::function<bool(const nlohmann::json&)>& match,
                          std::chrono::milliseconds timeout = default_receive_timeout);
  nlohmann::json wait_for_type(const std::string& type, std::chrono::milliseconds timeout = default_receive_timeout);

  // Sends an action at the held version; returns its ref.
  std::string send_action(const std::string& verb, const nlohmann::json& arg = nullptr);
  std::string send_undo();
  // Sends an action and waits for its answer: the seat's `patch` carrying its ref (an `ack` when the
  // server could not patch the seat), or an `error` with it.
  nlohmann::json act(const std::string& verb, const nlohmann::json& arg = nullptr,
                     std::chrono::milliseconds timeout = default_receive_timeout);
  nlohmann::json wait_for_reply(const std::string& ref, std::chrono::milliseconds timeout = default_receive_timeout);
  // Whether a reply from wait_for_reply accepts the action (a patch or an ack, not an error).
  static bool accepted(const nlohmann::json& reply);
  // The version an accepting reply reports: a patch's `to`, an ack's `version`.
  static std::uint64_t answered_version(const nlohmann::json& reply);

  WsClient& ws() { return ws_; }
  std::int64_t game() const { return game_; }
  const std::string& seat() const { return seat_; }
  bool has_view() const { return replica_.has_view(); }
  std::uint64_t version() const { return replica_.version(); }
  const nlohmann::json& view() const { return replica_.view(); }
  const std::string& hash() const { return replica_.hash(); }
  // The view and log lines held, as protocol::SeatReplica keeps them.
  const protocol::SeatReplica& replica() const { return replica_; }
  const Stats& stats() const { return stats_; }
  // The view held at each version this client went through.
  const std::map<std::uint64_t, nlohmann::json>& history() const { return history_; }
  // Every message that was not a snapshot or patch of this seat (log frames included), in order of arrival.
  const std::vector<nlohmann::json>& events() const { return events_; }
  // Every message received, as sent: for checks on what crossed the wire.
  const std::vector<std::string>& raw_messages() const { return raw_; }
  const std::optional<nlohmann::json>& game_over() const { return game_over_; }

 private:
  void apply(const nlohmann::json& message, std::size_t bytes);
  void accept_view();
  void request_resync();
  std::string next_ref();

  WsClient ws_;
  std::int64_t game_ = 0;
  std::string seat_;
  std::string token_;
  bool resync_pending_ = false;
  protocol::SeatReplica replica_;
  Stats stats_;
  std::map<std::uint64_t, nlohmann::json> history_;
  std::vector<nlohmann::json> events_;
  std::vector<std::string> raw_;
  std::optional<nlohmann::json> game_over_;
  int ref_counter_ = 0;
};

}  // namespace warpath::test
