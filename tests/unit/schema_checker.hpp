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
    const auto ref = schema.find("$ref");
    if (ref == schema.end()) return schema;
    const auto& name = ref->get_ref<const std::string&>();  // "#/$defs/name"
    return root_.at("$defs").at(name.substr(name.rfind('/') + 1));
  }

  // Members of the schema are read in place (find), never copied: the views are checked at every
  // step of long games, under the sanitizers too.
  void check(const json& schema_or_ref, const json& value, const std::string& path,
             std::vector<std::string>& problems) const {
    const json& schema = resolve(schema_or_ref);
    auto fail = [&](const std::string& what) { problems.push_back(path + ": " + what); };
    if (const auto type = schema.find("type"); type != schema.end()) {
      bool any = false;
      if (type->is_array()) {
        for (const auto& t : *type) any = any || has_type(value, t.get_ref<const std::string&>());
      } else {
        any = has_type(value, type->get_ref<const std::string&>());
      }
      if (!any) return fail("is not of type " + type->dump());
    }
    if (const auto options = schema.find("enum");
        options != schema.end() && std::find(options->begin(), options->end(), value) == options->end())
      fail(value.dump() + " is not one of " + options->dump());
    if (const auto only = schema.find("const"); only != schema.end() && *only != value)
      fail(value.dump() + " is not " + only->dump());
    if (const auto min = schema.find("minimum");
        min != schema.end() && value.is_number() && value.get<double>() < min->get<double>())
      fail("below the minimum");
    if (const auto max = schema.find("maximum");
        max != schema.end() && value.is_number() && value.get<double>() > max->get<double>())
      fail("above the maximum");
    if (const auto any_of = schema.find("anyOf"); any_of != schema.end()) {
      bool any = false;
      for (const auto& option : *any_of) {
        std::vector<std::string> ignored;
        check(option, value, path, ignored);
        if ((any = ignored.empty())) break;
      }
      if (!any) fail("matches none of anyOf");
    }
    if (value.is_object()) check_object(schema, value, path, problems);
    if (const auto items = schema.find("items"); value.is_array() && items != schema.end())
      for (std::size_t i = 0; i < value.size(); ++i)
        check(*items, value[i], path + "[" + std::to_string(i) + "]", problems);
  }

  void check_object(const json& schema, const json& value, const std::string& path,
                    std::vector<std::string>& problems) const {
    if (const auto required = schema.find("required"); required != schema.end())
      for (const auto& key : *required)
        if (!value.contains(key.get_ref<const std::string&>()))
          problems.push_back(path + ": lacks " + key.get<std::string>());
    const auto properties = schema.find("properties");
    const auto extra = schema.find("additionalProperties");
    for (const auto& [key, member] : value.items()) {
      if (properties != schema.end()) {
        if (const auto property = properties->find(key); property != properties->end()) {
          check(*property, member, path + "." + key, problems);
          continue;
        }
      }
      if (extra == schema.end()) continue;
      if (extra->is_boolean() && !extra->get<bool>()) problems.push_back(path + ": unexpected " + key);
      if (extra->is_object()) check(*extra, member, path + "." + key, problems);
    }
  }

  json root_;
};

}  // namespace warpath::test
