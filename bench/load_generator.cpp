// warpath-load: many rooms of random players and spectators against a running server, from one
// thread and one io_context, reporting throughput, latency, patch sizes and server memory as one
// JSON object. It speaks protocol 3 (docs/PROTOCOL.md): players (and spectators with
// --verify-spectators) apply every patch to their view and check it against the patch's hash, and
// every seat follows its log (snapshot, log frame, patches' `log`).
//
// The report's figures:
//   moves, moves_per_s, games_completed, seconds: moves acknowledged during the play phase, and
//     how long it lasted; a room whose game ends starts a new one on the same connections.
//   ack_latency_ms, opponent_patch_latency_ms {p50, p99}: from the moment an action is handed to
//     the socket, until the acting connection's answer (its patch, which carries the action's ref,
//     or an "ack"), and until the other player's
//     connection holds the patch of that version, which is what a remote player waits for.
//   median_patch_bytes, median_snapshot_bytes, median_log_frame_bytes: frame sizes as received,
//     every connection. A snapshot frame holds the view (with seat_keys and hash) but no log line;
//     the log frame that follows it holds the seat's last lines (100 at most).
//   patch_to_snapshot_ratio: median_patch_bytes / median_snapshot_bytes.
//   median_patch_to_current_view_ratio: for each patch a player applies, the patch frame's bytes
//     over the bytes of the view it produced, serialised (what a snapshot frame's view would weigh
//     now; the log is not part of it).
//   median_patch_to_held_ratio: the same patch bytes over the view's bytes plus the bytes of the
//     log lines the seat holds (each line serialised): those the log frame after its join brought
//     and every line since. Protocol 1 kept the log inside the view, so this is the definition its
//     patch-to-view figure had (the same figure for a seat that joined at the game's start).
//   log_frames, log_lines_received: log frames received, and log lines received in them and in
//     patches, every connection.
//   errors: error answers + hash mismatches (patches and snapshots) + log gaps. The others detail it:
//     error_codes (by code), hash_mismatches (a patched view whose hash differs from the patch's:
//     the seat joins again for a fresh snapshot), snapshot_hash_mismatches (a snapshot's view that
//     does not match its own hash: the two sides disagree on the hash; not retried), log_gaps (a
//     patch whose `log.keep` exceeds the lines the seat knows of, counting the older lines it never
//     fetched by their numbers, or a log frame that disagrees with the seat's log size: the seat
//     joins again), gaps (a patch whose `from` is not the seat's version: resync, not an error),
//     stale_log_frames (a log frame of another version than the seat's: asked again once per
//     snapshot, not an error), connect_failures.
//   cluster (with --cluster): disconnects (connections that dropped during the run), moved_frames
//     (`moved` answers followed), rejoins (snapshots after either), outages (times a room lost a
//     player's connection in play), failover_ms {p50, p99, max} (from such a loss to the room's next
//     acknowledged move), open_outages and longest_open_outage_ms (losses not yet recovered at the
//     end, and the oldest's age), acked_out_lines (lines written to --acked-out).
//   server_rss_kb, server_cpu_seconds, server_cpu_us_per_move (and its parts in user space and
//     in the kernel, server_user_us_per_move and server_system_us_per_move), server_cores_busy,
//     server_file_io_per_move {write_calls, write_kb, read_calls} (the database's system calls and
//     bytes written, from play start): with --server-pid, read from /proc.
//
// Cost on the hot path (the generator shares the machine with the server): a patch is applied to
// the held view in place; the expected hash takes one canonical dump of each member the patch
// touched (the others' hashes and lengths are kept), and the view's size for the ratios falls
// out of those (nothing is sampled); a log line is dumped once, when it
// arrives, for its size, and only by seats that apply patches. Spectators without
// --verify-spectators parse each frame and do the log's arithmetic only.
//
// Every connection opens at /ws?game=N, which nginx routes by the game (docs/PROTOCOL.md, "More
// than one node"). With --cluster the generator plays against nodes that may die: a new game gets
// new connections (routed by it), a seat whose connection drops connects again with a backoff, and
// one told `moved` goes to /node/<node>/ws?game=N as the browser client does (back to /ws, no
// sooner than the frame's retry_after_ms, when that fails). --acked-out FILE writes one JSON line
// per acknowledged action ({game, seq, role, verb, arg}) for a test to look for in the history.

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/core/json_string.hpp"

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

struct Options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;
  int rooms = 10;
  int spectators = 2;
  long moves_per_room = 1000000;
  std::string title = "test-duel";
  std::string scenario = "standard";
  double seconds = 10;
  long server_pid = 0;
  int think_ms = 0;
  std::uint32_t seed = 1;
  int connect_concurrency = 128;
  bool verify_spectators = false;
  bool cluster = false;
  std::string acked_out;
};

void usage(std::ostream& out) {
  out << "usage: warpath-load --port P [--host H] [--rooms R] [--spectators S] [--moves-per-room M]\n"
         "                    [--title T] [--scenario S] [--seconds T] [--server-pid PID] [--seed N]\n"
         "                    [--think-ms MS: players wait 0.5 to 1.5 times this long before each move]\n"
         "                    [--connect-concurrency N] [--verify-spectators]\n"
         "                    [--cluster: nodes may die or send `moved`; seats connect again]\n"
         "                    [--acked-out FILE: every acknowledged action, one JSON line each]\n";
}

Options parse_options(int argc, char** argv) {
  Options o;
  auto value = [&](int& i) -> std::string {
    if (i + 1 >= argc) {
      std::cerr << argv[i] << " needs a value\n";
      std::exit(2);
    }
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--host")
      o.host = value(i);
    else if (arg == "--port")
      o.port = static_cast<std::uint16_t>(std::stoul(value(i)));
    else if (arg == "--rooms")
      o.rooms = std::stoi(value(i));
    else if (arg == "--spectators")
      o.spectators = std::stoi(value(i));
    else if (arg == "--moves-per-room")
      o.moves_per_room = std::stol(value(i));
    else if (arg == "--title")
      o.title = value(i);
    else if (arg == "--scenario")
      o.scenario = value(i);
    else if (arg == "--seconds")
      o.seconds = std::stod(value(i));
    else if (arg == "--server-pid")
      o.server_pid = std::stol(value(i));
    else if (arg == "--think-ms")
      o.think_ms = std::stoi(value(i));
    else if (arg == "--seed")
      o.seed = static_cast<std::uint32_t>(std::stoul(value(i)));
    else if (arg == "--connect-concurrency")
      o.connect_concurrency = std::max(1, std::stoi(value(i)));
    else if (arg == "--verify-spectators")
      o.verify_spectators = true;
    else if (arg == "--cluster")
      o.cluster = true;
    else if (arg == "--acked-out")
      o.acked_out = value(i);
    else if (arg == "--help" || arg == "-h") {
      usage(std::cout);
      std::exit(0);
    } else {
      std::cerr << "unknown argument " << arg << "\n";
      usage(std::cerr);
      std::exit(2);
    }
  }
  if (o.port == 0 || o.rooms < 1 || o.spectators < 0 || o.seconds <= 0) {
    usage(std::cerr);
    std::exit(2);
  }
  return o;
}

// Thousands of sockets need more descriptors than the usual soft limit of 1024.
rlim_t raise_fd_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE, &limit);
  getrlimit(RLIMIT_NOFILE, &limit);
  return limit.rlim_cur;
}

// The CPU seconds the process has used in user space and in the kernel, from /proc/PID/stat
// (fields 14 and 15).
struct CpuSeconds {
  double user = 0, system = 0;
  double total() const { return user + system; }
};
CpuSeconds cpu_seconds(long pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  if (close == std::string::npos) return {};
  std::istringstream fields(text.substr(close + 2));
  std::string skip;
  for (int i = 3; i < 14; ++i) fields >> skip;
  double user = 0, system = 0;
  fields >> user >> system;
  const auto ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  return {user / ticks, system / ticks};
}

// The process's file input and output so far, from /proc/PID/io: write and read system calls and
// the bytes written. Sockets are not counted there (sendmsg and recvmsg bypass these counters),
// so for a server these are its database's writes and reads (and its log's).
struct IoCounts {
  double write_calls = 0, write_bytes = 0, read_calls = 0;
};
IoCounts io_counts(long pid) {
  std::ifstream io("/proc/" + std::to_string(pid) + "/io");
  IoCounts out;
  std::string name;
  double value = 0;
  while (io >> name >> value) {
    if (name == "syscw:") out.write_calls = value;
    if (name == "wchar:") out.write_bytes = value;
    if (name == "syscr:") out.read_calls = value;
  }
  return out;
}

long rss_kb(long pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return -1;
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

template <typename T>
T percentile(std::vector<T> values, double p) {
  if (values.empty()) return T{};
  std::sort(values.begin(), values.end());
  auto rank = static_cast<std::size_t>(p * static_cast<double>(values.size()) + 0.999999);
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

std::string hex16(std::uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

struct ViewDigest {
  std::string hash;       // the protocol's: the public part's, then the seat part's
  std::size_t bytes = 0;  // the whole view serialised
};

// One member of a held view: the hash of its `"name":value` text (engine::member_hash) and that
// text's length. A part's hash is the sum of its members' (engine::part_hash), so a seat keeps one
// of these per member and, after a patch, writes and hashes again only the members the patch's
// operations touched: the generator shares the server's cores.
struct MemberDigest {
  std::uint64_t hash = 0;
  std::size_t bytes = 0;
};
using ViewDigests = std::map<std::string, MemberDigest>;

MemberDigest digest_member(const std::string& name, const json& value) {
  // One serializer writing into one buffer, for every member.
  thread_local std::string text;
  thread_local nlohmann::detail::serializer<json> serializer(nlohmann::detail::output_adapter<char, std::string>(text),
                                                             ' ', json::error_handler_t::strict);
  text.clear();
  warpath::engine::append_json_string(text, name);
  text += ':';
  serializer.dump(value, false, false, 0);
  return {warpath::engine::fnv1a64(text), text.size()};
}

// The top-level member an operation's JSON pointer names ("" for the whole document).
std::string top_member(const std::string& pointer) {
  if (pointer.empty()) return {};
  std::string name = pointer.substr(1, pointer.find('/', 1) - 1);
  for (std::size_t at = 0; (at = name.find('~', at)) != std::string::npos; ++at)
    name.replace(at, 2, name.compare(at, 2, "~1") == 0 ? "/" : "~");
  return name;
}

// Brings `digests` up to `view` for the members `ops` (a patch) touched, or for all of them when
// `ops` is null (a snapshot) or replaces the whole view.
void update_digests(const json& view, ViewDigests& digests, const json* ops) {
  std::vector<std::string> touched;
  bool all = ops == nullptr || !view.is_object();
  if (!all) {
    for (const auto& op : *ops)
      for (const char* field : {"path", "from"}) {
        const auto it = op.find(field);
        if (it == op.end() || !it->is_string()) continue;
        if (it->get_ref<const std::string&>().empty()) all = true;
        touched.push_back(top_member(*it));
      }
  }
  if (all) {
    digests.clear();
    if (view.is_object())
      for (const auto& [name, value] : view.items()) digests[name] = digest_member(name, value);
    return;
  }
  for (const auto& name : touched) {
    const auto it = view.find(name);
    if (it == view.end())
      digests.erase(name);
    else
      digests[name] = digest_member(name, *it);
  }
}

ViewDigest digest_of(const ViewDigests& digests, const std::vector<std::string>& seat_keys) {
  std::uint64_t public_hash = 0, seat_hash = 0;
  ViewDigest digest;
  for (const auto& [name, member] : digests) {
    (std::find(seat_keys.begin(), seat_keys.end(), name) != seat_keys.end() ? seat_hash : public_hash) += member.hash;
    digest.bytes += member.bytes;
  }
  digest.hash = hex16(public_hash) + hex16(seat_hash);
  // The whole view's text: its members in one pair of braces, with commas between.
  digest.bytes += 2 + (digests.empty() ? 0 : digests.size() - 1);
  return digest;
}

// One POST /api/games on a connection of its own.
class CreateGame : public std::enable_shared_from_this<CreateGame> {
 public:
  using Done = std::function<void(const std::string& error, const json& body)>;

  CreateGame(net::io_context& ioc, const tcp::endpoint& server, const std::string& host, json request, Done done)
      : stream_(ioc), server_(server), done_(std::move(done)) {
    req_ = {http::verb::post, "/api/games", 11};
    req_.set(http::field::host, host);
    req_.set(http::field::content_type, "application/json");
    req_.body() = request.dump();
    req_.prepare_payload();
  }

  void run() {
    stream_.expires_after(std::chrono::seconds(30));
    stream_.async_connect(server_, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->finish("connect: " + ec.message());
      http::async_write(self->stream_, self->req_, [self](beast::error_code ec, std::size_t) {
        if (ec) return self->finish("write: " + ec.message());
        http::async_read(self->stream_, self->buffer_, self->res_, [self](beast::error_code ec, std::size_t) {
          if (ec) return self->finish("read: " + ec.message());
          if (self->res_.result_int() != 201)
            return self->finish("status " + std::to_string(self->res_.result_int()) + ": " + self->res_.body());
          self->finish({});
        });
      });
    });
  }

 private:
  void finish(const std::string& error) {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    json body = error.empty() ? json::parse(res_.body(), nullptr, false) : json();
    if (error.empty() && (body.is_discarded() || !body.contains("id") || !body.contains("seats")))
      return done_("bad creation answer: " + res_.body(), json());
    done_(error, body);
  }

  beast::tcp_stream stream_;
  tcp::endpoint server_;
  Done done_;
  http::request<http::string_body> req_;
  http::response<http::string_body> res_;
  beast::flat_buffer buffer_;
};

// A WebSocket connection with a write queue: Beast allows one write in flight at a time.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  std::function<void(const std::string&)> on_message;
  std::function<void(const std::string& error)> on_failed;

  explicit Connection(net::io_context& ioc) : ws_(ioc) {}

  // `target`: the request's path and query (/ws?game=N).
  void open(const tcp::endpoint& server, const std::string& host, const std::string& target,
            std::function<void(bool ok)> opened) {
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(
        server, [self = shared_from_this(), host, target, opened = std::move(opened)](beast::error_code ec) mutable {
          if (ec) return self->fail("connect: " + ec.message(), opened);
          // Small frames must not wait for Nagle: latency is what is being measured.
          beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true), ec);
          beast::get_lowest_layer(self->ws_).expires_never();
          self->ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
          self->ws_.async_handshake(host, target, [self, opened = std::move(opened)](beast::error_code ec) mutable {
            if (ec) return self->fail("handshake: " + ec.message(), opened);
            self->open_ = true;
            opened(true);
            self->read();
          });
        });
  }

  void send(std::string text) {
    if (!open_) return;
    outbox_.push_back(std::move(text));
    if (!writing_) write_next();
  }

  void close(std::function<void()> closed) {
    if (!open_) return closed();
    open_ = false;
    ws_.async_close(websocket::close_code::normal,
                    [self = shared_from_this(), closed = std::move(closed)](beast::error_code) { closed(); });
  }

  bool is_open() const { return open_; }

 private:
  void fail(const std::string& error, std::function<void(bool)>& opened) {
    if (on_failed) on_failed(error);
    opened(false);
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        const bool expected = !self->open_;  // we closed it
        self->open_ = false;
        if (!expected && self->on_failed) self->on_failed("read: " + ec.message());
        return;
      }
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      if (self->on_message) self->on_message(text);
      self->read();
    });
  }

  void write_next() {
    if (outbox_.empty() || !open_) {
      writing_ = false;
      return;
    }
    writing_ = true;
    ws_.async_write(net::buffer(outbox_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->outbox_.pop_front();
      if (ec) {
        self->writing_ = false;
        return;  // the read side reports the failure
      }
      self->write_next();
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  bool open_ = false;
};

struct Seat {
  std::string name;  // role or "spectator"
  bool player = false;
  std::shared_ptr<Connection> conn;
  bool has_view = false;
  json view;
  ViewDigests digests;                 // of the view's members, kept by seats that apply patches
  std::vector<std::string> seat_keys;  // from the last snapshot: the members of the view's seat part
  std::uint64_t version = 0;
  // The seat's log as this client knows it at `version`: log_size lines numbered from 0, of which
  // it holds those from held_from on (held_line_bytes.size() of them, each line's serialised size;
  // kept only by seats that apply patches). The older ones it has never fetched.
  bool log_known = false;  // since a snapshot; an unverified spectator's version break loses it
  bool log_asked = false;  // asked again for the log, after a stale log frame, since the snapshot
  std::size_t log_size = 0;
  std::size_t held_from = 0;
  std::deque<std::uint32_t> held_line_bytes;
  std::size_t held_bytes = 0;
  // The version this seat last sent an action for, so that one view never yields two actions.
  std::optional<std::uint64_t> acted_at;
  bool counted_ready = false;
  // --cluster: the node a `moved` frame named (the next connection opens there), the frames
  // followed since the last snapshot, the wait before the next try, and no try before not_before
  // (the frame's retry_after_ms).
  std::string next_node;
  int moved_hops = 0;
  int backoff_ms = 0;
  Clock::time_point not_before;
  bool lost = false;  // its connection dropped or was moved since its last snapshot
};

Seat make_seat(std::string name, bool player) {
  Seat seat;
  seat.name = std::move(name);
  seat.player = player;
  return seat;
}

struct Pending {
  Clock::time_point sent;
  std::string actor;
  std::string verb;
  json arg;
  bool acked = false;
  bool opponent_seen = false;
};

struct Room {
  int index = 0;
  std::int64_t game = 0;
  std::map<std::string, std::string> tokens;
  std::vector<Seat> seats;
  long moves = 0;
  long in_flight = 0;  // actions sent and not yet answered
  bool active = true;
  bool recreating = false;
  int consecutive_errors = 0;
  std::map<std::uint64_t, Pending> pending;       // by the version the action will produce
  std::optional<Clock::time_point> outage_since;  // --cluster: a player's connection lost in play
};

class LoadGenerator {
 public:
  explicit LoadGenerator(Options options) : o_(std::move(options)), rng_(o_.seed), finish_timer_(ioc_) {}

  int run() {
    // A view's digest is its parts' engine::part_hash and its dump's length, also after a patch
    // (members replaced, added, removed, one with a name a pointer escapes).
    json probe = {{"b", 1}, {"a", "\u00e9/\u0001"}, {"c\"", {{"d", nullptr}}}, {"h/~", {1, 2}}};
    ViewDigests probed;
    update_digests(probe, probed, nullptr);
    const json ops = json::parse(R"([{"op":"replace","path":"/b","value":2},{"op":"remove","path":"/a"},
      {"op":"add","path":"/h~1~0/-","value":3},{"op":"add","path":"/e","value":[]}])");
    probe.patch_inplace(ops);
    update_digests(probe, probed, &ops);
    const ViewDigest digest = digest_of(probed, {"h/~"});
    json seat_part = {{"h/~", probe["h/~"]}}, public_part = probe;
    public_part.erase("h/~");
    if (digest.hash != warpath::engine::part_hash(public_part) + warpath::engine::part_hash(seat_part) ||
        digest.bytes != probe.dump().size())
      throw std::logic_error("a view's digest differs from engine::part_hash or from the view's dump");
    fd_limit_ = raise_fd_limit();
    if (!o_.acked_out.empty()) {
      acked_out_ = std::make_unique<std::ofstream>(o_.acked_out);
      if (!*acked_out_) throw std::runtime_error("cannot write " + o_.acked_out);
    }
    tcp::resolver resolver(ioc_);
    server_ = *resolver.resolve(o_.host, std::to_string(o_.port)).begin();
    host_header_ = o_.host + ":" + std::to_string(o_.port);

    rooms_.resize(static_cast<std::size_t>(o_.rooms));
    for (int i = 0; i < o_.rooms; ++i) rooms_[static_cast<std::size_t>(i)].index = i;
    create_initial_games();
    ioc_.run();
    if (acked_out_) {
      acked_out_->close();
      if (!*acked_out_) throw std::runtime_error("cannot write " + o_.acked_out);
    }
    print_report();
    return moves_ > 0 ? 0 : 1;  // a run that measured nothing is a failed run
  }

 private:
  // --- phase 1: games ---
  void create_initial_games() {
    for (int i = 0; i < std::min(o_.rooms, 16); ++i) create_next_initial();
  }

  void create_next_initial() {
    if (next_to_create_ >= rooms_.size()) return;
    Room& room = rooms_[next_to_create_++];
    create_game(room, [this](Room& r, bool ok) {
      if (!ok) r.active = false;
      if (++games_created_ == rooms_.size()) return connect_all();
      create_next_initial();
    });
  }

  // --cluster: a creation that fails (the node answering it died) is tried again, every half
  // second for 20 s.
  void create_game(Room& room, std::function<void(Room&, bool)> then, int attempt = 1) {
    const json request = {{"title", o_.title}, {"scenario", o_.scenario}, {"seed", static_cast<std::uint64_t>(rng_())}};
    auto created = [this, &room, attempt, then = std::move(then)](const std::string& error, const json& body) mutable {
      if (!error.empty()) {
        note_error("create_game", error);
        if (!o_.cluster || attempt >= 40 || phase_ == Phase::done) return then(room, false);
        auto timer = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(500));
        return timer->async_wait([this, timer, &room, attempt, then = std::move(then)](beast::error_code) mutable {
          create_game(room, std::move(then), attempt + 1);
        });
      }
      room.game = body.at("id").get<std::int64_t>();
      room.tokens.clear();
      for (const auto& [role, token] : body.at("seats").items()) room.tokens[role] = token.get<std::string>();
      room.pending.clear();
      then(room, true);
    };
    std::make_shared<CreateGame>(ioc_, server_, host_header_, request, std::move(created))->run();
  }

  // --- phase 2: connections ---
  void connect_all() {
    phase_ = Phase::connect;
    if (o_.server_pid) rss_before_ = rss_kb(o_.server_pid);
    for (auto& room : rooms_) {
      if (!room.active) continue;
      for (const auto& [role, token] : room.tokens) room.seats.push_back(make_seat(role, true));
      for (int s = 0; s < o_.spectators; ++s) room.seats.push_back(make_seat("spectator", false));
      for (std::size_t i = 0; i < room.seats.size(); ++i) connect_queue_.push_back({&room, i});
    }
    total_connections_ = connect_queue_.size();
    if (total_connections_ + 64 > fd_limit_)
      std::cerr << "warning: " << total_connections_ << " connections with a descriptor limit of " << fd_limit_ << "\n";
    if (total_connections_ == 0) return finish();
    // Play starts without the stragglers rather than never.
    finish_timer_.expires_after(std::chrono::seconds(120));
    finish_timer_.async_wait([this](beast::error_code ec) {
      if (ec || phase_ != Phase::connect) return;
      note_error("connect_timeout", std::to_string(total_connections_ - seats_ready_) + " seats never got a snapshot");
      start_play();
    });
    for (int i = 0; i < o_.connect_concurrency; ++i) connect_next();
  }

  void connect_next() {
    if (connect_queue_.empty()) return;
    auto [room, index] = connect_queue_.front();
    connect_queue_.pop_front();
    open_seat(*room, index, [this](bool ok) {
      if (!ok) ++connect_failures_;
      connect_next();
    });
  }

  // Opens a new connection for the seat (at the node a `moved` frame named, else where nginx
  // routes the game) and joins once it is open. The seat's former connection, if any, is left:
  // what it still reports is ignored.
  void open_seat(Room& room, std::size_t index, std::function<void(bool ok)> then) {
    Seat& seat = room.seats[index];
    const std::string target =
        (seat.next_node.empty() ? std::string() : "/node/" + seat.next_node) + "/ws?game=" + std::to_string(room.game);
    seat.next_node.clear();
    auto conn = std::make_shared<Connection>(ioc_);
    const Connection* raw = conn.get();
    seat.conn = conn;
    conn->on_message = [this, &room, index, raw](const std::string& text) {
      if (room.seats[index].conn.get() == raw) on_message(room, index, text);
    };
    conn->on_failed = [this, &room, index, raw](const std::string& error) {
      if (room.seats[index].conn.get() == raw) seat_failed(room, index, error);
    };
    conn->open(server_, host_header_, target, [this, &room, index, raw, then = std::move(then)](bool ok) {
      if (ok && room.seats[index].conn.get() == raw) send_join(room, room.seats[index]);
      then(ok);
    });
  }

  void seat_failed(Room& room, std::size_t index, const std::string& error) {
    Seat& seat = room.seats[index];
    if (!o_.cluster) {
      note_error("connection", error);
      seat_ready(seat);  // a broken seat is not waited for
      // Without both players the room cannot move; a lost spectator changes nothing.
      if (phase_ == Phase::play && seat.player) {
        room.active = false;
        check_all_done();
      }
      return;
    }
    ++disconnects_;
    seat_lost(room, seat);
    schedule_reopen(room, index);
  }

  // --cluster: the seat has no connection to its game's node any more (dropped, or moved).
  void seat_lost(Room& room, Seat& seat) {
    seat.has_view = false;
    seat.acted_at.reset();
    seat.lost = true;
    // Its actions in flight may or may not have been stored: neither is counted.
    for (auto it = room.pending.begin(); it != room.pending.end();)
      it = !it->second.acked && it->second.actor == seat.name ? room.pending.erase(it) : std::next(it);
    room.in_flight = 0;
    if (seat.player && phase_ == Phase::play && room.active && !room.outage_since) room.outage_since = Clock::now();
  }

  // Connects the seat again after its backoff (100 ms doubling to 2 s, jittered), no sooner than
  // a `moved` frame's retry_after_ms.
  void schedule_reopen(Room& room, std::size_t index) {
    Seat& seat = room.seats[index];
    seat.conn.reset();
    if (phase_ == Phase::done) return;
    seat.backoff_ms = std::clamp(seat.backoff_ms * 2, 100, 2000);
    const auto jitter = std::uniform_int_distribution<int>(0, seat.backoff_ms / 2)(rng_);
    const auto at = std::max(Clock::now() + std::chrono::milliseconds(seat.backoff_ms + jitter), seat.not_before);
    auto timer = std::make_shared<net::steady_timer>(ioc_, at);
    const auto game = room.game;
    timer->async_wait([this, timer, &room, index, game](beast::error_code ec) {
      if (ec || phase_ == Phase::done || room.game != game || room.seats[index].conn) return;
      open_seat(room, index, [](bool) {});
    });
  }

  // --cluster: another node serves the game; this connection is closed and the seat goes there.
  void follow_moved(Room& room, std::size_t index, const json& m) {
    Seat& seat = room.seats[index];
    ++moved_frames_;
    const auto wait = m.value("retry_after_ms", std::int64_t{0});
    seat.not_before = Clock::now() + std::chrono::milliseconds(std::max<std::int64_t>(0, wait));
    seat_lost(room, seat);
    if (seat.conn) seat.conn->close([] {});
    seat.conn.reset();
    const std::string node = m.value("node", "");
    // Straight to the node named, a few times; then (nodes disagreeing for a moment) the backoff.
    if (!node.empty() && ++seat.moved_hops <= 3) {
      seat.next_node = node;
      return open_seat(room, index, [](bool) {});
    }
    schedule_reopen(room, index);
  }

  void send_join(Room& room, Seat& seat) {
    json join = {{"type", "join"}, {"game", room.game}, {"seat", seat.name}};
    if (seat.player) join["token"] = room.tokens.at(seat.name);
    seat.conn->send(join.dump());
  }

  void seat_ready(Seat& seat) {
    if (seat.counted_ready) return;
    seat.counted_ready = true;
    if (phase_ != Phase::connect) return;
    if (++seats_ready_ < total_connections_) return;
    if (o_.server_pid) {
      rss_after_ = rss_kb(o_.server_pid);
      cpu_at_play_start_ = cpu_seconds(o_.server_pid);
      io_at_play_start_ = io_counts(o_.server_pid);
    }
    start_play();
  }

  // --- phase 3: play ---
  void start_play() {
    if (phase_ != Phase::connect) return;
    phase_ = Phase::play;
    play_start_ = Clock::now();
    std::cerr << "playing: " << seats_ready_ << " of " << total_connections_ << " seats ready" << std::endl;
    finish_timer_.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o_.seconds)));
    finish_timer_.async_wait([this](beast::error_code ec) {
      if (!ec) finish();
    });
    for (auto& room : rooms_)
      for (auto& seat : room.seats)
        if (seat.player) maybe_act(room, seat);
    check_all_done();
  }

  // Our action `ref` ("seat:version it would produce") was accepted and the game is at `version`
  // (an ack, or our patch with its ref).
  void acknowledged(Room& room, std::uint64_t version, const std::string& ref) {
    if (room.outage_since) {
      failover_ms_.push_back(ms_since(*room.outage_since));
      room.outage_since.reset();
    }
    const auto colon = ref.rfind(':');
    const auto sent_for = colon == std::string::npos ? version : std::strtoull(ref.c_str() + colon + 1, nullptr, 10);
    if (acked_out_) {
      const auto sent = room.pending.find(sent_for);
      if (sent == room.pending.end()) {
        note_error("acked_out", "the action " + ref + " of game " + std::to_string(room.game) + " is not known");
      } else {
        *acked_out_ << json{{"game", room.game},
                            {"seq", version},
                            {"role", sent->second.actor},
                            {"verb", sent->second.verb},
                            {"arg", sent->second.arg}}
                           .dump()
                    << '\n';
        ++acked_out_lines_;
      }
    }
    auto it = room.pending.find(sent_for);
    if (it != room.pending.end() && !it->second.acked) {
      it->second.acked = true;
      ack_latency_ms_.push_back(ms_since(it->second.sent));
      if (it->second.opponent_seen) room.pending.erase(it);
    }
    room.consecutive_errors = 0;
    room.in_flight = std::max(0L, room.in_flight - 1);
    ++room.moves;
    ++moves_;
    if (room.moves >= o_.moves_per_room) {
      room.active = false;
      check_all_done();
    }
  }

  void maybe_act(Room& room, Seat& seat) {
    if (phase_ != Phase::play || !room.active || room.recreating || !seat.has_view) return;
    if (seat.acted_at && *seat.acted_at >= seat.version) return;
    if (room.moves + room.in_flight >= o_.moves_per_room) return;
    const json& actions = seat.view.value("actions", json::object());
    std::vector<std::pair<std::string, json>> choices;
    for (const auto& [verb, listed] : actions.items()) {
      if (verb == "undo") continue;  // undo makes latency depend on replay depth; measure plain moves
      if (listed.is_boolean() && listed.get<bool>()) choices.emplace_back(verb, nullptr);
      if (listed.is_array())
        for (const auto& arg : listed) choices.emplace_back(verb, arg);
    }
    if (choices.empty()) return;
    const auto& choice = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng_)];
    const std::string verb = choice.first;
    const json arg = choice.second;
    seat.acted_at = seat.version;
    ++room.in_flight;
    const std::uint64_t produces = seat.version + 1;
    std::string message =
        json{{"type", "action"}, {"game", room.game}, {"version", seat.version},
             {"verb", verb},     {"arg", arg},        {"ref", seat.name + ":" + std::to_string(produces)}}
            .dump();
    if (o_.think_ms <= 0) return send_action(room, seat, produces, verb, arg, std::move(message));
    // A player who thinks before moving: the load is then a rate, not a saturation.
    // Thinking times vary (uniform 0.5x to 1.5x), or every room would move in lock-step bursts.
    const int think = std::uniform_int_distribution<int>(o_.think_ms / 2, o_.think_ms * 3 / 2)(rng_);
    auto timer = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(think));
    timer->async_wait(
        [this, timer, &room, &seat, produces, verb, arg, message = std::move(message)](beast::error_code ec) mutable {
          if (ec || phase_ != Phase::play) return;
          send_action(room, seat, produces, verb, arg, std::move(message));
        });
  }

  void send_action(Room& room, Seat& seat, std::uint64_t produces, const std::string& verb, const json& arg,
                   std::string message) {
    if (!seat.conn || !seat.has_view) {  // lost while thinking (--cluster)
      room.in_flight = std::max(0L, room.in_flight - 1);
      return;
    }
    Pending& pending = room.pending[produces];
    pending = Pending{};
    pending.sent = Clock::now();
    pending.actor = seat.name;
    pending.verb = verb;
    pending.arg = arg;
    seat.conn->send(std::move(message));
  }

  bool verifies(const Seat& seat) const { return seat.player || o_.verify_spectators; }

  void on_message(Room& room, std::size_t index, const std::string& text) {
    Seat& seat = room.seats[index];
    json m = json::parse(text, nullptr, false);
    if (m.is_discarded()) return note_error("protocol", "server sent invalid JSON");
    const std::string type = m.value("type", "");
    const bool current = m.value("game", std::int64_t{0}) == room.game;
    if (type == "snapshot") {
      snapshot_bytes_.push_back(text.size());
      if (!current || m.value("seat", "") != seat.name) return;
      seat.view = std::move(m["view"]);
      seat.version = m.value("version", std::uint64_t{0});
      seat.seat_keys = m.value("seat_keys", std::vector<std::string>{});
      reset_log(seat, m.value("log_size", std::size_t{0}));
      seat.has_view = true;
      seat.moved_hops = 0;
      seat.backoff_ms = 0;
      if (std::exchange(seat.lost, false)) ++rejoins_;
      // Once per join: a disagreement on the hash itself shows here rather than as every patch's.
      if (verifies(seat)) update_digests(seat.view, seat.digests, nullptr);
      if (verifies(seat) && digest_of(seat.digests, seat.seat_keys).hash != m.value("hash", "")) {
        if (snapshot_hash_mismatches_++ == 0)
          std::cerr << "first snapshot hash mismatch: " << seat.name << " of game " << room.game << " at version "
                    << seat.version << "\n";
      }
      if (seat.player && seat.view.contains("result")) game_ended(room);
      seat_ready(seat);
      if (seat.player) maybe_act(room, seat);
    } else if (type == "log") {
      log_frame_bytes_.push_back(text.size());
      const auto lines = m.find("lines");
      const bool lines_ok = lines != m.end() && lines->is_array();
      if (lines_ok) log_lines_received_ += static_cast<long>(lines->size());
      if (!current || m.value("seat", "") != seat.name || !seat.has_view || !seat.log_known) return;
      if (m.value("version", std::uint64_t{0}) != seat.version) {
        // The lines of another version's log: ask again for the last ones, once per snapshot.
        ++stale_log_frames_;
        if (!seat.log_asked) {
          seat.log_asked = true;
          seat.conn->send(json{{"type", "log"},
                               {"game", room.game},
                               {"before", seat.log_size},
                               {"limit", 100},
                               {"ref", "log/" + std::to_string(seat.version)}}
                              .dump());
        }
        return;
      }
      const auto from = m.value("from", std::size_t{0});
      const auto size = m.value("log_size", std::size_t{0});
      if (!lines_ok || size != seat.log_size || from + lines->size() > size)
        return log_gap(room, seat,
                       "log frame of " + std::to_string(size) + " lines (lines " + std::to_string(from) + " + " +
                           (lines_ok ? std::to_string(lines->size()) : std::string("?")) + ") where the seat knows " +
                           std::to_string(seat.log_size));
      hold_lines(seat, from, *lines);
    } else if (type == "patch") {
      patch_bytes_.push_back(text.size());
      const auto log = m.find("log");
      const bool has_log = log != m.end();
      if (has_log && log->is_object()) {
        const auto lines = log->find("lines");
        if (lines != log->end() && lines->is_array()) log_lines_received_ += static_cast<long>(lines->size());
      }
      const auto from = m.value("from", std::uint64_t{0});
      const auto to = m.value("to", std::uint64_t{0});
      // The patch of our own action carries its ref and answers it: no ack follows.
      if (current && m.contains("ref")) acknowledged(room, to, m.value("ref", ""));
      if (!current || !seat.has_view) return;
      if (seat.player) {
        auto it = room.pending.find(to);
        if (it != room.pending.end() && it->second.actor != seat.name && !it->second.opponent_seen) {
          it->second.opponent_seen = true;
          opponent_latency_ms_.push_back(ms_since(it->second.sent));
          if (it->second.acked) room.pending.erase(it);
        }
      }
      if (!verifies(seat)) {
        // Only the log's arithmetic, which needs the patches in order.
        if (from != seat.version)
          seat.log_known = false;
        else if (has_log && !apply_log(room, seat, *log))
          return;
        seat.version = to;
        return;
      }
      if (to <= seat.version) return;
      if (from != seat.version) {
        ++gaps_;
        seat.conn->send(json{{"type", "resync"}, {"game", room.game}, {"version", seat.version}}.dump());
        return;
      }
      if (has_log && !apply_log(room, seat, *log)) return;
      try {
        seat.view.patch_inplace(m.at("ops"));  // a failed patch leaves a view that is dropped below
      } catch (const json::exception&) {
        seat.has_view = false;
      }
      ViewDigest digest;
      if (seat.has_view) {
        update_digests(seat.view, seat.digests, &m.at("ops"));
        digest = digest_of(seat.digests, seat.seat_keys);
      }
      if (!seat.has_view || digest.hash != m.value("hash", "")) {
        ++hash_mismatches_;
        seat.has_view = false;
        send_join(room, seat);
        return;
      }
      seat.version = to;
      if (seat.player) {
        const auto patch_bytes = static_cast<double>(text.size());
        patch_to_view_ratios_.push_back(patch_bytes / static_cast<double>(digest.bytes));
        patch_to_held_ratios_.push_back(patch_bytes / static_cast<double>(digest.bytes + seat.held_bytes));
        if (seat.view.contains("result")) game_ended(room);
        maybe_act(room, seat);
      }
    } else if (type == "ack") {
      if (current) acknowledged(room, m.value("version", std::uint64_t{0}), m.value("ref", ""));
    } else if (type == "error") {
      if (o_.cluster && current && m.value("code", "") == "moved") return follow_moved(room, index, m);
      note_error(m.value("code", "unknown"), m.value("message", ""));
      if (!seat.has_view) seat_ready(seat);  // a refused join
      const std::string ref = m.value("ref", "");
      if (!current || !seat.player || ref.empty() || ref.rfind("log/", 0) == 0) return;  // not an action's
      room.in_flight = std::max(0L, room.in_flight - 1);
      // Our action was refused: nothing changed, so try again from the same view (a few times).
      seat.acted_at.reset();
      if (++room.consecutive_errors > 20) {
        room.active = false;
        return check_all_done();
      }
      maybe_act(room, seat);
    } else if (type == "game_over") {
      if (current) game_ended(room);
    }
  }

  // --- the seat's log ---
  void reset_log(Seat& seat, std::size_t log_size) {
    seat.log_known = true;
    seat.log_asked = false;
    seat.log_size = log_size;
    seat.held_from = log_size;
    seat.held_line_bytes.clear();
    seat.held_bytes = 0;
  }

  // Keeps the held lines numbered below `end`. They must reach it: when lines the seat never held
  // lie between them and `end`, none is kept.
  static void truncate_held(Seat& seat, std::size_t end) {
    if (end <= seat.held_from || seat.held_from + seat.held_line_bytes.size() < end) {
      seat.held_line_bytes.clear();
      seat.held_bytes = 0;
      seat.held_from = end;
      return;
    }
    while (seat.held_from + seat.held_line_bytes.size() > end) {
      seat.held_bytes -= seat.held_line_bytes.back();
      seat.held_line_bytes.pop_back();
    }
  }

  static std::uint32_t line_bytes(const json& line) { return static_cast<std::uint32_t>(line.dump().size()); }

  // A log frame of the seat's version: lines [from, from + lines.size()) of its log.
  void hold_lines(Seat& seat, std::size_t from, const json& lines) {
    if (!verifies(seat) || lines.empty()) return;
    if (from + lines.size() == seat.held_from && !seat.held_line_bytes.empty()) {
      // An older page, just before what it holds.
      for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        seat.held_line_bytes.push_front(line_bytes(*it));
        seat.held_bytes += seat.held_line_bytes.front();
      }
      seat.held_from = from;
      return;
    }
    seat.held_line_bytes.clear();
    seat.held_bytes = 0;
    seat.held_from = from;
    for (const auto& line : lines) {
      seat.held_line_bytes.push_back(line_bytes(line));
      seat.held_bytes += seat.held_line_bytes.back();
    }
  }

  // A patch's `log`: the seat's log becomes its first `keep` lines followed by `lines`. False
  // (the seat joins again) when the client cannot apply it: it keeps lines the seat never knew of.
  bool apply_log(Room& room, Seat& seat, const json& log) {
    if (!seat.log_known) return true;
    const auto keep = log.find("keep");  // end() when it is not an object
    const auto lines = log.find("lines");
    if (keep == log.end() || !keep->is_number_unsigned() || lines == log.end() || !lines->is_array()) {
      log_gap(room, seat, "a patch's log is not {keep, lines}: " + log.dump());
      return false;
    }
    const auto kept = keep->get<std::size_t>();
    if (kept > seat.log_size) {
      log_gap(
          room, seat,
          "a patch keeps " + std::to_string(kept) + " log lines where the seat knows " + std::to_string(seat.log_size));
      return false;
    }
    seat.log_size = kept + lines->size();
    if (!verifies(seat)) return true;
    truncate_held(seat, kept);
    for (const auto& line : *lines) {
      seat.held_line_bytes.push_back(line_bytes(line));
      seat.held_bytes += seat.held_line_bytes.back();
    }
    return true;
  }

  void log_gap(Room& room, Seat& seat, const std::string& what) {
    if (log_gaps_++ == 0)
      std::cerr << "first log gap: " << seat.name << " of game " << room.game << " at version " << seat.version << ": "
                << what << "\n";
    seat.has_view = false;
    seat.log_known = false;
    send_join(room, seat);
  }

  void game_ended(Room& room) {
    if (room.recreating) return;
    ++games_completed_;
    room.in_flight = 0;
    if (phase_ != Phase::play || !room.active || room.moves >= o_.moves_per_room) {
      room.active = false;
      return check_all_done();
    }
    room.recreating = true;
    create_game(room, [this, ended = room.game](Room& r, bool ok) {
      r.recreating = false;
      if (!ok) {
        r.active = false;
        return check_all_done();
      }
      // The same connections leave the game that ended and join the new one (the server limits
      // the games one connection may have joined at once); in a cluster new connections, which
      // nginx routes by the new game.
      for (std::size_t i = 0; i < r.seats.size(); ++i) {
        Seat& seat = r.seats[i];
        seat.has_view = false;
        seat.acted_at.reset();
        seat.version = 0;
        if (o_.cluster) {
          if (seat.conn) seat.conn->close([] {});
          seat.next_node.clear();
          open_seat(r, i, [](bool) {});
          continue;
        }
        if (!seat.conn || !seat.conn->is_open()) continue;
        seat.conn->send(json{{"type", "leave"}, {"game", ended}}.dump());
        send_join(r, seat);
      }
    });
  }

  void check_all_done() {
    if (phase_ != Phase::play) return;
    for (const auto& room : rooms_)
      if (room.active) return;
    finish();
  }

  void finish() {
    if (phase_ == Phase::done) return;
    play_seconds_ = phase_ == Phase::play ? ms_since(play_start_) / 1000.0 : 0.0;
    phase_ = Phase::done;
    finish_timer_.cancel();
    if (o_.server_pid) {
      rss_end_ = rss_kb(o_.server_pid);
      cpu_at_play_end_ = cpu_seconds(o_.server_pid);
      io_at_play_end_ = io_counts(o_.server_pid);
    }
    auto remaining = std::make_shared<std::size_t>(1);
    auto closed = [this, remaining] {
      if (--*remaining == 0) ioc_.stop();
    };
    for (auto& room : rooms_)
      for (auto& seat : room.seats)
        if (seat.conn && seat.conn->is_open()) {
          ++*remaining;
          seat.conn->close(closed);
        }
    closed();
    // A server that never answers the close must not hold the report back.
    finish_timer_.expires_after(std::chrono::seconds(3));
    finish_timer_.async_wait([this](beast::error_code ec) {
      if (!ec) ioc_.stop();
    });
  }

  void note_error(const std::string& code, const std::string& message) {
    ++errors_;
    if (error_codes_[code]++ == 0) std::cerr << "first " << code << ": " << message << "\n";
  }

  void print_report() {
    const double seconds = play_seconds_ > 0 ? play_seconds_ : 1e-9;
    const auto median_patch = percentile(patch_bytes_, 0.5);
    const auto median_snapshot = percentile(snapshot_bytes_, 0.5);
    json report = {
        {"rooms", o_.rooms},
        {"connections", total_connections_},
        {"moves", moves_},
        {"games_completed", games_completed_},
        {"seconds", play_seconds_},
        {"moves_per_s", static_cast<double>(moves_) / seconds},
        {"ack_latency_ms", {{"p50", percentile(ack_latency_ms_, 0.5)}, {"p99", percentile(ack_latency_ms_, 0.99)}}},
        {"opponent_patch_latency_ms",
         {{"p50", percentile(opponent_latency_ms_, 0.5)}, {"p99", percentile(opponent_latency_ms_, 0.99)}}},
        {"median_patch_bytes", median_patch},
        {"median_snapshot_bytes", median_snapshot},
        {"patch_to_snapshot_ratio",
         median_snapshot ? static_cast<double>(median_patch) / static_cast<double>(median_snapshot) : 0.0},
        {"median_log_frame_bytes", percentile(log_frame_bytes_, 0.5)},
        {"median_patch_to_current_view_ratio", percentile(patch_to_view_ratios_, 0.5)},
        {"median_patch_to_held_ratio", percentile(patch_to_held_ratios_, 0.5)},
        {"log_frames", log_frame_bytes_.size()},
        {"log_lines_received", log_lines_received_},
        {"errors", errors_ + hash_mismatches_ + snapshot_hash_mismatches_ + log_gaps_},
        {"error_codes", error_codes_},
        {"connect_failures", connect_failures_},
        {"hash_mismatches", hash_mismatches_},
        {"snapshot_hash_mismatches", snapshot_hash_mismatches_},
        {"log_gaps", log_gaps_},
        {"gaps", gaps_},
        {"stale_log_frames", stale_log_frames_}};
    if (o_.cluster) {
      double longest_open = 0;
      long open_outages = 0;
      for (const auto& room : rooms_)
        if (room.outage_since) {
          ++open_outages;
          longest_open = std::max(longest_open, ms_since(*room.outage_since));
        }
      report["cluster"] = {{"disconnects", disconnects_},
                           {"moved_frames", moved_frames_},
                           {"rejoins", rejoins_},
                           {"outages", static_cast<long>(failover_ms_.size()) + open_outages},
                           {"failover_ms",
                            {{"p50", percentile(failover_ms_, 0.5)},
                             {"p99", percentile(failover_ms_, 0.99)},
                             {"max", percentile(failover_ms_, 1.0)}}},
                           {"open_outages", open_outages},
                           {"longest_open_outage_ms", longest_open},
                           {"acked_out_lines", acked_out_lines_}};
    }
    if (o_.server_pid) {
      const long grown = rss_after_ - rss_before_;
      report["server_rss_kb"] = {
          {"before_connect", rss_before_},
          {"after_connect", rss_after_},
          {"end", rss_end_},
          {"per_connection",
           total_connections_ ? static_cast<double>(grown) / static_cast<double>(total_connections_) : 0.0}};
      // CPU per move does not depend on what else the machine runs, unlike moves per second.
      const double cpu = cpu_at_play_end_.total() - cpu_at_play_start_.total();
      const auto per_move = [&](double seconds) { return moves_ ? seconds * 1e6 / static_cast<double>(moves_) : 0.0; };
      report["server_cpu_seconds"] = cpu;
      report["server_cpu_us_per_move"] = per_move(cpu);
      report["server_user_us_per_move"] = per_move(cpu_at_play_end_.user - cpu_at_play_start_.user);
      report["server_system_us_per_move"] = per_move(cpu_at_play_end_.system - cpu_at_play_start_.system);
      report["server_cores_busy"] = cpu / seconds;
      const auto io_per_move = [&](double a, double b) { return moves_ ? (b - a) / static_cast<double>(moves_) : 0.0; };
      report["server_file_io_per_move"] = {
          {"write_calls", io_per_move(io_at_play_start_.write_calls, io_at_play_end_.write_calls)},
          {"write_kb", io_per_move(io_at_play_start_.write_bytes, io_at_play_end_.write_bytes) / 1024.0},
          {"read_calls", io_per_move(io_at_play_start_.read_calls, io_at_play_end_.read_calls)}};
    }
    std::cout << report.dump() << std::endl;
  }

  enum class Phase { create, connect, play, done };

  Options o_;
  net::io_context ioc_;
  std::mt19937 rng_;
  net::steady_timer finish_timer_;
  tcp::endpoint server_;
  std::string host_header_;
  rlim_t fd_limit_ = 0;
  Phase phase_ = Phase::create;

  std::vector<Room> rooms_;  // sized once: seats keep pointers into it
  std::size_t next_to_create_ = 0;
  std::size_t games_created_ = 0;
  std::deque<std::pair<Room*, std::size_t>> connect_queue_;
  std::size_t total_connections_ = 0;
  std::size_t seats_ready_ = 0;

  Clock::time_point play_start_;
  double play_seconds_ = 0;
  long moves_ = 0;
  long games_completed_ = 0;
  long errors_ = 0;
  long connect_failures_ = 0;
  long hash_mismatches_ = 0;
  long gaps_ = 0;
  long snapshot_hash_mismatches_ = 0;
  long log_gaps_ = 0;
  long stale_log_frames_ = 0;
  long log_lines_received_ = 0;
  std::map<std::string, long> error_codes_;
  std::vector<double> ack_latency_ms_;
  std::vector<double> opponent_latency_ms_;
  std::vector<std::size_t> patch_bytes_;
  std::vector<std::size_t> snapshot_bytes_;
  std::vector<std::size_t> log_frame_bytes_;
  long rss_before_ = -1, rss_after_ = -1, rss_end_ = -1;
  CpuSeconds cpu_at_play_start_, cpu_at_play_end_;
  IoCounts io_at_play_start_, io_at_play_end_;
  std::vector<double> patch_to_view_ratios_;
  std::vector<double> patch_to_held_ratios_;
  // --cluster
  long disconnects_ = 0;
  long moved_frames_ = 0;
  long rejoins_ = 0;
  std::vector<double> failover_ms_;
  std::unique_ptr<std::ofstream> acked_out_;
  long acked_out_lines_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  try {
    return LoadGenerator(parse_options(argc, argv)).run();
  } catch (const std::exception& e) {
    std::cerr << "warpath-load: " << e.what() << "\n";
    return 1;
  }
}
