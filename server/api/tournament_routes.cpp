#include "server/api/tournament_routes.hpp"

#include <boost/asio/post.hpp>
#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <memory>

#include "server/api/account_routes.hpp"
#include "server/api/bidding_work.hpp"
#include "server/api/game_creation.hpp"
#include "server/api/tournament_director.hpp"
#include "server/tournaments/trf.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;
using storage::TournamentChange;
using storage::TournamentRecord;

namespace {

constexpr int tournaments_listed = 200;
constexpr int max_rounds = 12;
constexpr int max_pool_size = 12;
constexpr int max_players_allowed = 128;
constexpr int max_round_hours = 2160;
constexpr std::size_t max_name_length = 100;

struct Call {
  ServerContext& context;
  const HttpRequest& request;
  const Respond& respond;
  const storage::SessionRecord& session;
  std::int64_t id = 0;  // the tournament's, in the path

  void error(ErrorCode code, const std::string& message, const json& details = json::object()) const {
    if (code == ErrorCode::forbidden) context.metrics.refused(protocol::to_string(code));
    respond(error_response(request, code, message, details));
  }
  void bad(const std::string& field, const std::string& message) const {
    error(ErrorCode::bad_tournament, message, {{"field", field}});
  }
  void answer(http::status status, const json& body) const { respond(json_response(request, status, body)); }
  std::int64_t me() const { return session.account; }
};

std::string origin(const Call& call) { return origin_of(call.context, call.request); }

json time_or_null(const std::optional<std::string>& text) { return text ? json(*text) : json(); }

json tournament_json(ServerContext& context, const TournamentRecord& t, std::optional<std::int64_t> asker) {
  const auto players = context.tournaments->players(t.id);
  json list = json::array();
  bool registered = false, withdrawn = false;
  int position = 0;
  for (const auto& p : players) {
    ++position;
    list.push_back({{"name", p.name},
                    {"rating", std::lround(p.rating)},
                    {"deviation", std::lround(p.deviation)},
                    {"seed", p.seed.value_or(position)},
                    {"withdrawn", p.withdrawn}});
    if (asker && p.account == *asker) {
      registered = true;
      withdrawn = p.withdrawn;
    }
  }
  auto planned = t.rounds_planned;
  if (!planned) planned = tournaments::planned_rounds(format_config(t), static_cast<int>(players.size()));
  return {
      {"id", t.id},
      {"name", t.name},
      {"title", t.title},
      {"title_name", title_name(context, t.title)},
      {"scenario", t.scenario},
      {"options", t.options},
      {"time_control", t.time_control},
      {"sides", t.sides},
      {"format", t.format},
      {"organiser", t.organiser_name},
      {"status", t.status},
      {"registration_closes", t.registration_closes},
      {"min_players", t.min_players},
      {"max_players", t.max_players},
      {"round_hours", t.round_hours},
      {"created_at", t.created_at},
      {"started_at", time_or_null(t.started_at)},
      {"finished_at", time_or_null(t.finished_at)},
      {"round", t.round},
      {"rounds_planned", planned ? json(*planned) : json()},
      {"players", list},
      {"me", {{"registered", registered}, {"withdrawn", withdrawn}, {"organiser", asker && *asker == t.organiser}}}};
}

std::optional<TournamentRecord> found(const Call& call) {
  auto t = call.context.tournaments->tournament(call.id);
  if (!t) call.error(ErrorCode::not_found, "no such tournament");
  return t;
}

void answer_tournament(ServerContext& context, const HttpRequest& request, const Respond& respond, std::int64_t id,
                       std::int64_t asker, http::status status = http::status::ok) {
  const auto t = context.tournaments->tournament(id);
  if (!t) return respond(error_response(request, ErrorCode::not_found, "no such tournament"));
  respond(json_response(request, status, tournament_json(context, *t, asker)));
}

// Runs the director for the tournament off the network threads (after a start or a withdrawal),
// then answers with the tournament.
void direct_then_answer(const Call& call) {
  auto& context = call.context;
  boost::asio::post(context.slow_work, [&context, request = call.request, respond = call.respond, id = call.id,
                                        asker = call.me(), site = origin(call)] {
    try {
      direct_tournament(context, id, site);
    } catch (const std::exception& e) {
      log_error("tournament " + std::to_string(id) + ": " + e.what());
    }
    answer_tournament(context, request, respond, id, asker);
  });
}

ErrorCode change_code(TournamentChange change) {
  switch (change) {
    case TournamentChange::registration_closed:
      return ErrorCode::registration_closed;
    case TournamentChange::full:
      return ErrorCode::tournament_full;
    case TournamentChange::already_registered:
      return ErrorCode::already_registered;
    case TournamentChange::not_registered:
      return ErrorCode::not_registered;
    case TournamentChange::started:
      return ErrorCode::tournament_started;
    case TournamentChange::not_found:
      return ErrorCode::not_found;
    default:
      return ErrorCode::registration_closed;
  }
}

std::string change_message(TournamentChange change) {
  switch (change) {
    case TournamentChange::registration_closed:
      return "registration for this tournament is closed";
    case TournamentChange::full:
      return "this tournament is full";
    case TournamentChange::already_registered:
      return "you are registered already";
    case TournamentChange::not_registered:
      return "you are not registered in this tournament";
    case TournamentChange::started:
      return "the tournament has started";
    case TournamentChange::not_found:
      return "no such tournament";
    default:
      return "the tournament changed meanwhile; look again";
  }
}

// Commits a change and answers with the tournament, or the change's refusal.
void change_tournament(const Call& call, storage::CommitQueue::Work work, std::shared_ptr<TournamentChange> result,
                       std::function<void(const Call&)> then = nullptr) {
  auto& context = call.context;
  const auto request = call.request;
  const auto respond = call.respond;
  const auto session = call.session;
  const auto id = call.id;
  context.commits.submit(
      std::move(work), [&context, request, respond, session, id, result, then](std::optional<std::string> error) {
        if (error) {
          log_error("tournament change not stored: " + *error);
          return respond(error_response(request, ErrorCode::storage_error, "the change could not be stored"));
        }
        if (*result != TournamentChange::done)
          return respond(error_response(request, change_code(*result), change_message(*result)));
        wake_outbox(context);
        if (then) return then(Call{context, request, respond, session, id});
        answer_tournament(context, request, respond, id, session.account);
      });
}

// ---- create ----

std::optional<int> whole(const json& body, const char* name) {
  const auto it = body.find(name);
  if (it == body.end() || !it->is_number_integer()) return std::nullopt;
  const auto v = it->get<std::int64_t>();
  if (v < -1000000 || v > 1000000) return std::nullopt;
  return static_cast<int>(v);
}

void create(const Call& call) {
  if (!call.context.tournaments->is_organiser(call.me()))
    return call.error(ErrorCode::forbidden, "only an organiser creates tournaments");
  const auto body = json_body(call.request, call.respond);
  if (!body) return;
  storage::NewTournament t;
  t.organiser = call.me();
  const auto name = body->value("name", json());
  if (!name.is_string() || name.get<std::string>().empty() || name.get<std::string>().size() > max_name_length)
    return call.bad("name", "'name' must be a text of 1 to 100 characters");
  t.name = name.get<std::string>();
  const auto title = body->value("title", json());
  const auto* module = title.is_string() ? call.context.games.find(title.get<std::string>()) : nullptr;
  if (!module) return call.bad("title", "'title' must name a title this server offers");
  const auto& info = module->info();
  if (info.roles.size() != 2) return call.bad("title", "a tournament is of a two-player title");
  t.title = info.title_id;
  const auto scenario = body->value("scenario", json());
  if (!scenario.is_null() && !scenario.is_string()) return call.bad("scenario", "'scenario' must be a string");
  if (scenario.is_string() && !info.has_scenario(scenario.get<std::string>()))
    return call.bad("scenario", "this title has no scenario '" + scenario.get<std::string>() + "'");
  t.scenario = scenario.is_string() ? scenario.get<std::string>() : std::string();
  if (auto o = body->find("options"); o != body->end() && !o->is_null()) {
    if (!o->is_object()) return call.bad("options", "'options' must be an object");
    t.options = *o;
  }
  if (auto tc = body->find("time_control"); tc != body->end()) {
    auto parsed = clocks::parse_time_control(*tc);
    if (auto* problem = std::get_if<std::string>(&parsed)) return call.bad("time_control", *problem);
    if (const auto& control = std::get<std::optional<clocks::TimeControl>>(parsed)) t.time_control = control->to_json();
  }
  // Sides.
  const auto sides = body->value("sides", json());
  if (!sides.is_object()) return call.bad("sides", "'sides' must be an object {\"mode\", \"favoured\"?}");
  const auto mode = sides.value("mode", json());
  if (mode == "balanced") {
    if (sides.size() != 1) return call.bad("sides", "balanced sides take no other member");
    t.sides = {{"mode", "balanced"}};
  } else {
    if (!info.bid_option)
      return call.bad("sides", "the sides of " + info.display_name + " are not bid for: use \"balanced\"");
    auto parsed = bidding::parse_config(sides, info.roles);
    if (auto* problem = std::get_if<std::string>(&parsed)) return call.bad("sides", *problem);
    t.sides = std::get<bidding::Config>(parsed).to_json();
    if (t.options.contains(info.bid_option->option) && !t.options.at(info.bid_option->option).is_null())
      return call.bad("options", "the sides are bid for: the bidding sets option '" + info.bid_option->option + "'");
  }
  // The game must be one that can be set up.
  auto checked = prepare_game(call.context, {t.title, t.scenario, t.options, std::nullopt, std::nullopt, std::nullopt});
  if (auto* error = std::get_if<RoomError>(&checked)) return call.bad("options", error->message);
  t.scenario = std::get<PreparedGame>(checked).game.scenario;
  // Players and times.
  const auto min_players = whole(*body, "min_players");
  const auto max_players = whole(*body, "max_players");
  const auto round_hours = whole(*body, "round_hours");
  if (!min_players || *min_players < 2)
    return call.bad("min_players", "'min_players' must be a whole number, 2 or more");
  if (!max_players || *max_players < *min_players || *max_players > max_players_allowed)
    return call.bad("max_players", "'max_players' must be a whole number from 'min_players' to 128");
  if (!round_hours || *round_hours < 1 || *round_hours > max_round_hours)
    return call.bad("round_hours", "'round_hours' must be a whole number from 1 to 2160");
  t.min_players = *min_players;
  t.max_players = *max_players;
  t.round_hours = *round_hours;
  const auto closes = body->value("registration_closes", json());
  const std::int64_t closes_ms = closes.is_string() && closes.get<std::string>().ends_with("Z")
                                     ? iso8601_to_unix_ms(closes.get<std::string>())
                                     : 0;
  if (closes_ms <= 0) return call.bad("registration_closes", "'registration_closes' must be an ISO 8601 UTC time");
  if (closes_ms <= unix_now_ms()) return call.bad("registration_closes", "'registration_closes' must be in the future");
  t.registration_closes_ms = closes_ms;
  t.registration_closes = unix_ms_to_iso8601(closes_ms);
  // Format.
  const auto format = body->value("format", json());
  if (!format.is_object()) return call.bad("format", "'format' must be an object {\"kind\", ...}");
  const auto kind = format.value("kind", json());
  const auto number = [&](const char* member) -> std::optional<int> {
    const auto v = format.value(member, json());
    if (!v.is_number_integer()) return std::nullopt;
    return static_cast<int>(std::clamp<std::int64_t>(v.get<std::int64_t>(), -1, 1000));
  };
  const auto only = [&](std::initializer_list<const char*> members) {
    for (const auto& [key, value] : format.items())
      if (key != "kind" &&
          std::find_if(members.begin(), members.end(), [&](const char* m) { return key == m; }) == members.end())
        return false;
    return true;
  };
  if (kind == "round_robin") {
    const auto pool_size = number("pool_size");
    if (!pool_size || *pool_size < 2 || *pool_size > max_pool_size)
      return call.bad("format.pool_size", "'format.pool_size' must be a whole number from 2 to 12");
    if (!only({"pool_size"})) return call.bad("format", "a round robin takes only 'pool_size'");
    t.format = {{"kind", "round_robin"}, {"pool_size", *pool_size}};
  } else if (kind == "swiss" || kind == "swiss_elimination") {
    const auto rounds = number("rounds");
    if (!rounds || *rounds < 1 || *rounds > max_rounds)
      return call.bad("format.rounds", "'format.rounds' must be a whole number from 1 to 12");
    t.format = {{"kind", kind}, {"rounds", *rounds}};
    if (kind == "swiss") {
      if (!only({"rounds"})) return call.bad("format", "a Swiss takes only 'rounds'");
      if (*min_players < 3) return call.bad("min_players", "a Swiss needs 'min_players' of 3 or more");
    } else {
      const auto playoff = number("playoff");
      if (!playoff || (*playoff != 4 && *playoff != 8))
        return call.bad("format.playoff", "'format.playoff' must be 4 or 8");
      if (!only({"rounds", "playoff"})) return call.bad("format", "a Swiss-elimination takes 'rounds' and 'playoff'");
      if (*min_players < *playoff) return call.bad("min_players", "'min_players' must be at least the playoff's size");
      t.format["playoff"] = *playoff;
    }
    if (*rounds >= *min_players) return call.bad("format.rounds", "'format.rounds' must be fewer than the players");
  } else if (kind == "elimination") {
    const auto mulligan = format.value("mulligan", json(false));
    if (!mulligan.is_boolean()) return call.bad("format.mulligan", "'format.mulligan' must be true or false");
    if (!only({"mulligan"})) return call.bad("format", "an elimination takes only 'mulligan'");
    t.format = {{"kind", "elimination"}, {"mulligan", mulligan.get<bool>()}};
  } else {
    return call.bad("format.kind",
                    "'format.kind' must be \"round_robin\", \"swiss\", \"swiss_elimination\" or \"elimination\"");
  }
  auto id = std::make_shared<storage::TournamentId>(0);
  auto& context = call.context;
  const auto request = call.request;
  const auto respond = call.respond;
  const auto asker = call.me();
  context.commits.submit(
      storage::TournamentStore::create(std::move(t), utc_now_iso8601(), id),
      [&context, request, respond, id, asker](std::optional<std::string> error) {
        if (error)
          return respond(error_response(request, ErrorCode::storage_error, "the tournament could not be stored"));
        answer_tournament(context, request, respond, *id, asker, http::status::created);
      });
}

// ---- reading ----

void list(const Call& call) {
  const auto status = std::string(query_parameter(call.request, "status").value_or(""));
  if (!status.empty() && status != "registration" && status != "running" && status != "finished" &&
      status != "cancelled")
    return call.error(ErrorCode::bad_message,
                      "'status' must be \"registration\", \"running\", \"finished\" or \"cancelled\"");
  json out = json::array();
  for (const auto& t : call.context.tournaments->tournaments(status, tournaments_listed)) {
    auto planned = t.rounds_planned;
    if (!planned) planned = tournaments::planned_rounds(format_config(t), t.players);
    out.push_back({{"id", t.id},
                   {"name", t.name},
                   {"title", t.title},
                   {"title_name", title_name(call.context, t.title)},
                   {"scenario", t.scenario},
                   {"format", t.format},
                   {"sides", t.sides},
                   {"status", t.status},
                   {"players", t.players},
                   {"max_players", t.max_players},
                   {"registration_closes", t.registration_closes},
                   {"round", t.round},
                   {"rounds_planned", planned ? json(*planned) : json()},
                   {"organiser", t.organiser_name}});
  }
  call.answer(http::status::ok, {{"tournaments", out}});
}

void show(const Call& call) {
  if (const auto t = found(call)) call.answer(http::status::ok, tournament_json(call.context, *t, call.me()));
}

std::map<std::int64_t, std::string> names_of(const std::vector<storage::TournamentPlayerRecord>& players) {
  std::map<std::int64_t, std::string> out;
  for (const auto& p : players) out[p.account] = p.name;
  return out;
}

void rounds(const Call& call) {
  const auto t = found(call);
  if (!t) return;
  auto& context = call.context;
  const auto names = names_of(context.tournaments->players(t->id));
  const auto* module = context.games.find(t->title);
  const auto name = [&](std::int64_t id) { return names.count(id) ? names.at(id) : std::string("?"); };
  const auto pairings = context.tournaments->pairings(t->id);
  const auto games = context.tournaments->games(t->id);
  json out = json::array();
  for (const auto& r : context.tournaments->rounds(t->id)) {
    json list = json::array();
    for (const auto& p : pairings) {
      if (p.round != r.number) continue;
      json players = json::array({name(p.player1)});
      if (p.player2) players.push_back(name(*p.player2));
      std::string status = "bye";
      json sides = nullptr, bid = nullptr;
      if (p.player2) {
        status = p.decided() ? "finished" : p.game ? "playing" : "bidding";
        std::optional<std::int64_t> first = p.first, second = p.second;
        const auto game = p.game ? games.find(*p.game) : games.end();
        if (game != games.end() && module) {
          for (const auto& [role, account] : game->second.seats)
            (role == module->info().roles[0] ? first : second) = account;
          if (module->info().bid_option && game->second.options.is_object()) {
            const auto b = game->second.options.value(module->info().bid_option->option, json());
            if (b.is_object()) bid = b;
          }
        }
        if (first && second && module && !p.forfeit)
          sides = {{module->info().roles[0], name(*first)}, {module->info().roles[1], name(*second)}};
      }
      json result = nullptr;
      if (p.decided()) {
        json score = json::object();
        std::optional<std::int64_t> winner;
        if (!p.player2) {
          winner = p.player1;
          score[name(p.player1)] = 1;
        } else {
          const std::int64_t first = p.first.value_or(p.player1), second = p.second.value_or(*p.player2);
          const double s =
              tournaments::first_score(tournaments::outcome_named(*p.outcome).value_or(tournaments::Outcome::draw));
          score[name(first)] = s;
          score[name(second)] = 1 - s;
          if (s == 1) winner = first;
          if (s == 0) winner = second;
        }
        result = {{"winner", winner ? json(name(*winner)) : json()},
                  {"score", score},
                  {"how", p.how.value_or("played")},
                  {"game_score", p.score}};
      }
      list.push_back({{"table", p.table},
                      {"players", players},
                      {"pool", p.pool ? json(*p.pool) : json()},
                      {"listing", p.listing ? json(*p.listing) : json()},
                      {"game", p.game ? json(*p.game) : json()},
                      {"status", status},
                      {"sides", sides},
                      {"bid", bid},
                      {"result", result}});
    }
    out.push_back({{"number", r.number},
                   {"stage", r.stage},
                   {"name", r.name},
                   {"paired_at", r.paired_at},
                   {"deadline", unix_ms_to_iso8601(r.deadline_ms)},
                   {"finished_at", time_or_null(r.finished_at)},
                   {"pairings", list}});
  }
  call.answer(http::status::ok, {{"rounds", out}});
}

std::string_view tie_break_name(tournaments::TieBreak t) {
  switch (t) {
    case tournaments::TieBreak::sonneborn_berger:
      return "sonneborn_berger";
    case tournaments::TieBreak::buchholz:
      return "buchholz";
    case tournaments::TieBreak::median_buchholz:
      return "median_buchholz";
  }
  return "";
}

struct Loaded {
  TournamentRecord t;
  std::vector<storage::TournamentPlayerRecord> players;
  tournaments::TournamentState state;
};

Loaded load(ServerContext& context, const TournamentRecord& t) {
  auto players = context.tournaments->players(t.id);
  auto state = tournament_state(t, players, context.tournaments->rounds(t.id), context.tournaments->pairings(t.id));
  return {t, std::move(players), std::move(state)};
}

void standings(const Call& call) {
  const auto t = found(call);
  if (!t) return;
  const auto loaded = load(call.context, *t);
  const auto names = names_of(loaded.players);
  auto table = tournaments::standings(loaded.state);
  if (auto* error = std::get_if<tournaments::InputError>(&table))
    return call.error(ErrorCode::internal_error, "the standings cannot be worked out: " + error->message);
  const auto& s = std::get<tournaments::Standings>(table);
  json tiebreaks = json::array();
  for (const auto kind : s.tiebreaks) tiebreaks.push_back(tie_break_name(kind));
  json rows = json::array();
  for (const auto& row : s.rows) {
    json breaks = json::object();
    for (std::size_t i = 0; i < s.tiebreaks.size() && i < row.tiebreaks.size(); ++i)
      breaks[std::string(tie_break_name(s.tiebreaks[i]))] = row.tiebreaks[i];
    rows.push_back({{"rank", row.rank},
                    {"name", names.count(row.id) ? names.at(row.id) : std::string("?")},
                    {"score", row.score},
                    {"played", row.played},
                    {"wins", row.wins},
                    {"draws", row.draws},
                    {"losses", row.losses},
                    {"byes", row.byes},
                    {"tiebreaks", breaks},
                    {"withdrawn", row.withdrawn},
                    {"pool", row.pool ? json(*row.pool) : json()},
                    {"eliminated", row.eliminated}});
  }
  call.answer(http::status::ok, {{"tiebreaks", tiebreaks}, {"rows", rows}});
}

tournaments::TrfDate trf_date(const std::string& iso) {
  tournaments::TrfDate d;
  std::sscanf(iso.c_str(), "%d-%d-%d", &d.year, &d.month, &d.day);
  return d;
}

void trf(const Call& call) {
  const auto t = found(call);
  if (!t) return;
  const auto loaded = load(call.context, *t);
  tournaments::TrfTournament header;
  header.name = t->name;
  header.chief_arbiter = t->organiser_name;
  header.type = t->format.value("kind", "") + " (Warpath, " + title_name(call.context, t->title) + ")";
  if (t->started_at) header.start = trf_date(*t->started_at);
  if (t->finished_at) header.end = trf_date(*t->finished_at);
  for (const auto& r : call.context.tournaments->rounds(t->id)) header.round_dates.push_back(trf_date(r.paired_at));
  std::vector<tournaments::TrfPlayer> players;
  for (const auto& p : loaded.players) {
    tournaments::TrfPlayer player;
    player.id = p.account;
    player.name = p.name;
    player.rating = static_cast<int>(std::clamp<long>(std::lround(p.rating), 0, 9999));
    players.push_back(std::move(player));
  }
  const auto order =
      t->format.value("kind", "") == "round_robin" ? tournaments::pool_tie_breaks : tournaments::swiss_tie_breaks;
  auto text = tournaments::write_trf(header, players, tournaments::tournament_results(loaded.state), order);
  if (auto* error = std::get_if<tournaments::InputError>(&text))
    return call.error(ErrorCode::internal_error, "the report cannot be written: " + error->message);
  HttpResponse res{http::status::ok, call.request.version()};
  res.set(http::field::content_type, "text/plain; charset=utf-8");
  res.set(http::field::content_disposition, "attachment; filename=\"tournament-" + std::to_string(t->id) + ".trf\"");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(call.request.keep_alive());
  res.body() = std::get<std::string>(text);
  if (call.request.method() == http::verb::head) res.body().clear();
  res.prepare_payload();
  call.respond(std::move(res));
}

// ---- changes ----

void register_me(const Call& call) {
  if (!found(call)) return;
  auto result = std::make_shared<TournamentChange>(TournamentChange::stale);
  change_tournament(call, storage::TournamentStore::register_player(call.id, call.me(), utc_now_iso8601(), result),
                    result);
}

// A withdrawal while running resigns each of the player's games (a resignation move, so the
// game's history and record say so), then the director takes the results in.
void withdraw(const Call& call) {
  if (!found(call)) return;
  auto result = std::make_shared<TournamentChange>(TournamentChange::stale);
  auto games = std::make_shared<std::vector<std::int64_t>>();
  change_tournament(
      call, storage::TournamentStore::withdraw_player(call.id, call.me(), utc_now_iso8601(), result, games), result,
      [games](const Call& after) {
        auto& context = after.context;
        auto left = std::make_shared<std::atomic<int>>(static_cast<int>(games->size()) + 1);
        auto done = [left, request = after.request, respond = after.respond, session = after.session, id = after.id,
                     &context] {
          if (--*left == 0) direct_then_answer(Call{context, request, respond, session, id});
        };
        // Each where it is served: a game another node serves is resigned there, and the
        // director takes its result in at a later look.
        for (const auto game : *games)
          context.game_events.move(storage::ResignationDue{game, after.me(), {}}, [done,
                                                                                   game](ServerMoveOutcome outcome) {
            if (outcome.error)
              log(outcome.error->code == protocol::ErrorCode::overloaded ? LogLevel::warn : LogLevel::info,
                  "game " + std::to_string(game) + " of a withdrawn player not resigned: " + outcome.error->message);
            done();
          });
        done();
      });
}

void start(const Call& call) {
  const auto t = found(call);
  if (!t) return;
  if (t->organiser != call.me()) return call.error(ErrorCode::forbidden, "only the tournament's organiser starts it");
  if (t->status != "registration") return call.error(ErrorCode::tournament_started, "the tournament has started");
  if (t->players < t->min_players)
    return call.error(ErrorCode::too_few_players, "the tournament needs " + std::to_string(t->min_players) +
                                                      " players to start; it has " + std::to_string(t->players));
  auto& context = call.context;
  boost::asio::post(context.slow_work, [&context, request = call.request, respond = call.respond, id = call.id,
                                        asker = call.me(), site = origin(call)] {
    try {
      if (!start_or_cancel(context, id, site))
        return respond(error_response(request, ErrorCode::tournament_started,
                                      "the tournament changed meanwhile (started, cancelled or joined); look again"));
      direct_tournament(context, id, site);
    } catch (const std::exception& e) {
      log_error("tournament " + std::to_string(id) + " not started: " + e.what());
    }
    answer_tournament(context, request, respond, id, asker);
  });
}

void cancel(const Call& call) {
  const auto t = found(call);
  if (!t) return;
  if (t->organiser != call.me()) return call.error(ErrorCode::forbidden, "only the tournament's organiser cancels it");
  if (t->status != "registration")
    return call.error(ErrorCode::tournament_started, "a tournament is cancelled only before it starts");
  std::vector<storage::Notice> notices;
  for (const auto& p : call.context.tournaments->players(t->id))
    notices.push_back({p.account,
                       storage::NoticeKind::game_ended,
                       "Warpath: the tournament \"" + t->name + "\" is cancelled",
                       "The organiser cancelled the tournament \"" + t->name + "\" before it began.\n",
                       {{"type", "tournament_cancelled"}, {"tournament", t->id}, {"name", t->name}}});
  auto result = std::make_shared<TournamentChange>(TournamentChange::stale);
  change_tournament(
      call, storage::TournamentStore::cancel(t->id, utc_now_iso8601(), unix_now_seconds(), std::move(notices), result),
      result);
}

// ---- the table ----

struct TournamentRoute {
  std::vector<std::string_view> pattern;  // after /api/; ":id" a positive integer
  http::verb method;
  std::function<void(const Call&)> handle;
};

const std::vector<TournamentRoute>& route_table() {
  static const std::vector<TournamentRoute> table = {
      {{"tournaments"}, http::verb::get, list},
      {{"tournaments"}, http::verb::post, create},
      {{"tournaments", ":id"}, http::verb::get, show},
      {{"tournaments", ":id"}, http::verb::delete_, cancel},
      {{"tournaments", ":id", "register"}, http::verb::post, register_me},
      {{"tournaments", ":id", "withdraw"}, http::verb::post, withdraw},
      {{"tournaments", ":id", "start"}, http::verb::post, start},
      {{"tournaments", ":id", "rounds"}, http::verb::get, rounds},
      {{"tournaments", ":id", "standings"}, http::verb::get, standings},
      {{"tournaments", ":id", "trf"}, http::verb::get, trf},
  };
  return table;
}

std::optional<std::int64_t> matches(const TournamentRoute& route, const std::vector<std::string_view>& parts) {
  if (parts.size() != route.pattern.size()) return std::nullopt;
  std::int64_t id = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (route.pattern[i] == ":id") {
      const auto [end, ec] = std::from_chars(parts[i].data(), parts[i].data() + parts[i].size(), id);
      if (ec != std::errc() || end != parts[i].data() + parts[i].size() || id <= 0) return std::nullopt;
    } else if (route.pattern[i] != parts[i]) {
      return std::nullopt;
    }
  }
  return id;
}

json seat_json(const std::optional<storage::TournamentSeat>& seat) {
  if (!seat) return nullptr;
  return {{"id", seat->id}, {"name", seat->name}, {"round", seat->round}, {"table", seat->table}};
}

}  // namespace

json listing_tournament_json(ServerContext& context, std::int64_t listing) {
  return context.tournaments ? seat_json(context.tournaments->of_listing(listing)) : json();
}

json game_tournament_json(ServerContext& context, std::int64_t game) {
  return context.tournaments ? seat_json(context.tournaments->of_game(game)) : json();
}

bool tournament_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                       const boost::asio::ip::address&, const Respond& respond) {
  constexpr std::string_view prefix = "/api/tournaments";
  if (!target.starts_with(prefix) || !context.tournaments) return false;
  std::vector<std::string_view> parts;
  auto rest = target.substr(5);  // after "/api/"
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    parts.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  std::vector<std::pair<const TournamentRoute*, std::int64_t>> here;
  for (const auto& route : route_table())
    if (auto id = matches(route, parts)) here.emplace_back(&route, *id);
  if (here.empty()) return false;
  std::vector<http::verb> methods;
  for (const auto& h : here) methods.push_back(h.first->method);
  const auto taken = taken_method(request, methods, respond);
  if (!taken) return true;
  const auto session = checked_session(context, request, respond);
  if (!session) return true;
  here[*taken].first->handle(Call{context, request, respond, *session, here[*taken].second});
  return true;
}

}  // namespace warpath::server
