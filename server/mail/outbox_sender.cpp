// The outbox's sender thread (see outbox_sender.hpp).

#include "server/mail/outbox_sender.hpp"

#include <algorithm>
#include <future>
#include <stdexcept>

#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server::mail {

namespace {

constexpr std::size_t batch_size = 100;
// Beyond the transfer's own timeout, for the webhook check before it, the outcome's commit after
// it and clocks that differ a little between nodes.
constexpr std::chrono::seconds delivery_slack{30};

// "https://example.org" of "https://example.org/hooks/secret": what a log line or the owner's
// mail may show of a webhook URL, whose path is often a secret.
std::string url_origin(const std::string& url) {
  const auto scheme = url.find("://");
  if (scheme == std::string::npos) return "(an invalid URL)";
  const auto end = url.find_first_of("/?#", scheme + 3);
  return url.substr(0, end);
}

std::string what(const storage::OutboxMessage& m) { return m.kind + " " + m.idempotency_key; }

storage::OutgoingMail paused_hook_notice(const storage::OutboxMessage& m, std::int64_t attempts,
                                         const std::string& error, std::int64_t now) {
  const std::int64_t hours = (now - m.created_at + 1800) / 3600;
  storage::OutgoingMail mail;
  mail.subject = "Your Warpath webhook was paused";
  mail.text = "Warpath could not deliver a notification to your webhook at " + url_origin(m.recipient) + " in " +
              std::to_string(attempts) + " attempts over about " + std::to_string(hours) +
              " hours. The last error was: " + error +
              "\n\nThe webhook is paused: no more notifications are posted to it. Set it again in your account "
              "settings once it works, and notifications resume.\n";
  return mail;
}

}  // namespace

OutboxSender::OutboxSender(const std::string& db_path, storage::CommitQueue& commits, OutboxSettings settings,
                           Metrics& metrics)
    : commits_(commits),
      settings_(std::move(settings)),
      from_(parse_mailbox(settings_.mail_from)),
      metrics_(metrics),
      deliver_within_(std::max(smtp_timeout, settings_.webhook_timeout) + delivery_slack),
      store_(db_path),
      notifications_(db_path),
      curl_([this] { return stopping(); }) {
  if (settings_.node_id.empty()) throw std::invalid_argument("the node id is empty");
  if (settings_.claim_for <= deliver_within_)
    throw std::invalid_argument("an outbox claim must last longer than " + std::to_string(deliver_within_.count()) +
                                " s (the slowest delivery)");
}

OutboxSender::~OutboxSender() { stop(); }

void OutboxSender::start() {
  if (settings_.relay.url.empty())
    log_info("outbox: no SMTP relay set (--smtp-url); mails are written to " + settings_.mail_dir.string());
  else
    log_info("outbox: mails go through " + url_origin(settings_.relay.url));
  thread_ = std::thread([this] { run(); });
}

void OutboxSender::queued() {
  wake();
  if (tell_others_) tell_others_();
}

void OutboxSender::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_one();
}

void OutboxSender::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

bool OutboxSender::stopping() const { return stopping_.load(); }

void OutboxSender::run() {
  try {
    if (const auto pending = store_.count_pending(); pending > 0)
      log_info("outbox: " + std::to_string(pending) + " message(s) waiting from before");
  } catch (const std::exception& e) {
    log_error(std::string("outbox: cannot read the outbox: ") + e.what());
  }
  while (!stopping()) {
    bool pause = !queue_due_digests();
    bool failed = false;
    const auto due = claim(failed);
    if (failed) pause = true;
    // A full batch: more may be due right away.
    bool more = due.size() == batch_size;
    for (const auto& message : due) {
      if (stopping()) {
        pause = true;
        break;
      }
      // Too little of the claim is left for a slow delivery: claim the rest again (they are this
      // node's) rather than risk another node taking one up while it is being delivered here.
      if (unix_now_seconds() + deliver_within_.count() > message.claimed_until) {
        more = true;
        break;
      }
      if (!process(message)) {
        pause = true;
        break;
      }
    }
    if (!pause && more) continue;
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, settings_.poll_every, [this] { return woken_ || stopping(); });
    woken_ = false;
  }
}

std::vector<storage::OutboxMessage> OutboxSender::claim(bool& failed) {
  const std::int64_t now = unix_now_seconds();
  try {
    // Nothing due (the usual poll): no write.
    if (!store_.any_claimable(settings_.node_id, now)) return {};
  } catch (const std::exception& e) {
    log_error(std::string("outbox: cannot read the due messages: ") + e.what());
    failed = true;
    return {};
  }
  // Through the commit queue, the database's one writer (SQLite's write lock stays with it); the
  // claim holds once committed, before anything is delivered. A claim that was not committed
  // claims nothing, whatever the work returned.
  std::vector<storage::OutboxMessage> claimed;
  const std::int64_t until = now + settings_.claim_for.count();
  if (!commit(
          [&](storage::WriteContext& w) { claimed = storage::claim_due(w, settings_.node_id, now, until, batch_size); },
          "claiming the due messages failed")) {
    failed = true;
    return {};
  }
  return claimed;
}

bool OutboxSender::queue_due_digests() {
  const std::int64_t now = unix_now_seconds();
  std::vector<std::int64_t> accounts;
  try {
    accounts = notifications_.due_digests(now);
  } catch (const std::exception& e) {
    log_error(std::string("outbox: cannot read the due digests: ") + e.what());
    return false;
  }
  for (const auto account : accounts) {
    if (stopping() || !commit(storage::send_digest(account, now))) return false;
    log_debug("outbox: digest of account " + std::to_string(account) + " queued");
  }
  return true;
}

bool OutboxSender::process(const storage::OutboxMessage& m) {
  // A message for a webhook that was since removed, changed or paused is not posted.
  if (m.kind == "webhook" && m.account && !store_.webhook_active(*m.account, m.recipient)) {
    log_info("outbox: " + what(m) + " not posted: the account's webhook was removed, changed or paused");
    return commit(storage::mark_given_up(m.id, m.attempts, "the webhook was removed, changed or paused",
                                         unix_now_seconds(), std::nullopt));
  }
  DeliveryOutcome outcome;
  try {
    outcome = deliver(m);
  } catch (const std::exception& e) {
    outcome = {DeliveryOutcome::Result::failed, e.what()};
  }
  if (outcome.result == DeliveryOutcome::Result::interrupted) return false;  // tried again on the next start
  const std::int64_t now = unix_now_seconds();
  if (outcome.sent()) {
    if (!commit(storage::mark_sent(m.id, now))) return false;
    ++metrics_.outgoing_sent;
    log_debug("outbox: " + what(m) + " sent");
    return true;
  }
  ++metrics_.outgoing_failed_attempts;
  const std::int64_t attempts = m.attempts + 1;
  if (settings_.retry.spent(attempts)) {
    log_error("outbox: gave up on " + what(m) + " after " + std::to_string(attempts) +
              " attempts; the last error: " + outcome.error);
    std::optional<storage::OutgoingMail> notice;
    if (m.kind == "webhook") notice = paused_hook_notice(m, attempts, outcome.error, now);
    const bool tell_owner = notice.has_value();
    if (!commit(storage::mark_given_up(m.id, attempts, outcome.error, now, std::move(notice)))) return false;
    ++metrics_.outgoing_given_up;
    if (tell_owner) wake();  // the owner's mail is due at once
    return true;
  }
  const auto delay = settings_.retry.delay_after(attempts);
  // Whole seconds in the database: the next attempt at the first second after the delay.
  const std::int64_t next = (unix_now_ms() + delay.count() + 999) / 1000;
  log_warn("outbox: " + what(m) + " attempt " + std::to_string(attempts) + " failed (" + outcome.error + "); next in " +
           std::to_string(next - now) + " s");
  return commit(storage::mark_attempt_failed(m.id, attempts, outcome.error, next));
}

DeliveryOutcome OutboxSender::deliver(const storage::OutboxMessage& m) {
  if (m.kind == "webhook") return curl_.post_json(m.recipient, m.idempotency_key, m.body, settings_.webhook_timeout);
  if (m.kind != "mail") return {DeliveryOutcome::Result::failed, "unknown kind '" + m.kind + "'"};
  const std::string text = format_mail({from_, m.recipient, m.subject, m.body, m.idempotency_key, unix_now_seconds()});
  if (settings_.relay.url.empty()) {
    write_eml(settings_.mail_dir, m.idempotency_key, text);
    return {DeliveryOutcome::Result::sent, ""};
  }
  return curl_.send_mail(settings_.relay, from_.address, m.recipient, text);
}

bool OutboxSender::commit(storage::CommitQueue::Work work, const char* what) {
  std::promise<std::optional<std::string>> done;
  auto result = done.get_future();
  commits_.submit(std::move(work), [&done](std::optional<std::string> error) { done.set_value(std::move(error)); });
  if (auto error = result.get()) {
    log_error(std::string("outbox: ") + what + ": " + *error);
    return false;
  }
  return true;
}

}  // namespace warpath::server::mail
