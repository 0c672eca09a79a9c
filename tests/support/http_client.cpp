#include "tests/support/http_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cctype>
#include <sstream>
#include <stdexcept>

namespace warpath::test {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Beast's timeouts only govern asynchronous operations, so each step is started asynchronously
// and the context run until it finishes: a blocking call that still gives up in time.
void run_step(net::io_context& ioc, const beast::error_code& ec, const char* step) {
  ioc.restart();
  ioc.run();
  if (ec) throw std::runtime_error(std::string("HTTP ") + step + ": " + ec.message());
}

}  // namespace

HttpClient::HttpClient(std::string host, std::uint16_t port, std::chrono::milliseconds timeout)
    : host_(std::move(host)), port_(port), timeout_(timeout) {}

HttpResponse HttpClient::request(const std::string& method, const std::string& target, const nlohmann::json& body,
                                 const std::string& bearer) {
  return request_raw(method, target, body.is_null() ? std::string() : body.dump(),
                     body.is_null() ? std::string() : "application/json", bearer);
}

HttpResponse HttpClient::request_raw(const std::string& method, const std::string& target, const std::string& body,
                                     const std::string& content_type, const std::string& bearer,
                                     const HeaderMap& extra_headers) {
  const http::verb verb = http::string_to_verb(method);
  if (verb == http::verb::unknown) throw std::invalid_argument("HTTP method " + method);
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, host_ + ":" + std::to_string(port_));
  req.set(http::field::user_agent, "warpath-test");
  if (!bearer.empty()) req.set(http::field::authorization, "Bearer " + bearer);
  if (!content_type.empty()) req.set(http::field::content_type, content_type);
  for (const auto& [name, value] : extra_headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  std::ostringstream bytes;
  bytes << req;
  return exchange_raw(bytes.str());
}

HttpResponse HttpClient::exchange_raw(const std::string& bytes) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  tcp::resolver resolver(ioc);
  beast::error_code ec;

  const auto endpoints = resolver.resolve(host_, std::to_string(port_));
  stream.expires_after(timeout_);
  stream.async_connect(endpoints, [&](beast::error_code e, const tcp::endpoint&) { ec = e; });
  run_step(ioc, ec, "connect");

  net::async_write(stream, net::buffer(bytes), [&](beast::error_code e, std::size_t) { ec = e; });
  run_step(ioc, ec, "write");

  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  // The answer to HEAD announces a body that does not follow.
  parser.skip(bytes.starts_with("HEAD "));
  http::async_read(stream, buffer, parser, [&](beast::error_code e, std::size_t) { ec = e; });
  run_step(ioc, ec, "read");

  stream.socket().shutdown(tcp::socket::shutdown_both, ec);

  const auto& res = parser.get();
  HttpResponse out;
  out.status = static_cast<int>(res.result_int());
  out.raw_body = res.body();
  out.content_type = std::string(res[http::field::content_type]);
  for (const auto& field : res) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.headers[name] = std::string(field.value());
  }
  out.body = nlohmann::json::parse(out.raw_body, nullptr, /*allow_exceptions=*/false);
  return out;
}

}  // namespace warpath::test
