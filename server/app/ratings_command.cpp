// `warpath ratings`: the ratings table of a database, and `--recompute`, which rebuilds every
// rating and the before/after figures of every rated game from the stored results in the order
// they were rated (docs/RATINGS.md, "On the server"). Stop the server before recomputing: a
// running server keeps its rating book in memory (rebuilt from rated_games when it starts) and
// would go on rating from that.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "server/app/args.hpp"
#include "server/app/commands.hpp"
#include "server/ratings/rating_store.hpp"
#include "server/storage/migrations.hpp"

namespace warpath::app {

namespace {

constexpr const char* usage =
    "usage: warpath ratings --db FILE [--title T]    print the ratings (players with a rated game)\n"
    "       warpath ratings --db FILE --recompute   rebuild every rating from the stored results\n"
    "Stop the server before --recompute: a running server keeps the ratings in memory (rebuilt when it\n"
    "starts) and would go on from those.\n";

std::string fixed(double x, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
  return buffer;
}

}  // namespace

int ratings_command(const std::vector<std::string>& argv) {
  Args args(argv, {"recompute", "help"});
  args.only({"db", "title", "recompute", "help"});
  if (args.has("help")) {
    std::cout << usage;
    return 0;
  }
  const std::string db_path = args.get("db", "WARPATH_DB", "var/warpath.db");
  if (!server::storage::is_postgresql_location(db_path) && !std::filesystem::exists(db_path)) {
    std::cerr << "no database at " << db_path << "\n" << usage;
    return 2;
  }
  server::storage::Connection db(db_path);
  server::storage::migrate(db);
  if (args.has("recompute")) {
    if (args.has("title")) {
      std::cerr << "--recompute rebuilds every title's ratings: no --title\n";
      return 2;
    }
    const auto s = server::ratings::recompute_stored(db);
    std::cout << "recomputed " << s.games << " rated game(s): " << s.players << " rating(s) of players, "
              << s.games_changed << " game(s) with changed figures, largest change of a rating "
              << fixed(s.largest_change, 2) << " points\n";
    return 0;
  }
  const auto title = args.get("title");
  auto q = db.prepare(
      "SELECT r.title, a.name, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id "
      "WHERE r.games > 0 AND (CAST(?1 AS TEXT) IS NULL OR r.title = ?1) ORDER BY r.title, r.rating DESC, r.deviation, "
      "a.name");
  if (title)
    q.bind(1, *title);
  else
    q.bind_null(1);
  std::string shown;
  int rank = 0;
  while (q.step()) {
    if (q.column_text(0) != shown) {
      shown = q.column_text(0);
      rank = 0;
      std::cout << shown << "\n  rank  rating     RD  games  player\n";
    }
    std::printf("  %4d  %6s  %5s  %5lld  %s\n", ++rank, fixed(q.column_double(2), 1).c_str(),
                fixed(q.column_double(3), 1).c_str(), static_cast<long long>(q.column_int(4)),
                q.column_text(1).c_str());
    std::fflush(stdout);
  }
  if (shown.empty()) std::cout << "no rated games" << (title ? " of " + *title : std::string()) << "\n";
  return 0;
}

}  // namespace warpath::app
