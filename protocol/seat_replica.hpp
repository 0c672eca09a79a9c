#pragma once
// A client's copy of one seat of one game: the view and the log lines it holds, kept up from the
// server's snapshot, patch and log frames exactly as docs/PROTOCOL.md says. The reference for
// clients written in C++ (the tests' clients); the browser's connection.js does the same.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warpath::protocol {

// The hash a client checks: the public part's (engine::part_hash), then the seat part's (the members
// named in `seat_keys`), 32 hex digits in all.
std::string view_hash(const nlohmann::json& view, const std::vector<std::string>& seat_keys);

class SeatReplica {
 public:
  enum class Outcome {
    applied,
    outdated,  // a patch for a version already held
    gap,       // a patch that does not start at the held version: resync
    mismatch,  // the patched view's hash is not the server's, or the log cannot be patched: resync
    stale,     // a log page of another version than the one held: ask again
  };

  // Applies a `snapshot`, `patch` or `log` frame (already known to be this seat's).
  Outcome apply(const nlohmann::json& message);

  bool has_view() const { return has_view_; }
  std::uint64_t version() const { return version_; }
  const nlohmann::json& view() const { return view_; }
  const std::string& hash() const { return hash_; }
  const std::vector<std::string>& seat_keys() const { return seat_keys_; }
  // The log: `log_size` lines, of which the client holds those from `log_first` on.
  // older lines are asked for a page at a time.
  std::size_t log_size() const { return log_first_ + log_.size(); }
  std::size_t log_first() const { return log_first_; }
  const std::vector<nlohmann::json>& held_lines() const { return log_; }

 private:
  Outcome apply_snapshot(const nlohmann::json& message);
  Outcome apply_patch(const nlohmann::json& message);
  Outcome apply_log_page(const nlohmann::json& message);

  bool has_view_ = false;
  std::uint64_t version_ = 0;
  nlohmann::json view_;
  std::string hash_;
  std::vector<std::string> seat_keys_;
  std::size_t log_first_ = 0;
  std::vector<nlohmann::json> log_;
};

}  // namespace warpath::protocol
