// Notifications end to end, against a real SMTP server and webhook receiver (receivers.hpp): two
// accounts play a lobby game of the test title with the server killed (kill -9) between turns.
// Every "your move", start and end notice arrives once per distinct key by mail and by webhook;
// each turn mail lists exactly the log lines its seat received for the moves since its last
// decision (compared with what that seat's own connection holds), with their dice; no turn mail
// goes to a player whose page is open; a line of the other seat's log (the card it drew) never
// appears. Settings: a refused document changes nothing, "off" suppresses, "digest" gathers into
// one mail, and chat mail waits until the game is opened again.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <regex>
#include <set>
#include <string>

#include "tests/integration/harness.hpp"
#include "tests/integration/receivers.hpp"

namespace notifications_test {

using namespace warpath::test;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

// A started lobby game: alice plays red, bob blue.
std::int64_t start_game(User& alice, User& bob) {
  const std::int64_t listing = alice.ok(
      "POST", "/api/lobby", {{"title", "test-duel"}, {"scenario", "standard"}, {"seat", "red"}}, 201)["listing"]["id"];
  return bob.ok("POST", "/api/lobby/" + std::to_string(listing) + "/join", json::object())["listing"]["game"];
}

std::vector<std::string> texts(const std::vector<json>& lines) {
  std::vector<std::string> out;
  for (const auto& l : lines) out.push_back(l.at("text"));
  return out;
}

// The dice a run of Duel log lines reports ("red rolls 4.").
std::vector<int> dice_in(const std::vector<std::string>& lines) {
  static const std::regex roll("^(red|blue) rolls ([1-6])\\.$");
  std::vector<int> out;
  std::smatch m;
  for (const auto& line : lines)
    if (std::regex_match(line, m, roll)) out.push_back(std::stoi(m[2]));
  return out;
}

// What a turn mail says: its versions (from the step-through link), its lines and dice.
struct TurnMail {
  std::uint64_t from = 0, to = 0;
  std::vector<std::string> lines;
  std::string dice;
};

TurnMail read_turn_mail(const std::string& raw_body) {
  std::string body = raw_body;
  for (std::size_t at; (at = body.find("\r\n")) != std::string::npos;) body.erase(at, 1);
  TurnMail mail;
  std::smatch m;
  REQUIRE_MESSAGE(std::regex_search(body, m, std::regex("/replay\\.html\\?game=\\d+&seat=\\w+&from=(\\d+)&to=(\\d+)")),
                  body);
  mail.from = std::stoull(m[1]);
  mail.to = std::stoull(m[2]);
  const auto start = body.find(":\n\n", body.find("up to version"));
  const auto end = body.find("\nDice rolled: ");
  REQUIRE_MESSAGE((start != std::string::npos && end != std::string::npos), body);
  std::istringstream lines(body.substr(start + 3, end - start - 3));
  for (std::string line; std::getline(lines, line);) {
    REQUIRE(line.rfind("  ", 0) == 0);
    mail.lines.push_back(line.substr(2));
  }
  const auto dice_end = body.find('\n', end + 1);
  mail.dice = body.substr(end + 14, dice_end - end - 14);
  return mail;
}

std::string dice_text(const std::vector<int>& dice) {
  if (dice.empty()) return "none";
  std::string out;
  for (int d : dice) out += (out.empty() ? "" : ", ") + std::to_string(d);
  return out;
}

// Plays `role`'s turn on `seat` with random legal moves (an undo now and then) until the decision
// passes; false when the game is over.
void play_turn(SeatClient& seat, const std::string& role, std::mt19937& rng) {
  for (int step = 0; step < 40 && active_role(seat.view()) == role; ++step) {
    const auto choice = random_action(seat.view()["actions"], rng, 0.1);
    REQUIRE(choice);
    const auto reply = seat.act(choice->verb, choice->arg);
    REQUIRE_MESSAGE(SeatClient::accepted(reply), reply.dump());
  }
  REQUIRE(active_role(seat.view()) != role);
}

// The presence count of `seat` in a presence frame.
bool shows_presence(const json& m, const std::string& seat, int count) {
  return m.value("type", "") == "presence" && m["seats"].value(seat, -1) == count;
}

// The bodies of the mails `smtp` received for `to`, oldest first.
std::vector<std::string> bodies_to(const Receiver& smtp, const std::string& to) {
  std::vector<std::string> out;
  for (const auto& r : smtp.records())
    if (r["rcpt_tos"][0] == to) out.push_back(r["body"].get<std::string>());
  return out;
}

}  // namespace

TEST_CASE(
    "notifications: turn, start and end notices of a lobby game, once each across kill -9s, as each seat saw it") {
  TempDir dir;
  Receiver smtp("smtp_sink.py", dir.path / "mail.jsonl");
  Receiver hooks("webhook_sink.py", dir.path / "hooks.jsonl");
  Harness h({"--smtp-url", "smtp://127.0.0.1:" + std::to_string(smtp.port())});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob");
  for (User* u : {&alice, &bob}) verify_email(*u, [&](const std::string& to) { return bodies_to(smtp, to); });
  for (User* u : {&alice, &bob}) u->ok("PUT", "/api/account/webhook", {{"url", hooks.origin() + "/" + u->name}});
  const std::int64_t g = start_game(alice, bob);
  std::map<std::string, User*> player = {{"red", &alice}, {"blue", &bob}};
  const std::map<std::string, std::string> other = {{"red", "blue"}, {"blue", "red"}};

  // Each seat at the end of its last turn: the version of its last move and its log's size then.
  struct AtLastDecision {
    std::uint64_t version = 0;
    std::size_t log_size = 0;
  };
  std::map<std::string, AtLastDecision> last = {{"red", {}}, {"blue", {}}};
  struct Expected {
    std::uint64_t from, to;
    std::vector<std::string> lines;
  };
  std::map<std::string, std::vector<Expected>> expected;  // by role
  std::set<std::string> watched_handover;                 // roles whose page was open when the turn passed to them
  std::mt19937 rng(20261124);
  int kills = 0, turns = 0, unmailed = 0;
  std::string role = "red";
  for (; turns < 30 && !role.empty(); ++turns) {
    auto seat = player.at(role)->seat(h);
    seat->join(g, role);
    seat->wait_for_type("log");
    // The mail this seat is owed for the turn just passed to it: the lines its own log gained.
    if (turns > 0 && !watched_handover.count(role)) {
      const auto& held = seat->replica();
      REQUIRE(held.log_first() <= last[role].log_size);
      std::vector<json> gained(
          held.held_lines().begin() + static_cast<std::ptrdiff_t>(last[role].log_size - held.log_first()),
          held.held_lines().end());
      expected[role].push_back({last[role].version, seat->version(), texts(gained)});
    } else if (turns > 0) {
      ++unmailed;
    }
    watched_handover.erase(role);
    // Every third turn the other player watches: the turn passes to an open page, and no mail goes.
    std::unique_ptr<SeatClient> watcher;
    if (turns % 3 == 1) {
      watcher = player.at(other.at(role))->seat(h);
      watcher->join(g, other.at(role));
      watched_handover.insert(other.at(role));
    }
    play_turn(*seat, role, rng);
    last[role] = {seat->version(), seat->replica().log_size()};
    role = active_role(seat->view());
    watcher.reset();
    seat.reset();
    // Killed between moves: every committed move's notices are in the database with it.
    if (turns % 2 == 0) {
      h.server().kill9();
      h.server().restart();
      ++kills;
    }
  }
  REQUIRE_MESSAGE(role.empty(), "the game did not end in ", turns, " turns");
  CHECK(unmailed > 0);

  Database db(h.server().db_location());
  REQUIRE_MESSAGE(wait_until([&] { return db.pending() == 0; }, 60s), db.pending(), " message(s) pending\n",
                  h.server().log_tail());

  // Mails by recipient and kind, once per Message-ID.
  std::map<std::string, std::map<std::string, json>> mails;  // address -> message id -> record
  std::size_t records = 0;
  for (const auto& r : smtp.records()) {
    ++records;
    mails[r["rcpt_tos"][0].get<std::string>()][r["message_id"].get<std::string>()] = r;
  }
  std::map<std::string, std::map<std::string, json>> calls;  // path -> key -> event
  std::size_t successes = 0;
  for (const auto& r : hooks.records())
    if (r.value("status", 0) == 200) {
      ++successes;
      calls[r["path"].get<std::string>()][r["key"].get<std::string>()] = json::parse(r["body"].get<std::string>());
    }
  std::size_t distinct = 0;
  for (const auto& [to, by_id] : mails) distinct += by_id.size();
  for (const auto& [path, by_key] : calls) distinct += by_key.size();
  MESSAGE(turns, " turns, ", kills, " kill -9s, ", records + successes, " deliveries of ", distinct, " messages");
  CHECK(records + successes - distinct <= static_cast<std::size_t>(kills));  // a crash repeats at most one

  for (const auto& [seat_role, owed] : expected) {
    User& user = *player.at(seat_role);
    const std::string others_card = other.at(seat_role) + " draws card ";
    std::map<std::pair<std::uint64_t, std::uint64_t>, TurnMail> turn_mails;
    int started = 0, ended = 0;
    for (const auto& [id, r] : mails[user.name + "@example.org"]) {
      const std::string subject = r["subject"], body = r["body"];
      CHECK_MESSAGE(body.find(others_card) == std::string::npos, "a line of the other seat's log reached ", user.name,
                    ":\n", body);
      if (subject.rfind("Warpath: your move in ", 0) == 0) {
        const auto mail = read_turn_mail(body);
        CHECK_MESSAGE(turn_mails.emplace(std::pair{mail.from, mail.to}, mail).second, "two turn mails for versions ",
                      mail.from, "..", mail.to);
        CHECK(body.find("/game.html?game=" + std::to_string(g) + "#seat=" + seat_role) != std::string::npos);
      }
      started += subject.find("has begun") != std::string::npos;
      ended += subject.find(" is over: ") != std::string::npos;
    }
    CHECK(started == 1);
    CHECK(ended == 1);
    CHECK_MESSAGE(turn_mails.size() == owed.size(), user.name, " got ", turn_mails.size(), " turn mails for ",
                  owed.size(), " turns passed to an unwatched page");
    for (const auto& want : owed) {
      CAPTURE(seat_role);
      CAPTURE(want.from);
      CAPTURE(want.to);
      const auto it = turn_mails.find({want.from, want.to});
      if (it == turn_mails.end()) {
        FAIL_CHECK("no turn mail for versions ", want.from, "..", want.to);
        continue;
      }
      CHECK(it->second.lines == want.lines);
      CHECK(it->second.dice == dice_text(dice_in(want.lines)));
    }

    // The webhook: the same facts as JSON, once per key.
    std::size_t turn_calls = 0, end_calls = 0;
    for (const auto& [key, event] : calls["/" + user.name]) {
      CHECK_MESSAGE(event.dump().find(others_card) == std::string::npos, event.dump());
      CHECK(event["game"] == g);
      if (event["type"] == "your_move") {
        ++turn_calls;
        const auto it = turn_mails.find({event["from"].get<std::uint64_t>(), event["to"].get<std::uint64_t>()});
        REQUIRE(it != turn_mails.end());
        CHECK(event["lines"] == json(it->second.lines));
        CHECK(event["dice"] == json(dice_in(it->second.lines)));
        CHECK(event["score"].is_object());
        CHECK(event["phase"].is_string());
        CHECK(event["links"]["replay"].get<std::string>().find("&from=" + event["from"].dump()) != std::string::npos);
      }
      end_calls += event["type"] == "game_ended";
    }
    CHECK(turn_calls == owed.size());
    CHECK(end_calls == 1);
  }
}

TEST_CASE(
    "notifications: settings — refused documents change nothing, off suppresses, digest gathers; chat mail "
    "waits until the game is opened again") {
  TempDir dir;
  Receiver smtp("smtp_sink.py", dir.path / "mail.jsonl");
  Harness h({"--smtp-url", "smtp://127.0.0.1:" + std::to_string(smtp.port())});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob");
  for (User* u : {&alice, &bob}) verify_email(*u, [&](const std::string& to) { return bodies_to(smtp, to); });

  const json defaults = bob.ok("GET", "/api/account/notifications");
  CHECK(defaults["digest_hour"] == 7);
  CHECK(defaults["events"]["your_move"] == json{{"mail", "now"}, {"webhook", "now"}});
  CHECK(defaults["waiting_in_digest"] == 0);
  for (const auto& [document, field] : std::vector<std::pair<json, std::string>>{
           {{{"events", {{"your_move", {{"mail", "off"}}}, {"chat", {{"webhook", "digest"}}}}}}, "events.chat.webhook"},
           {{{"events", {{"your_move", {{"mail", "off"}}}}}, {"digest_hour", 25}}, "digest_hour"},
           {{{"events", {{"teatime", {{"mail", "now"}}}}}}, "events.teatime"}}) {
    const auto res = bob.send("PUT", "/api/account/notifications", document);
    CHECK(res.status == 400);
    CHECK(res.body["error"]["code"] == "bad_setting");
    CHECK(res.body["error"]["field"] == field);
  }
  CHECK(bob.ok("GET", "/api/account/notifications") == defaults);

  const json changed =
      bob.ok("PUT", "/api/account/notifications",
             {{"events", {{"your_move", {{"mail", "off"}}}, {"chat", {{"mail", "digest"}}}}}, {"digest_hour", 5}});
  CHECK(changed["events"]["your_move"]["mail"] == "off");
  CHECK(changed["events"]["chat"]["mail"] == "digest");
  CHECK(changed["events"]["game_ended"]["mail"] == "now");
  CHECK(changed["digest_hour"] == 5);

  const std::int64_t g = start_game(alice, bob);
  auto red = alice.seat(h);
  red->join(g, "red");
  const auto chat = [&](const std::string& text) {
    red->ws().send({{"type", "chat"}, {"game", g}, {"text", text}});
    red->wait_for([&](const json& m) { return m.value("type", "") == "chat" && m.value("text", "") == text; });
  };
  // Three lines while bob is away: one notice (gathered for his digest).
  chat("first words");
  chat("more words");
  chat("still more");
  CHECK(bob.ok("GET", "/api/account/notifications")["waiting_in_digest"] == 1);
  // Red's turn passes to bob: his "your move" mail is off.
  std::mt19937 rng(5);
  play_turn(*red, "red", rng);
  // Bob opens the game and leaves: the next line is a notice again; while he looks, none.
  {
    auto blue = bob.seat(h);
    blue->join(g, "blue");
    red->wait_for([](const json& m) { return shows_presence(m, "blue", 1); });
    chat("said while bob looks");
  }
  red->wait_for([](const json& m) { return shows_presence(m, "blue", 0); });
  CHECK(bob.ok("GET", "/api/account/notifications")["waiting_in_digest"] == 1);
  chat("second words");
  CHECK(bob.ok("GET", "/api/account/notifications")["waiting_in_digest"] == 2);

  // The digest hour is in bob's time zone: at 05:00 UTC, then, once he says he lives at UTC+09:00,
  // at 05:00 there (20:00 UTC); both notices move with it.
  Database db(h.server().db_location());
  const auto due = [&] {
    return db.integer(
        "SELECT MIN(due_at) FROM digest_items WHERE account_id = (SELECT id FROM accounts WHERE name = ?)", {bob.name});
  };
  CHECK(db.integer("SELECT COUNT(DISTINCT due_at) FROM digest_items") == 1);
  CHECK(due() % 86400 == 5 * 3600);
  bob.ok("PATCH", "/api/account/time-off", {{"utc_offset_minutes", 540}});
  CHECK(bob.ok("GET", "/api/account/notifications")["utc_offset_minutes"] == 540);
  CHECK(due() % 86400 == 20 * 3600);
  CHECK(db.integer("SELECT COUNT(DISTINCT due_at) FROM digest_items") == 1);

  // The digest hour comes (moved to now in the database): one mail with both notices, and no more.
  db.run("UPDATE digest_items SET due_at = 0");
  const auto digests = [&] {
    std::vector<json> out;
    for (const auto& r : smtp.records())
      if (r["subject"].get<std::string>().rfind("Warpath: your daily digest", 0) == 0) out.push_back(r);
    return out;
  };
  REQUIRE_MESSAGE(wait_until([&] { return !digests().empty(); }, 20s), h.server().log_tail());
  h.server().kill9();
  h.server().restart();
  for (User* u : {&alice, &bob}) u->http = h.http();  // the restarted server's port
  REQUIRE(wait_until([&] { return db.pending() == 0; }, 20s));
  std::this_thread::sleep_for(1500ms);  // the sender's next rounds find nothing more to gather
  // Queued once (the kill may repeat its delivery, with the same Message-ID: at least once).
  const auto sent = digests();
  std::set<std::string> digest_ids;
  for (const auto& r : sent) digest_ids.insert(r["message_id"].get<std::string>());
  REQUIRE(digest_ids.size() == 1);
  CHECK(sent.size() <= 2);
  CHECK(sent[0]["rcpt_tos"] == json::array({bob.name + "@example.org"}));
  CHECK(sent[0]["subject"] == "Warpath: your daily digest (2 notices)");
  const std::string digest = sent[0]["body"];
  CHECK(digest.find("first words") != std::string::npos);
  CHECK(digest.find("second words") != std::string::npos);
  CHECK(digest.find("more words") == std::string::npos);  // coalesced
  CHECK(digest.find("said while bob looks") == std::string::npos);
  CHECK(bob.ok("GET", "/api/account/notifications")["waiting_in_digest"] == 0);

  // Bob resigns: the end goes to both by mail at once (his settings keep game_ended on).
  bob.ok("POST", "/api/games/" + std::to_string(g) + "/resign");
  REQUIRE(wait_until(
      [&] {
        int ended = 0;
        for (const auto& r : smtp.records())
          ended += r["subject"].get<std::string>().find(" is over: ") != std::string::npos;
        return ended == 2;
      },
      20s));
  for (const auto& r : smtp.records()) {
    const std::string subject = r["subject"];
    if (r["rcpt_tos"][0] == bob.name + "@example.org") {
      CHECK_MESSAGE(subject.rfind("Warpath: your move", 0) != 0, "bob turned his turn mail off: ", subject);
      if (subject.find(" is over: ") != std::string::npos) CHECK(subject.find("you lost") != std::string::npos);
    } else if (subject.find(" is over: ") != std::string::npos) {
      CHECK(subject.find("you won") != std::string::npos);
    }
  }
}

TEST_CASE("notifications: game mail goes only to a confirmed address; the webhook does not wait for it") {
  TempDir dir;
  Receiver smtp("smtp_sink.py", dir.path / "mail.jsonl");
  Receiver hooks("webhook_sink.py", dir.path / "hooks.jsonl");
  Harness h({"--smtp-url", "smtp://127.0.0.1:" + std::to_string(smtp.port())});
  auto alice = sign_up(h, "alice"), bob = sign_up(h, "bob");
  verify_email(alice, [&](const std::string& to) { return bodies_to(smtp, to); });
  bob.ok("PUT", "/api/account/webhook", {{"url", hooks.origin() + "/bob"}});
  const auto mail_subjects = [&](const std::string& to) {
    std::vector<std::string> out;
    for (const auto& r : smtp.records())
      if (r["rcpt_tos"][0] == to) out.push_back(r["subject"].get<std::string>());
    return out;
  };
  const auto your_move_mails = [&](const std::string& to) {
    int n = 0;
    for (const auto& subject : mail_subjects(to)) n += subject.rfind("Warpath: your move", 0) == 0;
    return n;
  };
  const auto your_move_calls = [&] {
    int n = 0;
    for (const auto& r : hooks.records())
      n += r.value("status", 0) == 200 && json::parse(r["body"].get<std::string>()).value("type", "") == "your_move";
    return n;
  };

  // Bob has not confirmed his address: his turn is told to his webhook, never mailed.
  const std::int64_t g = start_game(alice, bob);
  auto red = alice.seat(h);
  red->join(g, "red");
  std::mt19937 rng(11);
  play_turn(*red, "red", rng);
  REQUIRE_MESSAGE(wait_until([&] { return your_move_calls() == 1; }, 20s), h.server().log_tail());
  Database db(h.server().db_location());
  REQUIRE(wait_until([&] { return db.pending() == 0; }, 20s));
  CHECK(your_move_mails("bob@example.org") == 0);
  CHECK(mail_subjects("bob@example.org").size() == 1);  // the verification mail alone

  // Once he follows the link, his next turn is mailed.
  verify_email(bob, [&](const std::string& to) { return bodies_to(smtp, to); });
  {
    auto blue = bob.seat(h);
    blue->join(g, "blue");
    red->wait_for([](const json& m) { return shows_presence(m, "blue", 1); });
    play_turn(*blue, "blue", rng);
  }
  red->wait_for([](const json& m) { return shows_presence(m, "blue", 0); });
  play_turn(*red, "red", rng);
  CHECK_MESSAGE(wait_until([&] { return your_move_mails("bob@example.org") == 1; }, 20s), h.server().log_tail());
}

}  // namespace notifications_test
