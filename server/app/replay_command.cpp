#include <iostream>

#include "server/app/args.hpp"
#include "server/app/commands.hpp"
#include "server/app/game_modules.hpp"
#include "server/storage/match_loader.hpp"

namespace warpath::app {

namespace {

// One game replayed from move 0: the report as JSON, `ok` when every snapshot hash matched and
// the history has as many moves as the game's row says.
nlohmann::json replay_game(const engine::GameRegistry& games, server::storage::GameStore& store, std::int64_t id) {
  nlohmann::json out;
  out["game"] = id;
  auto record = store.game(id);
  if (!record) {
    out["ok"] = false;
    out["mismatches"].push_back("no such game");
    return out;
  }
  const auto* module = games.find(record->title);
  if (!module) {
    out["ok"] = false;
    out["mismatches"].push_back("this binary has no module for '" + record->title + "'");
    return out;
  }
  auto report = server::storage::replay_from_start(*module, *record, store);
  out.update(report.to_json());
  out["stored_version"] = record->version;
  const bool complete = report.moves == record->version;
  if (!complete) out["mismatches"].push_back("the games row says " + std::to_string(record->version) + " moves");
  out["ok"] = report.mismatches.empty() && complete;
  return out;
}

}  // namespace

// warpath replay --game N: one game's report; --all: every game, a report line for each that
// fails and a summary (a cluster's check that no history forked).
int replay_command(const std::vector<std::string>& argv) {
  Args args(argv, {"all"});
  args.only({"db", "game", "all"});
  const std::string db = args.get("db", "WARPATH_DB", "var/warpath.db");
  const engine::GameRegistry games = make_game_registry();
  server::storage::GameStore store(db);
  if (args.has("all")) {
    std::int64_t replayed = 0, failed = 0, moves = 0;
    for (const auto id : store.game_ids()) {
      auto out = replay_game(games, store, id);
      ++replayed;
      moves += out.value("moves", std::int64_t{0});
      if (!out["ok"].get<bool>()) {
        ++failed;
        std::cout << out.dump() << "\n";
      }
    }
    std::cout << nlohmann::json{{"games", replayed}, {"moves", moves}, {"failed", failed}, {"ok", failed == 0}}.dump()
              << std::endl;
    return failed == 0 ? 0 : 1;
  }
  const auto game_id = args.get_int("game", "", 0);
  auto out = replay_game(games, store, game_id);
  if (!out.contains("moves")) {
    std::cerr << "game " << game_id << " in " << db << ": " << out["mismatches"][0].get<std::string>() << "\n";
    return 2;
  }
  std::cout << out.dump(2) << std::endl;
  return out["ok"].get<bool>() ? 0 : 1;
}

}  // namespace warpath::app
