#pragma once
// Counters the server keeps about itself, shared by every thread; GET /metrics shows them.

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace warpath::server {

class Metrics {
 public:
  // One request or connection refused (or dropped) for `code`, a limit's error code.
  void refused(std::string_view code) {
    std::lock_guard lock(mutex_);
    ++refusals_[std::string(code)];
  }
  std::map<std::string, std::uint64_t> refusals() const {
    std::lock_guard lock(mutex_);
    return refusals_;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::uint64_t> refusals_;
};

}  // namespace warpath::server
