#include "tests/integration/random_player.hpp"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>
#include <thread>

#include "protocol/seat_replica.hpp"

namespace warpath::test {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {

// One role of the game over its own WebSocket (the account's session): the view as the server's
// snapshots and patches make it, kept like any client keeps it (resync on a gap or a bad hash).
// Only the view and the log lines are held, not every version, so a long game costs little.
class RandomSeat {
 public:
  RandomSeat(Harness& h, const SeatOwner& owner, std::int64_t game)
      : owner_(owner),
        game_(game),
        ws_(h.server().host(), h.server().port(), "/ws", 10s, {{"Cookie", owner.user.cookie}}) {
    ws_.send({{"type", "join"}, {"game", game_}, {"seat", owner_.role}});
    const auto deadline = Clock::now() + 10s;
    while (!replica_.has_view()) {
      if (Clock::now() > deadline) fail("no snapshot after joining");
      const json message = pump(1s);
      if (message.value("type", "") == "error" && message.value("ref", "") == "")
        fail("join refused: " + message.dump());
    }
  }

  const std::string& role() const { return owner_.role; }
  const User& user() const { return owner_.user; }
  std::uint64_t version() const { return replica_.version(); }
  const json& view() const { return replica_.view(); }
  bool game_over() const { return game_over_; }
  int resyncs() const { return resyncs_; }

  // The seat's listed actions other than undo, as (verb, arg) pairs in the view's order.
  std::vector<Choice> choices() const {
    std::vector<Choice> out;
    const json actions = replica_.view().value("actions", json::object());
    for (const auto& [verb, listed] : actions.items()) {
      if (verb == "undo") continue;
      if (listed.is_boolean() && listed.get<bool>()) out.push_back({verb, nullptr});
      if (listed.is_array())
        for (const auto& arg : listed) out.push_back({verb, arg});
    }
    return out;
  }

  // Receives one message (nothing within `timeout`: null) and applies it.
  json pump(std::chrono::milliseconds timeout) {
    auto text = ws_.receive_text(timeout);
    if (!text) {
      if (ws_.closed()) fail("the server closed the connection (" + std::to_string(ws_.close_code()) + ")");
      return nullptr;
    }
    json message = json::parse(*text, nullptr, false);
    if (message.is_discarded()) fail("a message that is not JSON: " + *text);
    apply(message);
    return message;
  }

  // Pumps until the view is at `version` or later.
  void catch_up(std::uint64_t version, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!replica_.has_view() || replica_.version() < version) {
      if (Clock::now() > deadline)
        fail("waited for version " + std::to_string(version) + ", holds " + std::to_string(replica_.version()));
      pump(200ms);
    }
  }

  // Sends the action at the held version and waits for its answer: the patch or ack carrying its
  // ref, or the error carrying it.
  json act(const Choice& choice, std::chrono::milliseconds timeout) {
    const std::string ref = owner_.role + "-" + std::to_string(++refs_);
    ws_.send({{"type", "action"},
              {"game", game_},
              {"version", replica_.version()},
              {"verb", choice.verb},
              {"arg", choice.arg},
              {"ref", ref}});
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
      const json message = pump(200ms);
      const std::string type = message.is_object() ? message.value("type", "") : "";
      if ((type == "patch" || type == "ack" || type == "error") && message.value("ref", "") == ref) return message;
    }
    fail("no answer to " + choice.verb + " " + choice.arg.dump());
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("game " + std::to_string(game_) + ", " + owner_.role + " (" + owner_.user.name +
                             ") at version " + std::to_string(replica_.version()) + ": " + what);
  }

 private:
  void apply(const json& message) {
    using Outcome = protocol::SeatReplica::Outcome;
    const std::string type = message.value("type", "");
    if (type == "game_over" && message.value("game", std::int64_t{0}) == game_) game_over_ = true;
    const bool mine = message.value("game", std::int64_t{0}) == game_ && message.value("seat", "") == owner_.role;
    if (!mine || (type != "snapshot" && type != "patch" && type != "log")) return;
    switch (replica_.apply(message)) {
      case Outcome::applied:
        if (type != "log") resync_pending_ = false;
        break;
      case Outcome::gap:
      case Outcome::mismatch:
        if (!resync_pending_) {
          ++resyncs_;
          resync_pending_ = true;
          if (replica_.has_view())
            ws_.send({{"type", "resync"}, {"game", game_}, {"version", replica_.version()}});
          else
            ws_.send({{"type", "join"}, {"game", game_}, {"seat", owner_.role}});
        }
        break;
      case Outcome::outdated:
      case Outcome::stale:
        break;
    }
  }

  SeatOwner owner_;
  std::int64_t game_;
  WsClient ws_;
  protocol::SeatReplica replica_;
  bool resync_pending_ = false;
  bool game_over_ = false;
  int resyncs_ = 0;
  int refs_ = 0;
};

std::string game_path(std::int64_t game) { return "/api/games/" + std::to_string(game); }

// GET /api/games/{id} as one of the game's players (a tournament game is private).
json game_info(const User& player, std::int64_t game) {
  User user = player;
  const auto res = user.send("GET", game_path(game), nullptr, false);
  if (res.status != 200)
    throw std::runtime_error("GET " + game_path(game) + " answered " + std::to_string(res.status) + ": " +
                             res.raw_body);
  return res.body;
}

void play(Harness& h, const GameToPlay& game, const RandomPlayLimits& limits, std::mt19937_64& rng,
          RandomGameOutcome& out) {
  std::vector<std::unique_ptr<RandomSeat>> seats;
  for (const auto& owner : game.seats) seats.push_back(std::make_unique<RandomSeat>(h, owner, game.id));
  std::sort(seats.begin(), seats.end(), [](const auto& a, const auto& b) { return a->role() < b->role(); });
  const auto answer_time = 30s;

  auto latest = [&] {
    std::uint64_t v = 0;
    for (const auto& s : seats) v = std::max(v, s->version());
    return v;
  };
  // Every seat at the newest version any of them holds (so the choice below is the same in a
  // repeated run), then whatever else has arrived meanwhile.
  auto settle = [&] {
    const std::uint64_t v = latest();
    for (auto& s : seats) s->catch_up(v, answer_time);
  };
  auto over = [&] {
    for (const auto& s : seats)
      if (s->game_over()) return true;
    return false;
  };

  auto idle_since = Clock::now();
  auto last_asked = idle_since - 1s;
  while (true) {
    settle();
    if (over()) break;
    if (game.stop_after && out.moves >= *game.stop_after) {
      out.stopped = true;
      return;
    }
    if (out.moves >= limits.max_moves)
      throw std::runtime_error("game " + std::to_string(game.id) + " not over after " + std::to_string(out.moves) +
                               " moves (the cap): stuck?");

    RandomSeat* actor = nullptr;
    std::vector<Choice> choices;
    for (auto& s : seats) {
      auto listed = s->choices();
      if (!listed.empty()) {
        actor = s.get();
        choices = std::move(listed);
        break;
      }
    }
    if (!actor) {
      // Nobody may act at the version held: something is on its way (a move of the server's, the
      // game's end), or the game is stuck.
      bool arrived = false;
      for (auto& s : seats)
        if (s->pump(100ms).is_object()) arrived = true;
      if (arrived) {
        idle_since = Clock::now();
        continue;
      }
      // A game that ended before its seats joined sends no game_over: ask the server, now and then.
      if (Clock::now() - last_asked > 1s) {
        last_asked = Clock::now();
        if (game_info(seats.front()->user(), game.id).value("status", "") == "over") break;
      }
      if (Clock::now() - idle_since > limits.idle) {
        const json info = game_info(seats.front()->user(), game.id);
        if (info.value("status", "") == "over") break;
        throw std::runtime_error("game " + std::to_string(game.id) + " at version " + std::to_string(latest()) +
                                 ": nobody may act and nothing happened for " + std::to_string(limits.idle.count()) +
                                 " ms; the game says " + info.dump());
      }
      continue;
    }
    idle_since = Clock::now();

    if (limits.resign_after && out.moves >= *limits.resign_after) {
      User user = actor->user();
      const auto res = user.send("POST", game_path(game.id) + "/resign");
      if (res.status != 200)
        throw std::runtime_error("resigning game " + std::to_string(game.id) + " answered " +
                                 std::to_string(res.status) + ": " + res.raw_body);
      out.resigned = true;
      // The game_over frame follows on the seats' connections.
      const auto deadline = Clock::now() + answer_time;
      while (!over()) {
        if (Clock::now() > deadline) actor->fail("no game_over after resigning");
        for (auto& s : seats) s->pump(50ms);
      }
      break;
    }

    const Choice& choice = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
    const json reply = actor->act(choice, answer_time);
    const std::string type = reply.value("type", "");
    if (type == "patch" || type == "ack") {
      ++out.moves;
      const std::uint64_t to = reply.value(type == "patch" ? "to" : "version", std::uint64_t{0});
      for (auto& s : seats) s->catch_up(to, answer_time);
      continue;
    }
    const std::string code = reply.value("code", "");
    if (code == "stale_version" || code == "not_your_turn") {
      // The game moved on without us (a deadline, a withdrawal, ...): the patches follow.
      ++out.stale;
      if (out.stale > 1000) actor->fail("more than 1000 stale actions");
      continue;
    }
    if (code == "game_over") break;
    actor->fail("the server refused the listed action " + choice.verb + " " + choice.arg.dump() + ": " + reply.dump());
  }
  out.over = true;
  for (const auto& s : seats) out.resyncs += s->resyncs();
  // The result, once the server has stored it.
  const json info = game_info(seats.front()->user(), game.id);
  if (info.value("status", "") != "over")
    throw std::runtime_error("game " + std::to_string(game.id) + " ended for its seats but says " + info.dump());
  out.result = info.value("result", json());
}

}  // namespace

RandomGameOutcome play_random_game(Harness& h, const GameToPlay& game, std::uint64_t seed,
                                   const RandomPlayLimits& limits) {
  RandomGameOutcome out;
  out.game = game.id;
  out.seed = seed;
  const auto start = Clock::now();
  std::mt19937_64 rng(seed);
  try {
    play(h, game, limits, rng, out);
  } catch (const std::exception& e) {
    out.error = e.what();
  }
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

std::vector<RandomGameOutcome> play_random_games(Harness& h, const std::vector<GameToPlay>& games, std::uint64_t seed,
                                                 const RandomPlayLimits& limits) {
  std::vector<RandomGameOutcome> outcomes(games.size());
  std::vector<std::thread> threads;
  threads.reserve(games.size());
  for (std::size_t i = 0; i < games.size(); ++i)
    threads.emplace_back([&, i] { outcomes[i] = play_random_game(h, games[i], seed + i, limits); });
  for (auto& t : threads) t.join();
  return outcomes;
}

std::vector<GameToPlay> running_games_of(const std::vector<User>& users) {
  std::map<std::string, const User*> by_name;
  for (const auto& u : users) by_name[u.name] = &u;
  std::map<std::int64_t, GameToPlay> found;
  for (const auto& u : users) {
    User user = u;
    const auto res = user.send("GET", "/api/my/games", nullptr, false);
    if (res.status != 200) throw std::runtime_error("GET /api/my/games answered " + res.raw_body);
    for (const auto& g : res.body.at("games")) {
      if (g.value("status", "") == "over") continue;
      const std::int64_t id = g.at("id");
      if (found.count(id)) continue;
      GameToPlay game;
      game.id = id;
      for (const auto& p : g.at("players")) {
        const auto owner = by_name.find(p.at("name").get<std::string>());
        if (owner == by_name.end())
          throw std::runtime_error("game " + std::to_string(id) + " has a player not given: " + g.dump());
        game.seats.push_back({*owner->second, p.at("role")});
      }
      found[id] = std::move(game);
    }
  }
  std::vector<GameToPlay> out;
  for (auto& [id, game] : found) out.push_back(std::move(game));
  return out;
}

std::uint64_t random_play_seed(std::uint64_t fallback) {
  const char* from_env = std::getenv("WARPATH_RANDOM_SEED");
  return from_env && *from_env ? std::strtoull(from_env, nullptr, 10) : fallback;
}

}  // namespace warpath::test
