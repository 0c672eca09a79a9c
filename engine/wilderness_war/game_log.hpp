#pragma once
// The game's log: append-only, and cheap to copy. Every action is applied to a copy of the state
// (undo, legality on a copy), so a log copied line by line would make each action cost as much as
// the whole game so far; full chunks of lines are shared between copies instead.

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

  void push_back(LogLine line) {
    tail_.push_back(std::move(line));
    if (tail_.size() == chunk_size) {
      frozen_.push_back(std::make_shared<const std::vector<LogLine>>(std::move(tail_)));
      tail_.clear();
      tail_.reserve(chunk_size);
    }
  }
  std::size_t size() const { return frozen_.size() * chunk_size + tail_.size(); }
  bool empty() const { return size() == 0; }
  const LogLine& operator[](std::size_t i) const {
    const std::size_t chunk = i / chunk_size;
    return chunk < frozen_.size() ? (*frozen_[chunk])[i % chunk_size] : tail_[i - frozen_.size() * chunk_size];
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
  static constexpr std::size_t chunk_size = 64;
  std::vector<std::shared_ptr<const std::vector<LogLine>>> frozen_;
  std::vector<LogLine> tail_;
};

}  // namespace warpath::wilderness_war
