#include <doctest/doctest.h>

#include <string>

#include "server/util/secrets.hpp"
#include "server/util/sha256.hpp"

using warpath::server::sha256_hex;

TEST_CASE("SHA-256 matches the FIPS 180-4 test vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("seat tokens are 128-bit hex and differ") {
  const auto a = warpath::server::new_seat_token();
  const auto b = warpath::server::new_seat_token();
  CHECK(a.size() == 32);
  CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(a != b);
  CHECK(warpath::server::constant_time_equal(a, a));
  CHECK_FALSE(warpath::server::constant_time_equal(a, b));
  CHECK(warpath::server::new_game_seed() < (std::uint64_t{1} << 53));
}
