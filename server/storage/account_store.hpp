#pragma once
// Accounts and log-in sessions as stored (schema/003_accounts.sql): the reads the API needs, on
// their own connection, and the writes as work for the commit queue (the only writer). Secrets
// arrive here already hashed (server/util/secrets.hpp); this layer never sees a password or a
// session id. Policy (who may sign up, how long a session lives) is the caller's.

#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/storage/outbox_store.hpp"

namespace warpath::server::storage {

using AccountId = std::int64_t;

struct AccountRecord {
  AccountId id = 0;
  std::string name;
  std::optional<std::string> email;  // none once deleted
  std::string password_hash;         // empty once deleted
  bool email_verified = false;
  std::string created_at;
  bool deleted = false;
  std::optional<std::string> webhook;  // the URL notifications are posted to, if any
  bool webhook_paused = false;         // it failed for the whole retry period
  bool organiser = false;              // may create tournaments (schema/013_tournaments.sql)
};

struct NewAccount {
  std::string name;
  std::string email;  // as given; stored in lower case
  std::string password_hash;
};

// What creating an account came to: its id, or which unique field was already taken.
struct AccountCreation {
  AccountId id = 0;
  bool name_taken = false;
  bool email_taken = false;
};

struct SessionRecord {
  std::string id_hash;  // SHA-256 of the session id
  AccountId account = 0;
  std::string csrf_token;
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
};

// A one-time link (e-mail verification, password reset), stored as its token's hash.
enum class LinkPurpose { verify, reset };
const char* to_string(LinkPurpose purpose);

struct NewLink {
  std::string token_hash;
  AccountId account = 0;
  LinkPurpose purpose = LinkPurpose::verify;
  std::string email;  // the address the link is sent to (and, for verification, confirms)
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
};

// What using a link came to: the account it was for, or nothing (unknown, used or expired).
struct LinkUse {
  std::optional<AccountId> account;
};

// What changing an account's e-mail address came to.
struct EmailChange {
  bool email_taken = false;
};

class AccountStore {
 public:
  explicit AccountStore(const std::string& path);

  std::optional<AccountRecord> account(AccountId id);
  // The account's vacation allowance, vacations and time-off settings (clocks::time_off_json).
  nlohmann::json time_off(AccountId id, std::int64_t now_ms);
  // The live account whose name (in any case) or e-mail address is `login`.
  std::optional<AccountRecord> account_by_login(std::string_view login);
  // The session whose id hashes to `id_hash`, if it has not expired at `now` (Unix seconds) and
  // its account is live.
  std::optional<SessionRecord> session(std::string_view id_hash, std::int64_t now);
  std::int64_t count_sessions(AccountId account);

  // Work for the commit queue.
  static CommitQueue::Work create_account(NewAccount account, std::string created_at,
                                          std::shared_ptr<AccountCreation> result);
  static CommitQueue::Work create_session(std::string id_hash, AccountId account, std::string csrf_token,
                                          std::int64_t now, std::int64_t expires_at);
  static CommitQueue::Work renew_session(std::string id_hash, std::int64_t expires_at);
  static CommitQueue::Work delete_session(std::string id_hash);
  // Every session of the account ("log out everywhere"; a changed password).
  static CommitQueue::Work delete_sessions(AccountId account);
  static CommitQueue::Work set_password(AccountId account, std::string password_hash);
  static CommitQueue::Work set_email_verified(AccountId account, std::string at);
  // Every session of the account but the one whose id hashes to `keep_hash` (a new password).
  static CommitQueue::Work delete_other_sessions(AccountId account, std::string keep_hash);

  // One-time links. Creating one ends the account's earlier links of that purpose and queues its
  // mail in the same transaction.
  static CommitQueue::Work create_link(NewLink link, OutgoingMail mail);
  // Uses the link if it is live at `now`: a verification marks its address verified (if it is
  // still the account's); a reset sets `new_password_hash` and ends every session.
  static CommitQueue::Work use_link(std::string token_hash, LinkPurpose purpose, std::int64_t now,
                                    std::string new_password_hash, std::shared_ptr<LinkUse> result);
  // A new address, unverified until its link is used; with the link (and its mail) in the same
  // transaction.
  static CommitQueue::Work change_email(AccountId account, std::string email, NewLink link, OutgoingMail mail,
                                        std::shared_ptr<EmailChange> result);

  // Deletes what identifies the person (e-mail, password, sessions); the name stays on the games
  // played, shown as a deleted player.
  static CommitQueue::Work delete_account(AccountId account, std::string at);

 private:
  std::mutex mutex_;
  Connection db_;
};

// An e-mail address as stored and compared: lower case (ASCII), surrounding spaces removed.
std::string normalized_email(std::string_view email);

}  // namespace warpath::server::storage
