// What a move costs the server between the rules and the network: random games of a title played
// in process, each move followed by GameFeed::advance for every seat watched (two players and a
// spectator seat, as in a room with spectators). Prints one JSON object: µs per move for the rules
// (Match::play, legality check included) and for the feed, the median sizes of what the feed
// produces, and a hash of every frame it sent (`frames_hash`: the same before and after a change
// that must not alter them). No sockets, no database: the load generator measures the whole server.
//
// `phases`: the players' patches against what the client holds, by fifth of each game (a sample
// every 7 moves): the patch frame's bytes over the seat's current view serialised (what a
// snapshot's view would weigh), and over that view plus every log line of the seat serialised
// (what a client that joined at the start holds).
//
// `--memory-rooms N` instead: N games held at once, each with its feed and every seat watched,
// played move by move side by side; the process's RSS per room at checkpoints over the games
// (what a room costs the server besides its connections, and whether that grows with the game).
//
// usage: warpath-feed-bench [--title T] [--scenario S] [--games N] [--seed K] [--memory-rooms N]

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/core/hash.hpp"
#include "engine/core/log_stream.hpp"
#include "engine/core/match.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "engine/wilderness_war/module.hpp"
#include "protocol/game_feed.hpp"

using namespace warpath;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

// The process's resident set, in KB.
double rss_kb() {
  std::ifstream statm("/proc/self/statm");
  double pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<double>(sysconf(_SC_PAGESIZE)) / 1024.0;
}

// Per room: RSS at move 0, 100, 200, ... 1,000 of N games held side by side.
json memory_per_room(const engine::GameModule& module, const std::string& scenario, int rooms, std::uint64_t seed,
                     const std::vector<std::string>& seats) {
  const std::set<std::string> watched(seats.begin(), seats.end());
  const double before = rss_kb();
  std::vector<engine::Match> matches;
  std::vector<std::unique_ptr<protocol::GameFeed>> feeds;
  std::vector<engine::Rng> choosers;
  matches.reserve(static_cast<std::size_t>(rooms));
  for (int r = 0; r < rooms; ++r) {
    matches.push_back(engine::Match::start(module, scenario, json::object(), seed + static_cast<std::uint64_t>(r)));
    feeds.push_back(std::make_unique<protocol::GameFeed>(r + 1, matches.back(), seats));
    for (const auto& seat : seats) feeds.back()->snapshot(matches.back(), seat);
    choosers.emplace_back(seed * 31 + static_cast<std::uint64_t>(r));
  }
  json out = json::array();
  for (int move = 0; move <= 1000; ++move) {
    if (move % 100 == 0) {
      std::size_t playing = 0, lines = 0;
      for (const auto& m : matches) {
        playing += m.is_over() ? 0 : 1;
        lines += module.log_size(m.state(), seats.front());
      }
      out.push_back({{"move", move},
                     {"games_going_on", playing},
                     {"mean_log_lines", lines / matches.size()},
                     {"kb_per_room", (rss_kb() - before) / rooms}});
    }
    for (std::size_t r = 0; r < matches.size(); ++r) {
      auto& match = matches[r];
      if (match.is_over()) continue;
      const auto role = match.active_roles().front();
      const auto& listed = match.listed_actions(role);
      const auto action = listed[choosers[r].below(static_cast<std::uint32_t>(listed.size()))].to_action();
      if (match.play(role, action)) throw std::runtime_error("a listed action was refused");
      feeds[r]->advance(match, watched);
    }
  }
  return out;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string title = "wilderness-war", scenario = "annus_mirabilis";
  int games = 20, memory_rooms = 0;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--title")
      title = value;
    else if (flag == "--scenario")
      scenario = value;
    else if (flag == "--games")
      games = std::stoi(value);
    else if (flag == "--seed")
      seed = std::stoull(value);
    else if (flag == "--memory-rooms")
      memory_rooms = std::stoi(value);
    else {
      std::cerr << "unknown flag " << flag << "\n";
      return 2;
    }
  }
  engine::GameRegistry registry;
  registry.add(wilderness_war::make_wilderness_war());
  const engine::GameModule* module = registry.find(title);
  if (!module) {
    std::cerr << "unknown title " << title << "\n";
    return 2;
  }
  std::vector<std::string> seats = module->info().roles;
  seats.emplace_back(engine::spectator_seat);
  const std::set<std::string> watched(seats.begin(), seats.end());
  if (memory_rooms > 0) {
    std::cout << json{{"title", title},
                      {"scenario", scenario},
                      {"rooms", memory_rooms},
                      {"seats_watched", seats.size()},
                      {"memory", memory_per_room(*module, scenario, memory_rooms, seed, seats)}}
                     .dump()
              << "\n";
    return 0;
  }

  double rules_seconds = 0, feed_seconds = 0;
  long moves = 0;
  std::vector<double> patch_bytes, snapshot_bytes, ratios;
  constexpr int fifths = 5;
  struct Sample {
    long move;
    double patch, view, held;
  };
  std::vector<std::vector<Sample>> by_phase(fifths);
  engine::Fnv1a64 frames_hash;  // of every frame sent, in order: a change that should not alter them must not
  for (int g = 0; g < games; ++g) {
    auto match = engine::Match::start(*module, scenario, json::object(), seed + static_cast<std::uint64_t>(g));
    engine::Rng chooser(seed * 31 + static_cast<std::uint64_t>(g));
    protocol::GameFeed feed(g + 1, match, seats);
    for (const auto& seat : seats) feed.snapshot(match, seat);
    std::vector<Sample> samples;
    long game_moves = 0;
    // The bytes of each log line a client that joined at the start holds, by seat (the state holds
    // only the newest lines): the set-up's, then what every patch keeps and adds.
    std::map<std::string, std::vector<double>> line_bytes;
    for (const auto& seat : seats)
      for (const auto& line : module->log_lines(match.state(), seat, 0, module->log_size(match.state(), seat)))
        line_bytes[seat].push_back(static_cast<double>(line.dump().size()));
    while (!match.is_over()) {
      const auto role = match.active_roles().front();
      const auto started = Clock::now();
      const auto& listed = match.listed_actions(role);
      const auto action = listed[chooser.below(static_cast<std::uint32_t>(listed.size()))].to_action();
      const auto before = match.shared_state();
      if (match.play(role, action)) {
        std::cerr << "a listed action was refused\n";
        return 1;
      }
      const auto played = Clock::now();
      // As a room does: the move's log change is worked out once, stored, and sent in the patches.
      const engine::MoveLog log_change(*module, *before, match.state(), seats);
      const auto deliveries = feed.advance(match, watched, &log_change);
      const auto fed = Clock::now();
      rules_seconds += std::chrono::duration<double>(played - started).count();
      feed_seconds += std::chrono::duration<double>(fed - played).count();
      ++moves;
      for (const auto& d : deliveries)
        for (const auto& frame : d.frames) frames_hash.add(*frame);
      for (const auto& d : deliveries) {
        if (!d.patch) continue;
        const json frame = json::parse(*d.frames[0]);
        if (!frame.contains("log")) continue;
        auto& held = line_bytes[d.seat];
        held.resize(frame["log"]["keep"].get<std::size_t>());
        for (const auto& line : frame["log"]["lines"]) held.push_back(static_cast<double>(line.dump().size()));
      }
      if (++game_moves % 7 == 0)
        for (const auto& d : deliveries)
          if (d.patch && d.seat != engine::spectator_seat) {
            const double view = static_cast<double>(feed.seat_view(match, d.seat).view.dump().size());
            double log_bytes = 0;
            for (double bytes : line_bytes[d.seat]) log_bytes += bytes;
            samples.push_back({game_moves, static_cast<double>(d.frames[0]->size()), view, view + log_bytes});
          }
      if (moves % 97 == 0) {  // sizes, sampled: a snapshot costs more than a patch
        const double snapshot = static_cast<double>(feed.snapshot(match, role)[0]->size());
        for (const auto& d : deliveries)
          if (d.seat == role) {
            patch_bytes.push_back(static_cast<double>(d.frames[0]->size()));
            snapshot_bytes.push_back(snapshot);
            ratios.push_back(static_cast<double>(d.frames[0]->size()) / snapshot);
          }
      }
    }
    for (const auto& sample : samples)
      by_phase[static_cast<std::size_t>(sample.move * fifths / (game_moves + 1))].push_back(sample);
  }
  json phases = json::array();
  for (int f = 0; f < fifths; ++f) {
    std::vector<double> bytes, to_view, to_held;
    for (const auto& sample : by_phase[static_cast<std::size_t>(f)]) {
      bytes.push_back(sample.patch);
      to_view.push_back(sample.patch / sample.view);
      to_held.push_back(sample.patch / sample.held);
    }
    phases.push_back({{"fifth", f + 1},
                      {"samples", bytes.size()},
                      {"median_patch_bytes", median(bytes)},
                      {"median_patch_to_view", median(to_view)},
                      {"median_patch_to_held", median(to_held)}});
  }
  const json report = {{"title", title},
                       {"scenario", scenario},
                       {"games", games},
                       {"moves", moves},
                       {"seats_watched", seats.size()},
                       {"us_per_move_rules", 1e6 * rules_seconds / static_cast<double>(moves)},
                       {"us_per_move_feed", 1e6 * feed_seconds / static_cast<double>(moves)},
                       {"median_patch_bytes", median(patch_bytes)},
                       {"median_snapshot_bytes", median(snapshot_bytes)},
                       {"median_patch_to_snapshot", median(ratios)},
                       {"phases", phases},
                       {"frames_hash", engine::hex64(frames_hash.value())}};
  std::cout << report.dump() << "\n";
  return 0;
}
