#pragma once
// The game's log: append-only, and cheap to copy. Every action is applied to a copy of the state
// (undo, legality on a copy), so a log copied line by line would make each action cost as much as
// the whole game so far. The lines form a persistent list, newest first, shared by every copy: a
// copy costs one pointer, a new line one node. An index for reading in order is built when first
// needed.

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warpath::wilderness_war {

struct LogLine {
  std::string role;  // "" for the game itself
  std::string verb;
  nlohmann::json arg;
  std::string text;

  bool operator==(const LogLine&) const = default;
};

class GameLog {
 public:
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = LogLine;
    using difference_type = std::ptrdiff_t;
    using pointer = const LogLine*;
    using reference = const LogLine&;

    const_iterator() = default;
    const_iterator(const GameLog* log, std::size_t index) : log_(log), index_(index) {}
    reference operator*() const { return (*log_)[index_]; }
    pointer operator->() const { return &(*log_)[index_]; }
    const_iterator& operator++() {
      ++index_;
      return *this;
    }
    const_iterator operator++(int) {
      auto before = *this;
      ++index_;
      return before;
    }
    bool operator==(const const_iterator& other) const { return index_ == other.index_; }

   private:
    const GameLog* log_ = nullptr;
    std::size_t index_ = 0;
  };

  GameLog() = default;
  // The reading index is not copied: it points into nodes both logs share but is rebuilt as needed.
  GameLog(const GameLog& other) : newest_(other.newest_), size_(other.size_) {}
  GameLog& operator=(const GameLog& other) {
    if (this != &other) *this = GameLog(other);
    return *this;
  }
  GameLog(GameLog&&) noexcept = default;
  GameLog& operator=(GameLog&&) noexcept = default;

  void push_back(LogLine line) {
    newest_ = std::make_shared<const Node>(std::move(line), std::move(newest_));
    ++size_;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const LogLine& operator[](std::size_t i) const { return index()[i]->line; }
  const LogLine& back() const { return newest_->line; }
  // Calls f(line) for lines [from, to) in order. Walks back from the newest line, so reading the
  // last few lines of a fresh copy costs only those lines, not an index of the whole log.
  template <typename F>
  void for_each_between(std::size_t from, std::size_t to, F&& f) const {
    to = std::min(to, size_);
    if (from >= to) return;
    if (index_.size() == size_) {
      for (std::size_t i = from; i < to; ++i) f(index_[i]->line);
      return;
    }
    std::vector<const Node*> wanted(to - from);
    std::size_t i = size_;
    for (const Node* n = newest_.get(); i > from; n = n->older.get())
      if (--i < to) wanted[i - from] = n;
    for (const Node* n : wanted) f(n->line);
  }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

  bool operator==(const GameLog& other) const {
    if (size() != other.size()) return false;
    for (std::size_t i = 0; i < size(); ++i)
      if (!((*this)[i] == other[i])) return false;
    return true;
  }

 private:
  struct Node {
    Node(LogLine line_, std::shared_ptr<const Node> older_) : line(std::move(line_)), older(std::move(older_)) {}
    // Unlinks the older nodes one by one: a long game's chain would otherwise be freed by
    // recursion as deep as the chain.
    ~Node() {
      std::shared_ptr<const Node> next = std::move(older);
      while (next && next.use_count() == 1) next = std::move(next->older);
    }
    LogLine line;
    mutable std::shared_ptr<const Node> older;  // mutable only for the unlinking above
  };

  // The nodes oldest first, for reading by index; extended when lines have been added since.
  const std::vector<const Node*>& index() const {
    if (index_.size() != size_) {
      const std::size_t known = index_.size();
      index_.resize(size_);
      std::size_t i = size_;
      for (const Node* n = newest_.get(); i > known; n = n->older.get()) index_[--i] = n;
    }
    return index_;
  }

  std::shared_ptr<const Node> newest_;
  std::size_t size_ = 0;
  // A cache inside a const object, like State's: a log is read by one thread at a time. Lines
  // never change once added, so an index of the first lines stays right as the log grows.
  mutable std::vector<const Node*> index_;
};

}  // namespace warpath::wilderness_war
