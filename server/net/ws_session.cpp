#include "server/net/ws_session.hpp"

#include <boost/asio/post.hpp>

#include "protocol/limits.hpp"
#include "protocol/server_message.hpp"
#include "server/api/account_routes.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using protocol::Frame;

namespace {
// Read in small pieces so that an idle connection holds a small buffer.
constexpr std::size_t ws_read_chunk = 4096;
// Frames beyond this are not drained but refused by closing (RFC 6455 status 1009).
constexpr std::uint64_t max_drained_message = 64ull * 1024 * 1024;

// Every acquire() hands out a lease of its own on the same room; two handles are one lease when
// they share their owner.
bool same_lease(const RoomHandle& a, const RoomHandle& b) { return !a.owner_before(b) && !b.owner_before(a); }
}  // namespace

WsSession::WsSession(beast::tcp_stream stream, ServerContext& context, std::unique_ptr<ConnectionGate::Slot> slot)
    : ws_(std::move(stream)),
      context_(context),
      metrics_(context.metrics),
      slot_(std::move(slot)),
      unjoined_timer_(ws_.get_executor()),
      chat_rate_(context.limits.chat_per_connection_per_minute) {
  ++metrics_.open_websockets;
}

WsSession::~WsSession() {
  --metrics_.open_websockets;
  forget_outbox();
}

void WsSession::forget_outbox() {
  metrics_.outbox_frames -= static_cast<std::int64_t>(outbox_.size());
  metrics_.outbox_bytes -= static_cast<std::int64_t>(outbox_bytes_);
  outbox_.clear();
  outbox_bytes_ = 0;
}

void WsSession::start(beast::http::request<beast::http::string_body> upgrade) {
  beast::get_lowest_layer(ws_).expires_never();
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = std::chrono::seconds(60);
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.read_message_max(max_drained_message);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "warpath"); }));
  // The page's log-in, if any: a lobby game's seat is taken by its player's session.
  if (const auto session = request_session(context_, upgrade)) account_ = session->account;
  ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) {
    if (ec) return self->close_session();
    self->watch_unjoined();
    self->read_more();
  });
}

void WsSession::watch_unjoined() {
  unjoined_timer_.expires_after(context_.limits.unjoined_timeout);
  unjoined_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->closed_ || !self->joined_.empty()) return;
    self->context_.metrics.refused("idle_timeout");
    self->drop("closing a WebSocket that joined no game in time");
  });
}

void WsSession::refuse(protocol::ErrorCode code, const std::string& message, const std::string& ref,
                       protocol::GameId game) {
  context_.metrics.refused(protocol::to_string(code));
  send(protocol::error_message(code, message, ref, game));
}

void WsSession::read_more() {
  ws_.async_read_some(buffer_, ws_read_chunk, [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    self->on_read(ec, bytes);
  });
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) return close_session();
  if (!oversized_) {
    if (message_.size() + buffer_.size() > protocol::max_message_bytes) {
      oversized_ = true;
      message_.clear();
      message_.shrink_to_fit();
    } else {
      message_.append(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    }
  }
  buffer_.consume(buffer_.size());
  if (ws_.is_message_done()) {
    if (oversized_) {
      refuse(protocol::ErrorCode::frame_too_large, "messages are limited to 65536 bytes");
    } else {
      // Text frames were UTF-8 checked by Beast; binary ones are checked by the parser.
      handle_message(message_);
    }
    oversized_ = false;
    message_.clear();
    if (message_.capacity() > ws_read_chunk) message_.shrink_to_fit();
  }
  read_more();
}

void WsSession::handle_message(std::string_view text) {
  auto parsed = protocol::parse_client_message(text);
  if (auto* error = std::get_if<protocol::ProtocolError>(&parsed))
    return refuse(error->code, error->message, error->ref);
  dispatch(std::get<protocol::ClientMessage>(parsed));
}

RoomHandle WsSession::room_for(protocol::GameId game, const std::string& ref) {
  auto it = joined_.find(game);
  if (it != joined_.end()) return it->second;
  refuse(protocol::ErrorCode::not_joined, "join game " + std::to_string(game) + " first", ref, game);
  return nullptr;
}

void WsSession::dispatch(protocol::ClientMessage& message) {
  auto self = shared_from_this();
  std::visit(
      [&](auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, protocol::Hello>) {
          hello_token_ = m.token;
          send(protocol::welcome_message());
        } else if constexpr (std::is_same_v<T, protocol::Join>) {
          auto previous = joined_.find(m.game);
          if (previous == joined_.end() && joined_.size() >= context_.limits.games_per_connection)
            return refuse(protocol::ErrorCode::too_many_games,
                          "a connection may join " + std::to_string(context_.limits.games_per_connection) +
                              " games at once; leave one first",
                          m.ref, m.game);
          RoomHandle room = context_.rooms.acquire(m.game);
          if (!room) return refuse(protocol::ErrorCode::overloaded, RoomRegistry::full_message, m.ref, m.game);
          if (previous != joined_.end()) previous->second->leave(previous->second, this);
          joined_[m.game] = room;
          SeatClaim claim{m.token.empty() ? hello_token_ : m.token, account_};
          const auto game = m.game;
          room->join(room, self, std::move(m), std::move(claim), [self, room, game](bool ok) {
            if (ok) return;
            // A refused join must not keep a room (possibly of a game that does not exist) leased;
            // but a later join of the same game holds a lease of its own, which stays.
            boost::asio::post(self->ws_.get_executor(), [self, room, game] {
              auto it = self->joined_.find(game);
              if (it != self->joined_.end() && same_lease(it->second, room)) self->joined_.erase(it);
              if (self->joined_.empty()) self->watch_unjoined();
            });
          });
        } else if constexpr (std::is_same_v<T, protocol::Leave>) {
          if (auto room = room_for(m.game, {})) {
            room->leave(room, this);
            joined_.erase(m.game);
            if (joined_.empty()) watch_unjoined();
          }
        } else if constexpr (std::is_same_v<T, protocol::ActionRequest>) {
          if (auto room = room_for(m.game, m.ref)) room->act(room, self, std::move(m));
        } else if constexpr (std::is_same_v<T, protocol::UndoRequest>) {
          if (auto room = room_for(m.game, m.ref))
            room->act(room, self, {m.game, m.version, {std::string(engine::undo_verb), nullptr}, m.ref});
        } else if constexpr (std::is_same_v<T, protocol::Resync>) {
          if (auto room = room_for(m.game, {})) room->resync(room, self, m.version);
        } else if constexpr (std::is_same_v<T, protocol::LogRequest>) {
          if (auto room = room_for(m.game, m.ref)) room->log_page(room, self, std::move(m));
        } else if constexpr (std::is_same_v<T, protocol::Chat>) {
          auto room = room_for(m.game, {});
          if (!room) return;
          if (!chat_rate_.allow())
            return refuse(protocol::ErrorCode::rate_limited, "too much chat from this connection; wait a little", {},
                          m.game);
          room->chat(room, self, std::move(m.text));
        } else if constexpr (std::is_same_v<T, protocol::PassFor>) {
          if (auto room = room_for(m.game, m.ref)) room->pass_for(room, self, std::move(m));
        } else if constexpr (std::is_same_v<T, protocol::SetOrders>) {
          if (auto room = room_for(m.game, m.ref)) room->set_orders(room, self, std::move(m));
        } else if constexpr (std::is_same_v<T, protocol::Ping>) {
          send(protocol::pong_message(m.ref));
        }
      },
      message);
}

void WsSession::deliver(Frame frame) {
  boost::asio::post(ws_.get_executor(),
                    [self = shared_from_this(), frame = std::move(frame)]() mutable { self->send(std::move(frame)); });
}

void WsSession::send(Frame frame) {
  if (closed_) return;
  outbox_bytes_ += frame->size() + outbox_frame_overhead;
  context_.metrics.outbox_bytes += static_cast<std::int64_t>(frame->size() + outbox_frame_overhead);
  ++context_.metrics.outbox_frames;
  outbox_.push_back(std::move(frame));
  if (outbox_bytes_ > context_.limits.outbox_bytes || outbox_.size() > context_.limits.outbox_frames) {
    context_.metrics.refused("outbox_full");
    return drop("closing a WebSocket that does not read its messages");
  }
  if (!writing_) write_next();
}

void WsSession::drop(const std::string& why) {
  log_warn(why);
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  close_session();
}

void WsSession::write_next() {
  if (outbox_.empty() || closed_) {
    writing_ = false;
    return;
  }
  writing_ = true;
  ws_.text(true);
  ws_.async_write(boost::asio::buffer(*outbox_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    if (ec || self->closed_) {
                      self->writing_ = false;
                      return self->close_session();
                    }
                    const std::size_t size = self->outbox_.front()->size();
                    self->outbox_bytes_ -= size + outbox_frame_overhead;
                    auto& metrics = self->context_.metrics;
                    metrics.outbox_bytes -= static_cast<std::int64_t>(size + outbox_frame_overhead);
                    --metrics.outbox_frames;
                    ++metrics.frames_sent;
                    metrics.bytes_sent += size;
                    self->outbox_.pop_front();
                    self->write_next();
                  });
}

void WsSession::close_session() {
  if (closed_) return;
  closed_ = true;
  unjoined_timer_.cancel();
  for (auto& [game, room] : joined_) room->leave(room, this);
  joined_.clear();
  if (!writing_) forget_outbox();
}

}  // namespace warpath::server
