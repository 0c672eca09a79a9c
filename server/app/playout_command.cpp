#include <cctype>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/playout.hpp"
#include "server/app/args.hpp"
#include "server/app/commands.hpp"
#include "server/app/game_modules.hpp"

namespace warpath::app {
namespace {

nlohmann::json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return nlohmann::json::parse(in);
}

// `required` is a comma-separated list of rule event names; "a..b" in a name's digits stands for a
// range, so "event_1..70" is event_1 to event_70. A playout that must reach a rule fails when the
// rule never happened: a rule nobody reaches is a rule nobody tested.
std::vector<std::string> expand_required(const std::string& required) {
  std::vector<std::string> names;
  std::stringstream list(required);
  for (std::string name; std::getline(list, name, ',');) {
    if (name.empty()) continue;
    const auto dots = name.find("..");
    if (dots == std::string::npos) {
      names.push_back(name);
      continue;
    }
    std::size_t digits = dots;
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
    const int first = std::stoi(name.substr(digits, dots - digits));
    const int last = std::stoi(name.substr(dots + 2));
    for (int n = first; n <= last; ++n) names.push_back(name.substr(0, digits) + std::to_string(n));
  }
  return names;
}

std::vector<std::string> missing_events(const nlohmann::json& events, const std::string& required) {
  std::vector<std::string> missing;
  for (const auto& name : expand_required(required))
    if (events.value(name, std::int64_t{0}) == 0) missing.push_back(name);
  return missing;
}

}  // namespace

int playout_command(const std::vector<std::string>& argv) {
  Args args(argv);
  args.only(
      {"game", "scenario", "games", "seed", "options", "leak-every", "max-actions", "start-state", "require-events"});
  const engine::GameRegistry games = make_game_registry();
  const std::string title = args.get("game", "", games.all().empty() ? "" : games.all().front()->info().title_id);
  const auto* module = games.find(title);
  if (!module) {
    std::cerr << "no game module '" << title << "'\n";
    return 2;
  }
  engine::PlayoutOptions options;
  const std::string scenario = args.get("scenario", "", module->info().scenarios.front().id);
  if (scenario == "all")  // the games take the scenarios in turn
    for (const auto& s : module->info().scenarios) options.scenarios.push_back(s.id);
  else
    options.scenarios.push_back(scenario);
  const std::string start_state = args.get("start-state", "", "");
  if (!start_state.empty()) options.start_state = read_json_file(start_state);
  options.games = static_cast<int>(args.get_int("games", "", 100));
  options.seed = static_cast<std::uint64_t>(args.get_int("seed", "", 1));
  options.options = nlohmann::json::parse(args.get("options", "", "{}"));
  options.leak_check_every = static_cast<int>(args.get_int("leak-every", "", 1));
  options.max_actions_per_game = static_cast<int>(args.get_int("max-actions", "", 20000));
  const auto report = engine::run_playouts(*module, options);
  std::cout << report.dump(2) << std::endl;
  const bool clean = report["errors"] == 0 && report["stuck"] == 0 && report["replay_mismatches"] == 0 &&
                     report["roundtrip_mismatches"] == 0 && report["leaks"] == 0;
  const auto missing = missing_events(report["rule_events"], args.get("require-events", "", ""));
  for (const auto& name : missing) std::cerr << "rule event never happened: " << name << "\n";
  return clean && missing.empty() ? 0 : 1;
}

}  // namespace warpath::app
