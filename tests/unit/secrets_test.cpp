// Secrets and hashes (server/util/secrets.hpp, libsodium): SHA-256 against its published vectors,
// tokens and seeds, constant-time comparison, and argon2id password hashes.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "server/util/secrets.hpp"

namespace secrets_test {

using namespace warpath::server;

TEST_CASE("SHA-256 matches the FIPS 180-4 test vectors") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("tokens are random hex of the size asked and seeds fit a JSON number") {
  const auto a = new_seat_token();
  const auto b = new_seat_token();
  CHECK(a.size() == 32);
  CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(a != b);
  CHECK(new_token(32).size() == 64);  // a 256-bit session id
  std::set<std::string> many;
  for (int i = 0; i < 1000; ++i) many.insert(new_token(8));
  CHECK(many.size() == 1000);
  for (int i = 0; i < 100; ++i) CHECK(new_game_seed() < (std::uint64_t{1} << 53));
}

TEST_CASE("constant-time comparison tells equal from different, and different sizes apart") {
  const auto a = new_seat_token();
  CHECK(constant_time_equal(a, a));
  CHECK_FALSE(constant_time_equal(a, new_seat_token()));
  CHECK_FALSE(constant_time_equal(a, a.substr(0, 31)));
  CHECK(constant_time_equal("", ""));
}

TEST_CASE("a password hash is argon2id, salted, and verifies only its own password") {
  const std::string hash = hash_password("correct horse battery staple");
  CHECK(hash.rfind("$argon2id$", 0) == 0);
  CHECK(hash.find("correct horse") == std::string::npos);
  CHECK(verify_password(hash, "correct horse battery staple"));
  CHECK_FALSE(verify_password(hash, "correct horse battery stapl"));
  CHECK_FALSE(verify_password(hash, ""));
  CHECK(hash_password("correct horse battery staple") != hash);  // a new salt each time
  CHECK_FALSE(password_needs_rehash(hash));
}

TEST_CASE("malformed or weaker password hashes are refused or marked for rehashing") {
  CHECK_FALSE(verify_password("", "x"));
  CHECK_FALSE(verify_password("not a hash", "x"));
  CHECK_FALSE(verify_password(std::string(500, '$'), "x"));
  CHECK(password_needs_rehash("not a hash"));
  // An argon2id hash of "abc" at lower costs than the server's (8 MiB, one pass), made with
  // libsodium's crypto_pwhash_str_alg: still valid, but to be replaced at the next log-in.
  const std::string weak =
      "$argon2id$v=19$m=8192,t=1,p=1$uL/jcbMAxIbiaVOCc8M+Zg$"
      "QdmAcKfcaao5KVVa0TcTSkYOn8tdLXZdmGwfO292wRA";
  CHECK(verify_password(weak, "abc"));
  CHECK_FALSE(verify_password(weak, "abd"));
  CHECK(password_needs_rehash(weak));
}

}  // namespace secrets_test
