// Seeded single-elimination brackets, the mulligan round and the Swiss-elimination playoff: see
// elimination.hpp.
#include "server/tournaments/elimination.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

namespace warpath::server::tournaments {

namespace {

bool is_power_of_two(int n) { return n > 0 && (n & (n - 1)) == 0; }

bool by_seed(const Entrant& a, const Entrant& b) { return a.seed < b.seed; }

// Each player and each seed at most once.
std::optional<InputError> check_entrants(const std::vector<Entrant>& entrants, const std::string& list) {
  std::set<PlayerId> ids;
  std::set<int> seeds;
  for (std::size_t i = 0; i < entrants.size(); ++i) {
    const std::string where = list + "[" + std::to_string(i) + "]";
    if (!ids.insert(entrants[i].id).second) return InputError{where, "the player is listed twice"};
    if (!seeds.insert(entrants[i].seed).second) return InputError{where, "the seed is given twice"};
  }
  return std::nullopt;
}

BracketSlot slot_between(const Entrant& a, const Entrant& b) {
  return a.seed <= b.seed ? BracketSlot{a, b} : BracketSlot{b, a};
}

}  // namespace

std::vector<int> bracket_seed_order(int size) {
  if (!is_power_of_two(size)) throw std::invalid_argument("bracket_seed_order: size must be a power of two");
  std::vector<int> order{1};
  for (int width = 2; width <= size; width *= 2) {
    std::vector<int> doubled;
    for (int s : order) {
      doubled.push_back(s);
      doubled.push_back(width + 1 - s);
    }
    order = std::move(doubled);
  }
  return order;
}

std::variant<BracketRound, InputError> seeded_round(std::vector<Entrant> entrants) {
  if (entrants.empty()) return InputError{"entrants", "a bracket needs at least one entrant"};
  if (auto error = check_entrants(entrants, "entrants")) return *error;
  std::sort(entrants.begin(), entrants.end(), by_seed);
  const int n = static_cast<int>(entrants.size());
  if (n == 1) return BracketRound{BracketSlot{entrants[0], std::nullopt}};
  int size = 1;
  while (size < n) size *= 2;
  const auto order = bracket_seed_order(size);
  BracketRound round;
  for (int k = 0; k < size; k += 2) {
    // Positions hold the entrants' ranks 1..size among themselves; a rank above n is a bye.
    const int a = std::min(order[k], order[k + 1]);
    const int b = std::max(order[k], order[k + 1]);
    if (b <= n) {
      round.push_back({entrants[a - 1], entrants[b - 1]});
    } else {
      round.push_back({entrants[a - 1], std::nullopt});
    }
  }
  return round;
}

std::variant<BracketRound, InputError> next_round(const std::vector<Entrant>& winners) {
  if (winners.size() == 1) return BracketRound{};
  if (winners.empty() || winners.size() % 2 == 1)
    return InputError{"winners", "a round's winners come in an even number (or one, the event's)"};
  if (auto error = check_entrants(winners, "winners")) return *error;
  BracketRound round;
  for (std::size_t k = 0; k < winners.size(); k += 2) round.push_back(slot_between(winners[k], winners[k + 1]));
  return round;
}

std::variant<BracketRound, InputError> playoff_round(const std::vector<PlayerId>& ranking, int size) {
  if (!is_power_of_two(size) || size < 2 || size > static_cast<int>(ranking.size()))
    return InputError{"size", "the playoff takes 2, 4, 8, ... of the ranked players"};
  std::vector<Entrant> entrants;
  for (int i = 0; i < size; ++i) entrants.push_back({ranking[i], i + 1});
  return seeded_round(entrants);
}

std::variant<MulliganRound, InputError> mulligan_round(std::vector<Entrant> round_one_losers) {
  if (auto error = check_entrants(round_one_losers, "round_one_losers")) return *error;
  std::sort(round_one_losers.begin(), round_one_losers.end(), by_seed);
  MulliganRound round;
  if (round_one_losers.size() % 2 == 1) {
    round.eliminated = round_one_losers.back();
    round_one_losers.pop_back();
  }
  const std::size_t m = round_one_losers.size();
  for (std::size_t k = 0; k < m / 2; ++k) round.games.push_back({round_one_losers[k], round_one_losers[m - 1 - k]});
  return round;
}

std::variant<BracketRound, InputError> round_after_mulligan(const std::vector<Entrant>& survivors) {
  return seeded_round(survivors);
}

}  // namespace warpath::server::tournaments
