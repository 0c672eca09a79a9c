#include "server/accounts/accounts.hpp"

#include <cctype>

#include "server/util/secrets.hpp"

namespace warpath::server::accounts {

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string cookie_attributes(bool secure) {
  return std::string("; Path=/; HttpOnly; SameSite=Lax") + (secure ? "; Secure" : "");
}

}  // namespace

std::optional<std::string> name_problem(std::string_view name) {
  if (name.size() < 3 || name.size() > 24) return "a name has 3 to 24 characters";
  if (!is_letter(name.front())) return "a name starts with a letter";
  for (char c : name)
    if (!is_letter(c) && !is_digit(c) && c != '_' && c != '-') return "a name has only letters, digits, '_' and '-'";
  return std::nullopt;
}

std::optional<std::string> email_problem(std::string_view email) {
  const std::string normal = storage::normalized_email(email);
  const auto at = normal.find('@');
  if (normal.size() > 254 || at == std::string::npos || at == 0 || at != normal.rfind('@') ||
      normal.find('.', at) == std::string::npos || normal.back() == '.')
    return "that is not an e-mail address";
  for (char c : normal)
    if (std::isspace(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) < 0x20)
      return "that is not an e-mail address";
  return std::nullopt;
}

std::optional<std::string> password_problem(std::string_view password, std::string_view name) {
  if (password.size() < min_password_bytes) return "a password has at least 10 characters";
  if (password.size() > max_password_bytes) return "a password has at most 1024 bytes";
  if (password == name) return "a password is not the account's name";
  return std::nullopt;
}

NewSession new_session(std::int64_t now) {
  NewSession s;
  s.id = new_token(32);
  s.id_hash = sha256_hex(s.id);
  s.csrf_token = new_token(16);
  s.created_at = now;
  s.expires_at = now + session_lifetime_seconds;
  return s;
}

std::optional<std::string> session_id_from(std::string_view cookie_header) {
  // RFC 6265 5.4: "name=value" pairs separated by "; ". Other sites' cookies on the same host may
  // hold any cookie-octet ('/', '=', ...), which a parameter-list parser would stop at.
  while (!cookie_header.empty()) {
    const auto end = cookie_header.find(';');
    std::string_view pair = cookie_header.substr(0, end);
    cookie_header = end == std::string_view::npos ? std::string_view() : cookie_header.substr(end + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    const auto equals = pair.find('=');
    if (equals == std::string_view::npos || pair.substr(0, equals) != session_cookie) continue;
    const std::string_view value = pair.substr(equals + 1);
    if (value.size() == 64 && value.find_first_not_of("0123456789abcdef") == std::string_view::npos)
      return std::string(value);
  }
  return std::nullopt;
}

std::string session_cookie_value(std::string_view id, bool secure) {
  return std::string(session_cookie) + "=" + std::string(id) + "; Max-Age=" + std::to_string(session_lifetime_seconds) +
         cookie_attributes(secure);
}

std::string cleared_session_cookie_value(bool secure) {
  return std::string(session_cookie) + "=; Max-Age=0" + cookie_attributes(secure);
}

bool needs_renewal(const storage::SessionRecord& session, std::int64_t now) {
  return session.expires_at - now < session_lifetime_seconds - session_renewal_seconds;
}

bool csrf_matches(const storage::SessionRecord& session, std::string_view token) {
  return !token.empty() && constant_time_equal(session.csrf_token, token);
}

}  // namespace warpath::server::accounts
