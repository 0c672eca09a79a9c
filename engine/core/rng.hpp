#pragma once
// Seeded, serialisable random number generator: every random outcome in a game comes from
// the Rng held in its state, so (scenario, options, seed, actions) determines the game.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <utility>

namespace warpath::engine {

// xoshiro256** seeded by splitmix64: small state, fast, and identical on every platform,
// unlike std::uniform_int_distribution whose output is implementation-defined.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  std::uint64_t next_u64();
  // Uniform in [0, bound) without modulo bias; bound must be > 0.
  std::uint32_t below(std::uint32_t bound);
  // A die roll 1..sides.
  int roll(int sides = 6);

  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  bool operator==(const Rng&) const = default;

  nlohmann::json to_json() const;
  static Rng from_json(const nlohmann::json& j);

 private:
  std::uint64_t s_[4]{};
};

}  // namespace warpath::engine
