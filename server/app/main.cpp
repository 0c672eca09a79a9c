// warpath: the game server and its tools, one binary with subcommands.

#include <functional>
#include <iostream>
#include <map>

#include "server/app/commands.hpp"

namespace {

constexpr const char* usage = R"(usage: warpath COMMAND [flags]

commands:
  serve     run the HTTP + WebSocket server
            --port P (WARPATH_PORT, 8080)   --bind ADDR (WARPATH_BIND, 0.0.0.0)
            --db FILE|postgresql://... (WARPATH_DB, ./var/warpath.db)
            --threads N (WARPATH_THREADS, one per core but one, at least 1)
            --node-id NAME (WARPATH_NODE_ID: required on PostgreSQL, one per node)
            --lease-ttl-ms N (WARPATH_LEASE_TTL_MS, 8000: a dead node's games wait this long)
            --log-level L (WARPATH_LOG_LEVEL, info)   --web DIR (WARPATH_WEB_ROOT, server/web)
            --snapshot-every N (WARPATH_SNAPSHOT_EVERY, 50)   --no-demo
            --public-url URL (WARPATH_PUBLIC_URL: origin of seat links, e.g. https://warpath.example)
            --trusted-proxies LIST (WARPATH_TRUSTED_PROXIES: e.g. 127.0.0.1,10.0.0.0/8; behind them
                                    the client's address is read from X-Forwarded-For / X-Real-IP)
  replay    rebuild a stored game (or --all) from move 0, checking every snapshot hash
            --db FILE --game N            exit 1 on a mismatch
  verify    check a game record (GET /api/games/{id}/record): seed, hash chain, rules
            RECORD.json                   exit 1 when it does not hold
  playout   play random legal games in process and print a JSON report
            --game TITLE --scenario S|all --games N --seed K [--options JSON] [--leak-every N]
            [--start-state FILE] [--require-events a,b,event_1..70]   exit 1 on a problem
  ratings   print the ratings table, or rebuild it from the rated games' results
            --db FILE [--title T]   --db FILE --recompute   (stop the server before --recompute)
  organiser give an account the organiser role (it may create tournaments), or take it away
            --db FILE (--grant NAME | --revoke NAME)   works while the server runs; exit 1: no such account
)";

}  // namespace

int main(int argc, char** argv) {
  const std::map<std::string, std::function<int(const std::vector<std::string>&)>> commands = {
      {"serve", warpath::app::serve_command},     {"replay", warpath::app::replay_command},
      {"playout", warpath::app::playout_command}, {"verify", warpath::app::verify_command},
      {"ratings", warpath::app::ratings_command}, {"organiser", warpath::app::organiser_command}};
  if (argc < 2 || !commands.count(argv[1])) {
    std::cerr << usage;
    return argc < 2 ? 2 : (std::string(argv[1]) == "--help" ? 0 : 2);
  }
  try {
    return commands.at(argv[1])(std::vector<std::string>(argv + 2, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "warpath " << argv[1] << ": " << e.what() << "\n";
    return 2;
  }
}
