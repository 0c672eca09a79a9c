#pragma once
// When the outbox tries a message again after a failed attempt: after `base` (30 s), doubling,
// at most 256 × base (about 2 h 8 min), for 15 attempts in all; the 14 waits add up to about
// 15 hours (53,730 s at the default base), after which the message is given up (`failed_at`).
// Tests shorten `base` (--outbox-retry-base-ms); the shape stays the same.

#include <chrono>
#include <cstdint>

namespace warpath::server::mail {

struct RetrySchedule {
  static constexpr std::int64_t max_attempts = 15;
  static constexpr std::int64_t cap_factor = 256;

  std::chrono::milliseconds base{30000};

  // The wait after the `failed`-th failed attempt (1 for the first).
  constexpr std::chrono::milliseconds delay_after(std::int64_t failed) const {
    std::int64_t factor = 1;
    for (std::int64_t i = 1; i < failed && factor < cap_factor; ++i) factor *= 2;
    return base * (factor < cap_factor ? factor : cap_factor);
  }
  // Whether `failed` failed attempts are all a message gets.
  constexpr bool spent(std::int64_t failed) const { return failed >= max_attempts; }
  // From the first attempt to the last.
  constexpr std::chrono::milliseconds total() const {
    std::chrono::milliseconds sum{0};
    for (std::int64_t failed = 1; failed < max_attempts; ++failed) sum += delay_after(failed);
    return sum;
  }
};

}  // namespace warpath::server::mail
