#pragma once
// A seat's legal actions as the rules list them, without building JSON: a flat list of
// (verb, argument) entries whose text lives in one reusable buffer. Listing the legal actions
// happens before every move (the random player, the legality check, every view), so it must not
// allocate per action; JSON is built only where the protocol needs it (to_json).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/action.hpp"

namespace warpath::engine {

enum class ArgKind : std::uint8_t { none, number, text };

// One listed action, valid until its list changes.
struct ActionRef {
  std::string_view verb;
  ArgKind kind = ArgKind::none;
  std::int64_t number = 0;
  std::string_view text;

  Action to_action() const;
  bool matches(const Action& action) const;
};

class ActionList {
 public:
  void clear();
  void add(std::string_view verb);  // a word action: `verb: true`
  void add(std::string_view verb, std::int64_t number);
  void add(std::string_view verb, std::string_view text);
  void add(const ActionRef& action);  // an entry of another list

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  ActionRef operator[](std::size_t i) const;
  bool has(std::string_view verb) const;
  bool contains(const Action& action) const;

  // The protocol's form, {verb: true | [args...]}. A verb is either a word or takes arguments,
  // never both (the JSON form could not say it).
  nlohmann::json to_json() const;
  // The entries of a JSON legal-actions object, for modules that build JSON.
  void append_json(const nlohmann::json& legal_actions);

 private:
  struct Entry {
    std::uint32_t verb_offset;
    std::uint32_t text_offset;
    std::uint16_t verb_size;
    std::uint16_t text_size;
    ArgKind kind;
    std::int64_t number;
  };

  std::uint32_t store(std::string_view text);
  std::string_view text_at(std::uint32_t offset, std::uint16_t size) const { return {text_.data() + offset, size}; }

  std::vector<Entry> entries_;
  std::string text_;
};

}  // namespace warpath::engine
