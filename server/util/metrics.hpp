#pragma once
// Counters the server keeps about itself, shared by every thread without locks (but for the
// refusals' map); GET /metrics shows them in the Prometheus text format.

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace warpath::server {

// Observations in seconds, counted into fixed buckets (upper bounds, cumulative when shown).
class Histogram {
 public:
  static constexpr std::array<double, 12> bounds = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                    0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
  void observe(double seconds);
  // `name`'s _bucket, _sum and _count lines.
  void render(std::string& out, const std::string& name, const std::string& help) const;

 private:
  std::array<std::atomic<std::uint64_t>, bounds.size() + 1> counts_{};  // the last: above every bound
  std::atomic<std::uint64_t> sum_ns_{0};
};

class Metrics {
 public:
  // One message or request refused with an error (or a connection refused or dropped by a
  // limit), under its error code.
  void refused(std::string_view code);
  // One HTTP answer, under its status.
  void answered(unsigned status);

  std::atomic<std::uint64_t> moves_committed{0};
  std::atomic<std::uint64_t> moves_by_standing_orders{0};  // passes the server played for a standing order
  std::atomic<std::uint64_t> patches_sent{0};              // patch frames handed to connections
  std::atomic<std::uint64_t> frames_sent{0};               // WebSocket frames written, of every type
  std::atomic<std::uint64_t> bytes_sent{0};                // their payload bytes
  std::atomic<std::int64_t> open_websockets{0};            // WebSocket connections open now
  std::atomic<std::int64_t> outbox_frames{0};              // queued in every connection's outbox now
  std::atomic<std::int64_t> outbox_bytes{0};               // their bytes, with the per-frame overhead
  // Requests from a trusted proxy whose X-Forwarded-For or X-Real-IP named no address (counted
  // as the proxy's own: server/net/client_address.hpp).
  std::atomic<std::uint64_t> forwarded_malformed{0};
  // The mail and webhook outbox (server/mail/outbox_sender.hpp).
  std::atomic<std::uint64_t> outgoing_sent{0};             // mails and webhook calls delivered
  std::atomic<std::uint64_t> outgoing_failed_attempts{0};  // attempts that failed (tried again later)
  std::atomic<std::uint64_t> outgoing_given_up{0};         // messages whose retries were spent
  Histogram commit_seconds;                                // from a move's preparation to its durable commit
  Histogram move_rules_seconds;                            // the rules engine's time per move

  // Gauges kept elsewhere, given at render time: name, help, value.
  struct Gauge {
    std::string name;
    std::string help;
    double value;
  };
  std::string render(const std::vector<Gauge>& gauges) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::uint64_t> refusals_;
  std::map<unsigned, std::uint64_t> http_answers_;
};

}  // namespace warpath::server
