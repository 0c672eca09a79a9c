#pragma once
// A checker of JSON documents against the subset of JSON Schema the view schemas use
// (schema/*-view.json), for the titles' view tests.

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warpath::test {

using nlohmann::json;

// The subset of JSON Schema 2020-12 the view schema uses: type, enum, const, properties,
// required, additionalProperties, items, anyOf, minimum, maximum and local $ref.
class SchemaChecker {
 public:
  explicit SchemaChecker(json root) : root_(std::move(root)) {}

  // Problems found, as "path: what" lines; empty when `value` conforms.
  std::vector<std::string> check(const json& value) const {
    std::vector<std::string> problems;
    check(root_, value, "$", problems);
    return problems;
  }

 private:
  static bool has_type(const json& value, const std::string& type) {
    if (type == "integer") return value.is_number_integer();
    if (type == "object") return value.is_object();
    if (type == "array") return value.is_array();
    if (type == "string") return value.is_string();
    if (type == "boolean") return value.is_boolean();
    if (type == "null") return value.is_null();
    return false;
  }

  const json& resolve(const json& schema) const {
    if (!schema.contains("$ref")) return schema;
    const auto ref = schema["$ref"].get<std::string>();  // "#/$defs/name"
    return root_["$defs"][ref.substr(ref.rfind('/') + 1)];
  }

  void check(const json& schema_or_ref, const json& value, const std::string& path,
             std::vector<std::string>& problems) const {
    const json& schema = resolve(schema_or_ref);
    auto fail = [&](const std::string& what) { problems.push_back(path + ": " + what); };
    if (schema.contains("type")) {
      const auto types = schema["type"].is_array() ? schema["type"] : json::array({schema["type"]});
      bool any = false;
      for (const auto& t : types) any = any || has_type(value, t.get<std::string>());
      if (!any) return fail("is not of type " + schema["type"].dump());
    }
    if (schema.contains("enum") &&
        std::find(schema["enum"].begin(), schema["enum"].end(), value) == schema["enum"].end())
      fail(value.dump() + " is not one of " + schema["enum"].dump());
    if (schema.contains("const") && schema["const"] != value) fail(value.dump() + " is not " + schema["const"].dump());
    if (schema.contains("minimum") && value.is_number() && value.get<double>() < schema["minimum"].get<double>())
      fail("below the minimum");
    if (schema.contains("maximum") && value.is_number() && value.get<double>() > schema["maximum"].get<double>())
      fail("above the maximum");
    if (schema.contains("anyOf")) {
      bool any = false;
      for (const auto& option : schema["anyOf"]) {
        std::vector<std::string> ignored;
        check(option, value, path, ignored);
        any = any || ignored.empty();
      }
      if (!any) fail("matches none of anyOf");
    }
    if (value.is_object()) check_object(schema, value, path, problems);
    if (value.is_array() && schema.contains("items"))
      for (std::size_t i = 0; i < value.size(); ++i)
        check(schema["items"], value[i], path + "[" + std::to_string(i) + "]", problems);
  }

  void check_object(const json& schema, const json& value, const std::string& path,
                    std::vector<std::string>& problems) const {
    for (const auto& key : schema.value("required", json::array()))
      if (!value.contains(key.get<std::string>())) problems.push_back(path + ": lacks " + key.get<std::string>());
    const json properties = schema.value("properties", json::object());
    for (const auto& [key, member] : value.items()) {
      if (properties.contains(key)) {
        check(properties[key], member, path + "." + key, problems);
      } else if (schema.contains("additionalProperties")) {
        const auto& extra = schema["additionalProperties"];
        if (extra.is_boolean() && !extra.get<bool>()) problems.push_back(path + ": unexpected " + key);
        if (extra.is_object()) check(extra, member, path + "." + key, problems);
      }
    }
  }

  json root_;
};

}  // namespace warpath::test
