#pragma once
// One game being served: the authoritative Match, the GameFeed of what its seats receive, and the
// connections watching it. Every operation runs on the room's strand, so a room needs no lock around the
// engine and rooms run in parallel on the thread pool.
//
// An action is applied to a copy of the state (Match::prepare); it becomes the match's state
// only once its move row is durably committed, and only then are the seats' patches broadcast and the action
// acknowledged. Actions arriving meanwhile wait in order.

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

struct RoomError {
  protocol::ErrorCode code;
  std::string message;
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
};
using SeatAnswerCallback = std::function<void(SeatAnswer)>;
// The answer to an HTTP log request: an error, or the page (GameFeed::log_json).
struct LogAnswer {
  std::optional<RoomError> error;
  nlohmann::json page;
};
using LogAnswerCallback = std::function<void(LogAnswer)>;

class Room : public std::enable_shared_from_this<Room> {
 public:
  Room(boost::asio::any_io_executor executor, protocol::GameId id, RoomServices services);

  protocol::GameId id() const { return id_; }

  // Loads the game from the database; queued first on the strand by the registry.
  void load();

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

  // Lease bookkeeping for the registry (see RoomRegistry).
  std::atomic<int> leases{0};
  std::atomic<std::int64_t> idle_since_ms{0};
  bool missing() const { return missing_.load(); }

 private:
  struct Pending {
    RoomHandle handle;  // keeps the room leased until the action is answered
    std::string role;
    std::optional<std::uint64_t> version;  // none: any
    engine::Action action;
    // Exactly one of these answers.
    std::shared_ptr<Subscriber> subscriber;
    std::string ref;
    SeatAnswerCallback http_done;
  };

  template <typename F>
  void on_strand(F&& f);

  void enqueue(Pending pending);
  void process_next();
  void start_commit(Pending pending);
  void finish_commit(Pending pending, std::shared_ptr<engine::PreparedMove> prepared, const nlohmann::json& log_change,
                     std::optional<std::string> error);
  // Returns whether `mover`'s connection got its answer with its patch.
  bool broadcast_new_views(const Pending* mover = nullptr, const nlohmann::json* log_change = nullptr);
  void maybe_snapshot();
  void answer_error(const Pending& pending, protocol::ErrorCode code, const std::string& message);
  void answer_success(const Pending& pending);
  void send_catch_up(Subscriber& who, const std::string& seat, std::uint64_t from);
  void broadcast_presence();
  void remember_chat(protocol::Frame frame);
  void broadcast_to_all(const protocol::Frame& frame);
  // Every refusal of the room goes through one of these, to be counted in the metrics.
  void refuse(Subscriber& who, protocol::ErrorCode code, const std::string& message, const std::string& ref = {});
  SeatAnswer refused_answer(protocol::ErrorCode code, std::string message);

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
  std::set<std::string> open_seats() const;
  notify::GameFacts notice_facts() const;
  // `work` followed, in its transaction, by `notices` (when there are any).
  static storage::CommitQueue::Work with_notices(storage::CommitQueue::Work work, storage::CommitQueue::Work notices);
  void wake_outbox() const;
  SeatAnswer answer_for_seat(const std::string& seat);
  void deliver_all(Subscriber& who, const std::vector<protocol::Frame>& frames);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  protocol::GameId id_;
  RoomServices services_;
  std::atomic<bool> missing_{false};
  const engine::GameModule* module_ = nullptr;
  std::unique_ptr<engine::Match> match_;
  std::map<std::string, std::string> token_hashes_;  // role -> SHA-256 of its token
  std::map<std::string, std::int64_t> accounts_;     // role -> the account playing it (lobby games)
  bool private_ = false;                             // spectators: its players only
  std::set<std::string> seats_;                      // roles and spectator
  std::unique_ptr<protocol::GameFeed> feed_;
  std::map<Subscriber*, std::pair<std::weak_ptr<Subscriber>, std::string>> subscribers_;
  std::deque<Pending> waiting_;
  std::deque<protocol::Frame> recent_chat_;
  std::int64_t chat_lines_ = 0;  // stored, or on their way to the database
  RateLimit chat_rate_;
  bool committing_ = false;
  bool notices_queued_ = false;  // the move being committed queues notices: wake the outbox once it is stored
  std::uint64_t last_snapshot_version_ = 0;
  std::uint64_t last_snapshot_bytes_ = 0;  // size of the state in the last snapshot this room took
};

}  // namespace warpath::server
