#include "server/net/listener.hpp"

#include <boost/asio/strand.hpp>

#include "server/net/client_address.hpp"
#include "server/net/http_session.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

Listener::Listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint, ServerContext& context)
    : ioc_(ioc), acceptor_(ioc), retry_timer_(ioc), context_(context) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(boost::asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(boost::asio::socket_base::max_listen_connections);
}

unsigned short Listener::port() const { return acceptor_.local_endpoint().port(); }

void Listener::start() { accept_next(); }

void Listener::stop() {
  boost::system::error_code ignored;
  retry_timer_.cancel();
  acceptor_.close(ignored);
}

void Listener::accept_next() {
  acceptor_.async_accept(
      boost::asio::make_strand(ioc_),
      [self = shared_from_this()](boost::system::error_code ec, boost::asio::ip::tcp::socket socket) {
        if (ec == boost::asio::error::operation_aborted) return;
        if (ec) {
          // Out of descriptors, say: pause instead of spinning on the same error.
          log_warn("accept failed: " + ec.message());
          self->retry_timer_.expires_after(std::chrono::milliseconds(100));
          self->retry_timer_.async_wait([self](boost::system::error_code timer_ec) {
            if (!timer_ec) self->accept_next();
          });
          return;
        }
        boost::system::error_code ignored;  // a peer gone already fails its first read instead
        socket.set_option(boost::asio::ip::tcp::no_delay(true), ignored);
        const auto peer = canonical_address(socket.remote_endpoint(ignored).address());
        // A trusted proxy's connection carries many clients' requests: here it counts against the
        // total only, and against a client's address once a request names it (HttpSession).
        auto slot = self->context_.trusted_proxies.contains(peer) ? self->context_.gate.admit_proxied(peer)
                                                                  : self->context_.gate.admit(peer);
        if (!slot) self->context_.metrics.refused("too_many_connections");
        std::make_shared<HttpSession>(std::move(socket), self->context_, std::move(slot))->start();
        self->accept_next();
      });
}

}  // namespace warpath::server
