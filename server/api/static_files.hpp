#pragma once
// Serves the thin web client's files from one directory, refusing any path that leaves it.

#include "server/api/http_api.hpp"

namespace warpath::server {

HttpResponse serve_static_file(const std::string& web_root, const HttpRequest& request);

}  // namespace warpath::server
