// The outbox's delivery side without a network: how a mail is written (headers, Message-ID from
// the idempotency key, RFC 2047 and quoted-printable encodings), the .eml file a server without a
// relay writes, the retry schedule (about 15 hours in all), and the storage work the sender
// records outcomes with (due messages, sent, failed attempts, given up: a paused webhook and a
// mail to its owner), and setting and removing an account's webhook. Claims, as several nodes on
// one database take them: never the same message twice while a claim holds, an expired claim
// taken up again, and nodes claiming in concurrent threads each message exactly once.
#include <doctest/doctest.h>
#include <sodium.h>
#include <stdlib.h>

#include <algorithm>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "server/mail/mail_format.hpp"
#include "server/mail/retry_schedule.hpp"
#include "server/storage/outbox_store.hpp"
#include "tests/support/temp_db.hpp"

namespace outbox_test {

using namespace warpath::server;
using namespace warpath::server::mail;
using namespace warpath::server::storage;
using warpath::test::commit_and_wait;
using warpath::test::TempDb;

namespace {

std::string base64_decode(std::string_view text) {
  std::string out(text.size(), '\0');
  std::size_t length = 0;
  REQUIRE(sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                            &length, nullptr, sodium_base64_VARIANT_ORIGINAL) == 0);
  out.resize(length);
  return out;
}

// The text of a header value made of encoded words, as a mail reader shows it.
std::string decode_words(const std::string& value) {
  std::string out;
  std::size_t at = 0;
  while ((at = value.find("=?UTF-8?B?", at)) != std::string::npos) {
    const auto end = value.find("?=", at + 10);
    REQUIRE(end != std::string::npos);
    out += base64_decode(std::string_view(value).substr(at + 10, end - at - 10));
    at = end + 2;
  }
  return out;
}

// RFC 2045 quoted-printable decoding, to check that what is encoded reads back.
std::string decode_qp(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '=') {
      out += text[i];
    } else if (text.compare(i + 1, 2, "\r\n") == 0) {
      i += 2;
    } else {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    }
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0, end;
  while ((end = text.find("\r\n", start)) != std::string::npos) {
    lines.push_back(text.substr(start, end - start));
    start = end + 2;
  }
  CHECK_MESSAGE(start == text.size(), "text does not end with CRLF");
  return lines;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::int64_t add_account(CommitQueue& q, const std::string& name, const char* email) {
  auto id = std::make_shared<std::int64_t>(0);
  commit_and_wait(q, [=](WriteContext& w) {
    auto insert = w.db.prepare("INSERT INTO accounts(name, email, password_hash, created_at) VALUES (?, ?, 'x', 't')");
    insert.bind(1, name);
    if (email)
      insert.bind(2, std::string(email));
    else
      insert.bind_null(2);
    insert.run();
    *id = w.db.last_insert_id();
  });
  return *id;
}

struct Row {
  std::int64_t attempts;
  std::string last_error;
  std::int64_t next_attempt_at;
  bool sent, failed;
};

// Claims the messages due at `now` for `node` until `now + hold`, through the commit queue as the
// sender does.
std::vector<OutboxMessage> claim(CommitQueue& q, const std::string& node, std::int64_t now, std::size_t limit,
                                 std::int64_t hold = 60) {
  std::vector<OutboxMessage> out;
  commit_and_wait(q, [&](WriteContext& w) { out = claim_due(w, node, now, now + hold, limit); });
  return out;
}

std::vector<std::string> keys_of(const std::vector<OutboxMessage>& messages) {
  std::vector<std::string> keys;
  for (const auto& m : messages) keys.push_back(m.idempotency_key);
  return keys;
}

// A message's claim as stored: "node until", or "" when it has none.
std::string claim_of(const std::string& db, const std::string& key) {
  Connection c(db);
  auto q = c.prepare("SELECT claimed_by, claimed_until FROM outbox WHERE idempotency_key = ?");
  q.bind(1, key);
  REQUIRE(q.step());
  if (q.column_is_null(0)) {
    CHECK(q.column_is_null(1));
    return "";
  }
  return q.column_text(0) + " " + std::to_string(q.column_int(1));
}

Row row(const std::string& db, const std::string& key) {
  Connection c(db);
  auto q = c.prepare(
      "SELECT attempts, COALESCE(last_error, ''), next_attempt_at, sent_at IS NOT NULL, failed_at IS NOT NULL "
      "FROM outbox WHERE idempotency_key = ?");
  q.bind(1, key);
  REQUIRE(q.step());
  return {q.column_int(0), q.column_text(1), q.column_int(2), q.column_int(3) != 0, q.column_int(4) != 0};
}

}  // namespace

TEST_CASE("a configured sender is read as a display name and an address") {
  const auto box = parse_mailbox("Warpath <warpath@localhost>");
  CHECK(box.display_name == "Warpath");
  CHECK(box.address == "warpath@localhost");
  CHECK(parse_mailbox(" games@example.org ").address == "games@example.org");
  CHECK(parse_mailbox(" games@example.org ").display_name.empty());
  CHECK(parse_mailbox("\"Warpath, the server\" <w@example.org>").display_name == "Warpath, the server");
  CHECK(domain_of("w@mail.example.org") == "mail.example.org");
  CHECK_THROWS_AS(parse_mailbox("Warpath"), std::invalid_argument);
  CHECK_THROWS_AS(parse_mailbox("Warpath <>"), std::invalid_argument);
  CHECK_THROWS_AS(parse_mailbox("Warpath <w@>"), std::invalid_argument);
  CHECK_THROWS_AS(parse_mailbox("a b@example.org"), std::invalid_argument);
}

TEST_CASE("a plain mail: every header, the Message-ID from the key, CRLF line ends") {
  const std::string text = format_mail({parse_mailbox("Warpath <warpath@games.example.org>"), "louis@example.org",
                                        "Your turn", "It is your turn.\nMove!\n", "0a1b2c", 1795000000});
  CHECK(text ==
        "From: Warpath <warpath@games.example.org>\r\n"
        "To: louis@example.org\r\n"
        "Subject: Your turn\r\n"
        "Date: Wed, 18 Nov 2026 11:06:40 +0000\r\n"
        "Message-ID: <0a1b2c@games.example.org>\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        "Content-Transfer-Encoding: quoted-printable\r\n"
        "\r\n"
        "It is your turn.\r\n"
        "Move!\r\n");
  CHECK(rfc5322_date(0) == "Thu, 01 Jan 1970 00:00:00 +0000");
  CHECK(message_id("k", parse_mailbox("x@y.org")) == "<k@y.org>");
}

TEST_CASE("text that is not ASCII: encoded words in headers, quoted-printable in the body") {
  CHECK(encode_header_text("Café au lait") == "=?UTF-8?B?Q2Fmw6kgYXUgbGFpdA==?=");
  CHECK(encode_header_text("Plain words") == "Plain words");
  // Text that looks like an encoded word is encoded, so that a reader does not decode it.
  CHECK(encode_header_text("=?UTF-8?B?QQ==?=") != "=?UTF-8?B?QQ==?=");

  // A long subject: several words, folded, none longer than 75 characters, none splitting a
  // character, and read back whole.
  const std::string subject = "Partie terminée — vous avez gagné ! Félicitations, général Montcalm, à Québec";
  const std::string encoded = encode_header_text(subject);
  const auto words = lines_of(encoded + "\r\n");
  CHECK(words.size() > 1);
  for (std::size_t i = 0; i < words.size(); ++i) {
    CHECK(words[i].size() <= (i == 0 ? 64u : 65u));
    if (i > 0) CHECK(words[i][0] == ' ');
    const std::string piece = decode_words(words[i]);
    CHECK_FALSE(piece.empty());
    CHECK((static_cast<unsigned char>(piece[0]) & 0xc0) != 0x80);  // no word starts inside a character
  }
  CHECK(decode_words(encoded) == subject);

  const auto mail =
      format_mail({parse_mailbox("Général <g@example.org>"), "a@example.org", "Café", "Café = 1\n", "key", 0});
  CHECK(mail.find("\r\nSubject: =?UTF-8?B?Q2Fmw6k=?=\r\n") != std::string::npos);
  CHECK(mail.rfind("From: =?UTF-8?B?R8OpbsOpcmFs?= <g@example.org>\r\n", 0) == 0);
  CHECK(mail.substr(mail.find("\r\n\r\n") + 4) == "Caf=C3=A9 =3D 1\r\n");
  for (unsigned char c : mail) CHECK_MESSAGE(c < 0x80, "the message is 7-bit");
}

TEST_CASE("no header injection through a subject or an address") {
  const auto mail = format_mail(
      {parse_mailbox("w@example.org"), "a@example.org\r\nBcc: b@example.org", "Hi\r\nBcc: c@example.org", "", "k", 0});
  CHECK(mail.find("\r\nBcc:") == std::string::npos);
  CHECK(mail.find("Subject: Hi  Bcc: c@example.org\r\n") != std::string::npos);
}

TEST_CASE("quoted-printable: short lines, trailing spaces, leading dots, and it reads back") {
  CHECK(quoted_printable("a \nb\t\n") == "a=20\r\nb=09\r\n");
  CHECK(quoted_printable(".\n") == "=2E\r\n");
  CHECK(quoted_printable("") == "\r\n");
  CHECK(quoted_printable("x\r\ny") == "x\r\ny\r\n");
  std::string long_line;
  for (int i = 0; i < 60; ++i) long_line += "é.";
  const std::string encoded = quoted_printable(long_line + "\n\nend");
  for (const auto& line : lines_of(encoded)) {
    CHECK(line.size() <= 76);
    CHECK(line.rfind('.', 0) != 0);
  }
  CHECK(decode_qp(encoded) == long_line + "\r\n\r\nend\r\n");
}

TEST_CASE("the retry schedule: 30 s doubling, capped, 15 attempts over about 15 hours") {
  const RetrySchedule schedule;
  using std::chrono::milliseconds;
  using std::chrono::seconds;
  CHECK(schedule.delay_after(1) == seconds(30));
  CHECK(schedule.delay_after(2) == seconds(60));
  CHECK(schedule.delay_after(8) == seconds(3840));
  CHECK(schedule.delay_after(9) == seconds(7680));
  CHECK(schedule.delay_after(14) == seconds(7680));
  CHECK(schedule.delay_after(1000) == seconds(7680));
  CHECK_FALSE(schedule.spent(14));
  CHECK(schedule.spent(15));
  CHECK(schedule.total() == seconds(53730));
  CHECK(schedule.total() > std::chrono::hours(14));
  CHECK(schedule.total() < std::chrono::hours(16));
  // A shorter base (tests) keeps the shape.
  const RetrySchedule fast{milliseconds(10)};
  CHECK(fast.delay_after(3) == milliseconds(40));
  CHECK(fast.total() == milliseconds(17910));
}

TEST_CASE(".eml files: written whole under the key's name, replaced, nothing left behind") {
  // A directory of its own (TempDb has none when the tests run on PostgreSQL).
  struct Scratch {
    std::filesystem::path path;
    Scratch() {
      char pattern[] = "/tmp/warpath-eml-XXXXXX";
      REQUIRE(mkdtemp(pattern));
      path = pattern;
    }
    ~Scratch() { std::filesystem::remove_all(path); }
  } scratch;
  const auto dir = scratch.path / "mail" / "nested";
  const auto path = write_eml(dir, "abc-123_x", "first\r\n");
  CHECK(path == dir / "abc-123_x.eml");
  CHECK(read_file(path) == "first\r\n");
  write_eml(dir, "abc-123_x", "second\r\n");
  CHECK(read_file(path) == "second\r\n");
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    ++files;
    CHECK(entry.path().filename() == "abc-123_x.eml");
  }
  CHECK(files == 1);
  CHECK_THROWS_AS(write_eml(dir, "../escape", "x"), std::invalid_argument);
  CHECK_THROWS_AS(write_eml(dir, "", "x"), std::invalid_argument);
  CHECK_THROWS_AS(write_eml(dir, "a.b", "x"), std::invalid_argument);
}

TEST_CASE("due messages, sent and failed attempts") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  OutboxStore store(tmp.path());
  std::string early, late, later;
  commit_and_wait(q, [&](WriteContext& w) {
    late = enqueue_mail(w, {std::nullopt, "b@example.org", "B", "b"}, 200);
    early = enqueue_mail(w, {std::nullopt, "a@example.org", "A", "a"}, 100);
    later = enqueue_mail(w, {std::nullopt, "c@example.org", "C", "c"}, 300);
  });
  CHECK(store.count_pending() == 3);
  CHECK_FALSE(store.any_claimable("local", 50));
  CHECK(claim(q, "local", 50, 10).empty());
  CHECK(store.any_claimable("local", 250));
  auto due = claim(q, "local", 250, 10);
  REQUIRE(due.size() == 2);
  CHECK(due[0].idempotency_key == early);  // the longest due first
  CHECK(due[0].kind == "mail");
  CHECK(due[0].recipient == "a@example.org");
  CHECK(due[0].subject == "A");
  CHECK(due[0].body == "a");
  CHECK(due[1].idempotency_key == late);
  CHECK(due[0].claimed_until == 310);
  CHECK(claim_of(tmp.path(), early) == "local 310");
  CHECK(claim(q, "local", 1000, 1).size() == 1);  // its own claims a node takes again

  commit_and_wait(q, mark_sent(due[0].id, 260));
  commit_and_wait(q, mark_attempt_failed(due[1].id, 1, "connection refused", 290));
  CHECK(row(tmp.path(), early).sent);
  const Row failed = row(tmp.path(), late);
  CHECK(failed.attempts == 1);
  CHECK(failed.last_error == "connection refused");
  CHECK(failed.next_attempt_at == 290);
  CHECK_FALSE(failed.sent);
  CHECK(claim_of(tmp.path(), early).empty());  // marking ends the claim
  CHECK(claim_of(tmp.path(), late).empty());
  auto now_due = claim(q, "local", 295, 10);
  REQUIRE(now_due.size() == 1);  // the sent one is gone, the later one not yet due
  CHECK(now_due[0].idempotency_key == late);
  CHECK(now_due[0].attempts == 1);
  CHECK(store.count_pending() == 2);

  commit_and_wait(q, mark_given_up(now_due[0].id, 15, "still refused", 400, std::nullopt));
  CHECK(row(tmp.path(), late).failed);
  CHECK(row(tmp.path(), late).attempts == 15);
  CHECK(claim_of(tmp.path(), late).empty());
  CHECK(store.count_pending() == 1);
  CHECK(claim(q, "local", 10000, 10).size() == 1);
}

TEST_CASE("a webhook whose retries are spent is paused and its owner told, once") {
  TempDb tmp;
  CommitQueue q(tmp.path());
  OutboxStore store(tmp.path());
  const auto owner = add_account(q, "Montcalm", "louis@example.org");
  const auto deleted = add_account(q, "Wolfe", nullptr);
  CHECK_FALSE(store.webhook_url(owner));
  commit_and_wait(q, set_webhook(owner, "https://hooks.example.org/secret", 10));
  commit_and_wait(q, set_webhook(deleted, "https://hooks.example.org/other", 10));
  CHECK(store.webhook_url(owner) == "https://hooks.example.org/secret");
  CHECK(store.webhook_active(owner, "https://hooks.example.org/secret"));
  CHECK_FALSE(store.webhook_active(owner, "https://elsewhere.example.org/"));

  std::optional<std::string> first, second, orphan;
  commit_and_wait(q, [&](WriteContext& w) {
    first = enqueue_webhook(w, owner, "Your turn", {{"event", "your_turn"}}, 20);
    second = enqueue_webhook(w, owner, "Your turn", {{"event", "your_turn"}}, 21);
    orphan = enqueue_webhook(w, deleted, "Your turn", {{"event", "your_turn"}}, 22);
  });
  REQUIRE(first);
  REQUIRE(second);
  REQUIRE(orphan);
  const auto due = claim(q, "local", 100, 10);
  REQUIRE(due.size() == 3);
  CHECK(due[0].kind == "webhook");
  CHECK(due[0].account == owner);
  CHECK(nlohmann::json::parse(due[0].body) == nlohmann::json{{"event", "your_turn"}, {"content", "Your turn"}});

  const OutgoingMail notice{std::nullopt, "", "Your Warpath webhook was paused", "It failed."};
  commit_and_wait(q, mark_given_up(due[0].id, 15, "HTTP 500", 500, notice));
  CHECK_FALSE(store.webhook_active(owner, "https://hooks.example.org/secret"));
  CHECK(store.webhook_url(owner) == "https://hooks.example.org/secret");  // paused, not removed
  auto mails = claim(q, "local", 1000, 10);
  REQUIRE(mails.size() == 3);  // the other two webhook messages and the notice
  const auto& mail = mails.back();
  CHECK(mail.kind == "mail");
  CHECK(mail.recipient == "louis@example.org");
  CHECK(mail.account == owner);
  CHECK(mail.subject == "Your Warpath webhook was paused");
  CHECK(mail.body == "It failed.");

  // The second message for the same hook pauses nothing more and tells no one again; an account
  // without an e-mail address (deleted) gets its hook paused and no mail.
  commit_and_wait(q, mark_given_up(due[1].id, 15, "HTTP 500", 501, notice));
  commit_and_wait(q, mark_given_up(due[2].id, 15, "HTTP 500", 502, notice));
  CHECK_FALSE(store.webhook_active(deleted, "https://hooks.example.org/other"));
  const auto left = claim(q, "local", 1000, 10);
  REQUIRE(left.size() == 1);
  CHECK(left[0].kind == "mail");

  // A paused hook queues nothing; setting it again resumes it; removing it removes it.
  commit_and_wait(q,
                  [&](WriteContext& w) { CHECK_FALSE(enqueue_webhook(w, owner, "x", nlohmann::json::object(), 600)); });
  commit_and_wait(q, set_webhook(owner, "https://hooks.example.org/new", 700));
  CHECK(store.webhook_active(owner, "https://hooks.example.org/new"));
  commit_and_wait(q, [&](WriteContext& w) { CHECK(enqueue_webhook(w, owner, "x", nlohmann::json::object(), 701)); });
  commit_and_wait(q, delete_webhook(owner));
  CHECK_FALSE(store.webhook_url(owner));
  CHECK_FALSE(store.webhook_active(owner, "https://hooks.example.org/new"));
}

TEST_CASE("two nodes never claim the same message while its claim holds; an expired claim is taken up") {
  TempDb tmp;
  // Each node has its own writer on the shared database, as separate servers would.
  CommitQueue node_a(tmp.path()), node_b(tmp.path()), node_c(tmp.path());
  OutboxStore store(tmp.path());
  std::vector<std::string> keys;
  commit_and_wait(node_a, [&](WriteContext& w) {
    for (int i = 0; i < 5; ++i)
      keys.push_back(enqueue_mail(w, {std::nullopt, "p@example.org", "S" + std::to_string(i), "b"}, 100 + i));
  });

  // A takes the three longest due until 260; B, ten seconds later, only what is left.
  const auto a = claim(node_a, "a", 200, 3);
  CHECK(keys_of(a) == std::vector<std::string>{keys[0], keys[1], keys[2]});
  CHECK(claim_of(tmp.path(), keys[0]) == "a 260");
  const auto b = claim(node_b, "b", 210, 10);
  CHECK(keys_of(b) == std::vector<std::string>{keys[3], keys[4]});
  CHECK(claim_of(tmp.path(), keys[4]) == "b 270");
  // Nothing is left for a third node while both claims hold; its own a node may take again.
  CHECK_FALSE(store.any_claimable("c", 230));
  CHECK(claim(node_c, "c", 230, 10).empty());
  CHECK(store.any_claimable("a", 230));
  CHECK(keys_of(claim(node_b, "b", 230, 10)) == std::vector<std::string>{keys[3], keys[4]});  // now until 290

  // A records two outcomes (which end their claims), then dies holding the third message's.
  commit_and_wait(node_a, mark_sent(a[0].id, 235));
  commit_and_wait(node_a, mark_attempt_failed(a[1].id, 1, "refused", 300));
  CHECK(claim_of(tmp.path(), keys[1]).empty());
  CHECK(claim(node_c, "c", 259, 10).empty());  // the claim holds until 260 itself
  const auto taken_up = claim(node_c, "c", 260, 10);
  REQUIRE(keys_of(taken_up) == std::vector<std::string>{keys[2]});
  CHECK(taken_up[0].subject == "S2");
  CHECK(claim_of(tmp.path(), keys[2]) == "c 320");
  CHECK(claim(node_a, "a", 261, 10).empty());  // A is back: its old claim is C's now

  // Once the failed one is due again and B's claims have expired, C takes everything unsent, the
  // longest due first.
  CHECK(keys_of(claim(node_c, "c", 300, 10)) == std::vector<std::string>{keys[2], keys[3], keys[4], keys[1]});
  commit_and_wait(node_c, mark_given_up(taken_up[0].id, 15, "refused", 301, std::nullopt));
  CHECK(claim_of(tmp.path(), keys[2]).empty());
  CHECK(keys_of(claim(node_c, "c", 302, 10)) == std::vector<std::string>{keys[3], keys[4], keys[1]});
}

TEST_CASE("nodes claiming in concurrent threads take each message exactly once") {
  TempDb tmp;
  constexpr int messages = 600, nodes = 3;
  std::vector<std::unique_ptr<CommitQueue>> queues;
  for (int n = 0; n < nodes; ++n) queues.push_back(std::make_unique<CommitQueue>(tmp.path()));
  commit_and_wait(*queues[0], [&](WriteContext& w) {
    for (int i = 0; i < messages; ++i)
      enqueue_mail(w, {std::nullopt, "p@example.org", std::to_string(i), "b"}, 100 + i % 7);
  });

  // Each node claims small batches as fast as it can and marks what it claimed sent, like a
  // sender; the claims hold far longer than the run, so no message may be taken twice.
  std::vector<std::vector<std::int64_t>> claimed(nodes);
  std::vector<std::string> errors(nodes);
  std::vector<std::thread> threads;
  for (int n = 0; n < nodes; ++n) {
    threads.emplace_back([&, n] {
      try {
        CommitQueue& q = *queues[n];
        const std::string node = "node-" + std::to_string(n);
        for (;;) {
          std::promise<std::optional<std::string>> done;
          std::vector<OutboxMessage> batch;
          q.submit([&](WriteContext& w) { batch = claim_due(w, node, 1000, 100000, 7); },
                   [&](std::optional<std::string> e) { done.set_value(e); });
          if (auto e = done.get_future().get()) throw std::runtime_error(*e);
          if (batch.empty()) return;
          std::promise<std::optional<std::string>> marked;
          q.submit(
              [&](WriteContext& w) {
                for (const auto& m : batch) mark_sent(m.id, 1001)(w);
              },
              [&](std::optional<std::string> e) { marked.set_value(e); });
          if (auto e = marked.get_future().get()) throw std::runtime_error(*e);
          for (const auto& m : batch) claimed[n].push_back(m.id);
          // SQLite's busy handler would let one writer starve the others: leave them a moment.
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
      } catch (const std::exception& e) {
        errors[n] = e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  std::map<std::int64_t, int> times;
  for (int n = 0; n < nodes; ++n) {
    CHECK_MESSAGE(errors[n].empty(), errors[n]);
    for (const auto id : claimed[n]) ++times[id];
    MESSAGE("node ", n, " claimed ", claimed[n].size(), " messages");
  }
  int twice = 0;
  for (const auto& [id, count] : times) twice += count > 1;
  CHECK(twice == 0);
  CHECK(times.size() == static_cast<std::size_t>(messages));
  // The claims interleaved: more than one node got work (else the test proved nothing).
  CHECK(std::count_if(claimed.begin(), claimed.end(), [](const auto& c) { return !c.empty(); }) > 1);
  CHECK(OutboxStore(tmp.path()).count_pending() == 0);
}

}  // namespace outbox_test
