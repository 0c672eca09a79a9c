#pragma once
// One WebSocket connection: reads client messages (any size is drained, only the first 64 KiB
// is kept), dispatches them to rooms, and writes the rooms' frames in order. It is dropped when
// its outbox outgrows the Limits, or when it stays without a joined game for too long.

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <map>
#include <memory>
#include <string>

#include "protocol/client_message.hpp"
#include "server/net/server_context.hpp"
#include "server/rooms/subscriber.hpp"
#include "server/util/rate_limit.hpp"

namespace warpath::server {

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::beast::tcp_stream stream, ServerContext& context, std::unique_ptr<ConnectionGate::Slot> slot);
  ~WsSession() override;

  void start(boost::beast::http::request<boost::beast::http::string_body> upgrade);
  void deliver(protocol::Frame frame) override;

 private:
  void read_more();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle_message(std::string_view text);
  void dispatch(protocol::ClientMessage& message);
  void send(protocol::Frame frame);
  void write_next();
  void close_session();
  // Empties the outbox, and takes it out of the metrics.
  void forget_outbox();
  // Closes the socket at once (the peer gets no close frame), then the session.
  void drop(const std::string& why);
  // Drops the connection unless it joins a game before Limits::unjoined_timeout.
  void watch_unjoined();
  // Every error this connection answers itself goes here, to be counted in the metrics.
  void refuse(protocol::ErrorCode code, const std::string& message, const std::string& ref = {},
              protocol::GameId game = 0);
  RoomHandle room_for(protocol::GameId game, const std::string& ref);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  ServerContext& context_;
  // What the destructor touches, which outlives the io_context (serve_command.cpp): a session
  // held by a handler that never ran is destroyed with the io_context, after the ServerContext.
  Metrics& metrics_;
  std::unique_ptr<ConnectionGate::Slot> slot_;
  boost::asio::steady_timer unjoined_timer_;
  RateLimit chat_rate_;
  boost::beast::flat_buffer buffer_;
  std::string message_;
  bool oversized_ = false;
  std::deque<protocol::Frame> outbox_;
  std::size_t outbox_bytes_ = 0;
  bool writing_ = false;
  bool closed_ = false;
  std::string hello_token_;
  std::optional<std::int64_t> account_;  // the account logged in on the upgrading page
  std::map<protocol::GameId, RoomHandle> joined_;
};

}  // namespace warpath::server
