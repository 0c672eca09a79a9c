#include "tests/support/ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>

#include "engine/core/hash.hpp"

namespace warpath::test {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

// One read is always outstanding and progresses only while a call runs the context, so a
// receive that times out leaves that read in place for the next call instead of cancelling it
// (a cancelled websocket read leaves the stream unusable).
struct WsClient::Impl {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  std::deque<std::string> inbox;
  beast::error_code read_error;
  std::string outgoing;

  void start_read() {
    ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
      if (ec) {
        read_error = ec;
        return;
      }
      inbox.push_back(beast::buffers_to_string(buffer.data()));
      buffer.consume(buffer.size());
      start_read();
    });
  }

  // Runs handlers until `done()` or the deadline; false on timeout or when nothing is left to run.
  template <typename Done>
  bool run_until(Done done, Clock::time_point deadline) {
    while (!done()) {
      const auto now = Clock::now();
      if (now >= deadline) return false;
      if (ioc.stopped()) ioc.restart();
      // A context that stops by itself has no operation left: waiting on would only spin.
      if (ioc.run_one_for(deadline - now) == 0 && ioc.stopped()) return done();
    }
    return true;
  }

  int close_code() const { return read_error == websocket::error::closed ? static_cast<int>(ws.reason().code) : 0; }

  [[noreturn]] void throw_closed() const {
    throw ConnectionClosed("websocket closed: " + read_error.message() +
                               (close_code() ? " (status " + std::to_string(close_code()) + ")" : ""),
                           close_code());
  }
};

WsClient::WsClient(const std::string& host, std::uint16_t port, const std::string& target,
                   std::chrono::milliseconds connect_timeout, std::vector<std::pair<std::string, std::string>> headers)
    : impl_(std::make_unique<Impl>()) {
  auto& s = *impl_;
  tcp::resolver resolver(s.ioc);
  const auto endpoints = resolver.resolve(host, std::to_string(port));
  beast::error_code ec;
  bool done = false;
  const auto deadline = Clock::now() + connect_timeout;
  beast::get_lowest_layer(s.ws).expires_after(connect_timeout);
  beast::get_lowest_layer(s.ws).async_connect(endpoints, [&](beast::error_code e, const tcp::endpoint&) {
    ec = e;
    done = true;
  });
  if (!s.run_until([&] { return done; }, deadline) || ec)
    throw std::runtime_error("websocket connect to port " + std::to_string(port) + ": " +
                             (ec ? ec.message() : "timeout"));
  // A test waits on every reply; Nagle's delay on small frames would only slow it down.
  beast::get_lowest_layer(s.ws).socket().set_option(tcp::no_delay(true), ec);
  // The websocket layer has its own timeouts; the TCP one would otherwise cut idle connections.
  beast::get_lowest_layer(s.ws).expires_never();
  s.ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  s.ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
    req.set(beast::http::field::user_agent, "warpath-test");
    for (const auto& [name, value] : headers) req.set(name, value);
  }));
  s.ws.read_message_max(64 * 1024 * 1024);
  done = false;
  s.ws.async_handshake(host + ":" + std::to_string(port), target, [&](beast::error_code e) {
    ec = e;
    done = true;
  });
  if (!s.run_until([&] { return done; }, deadline) || ec)
    throw std::runtime_error("websocket handshake on " + target + ": " + (ec ? ec.message() : "timeout"));
  s.start_read();
}

WsClient::~WsClient() {
  try {
    close();
  } catch (...) {
    // Closing is a courtesy to the server; the socket goes away with the context either way.
  }
}

void WsClient::send(const json& message) { send_raw(message.dump(), false); }

void WsClient::send_raw(const std::string& bytes, bool binary) {
  auto& s = *impl_;
  if (s.read_error) s.throw_closed();
  s.outgoing = bytes;
  s.ws.binary(binary);
  beast::error_code ec;
  bool done = false;
  s.ws.async_write(net::buffer(s.outgoing), [&](beast::error_code e, std::size_t) {
    ec = e;
    done = true;
  });
  if (!s.run_until([&] { return done; }, Clock::now() + std::chrono::seconds(10)))
    throw std::runtime_error("websocket write timed out");
  if (ec) throw ConnectionClosed("websocket write: " + ec.message(), s.close_code());
}

std::optional<std::string> WsClient::receive_text(std::chrono::milliseconds timeout) {
  auto& s = *impl_;
  s.run_until([&] { return !s.inbox.empty() || static_cast<bool>(s.read_error); }, Clock::now() + timeout);
  if (!s.inbox.empty()) {
    std::string message = std::move(s.inbox.front());
    s.inbox.pop_front();
    return message;
  }
  if (s.read_error) s.throw_closed();
  return std::nullopt;
}

json WsClient::receive(std::chrono::milliseconds timeout) {
  auto text = receive_text(timeout);
  if (!text) throw ReceiveTimeout("no message within " + std::to_string(timeout.count()) + " ms");
  json message = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded()) throw std::runtime_error("server sent a message that is not JSON: " + *text);
  return message;
}

bool WsClient::closed() const { return static_cast<bool>(impl_->read_error); }

int WsClient::close_code() const { return impl_->close_code(); }

void WsClient::close() {
  auto& s = *impl_;
  if (s.read_error || !s.ws.is_open()) return;
  bool done = false;
  s.ws.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
  // The pending read sees the server's close reply and completes with `closed`.
  s.run_until([&] { return done && static_cast<bool>(s.read_error); }, Clock::now() + std::chrono::seconds(2));
}

// --- SeatClient ---

SeatClient::SeatClient(const std::string& host, std::uint16_t port, const std::string& cookie)
    : ws_(host, port, "/ws", std::chrono::seconds(10),
          cookie.empty() ? std::vector<std::pair<std::string, std::string>>{}
                         : std::vector<std::pair<std::string, std::string>>{{"Cookie", cookie}}) {}

std::string SeatClient::next_ref() { return seat_ + "-" + std::to_string(++ref_counter_); }

void SeatClient::join(std::int64_t game, const std::string& seat, const std::string& token,
                      std::chrono::milliseconds timeout) {
  game_ = game;
  seat_ = seat;
  token_ = token;
  replica_ = {};
  json message = {{"type", "join"}, {"game", game}, {"seat", seat}};
  if (!token.empty()) message["token"] = token;
  ws_.send(message);
  const auto deadline = Clock::now() + timeout;
  while (!replica_.has_view()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0)
      throw ReceiveTimeout("no snapshot after joining game " + std::to_string(game) + " as " + seat);
    json reply = pump(left);
    if (reply.value("type", "") == "error")
      throw std::runtime_error("join " + std::to_string(game) + " as " + seat + " refused: " + reply.dump());
  }
}

json SeatClient::pump(std::chrono::milliseconds timeout) {
  auto text = ws_.receive_text(timeout);
  if (!text)
    throw ReceiveTimeout("seat " + seat_ + " received nothing within " + std::to_string(timeout.count()) +
                         " ms (holds version " + std::to_string(replica_.version()) + ")");
  raw_.push_back(*text);
  json message = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded()) throw std::runtime_error("server sent a message that is not JSON: " + *text);
  apply(message, text->size());
  return message;
}

void SeatClient::accept_view() {
  resync_pending_ = false;
  history_[replica_.version()] = replica_.view();
}

void SeatClient::request_resync() {
  if (resync_pending_) return;
  resync_pending_ = true;
  if (replica_.has_view()) {
    ws_.send({{"type", "resync"}, {"game", game_}, {"version", replica_.version()}});
  } else {
    // Without a trustworthy view only a snapshot helps, and joining again is how to get one.
    json message = {{"type", "join"}, {"game", game_}, {"seat", seat_}};
    if (!token_.empty()) message["token"] = token_;
    ws_.send(message);
  }
}

void SeatClient::apply(const json& message, std::size_t bytes) {
  using Outcome = protocol::SeatReplica::Outcome;
  const std::string type = message.value("type", "");
  const bool mine = message.value("game", std::int64_t{0}) == game_ && message.value("seat", "") == seat_;
  if (mine && (type == "snapshot" || type == "patch" || type == "log")) {
    if (type == "snapshot") {
      ++stats_.snapshots;
      stats_.snapshot_bytes += bytes;
    } else if (type == "patch") {
      ++stats_.patches;
      stats_.patch_bytes += bytes;
    } else {
      ++stats_.log_pages;
    }
    switch (replica_.apply(message)) {
      case Outcome::applied:
        if (type != "log") accept_view();
        break;
      case Outcome::outdated:
        ++stats_.outdated_patches;
        break;
      case Outcome::gap:
        ++stats_.gaps;
        request_resync();
        break;
      case Outcome::mismatch:
        ++stats_.hash_mismatches;
        request_resync();
        break;
      case Outcome::stale:
        ++stats_.stale_log_pages;
        break;
    }
    if (type != "log") return;
  }
  if (type == "game_over" && message.value("game", std::int64_t{0}) == game_) game_over_ = message;
  events_.push_back(message);
}

void SeatClient::wait_for_version(std::uint64_t version, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!replica_.has_view() || replica_.version() < version) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0)
      throw ReceiveTimeout("seat " + seat_ + " waited for version " + std::to_string(version) + ", holds " +
                           std::to_string(replica_.version()));
    pump(left);
  }
}

json SeatClient::wait_for(const std::function<bool(const json&)>& match, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) throw ReceiveTimeout("seat " + seat_ + ": the awaited message did not come");
    json message = pump(left);
    if (match(message)) return message;
  }
}

json SeatClient::wait_for_type(const std::string& type, std::chrono::milliseconds timeout) {
  return wait_for([&](const json& m) { return m.value("type", "") == type; }, timeout);
}

std::string SeatClient::send_action(const std::string& verb, const json& arg) {
  const std::string ref = next_ref();
  ws_.send({{"type", "action"},
            {"game", game_},
            {"version", replica_.version()},
            {"verb", verb},
            {"arg", arg},
            {"ref", ref}});
  return ref;
}

std::string SeatClient::send_undo() {
  const std::string ref = next_ref();
  ws_.send({{"type", "undo"}, {"game", game_}, {"version", replica_.version()}, {"ref", ref}});
  return ref;
}

json SeatClient::wait_for_reply(const std::string& ref, std::chrono::milliseconds timeout) {
  return wait_for(
      [&](const json& m) {
        const std::string type = m.value("type", "");
        return (type == "patch" || type == "ack" || type == "error") && m.value("ref", "") == ref;
      },
      timeout);
}

bool SeatClient::accepted(const json& reply) {
  const std::string type = reply.value("type", "");
  return type == "patch" || type == "ack";
}

std::uint64_t SeatClient::answered_version(const json& reply) {
  return reply.value(reply.value("type", "") == "patch" ? "to" : "version", std::uint64_t{0});
}

json SeatClient::act(const std::string& verb, const json& arg, std::chrono::milliseconds timeout) {
  return wait_for_reply(send_action(verb, arg), timeout);
}

}  // namespace warpath::test
