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
#include "engine/core/game_log.hpp"

namespace warpath::engine {

// What a move did to every seat's log, as stored with it: null when no seat's log changed;
// {keep, lines} when every seat's changed alike (worked out once when the module says every seat
// reads the same log); otherwise {"seats": {seat: {keep, lines} or null}}.
nlohmann::json move_log_change(const GameModule& module, const GameState& before, const GameState& after,
                               const std::vector<std::string>& seats);

// The text of a seat's change {keep, lines}: its log of `size` lines is its first `keep` lines
// followed by lines [keep, size) of `state` (what move_log_change's part for the seat dumps to).
std::string seat_change_text(const GameModule& module, const GameState& state, std::string_view seat, std::size_t keep,
                             std::size_t size);

// Lines [from, to) of `log` (lines of {role, verb, arg, text}) as the JSON array a title's
// log_lines gives for them, written as its text without a JSON tree (GameModule::append_log_lines).
void append_log_text(std::string& out, const GameLog& log, std::size_t from, std::size_t to);

// What a move did to a seat's log: its first `keep` lines kept, `size` lines after.
struct LogSpan {
  std::size_t keep, size;
};

// A move's log change with its text, worked out once: stored with the move (the text) and sent in
// its patches (the text as it is when every seat's log changed alike, else each seat's part).
struct MoveLog {
  nlohmann::json change;  // move_log_change; null when `alike` says it all
  std::string text;       // move_log_change(...).dump()
  // Every seat's log changed alike (a module whose seats read one log), and `text` is written from
  // the log without `change`.
  std::optional<LogSpan> alike;
  // Whether the move changed any seat's log (else `text` is "null").
  bool changed() const { return alike || !change.is_null(); }
  explicit MoveLog(nlohmann::json log_change) : change(std::move(log_change)), text(change.dump()) {}
  MoveLog(const GameModule& module, const GameState& before, const GameState& after,
          const std::vector<std::string>& seats);
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
