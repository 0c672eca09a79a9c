// Notifications (server/storage/notification_store.hpp, server/notify/notices.hpp): settings and
// their refusals, the digest's hour, who is told of a move or a chat line, the lines a seat's log
// gained over a run of moves, the turn mail's exact text, and send_notices honouring each
// account's settings in the event's transaction (off, at once, gathered into one digest mail), and
// each digest queued once when two nodes send it at the same moment.
#include <doctest/doctest.h>

#include <functional>
#include <future>
#include <thread>

#include "engine/core/log_stream.hpp"
#include "engine/core/match.hpp"
#include "server/notify/notices.hpp"
#include "server/storage/account_store.hpp"
#include "server/storage/database.hpp"
#include "server/storage/notification_store.hpp"
#include "server/storage/outbox_store.hpp"
#include "tests/support/stored_account.hpp"
#include "tests/support/temp_db.hpp"
#include "tests/test_game/duel.hpp"

namespace notifications_test {

using namespace warpath::server;
using namespace warpath::server::storage;
using nlohmann::json;
using warpath::test::commit_and_wait;
using warpath::test::stored_account;
using warpath::test::TempDb;

namespace {

struct Row {
  std::string kind, recipient, subject, body;
};

std::vector<Row> outbox(const std::string& path) {
  Connection db(path);
  auto q = db.prepare("SELECT kind, recipient, subject, body FROM outbox ORDER BY id");
  std::vector<Row> out;
  while (q.step()) out.push_back({q.column_text(0), q.column_text(1), q.column_text(2), q.column_text(3)});
  return out;
}

std::int64_t count(const std::string& path, const std::string& sql) {
  Connection db(path);
  auto q = db.prepare(sql);
  q.step();
  return q.column_int(0);
}

Notice notice(std::int64_t account, NoticeKind kind, const std::string& subject) {
  return {account, kind, subject, subject + " text\n", {{"game", 1}}};
}

CommitQueue::Work send(std::vector<Notice> notices, std::int64_t now) {
  return [notices = std::move(notices), now](WriteContext& w) { send_notices(w, notices, now); };
}

json change(std::size_t keep, std::vector<std::string> lines) {
  json out = json::array();
  for (const auto& l : lines) out.push_back({{"text", l}});
  return {{"keep", keep}, {"lines", out}};
}

std::vector<std::string> texts(const json& lines) {
  std::vector<std::string> out;
  for (const auto& l : lines) out.push_back(l.at("text"));
  return out;
}

}  // namespace

TEST_CASE("notification settings: everything by mail and webhook at once by default; a change names only itself") {
  NotificationSettings s;
  for (NoticeKind kind : notice_kinds()) {
    CHECK(s.delivery(kind, Channel::mail) == Delivery::now);
    CHECK(s.delivery(kind, Channel::webhook) == Delivery::now);
  }
  const json all = s.to_json();
  CHECK(all["digest_hour"] == 7);
  CHECK(all["events"].size() == notice_kinds().size());
  CHECK(all["events"]["your_move"] == json{{"mail", "now"}, {"webhook", "now"}});

  REQUIRE_FALSE(apply_settings_json(
      s, {{"events", {{"chat", {{"mail", "digest"}}}, {"game_ended", {{"webhook", "off"}}}}}, {"digest_hour", 18}}));
  CHECK(s.delivery(NoticeKind::chat, Channel::mail) == Delivery::digest);
  CHECK(s.delivery(NoticeKind::chat, Channel::webhook) == Delivery::now);
  CHECK(s.delivery(NoticeKind::game_ended, Channel::webhook) == Delivery::off);
  CHECK(s.digest_hour == 18);
  CHECK(s.chosen.size() == 2);  // only what differs from the default is stored
  REQUIRE_FALSE(apply_settings_json(s, {{"events", {{"chat", {{"mail", "now"}}}}}}));
  CHECK(s.chosen.size() == 1);
}

TEST_CASE("notification settings: a bad document is refused with the member at fault and changes nothing") {
  NotificationSettings s;
  REQUIRE_FALSE(apply_settings_json(s, {{"events", {{"your_move", {{"mail", "off"}}}}}}));
  const NotificationSettings before = s;
  const std::vector<std::pair<json, std::string>> cases = {
      {json::array(), ""},
      {{{"digest_hour", 24}}, "digest_hour"},
      {{{"digest_hour", -1}}, "digest_hour"},
      {{{"digest_hour", "7"}}, "digest_hour"},
      {{{"colour", "red"}}, "colour"},
      {{{"events", {{"your_move", {{"mail", "now"}}}, {"weather", {{"mail", "now"}}}}}}, "events.weather"},
      {{{"events", {{"chat", {{"pigeon", "now"}}}}}}, "events.chat.pigeon"},
      {{{"events", {{"chat", {{"mail", "sometimes"}}}}}}, "events.chat.mail"},
      {{{"events", {{"chat", {{"mail", true}}}}}}, "events.chat.mail"},
      {{{"events", {{"chat", {{"webhook", "digest"}}}}}}, "events.chat.webhook"},
      {{{"events", {{"chat", "now"}}}}, "events.chat"},
      {{{"events", "all"}}, "events"},
  };
  for (const auto& [document, field] : cases) {
    CAPTURE(document.dump());
    const auto error = apply_settings_json(s, document);
    REQUIRE(error);
    CHECK(error->field == field);
    CHECK_FALSE(error->message.empty());
    CHECK(s.chosen == before.chosen);
    CHECK(s.digest_hour == before.digest_hour);
  }
}

TEST_CASE("the digest goes at the next digest hour, at most once a day") {
  const std::int64_t day = 86400, midnight = 20000 * day;  // some day at 00:00 UTC
  CHECK(next_digest_at(midnight + 3600, 7, std::nullopt) == midnight + 7 * 3600);
  CHECK(next_digest_at(midnight + 7 * 3600, 7, std::nullopt) == midnight + day + 7 * 3600);  // the hour has come
  CHECK(next_digest_at(midnight + 8 * 3600, 7, std::nullopt) == midnight + day + 7 * 3600);
  CHECK(next_digest_at(midnight + 8 * 3600, 0, std::nullopt) == midnight + day);
  // Today's went at 07:00:01; the hour changed to 09:00: not again today, tomorrow at 09:00.
  CHECK(next_digest_at(midnight + 8 * 3600, 9, midnight + 7 * 3600 + 1) == midnight + day + 9 * 3600);
  // Yesterday's went a little late: today's still goes at the hour.
  CHECK(next_digest_at(midnight + 3600, 7, midnight - day + 7 * 3600 + 2) == midnight + 7 * 3600);
}

TEST_CASE("the digest hour is in the account's time zone") {
  const std::int64_t day = 86400, hour = 3600, midnight = 20000 * day;  // some day at 00:00 UTC
  // New York in winter (UTC-05:00): 07:00 there is 12:00 UTC.
  CHECK(next_digest_at(midnight + hour, 7, std::nullopt, -300) == midnight + 12 * hour);
  CHECK(next_digest_at(midnight + 13 * hour, 7, std::nullopt, -300) == midnight + day + 12 * hour);
  // Tokyo (UTC+09:00): 07:00 there is 22:00 UTC the day before; at 23:00 UTC it is 08:00 there.
  CHECK(next_digest_at(midnight + hour, 7, std::nullopt, 540) == midnight + 22 * hour);
  CHECK(next_digest_at(midnight + 23 * hour, 7, std::nullopt, 540) == midnight + day + 22 * hour);
  // Half-hour zones (India, UTC+05:30): 07:00 there is 01:30 UTC.
  CHECK(next_digest_at(midnight, 7, std::nullopt, 330) == midnight + hour + hour / 2);
  // At most one a day in any zone: today's went at 12:00 UTC in New York; not again before tomorrow.
  CHECK(next_digest_at(midnight + 13 * hour, 9, midnight + 12 * hour, -300) == midnight + day + 14 * hour);
}

TEST_CASE("a seat's new lines over a run of moves: appended, unchanged, and taken back by an undo") {
  using warpath::server::notify::lines_since;
  CHECK(lines_since({}).empty());
  CHECK(texts(lines_since({json(), change(5, {"a", "b"}), json(), change(7, {"c"})})) ==
        std::vector<std::string>{"a", "b", "c"});
  // An undo back to 6 lines, then a new line: "b" is gone, "d" came instead.
  CHECK(texts(lines_since({change(5, {"a", "b"}), change(6, {}), change(6, {"d"})})) ==
        std::vector<std::string>{"a", "d"});
  // An undo past where the run began: the lines written again count from there.
  CHECK(texts(lines_since({change(5, {"a"}), change(3, {"x", "y"})})) == std::vector<std::string>{"x", "y"});
  // Stored as one change for every seat or per seat: seat_log_change picks the seat's own.
  const json per_seat = {{"seats", {{"red", change(2, {"red draws card 7."})}, {"blue", json()}}}};
  CHECK(lines_since({warpath::engine::seat_log_change(per_seat, "blue")}).empty());
  CHECK(texts(lines_since({warpath::engine::seat_log_change(per_seat, "red")})) ==
        std::vector<std::string>{"red draws card 7."});
}

TEST_CASE("who is told of a move and of a chat line") {
  using namespace warpath::server::notify;
  const std::map<std::string, std::int64_t> accounts = {{"red", 1}, {"blue", 2}};
  using Told = std::vector<std::pair<std::string, std::int64_t>>;
  CHECK(your_move_recipients({"red"}, {"blue"}, accounts, {}) == Told{{"blue", 2}});
  CHECK(your_move_recipients({"red"}, {"blue"}, accounts, {"blue"}).empty());  // blue's page is open
  CHECK(your_move_recipients({"red"}, {"blue"}, accounts, {"red", "spectator"}) == Told{{"blue", 2}});
  CHECK(your_move_recipients({"red"}, {"red"}, accounts, {}).empty());  // red moves on
  CHECK(your_move_recipients({"red"}, {}, accounts, {}).empty());       // over
  CHECK(your_move_recipients({"red"}, {"blue"}, {}, {}).empty());       // a quick game: no accounts
  CHECK(chat_recipients("red", accounts, {}) == Told{{"blue", 2}});
  CHECK(chat_recipients("red", accounts, {"blue"}).empty());
  CHECK(chat_recipients("spectator", accounts, {"red"}) == Told{{"blue", 2}});
}

TEST_CASE("a turn mail: the seat's lines, the dice, score, phase and both links") {
  using namespace warpath::server::notify;
  TurnReport r;
  r.game = {12, "Wilderness War", "https://warpath.example"};
  r.role = "british";
  r.from = 40;
  r.to = 45;
  r.lines = {"The French play #5 Coureurs.", "Raid roll at Shamokin: 4 modified to 5, success (10.3)."};
  r.dice = {4, 6};
  r.position = {{{"vp", 3}}, "VP 3 (French lead)", "1757, early season, action phases: British to decide"};
  const auto n = your_move_notice(7, r);
  CHECK(n.account == 7);
  CHECK(n.kind == NoticeKind::your_move);
  CHECK(n.subject == "Warpath: your move in Wilderness War (game 12)");
  CHECK(n.text ==
        "It is your move in Wilderness War (game 12), where you play british.\n\n"
        "What happened since your last decision (version 40), up to version 45:\n\n"
        "  The French play #5 Coureurs.\n"
        "  Raid roll at Shamokin: 4 modified to 5, success (10.3).\n\n"
        "Dice rolled: 4, 6\n"
        "Score: VP 3 (French lead)\n"
        "Phase: 1757, early season, action phases: British to decide\n\n"
        "Open the game: https://warpath.example/game.html?game=12#seat=british\n"
        "Step through these moves: https://warpath.example/replay.html?game=12&seat=british&from=40&to=45\n");
  CHECK(n.event["from"] == 40);
  CHECK(n.event["to"] == 45);
  CHECK(n.event["version"] == 45);
  CHECK(n.event["lines"] == json(r.lines));
  CHECK(n.event["dice"] == json::array({4, 6}));
  CHECK(n.event["score"] == json{{"vp", 3}});
  CHECK(n.event["phase"] == r.position.phase);
  CHECK(n.event["links"]["game"] == "https://warpath.example/game.html?game=12#seat=british");
  CHECK(n.event["links"]["replay"] == "https://warpath.example/replay.html?game=12&seat=british&from=40&to=45");

  // A long run lists its newest lines and counts the others; a first move says so.
  r.from = 0;
  r.earlier_lines = 3;
  r.dice.clear();
  const auto first = your_move_notice(7, r);
  CHECK(first.text.find("since the game began, up to version 45") != std::string::npos);
  CHECK(first.text.find("(3 earlier lines: see the game)") != std::string::npos);
  CHECK(first.text.find("Dice rolled: none\n") != std::string::npos);
}

TEST_CASE("send_notices mails only an address its owner confirmed; the webhook is called either way") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  const auto carol = stored_account(q, "carol", false);
  commit_and_wait(q, set_webhook(carol, "https://hooks.example/carol", 1000));
  commit_and_wait(q, send({notice(carol, NoticeKind::your_move, "m1")}, 1000));
  auto rows = outbox(tmp.path());
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].kind == "webhook");

  commit_and_wait(q, AccountStore::set_email_verified(carol, "2026-11-24T09:00:00Z"));
  commit_and_wait(q, send({notice(carol, NoticeKind::your_move, "m2")}, 1001));
  rows = outbox(tmp.path());
  REQUIRE(rows.size() == 3);
  CHECK(rows[1].kind == "mail");
  CHECK(rows[1].recipient == "carol@example.org");
  CHECK(rows[1].subject == "m2");
  CHECK(rows[2].kind == "webhook");
}

TEST_CASE("send_notices honours each account's settings in the event's transaction") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  NotificationStore store(tmp.path());
  const auto alice = stored_account(q, "alice"), bob = stored_account(q, "bob");
  commit_and_wait(q, set_webhook(alice, "https://hooks.example/alice", 1000));

  // Defaults: a mail to each, a webhook call for alice (bob has no hook).
  commit_and_wait(q,
                  send({notice(alice, NoticeKind::your_move, "m1"), notice(bob, NoticeKind::your_move, "m2")}, 1000));
  auto rows = outbox(tmp.path());
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].kind == "mail");
  CHECK(rows[0].recipient == "alice@example.org");
  CHECK(rows[1].kind == "webhook");
  CHECK(json::parse(rows[1].body)["type"] == "your_move");
  CHECK(json::parse(rows[1].body)["content"] == "m1");
  CHECK(rows[2].recipient == "bob@example.org");

  // Alice: chat off by mail, your move gathered for the digest; bob: no webhook anything (he has none).
  auto settings = store.settings(alice);
  REQUIRE_FALSE(apply_settings_json(settings, {{"events",
                                                {{"chat", {{"mail", "off"}, {"webhook", "off"}}},
                                                 {"your_move", {{"mail", "digest"}, {"webhook", "off"}}}}},
                                               {"digest_hour", 9}}));
  commit_and_wait(q, save_notification_settings(alice, settings, 1000));
  CHECK(store.settings(alice).to_json() == settings.to_json());
  CHECK(store.settings(bob).to_json() == NotificationSettings().to_json());

  const std::int64_t midnight = 20000 * 86400;
  commit_and_wait(q, send({notice(alice, NoticeKind::chat, "c1"), notice(alice, NoticeKind::your_move, "m3"),
                           notice(alice, NoticeKind::your_move, "m4"), notice(alice, NoticeKind::game_ended, "e1")},
                          midnight + 3600));
  rows = outbox(tmp.path());
  REQUIRE(rows.size() == 5);  // game_ended: a mail and a call; chat: nothing; your move: gathered
  CHECK(rows[3].subject == "e1");
  CHECK(rows[4].kind == "webhook");
  CHECK(store.count_digest_items(alice) == 2);
  CHECK(count(tmp.path(), "SELECT MIN(due_at) = MAX(due_at) FROM digest_items") == 1);
  CHECK(count(tmp.path(), "SELECT due_at FROM digest_items LIMIT 1") == midnight + 9 * 3600);

  // Not yet due: nothing. Due: one mail of both, the items gone; again: nothing more.
  CHECK(store.due_digests(midnight + 9 * 3600 - 1).empty());
  CHECK(store.due_digests(midnight + 9 * 3600) == std::vector<std::int64_t>{alice});
  commit_and_wait(q, send_digest(alice, midnight + 9 * 3600 - 1));
  CHECK(outbox(tmp.path()).size() == 5);
  commit_and_wait(q, send_digest(alice, midnight + 9 * 3600));
  commit_and_wait(q, send_digest(alice, midnight + 9 * 3600 + 1));
  rows = outbox(tmp.path());
  REQUIRE(rows.size() == 6);
  CHECK(rows[5].recipient == "alice@example.org");
  CHECK(rows[5].subject == "Warpath: your daily digest (2 notices)");
  CHECK(rows[5].body.find("=== m3 ===\n\nm3 text\n") != std::string::npos);
  CHECK(rows[5].body.find("=== m4 ===\n\nm4 text\n") < std::string::npos);
  CHECK(rows[5].body.find("m3") < rows[5].body.find("m4"));
  CHECK(store.count_digest_items(alice) == 0);
  CHECK(store.due_digests(midnight + 2 * 86400).empty());

  // The next item waits for tomorrow's hour, even if the hour is moved to later today.
  commit_and_wait(q, send({notice(alice, NoticeKind::your_move, "m5")}, midnight + 10 * 3600));
  settings.digest_hour = 11;
  commit_and_wait(q, save_notification_settings(alice, settings, midnight + 10 * 3600));
  CHECK(count(tmp.path(), "SELECT due_at FROM digest_items LIMIT 1") == midnight + 86400 + 11 * 3600);
}

TEST_CASE("nodes sending the same digests at once queue each digest mail once") {
  TempDb tmp;
  // Two nodes' writers on one database, as the outbox senders of two servers would send them.
  CommitQueue first(tmp.path()), second(tmp.path());
  constexpr int accounts = 40;
  std::vector<std::int64_t> ids;
  for (int i = 0; i < accounts; ++i) ids.push_back(warpath::test::stored_account(first, "p" + std::to_string(i)));
  commit_and_wait(first, [&](WriteContext& w) {
    auto insert = w.db.prepare(
        "INSERT INTO digest_items(account_id, event, subject, text, created_at, due_at) VALUES (?, 'e', ?, 't', 1, 5)");
    for (const auto id : ids)
      for (int k = 0; k < 3; ++k) insert.bind(1, id).bind(2, "item " + std::to_string(k)).run();
  });
  std::vector<std::string> errors(2);
  const auto sender = [&](CommitQueue& q, int n) {
    for (const auto id : ids) {
      std::promise<std::optional<std::string>> done;
      q.submit(send_digest(id, 10), [&](std::optional<std::string> e) { done.set_value(e); });
      if (auto e = done.get_future().get()) errors[n] = *e;
    }
  };
  std::thread a(sender, std::ref(first), 0), b(sender, std::ref(second), 1);
  a.join();
  b.join();
  CHECK_MESSAGE(errors[0].empty(), errors[0]);
  CHECK_MESSAGE(errors[1].empty(), errors[1]);
  CHECK(count(tmp.path(), "SELECT COUNT(*) FROM digest_items") == 0);
  CHECK(count(tmp.path(), "SELECT COUNT(*) FROM outbox WHERE subject = 'Warpath: your daily digest (3 notices)'") ==
        accounts);
  CHECK(count(tmp.path(), "SELECT COUNT(*) FROM outbox WHERE subject LIKE 'Warpath: your daily digest%'") == accounts);
}

TEST_CASE("a chat notice goes once per game and seat until the seat opens the game") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  const auto taken = std::make_shared<std::vector<bool>>();
  auto take = [taken](GameId game, std::string role) {
    return [taken, game, role](WriteContext& w) { taken->push_back(take_chat_notice(w, game, role, 1000)); };
  };
  Connection db(tmp.path());
  db.exec(
      "INSERT INTO games(id, title, scenario, options, seed, active_roles, created_at, updated_at) VALUES "
      "(1, 'test-duel', 'standard', '{}', 1, '[]', 'now', 'now'), (2, 'test-duel', 'standard', '{}', 1, '[]', "
      "'now', 'now')");
  commit_and_wait(q, take(1, "blue"));
  commit_and_wait(q, take(1, "blue"));
  commit_and_wait(q, take(2, "blue"));
  commit_and_wait(q, take(1, "red"));
  commit_and_wait(q, clear_chat_notice(1, "blue"));
  commit_and_wait(q, take(1, "blue"));
  CHECK(*taken == std::vector<bool>{true, false, true, true, true});
}

TEST_CASE("a move's public dice reach the prepared move; a drawn card is a line of the drawer's log only") {
  const auto duel = warpath::testgame::make_duel();
  auto match = warpath::engine::Match::start(*duel, "standard", json::object(), 99);
  auto rolled = match.prepare("red", {"roll", nullptr});
  REQUIRE(std::holds_alternative<warpath::engine::PreparedMove>(rolled));
  const auto& roll = std::get<warpath::engine::PreparedMove>(rolled);
  REQUIRE(roll.dice.size() == 1);
  const std::string rolled_line = duel->log_line_text(duel->log_lines(*roll.state, "blue", 0, 1)[0]);
  CHECK(rolled_line == "red rolls " + std::to_string(roll.dice[0]) + ".");

  const auto red_before = duel->log_size(match.state(), "red"), blue_before = duel->log_size(match.state(), "blue");
  REQUIRE_FALSE(match.play("red", {"draw", nullptr}));
  CHECK(duel->log_size(match.state(), "red") == red_before + 2);
  CHECK(duel->log_size(match.state(), "blue") == blue_before + 1);
  const auto reds = duel->log_lines(match.state(), "red", red_before, red_before + 2);
  CHECK(duel->log_line_text(reds[0]) == "red draws a card.");
  CHECK(duel->log_line_text(reds[1]).rfind("red draws card ", 0) == 0);
  CHECK(duel->log_line_text(duel->log_lines(match.state(), "blue", blue_before, blue_before + 1)[0]) ==
        "red draws a card.");

  const auto summary = duel->position_summary(match.state());
  CHECK(summary.score == json{{"blue", 0}, {"red", 0}});
  CHECK(summary.phase == "round 1 of 6: red to act");
}

}  // namespace notifications_test
