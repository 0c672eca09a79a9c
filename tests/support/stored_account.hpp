#pragma once
// For tests of the storage layer: an account stored through the commit queue (address
// name@example.org, confirmed unless `verified` is false, a stand-in password hash), its id.

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "server/storage/account_store.hpp"
#include "tests/support/temp_db.hpp"

namespace warpath::test {

inline server::storage::AccountId stored_account(server::storage::CommitQueue& q, const std::string& name,
                                                 bool verified = true) {
  auto result = std::make_shared<server::storage::AccountCreation>();
  commit_and_wait(q, server::storage::AccountStore::create_account({name, name + "@example.org", "$argon2id$stand-in"},
                                                                   "2026-11-24T08:00:00Z", result));
  REQUIRE(result->id > 0);
  if (verified)
    commit_and_wait(q, server::storage::AccountStore::set_email_verified(result->id, "2026-11-24T08:00:01Z"));
  return result->id;
}

}  // namespace warpath::test
