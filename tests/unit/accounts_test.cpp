// The account rules and sessions (server/accounts/accounts.hpp): names, addresses and passwords
// accepted and refused, session ids and their cookies, renewal and the CSRF check.
#include <doctest/doctest.h>

#include <string>

#include "server/accounts/accounts.hpp"
#include "server/util/secrets.hpp"

namespace accounts_test {

using namespace warpath::server;
using namespace warpath::server::accounts;

TEST_CASE("names: 3 to 24 letters, digits, '_' or '-', starting with a letter") {
  CHECK_FALSE(name_problem("Montcalm"));
  CHECK_FALSE(name_problem("Wolfe_1759"));
  CHECK_FALSE(name_problem("abc"));
  CHECK(name_problem("ab"));
  CHECK(name_problem(std::string(25, 'a')));
  CHECK(name_problem("1759Wolfe"));
  CHECK(name_problem("deleted player"));  // no spaces: a deleted account's label is never a name
  CHECK(name_problem("Montcalm!"));
  CHECK(name_problem("Montcalm\xC3\xA9"));
}

TEST_CASE("e-mail addresses: one '@', a dotted domain, no spaces inside") {
  CHECK_FALSE(email_problem("louis@example.org"));
  CHECK_FALSE(email_problem(" Louis@Example.org "));
  CHECK(email_problem("louis.example.org"));
  CHECK(email_problem("@example.org"));
  CHECK(email_problem("louis@localhost"));
  CHECK(email_problem("louis@example."));
  CHECK(email_problem("lou is@example.org"));
  CHECK(email_problem("a@b@example.org"));
}

TEST_CASE("passwords: 10 bytes to 1 KB, and not the name") {
  CHECK_FALSE(password_problem("correct horse", "Montcalm"));
  CHECK(password_problem("short", "Montcalm"));
  CHECK(password_problem(std::string(1025, 'x'), "Montcalm"));
  CHECK(password_problem("MontcalmXYZ", "MontcalmXYZ"));
}

TEST_CASE("a session's id goes to the cookie, its hash to the database") {
  const auto s = new_session(1000);
  CHECK(s.id.size() == 64);
  CHECK(s.id_hash == sha256_hex(s.id));
  CHECK(s.id_hash != s.id);
  CHECK(s.csrf_token.size() == 32);
  CHECK(s.expires_at == 1000 + session_lifetime_seconds);
  CHECK(new_session(1000).id != s.id);

  const std::string cookie = session_cookie_value(s.id, false);
  CHECK(cookie.rfind("warpath_session=" + s.id + ";", 0) == 0);
  CHECK(cookie.find("HttpOnly") != std::string::npos);
  CHECK(cookie.find("SameSite=Lax") != std::string::npos);
  CHECK(cookie.find("Secure") == std::string::npos);
  CHECK(session_cookie_value(s.id, true).find("; Secure") != std::string::npos);
  CHECK(cleared_session_cookie_value(false).find("Max-Age=0") != std::string::npos);
}

TEST_CASE("the session id is read from a Cookie header among other sites' cookies") {
  const std::string id = new_token(32);
  CHECK(session_id_from("warpath_session=" + id) == id);
  CHECK(session_id_from("_ga=GA1.1.2/x==; warpath_session=" + id + "; theme=dark") == id);
  CHECK_FALSE(session_id_from("theme=dark"));
  CHECK_FALSE(session_id_from("warpath_session=" + id.substr(1)));  // not an id we issue
  CHECK_FALSE(session_id_from("warpath_session=" + std::string(64, 'g')));
  CHECK_FALSE(session_id_from("xwarpath_session=" + id));
  CHECK_FALSE(session_id_from(""));
}

TEST_CASE("a session is renewed once a day at most, and the CSRF token must match") {
  warpath::server::storage::SessionRecord s{sha256_hex(new_token(32)), 1, new_token(16), 1000,
                                            1000 + session_lifetime_seconds};
  CHECK_FALSE(needs_renewal(s, 1000));
  CHECK_FALSE(needs_renewal(s, 1000 + session_renewal_seconds - 1));
  CHECK(needs_renewal(s, 1000 + session_renewal_seconds + 1));
  CHECK(csrf_matches(s, s.csrf_token));
  CHECK_FALSE(csrf_matches(s, ""));
  CHECK_FALSE(csrf_matches(s, new_token(16)));
  CHECK_FALSE(csrf_matches(s, s.csrf_token.substr(0, 31)));
}

}  // namespace accounts_test
