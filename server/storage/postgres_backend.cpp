// The PostgreSQL backend of server/storage/database.hpp, over libpq (the maintained client).
//
// The stores' SQL is written once for both backends with SQLite's `?` and `?N` parameters; here
// they become `$N`. Each distinct statement text is prepared on the server once per connection
// (and per set of parameter types) and executed with text-format values; a statement's result is
// fetched whole on its first step.

#include <libpq-fe.h>

#include <charconv>
#include <map>
#include <utility>
#include <vector>

#include "server/storage/backends.hpp"

namespace warpath::server::storage {

namespace {

// Parameter types as libpq takes them (pg_type OIDs); text and NULL go as "unknown" (0) so that
// the server infers them from where they are used, as SQLite's untyped parameters behave.
constexpr Oid int8_oid = 20;
constexpr Oid float8_oid = 701;
constexpr Oid text_oid = 25;  // for a number the statement skips

struct Translated {
  std::string sql;
  int parameters = 0;
  std::vector<bool> used;  // by number - 1: SQLite lets a statement skip a number, PostgreSQL must type it
};

// SQLite's parameters in PostgreSQL's notation: `?N` is `$N`, a bare `?` is one more than the
// largest number so far. Literals, quoted names and comments are left alone.
Translated translate(std::string_view sql) {
  Translated out;
  out.sql.reserve(sql.size() + 8);
  for (std::size_t i = 0; i < sql.size();) {
    const char c = sql[i];
    if (c == '\'' || c == '"') {
      const std::size_t end = sql.find(c, i + 1);
      const std::size_t stop = end == std::string_view::npos ? sql.size() : end + 1;
      out.sql.append(sql.substr(i, stop - i));
      i = stop;
    } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      const std::size_t end = sql.find('\n', i);
      const std::size_t stop = end == std::string_view::npos ? sql.size() : end;
      out.sql.append(sql.substr(i, stop - i));
      i = stop;
    } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      const std::size_t end = sql.find("*/", i + 2);
      const std::size_t stop = end == std::string_view::npos ? sql.size() : end + 2;
      out.sql.append(sql.substr(i, stop - i));
      i = stop;
    } else if (c == '?') {
      std::size_t j = i + 1;
      while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') ++j;
      int number = out.parameters + 1;
      if (j > i + 1) std::from_chars(sql.data() + i + 1, sql.data() + j, number);
      if (number > out.parameters) out.parameters = number;
      if (out.used.size() < static_cast<std::size_t>(number)) out.used.resize(static_cast<std::size_t>(number));
      out.used[static_cast<std::size_t>(number - 1)] = true;
      out.sql += '$';
      out.sql += std::to_string(number);
      i = j;
    } else {
      out.sql += c;
      ++i;
    }
  }
  return out;
}

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

class PgConnection;

class PgStatement final : public StatementBackend {
 public:
  PgStatement(PgConnection& connection, std::string_view sql);

  void bind_int(int index, std::int64_t value) override { set(index, std::to_string(value), int8_oid); }
  void bind_text(int index, std::string_view value) override {
    check_index(index);
    set(index, std::string(value), unbound_type(index));
  }
  void bind_double(int index, double value) override {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    set(index, std::string(buffer, end), float8_oid);
  }
  void bind_null(int index) override {
    check_index(index);
    values_[static_cast<std::size_t>(index - 1)].reset();
    types_[static_cast<std::size_t>(index - 1)] = unbound_type(index);
  }

  bool step() override;
  void reset() override {
    result_.reset();
    row_ = -1;
    for (auto& v : values_) v.reset();
    for (int i = 1; i <= static_cast<int>(types_.size()); ++i)
      types_[static_cast<std::size_t>(i - 1)] = unbound_type(i);
  }

  std::int64_t column_int(int index) const override {
    const char* text = value(index);
    if (text[0] == 't' && text[1] == '\0') return 1;  // a boolean expression
    if (text[0] == 'f' && text[1] == '\0') return 0;
    std::int64_t v = 0;
    std::from_chars(text, text + std::char_traits<char>::length(text), v);
    return v;
  }
  double column_double(int index) const override {
    const char* text = value(index);
    double v = 0;
    std::from_chars(text, text + std::char_traits<char>::length(text), v);
    return v;
  }
  std::string column_text(int index) const override {
    return std::string(value(index), static_cast<std::size_t>(PQgetlength(result_.get(), row_, index)));
  }
  bool column_is_null(int index) const override {
    return !result_ || row_ < 0 || PQgetisnull(result_.get(), row_, index);
  }

 private:
  void check_index(int index) const {
    if (index < 1 || index > static_cast<int>(values_.size()))
      throw DatabaseError("bind: parameter " + std::to_string(index) + " out of range in " + sql_.substr(0, 60));
  }
  Oid unbound_type(int index) const { return used_[static_cast<std::size_t>(index - 1)] ? 0 : text_oid; }
  void set(int index, std::string value, Oid type) {
    check_index(index);
    values_[static_cast<std::size_t>(index - 1)] = std::move(value);
    types_[static_cast<std::size_t>(index - 1)] = type;
  }
  const char* value(int index) const {
    if (!result_ || row_ < 0 || index < 0 || index >= PQnfields(result_.get()))
      throw DatabaseError("column " + std::to_string(index) + " read without a row in " + sql_.substr(0, 60));
    return PQgetvalue(result_.get(), row_, index);
  }

  PgConnection& connection_;
  std::string sql_;
  std::vector<std::optional<std::string>> values_;
  std::vector<Oid> types_;
  std::vector<bool> used_;
  Result result_;
  int row_ = -1;
};

class PgConnection final : public ConnectionBackend {
 public:
  explicit PgConnection(const std::string& url) : conn_(PQconnectdb(url.c_str())) {
    if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
      const std::string message = conn_ ? PQerrorMessage(conn_) : "out of memory";
      PQfinish(conn_);
      throw DatabaseError("connect to PostgreSQL: " + trimmed(message));
    }
    // Notices (e.g. "relation already exists, skipping") are not errors; keep them off stderr.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
  }
  ~PgConnection() override { PQfinish(conn_); }
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  Dialect dialect() const override { return Dialect::postgresql; }

  void exec(std::string_view sql) override {
    Result r(PQexec(conn_, std::string(sql).c_str()));
    check(r.get(), sql);
  }

  std::unique_ptr<StatementBackend> prepare(std::string_view sql) override {
    return std::make_unique<PgStatement>(*this, sql);
  }

  std::int64_t last_insert_id() override {
    Result r(PQexec(conn_, "SELECT lastval()"));
    check(r.get(), "SELECT lastval()");
    std::int64_t id = 0;
    const char* text = PQgetvalue(r.get(), 0, 0);
    std::from_chars(text, text + std::char_traits<char>::length(text), id);
    return id;
  }

  std::int64_t changes() const override { return changes_; }

  // Executes a translated statement, preparing it on the server the first time its text is run
  // with these parameter types.
  Result execute(const std::string& sql, const std::vector<std::optional<std::string>>& values,
                 const std::vector<Oid>& types) {
    std::string key(reinterpret_cast<const char*>(types.data()), types.size() * sizeof(Oid));
    key += sql;
    auto found = prepared_.find(key);
    if (found == prepared_.end()) {
      std::string name = "w" + std::to_string(prepared_.size() + 1);
      Result r(PQprepare(conn_, name.c_str(), sql.c_str(), static_cast<int>(types.size()), types.data()));
      check(r.get(), sql);
      found = prepared_.emplace(std::move(key), std::move(name)).first;
    }
    std::vector<const char*> pointers(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) pointers[i] = values[i] ? values[i]->c_str() : nullptr;
    Result r(PQexecPrepared(conn_, found->second.c_str(), static_cast<int>(values.size()), pointers.data(), nullptr,
                            nullptr, 0));
    check(r.get(), sql);
    return r;
  }

 private:
  static std::string trimmed(std::string message) {
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    return message;
  }

  // Throws on a failed result; counts the rows an INSERT, UPDATE or DELETE changed.
  void check(PGresult* r, std::string_view sql) {
    const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      const std::string message = r ? PQresultErrorMessage(r) : PQerrorMessage(conn_);
      // The server went away (restarted, say): this statement fails, and the connection is opened
      // again for the next one. Its prepared statements went with the old session.
      if (PQstatus(conn_) == CONNECTION_BAD) {
        PQreset(conn_);
        prepared_.clear();
      }
      throw DatabaseError(trimmed(message) + " (in: " + std::string(sql.substr(0, 80)) + ")");
    }
    const std::string_view command = PQcmdStatus(r);
    if (command.starts_with("INSERT") || command.starts_with("UPDATE") || command.starts_with("DELETE")) {
      const char* count = PQcmdTuples(r);
      std::int64_t n = 0;
      std::from_chars(count, count + std::char_traits<char>::length(count), n);
      changes_ = n;
    }
  }

  PGconn* conn_;
  std::map<std::string, std::string> prepared_;
  std::int64_t changes_ = 0;
};

PgStatement::PgStatement(PgConnection& connection, std::string_view sql) : connection_(connection) {
  Translated t = translate(sql);
  sql_ = std::move(t.sql);
  values_.resize(static_cast<std::size_t>(t.parameters));
  used_ = std::move(t.used);
  used_.resize(values_.size());
  types_.resize(values_.size());
  reset();
}

bool PgStatement::step() {
  if (!result_) {
    result_ = connection_.execute(sql_, values_, types_);
    row_ = -1;
  }
  if (row_ + 1 < PQntuples(result_.get())) {
    ++row_;
    return true;
  }
  return false;
}

}  // namespace

std::unique_ptr<ConnectionBackend> open_postgresql(const std::string& url) {
  return std::make_unique<PgConnection>(url);
}

}  // namespace warpath::server::storage
