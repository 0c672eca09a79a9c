#pragma once
// The outbox as stored (schema/005_outbox.sql): messages are added inside the transaction of the
// event that causes them (a CommitQueue::Work calls enqueue_*), so that an event is never stored
// without its messages nor a message sent for an event that was not stored. Delivery is the
// sender's (server/mail/): it claims the due messages here (schema/016_outbox_claims.sql: several
// nodes may share the database, and each message goes out through one of them) and records each
// outcome (sent, a failed attempt, retries spent) as commit-queue work, which also ends the
// claim. An account's webhook is set and removed here too.

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"

namespace warpath::server::storage {

struct OutgoingMail {
  std::optional<std::int64_t> account;  // whom it is for, if it is for an account
  std::string to;                       // e-mail address
  std::string subject;
  std::string text;  // plain text body
};

// Both return the message's idempotency key (new, random). `now`: Unix seconds.
std::string enqueue_mail(WriteContext& w, const OutgoingMail& mail, std::int64_t now);
// An event for an account's webhook, if it has one that is not paused (else nothing is queued and
// the result is empty). The JSON posted is `event` plus a Discord/Slack-style `content` line.
std::optional<std::string> enqueue_webhook(WriteContext& w, std::int64_t account, const std::string& content,
                                           nlohmann::json event, std::int64_t now);

// One row of the outbox that is neither sent nor given up.
struct OutboxMessage {
  std::int64_t id = 0;
  std::string kind;  // "mail" or "webhook"
  std::string idempotency_key;
  std::optional<std::int64_t> account;
  std::string recipient;  // e-mail address or webhook URL
  std::string subject;
  std::string body;
  std::int64_t created_at = 0;
  std::int64_t attempts = 0;  // failed attempts so far
  std::int64_t next_attempt_at = 0;
  std::int64_t claimed_until = 0;  // as claimed by claim_due
};

// Claims the messages due at `now` (Unix seconds) for the sender of node `node` until `until`,
// the longest due first, at most `limit`, and returns them in that order. A message is taken when
// it is due, neither sent nor given up, and unclaimed, or its claim expired (`claimed_until` <=
// `now`), or it is `node`'s own (left by an earlier run of the same node, or a batch cut short).
// Node ids must differ between the nodes sharing a database. On PostgreSQL the rows are picked
// with FOR UPDATE SKIP LOCKED, so two nodes claiming at once take different messages; SQLite has
// one writer and needs no lock. Work for the commit queue: the claim holds once it is committed.
std::vector<OutboxMessage> claim_due(WriteContext& w, const std::string& node, std::int64_t now, std::int64_t until,
                                     std::size_t limit);

// The reads, on a connection of their own (safe from any thread).
class OutboxStore {
 public:
  explicit OutboxStore(const std::string& path);

  // Whether claim_due(node, now) would take anything: the idle sender's poll, which leaves the
  // commit queue alone while nothing is due.
  bool any_claimable(const std::string& node, std::int64_t now);
  // The URL of the account's webhook, paused or not; nullopt when it has none.
  std::optional<std::string> webhook_url(std::int64_t account);
  // Whether the account's webhook is `url` and not paused: a message for a hook that was since
  // changed, removed or paused is not posted.
  bool webhook_active(std::int64_t account, const std::string& url);
  // Rows not sent and not given up, for tests and the log.
  std::int64_t count_pending();

 private:
  std::mutex mutex_;
  Connection db_;
};

// Work for the commit queue: the outcome of one delivery attempt, which ends the message's claim.
// `now`: Unix seconds.
CommitQueue::Work mark_sent(std::int64_t id, std::int64_t now);
// A failed attempt: the attempts made so far, the error, and when to try again.
CommitQueue::Work mark_attempt_failed(std::int64_t id, std::int64_t attempts, std::string error,
                                      std::int64_t next_attempt_at);
// The retries are spent (or the failure is permanent, or the message is no longer to be sent):
// `failed_at` is set, with the error and the attempts made.
// For a webhook message, the account's hook is paused if it is still `recipient` and not yet
// paused, and, when the account has an e-mail address, `notice` is queued to it (its `to` and
// `account` are filled in here) in the same transaction.
CommitQueue::Work mark_given_up(std::int64_t id, std::int64_t attempts, std::string error, std::int64_t now,
                                std::optional<OutgoingMail> notice);

// An account's webhook: set (replacing and un-pausing any earlier one) or removed; messages
// already queued for a removed or changed hook are not posted.
CommitQueue::Work set_webhook(std::int64_t account, std::string url, std::int64_t now);
CommitQueue::Work delete_webhook(std::int64_t account);

}  // namespace warpath::server::storage
