#include "protocol/json_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <stdexcept>

namespace warpath::protocol {

namespace {

// An integer as JSON writes it.
template <typename Integer>
void append_integer(std::string& out, Integer value) {
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

}  // namespace

void append_json(std::string& out, const nlohmann::json& value) {
  // The values read through nlohmann's pointers and containers, not its get<> and iterators: this
  // writes every member a move changes.
  switch (value.type()) {
    case nlohmann::json::value_t::string:
      append_json_string(out, *value.get_ptr<const nlohmann::json::string_t*>());
      return;
    case nlohmann::json::value_t::number_integer:
      append_integer(out, *value.get_ptr<const nlohmann::json::number_integer_t*>());
      return;
    case nlohmann::json::value_t::number_unsigned:
      append_integer(out, *value.get_ptr<const nlohmann::json::number_unsigned_t*>());
      return;
    case nlohmann::json::value_t::boolean:
      out += *value.get_ptr<const nlohmann::json::boolean_t*>() ? "true" : "false";
      return;
    case nlohmann::json::value_t::null:
      out += "null";
      return;
    case nlohmann::json::value_t::array: {
      out.push_back('[');
      bool first = true;
      for (const auto& element : *value.get_ptr<const nlohmann::json::array_t*>()) {
        if (!first) out.push_back(',');
        first = false;
        append_json(out, element);
      }
      out.push_back(']');
      return;
    }
    case nlohmann::json::value_t::object: {
      out.push_back('{');
      bool first = true;
      for (const auto& [key, member] : *value.get_ptr<const nlohmann::json::object_t*>()) {
        if (!first) out.push_back(',');
        first = false;
        append_json_string(out, key);
        out.push_back(':');
        append_json(out, member);
      }
      out.push_back('}');
      return;
    }
    default:  // floats, binary, discarded: nlohmann's own text
      out += value.dump();
  }
}

std::string json_text(const nlohmann::json& value) {
  std::string text;
  append_json(text, value);
  return text;
}

std::string pointer_to(std::string_view key, std::string_view parent) {
  std::string out;
  out.reserve(parent.size() + key.size() + 1);
  out += parent;
  engine::append_pointer_token(out, key);
  return out;
}

void OpsText::write(std::string_view op, std::string_view path, std::string_view value_text) {
  engine::append_patch_op(text_, op, path, value_text);
}

bool OpsText::longer_than_replace(std::size_t mark, std::string_view path, std::size_t value_bytes) const {
  // {"op":"replace","path":"…","value":…} after a comma unless first, the path written as is (a
  // pointer to a member of plain words): what write() makes of it.
  const std::size_t replace_bytes = (mark > 0 ? 1 : 0) + 35 + path.size() + value_bytes;
  return text_.size() - mark > replace_bytes;
}

void OpsText::replace_since(std::size_t mark, std::string_view path, std::string_view value_text) {
  text_.resize(mark);
  replace(path, value_text);
}

void OpsText::append_text(std::string_view elements) {
  if (elements.empty()) return;
  if (!text_.empty()) text_.push_back(',');
  text_ += elements;
}

void OpsText::json_diff(const nlohmann::json& from, const nlohmann::json& to, const std::string& path) {
  if (from == to) return;
  if (from.type() != to.type()) return replace(path, json_text(to));
  if (from.is_array()) {
    const std::size_t common = std::min(from.size(), to.size());
    for (std::size_t i = 0; i < common; ++i) json_diff(from[i], to[i], path + "/" + std::to_string(i));
    for (std::size_t i = from.size(); i > common; --i) remove(path + "/" + std::to_string(i - 1));
    for (std::size_t i = common; i < to.size(); ++i) add(path + "/-", json_text(to[i]));
    return;
  }
  if (from.is_object()) {
    for (const auto& [key, value] : from.items()) {
      const auto now = to.find(key);
      if (now != to.end())
        json_diff(value, *now, pointer_to(key, path));
      else
        remove(pointer_to(key, path));
    }
    for (const auto& [key, value] : to.items())
      if (!from.contains(key)) add(pointer_to(key, path), json_text(value));
    return;
  }
  replace(path, json_text(to));
}

ActionsText::Verb& ActionsText::verb_slot(std::string_view name) {
  for (std::size_t i = 0; i < used_; ++i)
    if (verbs_[i].name == name) return verbs_[i];
  if (used_ == verbs_.size()) verbs_.emplace_back();
  Verb& verb = verbs_[used_++];
  verb.name.assign(name);
  verb.word = false;
  verb.text.clear();
  verb.ends.clear();
  return verb;
}

void ActionsText::assign(const engine::ActionList& list, std::span<const std::string_view> words) {
  used_ = 0;
  auto conflict = [](std::string_view verb) {
    throw std::logic_error("'" + std::string(verb) + "' is listed as a word and with ids");
  };
  for (std::size_t i = 0; i < list.size(); ++i) {
    const engine::ActionRef action = list[i];
    Verb& verb = verb_slot(action.verb);
    if (action.kind == engine::ArgKind::none) {
      if (!verb.ends.empty()) conflict(action.verb);
      verb.word = true;
      continue;
    }
    if (verb.word) conflict(action.verb);
    verb.text.push_back(verb.ends.empty() ? '[' : ',');
    if (action.kind == engine::ArgKind::number) {
      append_integer(verb.text, action.number);
    } else {
      append_json_string(verb.text, action.text);
    }
    verb.ends.push_back(static_cast<std::uint32_t>(verb.text.size()));
  }
  for (std::string_view word : words) {
    Verb& verb = verb_slot(word);
    if (!verb.ends.empty()) conflict(word);
    verb.word = true;
  }
  for (std::size_t i = 0; i < used_; ++i) {
    Verb& verb = verbs_[i];
    if (verb.word)
      verb.text = "true";
    else
      verb.text.push_back(']');
  }
  std::sort(verbs_.begin(), verbs_.begin() + static_cast<std::ptrdiff_t>(used_),
            [](const Verb& a, const Verb& b) { return a.name < b.name; });
}

void ActionsText::keep_copy_of(const ActionsText& other) {
  verbs_.assign(other.verbs_.begin(), other.verbs_.begin() + static_cast<std::ptrdiff_t>(other.used_));
  verbs_.shrink_to_fit();
  used_ = other.used_;
}

void ActionsText::write(std::string& out) const {
  out.push_back('{');
  for (std::size_t i = 0; i < used_; ++i) {
    if (i > 0) out.push_back(',');
    append_json_string(out, verbs_[i].name);
    out.push_back(':');
    out += verbs_[i].text;
  }
  out.push_back('}');
}

std::string ActionsText::text() const {
  std::string out;
  write(out);
  return out;
}

void ActionsText::diff_args(const Verb& from, const Verb& to, const std::string& path, OpsText& ops) {
  const std::size_t common = std::min(from.ends.size(), to.ends.size());
  std::size_t changes = std::max(from.ends.size(), to.ends.size()) - common;
  for (std::size_t i = 0; i < common; ++i) changes += from.arg(i) == to.arg(i) ? 0 : 1;
  if (changes == 0) return;
  if (changes > 2 && changes * 8 > to.ends.size()) {
    ops.replace(path, to.text);
    return;
  }
  for (std::size_t i = 0; i < common; ++i)
    if (from.arg(i) != to.arg(i)) ops.replace(path + "/" + std::to_string(i), to.arg(i));
  for (std::size_t i = from.ends.size(); i > common; --i) ops.remove(path + "/" + std::to_string(i - 1));
  for (std::size_t i = common; i < to.ends.size(); ++i) ops.add(path + "/-", to.arg(i));
}

void ActionsText::diff(const ActionsText& from, const ActionsText& to, std::string_view path, OpsText& ops) {
  auto find = [](const ActionsText& in, const std::string& name) -> const Verb* {
    const auto end = in.verbs_.begin() + static_cast<std::ptrdiff_t>(in.used_);
    const auto it =
        std::lower_bound(in.verbs_.begin(), end, name, [](const Verb& v, const std::string& n) { return v.name < n; });
    return it != end && it->name == name ? &*it : nullptr;
  };
  for (std::size_t i = 0; i < from.used_; ++i)
    if (!find(to, from.verbs_[i].name)) ops.remove(pointer_to(from.verbs_[i].name, path));
  for (std::size_t i = 0; i < to.used_; ++i) {
    const Verb& verb = to.verbs_[i];
    const Verb* old = find(from, verb.name);
    if (!old)
      ops.add(pointer_to(verb.name, path), verb.text);
    else if (old->text != verb.text) {
      if (old->word || verb.word)
        ops.replace(pointer_to(verb.name, path), verb.text);
      else
        diff_args(*old, verb, pointer_to(verb.name, path), ops);
    }
  }
}

}  // namespace warpath::protocol
