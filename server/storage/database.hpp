#pragma once
// The database as the stores see it: a connection, prepared statements and errors as exceptions,
// the same for both backends. A location that is a `postgresql://` (or `postgres://`) URL opens
// PostgreSQL through libpq; anything else is the path of an SQLite file, the default.
//
// The stores write one SQL text for both: `?` and `?N` parameters (PostgreSQL's backend turns
// them into `$N`), `ON CONFLICT` upserts, no engine-specific functions. Where the engines must
// differ (transactions, migrations) the code asks `dialect()`.

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace warpath::server::storage {

enum class Dialect { sqlite, postgresql };

class DatabaseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether `location` names a PostgreSQL database (a URL) rather than an SQLite file.
bool is_postgresql_location(std::string_view location);
// The location for logs: a URL's password left out.
std::string printable_location(std::string_view location);

// One backend's prepared statement (server/storage/sqlite_backend.cpp, postgres_backend.cpp).
class StatementBackend {
 public:
  virtual ~StatementBackend() = default;
  virtual void bind_int(int index, std::int64_t value) = 0;
  virtual void bind_text(int index, std::string_view value) = 0;
  virtual void bind_double(int index, double value) = 0;
  virtual void bind_null(int index) = 0;
  virtual bool step() = 0;
  virtual void reset() = 0;
  // To completion, its rows unread, and reset; PostgreSQL in pipeline mode only sends it.
  virtual void run() {
    while (step()) {
    }
    reset();
  }
  // run(), and the statement fails with `message` unless it changed exactly `changes` rows;
  // PostgreSQL in pipeline mode checks when it reads the answer.
  virtual void run_expecting(std::int64_t changes, const std::string& message) = 0;
  virtual std::int64_t column_int(int index) const = 0;
  virtual double column_double(int index) const = 0;
  virtual std::string column_text(int index) const = 0;
  virtual bool column_is_null(int index) const = 0;
};

class Statement {
 public:
  explicit Statement(std::unique_ptr<StatementBackend> backend) : backend_(std::move(backend)) {}

  Statement& bind(int index, std::int64_t value) {
    backend_->bind_int(index, value);
    return *this;
  }
  Statement& bind(int index, std::string_view value) {
    backend_->bind_text(index, value);
    return *this;
  }
  Statement& bind_null(int index) {
    backend_->bind_null(index);
    return *this;
  }
  // The value, or NULL when there is none.
  Statement& bind_optional(int index, const std::optional<std::int64_t>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }
  Statement& bind_optional(int index, const std::optional<std::string>& value) {
    return value ? bind(index, std::string_view(*value)) : bind_null(index);
  }
  // A REAL (not an overload of bind: an int argument would be ambiguous).
  Statement& bind_double(int index, double value) {
    backend_->bind_double(index, value);
    return *this;
  }

  // Steps once (the first step executes the statement); true while a row is available.
  bool step() { return backend_->step(); }
  // Steps to completion (INSERT/UPDATE) and resets for reuse. In pipeline mode (Connection::
  // pipeline) it may only be sent: its outcome is known at the next settle() or read.
  void run() { backend_->run(); }
  // run(), failing with `message` (a DatabaseError, now or at the next settle) unless it changed
  // exactly `changes` rows: a check that costs no round trip of its own in pipeline mode.
  void run_expecting(std::int64_t changes, const std::string& message) { backend_->run_expecting(changes, message); }
  // Ready to execute again, the bindings cleared.
  void reset() { backend_->reset(); }

  std::int64_t column_int(int index) const { return backend_->column_int(index); }
  double column_double(int index) const { return backend_->column_double(index); }
  std::string column_text(int index) const { return backend_->column_text(index); }
  bool column_is_null(int index) const { return backend_->column_is_null(index); }

 private:
  std::unique_ptr<StatementBackend> backend_;
};

class ConnectionBackend {
 public:
  virtual ~ConnectionBackend() = default;
  virtual Dialect dialect() const = 0;
  virtual void exec(std::string_view sql) = 0;
  virtual std::unique_ptr<StatementBackend> prepare(std::string_view sql) = 0;
  virtual std::int64_t last_insert_id() = 0;
  virtual std::int64_t changes() = 0;
  virtual void pipeline(bool /*on*/) {}
  virtual void settle() {}
};

class Connection {
 public:
  // An SQLite file path or a PostgreSQL URL (is_postgresql_location).
  explicit Connection(const std::string& location);

  Dialect dialect() const { return backend_->dialect(); }
  // Runs one or more statements without parameters or results.
  void exec(std::string_view sql) { backend_->exec(sql); }
  Statement prepare(std::string_view sql) { return Statement(backend_->prepare(sql)); }
  // The id the latest INSERT gave its row (a table whose id the database assigns).
  std::int64_t last_insert_id() { return backend_->last_insert_id(); }
  // The rows the latest INSERT, UPDATE or DELETE changed.
  std::int64_t changes() { return backend_->changes(); }
  // Pipeline mode (the commit thread on PostgreSQL): Statement::run sends a write without waiting
  // for its answer, so that a transaction's writes cost one round trip to the server rather than
  // one each. settle() waits for every answer and throws the first error (the server skipped what
  // followed it); a read, exec(), changes() and last_insert_id() settle first. SQLite runs each
  // statement at once: both are no-ops there.
  void pipeline(bool on) { backend_->pipeline(on); }
  void settle() { backend_->settle(); }
  // Opens a write transaction: SQLite takes its write lock at once (no upgrade deadlock).
  void begin() { exec(dialect() == Dialect::sqlite ? "BEGIN IMMEDIATE" : "BEGIN"); }

 private:
  std::unique_ptr<ConnectionBackend> backend_;
};

}  // namespace warpath::server::storage
