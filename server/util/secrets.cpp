#include "server/util/secrets.hpp"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace warpath::server {
namespace {

// libsodium must be initialised once before use; sodium_init() is safe to call from any thread
// and again (it returns 1 when already done).
void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not be initialised");
}

std::string hex(const unsigned char* data, std::size_t size) {
  std::string out(size * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, size);
  out.pop_back();  // the terminating NUL
  return out;
}

constexpr auto password_ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
constexpr auto password_memory = crypto_pwhash_MEMLIMIT_INTERACTIVE;

}  // namespace

std::string new_token(std::size_t bytes) {
  ensure_sodium();
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  return hex(reinterpret_cast<const unsigned char*>(raw.data()), raw.size());
}

std::uint32_t random_below(std::uint32_t bound) {
  ensure_sodium();
  return randombytes_uniform(bound);
}

std::uint64_t new_game_seed() {
  ensure_sodium();
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed & ((std::uint64_t{1} << 53) - 1);
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  ensure_sodium();
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string sha256_hex(std::string_view data) {
  ensure_sodium();
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(data.data()), data.size());
  return hex(digest.data(), digest.size());
}

std::string hash_password(std::string_view password) {
  ensure_sodium();
  std::array<char, crypto_pwhash_STRBYTES> out{};
  if (crypto_pwhash_str_alg(out.data(), password.data(), password.size(), password_ops, password_memory,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("not enough memory to hash a password");
  return out.data();
}

bool verify_password(std::string_view hash, std::string_view password) {
  ensure_sodium();
  // libsodium reads a NUL-terminated string of at most crypto_pwhash_STRBYTES - 1 characters.
  if (hash.size() >= crypto_pwhash_STRBYTES) return false;
  const std::string terminated(hash);
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

bool password_needs_rehash(std::string_view hash) {
  ensure_sodium();
  if (hash.size() >= crypto_pwhash_STRBYTES) return true;
  const std::string terminated(hash);
  return crypto_pwhash_str_needs_rehash(terminated.c_str(), password_ops, password_memory) != 0;
}

}  // namespace warpath::server
