#pragma once
// Runs the warpath binary as a child process, the way an operator would, so that integration
// tests exercise the real start-up, shutdown and crash paths rather than an in-process server.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace warpath::test {

struct ServerOptions {
  std::string binary;
  // An SQLite file path or a PostgreSQL URL. Empty: a fresh database kept across restart() and
  // removed with the ServerProcess: an SQLite file inside its temporary directory or, when
  // WARPATH_TEST_POSTGRES names a PostgreSQL server (test_postgres.hpp), a database of its own there.
  std::string db;
  // Empty: an empty web root inside the temporary directory.
  std::filesystem::path web;
  std::string bind = "127.0.0.1";
  std::vector<std::string> extra_args = {"--no-demo"};
  std::chrono::milliseconds startup_timeout{20000};
  std::chrono::milliseconds stop_timeout{15000};
};

class ServerProcess {
 public:
  // Starts the server and returns once it has announced its port.
  explicit ServerProcess(ServerOptions options);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // SIGTERM, then waits. Returns the exit code, 128 + signal when killed by one, or -1 when it
  // had to be killed after stop_timeout.
  int stop();
  // SIGKILL, then waits: the crash that must lose no acknowledged move.
  int kill9();
  // Starts again with the same database; the port is picked anew.
  void restart();

  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  std::uint16_t port() const { return port_; }
  const std::string& host() const { return options_.bind; }
  // Where the database is, as `warpath --db` takes it: a file path or a PostgreSQL URL.
  const std::string& db_location() const { return options_.db; }
  // PostgreSQL: the database's name when the ServerProcess created it, else empty.
  const std::string& postgres_database() const { return postgres_database_; }
  const std::filesystem::path& temp_dir() const { return temp_dir_; }
  // The end of the server's stderr (all runs), for failure messages.
  std::string log_tail(std::size_t max_bytes = 4000) const;

 private:
  void start();
  int wait_for_exit(std::chrono::milliseconds timeout);
  void drain_stdout();
  // Unless $WARPATH_KEEP_TEST_DIR is set (which keeps a PostgreSQL database too), for a look at the
  // database and log after a failure.
  void remove_temp_dir();
  // The PostgreSQL database the ServerProcess created, if any.
  void drop_postgres_database();

  ServerOptions options_;
  std::filesystem::path temp_dir_;
  std::filesystem::path log_path_;
  std::string postgres_database_;
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::uint16_t port_ = 0;
  // Keeps reading stdout after the announcement so that a chatty server never blocks on a full pipe.
  std::thread drainer_;
};

}  // namespace warpath::test
