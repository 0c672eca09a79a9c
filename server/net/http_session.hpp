#pragma once
// One HTTP connection: reads requests one at a time (keep-alive), answers them through the
// API, and hands the socket to a WsSession when a request upgrades to a WebSocket on /ws. A
// connection the ConnectionGate did not admit is answered too_many_connections and closed. Each
// request's client is decided by client_address() (the peer, or behind a trusted proxy the
// client it names): its address is the one the limits count, and a WebSocket through a trusted
// proxy counts against that client's connections.

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/api/http_api.hpp"
#include "server/net/server_context.hpp"

namespace warpath::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `slot`: the connection's place in the gate; null when it was refused one.
  HttpSession(boost::asio::ip::tcp::socket socket, ServerContext& context, std::unique_ptr<ConnectionGate::Slot> slot);
  void start();

 private:
  void read_request();
  void on_read(boost::beast::error_code ec);
  void write(HttpResponse response);
  // After the last answer: reads and drops what the client still sends (for a short while), so
  // that unread bytes do not make the kernel reset the connection before the answer is read.
  void drain();

  boost::beast::tcp_stream stream_;
  ServerContext& context_;
  std::unique_ptr<ConnectionGate::Slot> slot_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
};

}  // namespace warpath::server
