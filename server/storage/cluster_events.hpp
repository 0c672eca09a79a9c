#pragma once
// Events between the nodes of a cluster on one PostgreSQL database (docs/ARCHITECTURE.md,
// "Several nodes"): what happened on one node that concerns state another node holds in memory
// (a game it serves, its rating book, its outbox sender). They travel by PostgreSQL's
// LISTEN/NOTIFY on one channel: each node listens on a libpq connection of its own, and publishes
// on another, after the work that caused an event was committed and never inside a move's
// transaction. Events raised within a few milliseconds go out as one NOTIFY (duplicates merged,
// split below PostgreSQL's payload limit); each payload names its node, which ignores its own (it
// acted on them in-process already).
//
// A NOTIFY reaches only the listeners connected when it is committed: the listener calls
// `maybe_missed` each time it has (re)connected, and the receivers then look again at what they
// might have been told (the rating book, the outbox, the rooms' clocks).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>
#include <vector>

namespace warpath::server::storage {

class Connection;

// The channel every node listens on.
inline constexpr const char* cluster_channel = "warpath";
// Under PostgreSQL's limit on a NOTIFY payload (8000 bytes), with room to spare.
inline constexpr std::size_t max_payload_bytes = 7900;

// Where a server move goes: the node serving the game (holding its lease), and how many times it
// has been passed on (a lease that changed hands on the way).
struct Route {
  std::string to;
  int hops = 0;
  bool operator==(const Route&) const = default;
};

// The server's own moves in a game, for the node serving it: a timeout the clocks apply
// automatically, a tournament round's adjudication at its deadline, a withdrawn player's
// resignation.
struct TimeoutDue {
  std::int64_t game = 0;
  std::string role;  // the role out of time
  Route route;
  bool operator==(const TimeoutDue&) const = default;
};
struct AdjudicationDue {
  std::int64_t game = 0;
  Route route;
  bool operator==(const AdjudicationDue&) const = default;
};
struct ResignationDue {
  std::int64_t game = 0;
  std::int64_t account = 0;  // the player who resigns
  Route route;
  bool operator==(const ResignationDue&) const = default;
};
// A game's clocks changed without a move (a vacation, a warning): its seats are shown them again.
struct ClocksChanged {
  std::int64_t game = 0;
  bool operator==(const ClocksChanged&) const = default;
};
// New ratings were committed: the rating books catch up.
struct RatingsChanged {
  bool operator==(const RatingsChanged&) const = default;
};
// Messages were queued in the outbox: the senders look now.
struct OutboxQueued {
  bool operator==(const OutboxQueued&) const = default;
};

using ServerMoveDue = std::variant<TimeoutDue, AdjudicationDue, ResignationDue>;
using ClusterEvent =
    std::variant<TimeoutDue, AdjudicationDue, ResignationDue, ClocksChanged, RatingsChanged, OutboxQueued>;

// What one NOTIFY carries: the node that sent it and its events.
struct ClusterNotice {
  std::string from;
  std::vector<ClusterEvent> events;
};

// The events in their order, each only at its first occurrence.
std::vector<ClusterEvent> coalesce(const std::vector<ClusterEvent>& events);
// The payloads that carry `events` from node `from`, each at most `max_bytes` long
// ({"from": ..., "events": [{"kind": ...}, ...]}); an event that cannot fit even alone is left out
// (none can: their fields are short names and numbers).
std::vector<std::string> encode_payloads(const std::string& from, const std::vector<ClusterEvent>& events,
                                         std::size_t max_bytes = max_payload_bytes);
// A payload read back; nullopt when it is not one. Events of a kind this build does not know
// (a newer node's) are left out.
std::optional<ClusterNotice> decode_payload(std::string_view payload);

struct ClusterEventSettings {
  // How long the publisher gathers events before it sends them as one NOTIFY.
  std::chrono::milliseconds coalesce_window{5};
  // After a failed connection or NOTIFY: the wait before the next try.
  std::chrono::milliseconds retry_after{1000};
  // A NOTIFY that keeps failing is given up after this many tries (the receivers' periodic looks
  // cover what it carried).
  int publish_tries = 5;
  // The listener checks that its connection still answers after this long without traffic.
  std::chrono::milliseconds ping_every{30000};
};

class ClusterEvents {
 public:
  using Handler = std::function<void(const ClusterEvent&)>;

  // `url`: the cluster's PostgreSQL database; `node`: this node's name (its own events are ignored).
  ClusterEvents(std::string url, std::string node, ClusterEventSettings settings = {});
  ~ClusterEvents();
  ClusterEvents(const ClusterEvents&) = delete;
  ClusterEvents& operator=(const ClusterEvents&) = delete;

  // Starts the listener and the publisher. `handle` gets each event of another node, on the
  // listener's thread, in the order sent; `maybe_missed` runs there each time the listener has
  // connected (the first time and after a lost connection), before any event of that connection.
  void start(Handler handle, std::function<void()> maybe_missed);
  // Sends `event` to the other nodes soon (coalesced with the events raised meanwhile). Any thread;
  // call it once the work that raised the event is committed.
  void publish(ClusterEvent event);
  // Sends what is waiting, then stops both threads.
  void stop();

  const std::string& node() const { return node_; }

 private:
  void listen();
  void publish_loop();
  // Sends `payload`, trying again after a failure; false once it gave up.
  bool send(const std::string& payload);
  // Waits up to `duration` unless stopping; true when stopping.
  bool pause(std::chrono::milliseconds duration);

  std::string url_;
  std::string node_;
  ClusterEventSettings settings_;
  Handler handle_;
  std::function<void()> maybe_missed_;

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<ClusterEvent> waiting_;
  bool stopping_ = false;
  int wake_fd_ = -1;                        // an eventfd that interrupts the listener's poll at stop()
  std::unique_ptr<Connection> publishing_;  // the publisher's own; opened again after a failure
  std::thread listener_;
  std::thread publisher_;
};

}  // namespace warpath::server::storage
