#include "server/storage/outbox_store.hpp"

#include <algorithm>
#include <tuple>

#include "server/util/secrets.hpp"

namespace warpath::server::storage {

namespace {

std::string insert(WriteContext& w, const char* kind, std::optional<std::int64_t> account, const std::string& recipient,
                   const std::string& subject, const std::string& body, std::int64_t now) {
  std::string key = new_token(16);
  auto q = w.db.prepare(
      "INSERT INTO outbox(kind, idempotency_key, account_id, recipient, subject, body, created_at, next_attempt_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  q.bind(1, kind).bind(2, key);
  if (account)
    q.bind(3, *account);
  else
    q.bind_null(3);
  q.bind(4, recipient).bind(5, subject).bind(6, body).bind(7, now).bind(8, now);
  q.run();
  return key;
}

// A message claim_due may take, with ?1 = now and ?2 = the node. The first three terms are the
// partial index outbox_due's, so the index serves it.
constexpr const char* claimable =
    "sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?1 "
    "AND (claimed_until IS NULL OR claimed_until <= ?1 OR claimed_by = ?2)";

}  // namespace

std::string enqueue_mail(WriteContext& w, const OutgoingMail& mail, std::int64_t now) {
  return insert(w, "mail", mail.account, mail.to, mail.subject, mail.text, now);
}

std::optional<std::string> enqueue_webhook(WriteContext& w, std::int64_t account, const std::string& content,
                                           nlohmann::json event, std::int64_t now) {
  auto hook = w.db.prepare("SELECT url FROM webhooks WHERE account_id = ? AND paused_at IS NULL");
  hook.bind(1, account);
  if (!hook.step()) return std::nullopt;
  event["content"] = content;
  return insert(w, "webhook", account, hook.column_text(0), "", event.dump(), now);
}

std::vector<OutboxMessage> claim_due(WriteContext& w, const std::string& node, std::int64_t now, std::int64_t until,
                                     std::size_t limit) {
  // One statement: pick the rows, then claim them. The pick is materialized so that it runs once;
  // on PostgreSQL it locks what it picks and skips rows another node's claim has locked (FOR
  // UPDATE re-reads a row that changed since the statement began and drops it when it is no
  // longer claimable), so two concurrent claims never take the same row. SQLite has one writer at
  // a time and no such clause. The one place where the dialects differ.
  const char* lock = w.db.dialect() == Dialect::postgresql ? " FOR UPDATE SKIP LOCKED" : "";
  auto q = w.db.prepare(std::string("WITH picked AS MATERIALIZED (SELECT id FROM outbox WHERE ") + claimable +
                        " ORDER BY next_attempt_at, id LIMIT ?4" + lock +
                        ") UPDATE outbox SET claimed_by = ?2, claimed_until = ?3 WHERE id IN (SELECT id FROM picked) "
                        "RETURNING id, kind, idempotency_key, account_id, recipient, subject, body, created_at, "
                        "attempts, next_attempt_at, claimed_until");
  q.bind(1, now).bind(2, node).bind(3, until).bind(4, static_cast<std::int64_t>(limit));
  std::vector<OutboxMessage> out;
  while (q.step()) {
    OutboxMessage m;
    m.id = q.column_int(0);
    m.kind = q.column_text(1);
    m.idempotency_key = q.column_text(2);
    if (!q.column_is_null(3)) m.account = q.column_int(3);
    m.recipient = q.column_text(4);
    m.subject = q.column_text(5);
    m.body = q.column_text(6);
    m.created_at = q.column_int(7);
    m.attempts = q.column_int(8);
    m.next_attempt_at = q.column_int(9);
    m.claimed_until = q.column_int(10);
    out.push_back(std::move(m));
  }
  // RETURNING comes in no particular order.
  std::sort(out.begin(), out.end(), [](const OutboxMessage& a, const OutboxMessage& b) {
    return std::tie(a.next_attempt_at, a.id) < std::tie(b.next_attempt_at, b.id);
  });
  return out;
}

OutboxStore::OutboxStore(const std::string& path) : db_(path) {}

bool OutboxStore::any_claimable(const std::string& node, std::int64_t now) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare(std::string("SELECT 1 FROM outbox WHERE ") + claimable + " LIMIT 1");
  q.bind(1, now).bind(2, node);
  return q.step();
}

std::optional<std::string> OutboxStore::webhook_url(std::int64_t account) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT url FROM webhooks WHERE account_id = ?");
  q.bind(1, account);
  if (!q.step()) return std::nullopt;
  return q.column_text(0);
}

bool OutboxStore::webhook_active(std::int64_t account, const std::string& url) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT 1 FROM webhooks WHERE account_id = ? AND url = ? AND paused_at IS NULL");
  q.bind(1, account).bind(2, url);
  return q.step();
}

std::int64_t OutboxStore::count_pending() {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL");
  q.step();
  return q.column_int(0);
}

CommitQueue::Work mark_sent(std::int64_t id, std::int64_t now) {
  return [id, now](WriteContext& w) {
    auto q = w.db.prepare(
        "UPDATE outbox SET sent_at = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ? AND sent_at IS NULL");
    q.bind(1, now).bind(2, id);
    q.run();
  };
}

CommitQueue::Work mark_attempt_failed(std::int64_t id, std::int64_t attempts, std::string error,
                                      std::int64_t next_attempt_at) {
  return [id, attempts, error = std::move(error), next_attempt_at](WriteContext& w) {
    auto q = w.db.prepare(
        "UPDATE outbox SET attempts = ?, last_error = ?, next_attempt_at = ?, claimed_by = NULL, claimed_until = NULL "
        "WHERE id = ? AND sent_at IS NULL");
    q.bind(1, attempts).bind(2, error).bind(3, next_attempt_at).bind(4, id);
    q.run();
  };
}

CommitQueue::Work mark_given_up(std::int64_t id, std::int64_t attempts, std::string error, std::int64_t now,
                                std::optional<OutgoingMail> notice) {
  return [id, attempts, error = std::move(error), now, notice = std::move(notice)](WriteContext& w) {
    auto row = w.db.prepare("SELECT kind, account_id, recipient FROM outbox WHERE id = ? AND sent_at IS NULL");
    row.bind(1, id);
    if (!row.step()) return;  // sent after all (by an earlier run that was not marked in time)
    const std::string kind = row.column_text(0);
    const std::optional<std::int64_t> account =
        row.column_is_null(1) ? std::nullopt : std::optional<std::int64_t>(row.column_int(1));
    const std::string recipient = row.column_text(2);
    auto q = w.db.prepare(
        "UPDATE outbox SET attempts = ?, last_error = ?, failed_at = ?, claimed_by = NULL, claimed_until = NULL "
        "WHERE id = ?");
    q.bind(1, attempts).bind(2, error).bind(3, now).bind(4, id);
    q.run();
    if (kind != "webhook" || !account) return;
    auto pause =
        w.db.prepare("UPDATE webhooks SET paused_at = ? WHERE account_id = ? AND url = ? AND paused_at IS NULL");
    pause.bind(1, now).bind(2, *account).bind(3, recipient);
    pause.run();
    // Only the message that paused the hook tells the owner: the others queued for it say nothing.
    if (w.db.changes() == 0 || !notice) return;
    auto email = w.db.prepare("SELECT email FROM accounts WHERE id = ? AND deleted_at IS NULL AND email IS NOT NULL");
    email.bind(1, *account);
    if (!email.step()) return;
    OutgoingMail mail = *notice;
    mail.account = account;
    mail.to = email.column_text(0);
    enqueue_mail(w, mail, now);
  };
}

CommitQueue::Work set_webhook(std::int64_t account, std::string url, std::int64_t now) {
  return [account, url = std::move(url), now](WriteContext& w) {
    auto q = w.db.prepare(
        "INSERT INTO webhooks(account_id, url, created_at, paused_at) VALUES (?, ?, ?, NULL) "
        "ON CONFLICT(account_id) DO UPDATE SET url = excluded.url, created_at = excluded.created_at, "
        "paused_at = NULL");
    q.bind(1, account).bind(2, url).bind(3, now);
    q.run();
  };
}

CommitQueue::Work delete_webhook(std::int64_t account) {
  return [account](WriteContext& w) {
    auto q = w.db.prepare("DELETE FROM webhooks WHERE account_id = ?");
    q.bind(1, account);
    q.run();
  };
}

}  // namespace warpath::server::storage
