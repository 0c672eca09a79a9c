// Maximum-weight matching: Edmonds' blossom algorithm with dual variables (see matching.hpp).
//
// Vocabulary. Vertices are 0..n-1; blossoms are n..2n-1 (a vertex is a trivial blossom). Each
// edge k has two endpoints, 2k (its u) and 2k+1 (its v): an endpoint p belongs to vertex
// endpoint[p], and p^1 is the other end of the same edge. mate[v] is the endpoint of v's partner
// (-1 free). A stage grows alternating trees from every free vertex: label 1 = S (outer, even
// distance from a root), 2 = T (inner); labelend[b] is the endpoint through which b got its label.
// Duals: dual[v] for vertices, dual[b] for non-trivial blossoms; an edge is tight when
// slack(k) = dual[u] + dual[v] - 2 w(k) (+ the blossoms containing exactly one end) is zero, and
// only tight edges may enter the trees. Integer weights keep every slack between S-vertices even,
// so the half-slack steps stay integral.
#include "server/tournaments/matching.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace warpath::server::tournaments {

namespace {

constexpr std::int64_t weight_limit = std::int64_t{1} << 60;

class BlossomMatcher {
 public:
  BlossomMatcher(int vertex_count, const std::vector<WeightedEdge>& edges, bool max_cardinality)
      : n_(vertex_count), edges_(edges), max_cardinality_(max_cardinality) {}

  std::vector<int> run();

 private:
  std::int64_t slack(int k) const { return dual_[edges_[k].u] + dual_[edges_[k].v] - 2 * edges_[k].weight; }
  // The vertices inside blossom b (b itself when b is a vertex).
  void leaves(int b, std::vector<int>& out) const {
    if (b < n_) {
      out.push_back(b);
      return;
    }
    for (int t : childs_[b]) leaves(t, out);
  }
  std::vector<int> leaves(int b) const {
    std::vector<int> out;
    leaves(b, out);
    return out;
  }

  void assign_label(int w, int t, int p);
  int scan_blossom(int v, int w);
  void add_blossom(int base, int k);
  void expand_blossom(int b, bool endstage);
  void augment_blossom(int b, int v);
  void augment_matching(int k);

  int n_;
  const std::vector<WeightedEdge>& edges_;
  bool max_cardinality_;

  std::vector<int> endpoint_;
  std::vector<std::vector<int>> neighbend_;
  std::vector<int> mate_;
  std::vector<int> label_;
  std::vector<int> labelend_;
  std::vector<int> inblossom_;
  std::vector<int> parent_;
  std::vector<std::vector<int>> childs_;
  std::vector<int> base_;
  std::vector<std::vector<int>> endps_;
  std::vector<int> bestedge_;
  std::vector<std::vector<int>> blossombestedges_;
  std::vector<bool> has_blossombestedges_;
  std::vector<int> unused_;
  std::vector<std::int64_t> dual_;
  std::vector<bool> allowedge_;
  std::vector<int> queue_;
};

// Labels the top-level blossom containing w with t (S = 1, T = 2), reached through endpoint p;
// a T-blossom's mate becomes S in turn.
void BlossomMatcher::assign_label(int w, int t, int p) {
  const int b = inblossom_[w];
  label_[w] = label_[b] = t;
  labelend_[w] = labelend_[b] = p;
  bestedge_[w] = bestedge_[b] = -1;
  if (t == 1) {
    leaves(b, queue_);
  } else {
    const int base = base_[b];
    assign_label(endpoint_[mate_[base]], 1, mate_[base] ^ 1);
  }
}

// Follows the trees up from v and w (both S) until they meet: returns the base of the new
// blossom, or -1 when they reach two different roots (an augmenting path).
int BlossomMatcher::scan_blossom(int v, int w) {
  std::vector<int> path;
  int base = -1;
  while (v != -1 || w != -1) {
    int b = inblossom_[v];
    if (label_[b] & 4) {
      base = base_[b];
      break;
    }
    path.push_back(b);
    label_[b] = 5;
    if (labelend_[b] == -1) {
      v = -1;
    } else {
      v = endpoint_[labelend_[b]];
      b = inblossom_[v];
      v = endpoint_[labelend_[b]];
    }
    if (w != -1) std::swap(v, w);
  }
  for (int b : path) label_[b] = 1;
  return base;
}

// Shrinks the odd cycle closed by edge k, with the given base, into a new S-blossom.
void BlossomMatcher::add_blossom(int base, int k) {
  int v = edges_[k].u;
  int w = edges_[k].v;
  const int bb = inblossom_[base];
  int bv = inblossom_[v];
  int bw = inblossom_[w];
  const int b = unused_.back();
  unused_.pop_back();
  base_[b] = base;
  parent_[b] = -1;
  parent_[bb] = b;
  std::vector<int> path;
  std::vector<int> endps;
  while (bv != bb) {
    parent_[bv] = b;
    path.push_back(bv);
    endps.push_back(labelend_[bv]);
    v = endpoint_[labelend_[bv]];
    bv = inblossom_[v];
  }
  path.push_back(bb);
  std::reverse(path.begin(), path.end());
  std::reverse(endps.begin(), endps.end());
  endps.push_back(2 * k);
  while (bw != bb) {
    parent_[bw] = b;
    path.push_back(bw);
    endps.push_back(labelend_[bw] ^ 1);
    w = endpoint_[labelend_[bw]];
    bw = inblossom_[w];
  }
  childs_[b] = path;
  endps_[b] = endps;
  label_[b] = 1;
  labelend_[b] = labelend_[bb];
  dual_[b] = 0;
  for (int leaf : leaves(b)) {
    if (label_[inblossom_[leaf]] == 2) queue_.push_back(leaf);
    inblossom_[leaf] = b;
  }
  // The least-slack edge from the new blossom to each other S-blossom.
  std::vector<int> bestedgeto(2 * n_, -1);
  for (int child : path) {
    std::vector<int> candidates;
    if (!has_blossombestedges_[child]) {
      for (int leaf : leaves(child))
        for (int p : neighbend_[leaf]) candidates.push_back(p / 2);
    } else {
      candidates = blossombestedges_[child];
    }
    for (int e : candidates) {
      int i = edges_[e].u;
      int j = edges_[e].v;
      if (inblossom_[j] == b) std::swap(i, j);
      const int bj = inblossom_[j];
      if (bj != b && label_[bj] == 1 && (bestedgeto[bj] == -1 || slack(e) < slack(bestedgeto[bj]))) bestedgeto[bj] = e;
    }
    blossombestedges_[child].clear();
    has_blossombestedges_[child] = false;
    bestedge_[child] = -1;
  }
  blossombestedges_[b].clear();
  for (int e : bestedgeto)
    if (e != -1) blossombestedges_[b].push_back(e);
  has_blossombestedges_[b] = true;
  bestedge_[b] = -1;
  for (int e : blossombestedges_[b])
    if (bestedge_[b] == -1 || slack(e) < slack(bestedge_[b])) bestedge_[b] = e;
}

// Undoes blossom b: its children become top-level. Mid-stage (a T-blossom whose dual reached
// zero), the children on the even path from the entry to the base are relabelled so the tree
// stays alternating. At the end of a stage, zero-dual S-blossoms are expanded recursively.
void BlossomMatcher::expand_blossom(int b, bool endstage) {
  for (int s : childs_[b]) {
    parent_[s] = -1;
    if (s < n_) {
      inblossom_[s] = s;
    } else if (endstage && dual_[s] == 0) {
      expand_blossom(s, endstage);
    } else {
      for (int leaf : leaves(s)) inblossom_[leaf] = s;
    }
  }
  if (!endstage && label_[b] == 2) {
    const auto& childs = childs_[b];
    const int size = static_cast<int>(childs.size());
    auto at = [&](int j) { return ((j % size) + size) % size; };
    const int entrychild = inblossom_[endpoint_[labelend_[b] ^ 1]];
    int j = static_cast<int>(std::find(childs.begin(), childs.end(), entrychild) - childs.begin());
    int jstep;
    int endptrick;
    if (j & 1) {
      j -= size;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    int p = labelend_[b];
    while (j != 0) {
      label_[endpoint_[p ^ 1]] = 0;
      label_[endpoint_[endps_[b][at(j - endptrick)] ^ endptrick ^ 1]] = 0;
      assign_label(endpoint_[p ^ 1], 2, p);
      allowedge_[endps_[b][at(j - endptrick)] / 2] = true;
      j += jstep;
      p = endps_[b][at(j - endptrick)] ^ endptrick;
      allowedge_[p / 2] = true;
      j += jstep;
    }
    int bv = childs[at(j)];
    label_[endpoint_[p ^ 1]] = label_[bv] = 2;
    labelend_[endpoint_[p ^ 1]] = labelend_[bv] = p;
    bestedge_[bv] = -1;
    j += jstep;
    while (childs[at(j)] != entrychild) {
      bv = childs[at(j)];
      if (label_[bv] == 1) {
        j += jstep;
        continue;
      }
      int labelled = -1;
      for (int leaf : leaves(bv)) {
        if (label_[leaf] != 0) {
          labelled = leaf;
          break;
        }
      }
      if (labelled != -1) {
        label_[labelled] = 0;
        label_[endpoint_[mate_[base_[bv]]]] = 0;
        assign_label(labelled, 2, labelend_[labelled]);
      }
      j += jstep;
    }
  }
  label_[b] = labelend_[b] = -1;
  childs_[b].clear();
  endps_[b].clear();
  base_[b] = -1;
  blossombestedges_[b].clear();
  has_blossombestedges_[b] = false;
  bestedge_[b] = -1;
  unused_.push_back(b);
}

// Swaps matched and unmatched edges along the even path from vertex v to the base of blossom b,
// so that v becomes b's base.
void BlossomMatcher::augment_blossom(int b, int v) {
  int t = v;
  while (parent_[t] != b) t = parent_[t];
  if (t >= n_) augment_blossom(t, v);
  auto& childs = childs_[b];
  const int size = static_cast<int>(childs.size());
  auto at = [&](int j) { return ((j % size) + size) % size; };
  const int i = static_cast<int>(std::find(childs.begin(), childs.end(), t) - childs.begin());
  int j = i;
  int jstep;
  int endptrick;
  if (i & 1) {
    j -= size;
    jstep = 1;
    endptrick = 0;
  } else {
    jstep = -1;
    endptrick = 1;
  }
  while (j != 0) {
    j += jstep;
    t = childs[at(j)];
    const int p = endps_[b][at(j - endptrick)] ^ endptrick;
    if (t >= n_) augment_blossom(t, endpoint_[p]);
    j += jstep;
    t = childs[at(j)];
    if (t >= n_) augment_blossom(t, endpoint_[p ^ 1]);
    mate_[endpoint_[p]] = p ^ 1;
    mate_[endpoint_[p ^ 1]] = p;
  }
  std::rotate(childs.begin(), childs.begin() + i, childs.end());
  std::rotate(endps_[b].begin(), endps_[b].begin() + i, endps_[b].end());
  base_[b] = base_[childs[0]];
}

// Flips the augmenting path through edge k (between two S-blossoms of different trees).
void BlossomMatcher::augment_matching(int k) {
  const int ends[2][2] = {{edges_[k].u, 2 * k + 1}, {edges_[k].v, 2 * k}};
  for (const auto& start : ends) {
    int s = start[0];
    int p = start[1];
    while (true) {
      const int bs = inblossom_[s];
      if (bs >= n_) augment_blossom(bs, s);
      mate_[s] = p;
      if (labelend_[bs] == -1) break;  // reached the root
      const int t = endpoint_[labelend_[bs]];
      const int bt = inblossom_[t];
      s = endpoint_[labelend_[bt]];
      const int j = endpoint_[labelend_[bt] ^ 1];
      if (bt >= n_) augment_blossom(bt, j);
      mate_[j] = labelend_[bt];
      p = labelend_[bt] ^ 1;
    }
  }
}

std::vector<int> BlossomMatcher::run() {
  const int n = n_;
  const int m = static_cast<int>(edges_.size());
  std::vector<int> result(n, -1);
  if (m == 0 || n == 0) return result;

  std::int64_t maxweight = 0;
  for (const auto& e : edges_) maxweight = std::max(maxweight, e.weight);

  endpoint_.resize(2 * m);
  neighbend_.assign(n, {});
  for (int k = 0; k < m; ++k) {
    endpoint_[2 * k] = edges_[k].u;
    endpoint_[2 * k + 1] = edges_[k].v;
    neighbend_[edges_[k].u].push_back(2 * k + 1);
    neighbend_[edges_[k].v].push_back(2 * k);
  }
  mate_.assign(n, -1);
  label_.assign(2 * n, 0);
  labelend_.assign(2 * n, -1);
  inblossom_.resize(n);
  for (int v = 0; v < n; ++v) inblossom_[v] = v;
  parent_.assign(2 * n, -1);
  childs_.assign(2 * n, {});
  base_.assign(2 * n, -1);
  for (int v = 0; v < n; ++v) base_[v] = v;
  endps_.assign(2 * n, {});
  bestedge_.assign(2 * n, -1);
  blossombestedges_.assign(2 * n, {});
  has_blossombestedges_.assign(2 * n, false);
  unused_.clear();
  for (int b = n; b < 2 * n; ++b) unused_.push_back(b);
  dual_.assign(2 * n, 0);
  for (int v = 0; v < n; ++v) dual_[v] = maxweight;
  allowedge_.assign(m, false);

  // Each stage finds one augmenting path or proves there is none; at most n stages.
  for (int stage = 0; stage < n; ++stage) {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(bestedge_.begin(), bestedge_.end(), -1);
    for (int b = n; b < 2 * n; ++b) {
      blossombestedges_[b].clear();
      has_blossombestedges_[b] = false;
    }
    std::fill(allowedge_.begin(), allowedge_.end(), false);
    queue_.clear();
    for (int v = 0; v < n; ++v)
      if (mate_[v] == -1 && label_[inblossom_[v]] == 0) assign_label(v, 1, -1);

    bool augmented = false;
    while (true) {
      while (!queue_.empty() && !augmented) {
        const int v = queue_.back();
        queue_.pop_back();
        for (int p : neighbend_[v]) {
          const int k = p / 2;
          const int w = endpoint_[p];
          if (inblossom_[v] == inblossom_[w]) continue;
          std::int64_t kslack = 0;
          if (!allowedge_[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge_[k] = true;
          }
          if (allowedge_[k]) {
            if (label_[inblossom_[w]] == 0) {
              assign_label(w, 2, p ^ 1);
            } else if (label_[inblossom_[w]] == 1) {
              const int base = scan_blossom(v, w);
              if (base >= 0) {
                add_blossom(base, k);
              } else {
                augment_matching(k);
                augmented = true;
                break;
              }
            } else if (label_[w] == 0) {
              label_[w] = 2;
              labelend_[w] = p ^ 1;
            }
          } else if (label_[inblossom_[w]] == 1) {
            const int b = inblossom_[v];
            if (bestedge_[b] == -1 || kslack < slack(bestedge_[b])) bestedge_[b] = k;
          } else if (label_[w] == 0) {
            if (bestedge_[w] == -1 || kslack < slack(bestedge_[w])) bestedge_[w] = k;
          }
        }
      }
      if (augmented) break;

      // No tight edge left to grow on: change the duals by the largest safe delta.
      int deltatype = -1;
      std::int64_t delta = 0;
      int deltaedge = -1;
      int deltablossom = -1;
      if (!max_cardinality_) {
        deltatype = 1;
        delta = *std::min_element(dual_.begin(), dual_.begin() + n);
      }
      for (int v = 0; v < n; ++v) {
        if (label_[inblossom_[v]] == 0 && bestedge_[v] != -1) {
          const std::int64_t d = slack(bestedge_[v]);
          if (deltatype == -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge_[v];
          }
        }
      }
      for (int b = 0; b < 2 * n; ++b) {
        if (parent_[b] == -1 && label_[b] == 1 && bestedge_[b] != -1) {
          const std::int64_t d = slack(bestedge_[b]) / 2;
          if (deltatype == -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge_[b];
          }
        }
      }
      for (int b = n; b < 2 * n; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1 && label_[b] == 2 && (deltatype == -1 || dual_[b] < delta)) {
          delta = dual_[b];
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype == -1) {
        // Maximum cardinality reached: one last dual change makes the answer optimal.
        deltatype = 1;
        delta = std::max<std::int64_t>(0, *std::min_element(dual_.begin(), dual_.begin() + n));
      }
      for (int v = 0; v < n; ++v) {
        if (label_[inblossom_[v]] == 1) {
          dual_[v] -= delta;
        } else if (label_[inblossom_[v]] == 2) {
          dual_[v] += delta;
        }
      }
      for (int b = n; b < 2 * n; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1) {
          if (label_[b] == 1) {
            dual_[b] += delta;
          } else if (label_[b] == 2) {
            dual_[b] -= delta;
          }
        }
      }
      if (deltatype == 1) {
        break;  // optimum reached
      } else if (deltatype == 2) {
        allowedge_[deltaedge] = true;
        int i = edges_[deltaedge].u;
        int j = edges_[deltaedge].v;
        if (label_[inblossom_[i]] == 0) std::swap(i, j);
        queue_.push_back(i);
      } else if (deltatype == 3) {
        allowedge_[deltaedge] = true;
        queue_.push_back(edges_[deltaedge].u);
      } else {
        expand_blossom(deltablossom, false);
      }
    }
    if (!augmented) break;
    for (int b = n; b < 2 * n; ++b) {
      if (parent_[b] == -1 && base_[b] >= 0 && label_[b] == 1 && dual_[b] == 0) expand_blossom(b, true);
    }
  }
  for (int v = 0; v < n; ++v)
    if (mate_[v] >= 0) result[v] = endpoint_[mate_[v]];
  return result;
}

}  // namespace

std::vector<int> maximum_weight_matching(int vertex_count, const std::vector<WeightedEdge>& edges,
                                         bool max_cardinality) {
  if (vertex_count < 0) throw std::invalid_argument("maximum_weight_matching: negative vertex count");
  for (const auto& e : edges) {
    if (e.u < 0 || e.v < 0 || e.u >= vertex_count || e.v >= vertex_count || e.u == e.v)
      throw std::invalid_argument("maximum_weight_matching: edge endpoint out of range or a loop");
    if (e.weight >= weight_limit || e.weight <= -weight_limit)
      throw std::invalid_argument("maximum_weight_matching: weight out of range");
  }
  return BlossomMatcher(vertex_count, edges, max_cardinality).run();
}

std::int64_t matching_weight(const std::vector<int>& mate, const std::vector<WeightedEdge>& edges) {
  std::int64_t total = 0;
  for (const auto& e : edges)
    if (e.u < static_cast<int>(mate.size()) && mate[e.u] == e.v) total += e.weight;
  return total;
}

}  // namespace warpath::server::tournaments
