// Events between the nodes of a cluster (server/storage/cluster_events.hpp): duplicates merged,
// payloads split below the NOTIFY limit and read back; and, under unit_tests.postgresql, two
// nodes' listeners on one database: a burst of events goes out as one NOTIFY, reaches the other
// node and not the sender, and a listener that lost its connection connects again and says so.

#include <doctest/doctest.h>
#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/storage/cluster_events.hpp"
#include "server/storage/database.hpp"
#include "tests/support/temp_db.hpp"

namespace cluster_events_test {

using namespace warpath::server::storage;
using warpath::test::TempDb;
using namespace std::chrono_literals;

namespace {

// What one node's listener was handed, for a test to wait on.
struct Received {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<ClusterEvent> events;
  int connections = 0;

  void handle(const ClusterEvent& e) {
    {
      std::lock_guard lock(mutex);
      events.push_back(e);
    }
    changed.notify_all();
  }
  void connected() {
    {
      std::lock_guard lock(mutex);
      ++connections;
    }
    changed.notify_all();
  }
  template <typename P>
  bool wait(P done, std::chrono::milliseconds within = 5s) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, within, [&] { return done(*this); });
  }
};

// A plain LISTEN of the test's own: counts the NOTIFYs sent on the channel.
class Counter {
 public:
  explicit Counter(const std::string& url) : conn_(PQconnectdb(url.c_str())) {
    REQUIRE(PQstatus(conn_) == CONNECTION_OK);
    PQclear(PQexec(conn_, (std::string("LISTEN ") + cluster_channel).c_str()));
  }
  ~Counter() { PQfinish(conn_); }
  // The NOTIFYs that arrive within `within`.
  std::vector<std::string> read(std::chrono::milliseconds within) {
    std::vector<std::string> out;
    const auto until = std::chrono::steady_clock::now() + within;
    while (std::chrono::steady_clock::now() < until) {
      pollfd fd{PQsocket(conn_), POLLIN, 0};
      ::poll(&fd, 1, 50);
      PQconsumeInput(conn_);
      while (PGnotify* n = PQnotifies(conn_)) {
        out.emplace_back(n->extra);
        PQfreemem(n);
      }
    }
    return out;
  }

 private:
  PGconn* conn_;
};

}  // namespace

TEST_CASE("cluster events: duplicates merged in their order; payloads under the limit, read back whole") {
  const std::vector<ClusterEvent> raised = {ClocksChanged{7},
                                            OutboxQueued{},
                                            TimeoutDue{7, "red", {"b", 1}},
                                            ClocksChanged{7},
                                            OutboxQueued{},
                                            TimeoutDue{7, "red", {"c", 1}},
                                            ClocksChanged{8},
                                            TimeoutDue{7, "red", {"b", 1}},
                                            RatingsChanged{}};
  const auto merged = coalesce(raised);
  const std::vector<ClusterEvent> expected = {
      ClocksChanged{7}, OutboxQueued{},  TimeoutDue{7, "red", {"b", 1}}, TimeoutDue{7, "red", {"c", 1}},
      ClocksChanged{8}, RatingsChanged{}};
  CHECK(merged == expected);

  // One payload when they fit.
  const auto one = encode_payloads("node-a", merged);
  REQUIRE(one.size() == 1);
  const auto read = decode_payload(one[0]);
  REQUIRE(read);
  CHECK(read->from == "node-a");
  CHECK(read->events == merged);

  // Many events: several payloads, none over the limit, every event once and in order.
  std::vector<ClusterEvent> many;
  for (std::int64_t game = 1; game <= 2000; ++game) {
    many.push_back(ClocksChanged{game});
    many.push_back(ResignationDue{game, game * 10, {"node-b", 0}});
    many.push_back(AdjudicationDue{game, {"node-c", 2}});
  }
  const auto payloads = encode_payloads("node-a", many);
  CHECK(payloads.size() > 10);
  std::vector<ClusterEvent> back;
  for (const auto& payload : payloads) {
    CHECK(payload.size() <= max_payload_bytes);
    const auto notice = decode_payload(payload);
    REQUIRE(notice);
    CHECK(notice->from == "node-a");
    CHECK(!notice->events.empty());
    back.insert(back.end(), notice->events.begin(), notice->events.end());
  }
  CHECK(back == many);
  CHECK(encode_payloads("node-a", {}).empty());

  // What is not a payload; a kind of a newer build left out, the rest kept.
  CHECK(!decode_payload("not json"));
  CHECK(!decode_payload(R"({"events": []})"));
  CHECK(!decode_payload(R"({"from": "a", "events": {}})"));
  const auto newer = decode_payload(
      R"({"from": "a", "events": [{"kind": "something new"}, {"kind": "clocks", "game": 3}, {"kind": "timeout"}]})");
  REQUIRE(newer);
  CHECK(newer->events == std::vector<ClusterEvent>{ClocksChanged{3}});
}

TEST_CASE("cluster events: a burst is one NOTIFY, handled by the other node only; a listener reconnects") {
  TempDb tmp;
  if (!is_postgresql_location(tmp.path())) return;  // LISTEN/NOTIFY: PostgreSQL only
  Counter counter(tmp.path());

  ClusterEventSettings settings;
  settings.coalesce_window = 300ms;  // generous: the burst below surely falls within it
  settings.retry_after = 100ms;
  ClusterEvents a(tmp.path(), "a", settings), b(tmp.path(), "b", settings);
  Received on_a, on_b;
  a.start([&](const ClusterEvent& e) { on_a.handle(e); }, [&] { on_a.connected(); });
  b.start([&](const ClusterEvent& e) { on_b.handle(e); }, [&] { on_b.connected(); });
  REQUIRE(on_a.wait([](Received& r) { return r.connections == 1; }));
  REQUIRE(on_b.wait([](Received& r) { return r.connections == 1; }));

  a.publish(ClocksChanged{5});
  a.publish(OutboxQueued{});
  a.publish(ClocksChanged{5});
  a.publish(TimeoutDue{5, "blue", {"b", 1}});
  const std::vector<ClusterEvent> expected = {ClocksChanged{5}, OutboxQueued{}, TimeoutDue{5, "blue", {"b", 1}}};
  REQUIRE(on_b.wait([&](Received& r) { return r.events.size() >= expected.size(); }));
  const auto sent = counter.read(500ms);
  REQUIRE(sent.size() == 1);
  CHECK(decode_payload(sent[0])->events == expected);
  {
    std::lock_guard lock(on_b.mutex);
    CHECK(on_b.events == expected);
  }
  {
    std::lock_guard lock(on_a.mutex);
    CHECK(on_a.events.empty());  // its own
  }

  // b's listening connection is ended by the server: b connects again (and looks again at what it
  // may have missed), then hears the next events.
  Connection admin(tmp.path());
  admin.exec(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
      "AND query LIKE 'LISTEN%'");
  REQUIRE(on_b.wait([](Received& r) { return r.connections >= 2; }));
  a.publish(RatingsChanged{});
  CHECK(on_b.wait([](Received& r) { return !r.events.empty() && r.events.back() == ClusterEvent{RatingsChanged{}}; }));
  a.stop();
  b.stop();
}

}  // namespace cluster_events_test
