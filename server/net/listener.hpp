#pragma once
// Accepts TCP connections and gives each its own strand and HTTP session.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>

#include "server/net/server_context.hpp"

namespace warpath::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint, ServerContext& context);
  void start();
  void stop();
  unsigned short port() const;

 private:
  void accept_next();

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_timer_;
  ServerContext& context_;
};

}  // namespace warpath::server
