#include "tests/integration/harness.hpp"

#include <doctest/doctest.h>

#include <sys/wait.h>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

namespace warpath::test {

using nlohmann::json;

ServerOptions server_options() {
  ServerOptions options;
  const char* from_env = std::getenv("WARPATH_BINARY");
  options.binary = from_env && *from_env ? from_env : WARPATH_BINARY;
  return options;
}

namespace {
ServerOptions options_with(const std::vector<std::string>& extra_args) {
  ServerOptions options = server_options();
  options.extra_args.insert(options.extra_args.end(), extra_args.begin(), extra_args.end());
  return options;
}
}  // namespace

Harness::Harness(const std::vector<std::string>& extra_args) : server_(options_with(extra_args)) {
  // Without the test game every test would fail later and less clearly.
  const auto titles = http().get("/api/titles");
  REQUIRE_MESSAGE(titles.status == 200, "GET /api/titles answered ", titles.status, ": ", titles.raw_body);
  REQUIRE_MESSAGE(
      titles.raw_body.find("\"test-duel\"") != std::string::npos,
      "the server does not offer test-duel; build it with -DWARPATH_TEST_GAMES=ON. /api/titles: ", titles.raw_body);
}

CreatedGame Harness::create_game(const std::string& scenario, std::uint64_t seed, const json& options) {
  json request = {{"title", "test-duel"}, {"scenario", scenario}, {"seed", seed}};
  if (!options.is_null()) request["options"] = options;
  const auto res = http().post("/api/games", request);
  REQUIRE_MESSAGE(res.status == 201, "POST /api/games ", request.dump(), " answered ", res.status, ": ", res.raw_body);
  CreatedGame game;
  game.body = res.body;
  REQUIRE(res.body.contains("id"));
  game.id = res.body.at("id").get<std::int64_t>();
  for (const auto& [role, token] : res.body.at("seats").items()) game.tokens[role] = token.get<std::string>();
  REQUIRE(game.tokens.count("red") == 1);
  REQUIRE(game.tokens.count("blue") == 1);
  return game;
}

CreatedGame Harness::create_titled_game(const std::string& title, const std::string& scenario, std::uint64_t seed,
                                        const std::vector<std::string>& roles) {
  const json request = {{"title", title}, {"scenario", scenario}, {"seed", seed}};
  const auto res = http().post("/api/games", request);
  REQUIRE_MESSAGE(res.status == 201, "POST /api/games ", request.dump(), " answered ", res.status, ": ", res.raw_body);
  CreatedGame game;
  game.body = res.body;
  game.id = res.body.at("id").get<std::int64_t>();
  for (const auto& [role, token] : res.body.at("seats").items()) game.tokens[role] = token.get<std::string>();
  for (const auto& role : roles) REQUIRE(game.tokens.count(role) == 1);
  return game;
}

std::unique_ptr<SeatClient> Harness::join(const CreatedGame& game, const std::string& seat) {
  auto client = std::make_unique<SeatClient>(server_.host(), server_.port());
  const auto token = game.tokens.find(seat);
  client->join(game.id, seat, token == game.tokens.end() ? std::string() : token->second);
  return client;
}

json Harness::http_view(std::int64_t game, const std::string& token) {
  const auto res = http().get("/api/games/" + std::to_string(game) + "/view", token);
  REQUIRE_MESSAGE(res.status == 200, "GET view answered ", res.status, ": ", res.raw_body);
  return res.body;
}

json Harness::http_status(std::int64_t game) {
  const auto res = http().get("/api/games/" + std::to_string(game));
  REQUIRE_MESSAGE(res.status == 200, "GET game answered ", res.status, ": ", res.raw_body);
  return res.body;
}

std::optional<Choice> random_action(const json& actions, std::mt19937& rng, double undo_chance) {
  std::vector<Choice> choices;
  bool can_undo = false;
  for (const auto& [verb, listed] : actions.items()) {
    if (verb == "undo") {
      can_undo = listed == true;
    } else if (listed.is_boolean()) {
      if (listed.get<bool>()) choices.push_back({verb, nullptr});
    } else if (listed.is_array()) {
      for (const auto& arg : listed) choices.push_back({verb, arg});
    }
  }
  if (can_undo && (choices.empty() || std::bernoulli_distribution(undo_chance)(rng))) return Choice{"undo", nullptr};
  if (choices.empty()) return std::nullopt;
  return choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
}

int count_keys(const json& doc, const std::string& key) {
  int n = 0;
  if (doc.is_object()) {
    for (const auto& [k, v] : doc.items()) n += (k == key) + count_keys(v, key);
  } else if (doc.is_array()) {
    for (const auto& v : doc) n += count_keys(v, key);
  }
  return n;
}

void check_no_leak(const json& view, const std::string& seat) {
  // Duel keeps every hand under "hands" in its state; a view built carelessly from the state
  // would show that key, or a second "hand".
  CHECK_MESSAGE(count_keys(view, "hands") == 0, seat, " sees \"hands\": ", view.dump());
  if (seat == "spectator") {
    CHECK_MESSAGE(count_keys(view, "hand") == 0, "the spectator sees a hand: ", view.dump());
    CHECK_MESSAGE(view.value("actions", json::object()).empty(), "the spectator has actions: ", view.dump());
    return;
  }
  CHECK_MESSAGE(count_keys(view, "hand") == 1, seat, " does not see exactly one hand: ", view.dump());
  REQUIRE(view.contains("hand"));
  REQUIRE(view.contains("hand_sizes"));
  CHECK(view["hand"].size() == view["hand_sizes"].value(seat, -1));
  if (active_role(view) != seat) CHECK_MESSAGE(view["actions"].empty(), seat, " may act out of turn: ", view.dump());
}

std::string active_role(const json& view) { return view.value("active", ""); }

bool shows_a_hand(const std::string& raw) {
  const nlohmann::json message = nlohmann::json::parse(raw);
  if (message.contains("view") && message.at("view").contains("hand")) return true;
  for (const auto& op : message.value("ops", nlohmann::json::array())) {
    const std::string path = op.value("path", "");
    if (path == "/hand" || path.rfind("/hand/", 0) == 0) return true;
    if (op.contains("value") && op.at("value").is_object() && op.at("value").contains("hand")) return true;
  }
  return false;
}

HttpResponse User::send(const std::string& method, const std::string& target, const json& body, bool with_csrf) {
  HeaderMap headers{{"Cookie", cookie}};
  if (with_csrf) headers["X-CSRF-Token"] = csrf;
  return http.request_raw(method, target, body.is_null() ? std::string() : body.dump(), "application/json", {},
                          headers);
}

json User::ok(const std::string& method, const std::string& target, const json& body, int status) {
  auto res = send(method, target, body);
  REQUIRE_MESSAGE(res.status == status, name, " ", method, " ", target, " answered ", res.status, ": ", res.raw_body);
  return res.body;
}

std::unique_ptr<SeatClient> User::seat(Harness& h) {
  return std::make_unique<SeatClient>(h.server().host(), h.server().port(), cookie);
}

User sign_up(Harness& h, const std::string& name) { return sign_up(h.server(), name); }

User sign_up(ServerProcess& server, const std::string& name) {
  HttpClient http(server.host(), server.port());
  auto res = http.request_raw(
      "POST", "/api/accounts",
      json{{"name", name}, {"email", name + "@example.org"}, {"password", "a long enough password"}}.dump(),
      "application/json", {}, {});
  REQUIRE_MESSAGE(res.status == 201, res.raw_body);
  const auto& set = res.headers.at("set-cookie");
  return {http, name, set.substr(0, set.find(';')), res.body["csrf_token"]};
}

void verify_email(User& user, const std::function<std::vector<std::string>(const std::string&)>& mails) {
  const std::string address = user.name + "@example.org", mark = "#verify=";
  std::string token;
  for (int attempt = 0; attempt < 200 && token.empty(); ++attempt) {
    for (const auto& body : mails(address)) {
      const auto at = body.find(mark);
      if (at == std::string::npos) continue;
      const auto start = at + mark.size();
      token = body.substr(start, body.find_first_not_of("0123456789abcdef", start) - start);
    }
    if (token.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  REQUIRE_MESSAGE(!token.empty(), "no verification link was mailed to ", address);
  CHECK(user.ok("POST", "/api/account/verify", {{"token", token}})["account"]["email_verified"] == true);
}

std::vector<std::string> mails_to(Harness& h, const std::string& address) {
  const auto dir = h.server().temp_dir() / "mail";
  std::vector<std::pair<std::filesystem::file_time_type, std::string>> found;
  if (!std::filesystem::exists(dir)) return {};
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".eml") continue;
    std::ifstream in(file.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("To: " + address) == std::string::npos) continue;
    // Undo quoted-printable soft line breaks and the encoded "=".
    std::string plain;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text.compare(i, 3, "=\r\n") == 0) {
        i += 2;
      } else if (text.compare(i, 2, "=\n") == 0) {
        i += 1;
      } else if (text.compare(i, 3, "=3D") == 0) {
        plain += '=';
        i += 2;
      } else {
        plain += text[i];
      }
    }
    found.emplace_back(file.last_write_time(), std::move(plain));
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (auto& [time, text] : found) out.push_back(std::move(text));
  return out;
}

int verify_record(const std::filesystem::path& dir, const std::string& name, const json& record) {
  const auto file = dir / name;
  std::ofstream(file) << record.dump();
  const std::string command = "'" + server_options().binary + "' verify '" + file.string() + "' > '" +
                              (dir / (name + ".out")).string() + "' 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string role_of(const json& listing, const std::string& user) {
  for (const auto& p : listing["players"])
    if (p["name"] == user) return p["role"];
  FAIL("no such player");
  return {};
}

std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace warpath::test
