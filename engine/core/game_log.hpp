#pragma once
// A game's log, shared by the titles (Wilderness War, Mohicans): append-only, and cheap to copy.
// Every action is applied to a copy of the state (undo, legality on a copy), so a log copied line by line would make
// each action cost as much as the whole game so far. The lines form a persistent list, newest first, shared by every
// copy: a copy costs one pointer, a new line one node. An index for reading in order is built when first needed.
//
// Only the newest lines are held: between log_window and twice that many (all of them in a
// shorter log). Which ones is a function of the log's size alone (first_held), so a replayed
// state, a state read back from JSON and the live one hold the same lines and compare equal. The
// older lines live in the move history (engine/core/log_stream.hpp); a room's memory stays flat
// over a long game.

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpath::engine {

inline constexpr std::size_t log_window = 64;

// The index of the oldest line a log of `size` lines holds. Every log_window + 1 lines past twice
// the window, the held lines drop back to the newest log_window: each line is copied once at most.
constexpr std::size_t first_held(std::size_t size) {
  if (size <= 2 * log_window) return 0;
  return size - log_window - (size - 2 * log_window - 1) % (log_window + 1);
}

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
  GameLog(const GameLog& other) : newest_(other.newest_), size_(other.size_), first_(other.first_) {}
  GameLog& operator=(const GameLog& other) {
    if (this != &other) *this = GameLog(other);
    return *this;
  }
  GameLog(GameLog&&) noexcept = default;
  GameLog& operator=(GameLog&&) noexcept = default;

  void push_back(LogLine line) {
    newest_ = std::make_shared<const Node>(std::move(line), std::move(newest_));
    ++size_;
    if (first_held(size_) > first_) drop_old_lines();
  }
  // A log of `first` lines of which none is held, as read back from JSON; push_back the held ones.
  static GameLog starting_at(std::size_t first) {
    GameLog log;
    log.size_ = log.first_ = first;
    return log;
  }
  std::size_t size() const { return size_; }
  // The index of the oldest line held: lines [first(), size()) can be read.
  std::size_t first() const { return first_; }
  bool empty() const { return size_ == 0; }
  const LogLine& operator[](std::size_t i) const {
    check_held(i);
    return index()[i - first_]->line;
  }
  const LogLine& back() const { return newest_->line; }
  // Calls f(line) for lines [from, to) in order; from >= first(). Walks back from the newest line,
  // so reading the last few lines of a fresh copy costs only those lines, not an index of the log.
  template <typename F>
  void for_each_between(std::size_t from, std::size_t to, F&& f) const {
    to = std::min(to, size_);
    if (from >= to) return;
    check_held(from);
    if (index_.size() == size_ - first_) {
      for (std::size_t i = from; i < to; ++i) f(index_[i - first_]->line);
      return;
    }
    std::vector<const Node*> wanted(to - from);
    std::size_t i = size_;
    for (const Node* n = newest_.get(); i > from; n = n->older.get())
      if (--i < to) wanted[i - from] = n;
    for (const Node* n : wanted) f(n->line);
  }
  // The held lines.
  const_iterator begin() const { return {this, first_}; }
  const_iterator end() const { return {this, size()}; }

  bool operator==(const GameLog& other) const {
    if (size() != other.size() || first() != other.first()) return false;
    for (std::size_t i = first_; i < size(); ++i)
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

  void check_held(std::size_t i) const {
    if (i < first_)
      throw std::out_of_range("log line " + std::to_string(i) + " is no longer held (the oldest is " +
                              std::to_string(first_) + ")");
  }

  // A new chain of the lines from first_held(size_) on: the other copies keep the old one.
  void drop_old_lines() {
    const std::size_t first = first_held(size_);
    std::vector<const LogLine*> kept;
    kept.reserve(size_ - first);
    std::size_t i = size_;
    for (const Node* n = newest_.get(); i > first; n = n->older.get(), --i) kept.push_back(&n->line);
    std::shared_ptr<const Node> chain;
    for (auto it = kept.rbegin(); it != kept.rend(); ++it) chain = std::make_shared<const Node>(**it, std::move(chain));
    newest_ = std::move(chain);
    first_ = first;
    index_.clear();
  }

  // The held nodes oldest first, for reading by index; extended when lines have been added since.
  const std::vector<const Node*>& index() const {
    const std::size_t held = size_ - first_;
    if (index_.size() != held) {
      const std::size_t known = index_.size();
      index_.resize(held);
      std::size_t i = held;
      for (const Node* n = newest_.get(); i > known; n = n->older.get()) index_[--i] = n;
    }
    return index_;
  }

  std::shared_ptr<const Node> newest_;
  std::size_t size_ = 0;
  std::size_t first_ = 0;
  // A cache inside a const object, like a game state's: a log is read by one thread at a time. Lines
  // never change once added, so an index of the first lines stays right as the log grows.
  mutable std::vector<const Node*> index_;
};

}  // namespace warpath::engine
