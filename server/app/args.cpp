#include "server/app/args.hpp"

#include <cstdlib>
#include <stdexcept>

namespace warpath::app {

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& switches) {
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& word = argv[i];
    if (word.rfind("--", 0) != 0) throw std::invalid_argument("unexpected argument '" + word + "'");
    std::string name = word.substr(2);
    if (auto eq = name.find('='); eq != std::string::npos) {
      values_[name.substr(0, eq)] = name.substr(eq + 1);
    } else if (switches.count(name)) {
      values_[name] = "1";
    } else {
      if (i + 1 >= argv.size()) throw std::invalid_argument("--" + name + " needs a value");
      values_[name] = argv[++i];
    }
  }
}

std::optional<std::string> Args::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Args::get(const std::string& name, const std::string& env, const std::string& fallback) const {
  if (auto v = get(name)) return *v;
  if (!env.empty())
    if (const char* e = std::getenv(env.c_str()); e && *e) return e;
  return fallback;
}

long long Args::get_int(const std::string& name, const std::string& env, long long fallback) const {
  const std::string text = get(name, env, std::to_string(fallback));
  try {
    std::size_t used = 0;
    long long value = std::stoll(text, &used);
    if (used != text.size()) throw std::invalid_argument(text);
    return value;
  } catch (const std::exception&) {
    throw std::invalid_argument("--" + name + " must be an integer, not '" + text + "'");
  }
}

void Args::only(const std::set<std::string>& known) const {
  for (const auto& [name, value] : values_)
    if (!known.count(name)) throw std::invalid_argument("unknown flag --" + name);
}

}  // namespace warpath::app
