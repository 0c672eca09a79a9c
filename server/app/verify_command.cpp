// `warpath verify RECORD.json`: checks a game record offline (server/records/game_record.hpp) —
// the seed against the commitment published when the game began, the hash chain over the moves,
// and, once the seed is revealed, every move against the rules and the result. Prints the verdict
// as JSON; exit code 0 when the record holds, 1 when it does not, 2 when it cannot be read.
#include <fstream>
#include <iostream>

#include "server/app/commands.hpp"
#include "server/app/game_modules.hpp"
#include "server/records/game_record.hpp"

namespace warpath::app {

int verify_command(const std::vector<std::string>& argv) {
  if (argv.size() != 1 || argv[0].starts_with("--")) {
    std::cerr << "usage: warpath verify RECORD.json\n";
    return 2;
  }
  std::ifstream in(argv[0], std::ios::binary);
  if (!in) {
    std::cerr << "cannot read " << argv[0] << "\n";
    return 2;
  }
  const auto record = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (record.is_discarded()) {
    std::cerr << argv[0] << " is not JSON\n";
    return 2;
  }
  const engine::GameRegistry games = make_game_registry();
  const auto verdict = server::records::verify_record(record, games);
  std::cout << verdict.to_json().dump(2) << std::endl;
  return verdict.ok ? 0 : 1;
}

}  // namespace warpath::app
