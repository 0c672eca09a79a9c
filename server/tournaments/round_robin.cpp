// Round-robin pools by the circle method (Berger tables) and the snake split: see round_robin.hpp.
#include "server/tournaments/round_robin.hpp"

#include <set>
#include <string>

namespace warpath::server::tournaments {

std::variant<std::vector<ScheduledRound>, InputError> round_robin_schedule(const std::vector<PlayerId>& players) {
  std::set<PlayerId> seen;
  for (std::size_t i = 0; i < players.size(); ++i)
    if (!seen.insert(players[i]).second)
      return InputError{"players[" + std::to_string(i) + "]", "the player is listed twice"};
  if (players.size() < 2) return std::vector<ScheduledRound>{};
  const bool odd = players.size() % 2 == 1;
  const int n = static_cast<int>(players.size()) + (odd ? 1 : 0);  // with the phantom
  const int m = n - 1;
  const int phantom = odd ? n - 1 : -1;

  std::vector<ScheduledRound> rounds(m);
  for (int r = 0; r < m; ++r) {
    ScheduledRound& round = rounds[r];
    // Seats as indices; the phantom's game becomes the bye.
    auto seat = [&](int first, int second) {
      if (first == phantom) {
        round.bye = players[second];
      } else if (second == phantom) {
        round.bye = players[first];
      } else {
        round.games.push_back({players[first], players[second]});
      }
    };
    if (r % 2 == 1) {
      seat(n - 1, r);
    } else {
      seat(r, n - 1);
    }
    for (int t = 1; t < n / 2; ++t) {
      const int a = (r + t) % m;
      const int b = ((r - t) % m + m) % m;
      if (t % 2 == 1) {
        seat(a, b);
      } else {
        seat(b, a);
      }
    }
  }
  return rounds;
}

std::variant<std::vector<std::vector<PlayerId>>, InputError> snake_pools(const std::vector<PlayerId>& ranked,
                                                                         int pool_count) {
  if (pool_count < 1) return InputError{"pool_count", "there must be at least one pool"};
  std::vector<std::vector<PlayerId>> pools(pool_count);
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const std::size_t pass = i / pool_count;
    const std::size_t within = i % pool_count;
    pools[pass % 2 == 0 ? within : pool_count - 1 - within].push_back(ranked[i]);
  }
  return pools;
}

}  // namespace warpath::server::tournaments
