#pragma once
// The outbox's sender: one thread that delivers the messages the database holds (mails through
// an SMTP relay, or as .eml files when there is none; webhook calls as HTTP POSTs) and records
// each outcome through the commit queue: sent, or a failed attempt and when to try again
// (server/mail/retry_schedule.hpp), or, once the retries are spent, given up (with a paused
// webhook and a mail to its owner). A message is marked only after it was delivered, and the
// next one waits for that mark to be durable: delivery is at least once, and a crash (kill -9)
// repeats at most the one message in flight. On start it takes up whatever was left unsent.
// On each round it also turns the daily digests that are due into mails (storage::send_digest:
// the items and their mail change in one transaction, so each digest is queued exactly once).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
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
};

class OutboxSender {
 public:
  // Throws std::invalid_argument for a mail_from that is not an address.
  OutboxSender(const std::string& db_path, storage::CommitQueue& commits, OutboxSettings settings, Metrics& metrics);
  ~OutboxSender();
  OutboxSender(const OutboxSender&) = delete;
  OutboxSender& operator=(const OutboxSender&) = delete;

  void start();
  // Something was queued: look now rather than at the next poll. Any thread, any time.
  void wake();
  // Abandons a delivery in progress (it is tried again on the next start) and joins the thread.
  // Call it before the commit queue stops.
  void stop();

 private:
  void run();
  // Delivers one message and waits until its outcome is committed; false when that failed or
  // the sender is stopping (the caller then waits before polling again).
  bool process(const storage::OutboxMessage& message);
  // Queues the digests due now; false when that failed (the caller waits before polling again).
  bool queue_due_digests();
  DeliveryOutcome deliver(const storage::OutboxMessage& message);
  bool commit(storage::CommitQueue::Work work);
  bool stopping() const;

  storage::CommitQueue& commits_;
  OutboxSettings settings_;
  Mailbox from_;
  Metrics& metrics_;
  storage::OutboxStore store_;
  storage::NotificationStore notifications_;
  CurlClient curl_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool woken_ = false;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace warpath::server::mail
