#pragma once
// Thin RAII over the SQLite C API: a connection, prepared statements, and errors as exceptions.

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace warpath::server::storage {

class SqliteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement(Statement&& other) noexcept;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, std::string_view value);
  Statement& bind_null(int index);
  // The value, or NULL when there is none.
  Statement& bind_optional(int index, const std::optional<std::int64_t>& value);
  Statement& bind_optional(int index, const std::optional<std::string>& value);
  // A REAL (not an overload of bind: an int argument would be ambiguous).
  Statement& bind_double(int index, double value);

  // Steps once; true while a row is available.
  bool step();
  // Steps to completion (INSERT/UPDATE) and resets for reuse.
  void run();
  void reset();

  std::int64_t column_int(int index) const;
  double column_double(int index) const;
  std::string column_text(int index) const;
  bool column_is_null(int index) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class Connection {
 public:
  explicit Connection(const std::string& path);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void exec(std::string_view sql);
  Statement prepare(std::string_view sql) { return Statement(db_, sql); }
  std::int64_t last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
  sqlite3* handle() { return db_; }

 private:
  sqlite3* db_ = nullptr;
};

}  // namespace warpath::server::storage
