#pragma once
// The account rules: what a name, an e-mail address and a password must be, and
// log-in sessions: a 256-bit random id held only by the browser, in an HttpOnly SameSite=Lax
// cookie (Secure when the site is served over https), stored as its SHA-256; a session lives 30
// days after it was last used, renewed at most once a day; a CSRF token per session must come
// back with every state-changing request. Storage is storage/account_store.hpp; secrets and hashes
// are server/util/secrets.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/storage/account_store.hpp"

namespace warpath::server::accounts {

inline constexpr std::string_view session_cookie = "warpath_session";
inline constexpr std::int64_t session_lifetime_seconds = 30 * 24 * 3600;
inline constexpr std::int64_t session_renewal_seconds = 24 * 3600;  // renewed when older than this
inline constexpr std::size_t min_password_bytes = 10;
inline constexpr std::size_t max_password_bytes = 1024;  // argon2id takes any length; a request does not

// Why a name, an address or a password is refused, or nothing when it is accepted. A name is 3
// to 24 letters, digits, '_' or '-' and starts with a letter (shown as written, unique in any
// case); "deleted player" cannot be taken by accident.
std::optional<std::string> name_problem(std::string_view name);
std::optional<std::string> email_problem(std::string_view email);
std::optional<std::string> password_problem(std::string_view password, std::string_view name);

// A new session: the id for the cookie (never stored), what is stored, and when it expires.
struct NewSession {
  std::string id;
  std::string id_hash;
  std::string csrf_token;
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
};
NewSession new_session(std::int64_t now);

// The session id in a request's Cookie header, if it carries ours.
std::optional<std::string> session_id_from(std::string_view cookie_header);
// Set-Cookie values: the session's, and the one that removes it (log-out).
std::string session_cookie_value(std::string_view id, bool secure);
std::string cleared_session_cookie_value(bool secure);

// Whether a session used at `now` should have its expiry moved to now + lifetime.
bool needs_renewal(const storage::SessionRecord& session, std::int64_t now);
// Whether `token` (the request's X-CSRF-Token header) is the session's.
bool csrf_matches(const storage::SessionRecord& session, std::string_view token);

}  // namespace warpath::server::accounts
