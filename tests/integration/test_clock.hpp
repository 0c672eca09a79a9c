#pragma once
// The server's clock in integration tests (`--test-clock`): a file holding Unix milliseconds that
// the server reads "now" from, set and advanced by the test, removed at the end.

#include <unistd.h>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace warpath::test {

class TestClock {
 public:
  // `name` tells the files of concurrent test processes apart; the clock starts at `start_ms`.
  TestClock(const std::string& name, std::int64_t start_ms)
      : path_(std::filesystem::temp_directory_path() / ("warpath-" + name + "-" + std::to_string(::getpid()))) {
    set(start_ms);
  }
  ~TestClock() { std::filesystem::remove(path_); }
  TestClock(const TestClock&) = delete;
  TestClock& operator=(const TestClock&) = delete;

  void set(std::int64_t ms) {
    now_ = ms;
    std::ofstream(path_.string() + ".tmp") << ms << "\n";
    std::filesystem::rename(path_.string() + ".tmp", path_);  // never half-written
  }
  void advance(std::int64_t ms) { set(now_ + ms); }
  std::int64_t now() const { return now_; }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
  std::int64_t now_ = 0;
};

}  // namespace warpath::test
