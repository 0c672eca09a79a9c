#include "server/api/http_api.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <string_view>
#include <variant>

#include "protocol/frame_check.hpp"
#include "protocol/limits.hpp"
#include "server/accounts/accounts.hpp"
#include "server/api/account_routes.hpp"
#include "server/api/clock_routes.hpp"
#include "server/api/game_creation.hpp"
#include "server/api/lobby_routes.hpp"
#include "server/api/rating_routes.hpp"
#include "server/api/static_files.hpp"
#include "server/api/title_data.hpp"
#include "server/api/tournament_routes.hpp"
#include "server/records/game_record.hpp"
#include "server/storage/match_loader.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server {

namespace http = boost::beast::http;
using nlohmann::json;

namespace {

http::status status_of(protocol::ErrorCode code) { return static_cast<http::status>(protocol::http_status(code)); }

std::string bearer_token(const HttpRequest& request) {
  auto it = request.find(http::field::authorization);
  if (it == request.end()) return {};
  std::string_view value = it->value();
  // RFC 9110 11.1: the scheme is case-insensitive, and one or more spaces follow it.
  constexpr std::string_view scheme = "bearer";
  if (value.size() <= scheme.size() || !boost::beast::iequals(value.substr(0, scheme.size()), scheme) ||
      value[scheme.size()] != ' ')
    return {};
  const auto start = value.find_first_not_of(' ', scheme.size());
  return start == std::string_view::npos ? std::string() : std::string(value.substr(start));
}

}  // namespace

std::optional<std::size_t> taken_method(const HttpRequest& request, const std::vector<http::verb>& methods,
                                        const Respond& respond) {
  std::string allow;
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const auto method = methods[i];
    if (request.method() == method || (method == http::verb::get && request.method() == http::verb::head)) return i;
    allow += (allow.empty() ? "" : ", ") + std::string(http::to_string(method));
    if (method == http::verb::get) allow += ", HEAD";
  }
  HttpResponse res = error_response(request, protocol::ErrorCode::method_not_allowed, "this resource takes " + allow);
  res.set(http::field::allow, allow);
  respond(std::move(res));
  return std::nullopt;
}

bool takes(const HttpRequest& request, const std::vector<http::verb>& methods, const Respond& respond) {
  return taken_method(request, methods, respond).has_value();
}

std::optional<json> json_body(const HttpRequest& request, const Respond& respond) {
  const std::string& body = request.body();
  std::optional<protocol::ErrorCode> problem;
  if (!protocol::is_valid_utf8(body))
    problem = protocol::ErrorCode::invalid_utf8;
  else if (protocol::nests_deeper_than(body, protocol::max_json_depth))
    problem = protocol::ErrorCode::too_deep;
  json parsed = !problem ? json::parse(body, nullptr, false) : json();
  if (!problem && parsed.is_discarded())
    problem = protocol::ErrorCode::invalid_json;
  else if (!problem && !parsed.is_object())
    problem = protocol::ErrorCode::bad_message;
  if (problem) {
    respond(error_response(request, *problem, "the body must be a JSON object"));
    return std::nullopt;
  }
  return parsed;
}

std::string origin_of(const ServerContext& context, const HttpRequest& request) {
  if (!context.public_url.empty()) return context.public_url;
  auto host = request.find(http::field::host);
  return "http://" + std::string(host == request.end() ? "localhost" : std::string_view(host->value()));
}

std::optional<std::string_view> query_parameter(const HttpRequest& request, std::string_view name) {
  std::string_view target = request.target();
  const auto question = target.find('?');
  if (question == std::string_view::npos) return std::nullopt;
  std::string_view query = target.substr(question + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == name) return eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

// A query parameter that must be an integer from `min` to `max` when present.
RoomHandle acquire_room(ServerContext& context, const HttpRequest& request, protocol::GameId game,
                        const Respond& respond) {
  RoomHandle room = context.rooms.acquire(game);
  if (!room) {
    context.metrics.refused(protocol::to_string(protocol::ErrorCode::overloaded));
    respond(error_response(request, protocol::ErrorCode::overloaded, RoomRegistry::full_message));
  }
  return room;
}

namespace {

json seat_answer_json(protocol::GameId game, const SeatAnswer& answer) {
  json out = {{"game", game},
              {"seat", answer.seat},
              {"version", answer.version},
              {"view", answer.view},
              {"seat_keys", answer.seat_keys},
              {"hash", answer.hash},
              {"log_size", answer.log_size}};
  if (!answer.clocks.is_null()) out["clocks"] = answer.clocks;
  if (!answer.orders.is_null()) out["orders"] = answer.orders;
  return out;
}

std::variant<std::optional<std::uint64_t>, std::string> count_parameter(const HttpRequest& request,
                                                                        std::string_view name, std::uint64_t min,
                                                                        std::uint64_t max) {
  auto text = query_parameter(request, name);
  if (!text) return std::optional<std::uint64_t>();
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || end != text->data() + text->size() || value < min || value > max)
    return "'" + std::string(name) + "' must be an integer from " + std::to_string(min) + " to " + std::to_string(max);
  return std::optional<std::uint64_t>(value);
}

// A room's lease, or null after answering `overloaded` (too many rooms loaded, none idle).
void create_game_route(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& client,
                       Respond respond) {
  auto body = json_body(request, respond);
  if (!body) return;
  if (auto wait = context.game_creations.refuse(client.to_string()))
    return respond(rate_limited_response(context, request, *wait, "games created from this address"));
  GameRequest game;
  const auto title = body->find("title");
  if (title == body->end() || !title->is_string())
    return respond(error_response(request, protocol::ErrorCode::bad_message, "'title' must be a string"));
  game.title = title->get<std::string>();
  if (auto s = body->find("scenario"); s != body->end()) {
    if (!s->is_string())
      return respond(error_response(request, protocol::ErrorCode::bad_message, "'scenario' must be a string"));
    game.scenario = s->get<std::string>();
  }
  if (auto o = body->find("options"); o != body->end() && !o->is_null()) {
    if (!o->is_object())
      return respond(error_response(request, protocol::ErrorCode::bad_message, "'options' must be an object"));
    game.options = *o;
  }
  if (auto seed = body->find("seed"); seed != body->end() && !seed->is_null()) {
    // Seeds stay exact in every JSON reader, JavaScript's included.
    constexpr std::int64_t max_seed = (std::int64_t{1} << 53) - 1;
    if (!seed->is_number_integer() || seed->get<std::int64_t>() < 0 || seed->get<std::int64_t>() > max_seed)
      return respond(
          error_response(request, protocol::ErrorCode::bad_message, "'seed' must be an integer from 0 to 2^53-1"));
    game.seed = seed->get<std::uint64_t>();
  }
  if (auto t = body->find("time_control"); t != body->end()) {
    auto parsed = clocks::parse_time_control(*t);
    if (auto* problem = std::get_if<std::string>(&parsed))
      return respond(error_response(request, protocol::ErrorCode::bad_message, *problem));
    game.time_control = std::get<std::optional<clocks::TimeControl>>(parsed);
  }
  const std::string origin = origin_of(context, request);
  create_game(context, std::move(game), [request, respond, origin](CreationResult result) {
    if (auto* error = std::get_if<RoomError>(&result))
      return respond(error_response(request, error->code, error->message));
    const auto& created = std::get<CreatedGame>(result);
    respond(json_response(request, http::status::created,
                          {{"id", created.id}, {"seats", created.tokens}, {"links", seat_links(origin, created)}}));
  });
}

}  // namespace

void respond_seat_answer(const HttpRequest& request, protocol::GameId game, Respond respond, SeatAnswer answer) {
  if (answer.error) {
    return respond(room_error_response(request, *answer.error,
                                       answer.seat.empty() ? json::object() : json{{"version", answer.version}}));
  }
  respond(json_response(request, http::status::ok, seat_answer_json(game, answer)));
}

std::optional<SeatClaim> seat_claim(ServerContext& context, const HttpRequest& request, bool changes,
                                    const Respond& respond) {
  SeatClaim claim{bearer_token(request), std::nullopt};
  if (!claim.token.empty()) return claim;
  const auto session = request_session(context, request);
  if (!session) return claim;
  if (changes && !accounts::csrf_matches(*session, std::string_view(request["X-CSRF-Token"]))) {
    context.metrics.refused(protocol::to_string(protocol::ErrorCode::csrf_failed));
    respond(error_response(request, protocol::ErrorCode::csrf_failed, "send the session's CSRF token in X-CSRF-Token"));
    return std::nullopt;
  }
  claim.account = session->account;
  return claim;
}

std::optional<PlayerRequest> player_request(ServerContext& context, const HttpRequest& request, protocol::GameId game,
                                            bool changes, const Respond& respond) {
  auto claim = seat_claim(context, request, changes, respond);
  if (!claim) return std::nullopt;
  if (claim->token.empty() && !claim->account) {
    respond(error_response(request, protocol::ErrorCode::bad_token,
                           "send the seat token as a Bearer token, or log in as the seat's player"));
    return std::nullopt;
  }
  RoomHandle room = acquire_room(context, request, game, respond);
  if (!room) return std::nullopt;
  return PlayerRequest{std::move(*claim), std::move(room)};
}

namespace {

void submit_action(ServerContext& context, const HttpRequest& request, protocol::GameId game, Respond respond) {
  auto body = json_body(request, respond);
  if (!body) return;
  const auto version = body->find("version");
  if (version == body->end() || !version->is_number_integer() || version->get<std::int64_t>() < 0)
    return respond(error_response(request, protocol::ErrorCode::bad_message, "'version' must be an integer >= 0"));
  const auto verb = body->find("verb");
  if (verb == body->end() || !verb->is_string() || verb->get_ref<const std::string&>().empty())
    return respond(error_response(request, protocol::ErrorCode::bad_message, "'verb' must be a non-empty string"));
  engine::Action action{verb->get<std::string>(), body->value("arg", json())};
  if (!engine::is_well_formed(action))
    return respond(
        error_response(request, protocol::ErrorCode::malformed, "'arg' must be null, a string or an integer"));
  auto player = player_request(context, request, game, true, respond);
  if (!player) return;
  player->room->act_for(
      player->room, std::move(player->claim), version->get<std::uint64_t>(), std::move(action),
      [request, game, respond](SeatAnswer answer) { respond_seat_answer(request, game, respond, std::move(answer)); });
}

// Standing orders (docs/PROTOCOL.md): GET and PUT /api/games/{id}/orders, POST /api/games/{id}/pass,
// for the seat's own holder. The bodies are the WebSocket messages' fields, read by the same code.
void orders_route(ServerContext& context, const HttpRequest& request, protocol::GameId game, bool pass,
                  Respond respond) {
  std::optional<OrdersChange> change;
  if (request.method() != http::verb::get) {
    auto body = json_body(request, respond);
    if (!body) return;
    if (pass) {
      auto fields = protocol::pass_for_fields(*body, game);
      if (auto* bad = std::get_if<protocol::ProtocolError>(&fields))
        return respond(error_response(request, bad->code, bad->message));
      const auto& p = std::get<protocol::PassFor>(fields);
      change = OrdersChange{std::nullopt, false, p.scope, p.version};
    } else {
      auto fields = protocol::set_orders_fields(*body, game);
      if (auto* bad = std::get_if<protocol::ProtocolError>(&fields))
        return respond(error_response(request, bad->code, bad->message));
      auto& s = std::get<protocol::SetOrders>(fields);
      change = OrdersChange{std::move(s.auto_pass), s.cancel_passing, std::nullopt, 0};
    }
  }
  auto player = player_request(context, request, game, change.has_value(), respond);
  if (!player) return;
  player->room->orders_for(
      player->room, std::move(player->claim), std::move(change), [request, game, respond](OrdersAnswer answer) {
        if (answer.error)
          return respond(room_error_response(request, *answer.error,
                                             answer.version ? json{{"version", *answer.version}} : json::object()));
        respond(json_response(
            request, http::status::ok,
            {{"game", game}, {"seat", answer.seat}, {"version", *answer.version}, {"orders", answer.orders}}));
      });
}

void log_route(ServerContext& context, const HttpRequest& request, protocol::GameId game, Respond respond) {
  auto before = count_parameter(request, "before", 0, protocol::max_json_integer);
  auto limit = count_parameter(request, "limit", 1, protocol::max_log_page_lines);
  for (const auto* bad : {std::get_if<std::string>(&before), std::get_if<std::string>(&limit)})
    if (bad) return respond(error_response(request, protocol::ErrorCode::bad_message, *bad));
  RoomHandle room = acquire_room(context, request, game, respond);
  if (!room) return;
  const auto before_line = std::get<std::optional<std::uint64_t>>(before);
  auto claim = seat_claim(context, request, false, respond);
  if (!claim) return;
  room->log_for(room, std::move(*claim), before_line ? std::optional<std::size_t>(*before_line) : std::nullopt,
                std::get<std::optional<std::uint64_t>>(limit).value_or(protocol::default_log_page_lines),
                [request, respond](LogAnswer answer) {
                  if (answer.error) return respond(room_error_response(request, *answer.error));
                  respond(json_response(request, http::status::ok, answer.page));
                });
}

// A game as a request may see it, with the role the request holds in it (its seat token's or its
// session account's); nullopt after answering: no such game, a token of no seat, or a private game
// (seen by its players only, to others it does not exist).
struct GameAccess {
  storage::GameRecord game;
  std::optional<std::string> role;
};
std::optional<GameAccess> game_access(ServerContext& context, const HttpRequest& request, protocol::GameId id,
                                      const Respond& respond) {
  auto game = context.store.game(id);
  if (!game) {
    respond(error_response(request, protocol::ErrorCode::unknown_game, "no such game"));
    return std::nullopt;
  }
  auto claim = seat_claim(context, request, false, respond);
  if (!claim) return std::nullopt;
  auto role = role_held(*claim, context.store.seat_hashes(id), context.store.game_players(id));
  if (!claim->token.empty() && !role) {
    respond(error_response(request, protocol::ErrorCode::bad_token, "that token holds no seat of this game"));
    return std::nullopt;
  }
  if (!role && context.store.is_private(id)) {
    respond(error_response(request, protocol::ErrorCode::unknown_game, "no such game"));
    return std::nullopt;
  }
  return GameAccess{std::move(*game), std::move(role)};
}

// The game's record (server/records/game_record.hpp): moves, times, hash chain and, once the game
// is over, its seed. A private game's only for its players.
void record_route(ServerContext& context, const HttpRequest& request, protocol::GameId id, const Respond& respond) {
  const auto access = game_access(context, request, id, respond);
  if (!access) return;
  const auto& game = access->game;
  const auto players = context.lobby.game_players(id);
  records::RecordSource source;
  source.game = id;
  source.title = game.title;
  source.rules = game.rules_version.empty() ? std::string("warpath ") + WARPATH_VERSION : game.rules_version;
  source.scenario = game.scenario;
  source.options = game.options;
  for (const auto& p : players) source.players.push_back({{"role", p.role}, {"name", p.name}});
  source.created = game.created_at;
  source.seed_commitment = game.seed_commitment;
  source.over = game.status == "over";
  source.seed = game.seed;
  source.seed_nonce = game.seed_nonce;
  source.result = game.result;
  if (const auto bidding = context.lobby.bidding_of_game(id))
    if (const auto listing = context.lobby.listing(bidding->listing))
      source.bidding = bidding_record(context, *listing, *bidding, players);
  for (auto& m : context.store.move_history(id))
    source.moves.push_back({m.seq, std::move(m.move.role), std::move(m.move.action.verb), std::move(m.move.action.arg),
                            std::move(m.time)});
  HttpResponse res = json_response(request, http::status::ok, records::build_record(source));
  res.set(http::field::content_disposition, "attachment; filename=\"warpath-game-" + std::to_string(id) + ".json\"");
  res.set(http::field::cache_control, "no-store");
  respond(std::move(res));
}

// The number of characters (code points) of a valid UTF-8 text.
std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// Private notes (docs/PROTOCOL.md, "Notes"): GET and PUT /api/games/{id}/notes, the requesting
// player's own note in the game. The role is the one the request holds (its seat token's, or its
// session account's): nobody names another role's note, so the opponent, spectators and strangers
// never read it; no view, log, record, replay or mail carries it.
void notes_route(ServerContext& context, const HttpRequest& request, protocol::GameId id, bool put,
                 const Respond& respond) {
  if (!context.notes) return respond(error_response(request, protocol::ErrorCode::internal_error, "no note store"));
  const auto game = context.store.game(id);
  if (!game) return respond(error_response(request, protocol::ErrorCode::unknown_game, "no such game"));
  auto claim = seat_claim(context, request, put, respond);
  if (!claim) return;
  if (claim->token.empty() && !claim->account)
    return respond(error_response(request, protocol::ErrorCode::bad_token,
                                  "send the seat token as a Bearer token, or log in as the seat's player"));
  const auto role = role_held(*claim, context.store.seat_hashes(id), context.store.game_players(id));
  if (!role) {
    if (!claim->token.empty())
      return respond(error_response(request, protocol::ErrorCode::bad_token, "that token holds no seat of this game"));
    if (context.store.is_private(id))
      return respond(error_response(request, protocol::ErrorCode::unknown_game, "no such game"));
    return respond(error_response(request, protocol::ErrorCode::spectator, "only the game's players keep notes in it"));
  }
  auto answer = [request, respond, id, seat = *role](const std::string& text, const json& updated) {
    HttpResponse res =
        json_response(request, http::status::ok, {{"game", id}, {"seat", seat}, {"text", text}, {"updated", updated}});
    res.set(http::field::cache_control, "no-store");
    respond(std::move(res));
  };
  if (!put) {
    const auto note = context.notes->note(id, *role);
    return note ? answer(note->text, note->updated) : answer(std::string(), nullptr);
  }
  const auto body = json_body(request, respond);
  if (!body) return;
  const auto text = body->find("text");
  if (text == body->end() || !text->is_string())
    return respond(error_response(request, protocol::ErrorCode::bad_message, "'text' must be a string"));
  const std::string& value = text->get_ref<const std::string&>();
  if (const auto length = utf8_length(value); length > protocol::max_note_chars)
    return respond(error_response(request, protocol::ErrorCode::note_too_long,
                                  "a note holds at most " + std::to_string(protocol::max_note_chars) +
                                      " characters; this one has " + std::to_string(length)));
  const std::string updated = utc_now_iso8601();
  context.commits.submit(
      storage::NoteStore::save_note(id, *role, value, updated),
      [request, respond, answer, value, updated](std::optional<std::string> error) {
        if (error) {
          log_error("note not stored: " + *error);
          return respond(error_response(request, protocol::ErrorCode::storage_error, "the note could not be stored"));
        }
        answer(value, updated);
      });
}

// A seat's view at an earlier version, rebuilt by replay: a running game's seat for its holder
// (and the spectators' for anyone who may watch), any seat of a finished game for anyone who may
// watch it. The view is built as live (GameFeed), so it is the view that seat was sent then.
void replay_route(ServerContext& context, const HttpRequest& request, protocol::GameId id, const Respond& respond) {
  const auto access = game_access(context, request, id, respond);
  if (!access) return;
  const auto& game = access->game;
  const auto& held = access->role;
  const auto* module = context.games.find(game.title);
  if (!module) return respond(error_response(request, protocol::ErrorCode::unknown_game, "no such game"));
  const auto version = count_parameter(request, "version", 0, game.version);
  const auto log_before = count_parameter(request, "log_before", 0, protocol::max_json_integer);
  const auto log_limit = count_parameter(request, "log_limit", 1, protocol::max_log_page_lines);
  for (const auto* bad : {std::get_if<std::string>(&version), std::get_if<std::string>(&log_before),
                          std::get_if<std::string>(&log_limit)})
    if (bad) return respond(error_response(request, protocol::ErrorCode::bad_message, *bad));
  const std::string seat(query_parameter(request, "seat").value_or(held ? *held : std::string(engine::spectator_seat)));
  const auto& roles = module->info().roles;
  if (seat != engine::spectator_seat && std::find(roles.begin(), roles.end(), seat) == roles.end())
    return respond(error_response(request, protocol::ErrorCode::unknown_seat, "this game has no seat '" + seat + "'"));
  if (game.status != "over" && seat != engine::spectator_seat && held != seat)
    return respond(error_response(request, protocol::ErrorCode::bad_token,
                                  "while the game is on, a seat's moves are stepped through by its holder only"));
  try {
    auto match = storage::match_at(*module, game, context.store,
                                   std::get<std::optional<std::uint64_t>>(version).value_or(game.version));
    std::vector<std::string> seats = roles;
    seats.emplace_back(engine::spectator_seat);
    protocol::GameFeed feed(id, match, std::move(seats));
    // As the room's feed (server/rooms/room.cpp): lines older than the state holds come from the
    // stored moves, here those up to the replayed version.
    feed.set_older_lines(storage::stored_log_lines(*module, game, context.store, [&match] { return match.version(); }));
    auto seen = feed.seat_view(match, seat);
    // The seat's log at that version: its size and a page of lines (the newest by default).
    auto page =
        feed.log_json(match, seat, std::get<std::optional<std::uint64_t>>(log_before).value_or(seen.log_size),
                      std::get<std::optional<std::uint64_t>>(log_limit).value_or(protocol::default_log_page_lines));
    respond(json_response(request, http::status::ok,
                          {{"game", id},
                           {"seat", seat},
                           {"version", seen.version},
                           {"view", std::move(seen.view)},
                           {"hash", seen.hash},
                           {"log_size", seen.log_size},
                           {"log", {{"from", page["from"]}, {"lines", std::move(page["lines"])}}}}));
  } catch (const std::exception& e) {
    log_error("game " + std::to_string(id) + ": replay failed: " + e.what());
    respond(error_response(request, protocol::ErrorCode::internal_error, "the game could not be replayed"));
  }
}

std::optional<protocol::GameId> parse_id(std::string_view text) {
  protocol::GameId id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

void game_routes(ServerContext& context, const HttpRequest& request, std::string_view rest, Respond respond) {
  const auto slash = rest.find('/');
  const auto id = parse_id(rest.substr(0, slash));
  if (!id) return respond(error_response(request, protocol::ErrorCode::unknown_game, "no such game"));
  const std::string_view tail = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
  if (tail.empty()) {
    if (!takes(request, {http::verb::get}, respond)) return;
    auto record = context.store.game(*id);
    if (!record) return respond(error_response(request, protocol::ErrorCode::unknown_game, "no such game"));
    json answer = record->to_json();
    answer["bidding"] = game_bidding_json(context, *id);
    answer["tournament"] = game_tournament_json(context, *id);
    return respond(json_response(request, http::status::ok, answer));
  }
  if (tail == "/view") {
    if (!takes(request, {http::verb::get}, respond)) return;
    RoomHandle room = acquire_room(context, request, *id, respond);
    if (!room) return;
    auto claim = seat_claim(context, request, false, respond);
    if (!claim) return;
    return room->view_for(room, std::move(*claim), [request, id = *id, respond](SeatAnswer answer) {
      respond_seat_answer(request, id, respond, std::move(answer));
    });
  }
  if (tail == "/actions") {
    if (takes(request, {http::verb::post}, respond)) submit_action(context, request, *id, respond);
    return;
  }
  if (tail == "/orders") {
    if (takes(request, {http::verb::get, http::verb::put}, respond))
      orders_route(context, request, *id, false, respond);
    return;
  }
  if (tail == "/pass") {
    if (takes(request, {http::verb::post}, respond)) orders_route(context, request, *id, true, respond);
    return;
  }
  if (tail == "/notes") {
    if (const auto method = taken_method(request, {http::verb::get, http::verb::put}, respond))
      notes_route(context, request, *id, *method == 1, respond);
    return;
  }
  if (tail == "/log") {
    if (takes(request, {http::verb::get}, respond)) log_route(context, request, *id, respond);
    return;
  }
  if (tail == "/replay") {
    if (takes(request, {http::verb::get}, respond)) replay_route(context, request, *id, respond);
    return;
  }
  if (tail == "/record") {
    if (takes(request, {http::verb::get}, respond)) record_route(context, request, *id, respond);
    return;
  }
  if (tail == "/claim-timeout") {
    if (takes(request, {http::verb::post}, respond)) claim_timeout_route(context, request, *id, respond);
    return;
  }
  respond(error_response(request, protocol::ErrorCode::not_found, "no such resource"));
}

}  // namespace

HttpResponse json_response(const HttpRequest& request, http::status status, const json& body) {
  HttpResponse res{status, request.version()};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(request.keep_alive());
  res.body() = body.dump();
  res.prepare_payload();
  return res;
}

HttpResponse error_response(const HttpRequest& request, protocol::ErrorCode code, const std::string& message,
                            const json& details) {
  json error = {{"code", protocol::to_string(code)}, {"message", message}};
  error.update(details);
  return json_response(request, status_of(code), {{"error", std::move(error)}});
}

HttpResponse room_error_response(const HttpRequest& request, const RoomError& error, const json& details) {
  if (error.elsewhere) return moved_response(request, error.elsewhere->node, error.elsewhere->retry_after_ms);
  return error_response(request, error.code, error.message, details);
}

HttpResponse moved_response(const HttpRequest& request, std::string_view node, std::int64_t retry_after_ms) {
  // The node id as one path segment: unreserved characters as they are, the rest %-escaped.
  std::string location = "/node/";
  for (const unsigned char c : node) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      location += static_cast<char>(c);
    } else {
      constexpr char hex[] = "0123456789ABCDEF";
      location += '%';
      location += hex[c >> 4];
      location += hex[c & 15];
    }
  }
  location += request.target();
  HttpResponse res =
      error_response(request, protocol::ErrorCode::moved, "the game is served by node " + std::string(node),
                     {{"node", node}, {"retry_after_ms", std::max<std::int64_t>(0, retry_after_ms)}});
  res.set(http::field::location, location);
  return res;
}

HttpResponse rate_limited_response(ServerContext& context, const HttpRequest& request, double seconds_to_wait,
                                   const std::string& what) {
  context.metrics.refused(protocol::to_string(protocol::ErrorCode::rate_limited));
  const auto wait = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(seconds_to_wait)));
  HttpResponse res =
      error_response(request, protocol::ErrorCode::rate_limited,
                     "too many " + what + "; try again in " + std::to_string(wait) + " s", {{"retry_after", wait}});
  res.set(http::field::retry_after, std::to_string(wait));
  return res;
}

namespace {

// Exactly one answer per request: the first one given is sent, later ones are dropped (a bug,
// logged), and a request whose handler threw or let go of its callback without answering gets
// internal_error when the last copy goes.
class OneAnswer {
 public:
  OneAnswer(const HttpRequest& request, Respond respond) : respond_(std::move(respond)) {
    head_.base() = request.base();
  }
  ~OneAnswer() {
    if (answered_) return;
    try {
      give(error_response(head_, protocol::ErrorCode::internal_error, "the server failed to answer"),
           /*fallback=*/true);
    } catch (...) {
      // Nothing more can be done for this request; the connection's timeout closes it.
    }
  }
  OneAnswer(const OneAnswer&) = delete;
  OneAnswer& operator=(const OneAnswer&) = delete;

  void give(HttpResponse response, bool fallback = false) {
    if (answered_.exchange(true)) {
      if (!fallback) log_error("a second answer to " + std::string(head_.target()) + " was dropped");
      return;
    }
    if (fallback) log_error("no answer was given to " + std::string(head_.target()));
    respond_(std::move(response));
  }

 private:
  HttpRequest head_;
  Respond respond_;
  std::atomic<bool> answered_{false};
};

void route(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& client,
           const Respond& respond) {
  std::string_view target = request.target();
  target = target.substr(0, target.find('?'));
  if (target == "/healthz") {
    if (takes(request, {http::verb::get}, respond))
      respond(json_response(request, http::status::ok,
                            {{"status", "ok"},
                             {"rooms_loaded", context.rooms.loaded()},
                             {"websockets", context.metrics.open_websockets.load()}}));
    return;
  }
  if (target == "/metrics") {
    if (!takes(request, {http::verb::get}, respond)) return;
    HttpResponse res{http::status::ok, request.version()};
    res.set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(request.keep_alive());
    res.body() = context.metrics.render(
        {{"warpath_connections_open", "Open connections, HTTP and WebSocket.",
          static_cast<double>(context.gate.open())},
         {"warpath_websockets_open", "Open WebSocket connections.",
          static_cast<double>(context.metrics.open_websockets.load())},
         {"warpath_rooms_loaded", "Games loaded in memory.", static_cast<double>(context.rooms.loaded())},
         {"warpath_commit_transactions", "Database transactions committed (each holds every write queued).",
          static_cast<double>(context.commits.stats().transactions)},
         {"warpath_commit_writes", "Writes committed (moves, snapshots, chat, games).",
          static_cast<double>(context.commits.stats().writes)}});
    if (request.method() == http::verb::head) res.body().clear();
    res.prepare_payload();
    return respond(std::move(res));
  }
  if (account_routes(context, request, target, client, respond)) return;
  if (lobby_routes(context, request, target, client, respond)) return;
  if (rating_routes(context, request, target, respond)) return;
  if (tournament_routes(context, request, target, client, respond)) return;
  if (target == "/api/time-controls") return time_controls_route(request, respond);
  if (target == "/api/titles") {
    if (!takes(request, {http::verb::get}, respond)) return;
    json titles = json::array();
    for (const auto* module : context.games.all()) titles.push_back(module->info().to_json());
    return respond(json_response(request, http::status::ok, {{"titles", titles}}));
  }
  if (target == "/api/games") {
    if (!takes(request, {http::verb::get, http::verb::post}, respond)) return;
    if (request.method() == http::verb::post) return create_game_route(context, request, client, respond);
    json games = json::array();
    for (const auto& g : context.store.recent_games(100)) games.push_back(g.to_json());
    return respond(json_response(request, http::status::ok, {{"games", games}}));
  }
  constexpr std::string_view titles_prefix = "/api/titles/";
  if (target.starts_with(titles_prefix) && target.ends_with("/data")) {
    if (!takes(request, {http::verb::get}, respond)) return;
    const std::string_view title = target.substr(titles_prefix.size(), target.size() - titles_prefix.size() - 5);
    return respond(title_data_response(context.games, request, title));
  }
  constexpr std::string_view games_prefix = "/api/games/";
  if (target.starts_with(games_prefix))
    return game_routes(context, request, target.substr(games_prefix.size()), respond);
  if (target.starts_with("/api/"))
    return respond(error_response(request, protocol::ErrorCode::not_found, "no such resource"));
  if (takes(request, {http::verb::get}, respond)) respond(serve_static_file(context.web_root, request));
}

}  // namespace

void handle_http(ServerContext& context, const HttpRequest& request, const boost::asio::ip::address& client,
                 Respond respond) {
  auto answer = std::make_shared<OneAnswer>(request, std::move(respond));
  const Respond once = [answer](HttpResponse response) { answer->give(std::move(response)); };
  try {
    route(context, request, client, once);
  } catch (const std::exception& e) {
    log_error(std::string("HTTP handler failed: ") + e.what());
    once(error_response(request, protocol::ErrorCode::internal_error, "the server failed to answer"));
  }
}

bool origin_allowed(const ServerContext& context, const HttpRequest& request) {
  const auto origin = request.find(http::field::origin);
  if (origin == request.end()) return true;  // not sent by a browser's page
  const std::string_view value = origin->value();
  const auto matches = [value](std::string_view allowed) { return boost::beast::iequals(value, allowed); };
  if (!context.limits.allowed_origins.empty())
    return std::any_of(context.limits.allowed_origins.begin(), context.limits.allowed_origins.end(), matches);
  if (!context.public_url.empty()) return matches(context.public_url);
  const auto host = request.find(http::field::host);
  if (host == request.end()) return false;
  return matches("http://" + std::string(host->value())) || matches("https://" + std::string(host->value()));
}

}  // namespace warpath::server
