#pragma once
// A token bucket: `count` events at once, refilled evenly over `period` (a minute unless said).
// Not thread-safe; its owner serialises the calls (a strand or a mutex).

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>

namespace warpath::server {

class RateLimit {
 public:
  using Clock = std::chrono::steady_clock;

  explicit RateLimit(std::size_t count, std::chrono::seconds period = std::chrono::seconds(60))
      : count_(static_cast<double>(count)), period_(static_cast<double>(period.count())), tokens_(count_) {}

  // Takes one event's token; false when none is left.
  bool allow(Clock::time_point now = Clock::now()) {
    refill(now);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }
  // Seconds until allow() would succeed (0 when it would now).
  double seconds_until_allowed(Clock::time_point now = Clock::now()) {
    refill(now);
    return tokens_ >= 1.0 ? 0.0 : (1.0 - tokens_) * period_ / count_;
  }
  // True once the bucket is full again: its owner may forget it.
  bool full(Clock::time_point now = Clock::now()) {
    refill(now);
    return tokens_ >= count_;
  }

 private:
  void refill(Clock::time_point now) {
    if (now <= last_) return;  // a time taken before this bucket was made
    const std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ = std::min(count_, tokens_ + elapsed.count() * count_ / period_);
  }

  double count_;
  double period_;  // seconds
  double tokens_;
  Clock::time_point last_ = Clock::now();
};

// One bucket per key (an address, an account), each `count` per `period`; keys whose bucket is
// full again are forgotten. Thread-safe.
template <typename Key>
class KeyedRateLimit {
 public:
  explicit KeyedRateLimit(std::size_t count, std::chrono::seconds period = std::chrono::seconds(60))
      : count_(count), period_(period) {}

  // Takes one event's token for `key`: nullopt when allowed, else the seconds to wait.
  std::optional<double> refuse(const Key& key, RateLimit::Clock::time_point now = RateLimit::Clock::now()) {
    std::lock_guard lock(mutex_);
    for (auto it = buckets_.begin(); it != buckets_.end();) it = it->second.full(now) ? buckets_.erase(it) : ++it;
    auto& bucket = buckets_.try_emplace(key, count_, period_).first->second;
    if (bucket.allow(now)) return std::nullopt;
    return bucket.seconds_until_allowed(now);
  }

 private:
  std::size_t count_;
  std::chrono::seconds period_;
  std::mutex mutex_;
  std::map<Key, RateLimit> buckets_;
};

}  // namespace warpath::server
