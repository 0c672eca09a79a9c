// The PostgreSQL backend of server/storage/database.hpp, over libpq (the maintained client).
//
// The stores' SQL is written once for both backends with SQLite's `?` and `?N` parameters; here
// they become `$N`. Each distinct statement text is prepared on the server once per connection
// (and per set of parameter types) and executed with text-format values; a statement's result is
// fetched whole on its first step.
//
// Pipeline mode (Connection::pipeline, the commit thread): a statement run for its effect only is
// sent (its preparation too, the first time) and its answer read at the next settle, which ends
// the sent ones with a Sync and reads every answer in order. After an error the server skips the
// rest until that Sync (libpq reports them as aborted), and settle throws the error; inside a
// transaction block a Sync commits nothing. Whatever reads a result waits as before, after
// settling and out of pipeline mode for that one statement.

#include <libpq-fe.h>

#include <charconv>
#include <deque>
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
  void run() override;
  void run_expecting(std::int64_t changes, const std::string& message) override;
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
    paused([&] {
      Result r(PQexec(conn_, std::string(sql).c_str()));
      check(r.get(), sql);
    });
  }

  std::unique_ptr<StatementBackend> prepare(std::string_view sql) override {
    return std::make_unique<PgStatement>(*this, sql);
  }

  std::int64_t last_insert_id() override {
    return paused([&] {
      Result r(PQexec(conn_, "SELECT lastval()"));
      check(r.get(), "SELECT lastval()");
      std::int64_t id = 0;
      const char* text = PQgetvalue(r.get(), 0, 0);
      std::from_chars(text, text + std::char_traits<char>::length(text), id);
      return id;
    });
  }

  std::int64_t changes() override {
    settle();
    return changes_;
  }

  void pipeline(bool on) override {
    if (on == pipelined_) return;
    if (!on) settle();
    if ((on ? PQenterPipelineMode(conn_) : PQexitPipelineMode(conn_)) != 1)
      throw DatabaseError("pipeline mode: " + trimmed(PQerrorMessage(conn_)));
    pipelined_ = on;
  }

  void settle() override {
    if (unanswered_.empty()) return;
    if (PQpipelineSync(conn_) != 1) lost("pipeline sync");
    // One answer per statement sent (each followed by a null), in order, then the Sync's. An
    // answer that comes while the previous statement's null has not is the next statement's.
    std::optional<std::string> error;
    std::size_t answered = 0, nulls = 0;
    bool open = false;
    for (;;) {
      Result r(PQgetResult(conn_));
      if (!r) {
        if (open) {
          open = false;
        } else if (++nulls > unanswered_.size() + 2) {
          lost("pipeline: no Sync");
        }
        continue;
      }
      const auto status = PQresultStatus(r.get());
      if (status == PGRES_PIPELINE_SYNC) break;
      if (answered >= unanswered_.size()) lost("pipeline: more answers than statements");
      const Sent& sent = unanswered_[answered++];
      open = true;
      if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
        count_changes(r.get());
        if (sent.expected_changes && changes_ != *sent.expected_changes && !error) error = sent.unexpected;
        continue;
      }
      if (status != PGRES_PIPELINE_ABORTED && !error)
        error = trimmed(PQresultErrorMessage(r.get())) + " (in: " + sent.sql.substr(0, 80) + ")";
      // A statement that was not prepared is not: its next use prepares it again.
      if (!sent.prepared_key.empty()) prepared_.erase(sent.prepared_key);
      if (PQstatus(conn_) == CONNECTION_BAD) lost(sent.sql);
    }
    unanswered_.clear();
    if (error) throw DatabaseError(*error);
  }

  // Executes a translated statement, preparing it on the server the first time its text is run
  // with these parameter types.
  Result execute(const std::string& sql, const std::vector<std::optional<std::string>>& values,
                 const std::vector<Oid>& types) {
    return paused([&] {
      const auto pointers = value_pointers(values);
      const std::string& name = prepared_name(sql, types);
      Result r(
          PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), pointers.data(), nullptr, nullptr, 0));
      check(r.get(), sql);
      return r;
    });
  }

  // In pipeline mode: sends the statement (after its preparation, the first time), its answer read
  // at the next settle. Else executes it.
  void send(const std::string& sql, const std::vector<std::optional<std::string>>& values,
            const std::vector<Oid>& types, std::optional<std::int64_t> expected_changes = std::nullopt,
            const std::string& unexpected = {}) {
    if (!pipelined_) {
      execute(sql, values, types);
      if (expected_changes && changes_ != *expected_changes) throw DatabaseError(unexpected);
      return;
    }
    const auto pointers = value_pointers(values);
    const std::string& name = prepared_name(sql, types);
    if (PQsendQueryPrepared(conn_, name.c_str(), static_cast<int>(values.size()), pointers.data(), nullptr, nullptr,
                            0) != 1)
      lost(sql);
    unanswered_.push_back({sql, {}, expected_changes, unexpected});
  }

 private:
  static std::string trimmed(std::string message) {
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    return message;
  }

  struct Sent {
    std::string sql;
    std::string prepared_key;  // a preparation's: its key in prepared_
    std::optional<std::int64_t> expected_changes;
    std::string unexpected;  // the error when it changed another number of rows
  };

  static std::vector<const char*> value_pointers(const std::vector<std::optional<std::string>>& values) {
    std::vector<const char*> pointers(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) pointers[i] = values[i] ? values[i]->c_str() : nullptr;
    return pointers;
  }

  // The server-side name of the statement, prepared the first time (in pipeline mode, sent).
  const std::string& prepared_name(const std::string& sql, const std::vector<Oid>& types) {
    std::string key(reinterpret_cast<const char*>(types.data()), types.size() * sizeof(Oid));
    key += sql;
    auto found = prepared_.find(key);
    if (found != prepared_.end()) return found->second;
    std::string name = "w" + std::to_string(++prepared_count_);
    if (pipelined_) {
      if (PQsendPrepare(conn_, name.c_str(), sql.c_str(), static_cast<int>(types.size()), types.data()) != 1) lost(sql);
      unanswered_.push_back({sql, key, std::nullopt, {}});
    } else {
      Result r(PQprepare(conn_, name.c_str(), sql.c_str(), static_cast<int>(types.size()), types.data()));
      check(r.get(), sql);
    }
    return prepared_.emplace(std::move(key), std::move(name)).first->second;
  }

  // `f` with every answer read and out of pipeline mode (a statement whose result is read).
  template <typename F>
  auto paused(F&& f) -> decltype(f()) {
    if (!pipelined_) return f();
    settle();
    pipeline(false);
    struct Resume {
      PgConnection& c;
      ~Resume() {
        if (PQstatus(c.conn_) == CONNECTION_OK && PQenterPipelineMode(c.conn_) == 1) c.pipelined_ = true;
      }
    } resume{*this};
    return f();
  }

  // The connection failed while statements were under way: they are lost with it, and it is
  // opened again for the next one (its prepared statements went with the old session).
  [[noreturn]] void lost(std::string_view sql) {
    const std::string message = trimmed(PQerrorMessage(conn_)) + " (in: " + std::string(sql.substr(0, 80)) + ")";
    reopen();  // `sql` may be a sent statement's, gone with them
    throw DatabaseError(message);
  }

  void reopen() {
    unanswered_.clear();
    PQreset(conn_);
    prepared_.clear();
    if (pipelined_ && (PQstatus(conn_) != CONNECTION_OK || PQenterPipelineMode(conn_) != 1)) pipelined_ = false;
  }

  // Throws on a failed result; counts the rows an INSERT, UPDATE or DELETE changed.
  void check(PGresult* r, std::string_view sql) {
    const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      const std::string message = r ? PQresultErrorMessage(r) : PQerrorMessage(conn_);
      // The server went away (restarted, say): this statement fails, and the connection is opened
      // again for the next one.
      if (PQstatus(conn_) == CONNECTION_BAD) reopen();
      throw DatabaseError(trimmed(message) + " (in: " + std::string(sql.substr(0, 80)) + ")");
    }
    count_changes(r);
  }

  void count_changes(PGresult* r) {
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
  std::size_t prepared_count_ = 0;  // names are never reused: a failed preparation's stays taken
  std::int64_t changes_ = 0;
  bool pipelined_ = false;
  std::deque<Sent> unanswered_;  // sent in pipeline mode, answers not read yet
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

void PgStatement::run() {
  connection_.send(sql_, values_, types_);
  reset();
}

void PgStatement::run_expecting(std::int64_t changes, const std::string& message) {
  connection_.send(sql_, values_, types_, changes, message);
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
