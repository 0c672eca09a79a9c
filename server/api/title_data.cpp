#include "server/api/title_data.hpp"

#include <map>
#include <mutex>
#include <string>

#include "server/util/secrets.hpp"

namespace warpath::server {

namespace http = boost::beast::http;

namespace {

struct Serialized {
  std::string body;
  std::string etag;
};

// The data never changes while the process runs: serialize it once per module.
const Serialized& serialized(const engine::GameModule& module) {
  static std::mutex mutex;
  static std::map<const engine::GameModule*, Serialized> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(&module);
  if (it == cache.end()) {
    Serialized s;
    s.body = module.client_data().dump();
    s.etag = "\"" + sha256_hex(s.body).substr(0, 32) + "\"";
    it = cache.emplace(&module, std::move(s)).first;
  }
  return it->second;
}

bool etag_matches(const HttpRequest& request, const std::string& etag) {
  auto it = request.find(http::field::if_none_match);
  if (it == request.end()) return false;
  std::string_view value = it->value();
  return value == "*" || value.find(etag) != std::string_view::npos;
}

}  // namespace

HttpResponse title_data_response(const engine::GameRegistry& games, const HttpRequest& request,
                                 std::string_view title) {
  const engine::GameModule* module = games.find(title);
  if (!module) return error_response(request, protocol::ErrorCode::not_found, "no such title");
  const Serialized& data = serialized(*module);
  const bool not_modified = etag_matches(request, data.etag);
  HttpResponse res{not_modified ? http::status::not_modified : http::status::ok, request.version()};
  res.set(http::field::content_type, "application/json");
  // Revalidated cheaply by ETag: a new server build may bring new data under the same URL.
  res.set(http::field::cache_control, "public, max-age=3600, must-revalidate");
  res.set(http::field::etag, data.etag);
  res.keep_alive(request.keep_alive());
  if (!not_modified && request.method() == http::verb::get) res.body() = data.body;
  res.prepare_payload();
  return res;
}

}  // namespace warpath::server
