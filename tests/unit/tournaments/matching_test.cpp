// Maximum-weight matching (server/tournaments/matching): against brute force on random small
// graphs, on crafted graphs where greedy choices or plain augmenting paths go wrong (blossoms,
// nested blossoms, blossom expansion), and a 128-vertex complete graph.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>
#include <stdexcept>

#include "server/tournaments/matching.hpp"

namespace matching_test {

using namespace warpath::server::tournaments;

namespace {

struct Best {
  int pairs = 0;
  std::int64_t weight = 0;
};

// Every matching of the graph, by recursion on the lowest unassigned vertex: the heaviest, or
// with max_cardinality the heaviest among those with the most edges.
void brute_force(int v, int n, const std::vector<std::vector<std::int64_t>>& w,
                 const std::vector<std::vector<bool>>& has, std::vector<bool>& used, int pairs, std::int64_t weight,
                 bool max_cardinality, Best& best) {
  while (v < n && used[v]) ++v;
  if (v == n) {
    const bool better =
        max_cardinality ? (pairs > best.pairs || (pairs == best.pairs && weight > best.weight)) : weight > best.weight;
    if (better) best = {pairs, weight};
    return;
  }
  used[v] = true;
  brute_force(v + 1, n, w, has, used, pairs, weight, max_cardinality, best);  // v left single
  for (int u = v + 1; u < n; ++u) {
    if (used[u] || !has[v][u]) continue;
    used[u] = true;
    brute_force(v + 1, n, w, has, used, pairs + 1, weight + w[v][u], max_cardinality, best);
    used[u] = false;
  }
  used[v] = false;
}

Best brute_force_best(int n, const std::vector<WeightedEdge>& edges, bool max_cardinality) {
  std::vector<std::vector<std::int64_t>> w(n, std::vector<std::int64_t>(n, 0));
  std::vector<std::vector<bool>> has(n, std::vector<bool>(n, false));
  for (const auto& e : edges) {
    w[e.u][e.v] = w[e.v][e.u] = e.weight;
    has[e.u][e.v] = has[e.v][e.u] = true;
  }
  std::vector<bool> used(n, false);
  Best best;
  brute_force(0, n, w, has, used, 0, 0, max_cardinality, best);
  return best;
}

// mate is a matching of the graph: symmetric, and along its edges only. Returns its edge count.
int check_matching(int n, const std::vector<WeightedEdge>& edges, const std::vector<int>& mate) {
  REQUIRE(static_cast<int>(mate.size()) == n);
  int pairs = 0;
  for (int v = 0; v < n; ++v) {
    if (mate[v] == -1) continue;
    REQUIRE(mate[v] >= 0);
    REQUIRE(mate[v] < n);
    REQUIRE(mate[mate[v]] == v);
    const bool edge_exists = std::any_of(edges.begin(), edges.end(), [&](const WeightedEdge& e) {
      return (e.u == v && e.v == mate[v]) || (e.v == v && e.u == mate[v]);
    });
    REQUIRE(edge_exists);
    if (v < mate[v]) ++pairs;
  }
  return pairs;
}

std::vector<WeightedEdge> one_based(std::vector<WeightedEdge> edges) {
  for (auto& e : edges) {
    e.u -= 1;
    e.v -= 1;
  }
  return edges;
}

}  // namespace

TEST_CASE("matching: the heaviest matching equals brute force on random graphs of up to 10 vertices") {
  std::mt19937_64 rng(20261125);
  for (int trial = 0; trial < 4000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 10);
    const int density = 20 + static_cast<int>(rng() % 81);  // percent
    // Narrow weight ranges make ties and zero-slack blossoms common; wide ones exercise the duals.
    const std::int64_t range = (trial % 3 == 0) ? 4 : (trial % 3 == 1 ? 30 : 1'000'000);
    const bool with_negative = trial % 5 == 0;
    std::vector<WeightedEdge> edges;
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v)
        if (static_cast<int>(rng() % 100) < density) {
          std::int64_t w = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(range)) + 1;
          if (with_negative) w -= range / 2;
          edges.push_back({u, v, w});
        }
    for (bool max_cardinality : {false, true}) {
      CAPTURE(trial);
      CAPTURE(n);
      CAPTURE(max_cardinality);
      const auto mate = maximum_weight_matching(n, edges, max_cardinality);
      const int pairs = check_matching(n, edges, mate);
      const Best best = brute_force_best(n, edges, max_cardinality);
      CHECK(matching_weight(mate, edges) == best.weight);
      if (max_cardinality) CHECK(pairs == best.pairs);
    }
  }
}

TEST_CASE("matching: a greedy choice of the heaviest edge is beaten") {
  // A path 0-1-2-3 whose middle edge is the heaviest: greedy takes it (3), the optimum both ends (4).
  const std::vector<WeightedEdge> path{{0, 1, 2}, {1, 2, 3}, {2, 3, 2}};
  const auto mate = maximum_weight_matching(4, path, false);
  CHECK(mate == std::vector<int>{1, 0, 3, 2});
  CHECK(matching_weight(mate, path) == 4);

  // A heavier middle edge wins the plain maximum, but not the maximum-cardinality one.
  const std::vector<WeightedEdge> heavy_middle{{0, 1, 5}, {1, 2, 11}, {2, 3, 5}};
  CHECK(maximum_weight_matching(4, heavy_middle, false) == std::vector<int>{-1, 2, 1, -1});
  CHECK(maximum_weight_matching(4, heavy_middle, true) == std::vector<int>{1, 0, 3, 2});
}

TEST_CASE("matching: blossoms (odd cycles) are shrunk, nested and expanded correctly") {
  // An S-blossom: the triangle 1-2-3 with a pendant 4 off vertex 3.
  const auto s_blossom = one_based({{1, 2, 8}, {1, 3, 9}, {2, 3, 10}, {3, 4, 7}});
  CHECK(maximum_weight_matching(4, s_blossom, false) == std::vector<int>{1, 0, 3, 2});
  // A T-blossom: the triangle 1-2-3 reached through 1's other edges.
  const auto t_blossom = one_based({{1, 2, 9}, {1, 3, 8}, {2, 3, 10}, {1, 4, 5}, {4, 5, 4}, {1, 6, 3}});
  CHECK(maximum_weight_matching(6, t_blossom, false) == std::vector<int>{5, 2, 1, 4, 3, 0});
  // Nested S-blossoms.
  const auto nested = one_based({{1, 2, 9}, {1, 3, 9}, {2, 3, 10}, {2, 4, 8}, {3, 5, 8}, {4, 5, 10}, {5, 6, 6}});
  CHECK(maximum_weight_matching(6, nested, false) == std::vector<int>{2, 3, 0, 1, 5, 4});
  // A T-blossom expanded mid-stage, the "nasty" case of the classic test set.
  const auto nasty = one_based({{1, 2, 45},
                                {1, 5, 45},
                                {2, 3, 50},
                                {3, 4, 45},
                                {4, 5, 50},
                                {1, 6, 30},
                                {3, 9, 35},
                                {4, 8, 35},
                                {5, 7, 26},
                                {9, 10, 5}});
  CHECK(maximum_weight_matching(10, nasty, false) == std::vector<int>{5, 2, 1, 7, 6, 0, 4, 3, 9, 8});
  for (const auto* graph : {&s_blossom, &t_blossom, &nested, &nasty}) {
    int n = 0;
    for (const auto& e : *graph) n = std::max({n, e.u + 1, e.v + 1});
    CHECK(matching_weight(maximum_weight_matching(n, *graph, false), *graph) ==
          brute_force_best(n, *graph, false).weight);
  }
}

TEST_CASE("matching: a 128-vertex complete graph gets its perfect, optimal matching quickly") {
  // A planted perfect matching of heavy edges among light random ones: any other perfect matching
  // gives up at least two heavy edges (2,000,000) for at most 64 light ones (64,000), so the planted
  // one is the only optimum.
  constexpr int n = 128;
  std::mt19937_64 rng(128);
  std::vector<int> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<int> planted(n);
  for (int i = 0; i < n; i += 2) {
    planted[perm[i]] = perm[i + 1];
    planted[perm[i + 1]] = perm[i];
  }
  std::vector<WeightedEdge> edges;
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v)
      edges.push_back({u, v, planted[u] == v ? 1'000'000 : static_cast<std::int64_t>(rng() % 1000)});
  const auto started = std::chrono::steady_clock::now();
  const auto mate = maximum_weight_matching(n, edges, true);
  const auto elapsed = std::chrono::steady_clock::now() - started;
  CHECK(check_matching(n, edges, mate) == n / 2);
  CHECK(mate == planted);
  CHECK(elapsed < std::chrono::seconds(5));

  // Random weights only: perfect, and no two matched pairs could swap partners for more weight.
  std::vector<std::vector<std::int64_t>> w(n, std::vector<std::int64_t>(n, 0));
  edges.clear();
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v) {
      w[u][v] = w[v][u] = static_cast<std::int64_t>(rng() % 100'000);
      edges.push_back({u, v, w[u][v]});
    }
  const auto random_mate = maximum_weight_matching(n, edges, true);
  REQUIRE(check_matching(n, edges, random_mate) == n / 2);
  for (int a = 0; a < n; ++a)
    for (int c = 0; c < n; ++c) {
      const int b = random_mate[a];
      const int d = random_mate[c];
      if (a == c || a == d) continue;
      CHECK(w[a][b] + w[c][d] >= w[a][c] + w[b][d]);
    }
}

TEST_CASE("matching: malformed graphs are refused") {
  CHECK_THROWS_AS(maximum_weight_matching(2, {{0, 0, 1}}, false), std::invalid_argument);
  CHECK_THROWS_AS(maximum_weight_matching(2, {{0, 2, 1}}, false), std::invalid_argument);
  CHECK_THROWS_AS(maximum_weight_matching(2, {{0, 1, std::int64_t{1} << 61}}, false), std::invalid_argument);
  CHECK(maximum_weight_matching(3, {}, true) == std::vector<int>{-1, -1, -1});
}

}  // namespace matching_test
