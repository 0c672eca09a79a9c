#pragma once
// One HTTP connection: reads requests one at a time (keep-alive), answers them through the
// API, and hands the socket to a WsSession when a request upgrades to a WebSocket on /ws.

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/api/http_api.hpp"
#include "server/net/server_context.hpp"

namespace warpath::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket socket, ServerContext& context);
  void start();

 private:
  void read_request();
  void on_read(boost::beast::error_code ec);
  void write(HttpResponse response);

  boost::beast::tcp_stream stream_;
  ServerContext& context_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
};

}  // namespace warpath::server
