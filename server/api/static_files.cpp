#include "server/api/static_files.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace warpath::server {

namespace http = boost::beast::http;

namespace {

std::string mime_type(const std::filesystem::path& path) {
  static const std::map<std::string, std::string> types = {{".html", "text/html; charset=utf-8"},
                                                           {".js", "text/javascript; charset=utf-8"},
                                                           {".mjs", "text/javascript; charset=utf-8"},
                                                           {".css", "text/css; charset=utf-8"},
                                                           {".json", "application/json"},
                                                           {".svg", "image/svg+xml"},
                                                           {".png", "image/png"},
                                                           {".ico", "image/x-icon"},
                                                           {".txt", "text/plain; charset=utf-8"},
                                                           {".webmanifest", "application/manifest+json"}};
  auto it = types.find(path.extension().string());
  return it == types.end() ? "application/octet-stream" : it->second;
}

}  // namespace

HttpResponse serve_static_file(const std::string& web_root, const HttpRequest& request) {
  std::string target(request.target());
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target.back() == '/') target += "index.html";
  const std::filesystem::path root = std::filesystem::weakly_canonical(web_root);
  const std::filesystem::path wanted =
      std::filesystem::weakly_canonical(root / std::filesystem::path(target).relative_path());
  const auto [root_end, ignored] = std::mismatch(root.begin(), root.end(), wanted.begin(), wanted.end());
  std::ifstream file;
  if (root_end == root.end() && std::filesystem::is_regular_file(wanted)) file.open(wanted, std::ios::binary);
  // A stream never opened is not in a failed state: ask whether it is open.
  if (!file.is_open()) return error_response(request, protocol::ErrorCode::not_found, "no such page");
  std::ostringstream body;
  body << file.rdbuf();
  HttpResponse res{http::status::ok, request.version()};
  res.set(http::field::content_type, mime_type(wanted));
  res.set(http::field::cache_control, "no-cache");
  res.keep_alive(request.keep_alive());
  res.body() = body.str();
  if (request.method() == http::verb::head) res.body().clear();
  res.prepare_payload();
  return res;
}

}  // namespace warpath::server
