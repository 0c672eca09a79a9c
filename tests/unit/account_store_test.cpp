// Accounts and sessions as stored (server/storage/account_store.hpp, schema/003_accounts.sql):
// unique names in any case and unique e-mail addresses, log-in by either, sessions found only by
// their hash and only until they expire, and a deleted account that keeps nothing personal.
#include <doctest/doctest.h>

#include <filesystem>
#include <future>

#include "server/storage/account_store.hpp"
#include "server/util/secrets.hpp"
#include "tests/support/temp_db.hpp"

namespace account_store_test {

using namespace warpath::server;
using namespace warpath::server::storage;
using warpath::test::commit_and_wait;
using warpath::test::TempDb;

namespace {

AccountCreation sign_up(CommitQueue& q, const std::string& name, const std::string& email) {
  auto result = std::make_shared<AccountCreation>();
  commit_and_wait(q, AccountStore::create_account({name, email, "$argon2id$stand-in"}, "2026-11-24T08:00:00Z", result));
  return *result;
}

}  // namespace

TEST_CASE("names are unique in any case, e-mail addresses in any case and spacing") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  AccountStore store(tmp.path());
  const auto montcalm = sign_up(q, "Montcalm", "Louis@Example.org");
  REQUIRE(montcalm.id > 0);
  CHECK(sign_up(q, "montcalm", "other@example.org").name_taken);
  CHECK(sign_up(q, "Wolfe", " louis@example.ORG ").email_taken);
  const auto wolfe = sign_up(q, "Wolfe", "james@example.org");
  CHECK(wolfe.id > montcalm.id);

  const auto by_name = store.account_by_login("MONTCALM");
  REQUIRE(by_name);
  CHECK(by_name->id == montcalm.id);
  CHECK(by_name->name == "Montcalm");            // shown as written
  CHECK(by_name->email == "louis@example.org");  // stored in lower case
  CHECK(store.account_by_login("Louis@EXAMPLE.org")->id == montcalm.id);
  CHECK_FALSE(store.account_by_login("nobody"));
  CHECK_FALSE(store.account(montcalm.id)->email_verified);
  commit_and_wait(q, AccountStore::set_email_verified(montcalm.id, "2026-11-24T08:05:00Z"));
  CHECK(store.account(montcalm.id)->email_verified);
}

TEST_CASE("a session is found by its id's hash until it expires, and log-outs end it") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  AccountStore store(tmp.path());
  const auto id = sign_up(q, "Montcalm", "louis@example.org").id;
  const std::string session_id = new_token(32);
  const std::string hash = sha256_hex(session_id);
  commit_and_wait(q, AccountStore::create_session(hash, id, new_token(16), 1000, 2000));

  CHECK_FALSE(store.session(session_id, 1500));  // the id itself is not what is stored
  const auto found = store.session(hash, 1500);
  REQUIRE(found);
  CHECK(found->account == id);
  CHECK(found->csrf_token.size() == 32);
  CHECK_FALSE(store.session(hash, 2000));  // expired

  commit_and_wait(q, AccountStore::renew_session(hash, 3000));
  CHECK(store.session(hash, 2500));
  commit_and_wait(q, AccountStore::renew_session(hash, 2200));  // renewal never shortens
  CHECK(store.session(hash, 2900));

  const std::string other = sha256_hex(new_token(32));
  commit_and_wait(q, AccountStore::create_session(other, id, new_token(16), 1000, 5000));
  CHECK(store.count_sessions(id) == 2);
  commit_and_wait(q, AccountStore::delete_session(hash));
  CHECK_FALSE(store.session(hash, 1500));
  CHECK(store.session(other, 1500));
  commit_and_wait(q, AccountStore::delete_sessions(id));  // log out everywhere
  CHECK(store.count_sessions(id) == 0);
}

TEST_CASE("a deleted account keeps its name on the record and nothing else") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  AccountStore store(tmp.path());
  const auto id = sign_up(q, "Montcalm", "louis@example.org").id;
  const std::string hash = sha256_hex(new_token(32));
  commit_and_wait(q, AccountStore::create_session(hash, id, new_token(16), 1000, 5000));
  commit_and_wait(q, AccountStore::set_password(id, "$argon2id$another"));
  CHECK(store.account(id)->password_hash == "$argon2id$another");

  commit_and_wait(q, AccountStore::delete_account(id, "2026-11-24T09:00:00Z"));
  const auto gone = store.account(id);
  REQUIRE(gone);
  CHECK(gone->deleted);
  CHECK(gone->name == "Montcalm");
  CHECK_FALSE(gone->email);
  CHECK(gone->password_hash.empty());
  CHECK_FALSE(store.account_by_login("Montcalm"));
  CHECK_FALSE(store.session(hash, 1500));
  CHECK(store.count_sessions(id) == 0);
  // The e-mail address is free again; the name stays taken, as the games still show it.
  CHECK(sign_up(q, "Levis", "louis@example.org").id > 0);
  CHECK(sign_up(q, "montcalm", "new@example.org").name_taken);
}

}  // namespace account_store_test
