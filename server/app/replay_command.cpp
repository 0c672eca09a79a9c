#include <iostream>

#include "server/app/args.hpp"
#include "server/app/commands.hpp"
#include "server/app/game_modules.hpp"
#include "server/storage/match_loader.hpp"

namespace warpath::app {

int replay_command(const std::vector<std::string>& argv) {
  Args args(argv);
  args.only({"db", "game"});
  const std::string db = args.get("db", "WARPATH_DB", "var/warpath.db");
  const auto game_id = args.get_int("game", "", 0);
  const engine::GameRegistry games = make_game_registry();
  server::storage::GameStore store(db);
  auto record = store.game(game_id);
  if (!record) {
    std::cerr << "no game " << game_id << " in " << db << "\n";
    return 2;
  }
  const auto* module = games.find(record->title);
  if (!module) {
    std::cerr << "this binary has no module for '" << record->title << "'\n";
    return 2;
  }
  auto report = server::storage::replay_from_start(*module, *record, store);
  nlohmann::json out = report.to_json();
  out["game"] = game_id;
  out["stored_version"] = record->version;
  const bool complete = report.moves == record->version;
  if (!complete) out["mismatches"].push_back("the games row says " + std::to_string(record->version) + " moves");
  out["ok"] = report.mismatches.empty() && complete;
  std::cout << out.dump(2) << std::endl;
  return out["ok"].get<bool>() ? 0 : 1;
}

}  // namespace warpath::app
