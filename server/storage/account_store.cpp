#include "server/storage/account_store.hpp"

#include <cctype>

namespace warpath::server::storage {

namespace {

constexpr const char* account_columns =
    "id, name, email, password_hash, email_verified_at IS NOT NULL, created_at, deleted_at IS NOT NULL";

AccountRecord read_account(const Statement& row) {
  AccountRecord a;
  a.id = row.column_int(0);
  a.name = row.column_text(1);
  if (!row.column_is_null(2)) a.email = row.column_text(2);
  a.password_hash = row.column_text(3);
  a.email_verified = row.column_int(4) != 0;
  a.created_at = row.column_text(5);
  a.deleted = row.column_int(6) != 0;
  return a;
}

}  // namespace

std::string normalized_email(std::string_view email) {
  while (!email.empty() && std::isspace(static_cast<unsigned char>(email.front()))) email.remove_prefix(1);
  while (!email.empty() && std::isspace(static_cast<unsigned char>(email.back()))) email.remove_suffix(1);
  std::string out(email);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

AccountStore::AccountStore(const std::string& path) : db_(path) {}

std::optional<AccountRecord> AccountStore::account(AccountId id) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string("SELECT ") + account_columns + " FROM accounts WHERE id = ?");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_account(q);
}

std::optional<AccountRecord> AccountStore::account_by_login(std::string_view login) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string("SELECT ") + account_columns +
                       " FROM accounts WHERE deleted_at IS NULL AND (name = ?1 OR email = ?2)");
  q.bind(1, login).bind(2, normalized_email(login));
  if (!q.step()) return std::nullopt;
  return read_account(q);
}

std::optional<SessionRecord> AccountStore::session(std::string_view id_hash, std::int64_t now) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(
      "SELECT s.account_id, s.csrf_token, s.created_at, s.expires_at FROM sessions s "
      "JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = ? AND s.expires_at > ? AND a.deleted_at IS NULL");
  q.bind(1, id_hash).bind(2, now);
  if (!q.step()) return std::nullopt;
  return SessionRecord{std::string(id_hash), q.column_int(0), q.column_text(1), q.column_int(2), q.column_int(3)};
}

std::int64_t AccountStore::count_sessions(AccountId account) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT COUNT(*) FROM sessions WHERE account_id = ?");
  q.bind(1, account);
  q.step();
  return q.column_int(0);
}

CommitQueue::Work AccountStore::create_account(NewAccount account, std::string created_at,
                                               std::shared_ptr<AccountCreation> result) {
  return [account = std::move(account), created_at = std::move(created_at), result](WriteContext& w) {
    const std::string email = normalized_email(account.email);
    *result = {};
    auto taken = w.db.prepare(
        "SELECT EXISTS(SELECT 1 FROM accounts WHERE name = ?), "
        "EXISTS(SELECT 1 FROM accounts WHERE email = ?)");
    taken.bind(1, account.name).bind(2, email);
    taken.step();
    result->name_taken = taken.column_int(0) != 0;
    result->email_taken = taken.column_int(1) != 0;
    if (result->name_taken || result->email_taken) return;
    auto insert = w.db.prepare("INSERT INTO accounts(name, email, password_hash, created_at) VALUES (?, ?, ?, ?)");
    insert.bind(1, account.name).bind(2, email).bind(3, account.password_hash).bind(4, created_at);
    insert.run();
    result->id = w.db.last_insert_id();
  };
}

CommitQueue::Work AccountStore::create_session(std::string id_hash, AccountId account, std::string csrf_token,
                                               std::int64_t now, std::int64_t expires_at) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare(
        "INSERT INTO sessions(id_hash, account_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)");
    q.bind(1, id_hash).bind(2, account).bind(3, csrf_token).bind(4, now).bind(5, expires_at);
    q.run();
  };
}

CommitQueue::Work AccountStore::renew_session(std::string id_hash, std::int64_t expires_at) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare("UPDATE sessions SET expires_at = MAX(expires_at, ?) WHERE id_hash = ?");
    q.bind(1, expires_at).bind(2, id_hash);
    q.run();
  };
}

CommitQueue::Work AccountStore::delete_session(std::string id_hash) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare("DELETE FROM sessions WHERE id_hash = ?");
    q.bind(1, id_hash);
    q.run();
  };
}

CommitQueue::Work AccountStore::delete_sessions(AccountId account) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare("DELETE FROM sessions WHERE account_id = ?");
    q.bind(1, account);
    q.run();
  };
}

CommitQueue::Work AccountStore::set_password(AccountId account, std::string password_hash) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare("UPDATE accounts SET password_hash = ? WHERE id = ? AND deleted_at IS NULL");
    q.bind(1, password_hash).bind(2, account);
    q.run();
  };
}

CommitQueue::Work AccountStore::set_email_verified(AccountId account, std::string at) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare("UPDATE accounts SET email_verified_at = ? WHERE id = ? AND deleted_at IS NULL");
    q.bind(1, at).bind(2, account);
    q.run();
  };
}

CommitQueue::Work AccountStore::delete_account(AccountId account, std::string at) {
  return [=](WriteContext& w) {
    auto sessions = w.db.prepare("DELETE FROM sessions WHERE account_id = ?");
    sessions.bind(1, account);
    sessions.run();
    auto q = w.db.prepare(
        "UPDATE accounts SET email = NULL, password_hash = NULL, email_verified_at = NULL, deleted_at = ? "
        "WHERE id = ? AND deleted_at IS NULL");
    q.bind(1, at).bind(2, account);
    q.run();
  };
}

}  // namespace warpath::server::storage
