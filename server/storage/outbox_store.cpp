#include "server/storage/outbox_store.hpp"

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

}  // namespace warpath::server::storage
