#include <doctest/doctest.h>

#include <string>

#include "protocol/frame_check.hpp"

namespace frame_check_test {

using warpath::protocol::is_valid_utf8;
using warpath::protocol::nests_deeper_than;

TEST_CASE("UTF-8 validation follows RFC 3629") {
  CHECK(is_valid_utf8("plain ascii"));
  CHECK(
      is_valid_utf8("Qu\xC3\xA9"
                    "bec"));                       // é
  CHECK(is_valid_utf8("\xE2\x82\xAC"));            // €
  CHECK(is_valid_utf8("\xF0\x9F\x98\x80"));        // emoji
  CHECK_FALSE(is_valid_utf8("\xC3"));              // truncated
  CHECK_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong '/'
  CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
  CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  CHECK_FALSE(is_valid_utf8("\xFF"));
  CHECK_FALSE(is_valid_utf8("ok\x80"));
  CHECK_FALSE(is_valid_utf8("\xE2\x82"));
}

TEST_CASE("nesting depth counts brackets outside strings only") {
  CHECK_FALSE(nests_deeper_than(R"({"a":[1,2,{"b":3}]})", 3));
  CHECK(nests_deeper_than(R"({"a":[1,2,{"b":[3]}]})", 3));
  CHECK_FALSE(nests_deeper_than(R"({"a":"[[[[[[[[[[\"[[[["})", 1));
  CHECK(nests_deeper_than(std::string(100, '[') + std::string(100, ']'), 32));
  CHECK_FALSE(nests_deeper_than(std::string(32, '[') + std::string(32, ']'), 32));
}

}  // namespace frame_check_test
