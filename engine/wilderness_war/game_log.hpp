#pragma once
// The game's log: append-only, and cheap to copy. Every action is applied to a copy of the state
// (undo, legality on a copy), so a log copied line by line would make each action cost as much as
// the whole game so far. Full chunks of lines form a persistent list shared by every copy (a copy
// costs one pointer and the few lines of the unfinished chunk); an index of the chunks for
// reading in order is built when first needed.

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
  GameLog(const GameLog& other) : newest_(other.newest_), chunks_(other.chunks_), tail_(other.tail_) {}
  GameLog& operator=(const GameLog& other) {
    if (this != &other) *this = GameLog(other);
    return *this;
  }
  GameLog(GameLog&&) noexcept = default;
  GameLog& operator=(GameLog&&) noexcept = default;

  void push_back(LogLine line) {
    tail_.push_back(std::move(line));
    if (tail_.size() == chunk_size) {
      newest_ = std::make_shared<const Chunk>(std::move(tail_), std::move(newest_), chunks_);
      ++chunks_;
      tail_.clear();
      tail_.reserve(chunk_size);
    }
  }
  std::size_t size() const { return chunks_ * chunk_size + tail_.size(); }
  bool empty() const { return size() == 0; }
  const LogLine& operator[](std::size_t i) const {
    const std::size_t chunk = i / chunk_size;
    if (chunk >= chunks_) return tail_[i - chunks_ * chunk_size];
    return index()[chunk]->lines[i % chunk_size];
  }
  const LogLine& back() const { return (*this)[size() - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

  bool operator==(const GameLog& other) const {
    if (size() != other.size()) return false;
    for (std::size_t i = 0; i < size(); ++i)
      if (!((*this)[i] == other[i])) return false;
    return true;
  }

 private:
  static constexpr std::size_t chunk_size = 8;

  struct Chunk {
    Chunk(std::vector<LogLine> lines_, std::shared_ptr<const Chunk> older_, std::size_t position_)
        : lines(std::move(lines_)), older(std::move(older_)), position(position_) {}
    // Unlinks the older chunks one by one: a long game's chain would otherwise be freed by
    // recursion as deep as the chain.
    ~Chunk() {
      std::shared_ptr<const Chunk> next = std::move(older);
      while (next && next.use_count() == 1) next = std::move(next->older);
    }
    std::vector<LogLine> lines;
    mutable std::shared_ptr<const Chunk> older;  // mutable only for the unlinking above
    std::size_t position;  // chunks before this one
  };

  // The chunks oldest first, for reading by index; rebuilt when chunks have been added since.
  const std::vector<const Chunk*>& index() const {
    if (index_.size() != chunks_) {
      index_.assign(chunks_, nullptr);
      for (const Chunk* c = newest_.get(); c != nullptr; c = c->older.get()) index_[c->position] = c;
    }
    return index_;
  }

  std::shared_ptr<const Chunk> newest_;
  std::size_t chunks_ = 0;
  std::vector<LogLine> tail_;
  // A cache inside a const object, like State's: a log is read by one thread at a time.
  mutable std::vector<const Chunk*> index_;
};

}  // namespace warpath::wilderness_war
