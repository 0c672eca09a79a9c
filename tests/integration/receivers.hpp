#pragma once
// What the tests of outgoing messages share: a temporary directory, the real receivers of
// tests/support (an SMTP server, aiosmtpd, and a webhook receiver) run as child processes that
// record what they get as JSON lines, a second connection to the server's database, and waiting
// for a condition.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/storage/database.hpp"

namespace warpath::test {

using namespace std::chrono_literals;
using nlohmann::json;

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    char pattern[] = "/tmp/warpath-outbox-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() {
    std::error_code ignored;
    if (!std::getenv("WARPATH_KEEP_TEST_DIR")) std::filesystem::remove_all(path, ignored);
  }
};

// A receiver from tests/support, run with the Python that has aiosmtpd (Debian's), writing what
// it receives as JSON lines to `out`; stopped at the end of the test.
class Receiver {
 public:
  Receiver(const std::string& script, std::filesystem::path out, std::vector<std::string> extra = {})
      : out_(std::move(out)) {
    std::vector<std::string> args = {WARPATH_PYTHON3, std::string(WARPATH_SUPPORT_DIR) + "/" + script, out_.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int pipe_fds[2];
    REQUIRE(pipe2(pipe_fds, O_CLOEXEC) == 0);
    const pid_t parent = getpid();
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(127);
      if (dup2(pipe_fds[1], STDOUT_FILENO) < 0) _exit(127);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(pipe_fds[1]);
    // "PORT <n>" once it listens.
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + 15s;
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd pfd{pipe_fds[0], POLLIN, 0};
      if (poll(&pfd, 1, 200) <= 0) continue;
      char buf[256];
      const ssize_t n = read(pipe_fds[0], buf, sizeof buf);
      if (n <= 0) break;
      line.append(buf, static_cast<std::size_t>(n));
    }
    close(pipe_fds[0]);
    REQUIRE_MESSAGE(line.rfind("PORT ", 0) == 0, script, " did not start (is python3-aiosmtpd installed?): '", line,
                    "'");
    port_ = static_cast<std::uint16_t>(std::stoi(line.substr(5)));
  }
  ~Receiver() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  std::uint16_t port() const { return port_; }
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }

  // What it has received so far (a line still being written is left for the next call).
  std::vector<json> records() const {
    std::ifstream in(out_);
    std::vector<json> out;
    for (std::string line; std::getline(in, line);) {
      auto record = json::parse(line, nullptr, false);
      if (!record.is_discarded()) out.push_back(std::move(record));
    }
    return out;
  }

 private:
  std::filesystem::path out_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

// A second connection to the server's database, as any other writer would have: the test queues
// messages by inserting outbox rows while the server runs (or lies dead). Either backend: on
// SQLite it waits up to 20 s for the server's write lock; PostgreSQL takes no such lock.
class Database {
 public:
  explicit Database(const std::string& location) : db_(location) {
    if (db_.dialect() == server::storage::Dialect::sqlite) db_.exec("PRAGMA busy_timeout = 20000");
  }

  // Runs `sql` with `params` bound as text (or as integers when they are numbers).
  void run(const std::string& sql, const std::vector<json>& params = {}) { query(sql, params, nullptr); }
  std::int64_t integer(const std::string& sql, const std::vector<json>& params = {}) {
    std::int64_t value = 0;
    query(sql, params, [&](server::storage::Statement& row) { value = row.column_int(0); });
    return value;
  }
  std::string text(const std::string& sql, const std::vector<json>& params = {}) {
    std::string value;
    query(sql, params, [&](server::storage::Statement& row) { value = row.column_text(0); });
    return value;
  }

  void add_mail(const std::string& key, const std::string& to, const std::string& subject, const std::string& body,
                std::int64_t attempts = 0) {
    run("INSERT INTO outbox(kind, idempotency_key, recipient, subject, body, created_at, attempts, next_attempt_at) "
        "VALUES ('mail', ?, ?, ?, ?, ?, ?, ?)",
        {key, to, subject, body, now(), attempts, now()});
  }
  void add_webhook(const std::string& key, const json& account, const std::string& url, const std::string& body,
                   std::int64_t attempts = 0) {
    run("INSERT INTO outbox(kind, idempotency_key, account_id, recipient, body, created_at, attempts, "
        "next_attempt_at) VALUES ('webhook', ?, ?, ?, ?, ?, ?, ?)",
        {key, account, url, body, now(), attempts, now()});
  }
  // Rows neither sent nor given up.
  std::int64_t pending() { return integer("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL"); }
  static std::int64_t now() { return static_cast<std::int64_t>(std::time(nullptr)); }

 private:
  void query(const std::string& sql, const std::vector<json>& params,
             const std::function<void(server::storage::Statement&)>& row) {
    auto stmt = db_.prepare(sql);
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int index = static_cast<int>(i + 1);
      if (params[i].is_null())
        stmt.bind_null(index);
      else if (params[i].is_number_integer())
        stmt.bind(index, params[i].get<std::int64_t>());
      else
        stmt.bind(index, std::string_view(params[i].get<std::string>()));
    }
    while (stmt.step())
      if (row) row(stmt);
  }
  server::storage::Connection db_;
};

inline bool wait_until(const std::function<bool()>& done, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return done();
}

}  // namespace warpath::test
