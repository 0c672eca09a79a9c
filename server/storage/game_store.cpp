#include "server/storage/game_store.hpp"

#include "server/clocks/clock_store.hpp"
#include "server/storage/write_statements.hpp"
#include "server/util/clock.hpp"

namespace warpath::server::storage {

using nlohmann::json;

const char* const game_columns =
    "id, title, scenario, options, seed, status, result, active_roles, version, created_at, updated_at, "
    "COALESCE(seed_nonce, ''), COALESCE(seed_commitment, ''), time_control, COALESCE(rules_version, '')";

GameRecord read_game(const Statement& row) {
  GameRecord g;
  g.id = row.column_int(0);
  g.title = row.column_text(1);
  g.scenario = row.column_text(2);
  g.options = json::parse(row.column_text(3));
  g.seed = static_cast<std::uint64_t>(row.column_int(4));
  g.status = row.column_text(5);
  g.result = row.column_is_null(6) ? json() : json::parse(row.column_text(6));
  g.active_roles = json::parse(row.column_text(7));
  g.version = static_cast<std::uint64_t>(row.column_int(8));
  g.created_at = row.column_text(9);
  g.updated_at = row.column_text(10);
  g.seed_nonce = row.column_text(11);
  g.seed_commitment = row.column_text(12);
  g.time_control = row.column_is_null(13) ? json() : json::parse(row.column_text(13));
  g.rules_version = row.column_text(14);
  return g;
}

namespace {

SnapshotRecord read_snapshot(const Statement& row) {
  return {static_cast<std::uint64_t>(row.column_int(0)), row.column_text(1), row.column_text(2)};
}

}  // namespace

json GameRecord::to_json() const {
  return {{"id", id},
          {"title", title},
          {"scenario", scenario},
          {"options", options},
          {"status", status},
          {"result", result},
          {"active", active_roles},
          {"version", version},
          {"created", created_at},
          {"seed_commitment", seed_commitment.empty() ? json() : json(seed_commitment)},
          {"time_control", time_control},
          {"rules_version", rules_version.empty() ? json() : json(rules_version)},
          {"updated", updated_at}};
}

GameStore::GameStore(const std::string& path) : db_(path) {}

std::optional<GameRecord> GameStore::game(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string("SELECT ") + game_columns + " FROM games WHERE id = ?");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_game(q);
}

std::vector<GameRecord> GameStore::recent_games(int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      std::string("SELECT ") + game_columns +
      " FROM games WHERE id NOT IN (SELECT game_id FROM listings WHERE private = 1 AND tournament_id IS NULL "
      "AND game_id IS NOT NULL) ORDER BY id DESC LIMIT ?");
  q.bind(1, std::int64_t{limit});
  std::vector<GameRecord> out;
  while (q.step()) out.push_back(read_game(q));
  return out;
}

std::vector<GameId> GameStore::game_ids() {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT id FROM games ORDER BY id");
  std::vector<GameId> out;
  while (q.step()) out.push_back(q.column_int(0));
  return out;
}

std::int64_t GameStore::count_games() {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT count(*) FROM games");
  q.step();
  return q.column_int(0);
}

std::vector<ChatLine> GameStore::recent_chat(GameId id, int limit) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT seat, text, created_at FROM (SELECT id, seat, text, created_at FROM chat WHERE game_id = ? "
      "ORDER BY id DESC LIMIT ?) AS recent ORDER BY id");
  q.bind(1, id).bind(2, std::int64_t{limit});
  std::vector<ChatLine> out;
  while (q.step()) out.push_back({q.column_text(0), q.column_text(1), q.column_text(2)});
  return out;
}

std::int64_t GameStore::count_chat(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT count(*) FROM chat WHERE game_id = ?");
  q.bind(1, id);
  q.step();
  return q.column_int(0);
}

std::map<std::string, std::string> GameStore::seat_hashes(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT role, token_hash FROM seats WHERE game_id = ?");
  q.bind(1, id);
  std::map<std::string, std::string> out;
  while (q.step()) out[q.column_text(0)] = q.column_text(1);
  return out;
}

std::map<std::string, std::int64_t> GameStore::game_players(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT role, account_id FROM game_players WHERE game_id = ?");
  q.bind(1, id);
  std::map<std::string, std::int64_t> out;
  while (q.step()) out[q.column_text(0)] = q.column_int(1);
  return out;
}

bool GameStore::is_private(GameId id) {
  std::lock_guard lock(mutex_);
  auto q =
      db_.prepare("SELECT EXISTS(SELECT 1 FROM listings WHERE game_id = ? AND private = 1 AND tournament_id IS NULL)");
  q.bind(1, id);
  q.step();
  return q.column_int(0) != 0;
}

std::optional<SnapshotRecord> GameStore::latest_snapshot(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT seq, state, state_hash FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_snapshot(q);
}

std::vector<SnapshotRecord> GameStore::snapshots(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT seq, state, state_hash FROM snapshots WHERE game_id = ? ORDER BY seq");
  q.bind(1, id);
  std::vector<SnapshotRecord> out;
  while (q.step()) out.push_back(read_snapshot(q));
  return out;
}

std::vector<engine::Move> GameStore::moves_after(GameId id, std::uint64_t seq) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT role, verb, arg FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq");
  q.bind(1, id).bind(2, static_cast<std::int64_t>(seq));
  std::vector<engine::Move> out;
  while (q.step()) out.push_back({q.column_text(0), {q.column_text(1), json::parse(q.column_text(2))}});
  return out;
}

std::vector<GameStore::StoredMove> GameStore::move_history(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT seq, role, verb, arg, created_at FROM moves WHERE game_id = ? ORDER BY seq");
  q.bind(1, id);
  std::vector<StoredMove> out;
  while (q.step())
    out.push_back({static_cast<std::uint64_t>(q.column_int(0)),
                   {q.column_text(1), {q.column_text(2), json::parse(q.column_text(3))}},
                   q.column_text(4)});
  return out;
}

void GameStore::read_log_changes(GameId id, std::uint64_t version, engine::LogReader& reader) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT log FROM moves WHERE game_id = ? AND seq <= ? AND log IS NOT NULL ORDER BY seq DESC");
  q.bind(1, id).bind(2, static_cast<std::int64_t>(version));
  while (q.step() && reader.add(json::parse(q.column_text(0)))) {
  }
}

json GameStore::clocks(GameId id, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  return clocks::clocks_view(db_, id, now_ms);
}

bool GameStore::timed_out(GameId id, const std::string& role, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  return clocks::timed_out(db_, id, role, now_ms);
}

// The "pass for this <scope>" columns, pass_move, pass_action_phase and pass_season, follow one
// another in the order of engine::PassScope, in the query and in the statement.
std::map<std::string, engine::StandingOrders> GameStore::standing_orders(GameId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT role, auto_pass, pass_move, pass_action_phase, pass_season FROM standing_orders WHERE game_id = ?");
  q.bind(1, id);
  std::map<std::string, engine::StandingOrders> out;
  while (q.step()) {
    engine::StandingOrders orders;
    for (const auto& kind : json::parse(q.column_text(1))) orders.auto_pass.insert(kind.get<std::string>());
    for (engine::PassScope scope : engine::pass_scopes) {
      const int column = 2 + static_cast<int>(scope);
      if (!q.column_is_null(column)) orders.passing[scope] = q.column_text(column);
    }
    out[q.column_text(0)] = std::move(orders);
  }
  return out;
}

CommitQueue::Work GameStore::save_standing_orders(GameId game, std::string role, engine::StandingOrders orders) {
  return [game, role = std::move(role), orders = std::move(orders)](WriteContext& w) {
    auto& upsert = w.statements.upsert_standing_orders;
    upsert.bind(1, game).bind(2, role).bind(3, json(orders.auto_pass).dump());
    for (engine::PassScope scope : engine::pass_scopes) {
      const int parameter = 4 + static_cast<int>(scope);
      if (const auto it = orders.passing.find(scope); it != orders.passing.end())
        upsert.bind(parameter, it->second);
      else
        upsert.bind_null(parameter);
    }
    upsert.bind(7, utc_now_iso8601()).run();
  };
}

CommitQueue::Work GameStore::create_game(NewGame game, std::shared_ptr<GameId> created_id) {
  return [game = std::move(game), created_id](WriteContext& w) {
    auto& s = w.statements;
    s.insert_game.bind(1, game.title)
        .bind(2, game.scenario)
        .bind(3, game.options.dump())
        .bind(4, static_cast<std::int64_t>(game.seed))
        .bind(5, game.active_roles.dump())
        .bind(6, utc_now_iso8601())
        .bind(7, game.seed_nonce)
        .bind(8, game.seed_commitment)
        .bind(9, game.rules_version);
    if (game.time_control)
      s.insert_game.bind(10, game.time_control->to_json().dump());
    else
      s.insert_game.bind_null(10);
    s.insert_game.run();
    *created_id = w.db.last_insert_id();
    std::vector<std::string> roles;
    for (const auto& [role, hash] : game.token_hashes) {
      s.insert_seat.bind(1, *created_id).bind(2, role).bind(3, hash).run();
      roles.push_back(role);
    }
    if (game.time_control)
      clocks::start_clocks(w, *created_id, *game.time_control, roles, game.active_roles.get<std::vector<std::string>>(),
                           unix_now_ms());
  };
}

CommitQueue::Work GameStore::append_move(MoveRecord r) {
  return [r = std::move(r)](WriteContext& w) {
    // First: a node that lost the game's lease must not store a move (schema/015_game_leases.sql).
    if (r.lease) LeaseStore::fence(w, r.game, *r.lease, r.lease_until_ms);
    const std::string now = unix_ms_to_iso8601(r.time_ms);
    w.statements.insert_move.bind(1, r.game)
        .bind(2, static_cast<std::int64_t>(r.seq))
        .bind(3, r.move.role)
        .bind(4, r.move.action.verb)
        .bind(5, r.move.action.arg.dump())
        .bind(6, now);
    if (!r.log || !r.log->changed())
      w.statements.insert_move.bind_null(7);
    else
      w.statements.insert_move.bind(7, r.log->text);
    if (r.dice.empty())
      w.statements.insert_move.bind_null(8);
    else
      w.statements.insert_move.bind(8, json(r.dice).dump());
    w.statements.insert_move.run();
    auto& update = w.statements.update_game_after_move;
    update.bind(1, r.game)
        .bind(2, static_cast<std::int64_t>(r.seq))
        .bind(3, r.active_roles.dump())
        .bind(4, r.result.is_null() ? "active" : "over");
    if (r.result.is_null())
      update.bind_null(5);
    else
      update.bind(5, r.result.dump());
    update.bind(6, now).run();
    if (r.timed)
      clocks::settle_clocks(w, r.game, r.active_before, r.active_roles.get<std::vector<std::string>>(),
                            !r.result.is_null(), r.time_ms);
  };
}

CommitQueue::Work GameStore::save_snapshot(GameId game, SnapshotRecord snapshot) {
  return [game, snapshot = std::move(snapshot)](WriteContext& w) {
    w.statements.insert_snapshot.bind(1, game)
        .bind(2, static_cast<std::int64_t>(snapshot.seq))
        .bind(3, snapshot.state)
        .bind(4, snapshot.state_hash)
        .bind(5, utc_now_iso8601())
        .run();
  };
}

CommitQueue::Work GameStore::append_chat(GameId game, std::string seat, std::string text, std::string time) {
  return
      [=](WriteContext& w) { w.statements.insert_chat.bind(1, game).bind(2, seat).bind(3, text).bind(4, time).run(); };
}

}  // namespace warpath::server::storage
