#pragma once
#include <string>
#include <vector>

namespace warpath::app {

// Each returns the process exit code.
int serve_command(const std::vector<std::string>& args);
int replay_command(const std::vector<std::string>& args);
int playout_command(const std::vector<std::string>& args);
int verify_command(const std::vector<std::string>& args);
int organiser_command(const std::vector<std::string>& args);

}  // namespace warpath::app
