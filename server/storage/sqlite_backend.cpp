// The SQLite backend of server/storage/database.hpp: thin RAII over the SQLite C API.

#include <sqlite3.h>

#include "server/storage/backends.hpp"

namespace warpath::server::storage {

namespace {

[[noreturn]] void fail(sqlite3* db, std::string_view what) {
  throw DatabaseError(std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

class SqliteStatement final : public StatementBackend {
 public:
  void run_expecting(std::int64_t changes, const std::string& message) override {
    run();
    if (sqlite3_changes(sqlite3_db_handle(stmt_)) != changes) throw DatabaseError(message);
  }

  SqliteStatement(sqlite3* db, std::string_view sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK)
      fail(db, "prepare " + std::string(sql.substr(0, 60)));
  }
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  void bind_int(int index, std::int64_t value) override {
    if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) fail(db_, "bind");
  }
  void bind_text(int index, std::string_view value) override {
    if (sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT) != SQLITE_OK)
      fail(db_, "bind");
  }
  void bind_double(int index, double value) override {
    if (sqlite3_bind_double(stmt_, index, value) != SQLITE_OK) fail(db_, "bind");
  }
  void bind_null(int index) override {
    if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) fail(db_, "bind");
  }

  bool step() override {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    const std::string message = sqlite3_errmsg(db_);
    sqlite3_reset(stmt_);
    throw DatabaseError("step: " + message);
  }
  void reset() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  std::int64_t column_int(int index) const override { return sqlite3_column_int64(stmt_, index); }
  double column_double(int index) const override { return sqlite3_column_double(stmt_, index); }
  std::string column_text(int index) const override {
    const auto* text = sqlite3_column_text(stmt_, index);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index)))
                : std::string();
  }
  bool column_is_null(int index) const override { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteConnection final : public ConnectionBackend {
 public:
  explicit SqliteConnection(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
      const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw DatabaseError("open " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
    // Durability: a COMMIT returns only after the WAL is fsynced (the ack-after-commit rule).
    exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
  }
  ~SqliteConnection() override { sqlite3_close(db_); }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Dialect dialect() const override { return Dialect::sqlite; }
  void exec(std::string_view sql) override {
    char* error = nullptr;
    const std::string text(sql);
    if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string message = error ? error : "unknown error";
      sqlite3_free(error);
      throw DatabaseError(message);
    }
  }
  std::unique_ptr<StatementBackend> prepare(std::string_view sql) override {
    return std::make_unique<SqliteStatement>(db_, sql);
  }
  std::int64_t last_insert_id() override { return sqlite3_last_insert_rowid(db_); }
  std::int64_t changes() override { return sqlite3_changes(db_); }

 private:
  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<ConnectionBackend> open_sqlite(const std::string& path) {
  // SQLite counts every allocation it makes for sqlite3_status(), under a process-wide mutex:
  // some fifty lock and unlock calls a move, for figures the server never reads. Off before the
  // library initialises (with the first connection); a no-op if something initialised it first.
  static const int memory_status_off = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)memory_status_off;
  return std::make_unique<SqliteConnection>(path);
}

}  // namespace warpath::server::storage
