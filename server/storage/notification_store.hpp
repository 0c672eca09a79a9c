#pragma once
// Notifications as stored (schema/009_notifications.sql): the notices an event sends, each
// account's settings per event and channel (off, at once, or gathered into a daily digest mail),
// the digests, and which chat notices wait for their reader. send_notices() is the one place
// that decides whether and how a notice goes out; it runs inside the transaction of the event
// that raised it (a CommitQueue::Work), so a notice is queued exactly when its event is stored.

#include <cstdint>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/storage/commit_queue.hpp"
#include "server/storage/database.hpp"
#include "server/storage/records.hpp"

namespace warpath::server::storage {

// What a notice is about: the events an account sets its notifications for.
enum class NoticeKind { your_move, invitation, player_joined, game_started, game_ended, clock_warning, chat };
enum class Channel { mail, webhook };
enum class Delivery { off, now, digest };  // digest: mail only

// Every kind, in the order the settings list them.
const std::vector<NoticeKind>& notice_kinds();
std::string_view to_string(NoticeKind kind);
std::string_view to_string(Channel channel);
std::string_view to_string(Delivery delivery);
std::optional<NoticeKind> notice_kind_named(std::string_view name);
std::optional<Channel> channel_named(std::string_view name);
std::optional<Delivery> delivery_named(std::string_view name);

// An account's notification settings. Without a row: every event by mail and by webhook at once
// (a webhook is only called when the account has set one), the digest at 07:00 in the account's
// time zone.
struct NotificationSettings {
  static constexpr int default_digest_hour = 7;

  std::map<std::pair<NoticeKind, Channel>, Delivery> chosen;  // only what differs from the default
  int digest_hour = default_digest_hour;                      // in the account's time zone
  // The account's time zone as an offset from UTC (set with its clock settings, for vacation days
  // and weekends); shown with the settings, never changed through them.
  int utc_offset_minutes = 0;

  Delivery delivery(NoticeKind kind, Channel channel) const;
  void set(NoticeKind kind, Channel channel, Delivery delivery);
  // {"events": {event: {"mail": delivery, "webhook": delivery}}, "digest_hour": h,
  //  "utc_offset_minutes": m}, every event listed.
  nlohmann::json to_json() const;
};

// Why a settings document was refused: the member at fault ("events.chat.webhook") and why.
struct SettingsError {
  std::string field;
  std::string message;
};
// Applies a document of NotificationSettings::to_json's shape to `settings`: the events and
// channels it names change, the others stay. Nothing changes when it returns an error.
std::optional<SettingsError> apply_settings_json(NotificationSettings& settings, const nlohmann::json& document);

// The next digest time (Unix seconds) for an item gathered at `now`: the first `hour`:00 of the
// account's time zone (UTC + `utc_offset_minutes`) after `now` that is at least 23 hours after the
// account's last digest (so at most one a day, also when the hour or the zone is changed after
// today's was sent).
std::int64_t next_digest_at(std::int64_t now, int hour, std::optional<std::int64_t> last_digest,
                            int utc_offset_minutes = 0);
// Moves the account's gathered digest items to its next digest time, after its digest hour or its
// time zone changed.
void retime_digest(WriteContext& w, std::int64_t account, std::int64_t now);

// A message a change sends when it is done, for an account (its e-mail address, webhook and
// settings are read in the transaction, so a deleted account is sent nothing).
struct Notice {
  std::int64_t account = 0;
  NoticeKind kind = NoticeKind::your_move;
  std::string subject;
  std::string text;      // the mail's body, and a digest's item
  nlohmann::json event;  // for the webhook: the facts; its "type" is set to the kind
};

// Queues each notice as the account's settings say: a mail at once (when it has an address) or
// an item of its next digest, and a webhook call (when it has a webhook that is not paused).
void send_notices(WriteContext& w, const std::vector<Notice>& notices, std::int64_t unix_now);

// One item of a digest, and the digest mail's text for a list of them (oldest first).
struct DigestItem {
  std::string event;
  std::string subject;
  std::string text;
  std::int64_t created_at = 0;
};
std::string digest_text(const std::vector<DigestItem>& items);

// The log changes and dice of the moves of a game after a seat's last decision, for a turn mail.
struct MovesSinceDecision {
  std::uint64_t from = 0;                   // the version of the seat's last move (0: it has made none)
  std::vector<nlohmann::json> log_changes;  // each move's stored change (engine::move_log_change), oldest first
  std::vector<int> dice;                    // every die those moves rolled, in order
};
MovesSinceDecision moves_since_decision(WriteContext& w, GameId game, const std::string& role, std::uint64_t upto);

// The reads, on a connection of their own (safe from any thread).
class NotificationStore {
 public:
  explicit NotificationStore(const std::string& path);

  NotificationSettings settings(std::int64_t account);
  // Accounts with digest items due at `now`.
  std::vector<std::int64_t> due_digests(std::int64_t now);
  // Items waiting for an account's next digest (tests, the account page).
  std::int64_t count_digest_items(std::int64_t account);

 private:
  std::mutex mutex_;
  Connection db_;
};

// Work for the commit queue. Stores the settings (the waiting digest items move to the new hour).
CommitQueue::Work save_notification_settings(std::int64_t account, NotificationSettings settings, std::int64_t now);
// Turns the account's due digest items into one mail and deletes them, in one transaction.
CommitQueue::Work send_digest(std::int64_t account, std::int64_t now);
// The seat opened the game: its next chat notice may go out.
CommitQueue::Work clear_chat_notice(GameId game, std::string role);
// Whether a chat notice for the game may go to the seat now, taking its turn when it may: true
// once until clear_chat_notice. Inside a transaction.
bool take_chat_notice(WriteContext& w, GameId game, const std::string& role, std::int64_t now);

}  // namespace warpath::server::storage
