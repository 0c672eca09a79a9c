#pragma once
// Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
// O(n^3)), on integer weights: the exact engine under the Swiss pairing (swiss.hpp), which
// states each round as "the best perfect matching of the players, repeats forbidden".
//
// Written here rather than taken from Boost: Boost.Graph's maximum_weighted_matching before 1.88
// returns wrong answers and can hang on some graphs (boostorg/graph #399), and Debian's Boost is
// older than that. The structure follows the classic primal-dual formulation (Galil, "Efficient
// algorithms for finding maximum matching in graphs", 1986): S/T labels grown from the free
// vertices, blossoms shrunk when two S-vertices meet, duals adjusted by the smallest slack, a
// blossom expanded when its dual reaches zero. Its bookkeeping (an edge's two endpoints 2k and
// 2k+1, `labelend`, the walk around a blossom with `jstep`/`endptrick`) is that of Joris van
// Rantwijk's widely used reference implementation of Galil's description (mwmatching.py, 2008, on
// which NetworkX's max_weight_matching is also based), written anew here in C++.
//
// With `max_cardinality`, the answer is the heaviest among the matchings with the most edges
// (a perfect matching whenever one exists): this is what lets the Swiss pairing say that no
// pairing exists rather than leave players out silently.

#include <cstdint>
#include <vector>

namespace warpath::server::tournaments {

struct WeightedEdge {
  int u = 0;
  int v = 0;
  std::int64_t weight = 0;
};

// mate[v] is v's partner, or -1 when v is unmatched. Vertices are 0..vertex_count-1; edges must
// join two distinct vertices, at most one edge per pair. Weights may be of any sign, but their
// absolute values must stay below 2^60 so that doubled slacks cannot overflow. These are
// preconditions on the calling code (the Swiss pairing builds the graph), not checks of user data:
// a graph that breaks them gets std::invalid_argument.
std::vector<int> maximum_weight_matching(int vertex_count, const std::vector<WeightedEdge>& edges,
                                         bool max_cardinality);

// The total weight of the matched edges of `mate` (each edge counted once).
std::int64_t matching_weight(const std::vector<int>& mate, const std::vector<WeightedEdge>& edges);

}  // namespace warpath::server::tournaments
