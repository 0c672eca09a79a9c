#pragma once
// JSON helpers for the transient parts of a position (activations, moves, battles...): they are
// written with indices, not ids, because only the engine reads them back. std::optional maps to
// null.

#include <nlohmann/json.hpp>
#include <optional>

namespace nlohmann {
template <typename T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& j, const std::optional<T>& value) {
    if (value)
      j = *value;
    else
      j = nullptr;
  }
  static void from_json(const json& j, std::optional<T>& value) {
    if (j.is_null())
      value.reset();
    else
      value = j.get<T>();
  }
};
}  // namespace nlohmann

namespace warpath::wilderness_war {

// The enums of names.hpp as JSON numbers in transient state (their names are for the data files).
template <typename Enum>
nlohmann::json enum_to_json(Enum value) {
  return static_cast<int>(value);
}

}  // namespace warpath::wilderness_war
