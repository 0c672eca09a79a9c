#include "server/api/lobby_routes.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <future>
#include <memory>
#include <vector>

#include "server/api/account_routes.hpp"
#include "server/api/bidding_work.hpp"
#include "server/api/game_creation.hpp"
#include "server/api/rating_routes.hpp"
#include "server/api/tournament_routes.hpp"
#include "server/bidding/bidding.hpp"
#include "server/records/game_record.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server {

namespace http = boost::beast::http;
using nlohmann::json;
using protocol::ErrorCode;
using storage::ListingRecord;

namespace {

constexpr int open_listings_shown = 200;

// What a route was asked about: the listing or game id, or the player's name, in its path.
struct Path {
  std::int64_t id = 0;
  std::string name;
};

struct Call {
  ServerContext& context;
  const HttpRequest& request;
  const Respond& respond;
  const storage::SessionRecord& session;
  Path path;

  void error(ErrorCode code, const std::string& message) const {
    if (code == ErrorCode::forbidden) context.metrics.refused(protocol::to_string(code));
    respond(error_response(request, code, message));
  }
  void answer(http::status status, const json& body) const { respond(json_response(request, status, body)); }
  std::int64_t me() const { return session.account; }
};

json listing_json(ServerContext& context, const ListingRecord& l, std::optional<std::int64_t> asker) {
  json players = json::array();
  std::vector<std::string> taken;
  for (const auto& p : l.players) {
    players.push_back({{"name", p.name},
                       {"role", p.role ? json(*p.role) : json()},
                       {"rating", listed_rating(context, l.title, p.account)}});
    if (p.role) taken.push_back(*p.role);
  }
  json open_roles = json::array();
  if (const auto* module = context.games.find(l.title); module && l.status == "open" && !l.in_bidding)
    for (const auto& role : module->info().roles)
      if (std::find(taken.begin(), taken.end(), role) == taken.end()) open_roles.push_back(role);
  return {{"id", l.id},
          {"title", l.title},
          {"scenario", l.scenario},
          {"options", l.options},
          {"rated", l.rated},
          {"private", l.is_private},
          {"status", l.in_bidding ? std::string("bidding") : l.status},
          {"owner", l.owner_name},
          {"players", players},
          {"open_roles", open_roles},
          {"invitee", l.invitee ? json(l.invitee_name) : json()},
          {"game", l.game ? json(*l.game) : json()},
          {"rematch_of", l.rematch_of ? json(*l.rematch_of) : json()},
          {"time_control", l.time_control},
          {"bidding", bidding_json(context, l, asker)},
          {"tournament", l.tournament ? listing_tournament_json(context, l.id) : json()},
          {"created", l.created_at}};
}

json listings_json(ServerContext& context, const std::vector<ListingRecord>& listings,
                   std::optional<std::int64_t> asker) {
  json out = json::array();
  for (const auto& l : listings) out.push_back(listing_json(context, l, asker));
  return out;
}

// The listing as its caller may see it: a private one only by its players and invitee (to anyone
// else it does not exist).
std::optional<ListingRecord> visible_listing(const Call& call) {
  auto l = call.context.lobby.listing(call.path.id);
  if (!l || (l->is_private && !l->has_player(call.me()) && l->invitee != call.me())) {
    call.error(ErrorCode::unknown_listing, "no such listing");
    return std::nullopt;
  }
  return l;
}

// Commits the work, then answers with the listing — or `listing_closed` when the work found it
// changed since it was read.
void change_listing(const Call& call, storage::CommitQueue::Work work, std::shared_ptr<storage::ListingChange> change,
                    http::status status = http::status::ok) {
  auto& context = call.context;
  const auto request = call.request;
  const auto respond = call.respond;
  const auto id = call.path.id;
  const auto asker = call.me();
  context.commits.submit(
      std::move(work), [&context, request, respond, change, id, status, asker](std::optional<std::string> error) {
        if (error) {
          log_error("lobby change not stored: " + *error);
          return respond(error_response(request, ErrorCode::storage_error, "the change could not be stored"));
        }
        if (!change->done)
          return respond(error_response(request, ErrorCode::listing_closed,
                                        "the listing changed meanwhile (joined, cancelled or started); look again"));
        wake_outbox(context);
        const auto l = context.lobby.listing(id);
        if (!l) return respond(error_response(request, ErrorCode::internal_error, "the listing is missing"));
        respond(json_response(request, status, {{"listing", listing_json(context, *l, asker)}}));
      });
}

std::optional<std::string> optional_text(const Call& call, const json& body, const char* name) {
  if (!body.contains(name) || body.at(name).is_null()) return std::nullopt;
  if (!body.at(name).is_string()) {
    call.error(ErrorCode::bad_message, std::string("'") + name + "' must be a string");
    throw std::invalid_argument(name);
  }
  return body.at(name).get<std::string>();
}

bool optional_flag(const Call& call, const json& body, const char* name) {
  if (!body.contains(name) || body.at(name).is_null()) return false;
  if (!body.at(name).is_boolean()) {
    call.error(ErrorCode::bad_message, std::string("'") + name + "' must be true or false");
    throw std::invalid_argument(name);
  }
  return body.at(name).get<bool>();
}

storage::Notice invitation_notice(const Call& call, std::int64_t invitee, const std::string& owner_name,
                                  const std::string& title, const std::string& scenario) {
  const std::string what = title_name(call.context, title) + " (" + scenario + ")";
  return {invitee,
          storage::NoticeKind::invitation,
          "Warpath: " + owner_name + " invites you to a game of " + what,
          owner_name + " invites you to play " + what + " on Warpath. Accept or decline in the lobby:\n\n" +
              origin_of(call.context, call.request) + "/\n",
          {{"type", "invitation"}, {"from", owner_name}, {"title", title}, {"scenario", scenario}}};
}

// The account to invite, by name: a live account, not the caller.
std::optional<std::int64_t> invitee_named(const Call& call, const std::string& name) {
  const auto id = call.context.lobby.live_account_named(name);
  if (!id) {
    call.error(ErrorCode::unknown_player, "no player is called '" + name + "'");
    return std::nullopt;
  }
  if (*id == call.me()) {
    call.error(ErrorCode::bad_message, "you cannot invite yourself");
    return std::nullopt;
  }
  if (auto wait = call.context.invitations.refuse(call.me())) {
    call.respond(rate_limited_response(call.context, call.request, *wait, "invitations from this account"));
    return std::nullopt;
  }
  return id;
}

std::string my_name(const Call& call) {
  const auto account = call.context.accounts.account(call.me());
  return account ? account->name : std::string("someone");
}

// ---- listings ----

// Stores a proposed game (one of the account's proposals per hour) with its notices, and answers
// 201 with it.
void store_listing(const Call& call, storage::NewListing listing, std::vector<storage::Notice> notices) {
  if (auto wait = call.context.lobby_games.refuse(call.me()))
    return call.respond(rate_limited_response(call.context, call.request, *wait, "games proposed by this account"));
  auto id = std::make_shared<storage::ListingId>(0);
  auto& context = call.context;
  const auto request = call.request;
  const auto respond = call.respond;
  const auto asker = call.me();
  context.commits.submit(
      storage::LobbyStore::create_listing(std::move(listing), utc_now_iso8601(), unix_now_seconds(), std::move(notices),
                                          id),
      [&context, request, respond, id, asker](std::optional<std::string> error) {
        if (error) return respond(error_response(request, ErrorCode::storage_error, "the game could not be stored"));
        wake_outbox(context);
        const auto l = context.lobby.listing(*id);
        if (!l) return respond(error_response(request, ErrorCode::internal_error, "the listing is missing"));
        respond(json_response(request, http::status::created, {{"listing", listing_json(context, *l, asker)}}));
      });
}

void list_open(const Call& call) {
  const auto title = query_parameter(call.request, "title").value_or("");
  const auto scenario = query_parameter(call.request, "scenario").value_or("");
  std::optional<bool> rated;
  if (const auto r = query_parameter(call.request, "rated"); r && !r->empty()) {
    if (*r != "true" && *r != "false") return call.error(ErrorCode::bad_message, "'rated' must be true or false");
    rated = *r == "true";
  }
  const auto listings =
      call.context.lobby.open_listings(std::string(title), std::string(scenario), rated, open_listings_shown);
  call.answer(http::status::ok, {{"listings", listings_json(call.context, listings, call.me())}});
}

void create_listing(const Call& call) {
  const auto body = json_body(call.request, call.respond);
  if (!body) return;
  storage::NewListing listing;
  std::optional<std::string> invite;
  try {
    const auto title = optional_text(call, *body, "title");
    if (!title) return call.error(ErrorCode::bad_message, "'title' must be a string");
    listing.title = *title;
    listing.scenario = optional_text(call, *body, "scenario").value_or("");
    listing.rated = optional_flag(call, *body, "rated");
    listing.is_private = optional_flag(call, *body, "private");
    listing.owner_role = optional_text(call, *body, "seat");
    invite = optional_text(call, *body, "invite");
  } catch (const std::invalid_argument&) {
    return;  // answered
  }
  if (auto o = body->find("options"); o != body->end() && !o->is_null()) {
    if (!o->is_object()) return call.error(ErrorCode::bad_message, "'options' must be an object");
    listing.options = *o;
  }
  if (auto t = body->find("time_control"); t != body->end()) {
    auto parsed = clocks::parse_time_control(*t);
    if (auto* problem = std::get_if<std::string>(&parsed)) return call.error(ErrorCode::bad_message, *problem);
    if (const auto& control = std::get<std::optional<clocks::TimeControl>>(parsed))
      listing.time_control = control->to_json();
  }
  const auto* module = call.context.games.find(listing.title);
  if (!module) return call.error(ErrorCode::unknown_title, "no game module has the title '" + listing.title + "'");
  const auto& roles = module->info().roles;
  if (auto b = body->find("bidding"); b != body->end() && !b->is_null()) {
    const auto& bid_option = module->info().bid_option;
    if (!bid_option || roles.size() != 2)
      return call.error(ErrorCode::bad_message, "the sides of " + module->info().display_name + " are not bid for");
    auto parsed = bidding::parse_config(*b, roles);
    if (auto* problem = std::get_if<std::string>(&parsed)) return call.error(ErrorCode::bad_message, *problem);
    if (listing.owner_role)
      return call.error(ErrorCode::bad_message, "the sides are bid for: propose the game with no 'seat'");
    if (listing.options.contains(bid_option->option) && !listing.options.at(bid_option->option).is_null())
      return call.error(ErrorCode::bad_message,
                        "the sides are bid for: the bidding sets option '" + bid_option->option + "'");
    listing.bidding = std::get<bidding::Config>(parsed).to_json();
  }
  if (listing.owner_role && std::find(roles.begin(), roles.end(), *listing.owner_role) == roles.end())
    return call.error(ErrorCode::unknown_seat, "this game has no seat '" + *listing.owner_role + "'");
  if (listing.is_private && !invite)
    return call.error(ErrorCode::bad_message, "a private game needs a player to 'invite'");
  // The game must be one that can be set up: checked now, not when the last player joins.
  auto checked = prepare_game(
      call.context, {listing.title, listing.scenario, listing.options, std::nullopt, std::nullopt, std::nullopt});
  if (auto* error = std::get_if<RoomError>(&checked)) return call.error(error->code, error->message);
  listing.title = std::get<PreparedGame>(checked).game.title;
  listing.scenario = std::get<PreparedGame>(checked).game.scenario;
  listing.owner = call.me();
  std::vector<storage::Notice> notices;
  if (invite) {
    const auto invitee = invitee_named(call, *invite);
    if (!invitee) return;
    listing.invitee = *invitee;
    notices.push_back(invitation_notice(call, *invitee, my_name(call), listing.title, listing.scenario));
  }
  store_listing(call, std::move(listing), std::move(notices));
}

void show_listing(const Call& call) {
  if (const auto l = visible_listing(call))
    call.answer(http::status::ok, {{"listing", listing_json(call.context, *l, call.me())}});
}

// The roles of a full listing: fixed ones as chosen, the rest dealt at random among the players
// who left it to chance.
std::map<std::string, std::int64_t> deal_roles(const std::vector<std::string>& roles,
                                               const std::vector<storage::ListingPlayer>& players) {
  std::map<std::string, std::int64_t> seats;
  std::vector<std::string> free = roles;
  std::vector<std::int64_t> anyone;
  for (const auto& p : players) {
    if (p.role) {
      seats[*p.role] = p.account;
      free.erase(std::remove(free.begin(), free.end(), *p.role), free.end());
    } else {
      anyone.push_back(p.account);
    }
  }
  for (std::size_t i = free.size(); i > 1; --i)
    std::swap(free[i - 1], free[random_below(static_cast<std::uint32_t>(i))]);
  for (std::size_t i = 0; i < anyone.size() && i < free.size(); ++i) seats[free[i]] = anyone[i];
  return seats;
}

// ---- sides by bidding (docs/PROTOCOL.md, "Bidding") ----

// The join that fills a listing whose sides are bid for: the game's seed is fixed and committed
// to now, and each player still to bid is told.
void begin_bidding(const Call& call, const ListingRecord& l, const std::string& origin, const std::string& what) {
  const auto* module = call.context.games.find(l.title);
  if (!module || !module->info().bid_option || module->info().roles.size() != 2 || l.players.size() != 1)
    return call.error(ErrorCode::bad_message, "the sides of this game cannot be bid for");
  auto start =
      bidding_start(*module, l.bidding, l.time_control, {l.players.front().account, call.me()}, l.id, origin, what);
  if (!start) return call.error(ErrorCode::bad_message, "the sides of this game cannot be bid for");
  auto change = std::make_shared<storage::ListingChange>();
  change_listing(call,
                 storage::LobbyStore::join_listing_to_bid(l.id, call.me(), l.players.size(), std::move(start->bidding),
                                                          utc_now_iso8601(), unix_now_seconds(),
                                                          std::move(start->notices), change),
                 change);
}

// POST /api/lobby/{id}/bid {vp, side?} and POST /api/lobby/{id}/accept.
void place_bid(const Call& call, bool accept) {
  bidding::Act act;
  if (!accept) {
    const auto body = json_body(call.request, call.respond);
    if (!body) return;
    const auto vp = body->value("vp", json());
    if (!vp.is_number_integer()) return call.error(ErrorCode::bad_bid, "'vp' must be a whole number of VP");
    if (vp.get<std::int64_t>() < 0 || vp.get<std::int64_t>() > 1000)
      return call.error(ErrorCode::bad_bid, "'vp' must be 0 or more, up to the title's maximum");
    act.vp = static_cast<int>(vp.get<std::int64_t>());
    try {
      act.side = optional_text(call, *body, "side");
    } catch (const std::invalid_argument&) {
      return;
    }
  }
  const auto l = visible_listing(call);
  if (!l) return;
  if (!l->has_player(call.me())) return call.error(ErrorCode::forbidden, "you are not a player of this game");
  if (l->bidding.is_null()) return call.error(ErrorCode::bidding_closed, "this game's sides are not bid for");
  const auto record = call.context.lobby.bidding(l->id);
  if (!record) return call.error(ErrorCode::bidding_closed, "the bidding begins once a second player joins");
  if (record->game) return call.error(ErrorCode::bidding_closed, "the bidding is over");
  act.player = record->players[0] == call.me() ? 0 : 1;
  const bool sealed = l->bidding.value("mode", "") == "sealed";
  act.kind = accept ? bidding::ActKind::accept : sealed ? bidding::ActKind::sealed : bidding::ActKind::bid;
  auto work = bid_work(call.context, *l, *record, {act}, origin_of(call.context, call.request));
  if (auto* error = std::get_if<RoomError>(&work)) return call.error(error->code, error->message);
  auto& w = std::get<BidWork>(work);
  change_listing(call, std::move(w.work), w.change);
}

void join_listing(const Call& call) {
  const auto body = json_body(call.request, call.respond);
  if (!body) return;
  std::optional<std::string> seat;
  try {
    seat = optional_text(call, *body, "seat");
  } catch (const std::invalid_argument&) {
    return;
  }
  const auto l = visible_listing(call);
  if (!l) return;
  if (l->status != "open" || l->in_bidding) return call.error(ErrorCode::listing_closed, "this game is no longer open");
  if (l->has_player(call.me())) return call.error(ErrorCode::bad_message, "you are in this game already");
  if (l->invitee && *l->invitee != call.me())
    return call.error(ErrorCode::forbidden, "this game waits for the player its owner invited");
  const auto* module = call.context.games.find(l->title);
  if (!module) return call.error(ErrorCode::unknown_title, "no game module has the title '" + l->title + "'");
  const auto& roles = module->info().roles;
  if (seat) {
    if (std::find(roles.begin(), roles.end(), *seat) == roles.end())
      return call.error(ErrorCode::unknown_seat, "this game has no seat '" + *seat + "'");
    for (const auto& p : l->players)
      if (p.role == seat) return call.error(ErrorCode::listing_closed, "seat '" + *seat + "' is taken");
  }
  auto players = l->players;
  const auto me = my_name(call);
  players.push_back({call.me(), me, seat});
  std::optional<storage::NewGame> start;
  std::map<std::string, std::int64_t> seats;
  std::vector<storage::Notice> notices;
  const std::string origin = origin_of(call.context, call.request);
  const std::string what = title_name(call.context, l->title) + " (" + l->scenario + ")";
  if (players.size() >= roles.size() && !l->bidding.is_null()) {
    if (seat) return call.error(ErrorCode::bad_message, "the sides are bid for: join with no 'seat'");
    return begin_bidding(call, *l, origin, what);
  }
  if (players.size() >= roles.size()) {
    auto prepared = prepare_game(call.context, {l->title, l->scenario, l->options, std::nullopt,
                                                clocks::stored_time_control(l->time_control), std::nullopt});
    if (auto* error = std::get_if<RoomError>(&prepared)) return call.error(error->code, error->message);
    start = std::move(std::get<PreparedGame>(prepared).game);
    seats = deal_roles(roles, players);
    for (const auto& [role, account] : seats)
      notices.push_back({account,
                         storage::NoticeKind::game_started,
                         "Warpath: your game of " + what + " has begun",
                         "Your game of " + what + " has begun; you play " + role + ". Open it here:\n\n" + origin +
                             "/game.html?game={game}#seat=" + role + "\n",
                         {{"type", "game_started"}, {"role", role}, {"title", l->title}}});
  } else {
    notices.push_back({l->owner,
                       storage::NoticeKind::player_joined,
                       "Warpath: " + me + " joined your game of " + what,
                       me + " joined your game of " + what + "; it starts when every seat has a player.\n",
                       {{"type", "player_joined"}, {"player", me}, {"listing", l->id}}});
  }
  auto change = std::make_shared<storage::ListingChange>();
  change_listing(
      call,
      storage::LobbyStore::join_listing(l->id, call.me(), seat, l->players.size(), std::move(start), std::move(seats),
                                        utc_now_iso8601(), unix_now_seconds(), std::move(notices), change),
      change);
}

void decline_listing(const Call& call) {
  const auto l = visible_listing(call);
  if (!l) return;
  if (l->invitee != call.me()) return call.error(ErrorCode::forbidden, "only the invited player declines");
  auto change = std::make_shared<storage::ListingChange>();
  change_listing(call, storage::LobbyStore::close_listing(l->id, "declined", utc_now_iso8601(), change), change);
}

void cancel_listing(const Call& call) {
  const auto l = visible_listing(call);
  if (!l) return;
  if (l->owner != call.me()) return call.error(ErrorCode::forbidden, "only the game's owner cancels it");
  if (l->status != "open" || l->in_bidding) return call.error(ErrorCode::listing_closed, "this game is no longer open");
  auto change = std::make_shared<storage::ListingChange>();
  change_listing(call, storage::LobbyStore::close_listing(l->id, "cancelled", utc_now_iso8601(), change), change);
}

void invite(const Call& call, bool withdraw) {
  const auto l = visible_listing(call);
  if (!l) return;
  if (l->owner != call.me()) return call.error(ErrorCode::forbidden, "only the game's owner invites");
  if (l->status != "open" || l->in_bidding) return call.error(ErrorCode::listing_closed, "this game is no longer open");
  std::optional<std::int64_t> invitee;
  std::vector<storage::Notice> notices;
  if (!withdraw) {
    const auto body = json_body(call.request, call.respond);
    if (!body) return;
    std::optional<std::string> name;
    try {
      name = optional_text(call, *body, "name");
    } catch (const std::invalid_argument&) {
      return;
    }
    if (!name) return call.error(ErrorCode::bad_message, "'name' must be a string");
    invitee = invitee_named(call, *name);
    if (!invitee) return;
    if (l->has_player(*invitee)) return call.error(ErrorCode::bad_message, *name + " is in this game already");
    notices.push_back(invitation_notice(call, *invitee, l->owner_name, l->title, l->scenario));
  } else if (l->is_private) {
    return call.error(ErrorCode::bad_message, "a private game keeps an invitation; cancel the game instead");
  }
  auto change = std::make_shared<storage::ListingChange>();
  change_listing(call,
                 storage::LobbyStore::set_invitee(l->id, invitee, utc_now_iso8601(), unix_now_seconds(),
                                                  std::move(notices), change),
                 change);
}

// ---- games ----

// The caller's role in the game, or nullopt after answering why there is none.
std::optional<std::string> my_role(const Call& call, const std::vector<storage::PlayerSeat>& players) {
  for (const auto& p : players)
    if (p.account == call.me()) return p.role;
  call.error(ErrorCode::forbidden, "you play no seat of this game");
  return std::nullopt;
}

void resign(const Call& call) {
  const auto game = call.context.store.game(call.path.id);
  if (!game) return call.error(ErrorCode::unknown_game, "no such game");
  const auto role = my_role(call, call.context.lobby.game_players(game->id));
  if (!role) return;
  if (game->status == "over") return call.error(ErrorCode::game_over, "the game has ended");
  RoomHandle room = acquire_room(call.context, call.request, game->id, call.respond);
  if (!room) return;
  auto& context = call.context;
  const auto request = call.request;
  const auto respond = call.respond;
  room->act_for(
      room, SeatClaim{{}, call.me()}, std::nullopt, engine::Action{std::string(engine::resign_verb), nullptr},
      [&context, request, respond, id = game->id](SeatAnswer answer) {
        if (answer.error) return respond(room_error_response(request, *answer.error));
        const auto after = context.store.game(id);
        if (!after) return respond(error_response(request, ErrorCode::internal_error, "the game is missing"));
        respond(json_response(request, http::status::ok, {{"result", after->result}, {"game", after->to_json()}}));
      });
}

void rematch(const Call& call) {
  const auto body = json_body(call.request, call.respond);
  if (!body) return;
  std::optional<std::string> sides;
  try {
    sides = optional_text(call, *body, "sides");
  } catch (const std::invalid_argument&) {
    return;
  }
  if (!sides || (*sides != "same" && *sides != "swapped" && *sides != "random"))
    return call.error(ErrorCode::bad_message, "'sides' must be \"same\", \"swapped\" or \"random\"");
  const auto game = call.context.store.game(call.path.id);
  if (!game) return call.error(ErrorCode::unknown_game, "no such game");
  const auto players = call.context.lobby.game_players(game->id);
  const auto role = my_role(call, players);
  if (!role) return;
  if (game->status != "over") return call.error(ErrorCode::bad_message, "a rematch is asked once the game is over");
  const auto opponent =
      std::find_if(players.begin(), players.end(), [&](const auto& p) { return p.account != call.me(); });
  if (players.size() != 2 || opponent == players.end())
    return call.error(ErrorCode::bad_message, "a rematch is for a game of two players");
  storage::NewListing listing;
  listing.owner = call.me();
  listing.title = game->title;
  listing.scenario = game->scenario;
  listing.options = game->options;
  listing.rematch_of = game->id;
  listing.time_control = game->time_control;
  listing.is_private = true;  // between these two players only
  if (*sides == "same")
    listing.owner_role = *role;
  else if (*sides == "swapped")
    listing.owner_role = opponent->role;
  else
    listing.owner_role = random_below(2) == 0 ? *role : opponent->role;
  const auto invitee = invitee_named(call, opponent->name);
  if (!invitee) return;
  listing.invitee = *invitee;
  std::vector<storage::Notice> notices{invitation_notice(call, *invitee, my_name(call), game->title, game->scenario)};
  notices.back().subject += " (a rematch)";
  store_listing(call, std::move(listing), std::move(notices));
}

// ---- my games, players ----

json account_game_json(const storage::AccountGame& g, bool my_turn) {
  json j = g.game.to_json();
  j.erase("options");
  json players = json::array();
  for (const auto& p : g.players) players.push_back({{"name", p.name}, {"role", p.role}});
  j["players"] = std::move(players);
  j["roles"] = g.roles;
  j["my_turn"] = my_turn;
  return j;
}

bool my_turn(const storage::AccountGame& g) {
  if (g.game.status == "over") return false;
  for (const auto& role : g.roles)
    for (const auto& active : g.game.active_roles)
      if (active == role) return true;
  return false;
}

void my_games(const Call& call) {
  auto games = call.context.lobby.account_games(call.me());
  // Mine to move first, the longest waiting first; then the others on, the latest first; then over.
  auto rank = [](const storage::AccountGame& g) { return my_turn(g) ? 0 : g.game.status == "over" ? 2 : 1; };
  std::stable_sort(games.begin(), games.end(), [&](const auto& a, const auto& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (rank(a) == 0) return a.game.updated_at < b.game.updated_at;
    return a.game.updated_at > b.game.updated_at;
  });
  json list = json::array();
  std::int64_t waiting = 0;
  json next = nullptr;
  for (const auto& g : games) {
    const bool mine = my_turn(g);
    if (mine && waiting++ == 0) next = g.game.id;
    list.push_back(account_game_json(g, mine));
  }
  HttpResponse res = json_response(
      call.request, http::status::ok,
      {{"my_turn", waiting},
       {"next_game", next},
       {"games", list},
       {"listings", listings_json(call.context, call.context.lobby.account_listings(call.me()), call.me())},
       {"invitations", listings_json(call.context, call.context.lobby.invitations(call.me()), call.me())}});
  res.set(http::field::cache_control, "no-store");
  call.respond(std::move(res));
}

void player(const Call& call) {
  const auto p = call.context.lobby.player(call.path.name);
  if (!p || p->deleted) return call.error(ErrorCode::unknown_player, "no player is called '" + call.path.name + "'");
  json recent = json::array();
  for (const auto& g : p->recent) recent.push_back(account_game_json(g, false));
  call.answer(http::status::ok, {{"name", p->name},
                                 {"joined", p->joined},
                                 {"played", p->played},
                                 {"running", p->running},
                                 {"results", p->results},
                                 {"response_times",
                                  {{"decisions", p->response_times.decisions},
                                   {"q1_s", p->response_times.q1},
                                   {"median_s", p->response_times.median},
                                   {"q3_s", p->response_times.q3},
                                   {"timeouts", p->response_times.timeouts}}},
                                 {"recent", recent},
                                 {"ratings", player_ratings_json(call.context, p->id)}});
}

// ---- the table ----

struct LobbyRoute {
  // Path segments after /api/; ":id" a positive integer, ":name" any non-empty segment.
  std::vector<std::string_view> pattern;
  http::verb method;
  std::function<void(const Call&)> handle;
};

const std::vector<LobbyRoute>& lobby_route_table() {
  static const std::vector<LobbyRoute> table = {
      {{"lobby"}, http::verb::get, list_open},
      {{"lobby"}, http::verb::post, create_listing},
      {{"lobby", ":id"}, http::verb::get, show_listing},
      {{"lobby", ":id"}, http::verb::delete_, cancel_listing},
      {{"lobby", ":id", "join"}, http::verb::post, join_listing},
      {{"lobby", ":id", "decline"}, http::verb::post, decline_listing},
      {{"lobby", ":id", "bid"}, http::verb::post, [](const Call& c) { place_bid(c, false); }},
      {{"lobby", ":id", "accept"}, http::verb::post, [](const Call& c) { place_bid(c, true); }},
      {{"lobby", ":id", "invite"}, http::verb::post, [](const Call& c) { invite(c, false); }},
      {{"lobby", ":id", "invite"}, http::verb::delete_, [](const Call& c) { invite(c, true); }},
      {{"games", ":id", "resign"}, http::verb::post, resign},
      {{"games", ":id", "rematch"}, http::verb::post, rematch},
      {{"my", "games"}, http::verb::get, my_games},
      {{"players", ":name"}, http::verb::get, player},
  };
  return table;
}

std::vector<std::string_view> segments(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    const auto slash = path.find('/');
    out.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return out;
}

std::optional<Path> match(const LobbyRoute& route, const std::vector<std::string_view>& parts) {
  if (parts.size() != route.pattern.size()) return std::nullopt;
  Path path;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto want = route.pattern[i];
    if (want == ":id") {
      std::int64_t id = 0;
      const auto [end, ec] = std::from_chars(parts[i].data(), parts[i].data() + parts[i].size(), id);
      if (ec != std::errc() || end != parts[i].data() + parts[i].size() || id <= 0) return std::nullopt;
      path.id = id;
    } else if (want == ":name") {
      if (parts[i].empty()) return std::nullopt;
      path.name = std::string(parts[i]);
    } else if (want != parts[i]) {
      return std::nullopt;
    }
  }
  return path;
}

}  // namespace

bool lobby_routes(ServerContext& context, const HttpRequest& request, std::string_view target,
                  const boost::asio::ip::address&, const Respond& respond) {
  constexpr std::string_view api = "/api/";
  if (!target.starts_with(api)) return false;
  const auto parts = segments(target.substr(api.size()));
  std::vector<std::pair<const LobbyRoute*, Path>> here;
  for (const auto& route : lobby_route_table())
    if (auto path = match(route, parts)) here.emplace_back(&route, std::move(*path));
  if (here.empty()) return false;
  std::vector<http::verb> methods;
  for (const auto& h : here) methods.push_back(h.first->method);
  const auto taken = taken_method(request, methods, respond);
  if (!taken) return true;
  const auto& [route, path] = here[*taken];
  const auto session = checked_session(context, request, respond);
  if (!session) return true;
  route->handle(Call{context, request, respond, *session, path});
  return true;
}

}  // namespace warpath::server
