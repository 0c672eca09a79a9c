// The Prometheus text exposition (version 0.0.4) of Metrics, written by hand.

#include "server/util/metrics.hpp"

#include <iomanip>
#include <sstream>

namespace warpath::server {

namespace {

void header(std::string& out, const std::string& name, const std::string& help, const char* type) {
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

// Whole counts up to 10^15 in full, bounds and sums as short as they are exact.
std::string number(double value) {
  std::ostringstream text;
  text << std::setprecision(15) << value;
  return text.str();
}

}  // namespace

void Histogram::observe(double seconds) {
  std::size_t bucket = 0;
  while (bucket < bounds.size() && seconds > bounds[bucket]) ++bucket;
  ++counts_[bucket];
  sum_ns_ += static_cast<std::uint64_t>(seconds * 1e9);
}

void Histogram::render(std::string& out, const std::string& name, const std::string& help) const {
  header(out, name, help, "histogram");
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    cumulative += counts_[i];
    out += name + "_bucket{le=\"" + number(bounds[i]) + "\"} " + std::to_string(cumulative) + "\n";
  }
  cumulative += counts_[bounds.size()];
  out += name + "_bucket{le=\"+Inf\"} " + std::to_string(cumulative) + "\n";
  out += name + "_sum " + number(static_cast<double>(sum_ns_.load()) / 1e9) + "\n";
  out += name + "_count " + std::to_string(cumulative) + "\n";
}

void Metrics::refused(std::string_view code) {
  std::lock_guard lock(mutex_);
  ++refusals_[std::string(code)];
}

void Metrics::answered(unsigned status) {
  std::lock_guard lock(mutex_);
  ++http_answers_[status];
}

std::string Metrics::render(const std::vector<Gauge>& gauges) const {
  std::string out;
  const auto gauge = [&out](const std::string& name, const std::string& help, double value) {
    header(out, name, help, "gauge");
    out += name + " " + number(value) + "\n";
  };
  for (const auto& g : gauges) gauge(g.name, g.help, g.value);
  const auto counter = [&out](const std::string& name, const std::string& help, std::uint64_t value) {
    header(out, name, help, "counter");
    out += name + " " + std::to_string(value) + "\n";
  };
  counter("warpath_moves_committed_total", "Moves (actions and undos) durably committed.", moves_committed);
  counter("warpath_standing_order_moves_total", "Passes the server queued for a player's standing order.",
          moves_by_standing_orders);
  counter("warpath_patches_sent_total", "Patch frames handed to WebSocket connections.", patches_sent);
  counter("warpath_frames_sent_total", "WebSocket frames written, of every type.", frames_sent);
  counter("warpath_bytes_sent_total", "Payload bytes of the WebSocket frames written.", bytes_sent);
  gauge("warpath_outbox_frames", "Frames waiting in every WebSocket connection's outbox.",
        static_cast<double>(outbox_frames.load()));
  gauge("warpath_outbox_bytes", "Bytes (with per-frame overhead) waiting in every outbox.",
        static_cast<double>(outbox_bytes.load()));
  counter("warpath_forwarded_malformed_total",
          "Requests from a trusted proxy whose X-Forwarded-For or X-Real-IP named no address (counted as the proxy's).",
          forwarded_malformed);
  counter("warpath_outgoing_sent_total", "Mails and webhook calls delivered by the outbox.", outgoing_sent);
  counter("warpath_outgoing_failed_attempts_total", "Outbox delivery attempts that failed (retried later).",
          outgoing_failed_attempts);
  counter("warpath_outgoing_given_up_total", "Outbox messages given up after their retries were spent.",
          outgoing_given_up);
  commit_seconds.render(out, "warpath_commit_seconds", "From a move's preparation to its durable commit.");
  move_rules_seconds.render(out, "warpath_move_rules_seconds",
                            "Time the rules engine took per move (legality check and move; it waits on nothing).");
  std::lock_guard lock(mutex_);
  header(out, "warpath_refusals_total",
         "Messages and requests refused with an error, and connections refused or dropped by a limit, by code.",
         "counter");
  for (const auto& [code, count] : refusals_)
    out += "warpath_refusals_total{code=\"" + code + "\"} " + std::to_string(count) + "\n";
  header(out, "warpath_http_responses_total", "HTTP answers, by status.", "counter");
  for (const auto& [status, count] : http_answers_)
    out += "warpath_http_responses_total{status=\"" + std::to_string(status) + "\"} " + std::to_string(count) + "\n";
  return out;
}

}  // namespace warpath::server
