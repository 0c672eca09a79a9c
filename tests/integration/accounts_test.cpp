// Accounts over HTTP against the real server: sign up, the session cookie and its CSRF
// token, log out here and everywhere, log in, refusals (taken names, wrong passwords, foreign
// origins, missing CSRF tokens, rate limits with retry_after), and no password in the database
// or the server's log.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "server/storage/database.hpp"
#include "tests/integration/harness.hpp"

namespace accounts_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

// The cookie pair ("warpath_session=...") a Set-Cookie header sets, or "" for none.
std::string cookie_of(const HttpResponse& res) {
  const auto it = res.headers.find("set-cookie");
  if (it == res.headers.end()) return {};
  return it->second.substr(0, it->second.find(';'));
}

HttpResponse send(HttpClient& http, const std::string& method, const std::string& target, const json& body,
                  const HeaderMap& headers = {}) {
  return http.request_raw(method, target, body.is_null() ? std::string() : body.dump(), "application/json", {},
                          headers);
}

}  // namespace

TEST_CASE("accounts: sign up, use the session, log out, log in again") {
  Harness h;
  auto http = h.http();
  const std::string password = "a quiet Tuesday at Ticonderoga";
  auto made = send(http, "POST", "/api/accounts",
                   {{"name", "Montcalm"}, {"email", "Louis@Example.org"}, {"password", password}});
  REQUIRE(made.status == 201);
  CHECK(made.body["account"]["name"] == "Montcalm");
  CHECK(made.body["account"]["email"] == "louis@example.org");
  const std::string set_cookie = made.headers.at("set-cookie");
  CHECK(set_cookie.find("HttpOnly") != std::string::npos);
  CHECK(set_cookie.find("SameSite=Lax") != std::string::npos);
  const std::string cookie = cookie_of(made);
  const std::string csrf = made.body["csrf_token"];

  auto me = send(http, "GET", "/api/session", nullptr, {{"Cookie", cookie}});
  REQUIRE(me.status == 200);
  CHECK(me.body["account"]["name"] == "Montcalm");
  CHECK(me.body["csrf_token"] == csrf);
  CHECK(send(http, "GET", "/api/session", nullptr).status == 401);

  // The same name in another case, the same address: refused.
  CHECK(send(http, "POST", "/api/accounts", {{"name", "montcalm"}, {"email", "x@example.org"}, {"password", password}})
            .body["error"]["code"] == "name_taken");
  CHECK(send(http, "POST", "/api/accounts", {{"name", "Levis"}, {"email", "louis@example.org"}, {"password", password}})
            .body["error"]["code"] == "email_taken");
  CHECK(send(http, "POST", "/api/accounts", {{"name", "Levis"}, {"email", "levis@example.org"}, {"password", "short"}})
            .status == 400);

  // Log-out needs the session's CSRF token.
  auto no_token = send(http, "DELETE", "/api/session", nullptr, {{"Cookie", cookie}});
  CHECK(no_token.status == 403);
  CHECK(no_token.body["error"]["code"] == "csrf_failed");
  CHECK(send(http, "DELETE", "/api/session", nullptr, {{"Cookie", cookie}, {"X-CSRF-Token", std::string(32, '0')}})
            .status == 403);
  auto out = send(http, "DELETE", "/api/session", nullptr, {{"Cookie", cookie}, {"X-CSRF-Token", csrf}});
  CHECK(out.status == 200);
  CHECK(out.headers.at("set-cookie").find("Max-Age=0") != std::string::npos);
  CHECK(send(http, "GET", "/api/session", nullptr, {{"Cookie", cookie}}).status == 401);

  // Log in by name in any case or by address; a wrong password and an unknown name alike.
  auto wrong = send(http, "POST", "/api/session", {{"login", "Montcalm"}, {"password", "not the password"}});
  CHECK(wrong.status == 401);
  CHECK(wrong.body["error"]["code"] == "bad_credentials");
  CHECK(send(http, "POST", "/api/session", {{"login", "Nobody"}, {"password", password}}).body["error"]["code"] ==
        "bad_credentials");
  auto again = send(http, "POST", "/api/session", {{"login", "MONTCALM"}, {"password", password}});
  REQUIRE(again.status == 200);
  auto by_mail = send(http, "POST", "/api/session", {{"login", "louis@example.org"}, {"password", password}});
  REQUIRE(by_mail.status == 200);
  CHECK(cookie_of(again) != cookie_of(by_mail));
  CHECK(cookie_of(again) != cookie);

  // Log out everywhere ends both sessions.
  auto everywhere = send(http, "DELETE", "/api/sessions", nullptr,
                         {{"Cookie", cookie_of(again)}, {"X-CSRF-Token", again.body["csrf_token"].get<std::string>()}});
  CHECK(everywhere.status == 200);
  CHECK(send(http, "GET", "/api/session", nullptr, {{"Cookie", cookie_of(again)}}).status == 401);
  CHECK(send(http, "GET", "/api/session", nullptr, {{"Cookie", cookie_of(by_mail)}}).status == 401);

  // The password is in neither the database nor the log. A PostgreSQL database is no file in
  // the directory: a dump of it is.
  h.server().stop();
  if (warpath::server::storage::is_postgresql_location(h.server().db_location())) {
    const auto dump = h.server().temp_dir() / "database.sql";
    const std::string command = "pg_dump --dbname='" + h.server().db_location() + "' --file='" + dump.string() + "'";
    REQUIRE(std::system(command.c_str()) == 0);
    REQUIRE(std::filesystem::file_size(dump) > 0);
  }
  for (const auto& file : std::filesystem::directory_iterator(h.server().temp_dir()))
    if (file.is_regular_file()) CHECK_MESSAGE(file_text(file.path()).find(password) == std::string::npos, file.path());
}

TEST_CASE("accounts: a page of another origin may not sign up or log in; log-in attempts are rate limited") {
  Harness h;
  auto http = h.http();
  auto foreign = send(http, "POST", "/api/accounts",
                      {{"name", "Wolfe"}, {"email", "james@example.org"}, {"password", "Plains of Abraham"}},
                      {{"Origin", "https://evil.example"}});
  CHECK(foreign.status == 403);
  CHECK(foreign.body["error"]["code"] == "csrf_failed");
  REQUIRE(send(http, "POST", "/api/accounts",
               {{"name", "Wolfe"}, {"email", "james@example.org"}, {"password", "Plains of Abraham"}})
              .status == 201);
  CHECK(send(http, "POST", "/api/session", {{"login", "Wolfe"}, {"password", "Plains of Abraham"}},
             {{"Origin", "https://evil.example"}})
            .status == 403);

  // Five attempts a minute for one account: the sixth is refused with the time to wait.
  int refused = 0;
  json last;
  for (int i = 0; i < 8; ++i) {
    auto res =
        send(http, "POST", "/api/session", {{"login", "wolfe"}, {"password", "guess number " + std::to_string(i)}});
    if (res.status == 429) {
      ++refused;
      last = res.body;
      CHECK(res.headers.count("retry-after") == 1);
    } else {
      CHECK(res.status == 401);
    }
  }
  CHECK(refused >= 2);
  CHECK(last["error"]["code"] == "rate_limited");
  CHECK(last["error"]["retry_after"].get<int>() >= 1);
  // The right password is refused too while the limit holds: guessing cannot go around it.
  CHECK(send(http, "POST", "/api/session", {{"login", "Wolfe"}, {"password", "Plains of Abraham"}}).status == 429);
}

namespace {

// The token of the newest link of `kind` ("verify", "reset") mailed to `to`, once the outbox has
// written its .eml (no relay is configured in tests: mails are files beside the database).
std::string mailed_token(Harness& h, const std::string& to, const std::string& kind, std::size_t skip = 0) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::vector<std::string> found;
    for (const auto& plain : mails_to(h, to)) {
      const auto at = plain.find("#" + kind + "=");
      if (at == std::string::npos) continue;
      const auto start = at + kind.size() + 2;
      const auto end = plain.find_first_not_of("0123456789abcdef", start);
      found.push_back(plain.substr(start, end - start));
    }
    if (found.size() > skip) return found[skip];
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  FAIL("no " << kind << " link was mailed to " << to);
  return {};
}

}  // namespace

TEST_CASE("accounts: the mailed verification link confirms the address once") {
  Harness h;
  auto http = h.http();
  auto made = send(http, "POST", "/api/accounts",
                   {{"name", "Bougainville"}, {"email", "louis-antoine@example.org"}, {"password", "a long password"}});
  REQUIRE(made.status == 201);
  CHECK(made.body["account"]["email_verified"] == false);
  const std::string token = mailed_token(h, "louis-antoine@example.org", "verify");
  CHECK(token.size() == 64);
  auto bad = send(http, "POST", "/api/account/verify", {{"token", std::string(64, 'a')}});
  CHECK(bad.status == 400);
  CHECK(bad.body["error"]["code"] == "bad_link");
  auto verified = send(http, "POST", "/api/account/verify", {{"token", token}});
  REQUIRE(verified.status == 200);
  CHECK(verified.body["account"]["email_verified"] == true);
  // Single use.
  CHECK(send(http, "POST", "/api/account/verify", {{"token", token}}).body["error"]["code"] == "bad_link");
  // Not from another site's page.
  CHECK(send(http, "POST", "/api/account/verify", {{"token", token}}, {{"Origin", "https://evil.example"}}).status ==
        403);
}

TEST_CASE("accounts: password reset by a mailed one-time link ends every session; no one learns who has an account") {
  Harness h;
  auto http = h.http();
  const std::string old_password = "the first password", new_password = "the second password";
  auto made = send(http, "POST", "/api/accounts",
                   {{"name", "Amherst"}, {"email", "jeffery@example.org"}, {"password", old_password}});
  REQUIRE(made.status == 201);
  const std::string cookie = cookie_of(made);

  auto unknown = send(http, "POST", "/api/password-reset", {{"login", "nobody@example.org"}});
  auto known = send(http, "POST", "/api/password-reset", {{"login", "Amherst"}});
  CHECK(unknown.status == 202);
  CHECK(known.status == 202);
  CHECK(unknown.body == known.body);
  const std::string token = mailed_token(h, "jeffery@example.org", "reset");

  CHECK(send(http, "POST", "/api/password-reset/complete", {{"token", token}, {"password", "short"}}).status == 400);
  auto done = send(http, "POST", "/api/password-reset/complete", {{"token", token}, {"password", new_password}});
  REQUIRE(done.status == 200);
  CHECK(send(http, "GET", "/api/session", nullptr, {{"Cookie", cookie}}).status == 401);
  CHECK(send(http, "POST", "/api/session", {{"login", "Amherst"}, {"password", old_password}}).status == 401);
  CHECK(send(http, "POST", "/api/session", {{"login", "Amherst"}, {"password", new_password}}).status == 200);
  // Single use.
  auto again = send(http, "POST", "/api/password-reset/complete", {{"token", token}, {"password", "a third password"}});
  CHECK(again.body["error"]["code"] == "bad_link");
  // Asking too often for one account is refused for a while.
  int refused = 0;
  for (int i = 0; i < 4; ++i)
    refused += send(http, "POST", "/api/password-reset", {{"login", "amherst"}}).status == 429 ? 1 : 0;
  CHECK(refused >= 1);
}

TEST_CASE("accounts: change the address and the password, then delete the account") {
  Harness h;
  auto http = h.http();
  const std::string password = "Fort William Henry";
  auto made =
      send(http, "POST", "/api/accounts", {{"name", "Munro"}, {"email", "george@example.org"}, {"password", password}});
  REQUIRE(made.status == 201);
  const HeaderMap me{{"Cookie", cookie_of(made)}, {"X-CSRF-Token", made.body["csrf_token"].get<std::string>()}};
  auto other = send(http, "POST", "/api/session", {{"login", "Munro"}, {"password", password}});
  REQUIRE(other.status == 200);
  REQUIRE(send(http, "POST", "/api/accounts",
               {{"name", "Webb"}, {"email", "daniel@example.org"}, {"password", "another password"}})
              .status == 201);

  CHECK(send(http, "PATCH", "/api/account", {{"password", "wrong"}, {"new_email", "g@example.org"}}, me).status == 401);
  CHECK(send(http, "PATCH", "/api/account", {{"password", password}, {"new_email", "daniel@example.org"}}, me)
            .body["error"]["code"] == "email_taken");
  auto moved = send(http, "PATCH", "/api/account", {{"password", password}, {"new_email", "G@example.org"}}, me);
  REQUIRE(moved.status == 200);
  CHECK(moved.body["account"]["email"] == "g@example.org");
  CHECK(moved.body["account"]["email_verified"] == false);
  const std::string token = mailed_token(h, "g@example.org", "verify");
  CHECK(send(http, "POST", "/api/account/verify", {{"token", token}}).body["account"]["email_verified"] == true);

  // A new password ends the other sessions, not this one.
  const std::string changed = "Fort Edward is near";
  REQUIRE(send(http, "PATCH", "/api/account", {{"password", password}, {"new_password", changed}}, me).status == 200);
  CHECK(send(http, "GET", "/api/session", nullptr, {{"Cookie", cookie_of(other)}}).status == 401);
  CHECK(send(http, "GET", "/api/session", nullptr, me).status == 200);

  // Deleting needs the password; afterwards the name no longer logs in.
  CHECK(send(http, "DELETE", "/api/account", {{"password", password}}, me).status == 401);
  auto gone = send(http, "DELETE", "/api/account", {{"password", changed}}, me);
  CHECK(gone.status == 200);
  CHECK(send(http, "GET", "/api/session", nullptr, me).status == 401);
  CHECK(send(http, "POST", "/api/session", {{"login", "Munro"}, {"password", changed}}).status == 401);
}

TEST_CASE("accounts: a session id the server did not issue is worthless (no session fixation)") {
  Harness h;
  auto http = h.http();
  const std::string planted = "warpath_session=" + std::string(64, 'f');
  CHECK(send(http, "GET", "/api/session", nullptr, {{"Cookie", planted}}).status == 401);
  REQUIRE(send(http, "POST", "/api/accounts",
               {{"name", "Dieskau"}, {"email", "jean@example.org"}, {"password", "Lake George 1755"}})
              .status == 201);
  // Logging in with a planted cookie gets a new id; the planted one stays worthless.
  auto in = send(http, "POST", "/api/session", {{"login", "Dieskau"}, {"password", "Lake George 1755"}},
                 {{"Cookie", planted}});
  REQUIRE(in.status == 200);
  CHECK(cookie_of(in) != planted);
  CHECK(send(http, "GET", "/api/session", nullptr, {{"Cookie", planted}}).status == 401);
}

}  // namespace accounts_test
