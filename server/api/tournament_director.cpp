#include "server/api/tournament_director.hpp"

#include <future>
#include <map>

#include "server/api/bidding_work.hpp"
#include "server/api/game_creation.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

using nlohmann::json;
using storage::TournamentChange;
using storage::TournamentId;
namespace t = tournaments;

namespace {

// Steps one run of a tournament may take before leaving the rest to the next look.
constexpr int max_steps = 64;

// Commits the work and waits for it: the error, if any.
std::optional<std::string> commit_now(ServerContext& context, storage::CommitQueue::Work work) {
  std::promise<std::optional<std::string>> committed;
  context.commits.submit(std::move(work),
                         [&committed](std::optional<std::string> error) { committed.set_value(std::move(error)); });
  auto error = committed.get_future().get();
  if (!error && context.outbox) context.outbox->queued();
  return error;
}

std::string what_of(ServerContext& context, const storage::TournamentRecord& tr) {
  return "the tournament \"" + tr.name + "\" (" + title_name(context, tr.title) + ")";
}

std::vector<storage::Notice> tournament_notices(ServerContext& context, const storage::TournamentRecord& tr,
                                                const std::vector<std::int64_t>& accounts, storage::NoticeKind kind,
                                                const std::string& event, const std::string& happened,
                                                const std::string& origin) {
  std::vector<storage::Notice> out;
  const std::string what = what_of(context, tr);
  for (const auto account : accounts)
    out.push_back({account,
                   kind,
                   "Warpath: " + what + " " + happened,
                   "Warpath: " + what + " " + happened + ". See it here:\n\n" + origin +
                       "/tournament.html?id=" + std::to_string(tr.id) + "\n",
                   {{"type", event}, {"tournament", tr.id}, {"name", tr.name}}});
  return out;
}

std::vector<std::int64_t> accounts_of(const std::vector<storage::TournamentPlayerRecord>& players,
                                      bool active_only = false) {
  std::vector<std::int64_t> out;
  for (const auto& p : players)
    if (!active_only || !p.withdrawn) out.push_back(p.account);
  return out;
}

// How a finished game ended, from its result's score (engine::Match's forfeits).
std::string how_of(const json& result, bool withdrawal) {
  const json score = result.value("score", json::object());
  if (score.is_object() && score.contains("adjudicated")) return "adjudicated";
  if (score.is_object() && score.contains("timeout")) return "timeout";
  if (score.is_object() && score.contains("resigned")) return withdrawal ? "withdrawn" : "resigned";
  return "played";
}

// The pairing's listing and its bidding (or started game), created in the round's transaction
// by the lobby's own work.
std::function<std::int64_t(storage::WriteContext&)> opener(ServerContext& context, const storage::TournamentRecord& tr,
                                                           const t::PlannedPairing& planned,
                                                           const std::string& origin) {
  const auto* module = context.games.find(tr.title);
  if (!module) throw std::runtime_error("no game module has the title " + tr.title);
  const auto& roles = module->info().roles;
  const bool balanced = tr.sides.value("mode", "") == "balanced";
  const std::int64_t p1 = planned.player1, p2 = *planned.player2;
  const std::string what = title_name(context, tr.title) + " (" + tr.scenario + "), " + tr.name;
  storage::NewListing listing;
  listing.owner = p1;
  listing.title = tr.title;
  listing.scenario = tr.scenario;
  listing.options = tr.options;
  listing.rated = true;
  listing.is_private = true;
  listing.time_control = tr.time_control;
  std::optional<storage::NewGame> start;
  std::map<std::string, std::int64_t> seats;
  if (balanced) {
    listing.owner_role = roles[0];
    seats = {{roles[0], p1}, {roles[1], p2}};
    auto prepared = prepare_game(context, {tr.title, tr.scenario, tr.options, std::nullopt,
                                           clocks::stored_time_control(tr.time_control), std::nullopt});
    if (auto* error = std::get_if<RoomError>(&prepared)) throw std::runtime_error(error->message);
    start = std::move(std::get<PreparedGame>(prepared).game);
  } else {
    json config = tr.sides;
    listing.bidding = bidding::stored_config(config).to_json();
  }
  return [module, listing, start, seats, p1, p2, roles, what, origin](storage::WriteContext& w) -> std::int64_t {
    const auto now = utc_now_iso8601();
    const auto unix_now = unix_now_seconds();
    auto id = std::make_shared<storage::ListingId>(0);
    storage::LobbyStore::create_listing(listing, now, unix_now, {}, id)(w);
    auto change = std::make_shared<storage::ListingChange>();
    if (start) {
      std::vector<storage::Notice> notices;
      for (const auto& [role, account] : seats)
        notices.push_back({account,
                           storage::NoticeKind::game_started,
                           "Warpath: your game of " + what + " has begun",
                           "Your tournament game of " + what + " has begun; you play " + role + ". Open it here:\n\n" +
                               origin + "/game.html?game={game}#seat=" + role + "\n",
                           {{"type", "game_started"}, {"role", role}, {"title", listing.title}}});
      storage::LobbyStore::join_listing(*id, p2, roles[1], 1, start, seats, now, unix_now, std::move(notices),
                                        change)(w);
    } else {
      auto begun = bidding_start(*module, listing.bidding, listing.time_control, {p1, p2}, *id, origin, what);
      if (!begun) throw storage::DatabaseError("the sides of " + listing.title + " cannot be bid for");
      storage::LobbyStore::join_listing_to_bid(*id, p2, 1, std::move(begun->bidding), now, unix_now,
                                               std::move(begun->notices), change)(w);
    }
    if (!change->done) throw storage::DatabaseError("a tournament pairing's listing could not be opened");
    return *id;
  };
}

// One step of a running tournament: true when it changed something (look again).
bool step(ServerContext& context, TournamentId id, const std::string& origin) {
  auto& store = *context.tournaments;
  const auto tr = store.tournament(id);
  if (!tr || tr->status != "running") return false;
  const auto players = store.players(id);
  const auto rounds = store.rounds(id);
  const auto pairings = store.pairings(id);
  const auto* module = context.games.find(tr->title);
  if (!module) return false;
  const auto& info = module->info();
  const auto now_ms = unix_now_ms();
  std::map<int, const storage::RoundRecord*> by_number;
  for (const auto& r : rounds) by_number[r.number] = &r;
  bool changed = false;
  // Results from the games; adjudication and closed biddings at the deadline.
  for (const auto& p : pairings) {
    if (p.decided() || !p.listing) continue;
    const auto* round = by_number[p.round];
    const bool due = round && !round->finished_at && round->deadline_ms <= now_ms;
    if (p.game) {
      const auto game = context.store.game(*p.game);
      if (!game) continue;
      if (game->status == "over" && !game->result.is_null()) {
        std::optional<std::int64_t> first, second;
        for (const auto& seat : context.lobby.game_players(*p.game))
          (seat.role == info.roles[0] ? first : second) = seat.account;
        const std::optional<std::string> winner = game->result.value("winner", json()).is_string()
                                                      ? std::optional(game->result["winner"].get<std::string>())
                                                      : std::nullopt;
        const auto outcome = t::seat_outcome(winner, info.roles[0], info.tournament_draw_winner);
        const std::string text = t::outcome_text(outcome);
        if (auto error =
                commit_now(context, storage::TournamentStore::decide(
                                        id, p.round, p.table, text, how_of(game->result, p.withdrawn_by.has_value()),
                                        game->result.value("score", json()), first, second, utc_now_iso8601()))) {
          log_error("tournament " + std::to_string(id) + ": result not stored: " + *error);
          return false;
        }
        changed = true;
      } else if (due) {
        std::promise<ServerMoveOutcome> judged;
        context.game_events.move(storage::AdjudicationDue{*p.game, {}},
                                 [&judged](ServerMoveOutcome outcome) { judged.set_value(std::move(outcome)); });
        const auto outcome = judged.get_future().get();
        // Another node serves the game: its result is taken in at a later look.
        if (outcome.passed_to) continue;
        if (outcome.error && outcome.error->code == protocol::ErrorCode::overloaded) continue;
        if (outcome.error) log_info("game " + std::to_string(*p.game) + " not adjudicated: " + outcome.error->message);
        changed = true;
      }
    } else if (due) {
      // Still bidding at the deadline: the bidding's defaults close it and start the game.
      const auto l = context.lobby.listing(*p.listing);
      const auto record = context.lobby.bidding(*p.listing);
      if (!l || !record || record->game) continue;
      const auto b = rebuilt_bidding(context, *l, *record);
      if (!b) continue;
      auto work = bid_work(context, *l, *record, b->defaults(), origin);
      if (auto* error = std::get_if<RoomError>(&work)) {
        log_error("tournament " + std::to_string(id) + ": bidding not closed: " + error->message);
        continue;
      }
      if (auto error = commit_now(context, std::move(std::get<BidWork>(work).work))) {
        log_error("tournament " + std::to_string(id) + ": bidding not closed: " + *error);
        return false;
      }
      changed = true;
    }
  }
  if (changed) return true;
  // The current round, once every pairing is decided.
  if (!rounds.empty() && !rounds.back().finished_at) {
    const int number = rounds.back().number;
    for (const auto& p : pairings)
      if (p.round == number && !p.decided()) return false;
    if (auto error = commit_now(context, storage::TournamentStore::finish_round(id, number, utc_now_iso8601()))) {
      log_error("tournament " + std::to_string(id) + ": round not finished: " + *error);
      return false;
    }
    return true;
  }
  // The next round, or the end.
  const auto state = tournament_state(*tr, players, rounds, pairings);
  auto next = t::next_round(state);
  if (auto* error = std::get_if<t::InputError>(&next)) {
    log_error("tournament " + std::to_string(id) + ": next round not paired: " + error->where + ": " + error->message);
    return false;
  }
  if (std::holds_alternative<t::NoMoreRounds>(next)) {
    auto notices = tournament_notices(context, *tr, accounts_of(players), storage::NoticeKind::game_ended,
                                      "tournament_finished", "has finished", origin);
    if (auto error = commit_now(
            context, storage::TournamentStore::finish(id, utc_now_iso8601(), unix_now_seconds(), std::move(notices)))) {
      log_error("tournament " + std::to_string(id) + ": not finished: " + *error);
      return false;
    }
    return false;
  }
  auto& planned = std::get<t::PlannedRound>(next);
  storage::NewRound round;
  round.number = static_cast<int>(rounds.size()) + 1;
  round.stage = planned.stage;
  round.name = planned.name;
  round.deadline_ms = now_ms + static_cast<std::int64_t>(tr->round_hours) * 3600 * 1000;
  round.rounds_planned = planned.rounds_planned;
  for (const auto& p : planned.pairings) {
    storage::NewPairing pairing{p.player1,    p.player2,    p.pool,       nullptr,
                                std::nullopt, std::nullopt, std::nullopt, std::nullopt};
    if (!p.player2) {
      pairing.outcome = "bye";
      pairing.how = "bye";
    } else if (p.decided) {
      pairing.outcome = "first";
      pairing.how = "withdrawn";
      pairing.first = p.player1;
      pairing.second = p.player2;
    } else {
      pairing.open = opener(context, *tr, p, origin);
    }
    round.pairings.push_back(std::move(pairing));
  }
  auto result = std::make_shared<TournamentChange>(TournamentChange::stale);
  if (auto error = commit_now(context, storage::TournamentStore::pair_round(id, std::move(round), utc_now_iso8601(),
                                                                            unix_now_seconds(), {}, result))) {
    log_error("tournament " + std::to_string(id) + ": round not paired: " + *error);
    return false;
  }
  return *result == TournamentChange::done;
}

}  // namespace

t::FormatConfig format_config(const storage::TournamentRecord& tr) {
  t::FormatConfig f;
  f.kind = tr.format.value("kind", "");
  f.rounds = tr.format.value("rounds", 0);
  f.pool_size = tr.format.value("pool_size", 0);
  f.playoff = tr.format.value("playoff", 0);
  f.mulligan = tr.format.value("mulligan", false);
  f.balanced = tr.sides.value("mode", "") == "balanced";
  return f;
}

t::TournamentState tournament_state(const storage::TournamentRecord& tr,
                                    const std::vector<storage::TournamentPlayerRecord>& players,
                                    const std::vector<storage::RoundRecord>& rounds,
                                    const std::vector<storage::PairingRecord>& pairings) {
  t::TournamentState state;
  state.format = format_config(tr);
  int next_seed = 0;
  for (const auto& p : players) {
    ++next_seed;
    state.players.push_back({p.account, p.seed.value_or(next_seed), p.rating, p.withdrawn});
  }
  for (const auto& r : rounds) state.rounds.push_back({r.number, r.stage, r.finished_at.has_value()});
  for (const auto& p : pairings) {
    t::PairingState s;
    s.round = p.round;
    s.player1 = p.player1;
    s.player2 = p.player2;
    s.pool = p.pool;
    s.first = p.first;
    s.second = p.second;
    s.forfeit = p.forfeit;
    if (p.outcome) s.outcome = t::outcome_named(*p.outcome).value_or(t::Outcome::first_wins);  // a bye: first_wins
    state.pairings.push_back(std::move(s));
  }
  return state;
}

bool start_or_cancel(ServerContext& context, TournamentId id, const std::string& origin) {
  auto& store = *context.tournaments;
  const auto tr = store.tournament(id);
  if (!tr || tr->status != "registration") return false;
  const auto players = store.players(id);  // by rating, then registration order
  auto result = std::make_shared<TournamentChange>(TournamentChange::stale);
  std::optional<std::string> error;
  if (static_cast<int>(players.size()) < tr->min_players) {
    auto notices = tournament_notices(context, *tr, accounts_of(players), storage::NoticeKind::game_ended,
                                      "tournament_cancelled", "is cancelled: too few players registered", origin);
    error = commit_now(context, storage::TournamentStore::cancel(id, utc_now_iso8601(), unix_now_seconds(),
                                                                 std::move(notices), result));
  } else {
    std::vector<storage::TournamentStore::Seed> seeds;
    for (const auto& p : players) seeds.push_back({p.account, static_cast<int>(seeds.size()) + 1, p.rating});
    auto notices = tournament_notices(context, *tr, accounts_of(players), storage::NoticeKind::game_started,
                                      "tournament_started", "has begun", origin);
    error = commit_now(context, storage::TournamentStore::start(id, std::move(seeds), utc_now_iso8601(),
                                                                unix_now_seconds(), std::move(notices), result));
  }
  if (error) log_error("tournament " + std::to_string(id) + " not started: " + *error);
  return !error && *result == TournamentChange::done;
}

void direct_tournament(ServerContext& context, TournamentId id, const std::string& origin) {
  for (int i = 0; i < max_steps; ++i)
    if (!step(context, id, origin)) return;
}

void work_tournaments(ServerContext& context, const std::string& origin) {
  if (!context.tournaments) return;
  for (const auto id : context.tournaments->due_to_start(unix_now_ms())) start_or_cancel(context, id, origin);
  for (const auto id : context.tournaments->running()) direct_tournament(context, id, origin);
}

}  // namespace warpath::server
