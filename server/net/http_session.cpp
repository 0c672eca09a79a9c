#include "server/net/http_session.hpp"

#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>
#include <mutex>
#include <string_view>

#include "protocol/limits.hpp"
#include "server/net/client_address.hpp"
#include "server/net/ws_session.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

namespace beast = boost::beast;
namespace http = beast::http;

// The request line and headers together.
constexpr std::uint32_t max_header_bytes = 16 * 1024;
// What drain() reads at a time.
constexpr std::size_t http_read_chunk = 4096;

HttpSession::HttpSession(boost::asio::ip::tcp::socket socket, ServerContext& context,
                         std::unique_ptr<ConnectionGate::Slot> slot)
    : stream_(std::move(socket)), context_(context), slot_(std::move(slot)) {}

void HttpSession::start() {
  boost::asio::post(stream_.get_executor(), [self = shared_from_this()] {
    if (self->slot_) return self->read_request();
    HttpRequest head;
    head.version(11);
    auto res = error_response(head, protocol::ErrorCode::too_many_connections,
                              "the server has too many connections; try again later");
    res.keep_alive(false);
    self->write(std::move(res));
  });
}

void HttpSession::read_request() {
  parser_.emplace();
  parser_->body_limit(protocol::max_message_bytes);
  parser_->header_limit(max_header_bytes);
  // Waiting for a request is idling without a game.
  stream_.expires_after(context_.limits.unjoined_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

namespace {

// The answer to a request that could not be read, after which the connection closes; nullopt
// when there is nobody to answer (the peer left, or stayed silent).
std::optional<HttpResponse> unreadable_answer(beast::error_code ec) {
  protocol::ErrorCode code;
  std::string message;
  if (ec == http::error::body_limit) {
    code = protocol::ErrorCode::frame_too_large;
    message = "request bodies are limited to " + std::to_string(protocol::max_message_bytes) + " bytes";
  } else if (ec == http::error::header_limit) {
    code = protocol::ErrorCode::headers_too_large;
    message = "the request line and headers are limited to " + std::to_string(max_header_bytes) + " bytes";
  } else if (ec.category() == beast::http::make_error_code(http::error::bad_field).category() &&
             ec != http::error::end_of_stream && ec != http::error::partial_message) {
    code = protocol::ErrorCode::bad_request;
    message = "malformed HTTP request: " + ec.message();
  } else {
    return std::nullopt;
  }
  HttpRequest head;
  head.version(11);
  auto res = error_response(head, code, message);
  res.keep_alive(false);
  return res;
}

// A trusted proxy sent a header that names no client: the request counts as the proxy's own. Each
// is counted; the first is logged, as a proxy that does it once likely does it always.
void note_malformed_forwarding(ServerContext& context, const boost::asio::ip::address& proxy) {
  ++context.metrics.forwarded_malformed;
  static std::once_flag logged;
  std::call_once(logged, [&proxy] {
    log_warn("the trusted proxy " + proxy.to_string() +
             " sent an X-Forwarded-For or X-Real-IP that names no address; such requests count as the proxy's own "
             "(warpath_forwarded_malformed_total counts them; this is logged once)");
  });
}

}  // namespace

void HttpSession::on_read(beast::error_code ec) {
  if (ec) {
    if (auto answer = unreadable_answer(ec)) return write(std::move(*answer));
    beast::error_code ignored;
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  HttpRequest request = parser_->release();
  // Decided per request: a trusted proxy's keep-alive connection brings many clients' requests.
  const auto client = client_address(slot_->peer(), request, context_.trusted_proxies);
  if (client.source == ClientSource::malformed) note_malformed_forwarding(context_, client.address);
  if (beast::websocket::is_upgrade(request)) {
    // `/ws`, with any query: nginx routes `/ws?game=N` by the game it names (several nodes).
    const std::string_view target = request.target();
    if (target.substr(0, target.find('?')) != "/ws")
      return write(error_response(request, protocol::ErrorCode::not_found, "WebSockets live at /ws"));
    if (!origin_allowed(context_, request)) {
      context_.metrics.refused("forbidden_origin");
      return write(
          error_response(request, protocol::ErrorCode::forbidden_origin, "pages of this origin may not open /ws here"));
    }
    // A WebSocket is one client's: a proxy's connection now counts against that client's address
    // (one from anyone else did at accept). Over its cap, the proxy's connection stays for others.
    if (!context_.gate.count_against(*slot_, client.address)) {
      context_.metrics.refused("too_many_connections");
      return write(error_response(request, protocol::ErrorCode::too_many_connections,
                                  "this address has too many connections; try again later"));
    }
    std::make_shared<WsSession>(std::move(stream_), context_, std::move(slot_))->start(std::move(request));
    return;
  }
  stream_.expires_never();
  // The answer may come from another thread (after a commit): bring it back to this connection.
  handle_http(context_, request, client.address, [self = shared_from_this()](HttpResponse response) {
    boost::asio::post(self->stream_.get_executor(),
                      [self, response = std::move(response)]() mutable { self->write(std::move(response)); });
  });
}

void HttpSession::write(HttpResponse response) {
  context_.metrics.answered(response.result_int());
  auto shared = std::make_shared<HttpResponse>(std::move(response));
  stream_.expires_after(std::chrono::seconds(30));
  http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
    if (ec) return;
    if (!shared->keep_alive()) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
      self->stream_.expires_after(std::chrono::seconds(2));
      return self->drain();
    }
    self->read_request();
  });
}

void HttpSession::drain() {
  buffer_.consume(buffer_.size());
  stream_.async_read_some(buffer_.prepare(http_read_chunk),
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            if (!ec) self->drain();
                          });
}

}  // namespace warpath::server
