// Events between the nodes of a cluster through PostgreSQL's LISTEN/NOTIFY (see cluster_events.hpp):
// the payloads' JSON, the listener's thread (libpq drives the protocol; poll() waits on its socket
// and on an eventfd that stop() writes) and the publisher's.

#include "server/storage/cluster_events.hpp"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <type_traits>

#include "server/storage/database.hpp"
#include "server/util/log.hpp"

namespace warpath::server::storage {

using nlohmann::json;

namespace {

json route_json(json out, const Route& route) {
  out["to"] = route.to;
  out["hops"] = route.hops;
  return out;
}

json event_json(const ClusterEvent& event) {
  return std::visit(
      [](const auto& e) -> json {
        using E = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<E, TimeoutDue>)
          return route_json({{"kind", "timeout"}, {"game", e.game}, {"role", e.role}}, e.route);
        else if constexpr (std::is_same_v<E, AdjudicationDue>)
          return route_json({{"kind", "adjudication"}, {"game", e.game}}, e.route);
        else if constexpr (std::is_same_v<E, ResignationDue>)
          return route_json({{"kind", "resignation"}, {"game", e.game}, {"account", e.account}}, e.route);
        else if constexpr (std::is_same_v<E, ClocksChanged>)
          return {{"kind", "clocks"}, {"game", e.game}};
        else if constexpr (std::is_same_v<E, RatingsChanged>)
          return {{"kind", "ratings"}};
        else
          return {{"kind", "outbox"}};
      },
      event);
}

// A field of the type asked for, if the object has one.
std::optional<std::int64_t> integer(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<std::int64_t>();
}
std::optional<std::string> text(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

std::optional<Route> route_of(const json& j) {
  auto to = text(j, "to");
  auto hops = integer(j, "hops");
  if (!to || !hops) return std::nullopt;
  return Route{std::move(*to), static_cast<int>(*hops)};
}

std::optional<ClusterEvent> event_of(const json& j) {
  if (!j.is_object()) return std::nullopt;
  const auto kind = text(j, "kind");
  if (!kind) return std::nullopt;
  if (*kind == "ratings") return RatingsChanged{};
  if (*kind == "outbox") return OutboxQueued{};
  const auto game = integer(j, "game");
  if (!game) return std::nullopt;
  if (*kind == "clocks") return ClocksChanged{*game};
  auto route = route_of(j);
  if (!route) return std::nullopt;
  if (*kind == "adjudication") return AdjudicationDue{*game, std::move(*route)};
  if (*kind == "timeout") {
    auto role = text(j, "role");
    if (!role) return std::nullopt;
    return TimeoutDue{*game, std::move(*role), std::move(*route)};
  }
  if (*kind == "resignation") {
    const auto account = integer(j, "account");
    if (!account) return std::nullopt;
    return ResignationDue{*game, *account, std::move(*route)};
  }
  return std::nullopt;  // a kind of a newer build
}

// libpq's message on one line.
std::string trimmed(std::string message) {
  for (auto& c : message)
    if (c == '\n' || c == '\t') c = ' ';
  while (!message.empty() && message.back() == ' ') message.pop_back();
  return message;
}

}  // namespace

std::vector<ClusterEvent> coalesce(const std::vector<ClusterEvent>& events) {
  std::vector<ClusterEvent> out;
  for (const auto& event : events)
    if (std::find(out.begin(), out.end(), event) == out.end()) out.push_back(event);
  return out;
}

std::vector<std::string> encode_payloads(const std::string& from, const std::vector<ClusterEvent>& events,
                                         std::size_t max_bytes) {
  const std::string head = "{\"from\":" + json(from).dump() + ",\"events\":[";
  const std::string tail = "]}";
  std::vector<std::string> out;
  std::string current = head;
  bool empty = true;
  for (const auto& event : events) {
    const std::string item = event_json(event).dump();
    if (head.size() + item.size() + tail.size() > max_bytes) {
      log_error("cluster event left out: " + std::to_string(item.size()) + " bytes do not fit a NOTIFY");
      continue;
    }
    if (!empty && current.size() + 1 + item.size() + tail.size() > max_bytes) {
      out.push_back(current + tail);
      current = head;
      empty = true;
    }
    if (!empty) current += ',';
    current += item;
    empty = false;
  }
  if (!empty) out.push_back(current + tail);
  return out;
}

std::optional<ClusterNotice> decode_payload(std::string_view payload) {
  const json j = json::parse(payload, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  auto from = text(j, "from");
  const auto events = j.find("events");
  if (!from || events == j.end() || !events->is_array()) return std::nullopt;
  ClusterNotice notice{std::move(*from), {}};
  for (const auto& item : *events)
    if (auto event = event_of(item)) notice.events.push_back(std::move(*event));
  return notice;
}

ClusterEvents::ClusterEvents(std::string url, std::string node, ClusterEventSettings settings)
    : url_(std::move(url)), node_(std::move(node)), settings_(settings), wake_fd_(::eventfd(0, EFD_CLOEXEC)) {
  if (wake_fd_ < 0) throw std::runtime_error(std::string("eventfd: ") + std::strerror(errno));
  if (node_.empty()) throw std::invalid_argument("cluster events need the node's name");
}

ClusterEvents::~ClusterEvents() {
  stop();
  ::close(wake_fd_);
}

void ClusterEvents::start(Handler handle, std::function<void()> maybe_missed) {
  handle_ = std::move(handle);
  maybe_missed_ = std::move(maybe_missed);
  listener_ = std::thread([this] { listen(); });
  publisher_ = std::thread([this] { publish_loop(); });
}

void ClusterEvents::publish(ClusterEvent event) {
  {
    std::lock_guard lock(mutex_);
    waiting_.push_back(std::move(event));
  }
  changed_.notify_all();
}

void ClusterEvents::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  changed_.notify_all();
  const std::uint64_t one = 1;
  if (::write(wake_fd_, &one, sizeof one) != sizeof one) log_error("cluster events: the listener could not be woken");
  if (publisher_.joinable()) publisher_.join();
  if (listener_.joinable()) listener_.join();
}

bool ClusterEvents::pause(std::chrono::milliseconds duration) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, duration, [this] { return stopping_; });
}

// --- publishing ---------------------------------------------------------------------------------

void ClusterEvents::publish_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
    if (waiting_.empty()) return;  // stopping, with everything sent
    // The window: what else is raised meanwhile goes in the same NOTIFY.
    if (!stopping_) changed_.wait_for(lock, settings_.coalesce_window, [this] { return stopping_; });
    const auto batch = std::exchange(waiting_, {});
    lock.unlock();
    for (const auto& payload : encode_payloads(node_, coalesce(batch))) send(payload);
    lock.lock();
  }
}

bool ClusterEvents::send(const std::string& payload) {
  // A connection of its own, outside any transaction: the NOTIFY is delivered as soon as this
  // statement commits.
  for (int attempt = 1; attempt <= settings_.publish_tries; ++attempt) {
    try {
      if (!publishing_) publishing_ = std::make_unique<Connection>(url_);
      auto q = publishing_->prepare("SELECT pg_notify(?, ?)");
      q.bind(1, std::string_view(cluster_channel)).bind(2, std::string_view(payload));
      q.step();
      return true;
    } catch (const std::exception& e) {
      log_warn(std::string("cluster events: a NOTIFY failed (try ") + std::to_string(attempt) + "): " + e.what());
      publishing_.reset();
      if (pause(settings_.retry_after)) break;  // stopping: no more tries
    }
  }
  log_error("cluster events: a NOTIFY was given up; the other nodes' periodic looks cover it");
  return false;
}

// --- listening ----------------------------------------------------------------------------------

namespace {

struct ConnDeleter {
  void operator()(PGconn* c) const { PQfinish(c); }
};
using Conn = std::unique_ptr<PGconn, ConnDeleter>;

// Runs a statement without parameters; its error, if any.
std::optional<std::string> run(PGconn* conn, const char* sql) {
  PGresult* r = PQexec(conn, sql);
  const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
  std::optional<std::string> error;
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    error = trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(conn));
  PQclear(r);
  return error;
}

}  // namespace

void ClusterEvents::listen() {
  bool connected_before = false;
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    Conn conn(PQconnectdb(url_.c_str()));
    if (!conn || PQstatus(conn.get()) != CONNECTION_OK) {
      log_warn("cluster events: cannot connect to listen: " +
               (conn ? trimmed(PQerrorMessage(conn.get())) : std::string("out of memory")));
      if (pause(settings_.retry_after)) return;
      continue;
    }
    PQsetNoticeProcessor(
        conn.get(), [](void*, const char*) {}, nullptr);
    if (auto error = run(conn.get(), (std::string("LISTEN ") + cluster_channel).c_str())) {
      log_warn("cluster events: LISTEN failed: " + *error);
      if (pause(settings_.retry_after)) return;
      continue;
    }
    log_info(std::string("cluster events: listening") + (connected_before ? " again" : "") + " as node " + node_);
    connected_before = true;
    // Whatever was sent while nobody listened here: the receivers look again.
    try {
      if (maybe_missed_) maybe_missed_();
    } catch (const std::exception& e) {
      log_error(std::string("cluster events: looking again after connecting failed: ") + e.what());
    }
    const int socket = PQsocket(conn.get());
    for (;;) {
      pollfd fds[2] = {{socket, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
      const int ready = ::poll(fds, 2, static_cast<int>(settings_.ping_every.count()));
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) {
        log_error(std::string("cluster events: poll: ") + std::strerror(errno));
        break;
      }
      if (fds[1].revents != 0) return;  // stop()
      if (ready == 0) {
        // Quiet for a while: a connection that no longer answers is found here.
        if (auto error = run(conn.get(), "SELECT 1")) {
          log_warn("cluster events: the listening connection failed: " + *error);
          break;
        }
      } else if (PQconsumeInput(conn.get()) == 0) {
        log_warn("cluster events: the listening connection failed: " + trimmed(PQerrorMessage(conn.get())));
        break;
      }
      while (PGnotify* n = PQnotifies(conn.get())) {
        const std::string payload = n->extra;
        PQfreemem(n);
        const auto notice = decode_payload(payload);
        if (!notice) {
          log_warn("cluster events: a payload that is not one: " + payload.substr(0, 200));
          continue;
        }
        if (notice->from == node_) continue;  // handled in-process already
        for (const auto& event : notice->events) {
          try {
            handle_(event);
          } catch (const std::exception& e) {
            log_error(std::string("cluster events: handling an event failed: ") + e.what());
          }
        }
      }
      if (PQstatus(conn.get()) != CONNECTION_OK) break;
    }
    if (pause(settings_.retry_after)) return;
  }
}

}  // namespace warpath::server::storage
