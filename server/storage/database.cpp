// Chooses the backend of a Connection by its location (server/storage/database.hpp).

#include "server/storage/database.hpp"

#include "server/storage/backends.hpp"

namespace warpath::server::storage {

bool is_postgresql_location(std::string_view location) {
  return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::string printable_location(std::string_view location) {
  std::string text(location);
  if (!is_postgresql_location(text)) return text;
  // postgresql://user:secret@host/db
  const auto scheme_end = text.find("://") + 3;
  const auto at = text.find('@', scheme_end);
  const auto colon = text.find(':', scheme_end);
  if (at != std::string::npos && colon < at) text.replace(colon + 1, at - colon - 1, "***");
  // ...?password=secret&...
  for (auto p = text.find("password="); p != std::string::npos; p = text.find("password=", p + 1)) {
    const auto end = text.find('&', p);
    text.replace(p + 9, (end == std::string::npos ? text.size() : end) - p - 9, "***");
  }
  return text;
}

Connection::Connection(const std::string& location)
    : backend_(is_postgresql_location(location) ? open_postgresql(location) : open_sqlite(location)) {}

}  // namespace warpath::server::storage
