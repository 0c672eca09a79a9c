#include "engine/core/log_stream.hpp"

#include <algorithm>

#include "engine/core/json_string.hpp"

namespace warpath::engine {

namespace {

// What a move did to the seat's log, none when its size did not change: the log before a move is
// a prefix of the log after it, or (an undo) the other way round (game.hpp).
std::optional<LogSpan> seat_span(const GameModule& module, const GameState& before, const GameState& after,
                                 std::string_view seat) {
  const std::size_t had = module.log_size(before, seat), has = module.log_size(after, seat);
  if (had == has) return std::nullopt;
  return LogSpan{std::min(had, has), has};
}

// The seat's change from `before` to `after`, as a JSON value.
nlohmann::json seat_change(const GameModule& module, const GameState& before, const GameState& after,
                           std::string_view seat) {
  const auto span = seat_span(module, before, after, seat);
  if (!span) return nullptr;
  return {{"keep", span->keep}, {"lines", module.log_lines(after, seat, span->keep, span->size)}};
}

}  // namespace

nlohmann::json move_log_change(const GameModule& module, const GameState& before, const GameState& after,
                               const std::vector<std::string>& seats) {
  if (seats.empty()) return nullptr;
  nlohmann::json first = seat_change(module, before, after, seats.front());
  if (module.log_same_for_every_seat()) return first;
  nlohmann::json by_seat = nlohmann::json::object();
  bool alike = true;
  for (const auto& seat : seats) {
    by_seat[seat] = seat == seats.front() ? first : seat_change(module, before, after, seat);
    alike = alike && by_seat[seat] == first;
  }
  if (alike) return first;
  return {{"seats", std::move(by_seat)}};
}

std::string seat_change_text(const GameModule& module, const GameState& state, std::string_view seat, std::size_t keep,
                             std::size_t size) {
  std::string text = "{\"keep\":" + std::to_string(keep) + ",\"lines\":";
  module.append_log_lines(text, state, seat, keep, size);
  text.push_back('}');
  return text;
}

void append_log_text(std::string& out, const GameLog& log, std::size_t from, std::size_t to) {
  // The members in the order nlohmann's objects keep them (by name), as dump() writes them.
  out.push_back('[');
  bool first = true;
  log.for_each_between(from, to, [&](const LogLine& line) {
    out.append(first ? "{\"arg\":" : ",{\"arg\":");
    first = false;
    if (line.arg.is_null())
      out.append("null");
    else if (line.arg.is_string())
      append_json_string(out, line.arg.get_ref<const std::string&>());
    else
      out.append(line.arg.dump());
    out.append(",\"role\":");
    append_json_string(out, line.role);
    out.append(",\"text\":");
    append_json_string(out, line.text);
    out.append(",\"verb\":");
    append_json_string(out, line.verb);
    out.push_back('}');
  });
  out.push_back(']');
}

MoveLog::MoveLog(const GameModule& module, const GameState& before, const GameState& after,
                 const std::vector<std::string>& seats) {
  if (seats.empty() || !module.log_same_for_every_seat()) {
    change = move_log_change(module, before, after, seats);
    text = change.dump();
    return;
  }
  alike = seat_span(module, before, after, seats.front());
  text = alike ? seat_change_text(module, after, seats.front(), alike->keep, alike->size) : "null";
}

const nlohmann::json& seat_log_change(const nlohmann::json& stored, std::string_view seat) {
  static const nlohmann::json unchanged;
  if (!stored.is_object()) return unchanged;
  const auto seats = stored.find("seats");
  if (seats == stored.end()) return stored;
  const auto it = seats->find(seat);
  return it == seats->end() ? unchanged : *it;
}

LogReader::LogReader(std::string seat, std::size_t from, std::size_t to)
    : seat_(std::move(seat)), from_(from), to_(std::max(from, to)), limit_(to_), found_(to_ - from_) {}

bool LogReader::add(const nlohmann::json& stored) {
  if (limit_ <= from_) return false;
  const nlohmann::json& change = seat_log_change(stored, seat_);
  if (!change.is_object()) return true;  // this seat's log did not change
  const std::size_t keep = change.at("keep").get<std::size_t>();
  const auto& lines = change.at("lines");
  const std::size_t end = std::min({keep + lines.size(), limit_, to_});
  for (std::size_t i = std::max(keep, from_); i < end; ++i)
    if (!found_[i - from_]) found_[i - from_] = lines[i - keep];
  limit_ = std::min(limit_, keep);
  return limit_ > from_;
}

bool LogReader::add_start(const GameModule& module, const GameState& start) {
  return add({{"keep", 0}, {"lines", module.log_lines(start, seat_, 0, module.log_size(start, seat_))}});
}

std::size_t LogReader::first() const {
  std::size_t i = found_.size();
  while (i > 0 && found_[i - 1]) --i;
  return from_ + i;
}

nlohmann::json LogReader::lines() const {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = first() - from_; i < found_.size(); ++i) out.push_back(*found_[i]);
  return out;
}

}  // namespace warpath::engine
