#pragma once
// SHA-256 (FIPS 180-4), used to store seat tokens as hashes only.

#include <string>
#include <string_view>

namespace warpath::server {

std::string sha256_hex(std::string_view data);

}  // namespace warpath::server
