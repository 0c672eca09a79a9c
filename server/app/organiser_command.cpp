// `warpath organiser --db PATH --grant NAME | --revoke NAME`: gives an account the organiser role
// (it may create tournaments, docs/PROTOCOL.md "Tournaments") or takes it away. It writes the
// database directly, so it works while the server runs (SQLite's WAL lets it in between the
// server's transactions); the server reads the role at each request. Exit 0 done, 1 no live
// account has the name, 2 bad usage.
#include <iostream>

#include "server/app/args.hpp"
#include "server/app/commands.hpp"
#include "server/storage/migrations.hpp"
#include "server/storage/tournament_store.hpp"

namespace warpath::app {

int organiser_command(const std::vector<std::string>& argv) {
  Args args(argv);
  args.only({"db", "grant", "revoke"});
  const auto grant = args.get("grant");
  const auto revoke = args.get("revoke");
  if (grant.has_value() == revoke.has_value() || (grant && grant->empty()) || (revoke && revoke->empty())) {
    std::cerr << "usage: warpath organiser --db FILE (--grant NAME | --revoke NAME)\n";
    return 2;
  }
  const std::string db = args.get("db", "WARPATH_DB", "var/warpath.db");
  {
    server::storage::Connection connection(db);
    server::storage::migrate(connection);  // a database the server has not opened yet
  }
  const std::string name = grant ? *grant : *revoke;
  if (!server::storage::TournamentStore::set_organiser(db, name, grant.has_value())) {
    std::cerr << "no account is called '" << name << "'\n";
    return 1;
  }
  std::cout << name << (grant ? " may now organise tournaments" : " may no longer organise tournaments") << "\n";
  return 0;
}

}  // namespace warpath::app
