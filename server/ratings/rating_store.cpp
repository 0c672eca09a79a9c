#include "server/ratings/rating_store.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

namespace warpath::server::ratings {

using nlohmann::json;
using storage::Connection;
using storage::Statement;
using tournaments::Bid;
using tournaments::Outcome;
using tournaments::Rating;
using tournaments::Seat;

nlohmann::json rating_json(const Rating& r) {
  return {{"rating", r.rating}, {"deviation", r.deviation}, {"volatility", r.volatility}, {"games", r.games}};
}

Rating rating_from_json(const nlohmann::json& j) {
  return {j.at("rating").get<double>(), j.at("deviation").get<double>(), j.at("volatility").get<double>(),
          j.at("games").get<int>()};
}

namespace {

const char* seat_text(Seat seat) { return seat == Seat::first ? "first" : "second"; }

constexpr const char* rated_select =
    "SELECT seq, game_id, title, scenario, first_id, second_id, bid_favours, bid_vp, outcome, ended_at, advantage, "
    "vp_value, first_before, second_before, first_after, second_after FROM rated_games ";

StoredRating read_rated(const Statement& q) {
  StoredRating s;
  s.seq = q.column_int(0);
  s.game = q.column_int(1);
  auto& g = s.change.game;
  g.title = q.column_text(2);
  g.scenario = q.column_text(3);
  g.first = q.column_int(4);
  g.second = q.column_int(5);
  if (!q.column_is_null(6))
    g.bid = Bid{q.column_text(6) == "first" ? Seat::first : Seat::second, static_cast<int>(q.column_int(7))};
  g.outcome = tournaments::outcome_named(q.column_text(8)).value_or(Outcome::draw);  // CHECKed: first, second, draw
  s.ended_at = q.column_text(9);
  s.change.side = {q.column_double(10), q.column_double(11)};
  s.change.first_before = rating_from_json(json::parse(q.column_text(12)));
  s.change.second_before = rating_from_json(json::parse(q.column_text(13)));
  s.change.first_after = rating_from_json(json::parse(q.column_text(14)));
  s.change.second_after = rating_from_json(json::parse(q.column_text(15)));
  return s;
}

std::vector<StoredRating> read_all_rated(Connection& db, std::int64_t after_seq = 0) {
  auto q = db.prepare(std::string(rated_select) + "WHERE seq > ? ORDER BY seq");
  q.bind(1, after_seq);
  std::vector<StoredRating> out;
  while (q.step()) out.push_back(read_rated(q));
  return out;
}

void upsert_rating(Connection& db, const std::string& title, std::int64_t account, const Rating& r,
                   const std::string& updated_at) {
  auto q = db.prepare(
      "INSERT INTO ratings(title, account_id, rating, deviation, volatility, games, updated_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(title, account_id) DO UPDATE SET rating = ?3, "
      "deviation = ?4, volatility = ?5, games = ?6, updated_at = ?7");
  q.bind(1, title).bind(2, account).bind_double(3, r.rating).bind_double(4, r.deviation);
  q.bind_double(5, r.volatility).bind(6, std::int64_t{r.games}).bind(7, updated_at);
  q.run();
}

TitleRating read_title_rating(const Statement& q) {
  TitleRating t;
  t.title = q.column_text(0);
  t.account = q.column_int(1);
  t.name = q.column_text(2);
  t.rating = {q.column_double(3), q.column_double(4), q.column_double(5), static_cast<int>(q.column_int(6))};
  t.updated_at = q.column_text(7);
  return t;
}

constexpr const char* title_rating_select =
    "SELECT r.title, r.account_id, a.name, r.rating, r.deviation, r.volatility, r.games, r.updated_at "
    "FROM ratings r JOIN accounts a ON a.id = r.account_id ";

}  // namespace

RatingStore::RatingStore(const std::string& path) : db_(path) {}

std::vector<PendingGame> RatingStore::pending(const std::string& since, int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT g.id, g.title, g.scenario, g.options, g.result, g.updated_at, l.tournament_id IS NOT NULL "
      "FROM listings l JOIN games g ON g.id = l.game_id "
      "WHERE l.rated = 1 AND l.game_id IS NOT NULL AND g.status = 'over' AND g.updated_at >= ? "
      "AND NOT EXISTS(SELECT 1 FROM rated_games r WHERE r.game_id = g.id) "
      "AND NOT EXISTS(SELECT 1 FROM unrated_games u WHERE u.game_id = g.id) "
      "ORDER BY g.updated_at, g.id LIMIT ?");
  q.bind(1, since);
  q.bind(2, std::int64_t{limit});
  std::vector<PendingGame> out;
  while (q.step()) {
    PendingGame p;
    p.id = q.column_int(0);
    p.game.title = q.column_text(1);
    p.game.scenario = q.column_text(2);
    p.game.options = json::parse(q.column_text(3), nullptr, false);
    p.game.result = q.column_is_null(4) ? json() : json::parse(q.column_text(4), nullptr, false);
    p.ended_at = q.column_text(5);
    p.game.tournament = q.column_int(6) != 0;
    out.push_back(std::move(p));
  }
  auto seats = db_.prepare("SELECT role, account_id FROM game_players WHERE game_id = ? ORDER BY role");
  for (auto& p : out) {
    seats.bind(1, p.id);
    while (seats.step()) p.game.seats.push_back({seats.column_text(0), seats.column_int(1)});
    seats.reset();
  }
  return out;
}

std::vector<StoredRating> RatingStore::rated_games(std::int64_t after_seq) {
  std::lock_guard lock(mutex_);
  return read_all_rated(db_, after_seq);
}

std::vector<TitleRating> RatingStore::account_ratings(std::int64_t account) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string(title_rating_select) + "WHERE r.account_id = ? ORDER BY r.title");
  q.bind(1, account);
  std::vector<TitleRating> out;
  while (q.step()) out.push_back(read_title_rating(q));
  return out;
}

std::vector<RatingEntry> RatingStore::recent(std::int64_t account, const std::string& title, int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string(rated_select) +
                       "WHERE title = ?1 AND (first_id = ?2 OR second_id = ?2) ORDER BY seq DESC LIMIT ?3");
  q.bind(1, title).bind(2, account).bind(3, std::int64_t{limit});
  std::vector<StoredRating> rows;
  while (q.step()) rows.push_back(read_rated(q));
  auto names = db_.prepare("SELECT name FROM accounts WHERE id = ?");
  std::vector<RatingEntry> out;
  for (const auto& row : rows) {
    const auto& g = row.change.game;
    RatingEntry e;
    e.game = row.game;
    e.seat = g.first == account ? Seat::first : Seat::second;
    const bool first = e.seat == Seat::first;
    e.score = first ? tournaments::first_score(g.outcome) : 1 - tournaments::first_score(g.outcome);
    e.before = first ? row.change.first_before : row.change.second_before;
    e.after = first ? row.change.first_after : row.change.second_after;
    e.ended_at = row.ended_at;
    names.bind(1, first ? g.second : g.first);
    if (names.step()) e.opponent = names.column_text(0);
    names.reset();
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<TitleRating> RatingStore::leaderboard(const std::string& title, int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string(title_rating_select) +
                       "WHERE r.title = ? AND r.games > 0 AND a.deleted_at IS NULL "
                       "ORDER BY r.rating DESC, r.deviation, a.name LIMIT ?");
  q.bind(1, title).bind(2, std::int64_t{limit});
  std::vector<TitleRating> out;
  while (q.step()) out.push_back(read_title_rating(q));
  return out;
}

storage::CommitQueue::Work RatingStore::record(std::int64_t seq, GameId game, std::string ended_at,
                                               tournaments::RatingChange change) {
  return [=](storage::WriteContext& w) {
    auto last = w.db.prepare(
        "SELECT COALESCE(MAX(seq), 0), EXISTS(SELECT 1 FROM rated_games WHERE game_id = ?) "
        "FROM rated_games");
    last.bind(1, game);
    last.step();
    if (last.column_int(1) != 0) throw storage::DatabaseError("game " + std::to_string(game) + " is rated already");
    if (last.column_int(0) != seq - 1)
      throw storage::DatabaseError("rated game " + std::to_string(seq) + " does not follow the last one stored, " +
                                   std::to_string(last.column_int(0)));
    const auto& g = change.game;
    auto q = w.db.prepare(
        "INSERT INTO rated_games(game_id, seq, title, scenario, first_id, second_id, bid_favours, bid_vp, outcome, "
        "ended_at, advantage, vp_value, first_before, second_before, first_after, second_after) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, game).bind(2, seq).bind(3, g.title).bind(4, g.scenario).bind(5, g.first).bind(6, g.second);
    if (g.bid) {
      q.bind(7, std::string_view(seat_text(g.bid->favours))).bind(8, std::int64_t{g.bid->vp});
    } else {
      q.bind_null(7).bind_null(8);
    }
    q.bind(9, std::string_view(tournaments::outcome_text(g.outcome))).bind(10, ended_at);
    q.bind_double(11, change.side.advantage).bind_double(12, change.side.vp_value);
    q.bind(13, rating_json(change.first_before).dump()).bind(14, rating_json(change.second_before).dump());
    q.bind(15, rating_json(change.first_after).dump()).bind(16, rating_json(change.second_after).dump());
    q.run();
    upsert_rating(w.db, g.title, g.first, change.first_after, ended_at);
    upsert_rating(w.db, g.title, g.second, change.second_after, ended_at);
  };
}

storage::CommitQueue::Work RatingStore::note_unrated(GameId game, std::string reason, std::string now) {
  return [=](storage::WriteContext& w) {
    auto q =
        w.db.prepare("INSERT INTO unrated_games(game_id, reason, noted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
    q.bind(1, game).bind(2, reason).bind(3, now);
    q.run();
  };
}

RecomputeSummary recompute_stored(Connection& db, const tournaments::RatingParams& params) {
  db.begin();
  try {
    // SQLite's write lock keeps a running server's ratings out until the end; on PostgreSQL a game
    // rated meanwhile would be lost to the rewrite below, so the tables are locked for writes.
    if (db.dialect() == storage::Dialect::postgresql) db.exec("LOCK TABLE rated_games, ratings IN EXCLUSIVE MODE");
    const auto stored = read_all_rated(db);
    std::vector<tournaments::GameRecord> results;
    for (const auto& s : stored) results.push_back(s.change.game);
    auto rebuilt = tournaments::recompute(results, params);
    if (auto* error = std::get_if<tournaments::InputError>(&rebuilt)) {
      const auto index = error->where.substr(error->where.find('[') + 1);
      throw std::runtime_error("stored result " + error->where + " (game " +
                               std::to_string(stored.at(std::stoul(index)).game) + ") refused: " + error->message);
    }
    const auto& book = std::get<tournaments::RatingBook>(rebuilt);
    RecomputeSummary summary;
    summary.games = stored.size();
    auto update = db.prepare(
        "UPDATE rated_games SET advantage = ?, vp_value = ?, first_before = ?, second_before = ?, first_after = ?, "
        "second_after = ? WHERE game_id = ?");
    std::map<std::pair<std::string, std::int64_t>, std::string> last_game;  // when each player last played
    for (std::size_t i = 0; i < stored.size(); ++i) {
      const auto& was = stored[i].change;
      const auto& now = book.changes()[i];
      if (!(was.side == now.side && was.first_before == now.first_before && was.second_before == now.second_before &&
            was.first_after == now.first_after && was.second_after == now.second_after))
        ++summary.games_changed;
      update.bind_double(1, now.side.advantage).bind_double(2, now.side.vp_value);
      update.bind(3, rating_json(now.first_before).dump()).bind(4, rating_json(now.second_before).dump());
      update.bind(5, rating_json(now.first_after).dump()).bind(6, rating_json(now.second_after).dump());
      update.bind(7, stored[i].game);
      update.run();
      last_game[{now.game.title, now.game.first}] = stored[i].ended_at;
      last_game[{now.game.title, now.game.second}] = stored[i].ended_at;
    }
    std::map<std::pair<std::string, std::int64_t>, double> old;
    {
      auto q = db.prepare("SELECT title, account_id, rating FROM ratings");
      while (q.step()) old[{q.column_text(0), q.column_int(1)}] = q.column_double(2);
    }
    db.exec("DELETE FROM ratings");
    for (const auto& [key, rating] : book.ratings()) {
      upsert_rating(db, key.first, key.second, rating, last_game[key]);
      const auto was = old.find(key);
      const double before = was == old.end() ? params.glicko.initial.rating : was->second;
      summary.largest_change = std::max(summary.largest_change, std::abs(rating.rating - before));
    }
    for (const auto& [key, rating] : old)
      if (!book.ratings().count(key))
        summary.largest_change = std::max(summary.largest_change, std::abs(rating - params.glicko.initial.rating));
    summary.players = book.ratings().size();
    db.exec("COMMIT");
    return summary;
  } catch (...) {
    db.exec("ROLLBACK");
    throw;
  }
}

}  // namespace warpath::server::ratings
