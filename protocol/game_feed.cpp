#include "protocol/game_feed.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>

#include "engine/core/hash.hpp"
#include "engine/core/log_stream.hpp"

namespace warpath::protocol {

using nlohmann::json;

namespace {

// RFC 6902 operations from `from` to `to` at `path`, written into `ops`: nlohmann's diff, except
// that an array with more than a few changed places (and more than an eighth of it) is replaced
// whole: a list of legal actions that shifts by one would otherwise take an op per element.
// Objects are compared member by member (a member is diffed only when it differs), not whole
// first and then again in parts.
void diff_into(const json& from, const json& to, const std::string& path, OpsText& ops) {
  if (from.is_object() && to.is_object()) {
    for (const auto& [key, value] : from.items())
      if (!to.contains(key)) ops.remove(pointer_to(key, path));
    for (const auto& [key, value] : to.items()) {
      auto old = from.find(key);
      if (old == from.end())
        ops.add(pointer_to(key, path), json_text(value));
      else if (*old != value)
        diff_into(*old, value, pointer_to(key, path), ops);
    }
    return;
  }
  if (from.is_array() && to.is_array()) {
    // nlohmann compares arrays position by position: count what that costs before doing it.
    const std::size_t common = std::min(from.size(), to.size());
    std::size_t changes = std::max(from.size(), to.size()) - common;
    for (std::size_t i = 0; i < common; ++i) changes += from[i] == to[i] ? 0 : 1;
    if (changes == 0) return;
    if (changes <= 2 || changes * 8 <= to.size()) return ops.json_diff(from, to, path);
  } else if (from == to) {
    return;
  }
  ops.replace(path, json_text(to));
}

// One member's piece of the public part's text: `"key":text`, after a comma unless it is the
// first. Member names are plain words, written as they are; a name that needs escaping is escaped.
template <typename Add>
void write_member(const std::string& key, const std::string& text, bool first, Add&& add) {
  if (!first) add(",");
  if (plain_json_text(key)) {
    add("\"");
    add(key);
    add("\":");
  } else {
    add(json(key).dump());
    add(":");
  }
  add(text);
}

// The public part as nlohmann would dump it, `{"key":text,...}` from the members' cached texts,
// given piece by piece to `add` (a string for a snapshot).
template <typename Member, typename Add>
void write_public(const std::map<std::string, Member>& members, Add&& add) {
  add("{");
  bool first = true;
  for (const auto& [key, member] : members) {
    write_member(key, member.text, first, add);
    first = false;
  }
  add("}");
}

// Two serialised JSON arrays (`empty` "[]") or two objects with disjoint members (`empty` "{}")
// as one.
std::string concatenate(const std::string& a, const std::string& b, std::string_view empty) {
  if (a == empty) return b;
  if (b == empty) return a;
  std::string out;
  out.reserve(a.size() + b.size());
  out.append(a, 0, a.size() - 1).push_back(',');
  out.append(b, 1, std::string::npos);
  return out;
}

// A frame whose last members are already serialised: `head` is a JSON object, `tail` members
// written as `"name":value` pairs separated by commas. Its text is allocated at its exact size:
// frames are kept for catching up (remember()).
Frame frame_with(const json& head, const std::string& tail) {
  const std::string start = head.dump();
  std::string text;
  text.reserve(start.size() + tail.size() + 1);
  text.append(start, 0, start.size() - 1).push_back(',');
  text += tail;
  text.push_back('}');
  return std::make_shared<const std::string>(std::move(text));
}

// A patch frame's text, written directly: the envelope's members in the order nlohmann writes an
// object's (by name), then `ops` and, when the move changed the seat's log, `log` (both already
// serialised). Allocated at its exact size: frames are kept for catching up (remember()).
Frame patch_frame(GameId game, std::string_view seat, std::uint64_t from, std::uint64_t to, std::string_view hash,
                  std::string_view ops, std::string_view log) {
  std::string text;
  text.reserve(96 + seat.size() + hash.size() + ops.size() + log.size());
  text += "{\"from\":";
  text += std::to_string(from);
  text += ",\"game\":";
  text += std::to_string(game);
  text += ",\"hash\":";
  append_json_string(text, hash);
  text += ",\"seat\":";
  append_json_string(text, seat);
  text += ",\"to\":";
  text += std::to_string(to);
  text += ",\"type\":\"patch\",\"ops\":";
  text += ops;
  if (!log.empty()) {
    text += ",\"log\":";
    text += log;
  }
  text.push_back('}');
  text.shrink_to_fit();
  return std::make_shared<const std::string>(std::move(text));
}

// Whether a public member's value is kept for its next diff (Member::value), which then never
// reads it back from its text: a short array or object (a value the module patches is not).
bool worth_keeping(const json& value, const std::string& text) {
  constexpr std::size_t kept_value_bytes = 512;
  return value.is_structured() && text.size() <= kept_value_bytes;
}

// The spare capacity a kept text may have: most members change by a few bytes from move to move.
std::size_t slack_for(std::size_t bytes) { return bytes / 8 + 16; }

// A text to keep, without more spare capacity than its slack.
std::string trimmed(std::string text) {
  if (text.capacity() > text.size() + slack_for(text.size())) text.shrink_to_fit();
  return text;
}

// A serialisation to keep, written into room for `expected` bytes (what the member's text last
// took), so that it is written without growing.
std::string kept_text(const json& value, std::size_t expected = 0) {
  std::string text;
  text.reserve(expected + slack_for(expected));
  append_json(text, value);
  return trimmed(std::move(text));
}

}  // namespace

GameFeed::GameFeed(GameId game, const engine::Match& match, std::vector<std::string> seats)
    : game_(game), seat_keys_(engine::seat_keys(match.module())), seat_keys_text_(json(seat_keys_).dump()) {
  for (auto& seat : seats) seats_.emplace(std::move(seat), Seat{});
}

GameFeed::Public& GameFeed::current_public(const engine::Match& match) {
  if (!public_.valid || public_.version != match.version()) rebuild_public(match);
  return public_;
}

void GameFeed::rebuild_public(const engine::Match& match) {
  public_.members.clear();
  public_.hash_sum = 0;
  json view = match.public_view();
  for (auto& [key, value] : view.items()) {
    std::string text = kept_text(value);
    const std::uint64_t hash = engine::member_hash(key, text);
    public_.hash_sum += hash;
    auto& member = public_.members.emplace(key, Member{std::move(text), hash, {}}).first->second;
    if (worth_keeping(value, member.text)) member.value = std::move(value);
  }
  finish_public(match);
}

std::string GameFeed::update_public(const engine::Match& match) {
  auto update = match.public_view_update(*public_.state);
  OpsText ops;
  auto remove = [&](const std::string& key) {
    const auto it = public_.members.find(key);
    if (it == public_.members.end()) return;
    public_.hash_sum -= it->second.hash;
    public_.members.erase(it);
    ops.remove(pointer_to(key));
  };
  if (update.complete) {
    std::vector<std::string> gone;
    for (const auto& [key, member] : public_.members)
      if (!update.members.contains(key) && !update.texts.contains(key)) gone.push_back(key);
    for (const auto& key : gone) remove(key);
  }
  for (const auto& key : update.gone) remove(key);
  // A member as the module gave it: its value, or its text when the module wrote that itself
  // (then its change is the module's operations, or a replacement).
  auto take = [&](const std::string& key, json* value, std::string* given_text) {
    auto it = public_.members.find(key);
    std::string text = value ? kept_text(*value, it == public_.members.end() ? 0 : it->second.text.size())
                             : trimmed(std::move(*given_text));
    if (it == public_.members.end()) {
      ops.add(pointer_to(key), text);
      const std::uint64_t hash = engine::member_hash(key, text);
      public_.hash_sum += hash;
      it = public_.members.emplace(key, Member{std::move(text), hash, {}}).first;
    } else if (it->second.text != text) {
      const std::string path = pointer_to(key);
      const std::size_t mark = ops.mark();
      const auto given = update.patches.find(key);
      if (given != update.patches.end()) {  // the module says what changed
        ops.append_text(given->second);
      } else if (!value || !value->is_structured()) {  // a number, string, boolean or null: replaced
        ops.replace(path, text);
      } else {
        const json& kept = it->second.value;
        json read_back;
        const json& old = kept.is_null() ? (read_back = json::parse(it->second.text)) : kept;
        diff_into(old, *value, path, ops);
      }
      if (ops.longer_than_replace(mark, path, text.size())) ops.replace_since(mark, path, text);
      public_.hash_sum -= it->second.hash;
      it->second.hash = engine::member_hash(key, text);
      public_.hash_sum += it->second.hash;
      it->second.text = std::move(text);
    }
    const bool keep = value && worth_keeping(*value, it->second.text) && !update.patches.contains(key);
    it->second.value = keep ? std::move(*value) : json();
  };
  // Both kinds in name order, as their operations have always come.
  auto& values = update.members.get_ref<json::object_t&>();
  auto value = values.begin();
  auto text = update.texts.begin();
  while (value != values.end() || text != update.texts.end()) {
    if (text == update.texts.end() || (value != values.end() && value->first < text->first)) {
      take(value->first, &value->second, nullptr);
      ++value;
    } else {
      take(text->first, nullptr, &text->second);
      ++text;
    }
  }
  if (ops.empty()) {  // the same text and hash, for the match's newer state
    public_.state = match.shared_state();
    public_.version = match.version();
    return "[]";
  }
  finish_public(match);
  return "[" + ops.elements() + "]";
}

void GameFeed::finish_public(const engine::Match& match) {
  public_.hash = engine::hex64(public_.hash_sum);
  public_.text_valid = false;
  public_.state = match.shared_state();
  public_.version = match.version();
  public_.valid = true;
}

namespace {

// What the feed reads a seat part into, and writes its text in: one per thread, for every room
// the thread serves.
struct SeatScratch {
  engine::Match::SeatParts parts;
  ActionsText actions, confirm;
  std::string text;
};

SeatScratch& seat_scratch() {
  thread_local SeatScratch scratch;
  return scratch;
}

}  // namespace

void GameFeed::read_seat_parts(const engine::Match& match, const std::string& name) {
  SeatScratch& next = seat_scratch();
  match.seat_parts(name, next.parts);
  static constexpr std::string_view undo[] = {engine::undo_verb};
  if (next.parts.actions)
    next.actions.assign(*next.parts.actions, next.parts.undo ? std::span(undo) : std::span<const std::string_view>{});
  else
    next.actions.clear();
  next.confirm.assign(next.parts.confirm);
}

namespace {

// A seat part's member: one of the module's, or the framework's actions or confirm.
struct SeatMember {
  std::string_view name;
  const json* value = nullptr;
  const ActionsText* text = nullptr;
};

// The members of a seat part in name order.
std::vector<SeatMember> seat_members(const json& members, const ActionsText& actions, const ActionsText& confirm) {
  std::vector<SeatMember> out;
  out.reserve(members.size() + 2);
  for (const auto& [key, value] : members.items()) out.push_back({key, &value, nullptr});
  out.push_back({"actions", nullptr, &actions});
  if (!confirm.empty()) out.push_back({"confirm", nullptr, &confirm});
  std::sort(out.begin(), out.end(), [](const SeatMember& a, const SeatMember& b) { return a.name < b.name; });
  return out;
}

std::string member_text(const SeatMember& member) {
  std::string text;
  if (member.text)
    member.text->write(text);
  else
    append_json(text, *member.value);
  return text;
}

}  // namespace

void GameFeed::diff_seat(const Seat& seat, OpsText& ops, std::vector<std::string>& changed) {
  const SeatScratch& next = seat_scratch();
  const auto before = seat_members(seat.members, seat.actions, seat.confirm);
  const auto after = seat_members(next.parts.members, next.actions, next.confirm);
  auto find = [](const std::vector<SeatMember>& in, std::string_view name) -> const SeatMember* {
    for (const auto& member : in)
      if (member.name == name) return &member;
    return nullptr;
  };
  for (const auto& member : before)
    if (!find(after, member.name)) {
      ops.remove(pointer_to(member.name));
      changed.emplace_back(member.name);
    }
  for (const auto& member : after) {
    const SeatMember* old = find(before, member.name);
    if (!old) {
      ops.add(pointer_to(member.name), member_text(member));
      changed.emplace_back(member.name);
      continue;
    }
    if (!member.text) {
      if (*old->value == *member.value) continue;
      changed.emplace_back(member.name);
      if (!old->value->is_structured() || !member.value->is_structured()) {  // a prompt: replaced
        ops.replace(pointer_to(member.name), member_text(member));
        continue;
      }
    }
    const std::string path = pointer_to(member.name);
    const std::size_t mark = ops.mark();
    if (member.text) {
      ActionsText::diff(*old->text, *member.text, path, ops);
      if (ops.mark() == mark) continue;  // the same list
      changed.emplace_back(member.name);
    } else {
      diff_into(*old->value, *member.value, path, ops);
    }
    // Operations inside the member: one replacing it instead when that is shorter. Its text is
    // written out only when the operations are longer than the shortest replacement could be.
    if (ops.longer_than_replace(mark, path, 0)) {
      const std::string text = member_text(member);
      if (ops.longer_than_replace(mark, path, text.size())) ops.replace_since(mark, path, text);
    }
  }
}

void GameFeed::take_seat_parts(Seat& seat, const std::vector<std::string>* changed) {
  SeatScratch& next = seat_scratch();
  seat.members = std::move(next.parts.members);
  seat.actions.keep_copy_of(next.actions);
  seat.confirm.keep_copy_of(next.confirm);
  if (changed && changed->empty()) return;  // the same part hashes the same
  if (!changed) seat.member_hashes.clear();
  const auto members = seat_members(seat.members, seat.actions, seat.confirm);
  std::string& text = seat_scratch().text;
  auto rehash = [&](const SeatMember& member) {
    text.clear();
    if (member.text)
      member.text->write(text);
    else
      append_json(text, *member.value);
    seat.member_hashes.insert_or_assign(std::string(member.name), engine::member_hash(member.name, text));
  };
  if (changed) {
    for (const auto& name : *changed) {
      const auto it = std::find_if(members.begin(), members.end(), [&](const SeatMember& m) { return m.name == name; });
      if (it != members.end())
        rehash(*it);
      else
        seat.member_hashes.erase(name);
    }
  } else {
    for (const auto& member : members) rehash(member);
  }
  std::uint64_t sum = 0;
  for (const auto& [name, hash] : seat.member_hashes) sum += hash;
  seat.hash = engine::hex64(sum);
}

const std::string& GameFeed::seat_text(const Seat& seat) {
  std::string& text = seat_scratch().text;
  text.clear();
  text.push_back('{');
  bool first = true;
  for (const auto& member : seat_members(seat.members, seat.actions, seat.confirm)) {
    if (!first) text.push_back(',');
    first = false;
    append_json_string(text, member.name);
    text.push_back(':');
    if (member.text)
      member.text->write(text);
    else
      append_json(text, *member.value);
  }
  text.push_back('}');
  return text;
}

void GameFeed::rebuild_seat(const engine::Match& match, const std::string& name, Seat& seat) {
  read_seat_parts(match, name);
  take_seat_parts(seat, nullptr);
  seat.version = match.version();
  seat.log_size = match.module().log_size(match.state(), name);
  seat.history.clear();
  seat.history_bytes = 0;
  seat.valid = true;
}

GameFeed::Seat& GameFeed::current_seat(const engine::Match& match, const std::string& seat) {
  current_public(match);
  Seat& s = seats_.at(seat);
  if (!s.valid || s.version != match.version()) rebuild_seat(match, seat, s);
  return s;
}

std::vector<GameFeed::Delivery> GameFeed::advance(const engine::Match& match, const std::set<std::string>& watched,
                                                  const engine::MoveLog* move_log) {
  std::vector<Delivery> deliveries;
  // A seat nobody watches keeps nothing: it is rebuilt when next asked for.
  for (auto& [name, seat] : seats_)
    if (!watched.count(name) && seat.valid) seat = Seat{};
  if (watched.empty()) return deliveries;

  const bool public_patchable = public_.valid;
  const std::uint64_t from = public_.version;
  const std::uint64_t to = match.version();
  std::string public_ops = "[]";
  if (public_patchable)
    public_ops = update_public(match);
  else
    rebuild_public(match);

  const auto& module = match.module();
  for (const auto& name : watched) {
    auto it = seats_.find(name);
    if (it == seats_.end()) continue;
    Seat& seat = it->second;
    if (!public_patchable || !seat.valid || seat.version != from) {
      rebuild_seat(match, name, seat);
      deliveries.push_back({name, snapshot(match, name)});
      continue;
    }
    read_seat_parts(match, name);
    OpsText seat_ops;
    std::vector<std::string> changed;
    diff_seat(seat, seat_ops, changed);
    const std::string ops = concatenate(public_ops, "[" + seat_ops.elements() + "]", "[]");
    take_seat_parts(seat, &changed);
    seat.version = to;
    // The log before a move is a prefix of the log after it, or (an undo) the other way round.
    std::string log;
    const std::size_t size = module.log_size(match.state(), name);
    if (size != seat.log_size) {
      const std::size_t keep = std::min(size, seat.log_size);
      const json* given = move_log ? &engine::seat_log_change(move_log->change, name) : nullptr;
      if (move_log && move_log->alike && move_log->alike->keep == keep && move_log->alike->size == size) {
        log = move_log->text;  // every seat of a module whose seats read one log: the move's text as it is
      } else if (given && given->is_object() && given->at("keep") == keep && keep + given->at("lines").size() == size) {
        log = given == &move_log->change ? move_log->text : given->dump();
      } else {
        log = engine::seat_change_text(module, match.state(), name, keep, size);
      }
      seat.log_size = size;
    }
    Frame frame = patch_frame(game_, name, from, to, public_.hash + seat.hash, ops, log);
    remember(seat, {from, to, frame});
    deliveries.push_back({name, {std::move(frame)}, true});
  }
  return deliveries;
}

void GameFeed::remember(Seat& seat, Step step) {
  seat.history_bytes += step.frame->size();
  seat.history.push_back(std::move(step));
  while (seat.history.size() > seat_patch_history ||
         (seat.history_bytes > seat_patch_history_bytes && seat.history.size() > 1)) {
    seat.history_bytes -= seat.history.front().frame->size();
    seat.history.pop_front();
  }
}

std::optional<std::vector<Frame>> GameFeed::catch_up(const engine::Match& match, const std::string& seat,
                                                     std::uint64_t from) {
  const Seat& s = current_seat(match, seat);
  std::vector<Frame> frames;
  if (from == s.version) return frames;
  if (from > s.version) return std::nullopt;
  for (const auto& step : s.history) {
    if (frames.empty() && step.from != from) continue;
    frames.push_back(step.frame);
  }
  if (frames.empty()) return std::nullopt;
  return frames;
}

const std::string& GameFeed::public_text() {
  if (!public_.text_valid) {
    std::size_t size = 0;
    write_public(public_.members, [&](std::string_view piece) { size += piece.size(); });
    std::string text;
    text.reserve(size);
    write_public(public_.members, [&](std::string_view piece) { text += piece; });
    public_.text = std::move(text);
    public_.text_valid = true;
  }
  return public_.text;
}

Frame GameFeed::snapshot_frame(const std::string& name, const Seat& seat) {
  return frame_with(
      {{"type", "snapshot"},
       {"game", game_},
       {"seat", name},
       {"version", seat.version},
       {"hash", public_.hash + seat.hash},
       {"log_size", seat.log_size}},
      "\"seat_keys\":" + seat_keys_text_ + ",\"view\":" + concatenate(public_text(), seat_text(seat), "{}"));
}

std::vector<Frame> GameFeed::snapshot(const engine::Match& match, const std::string& seat) {
  const Seat& s = current_seat(match, seat);
  // The newest lines, as many as the state holds up to a page: older ones cost a read of the
  // stored moves, which a client asks for only when its player scrolls back.
  const std::size_t held = s.log_size - match.module().log_first(match.state(), seat);
  return {snapshot_frame(seat, s), log_page(match, seat, s.log_size, std::min(default_log_page_lines, held), "")};
}

json GameFeed::log_json(const engine::Match& match, const std::string& seat, std::size_t before, std::size_t limit) {
  const Seat& s = current_seat(match, seat);
  before = std::min(before, s.log_size);
  limit = std::clamp<std::size_t>(limit, 1, max_log_page_lines);
  std::size_t from = before > limit ? before - limit : 0;
  // The state holds the newest lines only; older ones come from the stored moves.
  const std::size_t held = std::min(match.module().log_first(match.state(), seat), before);
  json lines = json::array();
  if (from < held) {
    if (older_lines_) std::tie(from, lines) = older_lines_(seat, from, held);
    if (lines.empty()) from = held;
  }
  for (auto& line : match.module().log_lines(match.state(), seat, std::max(from, held), before))
    lines.push_back(std::move(line));
  return {{"game", game_},         {"seat", seat}, {"version", s.version}, {"from", from}, {"lines", std::move(lines)},
          {"log_size", s.log_size}};
}

Frame GameFeed::log_page(const engine::Match& match, const std::string& seat, std::size_t before, std::size_t limit,
                         std::string_view ref) {
  json page = log_json(match, seat, before, limit);
  page["type"] = "log";
  page["ref"] = ref;
  return make_frame(page);
}

GameFeed::SeatView GameFeed::seat_view(const engine::Match& match, const std::string& seat) {
  const Seat& s = current_seat(match, seat);
  json view = json::parse(seat_text(s));
  for (const auto& [key, member] : public_.members) view[key] = json::parse(member.text);
  return {s.version, std::move(view), public_.hash + s.hash, s.log_size};
}

std::size_t GameFeed::kept_bytes() const {
  std::size_t total = 0;
  for (const auto& [name, seat] : seats_) total += seat.history_bytes;
  return total;
}

}  // namespace warpath::protocol
