#include "engine/core/action_list.hpp"

#include <stdexcept>

namespace warpath::engine {

Action ActionRef::to_action() const {
  switch (kind) {
    case ArgKind::number:
      return {std::string(verb), number};
    case ArgKind::text:
      return {std::string(verb), std::string(text)};
    case ArgKind::none:
      break;
  }
  return {std::string(verb), nullptr};
}

bool ActionRef::matches(const Action& action) const {
  if (action.verb != verb) return false;
  switch (kind) {
    case ArgKind::number:
      return action.arg.is_number_integer() && action.arg.get<std::int64_t>() == number;
    case ArgKind::text:
      return action.arg.is_string() && action.arg.get_ref<const std::string&>() == text;
    case ArgKind::none:
      break;
  }
  return action.arg.is_null();
}

void ActionList::clear() {
  entries_.clear();
  text_.clear();
}

std::uint32_t ActionList::store(std::string_view text) {
  if (text.size() > UINT16_MAX) throw std::length_error("an action's verb or id is too long");
  const auto offset = static_cast<std::uint32_t>(text_.size());
  text_.append(text);
  return offset;
}

void ActionList::add(std::string_view verb) {
  if (has(verb)) return;  // a word is listed once however often the rules offer it
  entries_.push_back({store(verb), 0, static_cast<std::uint16_t>(verb.size()), 0, ArgKind::none, 0});
}

void ActionList::add(std::string_view verb, std::int64_t number) {
  entries_.push_back({store(verb), 0, static_cast<std::uint16_t>(verb.size()), 0, ArgKind::number, number});
}

void ActionList::add(std::string_view verb, std::string_view text) {
  const auto verb_offset = store(verb);
  const auto text_offset = store(text);
  entries_.push_back({verb_offset, text_offset, static_cast<std::uint16_t>(verb.size()),
                      static_cast<std::uint16_t>(text.size()), ArgKind::text, 0});
}

void ActionList::add(const ActionRef& action) {
  switch (action.kind) {
    case ArgKind::none:
      return add(action.verb);
    case ArgKind::number:
      return add(action.verb, action.number);
    case ArgKind::text:
      return add(action.verb, action.text);
  }
}

ActionRef ActionList::operator[](std::size_t i) const {
  const Entry& e = entries_[i];
  return {text_at(e.verb_offset, e.verb_size), e.kind, e.number, text_at(e.text_offset, e.text_size)};
}

bool ActionList::has(std::string_view verb) const {
  for (const Entry& e : entries_)
    if (text_at(e.verb_offset, e.verb_size) == verb) return true;
  return false;
}

bool ActionList::contains(const Action& action) const {
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if ((*this)[i].matches(action)) return true;
  return false;
}

nlohmann::json ActionList::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const ActionRef a = (*this)[i];
    auto& slot = out[std::string(a.verb)];
    if (a.kind == ArgKind::none) {
      if (slot.is_array()) throw std::logic_error("'" + std::string(a.verb) + "' is listed as a word and with ids");
      slot = true;
      continue;
    }
    if (slot.is_boolean()) throw std::logic_error("'" + std::string(a.verb) + "' is listed as a word and with ids");
    if (slot.is_null()) slot = nlohmann::json::array();
    if (a.kind == ArgKind::number)
      slot.push_back(a.number);
    else
      slot.push_back(a.text);
  }
  return out;
}

void ActionList::append_json(const nlohmann::json& legal_actions) {
  for (const auto& [verb, args] : legal_actions.items()) {
    if (args.is_boolean()) {
      if (args.get<bool>()) add(verb);
      continue;
    }
    for (const auto& arg : args) {
      if (arg.is_string())
        add(verb, std::string_view(arg.get_ref<const std::string&>()));
      else if (arg.is_number_integer())
        add(verb, arg.get<std::int64_t>());
      else
        throw std::invalid_argument("a listed action's argument must be a string or an integer");
    }
  }
}

}  // namespace warpath::engine
