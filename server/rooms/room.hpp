#pragma once
// One game being served: the authoritative Match, the GameFeed of what its seats receive, and the
// connections watching it. Every operation runs on the room's strand, so a room needs no lock around the
// engine and rooms run in parallel on the thread pool.
//
// An action is applied to a copy of the state (Match::prepare); it becomes the match's state
// only once its move row is durably committed, and only then are the seats' patches broadcast and the action
// acknowledged. Actions arriving meanwhile wait in order.
//
// The room also keeps each player's standing orders (engine/core/response_window.hpp): after
// every committed move it plays, for a role left in a response window its orders decline, the
// window's pass, as a move of the server's own (the same queue, legality check, storage and
// broadcast as a player's), one at a time until no order applies.

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "engine/core/match.hpp"
#include "protocol/client_message.hpp"
#include "protocol/error_code.hpp"
#include "protocol/game_feed.hpp"
#include "server/rooms/room_services.hpp"
#include "server/rooms/subscriber.hpp"
#include "server/util/rate_limit.hpp"

namespace warpath::server {

class Room;
// A lease on a room: while any copy of a handle lives, the registry keeps the room loaded.
using RoomHandle = std::shared_ptr<Room>;

// Who asks for a seat: the holder of a seat token (quick games, whose seats belong to links) or
// a logged-in account (lobby games, whose seats belong to accounts). Neither: a spectator.
struct SeatClaim {
  std::string token;
  std::optional<std::int64_t> account;
};

// The role `claim` holds in a game: its token's (compared by hash, in constant time, against
// `token_hashes`: role -> SHA-256 of its token), else its account's (`accounts`: role -> account).
std::optional<std::string> role_held(const SeatClaim& claim, const std::map<std::string, std::string>& token_hashes,
                                     const std::map<std::string, std::int64_t>& accounts);

// Where to find a game another node serves (it holds the game's lease, server/storage/lease_store.hpp): its name, and
// how long until its lease expires should that node be gone.
struct Elsewhere {
  std::string node;
  std::int64_t retry_after_ms = 0;
};

struct RoomError {
  protocol::ErrorCode code;
  std::string message;
  std::optional<Elsewhere> elsewhere = {};  // code `moved`
};

// The answer to an HTTP-borne request: an error, or the seat's view after it.
struct SeatAnswer {
  std::optional<RoomError> error;
  std::string seat;
  std::uint64_t version = 0;
  nlohmann::json view;
  std::vector<std::string> seat_keys;
  std::string hash;
  std::size_t log_size = 0;
  nlohmann::json clocks;  // a timed game's clocks (clocks::clocks_view); null when untimed
  nlohmann::json orders;  // a role's own standing orders (protocol::orders_json); null for spectators
};
using SeatAnswerCallback = std::function<void(SeatAnswer)>;
// The answer to an HTTP log request: an error, or the page (GameFeed::log_json).
struct LogAnswer {
  std::optional<RoomError> error;
  nlohmann::json page;
};
using LogAnswerCallback = std::function<void(LogAnswer)>;
// A change to a seat's standing orders (docs/PROTOCOL.md, "Standing orders").
struct OrdersChange {
  std::optional<std::vector<std::string>> auto_pass;  // replaces the kinds declined until changed
  bool cancel_passing = false;                        // drops the "pass for" answers
  std::optional<engine::PassScope> pass_for;          // "pass for this <scope>" in the window open now,
  std::uint64_t version = 0;                          // which the seat saw at this version
};
// The answer to an HTTP standing-orders request: an error, or the seat's orders after it.
struct OrdersAnswer {
  std::optional<RoomError> error;
  std::string seat;
  std::optional<std::uint64_t> version;  // the game's, once the request reached it
  nlohmann::json orders;                 // protocol::orders_json
};
using OrdersAnswerCallback = std::function<void(OrdersAnswer)>;

class Room : public std::enable_shared_from_this<Room> {
 public:
  Room(boost::asio::any_io_executor executor, protocol::GameId id, RoomServices services);
  // Gives up the game's lease, if it holds one.
  ~Room();
  Room(const Room&) = delete;
  Room& operator=(const Room&) = delete;

  protocol::GameId id() const { return id_; }

  // Loads the game from the database; queued first on the strand by the registry.
  void load();
  // Several nodes: after a renewal of this node's leases (`held`: game -> epoch, renewal submitted
  // at `renewed_at_ms`), a room whose lease was not among them checks who holds it now and, if
  // another node took it, sends its connections there (lose_lease).
  void check_lease(RoomHandle self, std::shared_ptr<const storage::LeaseStore::Held> held, std::int64_t renewed_at_ms);

  // WebSocket operations: answers go to the subscriber as frames.
  // `joined(false)` (on the room's strand) lets the connection drop its lease on a refusal.
  void join(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::Join request, SeatClaim claim,
            std::function<void(bool)> joined);
  void leave(RoomHandle self, Subscriber* who);
  void act(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::ActionRequest request);
  void resync(RoomHandle self, std::shared_ptr<Subscriber> who, std::uint64_t version);
  void log_page(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::LogRequest request);
  void chat(RoomHandle self, std::shared_ptr<Subscriber> who, std::string text);

  // HTTP operations: the claim picks the seat (the token's, else the account's role in the game,
  // else spectator). `version`: the version the action was chosen at; none: whatever the game is
  // at when its turn comes (a resignation).
  void view_for(RoomHandle self, SeatClaim claim, SeatAnswerCallback done);
  void act_for(RoomHandle self, SeatClaim claim, std::optional<std::uint64_t> version, engine::Action action,
               SeatAnswerCallback done);
  void log_for(RoomHandle self, SeatClaim claim, std::optional<std::size_t> before, std::size_t limit,
               LogAnswerCallback done);

  // Timeouts (server/clocks/): the claim's player claims the win over an opponent whose clock has
  // run out and whose grace period is over, answered with the claimant's view; or the scheduler
  // applies one itself (`done` gets the refusal, if any). Either way the clocks are checked again
  // when the move's turn comes, so a move the player made first wins.
  void claim_timeout(RoomHandle self, SeatClaim claim, SeatAnswerCallback done);
  void apply_timeout(RoomHandle self, std::string role, std::function<void(std::optional<RoomError>)> done);
  // A tournament round's deadline: the server records an adjudication (engine::adjudicate_verb)
  // under the first role, ending the game with the module's adjudicated result; `done` gets the
  // refusal, if any (game_over when the game ended first).
  void adjudicate(RoomHandle self, std::function<void(std::optional<RoomError>)> done);
  // The clocks changed without a move (a vacation, a warning): the seats are sent them again.
  void clocks_changed(RoomHandle self);
  // Several nodes: what the room might not have been told (a cluster event missed while this node
  // did not listen, or a timeout due while another node served the game): the seats are sent the
  // clocks again, and a timeout the game applies automatically and is due now is applied.
  void recheck(RoomHandle self);
  // Standing orders, each seat its own only. WebSocket: answered by an `orders` frame with the
  // request's ref (the seat's other connections get it too), or an error.
  void pass_for(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::PassFor request);
  void set_orders(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::SetOrders request);
  // HTTP: the orders of the claim's role, after `change` when there is one.
  void orders_for(RoomHandle self, SeatClaim claim, std::optional<OrdersChange> change, OrdersAnswerCallback done);

  // Lease bookkeeping for the registry (see RoomRegistry).
  std::atomic<int> leases{0};
  std::atomic<std::int64_t> idle_since_ms{0};
  bool missing() const { return missing_.load(); }

 private:
  // Who made a move, and so who is answered.
  enum class Origin : std::uint8_t {
    subscriber,  // a WebSocket connection: `subscriber`, with the action's `ref`
    http,        // an HTTP request: `http_done`
    server,      // the server itself (a standing order, a timeout): `reason` for the log, `server_done` if set
  };
  struct Pending {
    RoomHandle handle;  // keeps the room leased until the action is answered
    Origin origin;
    std::string role;
    std::optional<std::uint64_t> version;  // none: any
    engine::Action action;
    std::shared_ptr<Subscriber> subscriber;
    std::string ref;
    SeatAnswerCallback http_done;
    std::string reason;
    // A server move with someone to tell (a claimed timeout's claimant, the scheduler): its outcome.
    std::function<void(std::optional<RoomError>)> server_done;
  };

  template <typename F>
  void on_strand(F&& f);

  // The server's move that puts `role` out of time (the clocks' timeout), and why it is made.
  static Pending timeout_move(RoomHandle self, const std::string& role, std::string reason);
  void enqueue(Pending pending);
  void process_next();
  void start_commit(Pending pending);
  void finish_commit(Pending pending, std::shared_ptr<engine::PreparedMove> prepared, const engine::MoveLog& move_log,
                     std::optional<std::string> error);
  // Returns whether `mover`'s connection got its answer with its patch.
  bool broadcast_new_views(const Pending* mover = nullptr, const engine::MoveLog* move_log = nullptr);
  void maybe_snapshot();
  void answer_error(const Pending& pending, protocol::ErrorCode code, const std::string& message);
  void answer_success(const Pending& pending);
  void send_catch_up(Subscriber& who, const std::string& seat, std::uint64_t from);
  void broadcast_presence();
  void remember_chat(protocol::Frame frame);
  void broadcast_to_all(const protocol::Frame& frame);
  // Every refusal of the room goes through one of these, to be counted in the metrics.
  void refuse(Subscriber& who, protocol::ErrorCode code, const std::string& message, const std::string& ref = {});
  void refuse(Subscriber& who, const RoomError& error, const std::string& ref = {});
  SeatAnswer refused_answer(protocol::ErrorCode code, std::string message);
  SeatAnswer refused_answer(RoomError error);
  // Why a room without a game answers nothing else: another node serves it (`moved`), or there is
  // no such game.
  RoomError absent() const;
  // Several nodes: takes the game's lease at load; false when another node holds it
  // (elsewhere_ says which).
  bool take_lease();
  // A move was refused by its lease's fence: another node took the game. Tells the mover, the
  // actions waiting and every connection where it went, and empties the room, which the
  // registry then replaces.
  void lose_lease(const Pending* mover);
  // Answers an action with absent().
  void answer_absent(const Pending& pending);

  // The role a claim holds, if any: the token's, else the account's.
  std::optional<std::string> role_of(const SeatClaim& claim) const;
  // Whether the claim holds `seat` (the spectators' seat: anyone in a public game, the players in
  // a private one).
  bool holds(const SeatClaim& claim, const std::string& seat) const;
  // The seat an HTTP request's claim holds (none: spectator), or the refusal of a bad token.
  std::variant<std::string, SeatAnswer> http_seat(const SeatClaim& claim);
  // Chat is the players' while the game is on; everyone's once it is over.
  bool reads_chat(const std::string& seat) const;
  std::optional<std::string> seat_of(const Subscriber* who) const;
  // Notices (server/notify): the seats some connection has open, and what a notice of this game names.
  const std::set<std::string>& open_seats() const { return open_seats_; }
  void subscribers_changed();  // after any change of subscribers_
  notify::GameFacts notice_facts() const;
  // The chat notices of a line from `seat` to the players away from the game, noting who may now
  // hold one (chat_noticed_).
  storage::CommitQueue::Work chat_notices(const std::string& seat, const std::string& text);
  // `work` followed, in its transaction, by `notices` (when there are any).
  static storage::CommitQueue::Work with_notices(storage::CommitQueue::Work work, storage::CommitQueue::Work notices);
  void wake_outbox() const;
  SeatAnswer answer_for_seat(const std::string& seat);
  // The clocks as the seats are shown them now; null for an untimed game.
  nlohmann::json clocks_now() const;
  void broadcast_clocks();
  void deliver_all(Subscriber& who, const std::vector<protocol::Frame>& frames);

  // Standing orders.
  bool has_windows() const { return !window_kinds_.empty(); }
  // The role's orders as its seat reads them (protocol::orders_json).
  nlohmann::json orders_json(const std::string& role) const;
  // A WebSocket connection's change of its seat's orders, answered by an `orders` frame or an error.
  void orders_request(RoomHandle self, std::shared_ptr<Subscriber> who, std::string ref, OrdersChange change);
  // Validates `change`, stores the role's new orders, then answers and applies them. On strand.
  void change_orders(RoomHandle self, const std::string& role, OrdersChange change, const Subscriber* requester,
                     std::function<void(OrdersAnswer)> done);
  OrdersAnswer orders_refusal(protocol::ErrorCode code, std::string message);
  OrdersAnswer orders_refusal(RoomError error);
  // The `orders` frame to every connection of `role` but `skip`.
  void send_orders(const std::string& role, const Subscriber* skip = nullptr);
  // Forgets the "pass for" answers whose period is over, telling their seats.
  void expire_passing();
  // Plays the pass of a window a role's orders decline, when nothing else is under way.
  void apply_standing_orders(const RoomHandle& lease);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  protocol::GameId id_;
  RoomServices services_;
  std::atomic<bool> missing_{false};
  // Several nodes: the game's lease while this node holds it, or who holds it instead.
  std::optional<storage::HeldLease> lease_;
  std::int64_t lease_taken_ms_ = 0;
  std::optional<storage::LeasedElsewhere> elsewhere_;
  const engine::GameModule* module_ = nullptr;
  std::unique_ptr<engine::Match> match_;
  std::map<std::string, std::string> token_hashes_;  // role -> SHA-256 of its token
  std::map<std::string, std::int64_t> accounts_;     // role -> the account playing it (lobby games)
  bool private_ = false;                             // spectators: its players only
  bool timed_ = false;                               // the game has clocks
  bool automatic_timeout_ = false;                   // ...and the server applies their timeouts
  std::set<std::string> chat_noticed_;               // roles that may hold a chat notice a join clears
  std::set<std::string> seats_;                      // roles and spectator
  std::unique_ptr<protocol::GameFeed> feed_;
  std::map<Subscriber*, std::pair<std::weak_ptr<Subscriber>, std::string>> subscribers_;
  std::set<std::string> open_seats_;  // the seats subscribers_ watch, kept with it
  std::deque<Pending> waiting_;
  std::deque<protocol::Frame> recent_chat_;
  std::int64_t chat_lines_ = 0;  // stored, or on their way to the database
  RateLimit chat_rate_;
  bool committing_ = false;
  bool notices_queued_ = false;  // the move being committed queues notices: wake the outbox once it is stored
  std::uint64_t last_snapshot_version_ = 0;
  std::uint64_t last_snapshot_bytes_ = 0;  // size of the state in the last snapshot taken, or the one loaded
  std::vector<std::string> window_kinds_;  // the module's kinds of response window
  std::map<std::string, engine::StandingOrders> orders_;   // role -> its stored standing orders
  std::map<std::string, engine::StandingOrders> writing_;  // role -> the orders last sent to be stored
};

}  // namespace warpath::server
