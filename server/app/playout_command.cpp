#include <iostream>

#include "engine/core/playout.hpp"
#include "server/app/args.hpp"
#include "server/app/commands.hpp"
#include "server/app/game_modules.hpp"

namespace warpath::app {

int playout_command(const std::vector<std::string>& argv) {
  Args args(argv);
  args.only({"game", "scenario", "games", "seed", "options", "leak-every", "max-actions"});
  const engine::GameRegistry games = make_game_registry();
  const std::string title = args.get("game", "", games.all().empty() ? "" : games.all().front()->info().title_id);
  const auto* module = games.find(title);
  if (!module) {
    std::cerr << "no game module '" << title << "'\n";
    return 2;
  }
  engine::PlayoutOptions options;
  options.scenario = args.get("scenario", "", module->info().scenarios.front().id);
  options.games = static_cast<int>(args.get_int("games", "", 100));
  options.seed = static_cast<std::uint64_t>(args.get_int("seed", "", 1));
  options.options = nlohmann::json::parse(args.get("options", "", "{}"));
  options.leak_check_every = static_cast<int>(args.get_int("leak-every", "", 1));
  options.max_actions_per_game = static_cast<int>(args.get_int("max-actions", "", 20000));
  const auto report = engine::run_playouts(*module, options);
  std::cout << report.dump(2) << std::endl;
  const bool clean = report["errors"] == 0 && report["stuck"] == 0 && report["replay_mismatches"] == 0 &&
                     report["roundtrip_mismatches"] == 0 && report["leaks"] == 0;
  return clean ? 0 : 1;
}

}  // namespace warpath::app
