#include "server/api/bidding_work.hpp"

#include <future>

#include "server/api/account_routes.hpp"
#include "server/api/game_creation.hpp"
#include "server/api/http_api.hpp"
#include "server/api/lobby_routes.hpp"
#include "server/records/game_record.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server {

using nlohmann::json;
using protocol::ErrorCode;
using storage::ListingRecord;

namespace {

std::string player_name(const ListingRecord& l, std::int64_t account) {
  for (const auto& p : l.players)
    if (p.account == account) return p.name;
  return "your opponent";
}

}  // namespace

// A rebuilt bidding: the listing's, as far as its stored bids go (none: the title cannot take it).
std::optional<bidding::Bidding> rebuilt_bidding(const ServerContext& context, const ListingRecord& l,
                                                const storage::BiddingRecord& record) {
  const auto* module = context.games.find(l.title);
  if (!module || !module->info().bid_option || module->info().roles.size() != 2) return std::nullopt;
  const auto& roles = module->info().roles;
  bidding::Bidding b(bidding::stored_config(l.bidding), {roles[0], roles[1]}, module->info().bid_option->max_vp,
                     bidding::dice_seed(record.seed));
  for (const auto& bid : record.bids) b.act(bid.act);
  return b;
}

// The bidding part of a listing as `asker` may see it: the config and, once begun, its state
// (a sealed bid is only "received" to anyone but its bidder while the other is not in).
json bidding_json(ServerContext& context, const ListingRecord& l, std::optional<std::int64_t> asker) {
  if (l.bidding.is_null()) return nullptr;
  json out = l.bidding;
  out["state"] = nullptr;
  const auto record = context.lobby.bidding(l.id);
  if (!record) return out;
  const auto b = rebuilt_bidding(context, l, *record);
  if (!b) return out;
  std::optional<int> viewer;
  for (int p = 0; p < 2; ++p)
    if (asker == record->players[static_cast<std::size_t>(p)]) viewer = p;
  json state = b->view(viewer);
  state["players"] = json::array();
  for (const auto account : record->players)
    for (const auto& p : l.players)
      if (p.account == account) state["players"].push_back(p.name);
  state["you"] = viewer ? json(*viewer) : json();
  state["seed_commitment"] = record->seed_commitment;
  state["deadline_ms"] = record->deadline_ms ? json(*record->deadline_ms) : json();
  out["state"] = std::move(state);
  return out;
}

std::string title_name(const ServerContext& context, const std::string& title) {
  const auto* module = context.games.find(title);
  return module ? module->info().display_name : title;
}

ErrorCode refusal_code(bidding::Refusal why) {
  switch (why) {
    case bidding::Refusal::not_your_turn:
      return ErrorCode::not_your_bid;
    case bidding::Refusal::bad_bid:
      return ErrorCode::bad_bid;
    case bidding::Refusal::closed:
      return ErrorCode::bidding_closed;
  }
  return ErrorCode::bad_bid;
}

std::variant<RoomError, BidWork> bid_work(ServerContext& context, const ListingRecord& l,
                                          const storage::BiddingRecord& record, const std::vector<bidding::Act>& acts,
                                          const std::string& origin) {
  auto b = rebuilt_bidding(context, l, record);
  if (!b) return RoomError{ErrorCode::bidding_closed, "the sides of this game cannot be bid for"};
  for (const auto& a : acts)
    if (auto refused = b->act(a)) return RoomError{refusal_code(refused->why), refused->message};
  const std::string what = title_name(context, l.title) + " (" + l.scenario + ")";
  const auto control = clocks::stored_time_control(l.time_control);
  std::vector<storage::Notice> notices;
  std::optional<storage::NewGame> start;
  std::map<std::string, std::int64_t> seats;
  std::optional<std::int64_t> deadline = record.deadline_ms;
  if (const auto& outcome = b->outcome()) {
    const auto* module = context.games.find(l.title);
    json options = l.options;
    options[module->info().bid_option->option] = outcome->bid_option();
    auto prepared = prepare_game(context, {l.title, l.scenario, options, record.seed, control, record.seed_nonce});
    if (auto* error = std::get_if<RoomError>(&prepared)) return *error;
    start = std::move(std::get<PreparedGame>(prepared).game);
    for (int p = 0; p < 2; ++p) {
      const auto& role = outcome->roles[static_cast<std::size_t>(p)];
      const auto account = record.players[static_cast<std::size_t>(p)];
      seats[role] = account;
      notices.push_back({account,
                         storage::NoticeKind::game_started,
                         "Warpath: your game of " + what + " has begun",
                         "The bidding is over and your game of " + what + " has begun; you play " + role +
                             ". Open it here:\n\n" + origin + "/game.html?game={game}#seat=" + role + "\n",
                         {{"type", "game_started"}, {"role", role}, {"title", l.title}}});
    }
  } else if (l.bidding.value("mode", "") == "auction") {
    deadline = unix_now_ms() + bidding::turn_ms(control);  // each turn of the auction has its allowance
    const int next = b->may_act(0) ? 0 : 1;
    const auto& standing = *b->standing();
    notices.push_back({record.players[static_cast<std::size_t>(next)],
                       storage::NoticeKind::your_move,
                       "Warpath: your turn to bid in your game of " + what,
                       player_name(l, record.players[static_cast<std::size_t>(standing.player)]) + " bids " +
                           std::to_string(standing.vp) + " VP to play " + *standing.side +
                           ". Raise or accept in the lobby:\n\n" + origin + "/\n",
                       {{"type", "your_move"}, {"listing", l.id}, {"title", l.title}, {"bidding", true}}});
  }
  auto change = std::make_shared<storage::ListingChange>();
  return BidWork{
      storage::LobbyStore::add_bids(l.id, record.bids.size(), acts, deadline, std::move(start), std::move(seats),
                                    utc_now_iso8601(), unix_now_seconds(), std::move(notices), change),
      change};
}

std::optional<BiddingStart> bidding_start(const engine::GameModule& module, const json& config,
                                          const json& time_control, std::array<std::int64_t, 2> players,
                                          storage::ListingId listing, const std::string& origin,
                                          const std::string& what) {
  const auto& info = module.info();
  if (!info.bid_option || info.roles.size() != 2) return std::nullopt;
  BiddingStart out;
  auto& b = out.bidding;
  b.players = players;
  b.seed = new_game_seed();
  b.seed_nonce = new_token(16);
  b.seed_commitment = records::seed_commitment(b.seed, b.seed_nonce);
  b.deadline_ms = unix_now_ms() + bidding::turn_ms(clocks::stored_time_control(time_control));
  const auto& roles = info.roles;
  const bidding::Bidding started(bidding::stored_config(config), {roles[0], roles[1]}, info.bid_option->max_vp,
                                 bidding::dice_seed(b.seed));
  for (int p = 0; p < 2; ++p)
    if (started.may_act(p))
      out.notices.push_back(
          {b.players[static_cast<std::size_t>(p)],
           storage::NoticeKind::your_move,
           "Warpath: bid for sides in your game of " + what,
           "Both players are in your game of " + what +
               "; its sides are bid for, and it is your turn to bid. Bid in the lobby:\n\n" + origin + "/\n",
           {{"type", "your_move"}, {"listing", listing}, {"title", info.title_id}, {"bidding", true}}});
  return out;
}

json bidding_record(ServerContext& context, const ListingRecord& l, const storage::BiddingRecord& record,
                    const std::vector<storage::PlayerSeat>& seats) {
  const auto b = rebuilt_bidding(context, l, record);
  if (!b) return nullptr;
  std::array<std::string, 2> names;
  for (std::size_t p = 0; p < 2; ++p)
    for (const auto& seat : seats)
      if (seat.account == record.players[p]) names[p] = seat.name;  // as the record's players name them
  std::vector<std::string> times;
  for (const auto& bid : record.bids) times.push_back(bid.made_at);
  return bidding::record_json(*b, names, times);
}

json game_bidding_json(ServerContext& context, protocol::GameId game) {
  const auto record = context.lobby.bidding_of_game(game);
  if (!record) return nullptr;
  const auto listing = context.lobby.listing(record->listing);
  return listing ? bidding_json(context, *listing, std::nullopt) : json();
}

void work_bidding_deadlines(ServerContext& context, const std::string& origin) {
  const auto now = unix_now_ms();
  for (const auto id : context.lobby.due_biddings(now, 100)) {
    const auto l = context.lobby.listing(id);
    const auto record = context.lobby.bidding(id);
    if (!l || !record || record->game) continue;
    const auto b = rebuilt_bidding(context, *l, *record);
    if (!b) continue;
    // A player who has not bid by the deadline bids 0 (sealed) or accepts (auction).
    auto work = bid_work(context, *l, *record, b->defaults(), origin);
    if (auto* error = std::get_if<RoomError>(&work)) {
      log_error("bidding of listing " + std::to_string(id) + " not closed at its deadline: " + error->message);
      continue;
    }
    std::promise<std::optional<std::string>> committed;
    context.commits.submit(std::move(std::get<BidWork>(work).work),
                           [&committed](std::optional<std::string> error) { committed.set_value(std::move(error)); });
    if (auto error = committed.get_future().get()) {
      log_error("bidding of listing " + std::to_string(id) + " not stored at its deadline: " + *error);
      return;
    }
    wake_outbox(context);
  }
}

}  // namespace warpath::server
