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
  // Empty: a database inside the process's temporary directory, kept across restart().
  std::filesystem::path db;
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
  const std::filesystem::path& db_path() const { return options_.db; }
  const std::filesystem::path& temp_dir() const { return temp_dir_; }
  // The end of the server's stderr (all runs), for failure messages.
  std::string log_tail(std::size_t max_bytes = 4000) const;

 private:
  void start();
  int wait_for_exit(std::chrono::milliseconds timeout);
  void drain_stdout();
  // Unless $WARPATH_KEEP_TEST_DIR is set, for a look at the database and log after a failure.
  void remove_temp_dir();

  ServerOptions options_;
  std::filesystem::path temp_dir_;
  std::filesystem::path log_path_;
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::uint16_t port_ = 0;
  // Keeps reading stdout after the announcement so that a chatty server never blocks on a full pipe.
  std::thread drainer_;
};

}  // namespace warpath::test
