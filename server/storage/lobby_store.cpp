#include "server/storage/lobby_store.hpp"

#include <algorithm>

#include "server/clocks/clock_store.hpp"
#include "server/util/clock.hpp"

namespace warpath::server::storage {

using nlohmann::json;

namespace {

// Decisions a player's response times are taken over: the latest ones.
constexpr std::size_t max_decisions_timed = 1000;

constexpr const char* listing_select =
    "SELECT l.id, l.owner_id, o.name, l.title, l.scenario, l.options, l.rated, l.private, l.status, l.invitee_id, "
    "COALESCE(i.name, ''), l.rematch_of, l.game_id, l.created_at, l.updated_at, l.time_control, l.bidding, "
    "EXISTS(SELECT 1 FROM biddings b WHERE b.listing_id = l.id AND b.game_id IS NULL), l.tournament_id "
    "FROM listings l JOIN accounts o ON o.id = l.owner_id LEFT JOIN accounts i ON i.id = l.invitee_id ";

ListingRecord read_listing(const Statement& q) {
  ListingRecord l;
  l.id = q.column_int(0);
  l.owner = q.column_int(1);
  l.owner_name = q.column_text(2);
  l.title = q.column_text(3);
  l.scenario = q.column_text(4);
  l.options = json::parse(q.column_text(5));
  l.rated = q.column_int(6) != 0;
  l.is_private = q.column_int(7) != 0;
  l.status = q.column_text(8);
  if (!q.column_is_null(9)) l.invitee = q.column_int(9);
  l.invitee_name = q.column_text(10);
  if (!q.column_is_null(11)) l.rematch_of = q.column_int(11);
  if (!q.column_is_null(12)) l.game = q.column_int(12);
  l.created_at = q.column_text(13);
  l.updated_at = q.column_text(14);
  l.time_control = q.column_is_null(15) ? json() : json::parse(q.column_text(15));
  l.bidding = q.column_is_null(16) ? json() : json::parse(q.column_text(16));
  l.in_bidding = q.column_int(17) != 0;
  if (!q.column_is_null(18)) l.tournament = q.column_int(18);
  return l;
}

void read_players(Connection& db, ListingRecord& listing) {
  auto q = db.prepare(
      "SELECT p.account_id, a.name, p.role FROM listing_players p JOIN accounts a ON a.id = p.account_id "
      "WHERE p.listing_id = ? ORDER BY p.joined_at, p.account_id");
  q.bind(1, listing.id);
  while (q.step()) {
    ListingPlayer player{q.column_int(0), q.column_text(1), std::nullopt};
    if (!q.column_is_null(2)) player.role = q.column_text(2);
    listing.players.push_back(std::move(player));
  }
}

// Marks the listing changed at `now` (its lobby entry sorts and shows by it).
void touch_listing(WriteContext& w, ListingId listing, const std::string& now) {
  auto q = w.db.prepare("UPDATE listings SET updated_at = ? WHERE id = ?");
  q.bind(1, now).bind(2, listing);
  q.run();
}

void add_player(WriteContext& w, ListingId listing, std::int64_t account, const std::optional<std::string>& role,
                const std::string& now) {
  auto q = w.db.prepare("INSERT INTO listing_players(listing_id, account_id, role, joined_at) VALUES (?, ?, ?, ?)");
  q.bind(1, listing).bind(2, account);
  q.bind_optional(3, role);
  q.bind(4, now);
  q.run();
}

// Whether the listing is open, not in a bidding, has `players_before` players and not `account`.
bool listing_as_seen(WriteContext& w, ListingId listing, std::int64_t account, std::size_t players_before) {
  auto check = w.db.prepare(
      "SELECT l.status = 'open' AND NOT EXISTS(SELECT 1 FROM biddings b WHERE b.listing_id = l.id), "
      "(SELECT COUNT(*) FROM listing_players WHERE listing_id = l.id), "
      "EXISTS(SELECT 1 FROM listing_players WHERE listing_id = l.id AND account_id = ?) "
      "FROM listings l WHERE l.id = ?");
  check.bind(1, account).bind(2, listing);
  return check.step() && check.column_int(0) != 0 && check.column_int(2) == 0 &&
         static_cast<std::size_t>(check.column_int(1)) == players_before;
}

// Creates the game of a full listing, gives its seats to the players and sends the notices (whose
// "{game}" becomes the game's id).
GameId start_listing_game(WriteContext& w, ListingId listing, const NewGame& start,
                          const std::map<std::string, std::int64_t>& seats, const std::string& now,
                          std::int64_t unix_now, const std::vector<Notice>& notices) {
  auto game = std::make_shared<GameId>(0);
  GameStore::create_game(start, game)(w);
  for (const auto& [seat, player] : seats) {
    auto q = w.db.prepare("INSERT INTO game_players(game_id, role, account_id) VALUES (?, ?, ?)");
    q.bind(1, *game).bind(2, seat).bind(3, player);
    q.run();
    auto settle = w.db.prepare("UPDATE listing_players SET role = ? WHERE listing_id = ? AND account_id = ?");
    settle.bind(1, seat).bind(2, listing).bind(3, player);
    settle.run();
  }
  auto started = w.db.prepare("UPDATE listings SET status = 'started', game_id = ?, updated_at = ? WHERE id = ?");
  started.bind(1, *game).bind(2, now).bind(3, listing);
  started.run();
  // The clocks were started before the players were known: their time off counts from now.
  if (start.time_control)
    for (const auto& [seat, player] : seats) clocks::reschedule_account(w, player, unix_now * 1000);
  // The notices name the game: its id is known only now.
  auto named = notices;
  for (auto& n : named) {
    for (auto* text : {&n.subject, &n.text}) {
      const auto at = text->find("{game}");
      if (at != std::string::npos) text->replace(at, 6, std::to_string(*game));
    }
    n.event["game"] = *game;
  }
  send_notices(w, named, unix_now);
  return *game;
}

}  // namespace

bool ListingRecord::has_player(std::int64_t account) const {
  return std::any_of(players.begin(), players.end(), [&](const ListingPlayer& p) { return p.account == account; });
}

LobbyStore::LobbyStore(const std::string& path) : db_(path) {}

std::vector<ListingRecord> LobbyStore::listings_where(const std::string& where, const std::vector<std::string>& texts,
                                                      const std::vector<std::int64_t>& numbers, int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string(listing_select) + where + " ORDER BY l.id DESC LIMIT " + std::to_string(limit));
  int index = 1;
  for (const auto& n : numbers) q.bind(index++, n);
  for (const auto& t : texts) q.bind(index++, t);
  std::vector<ListingRecord> out;
  while (q.step()) out.push_back(read_listing(q));
  for (auto& l : out) read_players(db_, l);
  return out;
}

std::optional<ListingRecord> LobbyStore::listing(ListingId id) {
  auto found = listings_where("WHERE l.id = ?", {}, {id}, 1);
  if (found.empty()) return std::nullopt;
  return std::move(found.front());
}

std::vector<ListingRecord> LobbyStore::open_listings(const std::string& title, const std::string& scenario,
                                                     std::optional<bool> rated, int limit) {
  std::string where =
      "WHERE l.status = 'open' AND l.private = 0 AND l.invitee_id IS NULL AND NOT EXISTS(SELECT 1 FROM biddings b "
      "WHERE b.listing_id = l.id)";
  std::vector<std::int64_t> numbers;
  std::vector<std::string> texts;
  if (rated) {
    where += " AND l.rated = ?";
    numbers.push_back(*rated ? 1 : 0);
  }
  if (!title.empty()) {
    where += " AND l.title = ?";
    texts.push_back(title);
  }
  if (!scenario.empty()) {
    where += " AND l.scenario = ?";
    texts.push_back(scenario);
  }
  return listings_where(where, texts, numbers, limit);
}

std::vector<ListingRecord> LobbyStore::account_listings(std::int64_t account) {
  return listings_where(
      "WHERE l.status = 'open' AND l.id IN (SELECT listing_id FROM listing_players WHERE account_id = ?)", {},
      {account}, 200);
}

std::vector<ListingRecord> LobbyStore::invitations(std::int64_t account) {
  return listings_where(
      "WHERE l.status = 'open' AND l.invitee_id = ? AND NOT EXISTS(SELECT 1 FROM biddings b WHERE b.listing_id = l.id)",
      {}, {account}, 200);
}

std::vector<PlayerSeat> LobbyStore::game_players_locked(GameId game) {
  auto q = db_.prepare(
      "SELECT p.role, p.account_id, CASE WHEN a.deleted_at IS NULL THEN a.name ELSE 'deleted player' END "
      "FROM game_players p JOIN accounts a ON a.id = p.account_id WHERE p.game_id = ? ORDER BY p.role");
  q.bind(1, game);
  std::vector<PlayerSeat> out;
  while (q.step()) out.push_back({q.column_text(0), q.column_int(1), q.column_text(2)});
  return out;
}

std::vector<PlayerSeat> LobbyStore::game_players(GameId game) {
  std::lock_guard lock(mutex_);
  return game_players_locked(game);
}

std::optional<BiddingRecord> LobbyStore::bidding_where(const char* where, std::int64_t id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      std::string("SELECT listing_id, player0_id, player1_id, seed, seed_nonce, seed_commitment, started_at, "
                  "deadline_ms, game_id FROM biddings WHERE ") +
      where);
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  BiddingRecord b;
  b.listing = q.column_int(0);
  b.players = {q.column_int(1), q.column_int(2)};
  b.seed = static_cast<std::uint64_t>(q.column_int(3));
  b.seed_nonce = q.column_text(4);
  b.seed_commitment = q.column_text(5);
  b.started_at = q.column_text(6);
  if (!q.column_is_null(7)) b.deadline_ms = q.column_int(7);
  if (!q.column_is_null(8)) b.game = q.column_int(8);
  auto bids = db_.prepare(
      "SELECT seq, player, kind, side, vp, by_default, made_at FROM bids WHERE listing_id = ? ORDER BY seq");
  bids.bind(1, b.listing);
  while (bids.step()) {
    StoredBid s;
    s.seq = bids.column_int(0);
    s.act.player = static_cast<int>(bids.column_int(1));
    s.act.kind = bidding::act_kind_named(bids.column_text(2)).value_or(bidding::ActKind::sealed);
    if (!bids.column_is_null(3)) s.act.side = bids.column_text(3);
    s.act.vp = static_cast<int>(bids.column_int(4));
    s.act.by_default = bids.column_int(5) != 0;
    s.made_at = bids.column_text(6);
    b.bids.push_back(std::move(s));
  }
  return b;
}

std::optional<BiddingRecord> LobbyStore::bidding(ListingId listing) { return bidding_where("listing_id = ?", listing); }

std::optional<BiddingRecord> LobbyStore::bidding_of_game(GameId game) { return bidding_where("game_id = ?", game); }

std::vector<ListingId> LobbyStore::due_biddings(std::int64_t now_ms, int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT listing_id FROM biddings WHERE deadline_ms IS NOT NULL AND deadline_ms <= ? LIMIT ?");
  q.bind(1, now_ms).bind(2, std::int64_t{limit});
  std::vector<ListingId> out;
  while (q.step()) out.push_back(q.column_int(0));
  return out;
}

std::vector<AccountGame> LobbyStore::account_games(std::int64_t account) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string("SELECT ") + game_columns +
                       " FROM games WHERE id IN (SELECT game_id FROM game_players WHERE account_id = ?) "
                       "ORDER BY updated_at DESC LIMIT 500");
  q.bind(1, account);
  std::vector<AccountGame> out;
  while (q.step()) out.push_back({read_game(q), {}, {}});
  for (auto& g : out) {
    g.players = game_players_locked(g.game.id);
    for (const auto& p : g.players)
      if (p.account == account) g.roles.push_back(p.role);
  }
  return out;
}

std::optional<std::int64_t> LobbyStore::live_account_named(const std::string& name) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT id FROM accounts WHERE name = ? AND deleted_at IS NULL");
  q.bind(1, name);
  if (!q.step()) return std::nullopt;
  return q.column_int(0);
}

std::optional<PlayerRecord> LobbyStore::player(const std::string& name) {
  PlayerRecord p;
  {
    std::lock_guard lock(mutex_);
    auto q = db_.prepare("SELECT id, name, created_at, deleted_at IS NOT NULL FROM accounts WHERE name = ?");
    q.bind(1, name);
    if (!q.step()) return std::nullopt;
    p.id = q.column_int(0);
    p.name = q.column_text(1);
    p.joined = q.column_text(2);
    p.deleted = q.column_int(3) != 0;
  }
  auto games = account_games(p.id);
  std::int64_t timeouts = 0;
  for (auto& g : games) {
    if (g.game.status != "over") {
      ++p.running;
      continue;
    }
    ++p.played;
    if (g.game.result.is_object() && g.game.result.contains("score") && g.game.result["score"].is_object() &&
        std::find(g.roles.begin(), g.roles.end(), g.game.result["score"].value("timeout", "")) != g.roles.end())
      ++timeouts;
    auto& tally = p.results[g.game.title];
    const json winner = g.game.result.is_object() ? g.game.result.value("winner", json()) : json();
    if (!winner.is_string())
      ++tally["drawn"];
    else if (std::find(g.roles.begin(), g.roles.end(), winner.get<std::string>()) != g.roles.end())
      ++tally["won"];
    else
      ++tally["lost"];
  }
  for (auto& [title, tally] : p.results)
    for (const char* key : {"won", "lost", "drawn"}) tally.try_emplace(key, 0);
  if (games.size() > 20) games.resize(20);
  p.recent = std::move(games);
  std::vector<double> seconds;
  {
    std::lock_guard lock(mutex_);
    // Each move with the time of the move before it in its game (the game's start for the first).
    auto q = db_.prepare(
        "SELECT m.created_at, COALESCE(LAG(m.created_at) OVER (PARTITION BY m.game_id ORDER BY m.seq), "
        "g.created_at), gp.account_id, m.verb "
        "FROM moves m JOIN games g ON g.id = m.game_id "
        "LEFT JOIN game_players gp ON gp.game_id = m.game_id AND gp.role = m.role "
        "WHERE m.game_id IN (SELECT game_id FROM game_players WHERE account_id = ?1) "
        "ORDER BY m.created_at DESC");
    q.bind(1, p.id);
    while (q.step() && seconds.size() < max_decisions_timed)
      // A timeout is the server's move for the player, not a decision.
      if (!q.column_is_null(2) && q.column_int(2) == p.id && q.column_text(3) != "timeout")
        seconds.push_back(
            static_cast<double>(iso8601_to_unix_ms(q.column_text(0)) - iso8601_to_unix_ms(q.column_text(1))) / 1000.0);
  }
  p.response_times = response_times(std::move(seconds));
  p.response_times.timeouts = timeouts;
  return p;
}

PlayerRecord::ResponseTimes response_times(std::vector<double> seconds) {
  PlayerRecord::ResponseTimes t;
  t.decisions = static_cast<std::int64_t>(seconds.size());
  if (seconds.empty()) return t;
  std::sort(seconds.begin(), seconds.end());
  // Linear interpolation between the closest ranks.
  auto at = [&](double fraction) {
    const double rank = fraction * static_cast<double>(seconds.size() - 1);
    const auto below = static_cast<std::size_t>(rank);
    const auto above = std::min(below + 1, seconds.size() - 1);
    return seconds[below] + (seconds[above] - seconds[below]) * (rank - static_cast<double>(below));
  };
  t.q1 = at(0.25);
  t.median = at(0.5);
  t.q3 = at(0.75);
  return t;
}

CommitQueue::Work LobbyStore::create_listing(NewListing l, std::string now, std::int64_t unix_now,
                                             std::vector<Notice> notices, std::shared_ptr<ListingId> id) {
  return [l = std::move(l), now = std::move(now), unix_now, notices = std::move(notices), id](WriteContext& w) {
    auto q = w.db.prepare(
        "INSERT INTO listings(owner_id, title, scenario, options, rated, private, invitee_id, rematch_of, "
        "created_at, updated_at, time_control, bidding) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, l.owner).bind(2, l.title).bind(3, l.scenario).bind(4, l.options.dump());
    q.bind(5, std::int64_t{l.rated}).bind(6, std::int64_t{l.is_private});
    q.bind_optional(7, l.invitee);
    q.bind_optional(8, l.rematch_of);
    q.bind(9, now).bind(10, now);
    if (l.time_control.is_null())
      q.bind_null(11);
    else
      q.bind(11, l.time_control.dump());
    if (l.bidding.is_null())
      q.bind_null(12);
    else
      q.bind(12, l.bidding.dump());
    q.run();
    *id = w.db.last_insert_id();
    add_player(w, *id, l.owner, l.owner_role, now);
    send_notices(w, notices, unix_now);
  };
}

CommitQueue::Work LobbyStore::join_listing(ListingId listing, std::int64_t account, std::optional<std::string> role,
                                           std::size_t players_before, std::optional<NewGame> start,
                                           std::map<std::string, std::int64_t> seats, std::string now,
                                           std::int64_t unix_now, std::vector<Notice> notices,
                                           std::shared_ptr<ListingChange> result) {
  return [=, start = std::move(start), seats = std::move(seats), notices = std::move(notices)](WriteContext& w) {
    *result = {};
    if (!listing_as_seen(w, listing, account, players_before)) return;
    add_player(w, listing, account, role, now);
    if (start) {
      result->game = start_listing_game(w, listing, *start, seats, now, unix_now, notices);
    } else {
      touch_listing(w, listing, now);
      send_notices(w, notices, unix_now);
    }
    result->done = true;
  };
}

CommitQueue::Work LobbyStore::join_listing_to_bid(ListingId listing, std::int64_t account, std::size_t players_before,
                                                  NewBidding b, std::string now, std::int64_t unix_now,
                                                  std::vector<Notice> notices, std::shared_ptr<ListingChange> result) {
  return [=, notices = std::move(notices)](WriteContext& w) {
    *result = {};
    if (!listing_as_seen(w, listing, account, players_before)) return;
    add_player(w, listing, account, std::nullopt, now);
    auto q = w.db.prepare(
        "INSERT INTO biddings(listing_id, player0_id, player1_id, seed, seed_nonce, seed_commitment, started_at, "
        "deadline_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, listing).bind(2, b.players[0]).bind(3, b.players[1]).bind(4, static_cast<std::int64_t>(b.seed));
    q.bind(5, b.seed_nonce).bind(6, b.seed_commitment).bind(7, now).bind(8, b.deadline_ms);
    q.run();
    touch_listing(w, listing, now);
    send_notices(w, notices, unix_now);
    result->done = true;
  };
}

CommitQueue::Work LobbyStore::add_bids(ListingId listing, std::size_t bids_before, std::vector<bidding::Act> acts,
                                       std::optional<std::int64_t> deadline_ms, std::optional<NewGame> start,
                                       std::map<std::string, std::int64_t> seats, std::string now,
                                       std::int64_t unix_now, std::vector<Notice> notices,
                                       std::shared_ptr<ListingChange> result) {
  return [=, acts = std::move(acts), start = std::move(start), seats = std::move(seats),
          notices = std::move(notices)](WriteContext& w) {
    *result = {};
    auto check = w.db.prepare(
        "SELECT b.game_id IS NULL AND l.status = 'open', (SELECT COUNT(*) FROM bids WHERE listing_id = b.listing_id) "
        "FROM biddings b JOIN listings l ON l.id = b.listing_id WHERE b.listing_id = ?");
    check.bind(1, listing);
    if (!check.step() || check.column_int(0) == 0 || static_cast<std::size_t>(check.column_int(1)) != bids_before)
      return;
    std::int64_t seq = static_cast<std::int64_t>(bids_before);
    for (const auto& a : acts) {
      auto q = w.db.prepare(
          "INSERT INTO bids(listing_id, seq, player, kind, side, vp, by_default, made_at) VALUES (?, ?, ?, ?, ?, ?, ?, "
          "?)");
      q.bind(1, listing).bind(2, ++seq).bind(3, std::int64_t{a.player}).bind(4, std::string(to_string(a.kind)));
      q.bind_optional(5, a.side);
      q.bind(6, std::int64_t{a.vp}).bind(7, std::int64_t{a.by_default}).bind(8, now);
      q.run();
    }
    if (start) {
      result->game = start_listing_game(w, listing, *start, seats, now, unix_now, notices);
      auto over = w.db.prepare("UPDATE biddings SET deadline_ms = NULL, game_id = ? WHERE listing_id = ?");
      over.bind(1, *result->game).bind(2, listing);
      over.run();
    } else {
      auto next = w.db.prepare("UPDATE biddings SET deadline_ms = ? WHERE listing_id = ?");
      next.bind_optional(1, deadline_ms);
      next.bind(2, listing);
      next.run();
      touch_listing(w, listing, now);
      send_notices(w, notices, unix_now);
    }
    result->done = true;
  };
}

CommitQueue::Work LobbyStore::close_listing(ListingId listing, std::string status, std::string now,
                                            std::shared_ptr<ListingChange> result) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare(
        "UPDATE listings SET status = ?, updated_at = ? WHERE id = ? AND status = 'open' AND NOT EXISTS(SELECT 1 "
        "FROM biddings WHERE listing_id = listings.id)");
    q.bind(1, status).bind(2, now).bind(3, listing);
    q.run();
    result->done = w.db.changes() == 1;
  };
}

CommitQueue::Work LobbyStore::set_invitee(ListingId listing, std::optional<std::int64_t> invitee, std::string now,
                                          std::int64_t unix_now, std::vector<Notice> notices,
                                          std::shared_ptr<ListingChange> result) {
  return [=, notices = std::move(notices)](WriteContext& w) {
    auto q = w.db.prepare(
        "UPDATE listings SET invitee_id = ?, updated_at = ? WHERE id = ? AND status = 'open' AND NOT EXISTS("
        "SELECT 1 FROM biddings WHERE listing_id = listings.id)");
    q.bind_optional(1, invitee);
    q.bind(2, now).bind(3, listing);
    q.run();
    result->done = w.db.changes() == 1;
    if (result->done) send_notices(w, notices, unix_now);
  };
}

}  // namespace warpath::server::storage
