#pragma once
// A blocking HTTP/1.1 client for tests: one connection per request, so that a test never depends
// on the server's keep-alive behaviour unless it means to.

#include <chrono>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace warpath::test {

struct HttpResponse {
  int status = 0;
  // Discarded (is_discarded()) when the body is not JSON.
  nlohmann::json body;
  std::string raw_body;
  std::string content_type;
  std::map<std::string, std::string> headers;  // every response header, by lower-case name
};

using HeaderMap = std::map<std::string, std::string>;

class HttpClient {
 public:
  HttpClient(std::string host, std::uint16_t port, std::chrono::milliseconds timeout = std::chrono::seconds(10));

  // `body` null sends no body. `bearer` empty sends no Authorization header.
  HttpResponse request(const std::string& method, const std::string& target, const nlohmann::json& body = nullptr,
                       const std::string& bearer = {});
  // For bodies that are not JSON on purpose.
  HttpResponse request_raw(const std::string& method, const std::string& target, const std::string& body,
                           const std::string& content_type = "application/json", const std::string& bearer = {},
                           const HeaderMap& extra_headers = {});
  // Writes `bytes` as they are (a request line, headers and body of the test's making) and
  // reads one response: for requests no well-behaved client would send.
  HttpResponse exchange_raw(const std::string& bytes);

  HttpResponse get(const std::string& target, const std::string& bearer = {}) {
    return request("GET", target, nullptr, bearer);
  }
  HttpResponse post(const std::string& target, const nlohmann::json& body, const std::string& bearer = {}) {
    return request("POST", target, body, bearer);
  }

 private:
  std::string host_;
  std::uint16_t port_;
  std::chrono::milliseconds timeout_;
};

}  // namespace warpath::test
