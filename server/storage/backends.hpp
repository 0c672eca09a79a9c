#pragma once
// The two implementations of server/storage/database.hpp's backend interfaces, for Connection's
// constructor only.

#include <memory>
#include <string>

#include "server/storage/database.hpp"

namespace warpath::server::storage {

std::unique_ptr<ConnectionBackend> open_sqlite(const std::string& path);
std::unique_ptr<ConnectionBackend> open_postgresql(const std::string& url);

}  // namespace warpath::server::storage
