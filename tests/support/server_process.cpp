#include "tests/support/server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "tests/support/test_postgres.hpp"

namespace warpath::test {
namespace {

constexpr std::string_view ready_prefix = "warpath listening on http://";

std::system_error errno_error(const std::string& what) { return {errno, std::generic_category(), what}; }

std::filesystem::path make_temp_dir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/warpath-test-XXXXXX";
  if (!mkdtemp(pattern.data())) throw errno_error("mkdtemp " + pattern);
  return pattern;
}

int decode_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// "warpath listening on http://127.0.0.1:PORT/" -> PORT, 0 when the line is something else.
std::uint16_t parse_ready_line(std::string_view line) {
  if (line.substr(0, ready_prefix.size()) != ready_prefix) return 0;
  const auto colon = line.rfind(':');
  if (colon == std::string_view::npos || colon < ready_prefix.size()) return 0;
  unsigned long port = 0;
  std::size_t i = colon + 1;
  for (; i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i) port = port * 10 + (line[i] - '0');
  if (i == colon + 1 || port == 0 || port > 65535) return 0;
  return static_cast<std::uint16_t>(port);
}

}  // namespace

ServerProcess::ServerProcess(ServerOptions options) : options_(std::move(options)) {
  if (options_.binary.empty()) throw std::invalid_argument("ServerProcess: no binary given");
  temp_dir_ = make_temp_dir();
  log_path_ = temp_dir_ / "server.log";
  if (options_.web.empty()) {
    options_.web = temp_dir_ / "web";
    std::filesystem::create_directories(options_.web);
    std::ofstream(options_.web / "index.html") << "<!doctype html><title>warpath test</title>\n";
  }
  try {
    if (options_.db.empty()) {
      const std::string name = unique_test_database_name("warpath_server");
      if (auto url = test_postgres_url(name)) {
        create_test_database(name);
        postgres_database_ = name;
        options_.db = *url;
        // Where it would be beside an SQLite file (a server on PostgreSQL defaults to var/mail).
        options_.extra_args.insert(options_.extra_args.begin(), {"--mail-dir", (temp_dir_ / "mail").string()});
        // A node on PostgreSQL has a name (its game leases), kept across restart().
        if (std::find(options_.extra_args.begin(), options_.extra_args.end(), "--node-id") == options_.extra_args.end())
          options_.extra_args.insert(options_.extra_args.begin(), {"--node-id", "test"});
      } else {
        options_.db = (temp_dir_ / "warpath.db").string();
      }
    }
    start();
  } catch (...) {
    // No destructor runs for a constructor that throws; the log's tail is in the exception.
    if (running()) kill9();
    drop_postgres_database();
    remove_temp_dir();
    throw;
  }
}

void ServerProcess::drop_postgres_database() {
  if (postgres_database_.empty() || std::getenv("WARPATH_KEEP_TEST_DIR")) return;
  drop_test_database(postgres_database_);
  postgres_database_.clear();
}

void ServerProcess::remove_temp_dir() {
  if (std::getenv("WARPATH_KEEP_TEST_DIR")) return;
  std::error_code ignored;
  std::filesystem::remove_all(temp_dir_, ignored);
}

ServerProcess::~ServerProcess() {
  try {
    if (running()) stop();
  } catch (...) {
    // A destructor must not throw; the child is gone or will die with us (PR_SET_PDEATHSIG).
  }
  if (drainer_.joinable()) drainer_.join();
  drop_postgres_database();
  remove_temp_dir();
}

void ServerProcess::start() {
  if (running()) throw std::logic_error("ServerProcess::start: already running");
  if (drainer_.joinable()) drainer_.join();

  std::vector<std::string> args = {options_.binary, "serve", "--port",    "0",     "--bind",
                                   options_.bind,   "--db",  options_.db, "--web", options_.web.string()};
  args.insert(args.end(), options_.extra_args.begin(), options_.extra_args.end());
  // Built before fork: the child may only make async-signal-safe calls.
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) throw errno_error("pipe2");
  const int log_fd = open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log_fd < 0) {
    close(out[0]);
    close(out[1]);
    throw errno_error("open " + log_path_.string());
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    close(out[0]);
    close(out[1]);
    close(log_fd);
    throw errno_error("fork");
  }
  if (pid == 0) {
    // A test that crashes or is killed by ctest's timeout must not leave servers behind.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    if (dup2(out[1], STDOUT_FILENO) < 0 || dup2(log_fd, STDERR_FILENO) < 0) _exit(127);
    execv(argv[0], argv.data());
    const char msg[] = "ServerProcess: execv failed\n";
    [[maybe_unused]] auto ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
    _exit(127);
  }
  close(out[1]);
  close(log_fd);
  pid_ = pid;
  stdout_fd_ = out[0];

  const auto deadline = std::chrono::steady_clock::now() + options_.startup_timeout;
  std::string pending;
  while (true) {
    const auto newline = pending.find('\n');
    if (newline != std::string::npos) {
      const std::string line = pending.substr(0, newline);
      pending.erase(0, newline + 1);
      if (auto port = parse_ready_line(line)) {
        port_ = port;
        break;
      }
      continue;  // some other line on stdout; the announcement may still come
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      kill9();
      throw std::runtime_error("warpath did not announce its port within " +
                               std::to_string(options_.startup_timeout.count()) + " ms; stderr:\n" + log_tail());
    }
    pollfd pfd{stdout_fd_, POLLIN, 0};
    const int ready = poll(&pfd, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno != EINTR) throw errno_error("poll");
    if (ready <= 0) continue;
    char buf[4096];
    const ssize_t n = read(stdout_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int status = wait_for_exit(std::chrono::milliseconds(5000));
      throw std::runtime_error("warpath exited (status " + std::to_string(status) +
                               ") before announcing its port; stdout: '" + pending + "'; stderr:\n" + log_tail());
    }
    pending.append(buf, static_cast<std::size_t>(n));
  }
  drainer_ = std::thread([this] { drain_stdout(); });
}

void ServerProcess::drain_stdout() {
  char buf[4096];
  while (true) {
    const ssize_t n = read(stdout_fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
  }
}

int ServerProcess::wait_for_exit(std::chrono::milliseconds timeout) {
  if (!running()) return -1;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  int result = -1;
  while (true) {
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      result = decode_status(status);
      break;
    }
    if (r < 0 && errno != EINTR) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      result = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  pid_ = -1;
  port_ = 0;
  // The pipe reaches EOF once the child is gone, which ends the drainer.
  if (drainer_.joinable()) drainer_.join();
  if (stdout_fd_ >= 0) close(stdout_fd_);
  stdout_fd_ = -1;
  return result;
}

int ServerProcess::stop() {
  if (!running()) return -1;
  ::kill(pid_, SIGTERM);
  return wait_for_exit(options_.stop_timeout);
}

int ServerProcess::kill9() {
  if (!running()) return -1;
  ::kill(pid_, SIGKILL);
  return wait_for_exit(options_.stop_timeout);
}

void ServerProcess::restart() {
  if (running()) stop();
  start();
}

std::string ServerProcess::log_tail(std::size_t max_bytes) const {
  std::ifstream in(log_path_, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string all = ss.str();
  if (all.size() > max_bytes) all = "..." + all.substr(all.size() - max_bytes);
  return all;
}

}  // namespace warpath::test
