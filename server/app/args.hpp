#pragma once
// Command-line flags of the form --name value (or --flag), with environment fallbacks.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warpath::app {

class Args {
 public:
  // `switches` are flags without a value.
  Args(const std::vector<std::string>& argv, const std::set<std::string>& switches = {});

  // Flag value, else the environment variable, else the default.
  std::string get(const std::string& name, const std::string& env, const std::string& fallback) const;
  std::optional<std::string> get(const std::string& name) const;
  long long get_int(const std::string& name, const std::string& env, long long fallback) const;
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  // Throws for a flag that is not in `known`.
  void only(const std::set<std::string>& known) const;

 private:
  std::map<std::string, std::string> values_;
};

}  // namespace warpath::app
