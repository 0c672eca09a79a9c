#pragma once
// A token bucket: `per_minute` events at once, refilled evenly over a minute. Not thread-safe;
// its owner serialises the calls (a strand or a mutex).

#include <algorithm>
#include <chrono>
#include <cstddef>

namespace warpath::server {

class RateLimit {
 public:
  using Clock = std::chrono::steady_clock;

  explicit RateLimit(std::size_t per_minute) : per_minute_(static_cast<double>(per_minute)), tokens_(per_minute_) {}

  // Takes one event's token; false when none is left.
  bool allow(Clock::time_point now = Clock::now()) {
    refill(now);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }
  // True once the bucket is full again: its owner may forget it.
  bool full(Clock::time_point now = Clock::now()) {
    refill(now);
    return tokens_ >= per_minute_;
  }

 private:
  void refill(Clock::time_point now) {
    if (now <= last_) return;  // a time taken before this bucket was made
    const std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ = std::min(per_minute_, tokens_ + elapsed.count() * per_minute_ / 60.0);
  }

  double per_minute_;
  double tokens_;
  Clock::time_point last_ = Clock::now();
};

}  // namespace warpath::server
