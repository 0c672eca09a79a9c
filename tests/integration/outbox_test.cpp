// The outbox's delivery side against real receivers: a real SMTP server (aiosmtpd,
// tests/support/smtp_sink.py) and a webhook receiver (tests/support/webhook_sink.py), with rows
// written straight into the running server's database as any event would queue them. Every
// message arrives at least once across ten kill -9s (repeats: at most one per kill); a webhook
// that fails for a while still gets its message; without a relay mails become .eml files next to
// the database; a webhook whose retries are spent is paused and its owner told by mail. Two
// servers (nodes) on one database deliver each message exactly once between them.
#include <doctest/doctest.h>

#include <atomic>
#include <ctime>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "tests/integration/harness.hpp"
#include "tests/integration/receivers.hpp"

namespace outbox_test {

using namespace warpath::test;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

std::string crlf_to_lf(std::string text) {
  for (std::size_t at; (at = text.find("\r\n")) != std::string::npos;) text.erase(at, 1);
  return text;
}

std::string new_key(std::mt19937_64& rng) {
  std::ostringstream key;
  key << std::hex << rng() << rng();
  return key.str();
}

}  // namespace

TEST_CASE("outbox: every mail and webhook call arrives at least once across ten kill -9s") {
  TempDir dir;
  // A slow relay (20 ms before it takes each recipient): most kills land in a delivery, and one
  // that lands before the message was handed over must leave it to be sent again.
  Receiver smtp("smtp_sink.py", dir.path / "mail.jsonl", {"--rcpt-delay-ms", "20"});
  Receiver hooks("webhook_sink.py", dir.path / "hooks.jsonl");
  Harness h({"--smtp-url", "smtp://127.0.0.1:" + std::to_string(smtp.port())});

  struct Mail {
    std::string to, subject, body;
  };
  std::mt19937_64 rng(20261124);
  std::map<std::string, Mail> mails;    // by idempotency key
  std::map<std::string, int> webhooks;  // key -> n in its body
  std::vector<std::string> order;
  for (int i = 0; i < 250; ++i) {
    const std::string key = new_key(rng);
    order.push_back(key);
    if (i % 5 == 4) {
      webhooks[key] = i;
    } else {
      mails[key] = {"player" + std::to_string(i) + "@example.org",
                    i % 2 ? "Your turn in game " + std::to_string(i) : "Partie " + std::to_string(i) + " — à vous",
                    "Message " + std::to_string(i) + ".\nDeuxième ligne, é.\n"};
    }
  }

  // The rows arrive in bursts over the whole run, while the server is up and while it is dead.
  std::string insert_error;
  std::thread inserter([&] {
    try {
      Database db(h.server().db_location());
      for (std::size_t i = 0; i < order.size(); ++i) {
        const std::string& key = order[i];
        if (auto m = mails.find(key); m != mails.end())
          db.add_mail(key, m->second.to, m->second.subject, m->second.body);
        else
          db.add_webhook(
              key, nullptr, hooks.origin() + "/hook",
              json{{"n", webhooks.at(key)}, {"content", "event " + std::to_string(webhooks.at(key))}}.dump());
        if (i % 10 == 9) std::this_thread::sleep_for(120ms);
      }
    } catch (const std::exception& e) {
      insert_error = e.what();
    }
  });
  constexpr int kills = 10;
  std::mt19937 timing(7);
  for (int k = 0; k < kills; ++k) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(150, 450)(timing)));
    h.server().kill9();
    h.server().restart();
  }
  inserter.join();
  REQUIRE_MESSAGE(insert_error.empty(), insert_error);

  Database db(h.server().db_location());
  std::set<std::string> mail_keys, hook_keys;
  std::size_t mail_records = 0, hook_successes = 0;
  // A message is marked sent only after its receiver took it (and recorded it): once nothing is
  // pending, every record is in.
  const bool done = wait_until([&] { return db.pending() == 0; }, 60s);
  CHECK_MESSAGE(done, "after 60 s ", db.pending(), " message(s) still pending\n", h.server().log_tail());
  const auto received = smtp.records();
  mail_records = received.size();
  for (const auto& r : received) mail_keys.insert(r.value("message_id", ""));
  for (const auto& r : hooks.records())
    if (r.value("status", 0) == 200) {
      ++hook_successes;
      hook_keys.insert(r.value("key", ""));
    }
  CHECK_MESSAGE(mail_keys.size() == mails.size(), mail_keys.size(), " of ", mails.size(), " mails arrived");
  CHECK_MESSAGE(hook_keys.size() == webhooks.size(), hook_keys.size(), " of ", webhooks.size(),
                " webhook calls arrived");

  // Each one, as it was queued.
  std::map<std::string, json> by_id;
  for (const auto& r : smtp.records()) by_id[r.value("message_id", "")] = r;
  for (const auto& [key, mail] : mails) {
    const auto it = by_id.find("<" + key + "@localhost>");
    if (it == by_id.end()) {
      FAIL_CHECK("mail ", key, " never arrived");
      continue;
    }
    const json& r = it->second;
    CHECK(r["rcpt_tos"] == json::array({mail.to}));
    CHECK(r["mail_from"] == "warpath@localhost");
    CHECK(r["from"] == "Warpath <warpath@localhost>");
    CHECK(r["to"] == mail.to);
    CHECK(r["subject"] == mail.subject);
    CHECK(crlf_to_lf(r["body"].get<std::string>()) == mail.body);
    CHECK(r["charset"] == "utf-8");
    CHECK(r["date"] != "None");
  }
  for (const auto& r : hooks.records()) {
    const std::string key = r.value("key", "");
    REQUIRE_MESSAGE(webhooks.count(key), "a webhook call with an unknown key: ", r.dump());
    CHECK(r["path"] == "/hook");
    CHECK(r["content_type"] == "application/json");
    CHECK(json::parse(r["body"].get<std::string>())["n"] == webhooks.at(key));
  }
  const std::size_t repeats = (mail_records - mail_keys.size()) + (hook_successes - hook_keys.size());
  MESSAGE("delivered ", mail_records, " mails and ", hook_successes, " webhook calls for ", mails.size(), " + ",
          webhooks.size(), " messages across ", kills, " kill -9s: ", repeats, " repeat(s)");
  CHECK_MESSAGE(repeats <= static_cast<std::size_t>(kills), "more repeats than crashes");
  CHECK(db.integer("SELECT COUNT(*) FROM outbox WHERE failed_at IS NOT NULL") == 0);
}

TEST_CASE("outbox: a webhook that fails for a while gets its call once it recovers") {
  TempDir dir;
  Receiver hooks("webhook_sink.py", dir.path / "hooks.jsonl", {"--fail-seconds", "8"});
  // A short retry schedule: 1 s, doubling (whole seconds in the database).
  Harness h({"--outbox-retry-base-ms", "1000"});
  Database db(h.server().db_location());
  const std::string body = json{{"event", "your_turn"}, {"content", "Your turn"}}.dump();
  db.add_webhook("hook-key-1", nullptr, hooks.origin() + "/ok", body);

  const auto succeeded = [&] {
    for (const auto& r : hooks.records())
      if (r.value("status", 0) == 200) return true;
    return false;
  };
  REQUIRE_MESSAGE(wait_until(succeeded, 40s), "the webhook never got its call\n", h.server().log_tail());
  const auto records = hooks.records();
  REQUIRE(records.size() >= 3);  // failed at least twice, then succeeded
  for (std::size_t i = 0; i < records.size(); ++i) {
    CHECK(records[i]["key"] == "hook-key-1");
    CHECK(records[i]["body"] == body);
    CHECK(records[i]["status"] == (i + 1 == records.size() ? 200 : 500));
  }
  // The waits double: the n-th retry comes at least 2^(n-1) s after the attempt before it (later by
  // up to the database's whole second and the sender's poll, and by any load on the machine,
  // which only lengthens the gaps). The sink fails for 8 s: three failed attempts at least, so that
  // without the doubling the third gap would be 1-2 s, not 4.
  for (std::size_t i = 1; i < records.size(); ++i) {
    const double gap = records[i]["time"].get<double>() - records[i - 1]["time"].get<double>();
    CHECK_MESSAGE(gap >= static_cast<double>(1 << (i - 1)) - 0.05, "retry ", i, " came ", gap,
                  " s after the attempt before");
  }

  REQUIRE(wait_until([&] { return db.pending() == 0; }, 10s));
  const auto attempts = db.integer("SELECT attempts FROM outbox WHERE idempotency_key = 'hook-key-1'");
  CHECK(attempts == static_cast<std::int64_t>(records.size()) - 1);  // the failed ones
  CHECK(db.text("SELECT last_error FROM outbox WHERE idempotency_key = 'hook-key-1'") == "HTTP 500");
  const auto metrics = h.http().get("/metrics").raw_body;
  CHECK(metrics.find("warpath_outgoing_failed_attempts_total " + std::to_string(attempts) + "\n") != std::string::npos);
  CHECK(metrics.find("warpath_outgoing_sent_total 1\n") != std::string::npos);
  CHECK(metrics.find("warpath_outgoing_given_up_total 0\n") != std::string::npos);
}

TEST_CASE("outbox: without a relay each mail is an .eml file next to the database") {
  Harness h;
  Database db(h.server().db_location());
  db.add_mail("eml-key-1", "louis@example.org", "Café", "Café = 1\n.\nFin.\n");
  db.add_mail("eml-key-2", "james@example.org", "Your turn", "Move.\n");
  const auto dir = h.server().temp_dir() / "mail";
  REQUIRE_MESSAGE(wait_until([&] { return db.pending() == 0; }, 20s), h.server().log_tail());

  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) names.insert(entry.path().filename().string());
  CHECK(names == std::set<std::string>{"eml-key-1.eml", "eml-key-2.eml"});  // and no temporary file left

  const std::string text = file_text(dir / "eml-key-1.eml");
  const auto headers_end = text.find("\r\n\r\n");
  REQUIRE(headers_end != std::string::npos);
  const std::string headers = text.substr(0, headers_end + 2);
  CHECK(headers.rfind("From: Warpath <warpath@localhost>\r\n", 0) == 0);
  for (const char* line : {"\r\nTo: louis@example.org\r\n", "\r\nSubject: =?UTF-8?B?Q2Fmw6k=?=\r\n",
                           "\r\nMessage-ID: <eml-key-1@localhost>\r\n", "\r\nMIME-Version: 1.0\r\n",
                           "\r\nContent-Type: text/plain; charset=utf-8\r\n",
                           "\r\nContent-Transfer-Encoding: quoted-printable\r\n", "\r\nDate: "})
    CHECK_MESSAGE(headers.find(line) != std::string::npos, "no '", line, "' in\n", headers);
  CHECK(text.substr(headers_end + 4) == "Caf=C3=A9 =3D 1\r\n=2E\r\nFin.\r\n");

  // A restart sends nothing again: the files are the sent mails.
  const auto written = std::filesystem::last_write_time(dir / "eml-key-1.eml");
  h.server().restart();
  std::this_thread::sleep_for(1500ms);
  CHECK(std::filesystem::last_write_time(dir / "eml-key-1.eml") == written);
}

TEST_CASE("outbox: a webhook whose retries are spent is paused and its owner told by mail") {
  TempDir dir;
  Receiver smtp("smtp_sink.py", dir.path / "mail.jsonl");
  Receiver hooks("webhook_sink.py", dir.path / "hooks.jsonl");
  Harness h({"--smtp-url", "smtp://127.0.0.1:" + std::to_string(smtp.port()), "--outbox-retry-base-ms", "1",
             "--mail-from", "Warpath Games <games@warpath.example>"});
  Database db(h.server().db_location());
  db.run(
      "INSERT INTO accounts(name, email, password_hash, created_at) VALUES ('Montcalm', 'louis@example.org', 'x', "
      "'2026-11-24T08:00:00Z')");
  const auto account = db.integer("SELECT id FROM accounts WHERE name = 'Montcalm'");
  const std::string url = hooks.origin() + "/fail/secret-token";
  db.run("INSERT INTO webhooks(account_id, url, created_at) VALUES (?, ?, ?)", {account, url, Database::now()});
  // A message on its last two attempts (13 of 15 made).
  db.add_webhook("doomed-key", account, url, json{{"content", "Your turn"}}.dump(), 13);

  const auto told = [&] { return !smtp.records().empty(); };
  REQUIRE_MESSAGE(wait_until(told, 30s), "no mail to the owner\n", h.server().log_tail());
  const json mail = smtp.records().front();
  CHECK(mail["rcpt_tos"] == json::array({"louis@example.org"}));
  CHECK(mail["mail_from"] == "games@warpath.example");
  CHECK(mail["from"] == "Warpath Games <games@warpath.example>");
  CHECK(mail["subject"] == "Your Warpath webhook was paused");
  const std::string body = mail["body"];
  CHECK(body.find(hooks.origin()) != std::string::npos);
  CHECK(body.find("HTTP 500") != std::string::npos);
  CHECK(body.find("15 attempts") != std::string::npos);
  CHECK(body.find("secret-token") == std::string::npos);  // a webhook URL's path is often a secret

  CHECK(db.integer("SELECT paused_at IS NOT NULL FROM webhooks WHERE account_id = ?", {account}) == 1);
  CHECK(db.integer("SELECT failed_at IS NOT NULL FROM outbox WHERE idempotency_key = 'doomed-key'") == 1);
  CHECK(db.integer("SELECT attempts FROM outbox WHERE idempotency_key = 'doomed-key'") == 15);
  CHECK(db.text("SELECT last_error FROM outbox WHERE idempotency_key = 'doomed-key'") == "HTTP 500");
  CHECK(hooks.records().size() == 2);
  CHECK(h.server().log_tail().find("gave up on webhook doomed-key after 15 attempts") != std::string::npos);

  // A message queued for the paused hook is not posted.
  db.add_webhook("after-pause", account, url, json{{"content", "Again"}}.dump());
  REQUIRE(wait_until([&] { return db.pending() == 0; }, 20s));
  CHECK(db.text("SELECT last_error FROM outbox WHERE idempotency_key = 'after-pause'") ==
        "the webhook was removed, changed or paused");
  CHECK(hooks.records().size() == 2);
  CHECK(smtp.records().size() == 1);
}

TEST_CASE("outbox: two nodes on one database deliver each message exactly once") {
  TempDir dir;
  // A slow relay, so that each node is still delivering one batch when the other claims the next.
  Receiver smtp("smtp_sink.py", dir.path / "mail.jsonl", {"--rcpt-delay-ms", "10"});
  Receiver hooks("webhook_sink.py", dir.path / "hooks.jsonl");
  const auto node = [&](const std::string& id) {
    ServerOptions options = server_options();
    options.db = dir.path / "shared.db";
    options.extra_args.insert(options.extra_args.end(),
                              {"--smtp-url", "smtp://127.0.0.1:" + std::to_string(smtp.port()), "--node-id", id,
                               "--log-level", "debug", "--mail-dir", (dir.path / ("mail-" + id)).string()});
    return std::make_unique<ServerProcess>(options);
  };
  auto east = node("east");
  auto west = node("west");

  std::mt19937_64 rng(20261129);
  std::set<std::string> mail_keys, hook_keys;
  {
    Database db(dir.path / "shared.db");
    for (int i = 0; i < 300; ++i) {
      const std::string key = new_key(rng);
      if (i % 6 == 5) {
        hook_keys.insert(key);
        db.add_webhook(key, nullptr, hooks.origin() + "/hook", json{{"n", i}}.dump());
      } else {
        mail_keys.insert(key);
        db.add_mail(key, "player" + std::to_string(i) + "@example.org", "Your turn", "Move.\n");
      }
      if (i % 25 == 24) std::this_thread::sleep_for(150ms);
    }
    const bool done = wait_until([&] { return db.pending() == 0; }, 60s);
    REQUIRE_MESSAGE(done, db.pending(), " message(s) still pending\n", east->log_tail(), west->log_tail());
    CHECK(db.integer("SELECT COUNT(*) FROM outbox WHERE claimed_by IS NOT NULL") == 0);  // marking ended each
  }

  std::map<std::string, int> mails, calls;
  for (const auto& r : smtp.records()) ++mails[r.value("message_id", "")];
  for (const auto& r : hooks.records())
    if (r.value("status", 0) == 200) ++calls[r.value("key", "")];
  std::size_t repeats = 0;
  for (const auto& key : mail_keys) {
    const int n = mails["<" + key + "@localhost>"];
    CHECK_MESSAGE(n >= 1, "mail ", key, " never arrived");
    repeats += n > 1 ? n - 1 : 0;
  }
  for (const auto& key : hook_keys) {
    const int n = calls[key];
    CHECK_MESSAGE(n >= 1, "webhook call ", key, " never arrived");
    repeats += n > 1 ? n - 1 : 0;
  }
  CHECK(mails.size() == mail_keys.size());
  CHECK(calls.size() == hook_keys.size());
  // Both nodes sent some (else this proved nothing about sharing), and together each message once.
  const auto sent_by = [](ServerProcess& server) {
    std::istringstream log(server.log_tail(std::size_t(1) << 24));
    std::size_t n = 0;
    for (std::string line; std::getline(log, line);)
      n += line.find(" debug outbox: ") != std::string::npos && line.size() > 5 &&
           line.compare(line.size() - 5, 5, " sent") == 0;
    return n;
  };
  const std::size_t by_east = sent_by(*east), by_west = sent_by(*west);
  MESSAGE("east sent ", by_east, ", west ", by_west, " of ", mail_keys.size() + hook_keys.size(), " messages; ",
          repeats, " repeat(s)");
  CHECK(by_east > 0);
  CHECK(by_west > 0);
  CHECK(by_east + by_west == mail_keys.size() + hook_keys.size());
  CHECK(repeats == 0);
}

}  // namespace outbox_test
