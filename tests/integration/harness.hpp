#pragma once
// What every integration test needs: a server of its own on a free port with a fresh database,
// games created over HTTP, connected seats, and a random but reproducible player.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/http_client.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/ws_client.hpp"

namespace warpath::test {

struct CreatedGame {
  std::int64_t id = 0;
  std::map<std::string, std::string> tokens;  // role -> seat token
  nlohmann::json body;                        // the whole creation answer
};

// The binary under test: $WARPATH_BINARY when set, else the one CMake built.
ServerOptions server_options();

class Harness {
 public:
  // `extra_args` go to `warpath serve` after the usual ones (limits, say).
  explicit Harness(const std::vector<std::string>& extra_args = {});

  ServerProcess& server() { return server_; }
  HttpClient http() const { return HttpClient(server_.host(), server_.port()); }

  CreatedGame create_game(const std::string& scenario = "standard", std::uint64_t seed = 123,
                          const nlohmann::json& options = nullptr);
  // A game of any title the server offers; the answer must seat every one of `roles`.
  CreatedGame create_titled_game(const std::string& title, const std::string& scenario, std::uint64_t seed,
                                 const std::vector<std::string>& roles);
  // A new connection that has joined `seat` (role token for roles, none for spectators).
  std::unique_ptr<SeatClient> join(const CreatedGame& game, const std::string& seat);
  // GET /api/games/{id}/view as the seat of `token` (spectator when empty); fails the test
  // unless it answers 200.
  nlohmann::json http_view(std::int64_t game, const std::string& token = {});
  nlohmann::json http_status(std::int64_t game);

 private:
  ServerProcess server_;
};

// A logged-in account: its cookie and CSRF token, and requests made with them.
struct User {
  HttpClient http;
  std::string name;
  std::string cookie;
  std::string csrf;

  HttpResponse send(const std::string& method, const std::string& target, const nlohmann::json& body = nullptr,
                    bool with_csrf = true);
  // send(), requiring `status`; the answer's body.
  nlohmann::json ok(const std::string& method, const std::string& target, const nlohmann::json& body = nullptr,
                    int status = 200);
  // A WebSocket connection with the account's session.
  std::unique_ptr<SeatClient> seat(Harness& h);
};
// A new account `name` (address name@example.org), logged in.
User sign_up(Harness& h, const std::string& name);
// The same on `server` (one node of several, say).
User sign_up(ServerProcess& server, const std::string& name);

// The bodies of the mails the outbox has written to `address` so far (no relay is configured in
// tests: mails are .eml files beside the database), quoted-printable undone, oldest first.
std::vector<std::string> mails_to(Harness& h, const std::string& address);

// Confirms `user`'s address (name@example.org) with the newest verification link mailed to it, as
// its owner would: `mails` gives the bodies of the mails to an address so far (mails_to, or a
// test's SMTP receiver). Game notices are mailed only to confirmed addresses.
void verify_email(User& user, const std::function<std::vector<std::string>(const std::string&)>& mails);

// Runs `warpath verify` on the record, written to `dir`/`name` (its output beside it); the exit code.
int verify_record(const std::filesystem::path& dir, const std::string& name, const nlohmann::json& record);

struct Choice {
  std::string verb;
  nlohmann::json arg;
};

// A uniformly chosen legal action from a view's `actions`; `undo` only with probability
// `undo_chance` (or when nothing else is listed). nullopt when the seat may not act.
std::optional<Choice> random_action(const nlohmann::json& actions, std::mt19937& rng, double undo_chance);

// How many object keys named `key` occur anywhere in `doc`.
int count_keys(const nlohmann::json& doc, const std::string& key);

// Fails the test if `view`, held by `seat`, shows anything private of another seat.
void check_no_leak(const nlohmann::json& view, const std::string& seat);

// The role whose turn it is, from any seat's view; empty once the game is over.
std::string active_role(const nlohmann::json& view);

// Whether a message as it crossed the wire holds a seat's hand: a view with a "hand" member or a
// patch of one.
bool shows_a_hand(const std::string& raw);

// The role `user` plays in a started game's lobby listing.
std::string role_of(const nlohmann::json& listing, const std::string& user);

// A file's whole content (empty if it cannot be read).
std::string file_text(const std::filesystem::path& path);

// Whether `done()` comes true within `tries` looks 100 ms apart (the server's schedulers look every
// 100 ms under a test clock).
template <typename F>
bool eventually(F done, int tries = 100) {
  for (int i = 0; i < tries; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

}  // namespace warpath::test
