#include "server/storage/tournament_store.hpp"

#include <cmath>

namespace warpath::server::storage {

using nlohmann::json;

namespace {

constexpr const char* tournament_select =
    "SELECT t.id, t.name, t.organiser_id, o.name, t.title, t.scenario, t.options, t.time_control, t.sides, "
    "t.format, t.status, t.registration_closes, t.registration_closes_ms, t.min_players, t.max_players, "
    "t.round_hours, t.rounds_planned, t.created_at, t.started_at, t.finished_at, "
    "(SELECT COALESCE(MAX(number), 0) FROM tournament_rounds r WHERE r.tournament_id = t.id), "
    "(SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id) "
    "FROM tournaments t JOIN accounts o ON o.id = t.organiser_id ";

TournamentRecord read_tournament(const Statement& q) {
  TournamentRecord t;
  t.id = q.column_int(0);
  t.name = q.column_text(1);
  t.organiser = q.column_int(2);
  t.organiser_name = q.column_text(3);
  t.title = q.column_text(4);
  t.scenario = q.column_text(5);
  t.options = json::parse(q.column_text(6));
  t.time_control = q.column_is_null(7) ? json() : json::parse(q.column_text(7));
  t.sides = json::parse(q.column_text(8));
  t.format = json::parse(q.column_text(9));
  t.status = q.column_text(10);
  t.registration_closes = q.column_text(11);
  t.registration_closes_ms = q.column_int(12);
  t.min_players = static_cast<int>(q.column_int(13));
  t.max_players = static_cast<int>(q.column_int(14));
  t.round_hours = static_cast<int>(q.column_int(15));
  if (!q.column_is_null(16)) t.rounds_planned = static_cast<int>(q.column_int(16));
  t.created_at = q.column_text(17);
  if (!q.column_is_null(18)) t.started_at = q.column_text(18);
  if (!q.column_is_null(19)) t.finished_at = q.column_text(19);
  t.round = static_cast<int>(q.column_int(20));
  t.players = static_cast<int>(q.column_int(21));
  return t;
}

std::optional<std::string> status_of(WriteContext& w, TournamentId id) {
  auto q = w.db.prepare("SELECT status FROM tournaments WHERE id = ?");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return q.column_text(0);
}

}  // namespace

TournamentStore::TournamentStore(const std::string& path) : db_(path) {}

std::vector<TournamentRecord> TournamentStore::tournaments_where(const std::string& where,
                                                                 const std::vector<std::string>& texts,
                                                                 const std::vector<std::int64_t>& numbers, int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string(tournament_select) + where + " ORDER BY t.id DESC LIMIT " + std::to_string(limit));
  int index = 1;
  for (const auto& n : numbers) q.bind(index++, n);
  for (const auto& t : texts) q.bind(index++, t);
  std::vector<TournamentRecord> out;
  while (q.step()) out.push_back(read_tournament(q));
  return out;
}

std::optional<TournamentRecord> TournamentStore::tournament(TournamentId id) {
  auto found = tournaments_where("WHERE t.id = ?", {}, {id}, 1);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::vector<TournamentRecord> TournamentStore::tournaments(const std::string& status, int limit) {
  if (status.empty()) return tournaments_where("", {}, {}, limit);
  return tournaments_where("WHERE t.status = ?", {status}, {}, limit);
}

std::vector<TournamentId> TournamentStore::due_to_start(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT id FROM tournaments WHERE status = 'registration' AND registration_closes_ms <= ? ORDER BY id");
  q.bind(1, now_ms);
  std::vector<TournamentId> out;
  while (q.step()) out.push_back(q.column_int(0));
  return out;
}

std::vector<TournamentId> TournamentStore::running() {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT id FROM tournaments WHERE status = 'running' ORDER BY id");
  std::vector<TournamentId> out;
  while (q.step()) out.push_back(q.column_int(0));
  return out;
}

std::vector<TournamentPlayerRecord> TournamentStore::players(TournamentId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT p.account_id, a.name, p.seed, COALESCE(p.rating, r.rating, 1500), COALESCE(r.deviation, 350), "
      "p.withdrawn, p.registered_at "
      "FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id JOIN accounts a ON a.id = p.account_id "
      "LEFT JOIN ratings r ON r.title = t.title AND r.account_id = p.account_id WHERE p.tournament_id = ? "
      "ORDER BY p.seed IS NULL, p.seed, COALESCE(r.rating, 1500) DESC, p.registered_at, p.account_id");
  q.bind(1, id);
  std::vector<TournamentPlayerRecord> out;
  while (q.step()) {
    TournamentPlayerRecord p;
    p.account = q.column_int(0);
    p.name = q.column_text(1);
    if (!q.column_is_null(2)) p.seed = static_cast<int>(q.column_int(2));
    p.rating = q.column_double(3);
    p.deviation = q.column_double(4);
    p.withdrawn = q.column_int(5) != 0;
    p.registered_at = q.column_text(6);
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<RoundRecord> TournamentStore::rounds(TournamentId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT number, stage, name, paired_at, deadline_ms, finished_at FROM tournament_rounds WHERE tournament_id = ? "
      "ORDER BY number");
  q.bind(1, id);
  std::vector<RoundRecord> out;
  while (q.step()) {
    RoundRecord r{static_cast<int>(q.column_int(0)),
                  q.column_text(1),
                  q.column_text(2),
                  q.column_text(3),
                  q.column_int(4),
                  std::nullopt};
    if (!q.column_is_null(5)) r.finished_at = q.column_text(5);
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<PairingRecord> TournamentStore::pairings(TournamentId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT p.round, p.table_no, p.player1_id, p.player2_id, p.pool, p.listing_id, l.game_id, p.first_id, "
      "p.second_id, p.outcome, p.how, p.score, p.forfeit, p.withdrawn_by "
      "FROM tournament_pairings p LEFT JOIN listings l ON l.id = p.listing_id WHERE p.tournament_id = ? "
      "ORDER BY p.round, p.table_no");
  q.bind(1, id);
  std::vector<PairingRecord> out;
  while (q.step()) {
    PairingRecord p;
    p.round = static_cast<int>(q.column_int(0));
    p.table = static_cast<int>(q.column_int(1));
    p.player1 = q.column_int(2);
    if (!q.column_is_null(3)) p.player2 = q.column_int(3);
    if (!q.column_is_null(4)) p.pool = static_cast<int>(q.column_int(4));
    if (!q.column_is_null(5)) p.listing = q.column_int(5);
    if (!q.column_is_null(6)) p.game = q.column_int(6);
    if (!q.column_is_null(7)) p.first = q.column_int(7);
    if (!q.column_is_null(8)) p.second = q.column_int(8);
    if (!q.column_is_null(9)) p.outcome = q.column_text(9);
    if (!q.column_is_null(10)) p.how = q.column_text(10);
    p.score = q.column_is_null(11) ? json() : json::parse(q.column_text(11));
    p.forfeit = q.column_int(12) != 0;
    if (!q.column_is_null(13)) p.withdrawn_by = q.column_int(13);
    out.push_back(std::move(p));
  }
  return out;
}

std::map<std::int64_t, TournamentGame> TournamentStore::games(TournamentId id) {
  std::lock_guard lock(mutex_);
  // The games of the tournament's pairings: `game_id` of their listings.
  static constexpr const char* of_tournament =
      " IN (SELECT l.game_id FROM tournament_pairings p JOIN listings l ON l.id = p.listing_id "
      "WHERE p.tournament_id = ? AND l.game_id IS NOT NULL)";
  std::map<std::int64_t, TournamentGame> out;
  auto options = db_.prepare(std::string("SELECT id, options FROM games WHERE id") + of_tournament);
  options.bind(1, id);
  while (options.step()) out[options.column_int(0)].options = json::parse(options.column_text(1), nullptr, false);
  auto seats =
      db_.prepare(std::string("SELECT game_id, role, account_id FROM game_players WHERE game_id") + of_tournament);
  seats.bind(1, id);
  while (seats.step()) out[seats.column_int(0)].seats[seats.column_text(1)] = seats.column_int(2);
  return out;
}

std::optional<TournamentSeat> TournamentStore::seat_where(const char* where, std::int64_t id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string("SELECT t.id, t.name, p.round, p.table_no FROM tournament_pairings p JOIN "
                                   "tournaments t ON t.id = p.tournament_id ") +
                       where);
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return TournamentSeat{q.column_int(0), q.column_text(1), static_cast<int>(q.column_int(2)),
                        static_cast<int>(q.column_int(3))};
}

std::optional<TournamentSeat> TournamentStore::of_listing(std::int64_t listing) {
  return seat_where("WHERE p.listing_id = ?", listing);
}

std::optional<TournamentSeat> TournamentStore::of_game(std::int64_t game) {
  return seat_where("WHERE p.listing_id = (SELECT id FROM listings WHERE game_id = ?)", game);
}

bool TournamentStore::is_organiser(std::int64_t account) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT organiser FROM accounts WHERE id = ? AND deleted_at IS NULL");
  q.bind(1, account);
  return q.step() && q.column_int(0) != 0;
}

CommitQueue::Work TournamentStore::create(NewTournament t, std::string now, std::shared_ptr<TournamentId> id) {
  return [t = std::move(t), now = std::move(now), id](WriteContext& w) {
    auto q = w.db.prepare(
        "INSERT INTO tournaments(name, organiser_id, title, scenario, options, time_control, sides, format, "
        "registration_closes, registration_closes_ms, min_players, max_players, round_hours, rounds_planned, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, t.name).bind(2, t.organiser).bind(3, t.title).bind(4, t.scenario).bind(5, t.options.dump());
    q.bind_optional(6, t.time_control.is_null() ? std::nullopt : std::optional<std::string>(t.time_control.dump()));
    q.bind(7, t.sides.dump()).bind(8, t.format.dump()).bind(9, t.registration_closes);
    q.bind(10, t.registration_closes_ms).bind(11, std::int64_t{t.min_players}).bind(12, std::int64_t{t.max_players});
    q.bind(13, std::int64_t{t.round_hours});
    q.bind_optional(14, t.rounds_planned ? std::optional<std::int64_t>(*t.rounds_planned) : std::nullopt);
    q.bind(15, now);
    q.run();
    *id = w.db.last_insert_id();
  };
}

CommitQueue::Work TournamentStore::register_player(TournamentId id, std::int64_t account, std::string now,
                                                   std::shared_ptr<TournamentChange> result) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare(
        "SELECT t.status, t.max_players, (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = t.id), "
        "EXISTS(SELECT 1 FROM tournament_players WHERE tournament_id = t.id AND account_id = ?) "
        "FROM tournaments t WHERE t.id = ?");
    q.bind(1, account).bind(2, id);
    if (!q.step()) {
      *result = TournamentChange::not_found;
      return;
    }
    if (q.column_text(0) != "registration") {
      *result = TournamentChange::registration_closed;
    } else if (q.column_int(3) != 0) {
      *result = TournamentChange::already_registered;
    } else if (q.column_int(2) >= q.column_int(1)) {
      *result = TournamentChange::full;
    } else {
      auto add =
          w.db.prepare("INSERT INTO tournament_players(tournament_id, account_id, registered_at) VALUES (?, ?, ?)");
      add.bind(1, id).bind(2, account).bind(3, now);
      add.run();
      *result = TournamentChange::done;
    }
  };
}

CommitQueue::Work TournamentStore::withdraw_player(TournamentId id, std::int64_t account, std::string now,
                                                   std::shared_ptr<TournamentChange> result,
                                                   std::shared_ptr<std::vector<std::int64_t>> games) {
  return [=](WriteContext& w) {
    games->clear();
    auto q = w.db.prepare(
        "SELECT t.status, p.withdrawn FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id "
        "WHERE t.id = ? AND p.account_id = ?");
    q.bind(1, id).bind(2, account);
    if (!q.step() || q.column_int(1) != 0) {
      *result = status_of(w, id) ? TournamentChange::not_registered : TournamentChange::not_found;
      return;
    }
    const auto status = q.column_text(0);
    if (status == "registration") {
      auto del = w.db.prepare("DELETE FROM tournament_players WHERE tournament_id = ? AND account_id = ?");
      del.bind(1, id).bind(2, account);
      del.run();
      *result = TournamentChange::done;
      return;
    }
    if (status != "running") {
      *result = TournamentChange::not_registered;  // nothing to withdraw from any more
      return;
    }
    auto mark = w.db.prepare("UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = ? AND account_id = ?");
    mark.bind(1, id).bind(2, account);
    mark.run();
    // Undecided pairings of theirs: those still bidding are lost now (the bidding closed, the
    // listing with it); those with a game are resigned by the caller.
    auto open = w.db.prepare(
        "SELECT p.round, p.table_no, p.player1_id, p.player2_id, p.listing_id, l.game_id FROM tournament_pairings p "
        "LEFT JOIN listings l ON l.id = p.listing_id WHERE p.tournament_id = ? AND p.outcome IS NULL AND "
        "(p.player1_id = ? OR p.player2_id = ?)");
    open.bind(1, id).bind(2, account).bind(3, account);
    struct Open {
      std::int64_t round, table, player1;
      std::optional<std::int64_t> player2, listing, game;
    };
    std::vector<Open> found;
    while (open.step())
      found.push_back({open.column_int(0), open.column_int(1), open.column_int(2),
                       open.column_is_null(3) ? std::nullopt : std::optional(open.column_int(3)),
                       open.column_is_null(4) ? std::nullopt : std::optional(open.column_int(4)),
                       open.column_is_null(5) ? std::nullopt : std::optional(open.column_int(5))});
    for (const auto& f : found) {
      if (f.game) {
        games->push_back(*f.game);
        auto note = w.db.prepare(
            "UPDATE tournament_pairings SET withdrawn_by = ? WHERE tournament_id = ? AND round = ? AND table_no = ?");
        note.bind(1, account).bind(2, id).bind(3, f.round).bind(4, f.table);
        note.run();
        continue;
      }
      const bool first_wins = f.player1 != account;
      auto lost = w.db.prepare(
          "UPDATE tournament_pairings SET outcome = ?, how = 'withdrawn', forfeit = 1, withdrawn_by = ?, first_id = "
          "player1_id, second_id = player2_id, decided_at = ? WHERE tournament_id = ? AND round = ? AND table_no = ?");
      lost.bind(1, std::string(first_wins ? "first" : "second")).bind(2, account).bind(3, now).bind(4, id);
      lost.bind(5, f.round).bind(6, f.table);
      lost.run();
      if (f.listing) {
        auto close = w.db.prepare("UPDATE listings SET status = 'cancelled', updated_at = ? WHERE id = ?");
        close.bind(1, now).bind(2, *f.listing);
        close.run();
        auto stop = w.db.prepare("UPDATE biddings SET deadline_ms = NULL WHERE listing_id = ? AND game_id IS NULL");
        stop.bind(1, *f.listing);
        stop.run();
      }
    }
    *result = TournamentChange::done;
  };
}

CommitQueue::Work TournamentStore::start(TournamentId id, std::vector<Seed> seeds, std::string now,
                                         std::int64_t unix_now, std::vector<Notice> notices,
                                         std::shared_ptr<TournamentChange> result) {
  return [=, seeds = std::move(seeds), notices = std::move(notices)](WriteContext& w) {
    auto q = w.db.prepare(
        "SELECT t.status, (SELECT COUNT(*) FROM tournament_players WHERE tournament_id = t.id) FROM tournaments t "
        "WHERE t.id = ?");
    q.bind(1, id);
    if (!q.step()) {
      *result = TournamentChange::not_found;
      return;
    }
    if (q.column_text(0) != "registration") {
      *result = TournamentChange::started;
      return;
    }
    if (static_cast<std::size_t>(q.column_int(1)) != seeds.size()) {
      *result = TournamentChange::stale;  // someone registered or withdrew meanwhile
      return;
    }
    for (const auto& s : seeds) {
      auto seed =
          w.db.prepare("UPDATE tournament_players SET seed = ?, rating = ? WHERE tournament_id = ? AND account_id = ?");
      seed.bind(1, std::int64_t{s.seed}).bind(2, static_cast<std::int64_t>(std::llround(s.rating)));
      seed.bind(3, id).bind(4, s.account);
      seed.run();
      if (w.db.changes() != 1) throw DatabaseError("a seeded player is not registered");
    }
    auto go = w.db.prepare("UPDATE tournaments SET status = 'running', started_at = ? WHERE id = ?");
    go.bind(1, now).bind(2, id);
    go.run();
    send_notices(w, notices, unix_now);
    *result = TournamentChange::done;
  };
}

CommitQueue::Work TournamentStore::cancel(TournamentId id, std::string now, std::int64_t unix_now,
                                          std::vector<Notice> notices, std::shared_ptr<TournamentChange> result) {
  return [=, notices = std::move(notices)](WriteContext& w) {
    const auto status = status_of(w, id);
    if (!status) {
      *result = TournamentChange::not_found;
      return;
    }
    if (*status != "registration") {
      *result = TournamentChange::started;
      return;
    }
    auto q = w.db.prepare("UPDATE tournaments SET status = 'cancelled', finished_at = ? WHERE id = ?");
    q.bind(1, now).bind(2, id);
    q.run();
    send_notices(w, notices, unix_now);
    *result = TournamentChange::done;
  };
}

CommitQueue::Work TournamentStore::pair_round(TournamentId id, NewRound round, std::string now, std::int64_t unix_now,
                                              std::vector<Notice> notices, std::shared_ptr<TournamentChange> result) {
  return [=, round = std::move(round), notices = std::move(notices)](WriteContext& w) {
    auto q = w.db.prepare(
        "SELECT t.status, (SELECT COALESCE(MAX(number), 0) FROM tournament_rounds WHERE tournament_id = t.id), "
        "(SELECT COUNT(*) FROM tournament_rounds WHERE tournament_id = t.id AND finished_at IS NULL) "
        "FROM tournaments t WHERE t.id = ?");
    q.bind(1, id);
    if (!q.step() || q.column_text(0) != "running" || q.column_int(1) != round.number - 1 || q.column_int(2) != 0) {
      *result = TournamentChange::stale;
      return;
    }
    auto r = w.db.prepare(
        "INSERT INTO tournament_rounds(tournament_id, number, stage, name, paired_at, deadline_ms) VALUES (?, ?, ?, "
        "?, ?, ?)");
    r.bind(1, id).bind(2, std::int64_t{round.number}).bind(3, round.stage).bind(4, round.name).bind(5, now);
    r.bind(6, round.deadline_ms);
    r.run();
    if (round.rounds_planned) {
      auto planned = w.db.prepare("UPDATE tournaments SET rounds_planned = ? WHERE id = ?");
      planned.bind(1, std::int64_t{*round.rounds_planned}).bind(2, id);
      planned.run();
    }
    std::int64_t table = 0;
    for (const auto& p : round.pairings) {
      std::optional<std::int64_t> listing;
      if (p.open) {
        listing = p.open(w);
        auto mark = w.db.prepare("UPDATE listings SET tournament_id = ? WHERE id = ?");
        mark.bind(1, id).bind(2, *listing);
        mark.run();
      }
      auto add = w.db.prepare(
          "INSERT INTO tournament_pairings(tournament_id, round, table_no, player1_id, player2_id, pool, listing_id, "
          "first_id, second_id, outcome, how, forfeit, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      add.bind(1, id).bind(2, std::int64_t{round.number}).bind(3, ++table).bind(4, p.player1);
      add.bind_optional(5, p.player2);
      add.bind_optional(6, p.pool ? std::optional<std::int64_t>(*p.pool) : std::nullopt);
      add.bind_optional(7, listing);
      add.bind_optional(8, p.first);
      add.bind_optional(9, p.second);
      add.bind_optional(10, p.outcome);
      add.bind_optional(11, p.how);
      add.bind(12, std::int64_t{p.outcome && *p.outcome != "bye"});
      add.bind_optional(13, p.outcome ? std::optional<std::string>(now) : std::nullopt);
      add.run();
    }
    send_notices(w, notices, unix_now);
    *result = TournamentChange::done;
  };
}

CommitQueue::Work TournamentStore::decide(TournamentId id, int round, int table, std::string outcome, std::string how,
                                          json score, std::optional<std::int64_t> first,
                                          std::optional<std::int64_t> second, std::string now) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare(
        "UPDATE tournament_pairings SET outcome = ?, how = ?, score = ?, first_id = ?, second_id = ?, decided_at = ? "
        "WHERE tournament_id = ? AND round = ? AND table_no = ? AND outcome IS NULL");
    q.bind(1, outcome).bind(2, how);
    q.bind_optional(3, score.is_null() ? std::nullopt : std::optional<std::string>(score.dump()));
    q.bind_optional(4, first);
    q.bind_optional(5, second);
    q.bind(6, now).bind(7, id).bind(8, std::int64_t{round}).bind(9, std::int64_t{table});
    q.run();
  };
}

CommitQueue::Work TournamentStore::finish_round(TournamentId id, int round, std::string now) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare(
        "UPDATE tournament_rounds SET finished_at = ? WHERE tournament_id = ? AND number = ? AND finished_at IS NULL "
        "AND NOT EXISTS(SELECT 1 FROM tournament_pairings WHERE tournament_id = ? AND round = ? AND outcome IS NULL)");
    q.bind(1, now).bind(2, id).bind(3, std::int64_t{round}).bind(4, id).bind(5, std::int64_t{round});
    q.run();
  };
}

CommitQueue::Work TournamentStore::finish(TournamentId id, std::string now, std::int64_t unix_now,
                                          std::vector<Notice> notices) {
  return [=, notices = std::move(notices)](WriteContext& w) {
    auto q = w.db.prepare(
        "UPDATE tournaments SET status = 'finished', finished_at = ? WHERE id = ? AND status = 'running' AND NOT "
        "EXISTS(SELECT 1 FROM tournament_rounds WHERE tournament_id = ? AND finished_at IS NULL)");
    q.bind(1, now).bind(2, id).bind(3, id);
    q.run();
    if (w.db.changes() == 1) send_notices(w, notices, unix_now);
  };
}

bool TournamentStore::set_organiser(const std::string& db_path, const std::string& name, bool organiser) {
  Connection db(db_path);
  auto q = db.prepare("UPDATE accounts SET organiser = ? WHERE name = ? AND deleted_at IS NULL");
  q.bind(1, std::int64_t{organiser}).bind(2, name);
  q.run();
  return db.changes() == 1;
}

}  // namespace warpath::server::storage
