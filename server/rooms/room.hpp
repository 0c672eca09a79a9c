#pragma once
// One game being served: the authoritative Match, one SeatFeed per seat, and the connections
// watching it. Every operation runs on the room's strand, so a room needs no lock around the
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

#include "engine/core/match.hpp"
#include "protocol/client_message.hpp"
#include "protocol/seat_feed.hpp"
#include "server/rooms/room_services.hpp"
#include "server/rooms/subscriber.hpp"
#include "server/util/rate_limit.hpp"

namespace warpath::server {

class Room;
// A lease on a room: while any copy of a handle lives, the registry keeps the room loaded.
using RoomHandle = std::shared_ptr<Room>;

struct RoomError {
  std::string code;
  std::string message;
};

// The answer to an HTTP-borne request: an error, or the seat's view after it.
struct SeatAnswer {
  std::optional<RoomError> error;
  std::string seat;
  std::uint64_t version = 0;
  nlohmann::json view;
  std::string hash;
};
using SeatAnswerCallback = std::function<void(SeatAnswer)>;

class Room : public std::enable_shared_from_this<Room> {
 public:
  Room(boost::asio::any_io_executor executor, protocol::GameId id, RoomServices services);

  protocol::GameId id() const { return id_; }

  // Loads the game from the database; queued first on the strand by the registry.
  void load();

  // WebSocket operations: answers go to the subscriber as frames.
  // `joined(false)` (on the room's strand) lets the connection drop its lease on a refusal.
  void join(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::Join request, std::string token,
            std::function<void(bool)> joined);
  void leave(RoomHandle self, Subscriber* who);
  void act(RoomHandle self, std::shared_ptr<Subscriber> who, protocol::ActionRequest request);
  void resync(RoomHandle self, std::shared_ptr<Subscriber> who, std::uint64_t version);
  void chat(RoomHandle self, std::shared_ptr<Subscriber> who, std::string text);

  // HTTP operations: the token picks the seat (empty token: spectator).
  void view_for_token(RoomHandle self, std::string token, SeatAnswerCallback done);
  void act_for_token(RoomHandle self, std::string token, std::uint64_t version, engine::Action action,
                     SeatAnswerCallback done);

  // Lease bookkeeping for the registry (see RoomRegistry).
  std::atomic<int> leases{0};
  std::atomic<std::int64_t> idle_since_ms{0};
  bool missing() const { return missing_.load(); }

 private:
  struct Pending {
    RoomHandle handle;  // keeps the room leased until the action is answered
    std::string role;
    std::uint64_t version;
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
  void finish_commit(Pending pending, std::shared_ptr<engine::PreparedMove> prepared, std::optional<std::string> error);
  void broadcast_new_views();
  void maybe_snapshot();
  void answer_error(const Pending& pending, const std::string& code, const std::string& message);
  void answer_success(const Pending& pending);
  void send_catch_up(Subscriber& who, const std::string& seat, std::uint64_t from);
  void broadcast_presence();
  void remember_chat(protocol::Frame frame);
  void broadcast_to_all(const protocol::Frame& frame);
  // Every refusal of the room goes through one of these, to be counted in the metrics.
  void refuse(Subscriber& who, const std::string& code, const std::string& message, const std::string& ref = {});
  SeatAnswer refused_answer(std::string code, std::string message);

  std::optional<std::string> seat_of_token(const std::string& token) const;
  std::optional<std::string> seat_of(const Subscriber* who) const;
  SeatAnswer answer_for_seat(const std::string& seat);
  // The seat's feed, brought up to the match's version if nobody watched it meanwhile.
  protocol::SeatFeed& current_feed(const std::string& seat);

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  protocol::GameId id_;
  RoomServices services_;
  std::atomic<bool> missing_{false};
  const engine::GameModule* module_ = nullptr;
  std::unique_ptr<engine::Match> match_;
  std::map<std::string, std::string> token_hashes_;  // role -> SHA-256 of its token
  std::map<std::string, protocol::SeatFeed> feeds_;  // roles and spectator
  std::set<std::string> stale_seats_;                // feeds behind the match: nobody watched them
  std::map<Subscriber*, std::pair<std::weak_ptr<Subscriber>, std::string>> subscribers_;
  std::deque<Pending> waiting_;
  std::deque<protocol::Frame> recent_chat_;
  std::int64_t chat_lines_ = 0;  // stored, or on their way to the database
  RateLimit chat_rate_;
  bool committing_ = false;
  std::uint64_t last_snapshot_version_ = 0;
};

}  // namespace warpath::server
