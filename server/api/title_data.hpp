#pragma once
// GET /api/titles/{title}/data: a title's static component data for clients
// (GameModule::client_data), the same for every game, served with an ETag so browsers fetch it
// once per server build.

#include <string_view>

#include "engine/core/registry.hpp"
#include "server/api/http_api.hpp"

namespace warpath::server {

HttpResponse title_data_response(const engine::GameRegistry& games, const HttpRequest& request, std::string_view title);

}  // namespace warpath::server
