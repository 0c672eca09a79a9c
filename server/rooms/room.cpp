#include "server/rooms/room.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <utility>

#include "engine/core/hash.hpp"
#include "engine/core/log_stream.hpp"
#include "server/storage/match_loader.hpp"
#include "server/util/clock.hpp"
#include "server/util/log.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server {

using nlohmann::json;
using protocol::Frame;

namespace {
// Actions that may wait behind a commit; more means a client is flooding the room.
constexpr std::size_t max_waiting_actions = 256;
// Chat lines a joining connection is sent, so that a conversation survives reconnects.
constexpr int chat_history_lines = 50;

}  // namespace

Room::Room(boost::asio::any_io_executor executor, protocol::GameId id, RoomServices services)
    : strand_(boost::asio::make_strand(executor)),
      id_(id),
      services_(services),
      chat_rate_(services.limits.chat_per_game_per_minute) {}

template <typename F>
void Room::on_strand(F&& f) {
  boost::asio::post(strand_, std::forward<F>(f));
}

Room::~Room() {
  if (lease_ && services_.cluster)
    services_.commits.submit(storage::LeaseStore::release(id_, *lease_), [](std::optional<std::string>) {});
}

bool Room::take_lease() {
  if (!services_.cluster) return true;
  const auto& cluster = *services_.cluster;
  const auto now = wall_clock_ms();
  auto taken = cluster.leases.take(id_, cluster.node, now, cluster.lease_ttl.count());
  if (auto* held = std::get_if<storage::HeldLease>(&taken)) {
    lease_ = *held;
    lease_taken_ms_ = now;
    return true;
  }
  elsewhere_ = std::get<storage::LeasedElsewhere>(taken);
  missing_ = true;  // the registry tries again at the next use: the lease may have expired by then
  return false;
}

void Room::check_lease(RoomHandle self, std::shared_ptr<const storage::LeaseStore::Held> held,
                       std::int64_t renewed_at_ms) {
  on_strand([this, self, held, renewed_at_ms] {
    if (!lease_ || !match_ || committing_) return;  // a move's fence decides for it
    if (const auto it = held->find(id_); it != held->end() && it->second == lease_->epoch) return;
    if (lease_taken_ms_ >= renewed_at_ms) return;  // taken after that renewal ran
    const auto holder = services_.cluster->leases.holder(id_);
    if (holder && holder->node == services_.cluster->node) return;
    lose_lease(nullptr);
  });
}

void Room::lose_lease(const Pending* mover) {
  elsewhere_ = services_.cluster->leases.holder(id_).value_or(storage::LeasedElsewhere{});
  lease_.reset();
  match_.reset();
  missing_ = true;
  log_warn("game " + std::to_string(id_) + ": its lease went to node " + elsewhere_->node + "; room emptied");
  if (mover) answer_absent(*mover);
  for (auto& pending : std::exchange(waiting_, {})) answer_absent(pending);
  const RoomError error = absent();
  for (auto& [raw, entry] : subscribers_)
    if (!mover || raw != mover->subscriber.get()) refuse(*raw, error);
  subscribers_.clear();
  subscribers_changed();
}

void Room::answer_absent(const Pending& pending) {
  switch (pending.origin) {
    case Origin::subscriber:
      return refuse(*pending.subscriber, absent(), pending.ref);
    case Origin::http:
      return pending.http_done(refused_answer(absent()));
    case Origin::server:
      if (pending.server_done) pending.server_done(absent());
      return;
  }
}

RoomError Room::absent() const {
  if (!elsewhere_) return {protocol::ErrorCode::unknown_game, "no such game"};
  const auto wait = std::max<std::int64_t>(0, elsewhere_->expires_at_ms - wall_clock_ms());
  return {protocol::ErrorCode::moved, "game " + std::to_string(id_) + " is served by node " + elsewhere_->node,
          Elsewhere{elsewhere_->node, wait}};
}

void Room::load() {
  on_strand([this] {
    try {
      auto record = services_.store.game(id_);
      if (record) module_ = services_.games.find(record->title);
      if (!record || !module_) {
        missing_ = true;
        return;
      }
      if (!take_lease()) return;
      std::size_t state_bytes = 0;
      match_ = std::make_unique<engine::Match>(storage::load_match(*module_, *record, services_.store, &state_bytes));
      last_snapshot_bytes_ = state_bytes;
      token_hashes_ = services_.store.seat_hashes(id_);
      accounts_ = services_.store.game_players(id_);
      // Any of them may hold a chat notice from before the room was loaded.
      for (const auto& [role, account] : accounts_) chat_noticed_.insert(role);
      private_ = services_.store.is_private(id_);
      timed_ = !record->time_control.is_null();
      automatic_timeout_ = timed_ && record->time_control.value("automatic_timeout", false);
      chat_lines_ = services_.store.count_chat(id_);
      for (const auto& line : services_.store.recent_chat(id_, chat_history_lines))
        remember_chat(protocol::chat_message(id_, line.seat, line.text, line.time));
      last_snapshot_version_ = match_->version();
      window_kinds_ = module_->response_window_kinds();
      orders_ = services_.store.standing_orders(id_);
      for (auto& [role, orders] : orders_) orders.drop_expired(match_->periods());
      std::vector<std::string> seats = module_->info().roles;
      seats.emplace_back(engine::spectator_seat);
      seats_ = {seats.begin(), seats.end()};
      feed_ = std::make_unique<protocol::GameFeed>(id_, *match_, std::move(seats));
      // The state holds the log's newest lines; older pages are read from the stored moves, and
      // the first lines from the set-up, which no move wrote.
      feed_->set_older_lines(
          storage::stored_log_lines(*module_, *record, services_.store, [this] { return match_->version(); }));
    } catch (const std::exception& e) {
      log_error("game " + std::to_string(id_) + " failed to load: " + e.what());
      match_.reset();
      missing_ = true;
    }
  });
}

std::optional<std::string> role_held(const SeatClaim& claim, const std::map<std::string, std::string>& token_hashes,
                                     const std::map<std::string, std::int64_t>& accounts) {
  if (!claim.token.empty()) {
    const std::string hash = sha256_hex(claim.token);
    for (const auto& [role, stored] : token_hashes)
      if (constant_time_equal(hash, stored)) return role;
    return std::nullopt;
  }
  if (claim.account)
    for (const auto& [role, account] : accounts)
      if (account == *claim.account) return role;
  return std::nullopt;
}

std::optional<std::string> Room::role_of(const SeatClaim& claim) const {
  return role_held(claim, token_hashes_, accounts_);
}

bool Room::holds(const SeatClaim& claim, const std::string& seat) const {
  if (seat == engine::spectator_seat) return !private_ || role_of(claim);
  if (!claim.token.empty()) return role_of(claim) == seat;
  const auto it = accounts_.find(seat);
  return claim.account && it != accounts_.end() && it->second == *claim.account;
}

bool Room::reads_chat(const std::string& seat) const {
  return seat != engine::spectator_seat || (match_ && match_->is_over());
}

storage::CommitQueue::Work Room::chat_notices(const std::string& seat, const std::string& text) {
  auto recipients = notify::chat_recipients(seat, accounts_, open_seats());
  for (const auto& [role, account] : recipients) chat_noticed_.insert(role);
  return notify::chat_notices(notice_facts(), std::move(recipients), seat, text, unix_now_seconds());
}

void Room::subscribers_changed() {
  open_seats_.clear();
  for (const auto& [raw, entry] : subscribers_) open_seats_.insert(entry.second);
}

notify::GameFacts Room::notice_facts() const {
  return {id_, module_ ? module_->info().display_name : std::string(), services_.site ? services_.site->origin : ""};
}

storage::CommitQueue::Work Room::with_notices(storage::CommitQueue::Work work, storage::CommitQueue::Work notices) {
  if (!notices) return work;
  return [work = std::move(work), notices = std::move(notices)](storage::WriteContext& w) {
    work(w);
    notices(w);
  };
}

void Room::wake_outbox() const {
  if (services_.site && services_.site->wake_outbox) services_.site->wake_outbox();
}

std::optional<std::string> Room::seat_of(const Subscriber* who) const {
  auto it = subscribers_.find(const_cast<Subscriber*>(who));
  if (it == subscribers_.end()) return std::nullopt;
  return it->second.second;
}

void Room::join(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::Join request, SeatClaim claim,
                std::function<void(bool)> joined) {
  on_strand([this, self, who, request = std::move(request), claim = std::move(claim), joined] {
    auto refuse_join = [&](protocol::ErrorCode code, const std::string& message) {
      refuse(*who, code, message, request.ref);
      joined(false);
    };
    if (!match_) {
      refuse(*who, absent(), request.ref);
      return joined(false);
    }
    if (!seats_.count(request.seat))
      return refuse_join(protocol::ErrorCode::unknown_seat, "this game has no seat '" + request.seat + "'");
    if (!holds(claim, request.seat))
      return refuse_join(protocol::ErrorCode::bad_token,
                         request.seat == engine::spectator_seat ? "a private game is watched by its players only"
                         : claim.token.empty() ? "log in as the player of seat '" + request.seat + "' to take it"
                                               : "that token does not hold seat '" + request.seat + "'");
    subscribers_[who.get()] = {who, request.seat};
    subscribers_changed();
    // The seat's player has the game open: the next chat line may be mailed to it again. Only a
    // role that may have been sent a chat notice costs a write.
    if (chat_noticed_.erase(request.seat) > 0)
      services_.commits.submit(storage::clear_chat_notice(id_, request.seat), [](std::optional<std::string>) {});
    if (request.version)
      send_catch_up(*who, request.seat, *request.version);
    else
      deliver_all(*who, feed_->snapshot(*match_, request.seat));
    if (timed_) who->deliver(protocol::clocks_message(id_, clocks_now()));
    if (reads_chat(request.seat))
      for (const auto& line : recent_chat_) who->deliver(line);
    if (has_windows() && request.seat != engine::spectator_seat)
      who->deliver(protocol::orders_message(id_, request.seat, orders_json(request.seat)));
    joined(true);
    broadcast_presence();
    apply_standing_orders(self);  // one a crash left unapplied
  });
}

void Room::leave(RoomHandle self, Subscriber* who) {
  on_strand([this, self, who] {
    if (subscribers_.erase(who) == 0) return;
    subscribers_changed();
    broadcast_presence();
  });
}

void Room::resync(RoomHandle self, std::shared_ptr<Subscriber> who, std::uint64_t version) {
  on_strand([this, self, who, version] {
    auto seat = seat_of(who.get());
    if (!seat) return refuse(*who, protocol::ErrorCode::not_joined, "join the game first");
    send_catch_up(*who, *seat, version);
  });
}

void Room::send_catch_up(Subscriber& who, const std::string& seat, std::uint64_t from) {
  if (auto frames = feed_->catch_up(*match_, seat, from))
    deliver_all(who, *frames);
  else
    deliver_all(who, feed_->snapshot(*match_, seat));
}

void Room::deliver_all(Subscriber& who, const std::vector<protocol::Frame>& frames) {
  for (const auto& frame : frames) who.deliver(frame);
}

void Room::log_page(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::LogRequest request) {
  on_strand([this, self, who, request = std::move(request)] {
    auto seat = seat_of(who.get());
    if (!seat) return refuse(*who, protocol::ErrorCode::not_joined, "join the game first", request.ref);
    who->deliver(feed_->log_page(*match_, *seat, request.before, request.limit, request.ref));
  });
}

void Room::chat(RoomHandle self, std::shared_ptr<Subscriber> who, std::string text) {
  on_strand([this, self, who, text] {
    auto seat = seat_of(who.get());
    if (!seat) return refuse(*who, protocol::ErrorCode::not_joined, "join the game first");
    if (*seat == engine::spectator_seat && match_ && !match_->is_over())
      return refuse(*who, protocol::ErrorCode::spectator, "only players chat while the game is played");
    if (chat_lines_ >= static_cast<std::int64_t>(services_.limits.chat_lines_per_game))
      return refuse(*who, protocol::ErrorCode::chat_full, "this game has all the chat lines it may store");
    if (!chat_rate_.allow())
      return refuse(*who, protocol::ErrorCode::rate_limited, "too much chat in this game; wait a little");
    ++chat_lines_;
    // Like a move: stored first, so that nobody reads a line a crash could take back.
    const std::string time = utc_now_iso8601();
    // The players away from the game are told (in the line's transaction); the outbox is woken
    // after every stored line, which costs it one look when nobody was.
    auto line_and_notices = with_notices(storage::GameStore::append_chat(id_, *seat, text, time),
                                         services_.site ? chat_notices(*seat, text) : storage::CommitQueue::Work());
    services_.commits.submit(
        std::move(line_and_notices), [this, self, who, seat = *seat, text, time](std::optional<std::string> error) {
          if (!error) wake_outbox();
          on_strand([this, self, who, seat, text, time, error] {
            if (error) {
              --chat_lines_;
              log_error("game " + std::to_string(id_) + ": chat not stored: " + *error);
              return refuse(*who, protocol::ErrorCode::storage_error, "the chat line could not be stored");
            }
            remember_chat(protocol::chat_message(id_, seat, text, time));
            for (auto& [raw, entry] : subscribers_)
              if (auto live = entry.first.lock(); live && reads_chat(entry.second)) live->deliver(recent_chat_.back());
          });
        });
  });
}

void Room::act(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::ActionRequest request) {
  on_strand([this, self, who, request = std::move(request)]() mutable {
    auto seat = seat_of(who.get());
    if (!match_) return refuse(*who, absent(), request.ref);
    if (!seat) return refuse(*who, protocol::ErrorCode::not_joined, "join the game first", request.ref);
    if (*seat == engine::spectator_seat)
      return refuse(*who, protocol::ErrorCode::spectator, "spectators cannot act", request.ref);
    if (!engine::is_client_verb(request.action.verb))
      return refuse(*who, protocol::ErrorCode::illegal_action, "only the server records that move", request.ref);
    enqueue({self,
             Origin::subscriber,
             *seat,
             request.version,
             std::move(request.action),
             who,
             request.ref,
             nullptr,
             {},
             nullptr});
  });
}

std::variant<std::string, SeatAnswer> Room::http_seat(const SeatClaim& claim) {
  if (!match_) return refused_answer(absent());
  auto role = role_of(claim);
  if (role) return *role;
  if (!claim.token.empty())
    return refused_answer(protocol::ErrorCode::bad_token, "that token holds no seat of this game");
  if (private_) return refused_answer(protocol::ErrorCode::bad_token, "a private game is watched by its players only");
  return std::string(engine::spectator_seat);
}

void Room::view_for(RoomHandle self, SeatClaim claim, SeatAnswerCallback done) {
  on_strand([this, self, claim, done] {
    auto seat = http_seat(claim);
    if (auto* refused = std::get_if<SeatAnswer>(&seat)) return done(std::move(*refused));
    done(answer_for_seat(std::get<std::string>(seat)));
    apply_standing_orders(self);  // one a crash left unapplied
  });
}

void Room::log_for(RoomHandle self, SeatClaim claim, std::optional<std::size_t> before, std::size_t limit,
                   LogAnswerCallback done) {
  on_strand([this, self, claim, before, limit, done] {
    auto seat = http_seat(claim);
    if (auto* refused = std::get_if<SeatAnswer>(&seat)) return done({std::move(refused->error), {}});
    const auto& name = std::get<std::string>(seat);
    done({std::nullopt, feed_->log_json(*match_, name, before.value_or(protocol::max_json_integer), limit)});
  });
}

void Room::act_for(RoomHandle self, SeatClaim claim, std::optional<std::uint64_t> version, engine::Action action,
                   SeatAnswerCallback done) {
  on_strand([this, self, claim, version, action = std::move(action), done]() mutable {
    if (!match_) return done(refused_answer(absent()));
    auto role = role_of(claim);
    if (!role)
      return done(refused_answer(protocol::ErrorCode::bad_token, claim.token.empty()
                                                                     ? "you play no seat of this game"
                                                                     : "that token holds no seat of this game"));
    if (!engine::is_client_verb(action.verb))
      return done(refused_answer(protocol::ErrorCode::illegal_action, "only the server records that move"));
    enqueue({self, Origin::http, *role, version, std::move(action), nullptr, {}, std::move(done), {}, nullptr});
  });
}

SeatAnswer Room::answer_for_seat(const std::string& seat) {
  auto current = feed_->seat_view(*match_, seat);
  const bool own_orders = has_windows() && seat != engine::spectator_seat;
  return {std::nullopt,
          seat,
          current.version,
          std::move(current.view),
          feed_->seat_keys(),
          std::move(current.hash),
          current.log_size,
          clocks_now(),
          own_orders ? orders_json(seat) : nlohmann::json()};
}

json Room::clocks_now() const { return timed_ ? services_.store.clocks(id_, unix_now_ms()) : json(); }

void Room::broadcast_clocks() {
  if (timed_) broadcast_to_all(protocol::clocks_message(id_, clocks_now()));
}

Room::Pending Room::timeout_move(RoomHandle self, const std::string& role, std::string reason) {
  return {std::move(self),
          Origin::server,
          role,
          std::nullopt,
          engine::Action{std::string(engine::timeout_verb), nullptr},
          nullptr,
          {},
          nullptr,
          std::move(reason),
          nullptr};
}

void Room::clocks_changed(RoomHandle self) {
  on_strand([this, self] {
    if (match_) broadcast_clocks();
  });
}

void Room::recheck(RoomHandle self) {
  on_strand([this, self] {
    if (!match_) return;
    broadcast_clocks();
    if (!automatic_timeout_ || match_->is_over()) return;
    const auto now = unix_now_ms();
    for (const auto& role : module_->info().roles)
      if (services_.store.timed_out(id_, role, now)) {
        enqueue(timeout_move(self, role, "the clock's timeout, found on a second look"));
        return;  // the game is over once it is applied
      }
  });
}

void Room::claim_timeout(RoomHandle self, SeatClaim claim, SeatAnswerCallback done) {
  on_strand([this, self, claim, done]() mutable {
    if (!match_) return done(refused_answer(absent()));
    auto role = role_of(claim);
    if (!role) return done(refused_answer(protocol::ErrorCode::bad_token, "only a player may claim a timeout"));
    if (!timed_) return done(refused_answer(protocol::ErrorCode::not_out_of_time, "this game has no clocks"));
    const auto& roles = module_->info().roles;
    if (roles.size() != 2)
      return done(refused_answer(protocol::ErrorCode::illegal_action, "timeouts are claimed in two-player games"));
    const std::string opponent = roles[0] == *role ? roles[1] : roles[0];
    Pending pending = timeout_move(self, opponent, "a timeout claimed by " + *role);
    pending.server_done = [this, claimant = *role, done](std::optional<RoomError> error) {
      SeatAnswer answer = answer_for_seat(claimant);
      answer.error = std::move(error);  // counted with the refusals already
      done(std::move(answer));
    };
    enqueue(std::move(pending));
  });
}

void Room::apply_timeout(RoomHandle self, std::string role, std::function<void(std::optional<RoomError>)> done) {
  on_strand([this, self, role = std::move(role), done = std::move(done)]() mutable {
    if (!match_) return done(absent());
    Pending pending = timeout_move(self, role, "the clock's timeout");
    pending.server_done = std::move(done);
    enqueue(std::move(pending));
  });
}

void Room::adjudicate(RoomHandle self, std::function<void(std::optional<RoomError>)> done) {
  on_strand([this, self, done = std::move(done)]() mutable {
    if (!match_) return done(absent());
    Pending pending{self,
                    Origin::server,
                    module_->info().roles.front(),
                    std::nullopt,
                    engine::Action{std::string(engine::adjudicate_verb), nullptr},
                    nullptr,
                    {},
                    nullptr,
                    "the tournament round's deadline",
                    std::move(done)};
    enqueue(std::move(pending));
  });
}

void Room::enqueue(Pending pending) {
  if (waiting_.size() >= max_waiting_actions)
    return answer_error(pending, protocol::ErrorCode::overloaded,
                        "too many actions are waiting in this game; try again");
  waiting_.push_back(std::move(pending));
  process_next();
}

void Room::process_next() {
  while (!committing_ && !waiting_.empty()) {
    Pending pending = std::move(waiting_.front());
    waiting_.pop_front();
    if (match_->is_over()) {
      answer_error(pending, protocol::ErrorCode::game_over, "the game has ended");
      continue;
    }
    if (pending.version && *pending.version != match_->version()) {
      answer_error(pending, protocol::ErrorCode::stale_version,
                   "you acted on version " + std::to_string(*pending.version) + "; the game is at " +
                       std::to_string(match_->version()));
      if (pending.subscriber) send_catch_up(*pending.subscriber, pending.role, *pending.version);
      continue;
    }
    // A timeout stands only if the clocks still say so when its turn comes.
    if (pending.action.verb == engine::timeout_verb && !services_.store.timed_out(id_, pending.role, unix_now_ms())) {
      answer_error(pending, protocol::ErrorCode::not_out_of_time,
                   pending.role + " is not out of time past the grace period");
      continue;
    }
    start_commit(std::move(pending));
  }
}

void Room::start_commit(Pending pending) {
  std::variant<engine::PreparedMove, engine::ActionError> outcome;
  try {
    // Timed by the steady clock, read without a system call (a thread's CPU clock takes one, twice
    // a move): the rules wait on nothing, so this is their CPU time unless the thread is preempted.
    const auto started = std::chrono::steady_clock::now();
    outcome = match_->prepare(pending.role, pending.action);
    services_.metrics.move_rules_seconds.observe(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  } catch (const std::exception& e) {
    // A module bug must cost one refused action, not the server.
    log_error("game " + std::to_string(id_) + ": " + pending.role + " " + pending.action.verb + " " +
              pending.action.arg.dump() + " threw: " + e.what());
    return answer_error(pending, protocol::ErrorCode::internal_error,
                        "the rules engine failed on this action; nothing was applied");
  }
  if (auto* error = std::get_if<engine::ActionError>(&outcome))
    return answer_error(pending, protocol::from_engine(error->code), error->message);
  auto prepared = std::make_shared<engine::PreparedMove>(std::move(std::get<engine::PreparedMove>(outcome)));
  committing_ = true;
  auto result = match_->result_after(*prepared);
  // What the move does to the log, stored with it and sent in its patches: built and written out once.
  auto move_log = std::make_shared<const engine::MoveLog>(*module_, match_->state(), *prepared->state,
                                                          std::vector<std::string>(seats_.begin(), seats_.end()));
  storage::MoveRecord record{id_,
                             match_->version() + 1,
                             prepared->move,
                             match_->active_roles_after(*prepared),
                             result ? result->to_json() : json(),
                             move_log,
                             unix_now_ms(),
                             timed_,
                             timed_ ? match_->active_roles() : std::vector<std::string>{},
                             prepared->dice};
  if (lease_) {
    record.lease = *lease_;
    record.lease_until_ms = wall_clock_ms() + services_.cluster->lease_ttl.count();
  }
  // What the move tells the players who are not looking, in the move's own transaction.
  storage::CommitQueue::Work notices;
  if (services_.site) {
    auto told = notify::your_move_recipients(
        match_->active_roles(), record.active_roles.get<std::vector<std::string>>(), accounts_, open_seats());
    if (!told.empty() || result)
      notices = notify::move_notices({module_, notice_facts(), record.seq, module_->position_summary(*prepared->state),
                                      std::move(told), result, accounts_},
                                     unix_now_seconds());
  }
  notices_queued_ = static_cast<bool>(notices);
  auto work = with_notices(storage::GameStore::append_move(std::move(record)), std::move(notices));
  auto shared_pending = std::make_shared<Pending>(std::move(pending));
  const auto submitted = std::chrono::steady_clock::now();
  services_.commits.submit(std::move(work),
                           [this, shared_pending, prepared, move_log, submitted](std::optional<std::string> error) {
                             if (!error) {
                               services_.metrics.commit_seconds.observe(
                                   std::chrono::duration<double>(std::chrono::steady_clock::now() - submitted).count());
                               ++services_.metrics.moves_committed;
                             }
                             // Back from the writer thread onto the room's strand.
                             on_strand([this, shared_pending, prepared, move_log, error] {
                               finish_commit(std::move(*shared_pending), prepared, *move_log, error);
                             });
                           });
}

void Room::finish_commit(Pending pending, std::shared_ptr<engine::PreparedMove> prepared,
                         const engine::MoveLog& move_log, std::optional<std::string> error) {
  committing_ = false;
  if (std::exchange(notices_queued_, false) && !error) wake_outbox();
  if (error && storage::lease_lost(*error)) return lose_lease(&pending);
  if (error) {
    log_error("game " + std::to_string(id_) + ": move not stored: " + *error);
    answer_error(pending, protocol::ErrorCode::storage_error, "the move could not be stored; nothing was applied");
  } else {
    match_->commit(std::move(*prepared));
    if (!broadcast_new_views(&pending, &move_log)) answer_success(pending);
    if (auto result = match_->result())
      broadcast_to_all(protocol::game_over_message(id_, match_->version(), result->to_json()));
    broadcast_clocks();
    maybe_snapshot();
    expire_passing();
  }
  process_next();
  if (!error) apply_standing_orders(pending.handle);
}

bool Room::broadcast_new_views(const Pending* mover, const engine::MoveLog* move_log) {
  // The public part once, then one patch per watched seat, shared by all of that seat's
  // connections. A seat nobody watches (the usual case in asynchronous play) costs nothing until
  // it is asked for. The mover's connection gets its patch with the action's ref, which answers
  // the action in the same frame (one write fewer per move); when its seat could only be sent a
  // snapshot, the caller sends an `ack`.
  const Subscriber* answered = mover ? mover->subscriber.get() : nullptr;
  bool acked = false;
  for (auto& delivery : feed_->advance(*match_, open_seats_, move_log))
    for (auto& [raw, entry] : subscribers_) {
      if (entry.second != delivery.seat) continue;
      if (auto live = entry.first.lock()) {
        if (raw == answered && delivery.patch) {
          live->deliver(protocol::patch_answering(delivery.frames.front(), mover->ref));
          acked = true;
        } else {
          deliver_all(*live, delivery.frames);
        }
        ++services_.metrics.patches_sent;
      }
    }
  return acked;
}

void Room::answer_error(const Pending& pending, protocol::ErrorCode code, const std::string& message) {
  services_.metrics.refused(protocol::to_string(code));
  switch (pending.origin) {
    case Origin::subscriber:
      pending.subscriber->deliver(protocol::error_message(code, message, pending.ref, id_,
                                                          match_ ? static_cast<std::int64_t>(match_->version()) : -1));
      return;
    case Origin::http: {
      SeatAnswer answer = answer_for_seat(pending.role);
      answer.error = RoomError{code, message};
      pending.http_done(std::move(answer));
      return;
    }
    case Origin::server:
      log_warn("game " + std::to_string(id_) + ": the server's move for " + pending.role + " (" + pending.reason +
               ") was refused: " + std::string(protocol::to_string(code)) + ": " + message);
      if (pending.server_done) pending.server_done(RoomError{code, message});
      return;
  }
}

void Room::answer_success(const Pending& pending) {
  switch (pending.origin) {
    case Origin::subscriber:
      pending.subscriber->deliver(protocol::ack_message(pending.ref, id_, match_->version()));
      return;
    case Origin::http:
      pending.http_done(answer_for_seat(pending.role));
      return;
    case Origin::server:
      if (pending.server_done) pending.server_done(std::nullopt);
      return;
  }
}

// --- standing orders ------------------------------------------------------------------------------

nlohmann::json Room::orders_json(const std::string& role) const {
  const auto it = orders_.find(role);
  return protocol::orders_json(it == orders_.end() ? engine::StandingOrders{} : it->second, match_->periods(),
                               window_kinds_);
}

OrdersAnswer Room::orders_refusal(protocol::ErrorCode code, std::string message) {
  return orders_refusal(RoomError{code, std::move(message)});
}

OrdersAnswer Room::orders_refusal(RoomError error) {
  services_.metrics.refused(protocol::to_string(error.code));
  OrdersAnswer answer;
  answer.error = std::move(error);
  if (match_) answer.version = match_->version();
  return answer;
}

void Room::pass_for(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::PassFor request) {
  orders_request(std::move(self), std::move(who), request.ref,
                 OrdersChange{std::nullopt, false, request.scope, request.version});
}

void Room::set_orders(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::SetOrders request) {
  orders_request(std::move(self), std::move(who), request.ref,
                 OrdersChange{std::move(request.auto_pass), request.cancel_passing, std::nullopt, 0});
}

void Room::orders_request(RoomHandle self, std::shared_ptr<Subscriber> who, std::string ref, OrdersChange change) {
  on_strand([this, self, who, ref = std::move(ref), change = std::move(change)]() mutable {
    auto seat = seat_of(who.get());
    if (!seat) return refuse(*who, protocol::ErrorCode::not_joined, "join the game first", ref);
    if (*seat == engine::spectator_seat)
      return refuse(*who, protocol::ErrorCode::spectator, "spectators have no orders", ref);
    change_orders(self, *seat, std::move(change), who.get(), [this, who, seat = *seat, ref](OrdersAnswer a) {
      if (a.error)
        return who->deliver(protocol::error_message(a.error->code, a.error->message, ref, id_,
                                                    a.version ? static_cast<std::int64_t>(*a.version) : -1));
      who->deliver(protocol::orders_message(id_, seat, a.orders, ref));
    });
  });
}

void Room::orders_for(RoomHandle self, SeatClaim claim, std::optional<OrdersChange> change, OrdersAnswerCallback done) {
  on_strand([this, self, claim, change = std::move(change), done]() mutable {
    if (!match_) return done(orders_refusal(absent()));
    auto role = role_of(claim);
    if (!role)
      return done(orders_refusal(protocol::ErrorCode::bad_token, claim.token.empty()
                                                                     ? "you play no seat of this game"
                                                                     : "that token holds no seat of this game"));
    if (!change) return done({std::nullopt, *role, match_->version(), orders_json(*role)});
    change_orders(self, *role, std::move(*change), nullptr, std::move(done));
  });
}

void Room::change_orders(RoomHandle self, const std::string& role, OrdersChange change, const Subscriber* requester,
                         std::function<void(OrdersAnswer)> done) {
  if (match_->is_over()) return done(orders_refusal(protocol::ErrorCode::game_over, "the game has ended"));
  const engine::Periods now = match_->periods();
  // Built on the orders last sent to be stored, so that two changes in a row both count.
  const auto writing = writing_.find(role);
  const auto stored = orders_.find(role);
  engine::StandingOrders orders = writing != writing_.end() ? writing->second
                                  : stored != orders_.end() ? stored->second
                                                            : engine::StandingOrders{};
  if (change.auto_pass) {
    for (const auto& kind : *change.auto_pass)
      if (std::find(window_kinds_.begin(), window_kinds_.end(), kind) == window_kinds_.end())
        return done(orders_refusal(protocol::ErrorCode::unknown_window_kind,
                                   "this game has no kind of response window called '" + kind + "'"));
    orders.auto_pass = {change.auto_pass->begin(), change.auto_pass->end()};
  }
  if (change.cancel_passing) orders.passing.clear();
  if (change.pass_for) {
    if (change.version != match_->version())
      return done(orders_refusal(protocol::ErrorCode::stale_version,
                                 "you answered version " + std::to_string(change.version) + "; the game is at " +
                                     std::to_string(match_->version())));
    if (!match_->response_window(role))
      return done(orders_refusal(protocol::ErrorCode::not_in_window, "your seat is in no response window now"));
    orders.passing[*change.pass_for] = now.of(*change.pass_for);
  }
  orders.drop_expired(now);
  writing_[role] = orders;
  services_.commits.submit(
      storage::GameStore::save_standing_orders(id_, role, orders),
      [this, self, role, orders, requester, done = std::move(done)](std::optional<std::string> error) mutable {
        on_strand([this, self, role, orders, requester, done = std::move(done), error] {
          if (const auto it = writing_.find(role); it != writing_.end() && it->second == orders) writing_.erase(it);
          if (error) {
            log_error("game " + std::to_string(id_) + ": standing orders not stored: " + *error);
            return done(orders_refusal(protocol::ErrorCode::storage_error, "the orders could not be stored"));
          }
          orders_[role] = orders;
          done({std::nullopt, role, match_->version(), orders_json(role)});
          send_orders(role, requester);
          apply_standing_orders(self);  // an order for the window open now applies at once
        });
      });
}

void Room::send_orders(const std::string& role, const Subscriber* skip) {
  protocol::Frame frame;
  for (auto& [raw, entry] : subscribers_) {
    if (raw == skip || entry.second != role) continue;
    if (auto live = entry.first.lock()) {
      if (!frame) frame = protocol::orders_message(id_, role, orders_json(role));
      live->deliver(frame);
    }
  }
}

void Room::expire_passing() {
  const engine::Periods now = match_->periods();
  for (auto& [role, orders] : orders_)
    if (orders.drop_expired(now)) send_orders(role);
}

void Room::apply_standing_orders(const RoomHandle& lease) {
  // After the move under way: its commit calls this again.
  if (!match_ || match_->is_over() || committing_ || !waiting_.empty()) return;
  const engine::Periods now = match_->periods();
  for (const auto& role : match_->active_roles()) {
    const auto orders = orders_.find(role);
    if (orders == orders_.end()) continue;
    const auto window = match_->response_window(role);
    if (!window || !orders->second.covers(*window, now)) continue;
    ++services_.metrics.moves_by_standing_orders;
    enqueue({lease,
             Origin::server,
             role,
             match_->version(),
             window->pass,
             nullptr,
             {},
             nullptr,
             "standing order for " + window->kind,
             nullptr});
    return;  // one move at a time: the next is decided once it is committed
  }
}

// A snapshot is taken at an undo barrier once `--snapshot-every` moves have passed since the last
// one, and at least one move per `snapshot_bytes_per_move` bytes of the last snapshot: serialising
// a state costs about 75 instructions per byte of it (a 30 KB Wilderness War state, 2.3 million),
// so a snapshot every 470 moves of such a game adds ≈ 5,000 per move, and a load replays at most
// those moves (a few µs each).
void Room::maybe_snapshot() {
  constexpr std::uint64_t snapshot_bytes_per_move = 64;
  const std::uint64_t every = std::max(services_.snapshot_every, last_snapshot_bytes_ / snapshot_bytes_per_move);
  // A forfeit is not in the module's state: the game is rebuilt by replaying it.
  if (!match_->at_barrier() || match_->forfeited() || match_->version() < last_snapshot_version_ + every) return;
  last_snapshot_version_ = match_->version();
  std::string state = match_->state().to_json().dump();
  last_snapshot_bytes_ = state.size();
  std::string hash = engine::hash_hex(state);  // json_hash without dumping the state twice
  storage::SnapshotRecord snapshot{match_->version(), std::move(state), std::move(hash)};
  const auto game = id_;
  services_.commits.submit(storage::GameStore::save_snapshot(id_, std::move(snapshot)),
                           [game](std::optional<std::string> error) {
                             if (error) log_warn("game " + std::to_string(game) + ": snapshot not saved: " + *error);
                           });
}

void Room::remember_chat(protocol::Frame frame) {
  recent_chat_.push_back(std::move(frame));
  if (recent_chat_.size() > static_cast<std::size_t>(chat_history_lines)) recent_chat_.pop_front();
}

void Room::broadcast_presence() {
  json seats = json::object();
  for (const auto& seat : seats_) seats[seat] = 0;
  for (const auto& [raw, entry] : subscribers_) seats[entry.second] = seats[entry.second].get<int>() + 1;
  broadcast_to_all(protocol::presence_message(id_, seats));
}

void Room::refuse(Subscriber& who, protocol::ErrorCode code, const std::string& message, const std::string& ref) {
  refuse(who, RoomError{code, message}, ref);
}

void Room::refuse(Subscriber& who, const RoomError& error, const std::string& ref) {
  services_.metrics.refused(protocol::to_string(error.code));
  if (error.elsewhere)
    who.deliver(protocol::moved_message(id_, error.elsewhere->node, error.elsewhere->retry_after_ms, ref));
  else
    who.deliver(protocol::error_message(error.code, error.message, ref, id_));
}

SeatAnswer Room::refused_answer(protocol::ErrorCode code, std::string message) {
  return refused_answer(RoomError{code, std::move(message)});
}

SeatAnswer Room::refused_answer(RoomError error) {
  services_.metrics.refused(protocol::to_string(error.code));
  SeatAnswer answer;
  answer.error = std::move(error);
  return answer;
}

void Room::broadcast_to_all(const Frame& frame) {
  for (auto& [raw, entry] : subscribers_)
    if (auto live = entry.first.lock()) live->deliver(frame);
}

}  // namespace warpath::server
