#pragma once
// The outbox's sender: one thread that delivers the messages the database holds (mails through
// an SMTP relay, or as .eml files when there is none; webhook calls as HTTP POSTs) and records
// each outcome through the commit queue: sent, or a failed attempt and when to try again
// (server/mail/retry_schedule.hpp), or, once the retries are spent, given up (with a paused
// webhook and a mail to its owner). A message is marked only after it was delivered, and the
// next one waits for that mark to be durable: delivery is at least once, and a crash (kill -9)
// repeats at most the one message in flight. On start it takes up whatever was left unsent.
// Several nodes may share one database: each round the sender claims a batch of due messages for
// its node (storage::claim_due, through the commit queue) and delivers only those, so each message
// goes out through one node. A claim lasts `claim_for`; a message is begun only while its claim has
// time left for the slowest delivery, else the batch ends and the rest is claimed again. A node
// that dies holding claims leaves those messages to the others once the claims expire (to itself at
// once when it restarts under the same node id); one it had delivered but not yet marked goes out
// again then, under the same idempotency key (the mail's Message-ID, the webhook's
// Idempotency-Key), so the receiver can tell the repeat.
// On each round it also turns the daily digests that are due into mails (storage::send_digest:
// the items and their mail change in one transaction, so each digest is queued exactly once).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "server/mail/curl_delivery.hpp"
#include "server/mail/mail_format.hpp"
#include "server/mail/retry_schedule.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/storage/notification_store.hpp"
#include "server/storage/outbox_store.hpp"
#include "server/util/metrics.hpp"

namespace warpath::server::mail {

struct OutboxSettings {
  SmtpRelay relay;  // url empty: no relay, mails go to mail_dir
  std::string mail_from = "Warpath <warpath@localhost>";
  std::filesystem::path mail_dir = "var/mail";  // .eml files when there is no relay
  RetrySchedule retry;
  std::chrono::milliseconds poll_every{1000};  // also woken by wake()
  std::chrono::seconds webhook_timeout{10};
  // This node's name in the claims; different for each node sharing the database.
  std::string node_id = "local";
  // How long a claim holds: longer than the slowest delivery (smtp_timeout, webhook_timeout) and
  // its outcome's commit. Another node takes up a dead node's messages after this.
  std::chrono::seconds claim_for{120};
};

class OutboxSender {
 public:
  // Throws std::invalid_argument for a mail_from that is not an address, an empty node_id or a
  // claim_for that leaves no time for one delivery.
  OutboxSender(const std::string& db_path, storage::CommitQueue& commits, OutboxSettings settings, Metrics& metrics);
  ~OutboxSender();
  OutboxSender(const OutboxSender&) = delete;
  OutboxSender& operator=(const OutboxSender&) = delete;

  // Several nodes: how to tell the other nodes' senders that messages were queued (before start()).
  void tell_others_with(std::function<void()> tell) { tell_others_ = std::move(tell); }
  void start();
  // Work that queued messages was committed: this sender looks now rather than at the next poll,
  // and so do the other nodes' (tell_others_with). Any thread, any time.
  void queued();
  // Look now rather than at the next poll (this node's sender only). Any thread, any time.
  void wake();
  // Abandons a delivery in progress (it is tried again on the next start) and joins the thread.
  // Call it before the commit queue stops.
  void stop();

 private:
  void run();
  // Delivers one message and waits until its outcome is committed; false when that failed or
  // the sender is stopping (the caller then waits before polling again).
  bool process(const storage::OutboxMessage& message);
  // Claims the due messages for this node; empty when none are due or the claim failed (`failed`).
  std::vector<storage::OutboxMessage> claim(bool& failed);
  // Queues the digests due now; false when that failed (the caller waits before polling again).
  bool queue_due_digests();
  DeliveryOutcome deliver(const storage::OutboxMessage& message);
  // Submits `work` and waits until it is committed; false (and a log line saying `what` failed)
  // when it was not.
  bool commit(storage::CommitQueue::Work work,
              const char* what = "recording an outcome failed (the message will be delivered again)");
  bool stopping() const;

  storage::CommitQueue& commits_;
  OutboxSettings settings_;
  Mailbox from_;
  Metrics& metrics_;
  std::chrono::seconds deliver_within_;  // the longest one delivery and its outcome's commit may take
  storage::OutboxStore store_;
  storage::NotificationStore notifications_;
  CurlClient curl_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool woken_ = false;
  std::atomic<bool> stopping_{false};
  std::function<void()> tell_others_;
  std::thread thread_;
};

}  // namespace warpath::server::mail
