#pragma once
// What the tournament library's entry points answer, read in tests: the value of an answer that
// must not be an InputError, and whether one is the InputError naming a given item.

#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "server/tournaments/results.hpp"

namespace warpath::server::tournaments {

template <typename T>
T ok(std::variant<T, InputError> answer) {
  if (const auto* error = std::get_if<InputError>(&answer)) FAIL(error->where, ": ", error->message);
  return std::get<T>(std::move(answer));
}

template <typename T>
bool refused_at(const std::variant<T, InputError>& answer, const std::string& where) {
  const auto* error = std::get_if<InputError>(&answer);
  return error != nullptr && error->where == where && !error->message.empty();
}

}  // namespace warpath::server::tournaments
