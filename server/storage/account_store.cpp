#include "server/storage/account_store.hpp"

#include <cctype>

#include "server/clocks/clock_store.hpp"
#include "server/util/clock.hpp"

namespace warpath::server::storage {

namespace {

constexpr const char* account_columns =
    "id, name, email, password_hash, email_verified_at IS NOT NULL, created_at, deleted_at IS NOT NULL, "
    "(SELECT url FROM webhooks WHERE account_id = accounts.id), "
    "(SELECT paused_at IS NOT NULL FROM webhooks WHERE account_id = accounts.id), organiser";

AccountRecord read_account(const Statement& row) {
  AccountRecord a;
  a.id = row.column_int(0);
  a.name = row.column_text(1);
  if (!row.column_is_null(2)) a.email = row.column_text(2);
  a.password_hash = row.column_text(3);
  a.email_verified = row.column_int(4) != 0;
  a.created_at = row.column_text(5);
  a.deleted = row.column_int(6) != 0;
  if (!row.column_is_null(7)) a.webhook = row.column_text(7);
  a.webhook_paused = !row.column_is_null(8) && row.column_int(8) != 0;
  a.organiser = row.column_int(9) != 0;
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

nlohmann::json AccountStore::time_off(AccountId id, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  return clocks::time_off_json(db_, id, now_ms);
}

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
    auto q = w.db.prepare(
        "UPDATE sessions SET expires_at = CASE WHEN expires_at > ?1 THEN expires_at ELSE ?1 END WHERE id_hash = ?2");
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

const char* to_string(LinkPurpose purpose) { return purpose == LinkPurpose::verify ? "verify" : "reset"; }

CommitQueue::Work AccountStore::delete_other_sessions(AccountId account, std::string keep_hash) {
  return [=](WriteContext& w) {
    auto q = w.db.prepare("DELETE FROM sessions WHERE account_id = ? AND id_hash <> ?");
    q.bind(1, account).bind(2, keep_hash);
    q.run();
  };
}

namespace {

void insert_link(WriteContext& w, const NewLink& link, const OutgoingMail& mail) {
  auto retire =
      w.db.prepare("UPDATE account_links SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL");
  retire.bind(1, link.created_at).bind(2, link.account).bind(3, to_string(link.purpose));
  retire.run();
  auto q = w.db.prepare(
      "INSERT INTO account_links(token_hash, account_id, purpose, email, created_at, expires_at) "
      "VALUES (?, ?, ?, ?, ?, ?)");
  q.bind(1, link.token_hash)
      .bind(2, link.account)
      .bind(3, to_string(link.purpose))
      .bind(4, normalized_email(link.email))
      .bind(5, link.created_at)
      .bind(6, link.expires_at);
  q.run();
  enqueue_mail(w, mail, link.created_at);
}

}  // namespace

CommitQueue::Work AccountStore::create_link(NewLink link, OutgoingMail mail) {
  return [link = std::move(link), mail = std::move(mail)](WriteContext& w) { insert_link(w, link, mail); };
}

CommitQueue::Work AccountStore::use_link(std::string token_hash, LinkPurpose purpose, std::int64_t now,
                                         std::string new_password_hash, std::shared_ptr<LinkUse> result) {
  return [=](WriteContext& w) {
    *result = {};
    auto q = w.db.prepare(
        "SELECT l.account_id, l.email FROM account_links l JOIN accounts a ON a.id = l.account_id "
        "WHERE l.token_hash = ? AND l.purpose = ? AND l.used_at IS NULL AND l.expires_at > ? AND a.deleted_at IS NULL");
    q.bind(1, token_hash).bind(2, to_string(purpose)).bind(3, now);
    if (!q.step()) return;
    const AccountId account = q.column_int(0);
    const std::string email = q.column_text(1);
    auto used = w.db.prepare("UPDATE account_links SET used_at = ? WHERE token_hash = ?");
    used.bind(1, now).bind(2, token_hash);
    used.run();
    if (purpose == LinkPurpose::verify) {
      auto verify = w.db.prepare("UPDATE accounts SET email_verified_at = ? WHERE id = ? AND email = ?");
      verify.bind(1, unix_ms_to_iso8601(now * 1000)).bind(2, account).bind(3, email);
      verify.run();
    } else {
      auto password = w.db.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?");
      password.bind(1, new_password_hash).bind(2, account);
      password.run();
      auto sessions = w.db.prepare("DELETE FROM sessions WHERE account_id = ?");
      sessions.bind(1, account);
      sessions.run();
    }
    result->account = account;
  };
}

CommitQueue::Work AccountStore::change_email(AccountId account, std::string email, NewLink link, OutgoingMail mail,
                                             std::shared_ptr<EmailChange> result) {
  return [=](WriteContext& w) {
    *result = {};
    const std::string normalized = normalized_email(email);
    auto taken = w.db.prepare("SELECT EXISTS(SELECT 1 FROM accounts WHERE email = ? AND id <> ?)");
    taken.bind(1, normalized).bind(2, account);
    taken.step();
    if (taken.column_int(0) != 0) {
      result->email_taken = true;
      return;
    }
    auto q = w.db.prepare(
        "UPDATE accounts SET email = ?, email_verified_at = CASE WHEN email = ? THEN email_verified_at END "
        "WHERE id = ? AND deleted_at IS NULL");
    q.bind(1, normalized).bind(2, normalized).bind(3, account);
    q.run();
    insert_link(w, link, mail);
  };
}

CommitQueue::Work AccountStore::delete_account(AccountId account, std::string at) {
  return [=](WriteContext& w) {
    auto sessions = w.db.prepare("DELETE FROM sessions WHERE account_id = ?");
    sessions.bind(1, account);
    sessions.run();
    // Nothing waits on the account any more: its links, open listings, invitations, hook and mail.
    for (const char* sql :
         {"UPDATE account_links SET used_at = ?3 WHERE account_id = ?1 AND used_at IS NULL",
          "UPDATE listings SET status = 'cancelled', updated_at = ?2 WHERE owner_id = ?1 AND status = 'open'",
          "DELETE FROM listing_players WHERE account_id = ?1 AND listing_id IN "
          "(SELECT id FROM listings WHERE status = 'open')",
          "UPDATE listings SET invitee_id = NULL, updated_at = ?2 WHERE invitee_id = ?1 AND status = 'open'",
          "DELETE FROM webhooks WHERE account_id = ?1",
          "UPDATE outbox SET failed_at = ?3, last_error = 'account deleted' "
          "WHERE account_id = ?1 AND sent_at IS NULL AND failed_at IS NULL"}) {
      auto forget = w.db.prepare(sql);
      forget.bind(1, account);
      if (std::string_view(sql).find("?2") != std::string_view::npos) forget.bind(2, at);
      if (std::string_view(sql).find("?3") != std::string_view::npos) forget.bind(3, iso8601_to_unix_ms(at) / 1000);
      forget.run();
    }
    auto q = w.db.prepare(
        "UPDATE accounts SET email = NULL, password_hash = NULL, email_verified_at = NULL, deleted_at = ? "
        "WHERE id = ? AND deleted_at IS NULL");
    q.bind(1, at).bind(2, account);
    q.run();
  };
}

}  // namespace warpath::server::storage
