// Notifications as stored: settings, the one decision of how a notice goes out, digests and the
// chat notices' turns (see notification_store.hpp).

#include "server/storage/notification_store.hpp"

#include <algorithm>
#include <array>

#include "server/storage/outbox_store.hpp"

namespace warpath::server::storage {

using nlohmann::json;

namespace {

constexpr std::array<std::pair<NoticeKind, std::string_view>, 7> kind_names = {{
    {NoticeKind::your_move, "your_move"},
    {NoticeKind::invitation, "invitation"},
    {NoticeKind::player_joined, "player_joined"},
    {NoticeKind::game_started, "game_started"},
    {NoticeKind::game_ended, "game_ended"},
    {NoticeKind::clock_warning, "clock_warning"},
    {NoticeKind::chat, "chat"},
}};
constexpr std::array<std::pair<Channel, std::string_view>, 2> channel_names = {{
    {Channel::mail, "mail"},
    {Channel::webhook, "webhook"},
}};
constexpr std::array<std::pair<Delivery, std::string_view>, 3> delivery_names = {{
    {Delivery::off, "off"},
    {Delivery::now, "now"},
    {Delivery::digest, "digest"},
}};

template <typename T, std::size_t N>
std::string_view name_in(const std::array<std::pair<T, std::string_view>, N>& table, T value) {
  for (const auto& [v, name] : table)
    if (v == value) return name;
  return "?";
}

template <typename T, std::size_t N>
std::optional<T> value_in(const std::array<std::pair<T, std::string_view>, N>& table, std::string_view name) {
  for (const auto& [v, n] : table)
    if (n == name) return v;
  return std::nullopt;
}

constexpr std::int64_t seconds_per_hour = 3600;
constexpr std::int64_t seconds_per_day = 24 * seconds_per_hour;
// Digests at least this far apart: a day less an hour, so that a fixed hour comes every day even
// when a digest went out a little after its hour.
constexpr std::int64_t min_digest_gap = 23 * seconds_per_hour;

NotificationSettings read_settings(Connection& db, std::int64_t account) {
  NotificationSettings settings;
  auto rows = db.prepare("SELECT event, channel, delivery FROM notification_settings WHERE account_id = ?");
  rows.bind(1, account);
  while (rows.step()) {
    const auto kind = notice_kind_named(rows.column_text(0));
    const auto channel = channel_named(rows.column_text(1));
    const auto delivery = delivery_named(rows.column_text(2));
    if (kind && channel && delivery) settings.set(*kind, *channel, *delivery);
  }
  auto hour = db.prepare("SELECT digest_hour FROM notification_accounts WHERE account_id = ?");
  hour.bind(1, account);
  if (hour.step()) settings.digest_hour = static_cast<int>(hour.column_int(0));
  auto zone = db.prepare("SELECT utc_offset_minutes FROM accounts WHERE id = ?");
  zone.bind(1, account);
  if (zone.step()) settings.utc_offset_minutes = static_cast<int>(zone.column_int(0));
  return settings;
}

std::optional<std::int64_t> last_digest_of(Connection& db, std::int64_t account) {
  auto q = db.prepare("SELECT last_digest_at FROM notification_accounts WHERE account_id = ?");
  q.bind(1, account);
  if (!q.step() || q.column_is_null(0)) return std::nullopt;
  return q.column_int(0);
}

void gather_for_digest(WriteContext& w, const Notice& notice, const NotificationSettings& settings, std::int64_t now) {
  auto q = w.db.prepare(
      "INSERT INTO digest_items(account_id, event, subject, text, created_at, due_at) VALUES (?, ?, ?, ?, ?, ?)");
  q.bind(1, notice.account).bind(2, to_string(notice.kind)).bind(3, notice.subject).bind(4, notice.text);
  q.bind(5, now).bind(
      6, next_digest_at(now, settings.digest_hour, last_digest_of(w.db, notice.account), settings.utc_offset_minutes));
  q.run();
}

}  // namespace

const std::vector<NoticeKind>& notice_kinds() {
  static const std::vector<NoticeKind> kinds = [] {
    std::vector<NoticeKind> out;
    for (const auto& [kind, name] : kind_names) out.push_back(kind);
    return out;
  }();
  return kinds;
}

std::string_view to_string(NoticeKind kind) { return name_in(kind_names, kind); }
std::string_view to_string(Channel channel) { return name_in(channel_names, channel); }
std::string_view to_string(Delivery delivery) { return name_in(delivery_names, delivery); }
std::optional<NoticeKind> notice_kind_named(std::string_view name) { return value_in(kind_names, name); }
std::optional<Channel> channel_named(std::string_view name) { return value_in(channel_names, name); }
std::optional<Delivery> delivery_named(std::string_view name) { return value_in(delivery_names, name); }

Delivery NotificationSettings::delivery(NoticeKind kind, Channel channel) const {
  const auto it = chosen.find({kind, channel});
  return it == chosen.end() ? Delivery::now : it->second;
}

void NotificationSettings::set(NoticeKind kind, Channel channel, Delivery delivery) {
  if (delivery == Delivery::now)
    chosen.erase({kind, channel});
  else
    chosen[{kind, channel}] = delivery;
}

json NotificationSettings::to_json() const {
  json events = json::object();
  for (NoticeKind kind : notice_kinds())
    for (const auto& [channel, channel_name] : channel_names)
      events[std::string(to_string(kind))][std::string(channel_name)] = to_string(delivery(kind, channel));
  return {{"events", events}, {"digest_hour", digest_hour}, {"utc_offset_minutes", utc_offset_minutes}};
}

std::optional<SettingsError> apply_settings_json(NotificationSettings& settings, const json& document) {
  if (!document.is_object()) return SettingsError{"", "the settings must be a JSON object"};
  NotificationSettings changed = settings;
  for (const auto& [key, value] : document.items()) {
    if (key == "digest_hour") {
      if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > 23)
        return SettingsError{"digest_hour", "'digest_hour' must be an hour from 0 to 23 (in your time zone)"};
      changed.digest_hour = value.get<int>();
    } else if (key == "utc_offset_minutes") {  // shown with the settings; set with the clock settings
      if (value != settings.utc_offset_minutes)
        return SettingsError{"utc_offset_minutes", "your time zone is set with your time-off settings"};
    } else if (key == "events") {
      if (!value.is_object()) return SettingsError{"events", "'events' must be an object of events"};
      for (const auto& [event, channels] : value.items()) {
        const std::string field = "events." + event;
        const auto kind = notice_kind_named(event);
        if (!kind) return SettingsError{field, "there is no event '" + event + "'"};
        if (!channels.is_object()) return SettingsError{field, "'" + field + "' must be an object of channels"};
        for (const auto& [channel_text, delivery_value] : channels.items()) {
          const std::string at = field + "." + channel_text;
          const auto channel = channel_named(channel_text);
          if (!channel) return SettingsError{at, "there is no channel '" + channel_text + "' (mail, webhook)"};
          const auto delivery =
              delivery_value.is_string() ? delivery_named(delivery_value.get<std::string>()) : std::nullopt;
          if (!delivery) return SettingsError{at, "'" + at + "' must be \"off\", \"now\" or \"digest\""};
          if (*channel == Channel::webhook && *delivery == Delivery::digest)
            return SettingsError{at, "a digest is a mail: a webhook is called at once or not at all"};
          changed.set(*kind, *channel, *delivery);
        }
      }
    } else {
      return SettingsError{key, "there is no setting '" + key + "' (events, digest_hour, utc_offset_minutes)"};
    }
  }
  settings = std::move(changed);
  return std::nullopt;
}

std::int64_t next_digest_at(std::int64_t now, int hour, std::optional<std::int64_t> last_digest,
                            int utc_offset_minutes) {
  const std::int64_t after = last_digest ? std::max(now, *last_digest + min_digest_gap) : now;
  const std::int64_t shift = std::int64_t{utc_offset_minutes} * 60;  // local time = UTC + shift
  const std::int64_t local = after + shift;
  const std::int64_t day = local - ((local % seconds_per_day) + seconds_per_day) % seconds_per_day;
  std::int64_t at = day + hour * seconds_per_hour;
  if (at <= local) at += seconds_per_day;
  return at - shift;
}

void retime_digest(WriteContext& w, std::int64_t account, std::int64_t now) {
  const NotificationSettings settings = read_settings(w.db, account);
  auto move = w.db.prepare("UPDATE digest_items SET due_at = ? WHERE account_id = ?");
  move.bind(1, next_digest_at(now, settings.digest_hour, last_digest_of(w.db, account), settings.utc_offset_minutes))
      .bind(2, account);
  move.run();
}

void send_notices(WriteContext& w, const std::vector<Notice>& notices, std::int64_t unix_now) {
  for (const auto& notice : notices) {
    auto q = w.db.prepare("SELECT email, email_verified_at FROM accounts WHERE id = ? AND deleted_at IS NULL");
    q.bind(1, notice.account);
    if (!q.step()) continue;
    // Mail goes only to an address its owner confirmed: anyone may sign up with anyone's address.
    const std::optional<std::string> email =
        q.column_is_null(0) || q.column_is_null(1) ? std::nullopt : std::optional<std::string>(q.column_text(0));
    const NotificationSettings settings = read_settings(w.db, notice.account);
    switch (email ? settings.delivery(notice.kind, Channel::mail) : Delivery::off) {
      case Delivery::off:
        break;
      case Delivery::now:
        enqueue_mail(w, {notice.account, *email, notice.subject, notice.text}, unix_now);
        break;
      case Delivery::digest:
        gather_for_digest(w, notice, settings, unix_now);
        break;
    }
    if (settings.delivery(notice.kind, Channel::webhook) == Delivery::now) {
      json event = notice.event.is_object() ? notice.event : json::object();
      event["type"] = to_string(notice.kind);
      enqueue_webhook(w, notice.account, notice.subject, std::move(event), unix_now);
    }
  }
}

std::string digest_text(const std::vector<DigestItem>& items) {
  std::string text = "Your Warpath notices of the last day (" + std::to_string(items.size()) +
                     (items.size() == 1 ? " notice" : " notices") + "), oldest first.\n";
  for (const auto& item : items) {
    text += "\n=== " + item.subject + " ===\n\n" + item.text;
    if (!item.text.empty() && item.text.back() != '\n') text += '\n';
  }
  text +=
      "\nYou get these in one daily mail because your notification settings say so; change them on your account "
      "page.\n";
  return text;
}

MovesSinceDecision moves_since_decision(WriteContext& w, GameId game, const std::string& role, std::uint64_t upto) {
  MovesSinceDecision out;
  auto last = w.db.prepare("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ? AND role = ? AND seq < ?");
  last.bind(1, game).bind(2, role).bind(3, static_cast<std::int64_t>(upto));
  if (last.step()) out.from = static_cast<std::uint64_t>(last.column_int(0));
  auto moves = w.db.prepare("SELECT log, dice FROM moves WHERE game_id = ? AND seq > ? AND seq <= ? ORDER BY seq");
  moves.bind(1, game).bind(2, static_cast<std::int64_t>(out.from)).bind(3, static_cast<std::int64_t>(upto));
  while (moves.step()) {
    out.log_changes.push_back(moves.column_is_null(0) ? json() : json::parse(moves.column_text(0)));
    if (!moves.column_is_null(1))
      for (const auto& die : json::parse(moves.column_text(1))) out.dice.push_back(die.get<int>());
  }
  return out;
}

NotificationStore::NotificationStore(const std::string& path) : db_(path) {}

NotificationSettings NotificationStore::settings(std::int64_t account) {
  std::lock_guard lock(mutex_);
  return read_settings(db_, account);
}

std::vector<std::int64_t> NotificationStore::due_digests(std::int64_t now) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT DISTINCT account_id FROM digest_items WHERE due_at <= ? ORDER BY account_id");
  q.bind(1, now);
  std::vector<std::int64_t> out;
  while (q.step()) out.push_back(q.column_int(0));
  return out;
}

std::int64_t NotificationStore::count_digest_items(std::int64_t account) {
  std::lock_guard lock(mutex_);
  auto q = db_.prepare("SELECT COUNT(*) FROM digest_items WHERE account_id = ?");
  q.bind(1, account);
  q.step();
  return q.column_int(0);
}

CommitQueue::Work save_notification_settings(std::int64_t account, NotificationSettings settings, std::int64_t now) {
  return [account, settings = std::move(settings), now](WriteContext& w) {
    auto clear = w.db.prepare("DELETE FROM notification_settings WHERE account_id = ?");
    clear.bind(1, account);
    clear.run();
    for (const auto& [key, delivery] : settings.chosen) {
      auto q =
          w.db.prepare("INSERT INTO notification_settings(account_id, event, channel, delivery) VALUES (?, ?, ?, ?)");
      q.bind(1, account).bind(2, to_string(key.first)).bind(3, to_string(key.second)).bind(4, to_string(delivery));
      q.run();
    }
    auto hour = w.db.prepare(
        "INSERT INTO notification_accounts(account_id, digest_hour) VALUES (?, ?) "
        "ON CONFLICT(account_id) DO UPDATE SET digest_hour = excluded.digest_hour");
    hour.bind(1, account).bind(2, std::int64_t{settings.digest_hour});
    hour.run();
    retime_digest(w, account, now);
  };
}

CommitQueue::Work send_digest(std::int64_t account, std::int64_t now) {
  return [account, now](WriteContext& w) {
    // The items this transaction deletes are the digest's: when several nodes send the same
    // account's digest at once (PostgreSQL), the second DELETE waits for the first and finds
    // nothing left, so only one of them queues a mail.
    auto q = w.db.prepare(
        "DELETE FROM digest_items WHERE account_id = ? AND due_at <= ? "
        "RETURNING id, event, subject, text, created_at");
    q.bind(1, account).bind(2, now);
    std::vector<std::pair<std::int64_t, DigestItem>> taken;
    while (q.step())
      taken.push_back({q.column_int(0), {q.column_text(1), q.column_text(2), q.column_text(3), q.column_int(4)}});
    if (taken.empty()) return;
    std::sort(taken.begin(), taken.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<DigestItem> items;
    for (auto& item : taken) items.push_back(std::move(item.second));
    auto mark = w.db.prepare(
        "INSERT INTO notification_accounts(account_id, digest_hour, last_digest_at) VALUES (?, ?, ?) "
        "ON CONFLICT(account_id) DO UPDATE SET last_digest_at = excluded.last_digest_at");
    mark.bind(1, account).bind(2, std::int64_t{NotificationSettings::default_digest_hour}).bind(3, now);
    mark.run();
    auto email = w.db.prepare(
        "SELECT email FROM accounts WHERE id = ? AND deleted_at IS NULL AND email IS NOT NULL "
        "AND email_verified_at IS NOT NULL");
    email.bind(1, account);
    if (!email.step()) return;  // the items go with the account
    enqueue_mail(
        w,
        {account, email.column_text(0),
         "Warpath: your daily digest (" + std::to_string(items.size()) + (items.size() == 1 ? " notice)" : " notices)"),
         digest_text(items)},
        now);
  };
}

CommitQueue::Work clear_chat_notice(GameId game, std::string role) {
  return [game, role = std::move(role)](WriteContext& w) {
    auto q = w.db.prepare("DELETE FROM chat_notices WHERE game_id = ? AND role = ?");
    q.bind(1, game).bind(2, role);
    q.run();
  };
}

bool take_chat_notice(WriteContext& w, GameId game, const std::string& role, std::int64_t now) {
  auto q = w.db.prepare("INSERT INTO chat_notices(game_id, role, sent_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
  q.bind(1, game).bind(2, role).bind(3, now);
  q.run();
  return w.db.changes() == 1;
}

}  // namespace warpath::server::storage
