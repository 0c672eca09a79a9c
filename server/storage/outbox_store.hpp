#pragma once
// The outbox as stored (schema/005_outbox.sql): messages are added inside the transaction of the
// event that causes them (a CommitQueue::Work calls enqueue_*), so that an event is never stored
// without its messages nor a message sent for an event that was not stored. Delivery is the
// sender's (server/mail/).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/storage/commit_queue.hpp"

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

}  // namespace warpath::server::storage
