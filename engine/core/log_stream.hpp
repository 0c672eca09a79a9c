#pragma once
// The game log as a stream of changes. A state holds only the newest lines of a long log
// (GameModule::log_first); each move's change to every seat's log is stored with the move, in the
// patch frame's own shape {keep, lines}: the seat's log after the move is its first `keep` lines
// followed by `lines`. Older pages are read back from those changes, newest move first.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace warpath::engine {

// What a move did to every seat's log, as stored with it: null when no seat's log changed;
// {keep, lines} when every seat's changed alike (worked out once when the module says every seat
// reads the same log); otherwise {"seats": {seat: {keep, lines} or null}}.
nlohmann::json move_log_change(const GameModule& module, const GameState& before, const GameState& after,
                               const std::vector<std::string>& seats);

// A move's log change with its text, worked out once: stored with the move (the text) and sent in
// its patches (the text as it is when every seat's log changed alike, else each seat's part).
struct MoveLog {
  nlohmann::json change;  // move_log_change
  std::string text;       // change.dump()
  explicit MoveLog(nlohmann::json log_change) : change(std::move(log_change)), text(change.dump()) {}
  MoveLog(const GameModule& module, const GameState& before, const GameState& after,
          const std::vector<std::string>& seats)
      : MoveLog(move_log_change(module, before, after, seats)) {}
};

// One seat's part of a stored change: {keep, lines}, or null when the move left that seat's log
// alone (or the change does not name the seat).
const nlohmann::json& seat_log_change(const nlohmann::json& stored, std::string_view seat);

// Lines [from, to) of a seat's log at some version, from the stored changes of the moves up to
// that version, fed newest first. A line is in the newest change whose `keep` is at most its index
// (later changes kept fewer lines than that and replaced them).
class LogReader {
 public:
  LogReader(std::string seat, std::size_t from, std::size_t to);
  // Takes the next older move's stored change; false once every line is found (stop feeding).
  bool add(const nlohmann::json& stored);
  // Takes the set-up's own lines, which no move wrote: the oldest change of all.
  bool add_start(const GameModule& module, const GameState& start);
  // The lines found, in order, and the index of the first: all of [from, to) once add() returned
  // false; when the changes ran out first (moves stored without them), the run of lines found
  // that ends at `to`.
  std::size_t first() const;
  nlohmann::json lines() const;

 private:
  std::string seat_;
  std::size_t from_, to_;
  std::size_t limit_;  // lines at and above it are found (or beyond `to`)
  std::vector<std::optional<nlohmann::json>> found_;
};

}  // namespace warpath::engine
