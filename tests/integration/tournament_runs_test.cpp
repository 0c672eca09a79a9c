// Whole tournaments on a real server (docs/PROTOCOL.md, "Tournaments"), played by scripted random
// players (random_player.hpp) with the server's clock moved by the test: a 6-player Swiss of 3
// rounds whose pairings bid sealed for sides (13.3), one player sometimes silent so that the
// bidding's deadline bids for them; an 8-player Swiss-elimination (3 Swiss rounds, then the top 4
// in a playoff) with auctions for sides (14.7); a 4-player round-robin pool with balanced sides,
// started by the close of registration. In each one game is left going and decided by the round's
// deadline (adjudicated). At the end the test checks the tournament against what it worked out
// itself from the rounds' games: every pairing decided with the score its game's result gives
// (a draw counting for the French, 13.14), no Swiss pairing repeated, no second bye, balanced
// sides within one game of even, the standings (scores, Buchholz and median-Buchholz or
// Sonneborn-Berger, playoff placings) equal the served ones, the TRF export holds every player and
// every round's opponent, colour and result, every game's record verifies, and every player was
// told of each pairing.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/integration/harness.hpp"
#include "tests/integration/random_player.hpp"
#include "tests/integration/test_clock.hpp"

namespace tournament_runs_test {

using namespace warpath::test;
using nlohmann::json;

namespace {

constexpr std::int64_t minute = 60'000;
constexpr std::int64_t hour = 60 * minute;
constexpr std::int64_t day = 24 * hour;
constexpr std::int64_t start_ms = 1'795'392'000'000 + 10 * hour;
constexpr int round_hours = 336;

const std::vector<std::string> player_names = {"ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"};

std::string iso(std::int64_t ms) {
  const std::time_t seconds = ms / 1000;
  std::tm t{};
  gmtime_r(&seconds, &t);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &t);
  return text;
}

// Unix milliseconds of an ISO 8601 UTC time ("2026-11-23T10:00:00Z", fractions of a second dropped).
std::int64_t ms_of(const std::string& text) {
  std::tm t{};
  REQUIRE_MESSAGE(strptime(text.c_str(), "%Y-%m-%dT%H:%M:%S", &t) != nullptr, "not an ISO time: ", text);
  return static_cast<std::int64_t>(timegm(&t)) * 1000;
}

template <typename F>
bool eventually(F done, std::chrono::seconds timeout = std::chrono::seconds(30)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return done();
}

std::string lobby(std::int64_t id, const std::string& rest = {}) { return "/api/lobby/" + std::to_string(id) + rest; }
std::string game_path(std::int64_t id, const std::string& rest = {}) {
  return "/api/games/" + std::to_string(id) + rest;
}

// How a tournament gives sides.
enum class Sides { sealed, auction, balanced };

// One tournament on a server of its own: the organiser (granted the role with `warpath
// organiser`), the players (addresses confirmed, so that notices are mailed), the clock.
class Run {
 public:
  Run(const std::string& name, int players)
      : clock_("truns-" + name, start_ms),
        h_({"--test-clock", clock_.path(), "--sign-ups-per-ip-per-minute", "100"}),
        organiser_(sign_up(h_, "orga")) {
    const std::string command = "'" + server_options().binary + "' organiser --db '" + h_.server().db_location() +
                                "' --grant orga > /dev/null 2>&1";
    REQUIRE_MESSAGE(std::system(command.c_str()) == 0, command);
    auto mails = [&](const std::string& address) { return mails_to(h_, address); };
    for (int i = 0; i < players; ++i) {
      players_.push_back(sign_up(h_, player_names.at(static_cast<std::size_t>(i))));
      verify_email(players_.back(), mails);
    }
    seed_ = random_play_seed(20261125 + std::hash<std::string>{}(name) % 1000);
    rng_.seed(seed_);
    MESSAGE(name, ": random seed ", seed_, " (WARPATH_RANDOM_SEED repeats the players' choices)");
  }

  Harness& h() { return h_; }
  TestClock& clock() { return clock_; }
  User& organiser() { return organiser_; }
  std::vector<User>& players() { return players_; }
  std::mt19937_64& rng() { return rng_; }
  std::uint64_t seed() const { return seed_; }
  std::int64_t id() const { return id_; }

  User& player(const std::string& name) {
    for (auto& p : players_)
      if (p.name == name) return p;
    FAIL("no player ", name);
    throw std::logic_error("unreachable");
  }

  std::string path(const std::string& rest = {}) const { return "/api/tournaments/" + std::to_string(id_) + rest; }
  json tournament() { return organiser_.ok("GET", path()); }
  json rounds() { return organiser_.ok("GET", path("/rounds"))["rounds"]; }
  json standings() { return organiser_.ok("GET", path("/standings")); }

  // Creates the tournament with `format` and `sides`, every player registered.
  json create(const json& format, const json& sides, int min_players) {
    const json body = {{"name", "Test " + format.value("kind", std::string())},
                       {"title", "wilderness-war"},
                       {"scenario", "annus_mirabilis"},
                       {"options", json::object()},
                       {"time_control", nullptr},
                       {"sides", sides},
                       {"format", format},
                       {"registration_closes", iso(clock_.now() + day)},
                       {"min_players", min_players},
                       {"max_players", 16},
                       {"round_hours", round_hours}};
    const json created = organiser_.ok("POST", "/api/tournaments", body, 201);
    id_ = created.at("id");
    CHECK(created["status"] == "registration");
    CHECK(created["organiser"] == "orga");
    CHECK(created["round"] == 0);
    for (auto& p : players_) {
      const json t = p.ok("POST", path("/register"));
      CHECK(t["me"]["registered"] == true);
    }
    const json t = tournament();
    CHECK(t["players"].size() == players_.size());
    return t;
  }

 private:
  TestClock clock_;
  Harness h_;
  User organiser_;
  std::vector<User> players_;
  std::uint64_t seed_ = 0;
  std::mt19937_64 rng_;
  std::int64_t id_ = 0;
};

// What a failed wait shows: the tournament, its rounds and the end of the server's log.
std::string state_of(Run& run) {
  return "\ntournament: " + run.tournament().dump() + "\nrounds: " + run.rounds().dump() +
         "\nserver log: " + run.h().server().log_tail(3000);
}

json listing_of(User& user, std::int64_t id) { return user.ok("GET", lobby(id))["listing"]; }

// The bidding of one pairing, by its two players, with random bids. Sealed: each bids 0-3 VP for
// a side of their choice, except `silent`, who leaves it to the deadline. Auction: the opener
// states 0-3 VP for a side, then each in turn raises by one (up to 5) or accepts.
void bid_pairing(Run& run, const json& pairing, Sides sides, const std::string& silent) {
  const std::int64_t listing = pairing.at("listing");
  std::mt19937_64& rng = run.rng();
  const std::vector<std::string> roles = {"french", "british"};
  auto coin = [&](double p) { return std::bernoulli_distribution(p)(rng); };
  auto vp = [&] { return std::uniform_int_distribution<int>(0, 3)(rng); };
  auto side = [&] { return roles[std::uniform_int_distribution<std::size_t>(0, 1)(rng)]; };
  const json first = listing_of(run.player(pairing["players"][0]), listing);
  REQUIRE_MESSAGE(first["status"] == "bidding", first.dump());
  REQUIRE(first["private"] == true);
  REQUIRE(first["tournament"]["id"] == run.id());
  if (sides == Sides::sealed) {
    for (const auto& name : pairing["players"]) {
      if (name == silent) continue;
      run.player(name).ok("POST", lobby(listing, "/bid"), {{"vp", vp()}, {"side", side()}});
    }
    return;
  }
  for (int turn = 0; turn < 20; ++turn) {
    const json l = listing_of(run.player(pairing["players"][0]), listing);
    if (l["status"] != "bidding") return;
    const json& state = l["bidding"]["state"];
    REQUIRE(state["to_act"].size() == 1);
    const std::string name = state["players"][state["to_act"][0].get<std::size_t>()];
    User& user = run.player(name);
    if (state["acts"].empty()) {
      user.ok("POST", lobby(listing, "/bid"), {{"vp", vp()}, {"side", side()}});
    } else if (state["standing"]["vp"].get<int>() < 5 && coin(0.4)) {
      user.ok("POST", lobby(listing, "/bid"), {{"vp", state["standing"]["vp"].get<int>() + 1}});
    } else {
      user.ok("POST", lobby(listing, "/accept"));
    }
  }
  FAIL("an auction that never ended: ", listing_of(run.player(pairing["players"][0]), listing).dump());
}

// The round numbered `number` as served.
json round_of(Run& run, int number) {
  for (const auto& r : run.rounds())
    if (r["number"] == number) return r;
  FAIL("no round ", number);
  return nullptr;
}

// One tournament's facts as the test works them out from the rounds and the games' own results.
struct PairingFacts {
  int round = 0;
  std::string stage;
  std::vector<std::string> players;  // one name: a bye
  std::string french, british;
  std::map<std::string, double> score;  // the tournament score the game's result gives
  std::int64_t game = 0;
};

struct RunFacts {
  std::vector<PairingFacts> pairings;
  std::int64_t adjudicated_game = 0;
  int adjudicated_moves = 0;
  double play_seconds = 0;
  int games_played = 0;
  int moves = 0;
};

// Plays every round until the tournament is finished: bids (unless balanced), every game by
// random players at once, except one game (round `adjudicate_round`'s last table) left after 40
// moves for the round's deadline to decide.
RunFacts play_tournament(Run& run, Sides sides, int adjudicate_round, const RandomPlayLimits& limits) {
  RunFacts facts;
  std::uniform_int_distribution<int> percent(0, 99);
  for (int guard = 0; guard < 20; ++guard) {
    REQUIRE(eventually([&] {
      const json t = run.tournament();
      return t["status"] == "finished" ||
             (t["round"].get<int>() > 0 && !run.rounds().empty() && run.rounds().back()["finished_at"].is_null());
    }));
    const json t = run.tournament();
    if (t["status"] == "finished") return facts;
    REQUIRE(t["status"] == "running");
    const int number = t["round"];
    json round = round_of(run, number);
    CAPTURE(number);
    MESSAGE("round ", number, " (", round["name"].get<std::string>(), "): ", round["pairings"].size(), " pairings");

    // Sides: bid for, or given by the pairing.
    bool someone_silent = false;
    for (const auto& pairing : round["pairings"]) {
      if (pairing["status"] == "bye") continue;
      if (sides == Sides::balanced) {
        CHECK(pairing["status"] == "playing");
        CHECK(pairing["bid"].is_null());
        continue;
      }
      REQUIRE_MESSAGE(pairing["status"] == "bidding", pairing.dump());
      // Sealed: the first pairing of each round, and a quarter of the others, have a silent player.
      std::string silent;
      if (sides == Sides::sealed && (pairing["table"] == 1 || percent(run.rng()) < 25)) {
        silent = pairing["players"][std::uniform_int_distribution<std::size_t>(0, 1)(run.rng())];
        someone_silent = true;
      }
      bid_pairing(run, pairing, sides, silent);
    }
    if (someone_silent) {
      // The bidding's deadline bids 0 for the silent players (long before the round's).
      std::int64_t latest = 0;
      for (const auto& pairing : round["pairings"])
        if (!pairing["listing"].is_null()) {
          const json l = listing_of(run.player(pairing["players"][0]), pairing["listing"]);
          if (l["status"] == "bidding")
            latest = std::max(latest, l["bidding"]["state"]["deadline_ms"].get<std::int64_t>());
        }
      REQUIRE(latest > 0);
      REQUIRE(latest < ms_of(round["deadline"]));
      run.clock().set(latest + minute);
    }
    REQUIRE_MESSAGE(eventually([&] {
                      const json now = round_of(run, number);
                      for (const auto& p : now["pairings"])
                        if (p["status"] == "bidding" || (p["status"] != "bye" && p["game"].is_null())) return false;
                      return true;
                    }),
                    round_of(run, number).dump());
    round = round_of(run, number);

    // Every game at once; one of them left going in the chosen round.
    std::vector<GameToPlay> games;
    for (const auto& pairing : round["pairings"]) {
      if (pairing["status"] == "bye") continue;
      REQUIRE_MESSAGE(pairing["status"] == "playing", pairing.dump());
      GameToPlay g;
      g.id = pairing["game"];
      for (const auto& [role, name] : pairing["sides"].items()) g.seats.push_back({run.player(name), role});
      REQUIRE(g.seats.size() == 2);
      games.push_back(std::move(g));
    }
    const bool adjudicate = number == adjudicate_round && facts.adjudicated_game == 0;
    if (adjudicate) {
      games.back().stop_after = 40;
      facts.adjudicated_game = games.back().id;
    }
    const auto outcomes =
        play_random_games(run.h(), games, run.seed() + 100 * static_cast<std::uint64_t>(number), limits);
    for (const auto& o : outcomes) {
      CHECK_MESSAGE(o.error.empty(), o.error, " (game seed ", o.seed, ")");
      facts.play_seconds = std::max(facts.play_seconds, o.seconds);
      facts.moves += o.moves;
      if (o.game == facts.adjudicated_game) {
        CHECK(o.stopped);
        facts.adjudicated_moves = o.moves;
      } else {
        CHECK(o.over);
        ++facts.games_played;
      }
    }
    if (adjudicate) {
      // The round's deadline passes: the game left going is adjudicated, the round closed.
      CHECK(round_of(run, number)["finished_at"].is_null());
      run.clock().set(std::max(run.clock().now(), ms_of(round["deadline"])) + minute);
      REQUIRE_MESSAGE(eventually([&] { return run.h().http_status(facts.adjudicated_game)["status"] == "over"; }),
                      state_of(run));
    }
    REQUIRE_MESSAGE(eventually([&] { return !round_of(run, number)["finished_at"].is_null(); }), state_of(run));
    // The next round is paired, or the tournament finished.
    REQUIRE_MESSAGE(eventually([&] {
                      const json now = run.tournament();
                      return now["status"] == "finished" || now["round"].get<int>() > number;
                    }),
                    state_of(run));
  }
  FAIL("more than 20 rounds");
  return facts;
}

// The tournament score of a finished game from its stored result: the winner's side 1, the
// loser's 0, a draw a French win (13.14).
std::map<std::string, double> score_of_game(const json& result, const std::string& french, const std::string& british) {
  std::string winner = result["winner"].is_string() ? result["winner"].get<std::string>() : "french";
  return {{french, winner == "french" ? 1.0 : 0.0}, {british, winner == "british" ? 1.0 : 0.0}};
}

// Checks every round and pairing as served, and gathers their facts.
void check_rounds(Run& run, RunFacts& facts, Sides sides) {
  const json rounds = run.rounds();
  const auto dir = std::filesystem::temp_directory_path() /
                   ("warpath-truns-" + std::to_string(::getpid()) + "-" + std::to_string(run.id()));
  std::filesystem::create_directories(dir);
  std::map<std::string, int> byes;
  bool adjudicated_seen = false;
  for (const auto& round : rounds) {
    const int number = round["number"];
    CAPTURE(number);
    CHECK(!round["paired_at"].is_null());
    CHECK(!round["finished_at"].is_null());
    CHECK(std::abs(ms_of(round["deadline"]) - ms_of(round["paired_at"]) - round_hours * hour) <= 1000);
    std::set<std::string> seen;
    for (const auto& pairing : round["pairings"]) {
      CAPTURE(pairing.dump());
      PairingFacts p;
      p.round = number;
      p.stage = round["stage"];
      for (const auto& name : pairing["players"]) {
        CHECK_MESSAGE(seen.insert(name.get<std::string>()).second, name, " twice in a round");
        p.players.push_back(name);
      }
      REQUIRE(!pairing["result"].is_null());  // every pairing decided
      if (pairing["status"] == "bye") {
        REQUIRE(p.players.size() == 1);
        ++byes[p.players[0]];
        CHECK(pairing["result"]["how"] == "bye");
        CHECK(pairing["result"]["score"][p.players[0]] == 1);
        p.score[p.players[0]] = 1;
        facts.pairings.push_back(p);
        continue;
      }
      REQUIRE(p.players.size() == 2);
      CHECK(pairing["status"] == "finished");
      p.french = pairing["sides"]["french"];
      p.british = pairing["sides"]["british"];
      CHECK(std::set<std::string>{p.french, p.british} == std::set<std::string>(p.players.begin(), p.players.end()));
      p.game = pairing["game"];
      if (sides == Sides::balanced) {
        CHECK(pairing["bid"].is_null());
        CHECK(pairing["listing"].is_number_integer());
      } else {
        const json l = listing_of(run.player(p.french), pairing["listing"]);
        CHECK(l["game"] == p.game);
        CHECK(l["bidding"]["state"]["outcome"]["bid"] == pairing["bid"]);
      }
      // The game: over, of this tournament, round and table; its result gives the pairing's score.
      User& french = run.player(p.french);
      const json game = french.ok("GET", game_path(p.game));
      CHECK(game["status"] == "over");
      CHECK(game["tournament"]["id"] == run.id());
      CHECK(game["tournament"]["round"] == number);
      CHECK(game["tournament"]["table"] == pairing["table"]);
      p.score = score_of_game(game["result"], p.french, p.british);
      for (const auto& [name, points] : p.score) CHECK(pairing["result"]["score"][name] == points);
      const std::string winner = p.score[p.french] == 1 ? p.french : p.british;
      CHECK(pairing["result"]["winner"] == winner);
      const json record = french.ok("GET", game_path(p.game, "/record"));
      CHECK_MESSAGE(verify_record(dir, "game-" + std::to_string(p.game) + ".json", record) == 0, "game ", p.game);
      bool adjudicate_move = false;
      for (const auto& move : record["moves"])
        if (move.value("verb", "") == "adjudicate") adjudicate_move = true;
      if (p.game == facts.adjudicated_game) {
        adjudicated_seen = true;
        CHECK(pairing["result"]["how"] == "adjudicated");
        CHECK(adjudicate_move);
        // The side ahead on VP wins; equal VP is a draw, a French win.
        const json view = french.ok("GET", game_path(p.game, "/view"))["view"];
        const int vp = view.at("vp");
        CHECK(winner == (vp >= 0 ? p.french : p.british));
      } else {
        CHECK(!adjudicate_move);
        CHECK((pairing["result"]["how"] == "played" || pairing["result"]["how"] == "resigned"));
      }
      facts.pairings.push_back(p);
    }
  }
  CHECK(adjudicated_seen);
  for (const auto& [name, n] : byes) CHECK_MESSAGE(n <= 1, name, " had ", n, " byes");
  std::filesystem::remove_all(dir);
}

// Sides within one game of even for everyone.
void check_balanced_sides(const RunFacts& facts) {
  std::map<std::string, int> french_minus_british;
  for (const auto& p : facts.pairings) {
    if (p.players.size() != 2) continue;
    ++french_minus_british[p.french];
    --french_minus_british[p.british];
  }
  for (const auto& [name, d] : french_minus_british) CHECK_MESSAGE(std::abs(d) <= 1, name, ": ", d);
}

// No two players met twice in the rounds of `stage`.
void check_no_repeats(const RunFacts& facts, const std::string& stage) {
  std::set<std::set<std::string>> met;
  for (const auto& p : facts.pairings)
    if (p.stage == stage && p.players.size() == 2)
      CHECK_MESSAGE(met.insert({p.players[0], p.players[1]}).second, p.players[0], " met ", p.players[1], " again");
}

// The standings of the rounds of `stage`, worked out by the test: points, and the tie-breaks with
// unplayed rounds as the FIDE virtual opponent (server/tournaments/standings.hpp).
struct Row {
  std::string name;
  int seed = 0;
  double score = 0;
  int played = 0, wins = 0, draws = 0, losses = 0, byes = 0;
  std::map<std::string, double> tiebreaks;
};

std::map<std::string, Row> standings_of(const RunFacts& facts, const std::string& stage,
                                        const std::vector<std::string>& seeds) {
  int rounds = 0;
  std::map<std::string, std::map<int, const PairingFacts*>> card;  // name -> round -> pairing
  for (const auto& p : facts.pairings)
    if (p.stage == stage) {
      rounds = std::max(rounds, p.round);
      for (const auto& name : p.players) card[name][p.round] = &p;
    }
  std::map<std::string, Row> rows;
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    Row& row = rows[seeds[i]];
    row.name = seeds[i];
    row.seed = static_cast<int>(i) + 1;
    for (const auto& [round, p] : card[seeds[i]]) {
      const double points = p->score.at(seeds[i]);
      row.score += points;
      if (p->players.size() == 1) {
        ++row.byes;
        continue;
      }
      ++row.played;
      row.wins += points == 1;
      row.draws += points == 0.5;
      row.losses += points == 0;
    }
  }
  // An opponent's score for tie-breaks: their unplayed rounds count as draws.
  auto adjusted = [&](const std::string& name) {
    double s = 0;
    for (int r = 1; r <= rounds; ++r) {
      const auto it = card[name].find(r);
      s += it == card[name].end() || it->second->players.size() == 1 ? 0.5 : it->second->score.at(name);
    }
    return s;
  };
  for (auto& [name, row] : rows) {
    std::vector<double> opponents;
    double sb = 0, before = 0;
    for (int r = 1; r <= rounds; ++r) {
      const auto it = card[name].find(r);
      const PairingFacts* p = it == card[name].end() ? nullptr : it->second;
      const double points = p ? p->score.at(name) : 0;
      double opponent;
      if (p && p->players.size() == 2) {
        opponent = adjusted(p->players[0] == name ? p->players[1] : p->players[0]);
      } else {
        opponent = before + (1 - points) + 0.5 * (rounds - r);  // the virtual opponent
      }
      opponents.push_back(opponent);
      sb += points * opponent;
      before += points;
    }
    double buchholz = 0;
    for (double o : opponents) buchholz += o;
    double median = buchholz;
    if (opponents.size() >= 3)
      median -=
          *std::max_element(opponents.begin(), opponents.end()) + *std::min_element(opponents.begin(), opponents.end());
    row.tiebreaks = {{"buchholz", buchholz}, {"median_buchholz", median}, {"sonneborn_berger", sb}};
  }
  return rows;
}

// `rows` best first by points and the tie-breaks in `order`, then seed.
std::vector<Row> ranked(const std::map<std::string, Row>& rows, const std::vector<std::string>& order) {
  std::vector<Row> out;
  for (const auto& [name, row] : rows) out.push_back(row);
  auto key = [&](const Row& r) {
    std::vector<double> k = {r.score};
    for (const auto& t : order) k.push_back(r.tiebreaks.at(t));
    return k;
  };
  std::stable_sort(out.begin(), out.end(), [&](const Row& a, const Row& b) {
    const auto ka = key(a), kb = key(b);
    for (std::size_t i = 0; i < ka.size(); ++i)
      if (std::abs(ka[i] - kb[i]) > 1e-9) return ka[i] > kb[i];
    return a.seed < b.seed;
  });
  return out;
}

bool equal_keys(const Row& a, const Row& b, const std::vector<std::string>& order) {
  if (std::abs(a.score - b.score) > 1e-9) return false;
  for (const auto& t : order)
    if (std::abs(a.tiebreaks.at(t) - b.tiebreaks.at(t)) > 1e-9) return false;
  return true;
}

// A served row against the test's.
void check_row(const json& served, const Row& mine, const std::vector<std::string>& order) {
  CAPTURE(served.dump());
  CHECK(served["name"] == mine.name);
  CHECK(served["score"].get<double>() == doctest::Approx(mine.score));
  CHECK(served["played"] == mine.played);
  CHECK(served["wins"] == mine.wins);
  CHECK(served["draws"] == mine.draws);
  CHECK(served["losses"] == mine.losses);
  CHECK(served["byes"] == mine.byes);
  CHECK(served["withdrawn"] == false);
  for (const auto& t : order) CHECK(served["tiebreaks"][t].get<double>() == doctest::Approx(mine.tiebreaks.at(t)));
}

// The served standings of a Swiss or a pool: every row equal to the test's, in the test's order,
// equal ranks exactly for rows equal on everything.
void check_standings(const json& served, const std::vector<Row>& mine, const std::vector<std::string>& order) {
  REQUIRE(served["rows"].size() == mine.size());
  int rank = 0;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const json& row = served["rows"][i];
    check_row(row, mine[i], order);
    if (i == 0 || !equal_keys(mine[i], mine[i - 1], order)) rank = static_cast<int>(i) + 1;
    CHECK_MESSAGE(row["rank"] == rank, row.dump());
  }
}

std::vector<std::string> seed_order(Run& run) {
  std::vector<std::string> out;
  const json players = run.tournament()["players"];
  for (std::size_t i = 0; i < players.size(); ++i) {
    CHECK(players[i]["seed"] == static_cast<int>(i) + 1);
    out.push_back(players[i]["name"]);
  }
  return out;
}

// The TRF export: one 001 line per player with the starting rank, the name, and for each round
// the opponent's starting rank, the colour (first seat, the French, "w") and the result.
void check_trf(Run& run, const RunFacts& facts, const std::vector<std::string>& seeds, int rounds) {
  const auto res = run.organiser().send("GET", run.path("/trf"), nullptr, false);
  REQUIRE(res.status == 200);
  CHECK(res.content_type == "text/plain; charset=utf-8");
  CHECK(res.headers.count("content-disposition") == 1);
  CHECK(res.headers.at("content-disposition") ==
        "attachment; filename=\"tournament-" + std::to_string(run.id()) + ".trf\"");
  std::map<std::string, int> rank_of;
  for (std::size_t i = 0; i < seeds.size(); ++i) rank_of[seeds[i]] = static_cast<int>(i) + 1;
  std::istringstream in(res.raw_body);
  std::set<std::string> named;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("001", 0) != 0) continue;
    REQUIRE(line.size() >= 91 + 10 * static_cast<std::size_t>(rounds - 1) + 8);
    std::string name = line.substr(14, 33);
    name.erase(name.find_last_not_of(' ') + 1);
    CAPTURE(line);
    REQUIRE(rank_of.count(name) == 1);
    named.insert(name);
    CHECK(std::stoi(line.substr(4, 4)) == rank_of[name]);
    for (int r = 1; r <= rounds; ++r) {
      const std::string cell = line.substr(91 + 10 * static_cast<std::size_t>(r - 1), 8);
      CAPTURE(r);
      CAPTURE(cell);
      const PairingFacts* p = nullptr;
      for (const auto& f : facts.pairings)
        if (f.round == r && std::find(f.players.begin(), f.players.end(), name) != f.players.end()) p = &f;
      if (!p) {
        CHECK(cell.substr(0, 4) == "0000");
        continue;
      }
      if (p->players.size() == 1) {
        CHECK(cell == "0000 - U");
        continue;
      }
      const std::string opponent = p->players[0] == name ? p->players[1] : p->players[0];
      CHECK(std::stoi(cell.substr(0, 4)) == rank_of[opponent]);
      CHECK(cell[5] == (p->french == name ? 'w' : 'b'));
      const double points = p->score.at(name);
      CHECK(cell[7] == (points == 1 ? '1' : points == 0 ? '0' : '='));
    }
  }
  CHECK(named.size() == seeds.size());
}

// Every player was told of each of their pairings: a mail that their game has begun with its
// link, and with sealed bids, one that it is their turn to bid per pairing; and of the
// tournament's start and finish.
void check_pairing_notices(Run& run, const RunFacts& facts, Sides sides) {
  // The outbox writes the mails a moment after their events: the last one is the finish.
  const std::string page = "tournament.html?id=" + std::to_string(run.id());
  eventually([&] {
    for (auto& player : run.players()) {
      bool finished = false;
      for (const auto& mail : mails_to(run.h(), player.name + "@example.org"))
        finished = finished || (mail.find(page) != std::string::npos && mail.find("finished") != std::string::npos);
      if (!finished) return false;
    }
    return true;
  });
  for (auto& player : run.players()) {
    const auto mails = mails_to(run.h(), player.name + "@example.org");
    int pairings = 0, to_bid = 0;
    for (const auto& mail : mails)
      if (mail.find("turn to bid") != std::string::npos) ++to_bid;
    for (const auto& p : facts.pairings) {
      if (p.players.size() != 2 || std::find(p.players.begin(), p.players.end(), player.name) == p.players.end())
        continue;
      ++pairings;
      const std::string game_link = "game.html?game=" + std::to_string(p.game) + "#";
      bool told = false;
      for (const auto& mail : mails)
        if (mail.find(game_link) != std::string::npos && mail.find("has begun") != std::string::npos) told = true;
      CHECK_MESSAGE(told, player.name, " was not told that their game ", p.game, " (round ", p.round, ") has begun");
    }
    if (sides == Sides::sealed) CHECK_MESSAGE(to_bid >= pairings, player.name, " was told to bid ", to_bid, " times");
    // And of the tournament's start and finish, with its page.
    bool started = false, finished = false;
    for (const auto& mail : mails) {
      if (mail.find(page) == std::string::npos) continue;
      started = started || mail.find("begun") != std::string::npos || mail.find("started") != std::string::npos;
      finished = finished || mail.find("finished") != std::string::npos;
    }
    CHECK_MESSAGE(started, player.name, " was not told that the tournament began");
    CHECK_MESSAGE(finished, player.name, " was not told that the tournament finished");
  }
}

RandomPlayLimits play_limits() {
  RandomPlayLimits limits;
#ifdef WARPATH_SANITIZED_BUILD
  limits.resign_after = 150;  // ~30 times slower: a side resigns after 150 moves
#endif
  return limits;
}

void report(const std::string& what, const RunFacts& facts, std::chrono::steady_clock::time_point start) {
  MESSAGE(what, ": ", facts.games_played, " games played out (", facts.moves, " random moves) and 1 adjudicated in ",
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), " s");
}

}  // namespace

TEST_CASE("tournament run: a 6-player Swiss of 3 rounds, sides by sealed bids") {
  const auto start = std::chrono::steady_clock::now();
  Run run("swiss", 6);
  const json created = run.create({{"kind", "swiss"}, {"rounds", 3}}, {{"mode", "sealed"}}, 4);
  CHECK(created["rounds_planned"] == 3);
  const json started = run.organiser().ok("POST", run.path("/start"));
  CHECK(started["status"] == "running");
  CHECK(started["round"] == 1);

  RunFacts facts = play_tournament(run, Sides::sealed, 2, play_limits());
  const json t = run.tournament();
  CHECK(t["status"] == "finished");
  CHECK(!t["finished_at"].is_null());
  CHECK(t["round"] == 3);
  check_rounds(run, facts, Sides::sealed);
  check_no_repeats(facts, "swiss");
  const auto seeds = seed_order(run);
  const json served = run.standings();
  const std::vector<std::string> order = served["tiebreaks"];
  CHECK(std::set<std::string>(order.begin(), order.end()) == std::set<std::string>{"buchholz", "median_buchholz"});
  check_standings(served, ranked(standings_of(facts, "swiss", seeds), order), order);
  check_trf(run, facts, seeds, 3);
  check_pairing_notices(run, facts, Sides::sealed);
  report("6-player sealed Swiss", facts, start);
}

TEST_CASE("tournament run: an 8-player Swiss-elimination, 3 Swiss rounds and a top-4 playoff, sides by auction") {
  const auto start = std::chrono::steady_clock::now();
  Run run("swiss-elimination", 8);
  run.create({{"kind", "swiss_elimination"}, {"rounds", 3}, {"playoff", 4}}, {{"mode", "auction"}}, 4);
  run.organiser().ok("POST", run.path("/start"));

  RunFacts facts = play_tournament(run, Sides::auction, 1, play_limits());
  const json t = run.tournament();
  CHECK(t["status"] == "finished");
  check_rounds(run, facts, Sides::auction);
  check_no_repeats(facts, "swiss");
  const auto seeds = seed_order(run);
  const json served = run.standings();
  const std::vector<std::string> order = served["tiebreaks"];
  const auto swiss = ranked(standings_of(facts, "swiss", seeds), order);

  // The playoff: the top 4 of the Swiss, 1 v 4 and 2 v 3, then the final of their winners.
  const json rounds = run.rounds();
  REQUIRE(rounds.size() == 5);
  std::vector<const PairingFacts*> semis, final;
  for (const auto& p : facts.pairings) {
    if (p.round == 4) semis.push_back(&p);
    if (p.round == 5) final.push_back(&p);
  }
  CHECK(rounds[3]["stage"] == "playoff");
  CHECK(rounds[3]["name"] == "Semi-final");
  CHECK(rounds[4]["name"] == "Final");
  REQUIRE(semis.size() == 2);
  REQUIRE(final.size() == 1);
  auto pair = [](const PairingFacts* p) { return std::set<std::string>(p->players.begin(), p->players.end()); };
  auto winner = [](const PairingFacts* p) { return p->score.at(p->players[0]) == 1 ? p->players[0] : p->players[1]; };
  auto loser = [&](const PairingFacts* p) { return winner(p) == p->players[0] ? p->players[1] : p->players[0]; };
  CHECK(pair(semis[0]) == std::set<std::string>{swiss[0].name, swiss[3].name});
  CHECK(pair(semis[1]) == std::set<std::string>{swiss[1].name, swiss[2].name});
  CHECK(pair(final[0]) == std::set<std::string>{winner(semis[0]), winner(semis[1])});

  // Standings: champion, finalist, the semi-finalists, then the others in their Swiss order; the
  // tie-breaks are the Swiss part's.
  const json& rows = served["rows"];
  REQUIRE(rows.size() == 8);
  CHECK(rows[0]["name"] == winner(final[0]));
  CHECK(rows[0]["rank"] == 1);
  CHECK(rows[1]["name"] == loser(final[0]));
  CHECK(rows[1]["rank"] == 2);
  CHECK(std::set<std::string>{rows[2]["name"], rows[3]["name"]} ==
        std::set<std::string>{loser(semis[0]), loser(semis[1])});
  CHECK(rows[2]["rank"] == 3);
  CHECK((rows[3]["rank"] == 3 || rows[3]["rank"] == 4));
  std::map<std::string, Row> by_name;
  for (const auto& r : swiss) by_name[r.name] = r;
  for (std::size_t i = 0; i < 8; ++i) {
    CAPTURE(rows[i].dump());
    const Row& mine = by_name.at(rows[i]["name"]);
    for (const auto& tb : order)
      CHECK(rows[i]["tiebreaks"][tb].get<double>() == doctest::Approx(mine.tiebreaks.at(tb)));
    if (i >= 4) {
      // Not in the playoff: ranked by the Swiss, after the four who were.
      CHECK(rows[i]["name"] == swiss[i].name);
      check_row(rows[i], mine, order);
      CHECK(rows[i]["rank"].get<int>() >= 5);
    }
    CHECK(rows[i]["eliminated"] == (i != 0));
  }
  check_trf(run, facts, seeds, 5);
  check_pairing_notices(run, facts, Sides::auction);
  report("8-player Swiss-elimination with auctions", facts, start);
}

TEST_CASE("tournament run: a 4-player round-robin pool, balanced sides, started when registration closes") {
  const auto start = std::chrono::steady_clock::now();
  Run run("pool", 4);
  const json created = run.create({{"kind", "round_robin"}, {"pool_size", 4}}, {{"mode", "balanced"}}, 4);
  // Registration closes by the clock: the tournament starts itself.
  run.clock().set(ms_of(created["registration_closes"]) + minute);
  REQUIRE(eventually([&] { return run.tournament()["status"] == "running"; }));
  CHECK(run.tournament()["rounds_planned"] == 3);

  RunFacts facts = play_tournament(run, Sides::balanced, 3, play_limits());
  const json t = run.tournament();
  CHECK(t["status"] == "finished");
  check_rounds(run, facts, Sides::balanced);
  for (const auto& round : run.rounds()) {
    CHECK(round["stage"] == "pool");
    CHECK(round["name"] == "Pool round " + std::to_string(round["number"].get<int>()));
  }
  check_no_repeats(facts, "pool");
  check_balanced_sides(facts);
  // Everyone met everyone once.
  std::set<std::set<std::string>> met;
  for (const auto& p : facts.pairings) met.insert({p.players[0], p.players[1]});
  CHECK(met.size() == 6);
  const auto seeds = seed_order(run);
  const json served = run.standings();
  CHECK(served["tiebreaks"] == json::array({"sonneborn_berger"}));
  for (const auto& row : served["rows"]) CHECK(row["pool"] == 1);
  check_standings(served, ranked(standings_of(facts, "pool", seeds), {"sonneborn_berger"}), {"sonneborn_berger"});
  check_trf(run, facts, seeds, 3);
  check_pairing_notices(run, facts, Sides::balanced);
  report("4-player pool", facts, start);
}

}  // namespace tournament_runs_test
