// The notices a game raises: who is told, the texts and webhook events, and the work that builds
// a turn notice in its move's transaction (see notices.hpp).

#include "server/notify/notices.hpp"

#include <algorithm>

#include "engine/core/log_stream.hpp"

namespace warpath::server::notify {

using nlohmann::json;
using storage::NoticeKind;

namespace {

std::string what_game(const GameFacts& game) { return game.title_name + " (game " + std::to_string(game.game) + ")"; }

json game_event(const GameFacts& game, const std::string& role) {
  return {
      {"game", game.game}, {"title", game.title_name}, {"role", role}, {"links", {{"game", game_link(game, role)}}}};
}

std::string joined(const std::vector<int>& numbers) {
  std::string out;
  for (int n : numbers) out += (out.empty() ? "" : ", ") + std::to_string(n);
  return out;
}

}  // namespace

std::string game_link(const GameFacts& game, const std::string& role) {
  return game.origin + "/game.html?game=" + std::to_string(game.game) + "#seat=" + role;
}

std::string replay_link(const GameFacts& game, const std::string& role, std::uint64_t from, std::uint64_t to) {
  return game.origin + "/replay.html?game=" + std::to_string(game.game) + "&seat=" + role +
         "&from=" + std::to_string(from) + "&to=" + std::to_string(to);
}

json lines_since(const std::vector<json>& seat_changes) {
  std::optional<std::size_t> start;  // the first line not kept by every move so far
  std::vector<json> tail;            // the log from `start` on, after the moves so far
  for (const auto& change : seat_changes) {
    if (!change.is_object()) continue;
    const auto keep = change.at("keep").get<std::size_t>();
    const auto& lines = change.at("lines");
    if (!start || keep < *start) {
      start = keep;
      tail.clear();
    } else {
      tail.resize(keep - *start);  // the log before the move had at least `keep` lines
    }
    tail.insert(tail.end(), lines.begin(), lines.end());
  }
  return json(tail);
}

storage::Notice your_move_notice(std::int64_t account, const TurnReport& r) {
  const std::string game_url = game_link(r.game, r.role);
  const std::string replay_url = replay_link(r.game, r.role, r.from, r.to);
  std::string text = "It is your move in " + what_game(r.game) + ", where you play " + r.role + ".\n\n";
  text += r.from == 0 ? "What happened since the game began"
                      : "What happened since your last decision (version " + std::to_string(r.from) + ")";
  text += ", up to version " + std::to_string(r.to) + ":\n\n";
  if (r.earlier_lines > 0)
    text += "  (" + std::to_string(r.earlier_lines) + " earlier line" + (r.earlier_lines == 1 ? "" : "s") +
            ": see the game)\n";
  for (const auto& line : r.lines) text += "  " + line + "\n";
  if (r.lines.empty() && r.earlier_lines == 0) text += "  (nothing in your log)\n";
  text += "\nDice rolled: " + (r.dice.empty() ? std::string("none") : joined(r.dice)) + "\n";
  if (!r.position.score_text.empty()) text += "Score: " + r.position.score_text + "\n";
  if (!r.position.phase.empty()) text += "Phase: " + r.position.phase + "\n";
  text += "\nOpen the game: " + game_url + "\nStep through these moves: " + replay_url + "\n";

  json event = game_event(r.game, r.role);
  event["version"] = r.to;
  event["from"] = r.from;
  event["to"] = r.to;
  event["lines"] = r.lines;
  event["earlier_lines"] = r.earlier_lines;
  event["dice"] = r.dice;
  event["score"] = r.position.score;
  event["score_text"] = r.position.score_text;
  event["phase"] = r.position.phase;
  event["links"]["replay"] = replay_url;
  return {account, NoticeKind::your_move, "Warpath: your move in " + what_game(r.game), std::move(text),
          std::move(event)};
}

storage::Notice game_ended_notice(std::int64_t account, const GameFacts& game, const std::string& role,
                                  const engine::GameResult& result) {
  const std::string outcome = result.draw() ? "a draw" : *result.winner == role ? "you won" : "you lost";
  json event = game_event(game, role);
  event["result"] = result.to_json();
  return {account, NoticeKind::game_ended, "Warpath: " + what_game(game) + " is over: " + outcome,
          "Your game of " + what_game(game) + ", where you played " + role + ", is over: " + outcome + ".\n\n" +
              result.summary + "\n\nSee the end: " + game_link(game, role) + "\n",
          std::move(event)};
}

storage::Notice chat_notice(std::int64_t account, const GameFacts& game, const std::string& role,
                            const std::string& from_seat, const std::string& text) {
  json event = game_event(game, role);
  event["from"] = from_seat;
  event["text"] = text;
  return {account, NoticeKind::chat, "Warpath: " + from_seat + " wrote in " + what_game(game),
          from_seat + " wrote in " + what_game(game) + ":\n\n  " + text + "\n\nAnswer in the game: " +
              game_link(game, role) + "\n\n(No more chat mail for this game until you open it again.)\n",
          std::move(event)};
}

storage::Notice clock_notice(std::int64_t account, const GameFacts& game, const std::string& role,
                             const std::string& subject, const std::string& text, json facts) {
  json event = game_event(game, role);
  event.update(facts);
  event["text"] = text;
  return {account, NoticeKind::clock_warning, "Warpath: " + subject + " in " + what_game(game),
          text + "\n\nOpen the game: " + game_link(game, role) + "\n", std::move(event)};
}

std::vector<std::pair<std::string, std::int64_t>> your_move_recipients(
    const std::vector<std::string>& active_before, const std::vector<std::string>& active_after,
    const std::map<std::string, std::int64_t>& accounts, const std::set<std::string>& open_roles) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  for (const auto& role : active_after) {
    if (std::find(active_before.begin(), active_before.end(), role) != active_before.end()) continue;
    const auto account = accounts.find(role);
    if (account == accounts.end() || open_roles.count(role)) continue;
    out.emplace_back(role, account->second);
  }
  return out;
}

std::vector<std::pair<std::string, std::int64_t>> chat_recipients(const std::string& from_seat,
                                                                  const std::map<std::string, std::int64_t>& accounts,
                                                                  const std::set<std::string>& open_roles) {
  std::vector<std::pair<std::string, std::int64_t>> out;
  for (const auto& [role, account] : accounts)
    if (role != from_seat && !open_roles.count(role)) out.emplace_back(role, account);
  return out;
}

storage::CommitQueue::Work move_notices(MoveFacts facts, std::int64_t now) {
  if (facts.your_move.empty() && !facts.result) return {};
  return [facts = std::move(facts), now](storage::WriteContext& w) {
    std::vector<storage::Notice> notices;
    for (const auto& [role, account] : facts.your_move) {
      const auto since = storage::moves_since_decision(w, facts.game.game, role, facts.version);
      std::vector<json> seat_changes;
      for (const auto& change : since.log_changes) seat_changes.push_back(engine::seat_log_change(change, role));
      const json lines = lines_since(seat_changes);
      TurnReport report{facts.game, role, since.from, facts.version, {}, 0, since.dice, facts.position};
      report.earlier_lines = lines.size() > max_turn_lines ? lines.size() - max_turn_lines : 0;
      for (std::size_t i = report.earlier_lines; i < lines.size(); ++i)
        report.lines.push_back(facts.module->log_line_text(lines[i]));
      notices.push_back(your_move_notice(account, report));
    }
    if (facts.result)
      for (const auto& [role, account] : facts.accounts)
        notices.push_back(game_ended_notice(account, facts.game, role, *facts.result));
    storage::send_notices(w, notices, now);
  };
}

storage::CommitQueue::Work chat_notices(GameFacts game, std::vector<std::pair<std::string, std::int64_t>> recipients,
                                        std::string from_seat, std::string text, std::int64_t now) {
  if (recipients.empty()) return {};
  return [game = std::move(game), recipients = std::move(recipients), from_seat = std::move(from_seat),
          text = std::move(text), now](storage::WriteContext& w) {
    std::vector<storage::Notice> notices;
    for (const auto& [role, account] : recipients)
      if (storage::take_chat_notice(w, game.game, role, now))
        notices.push_back(chat_notice(account, game, role, from_seat, text));
    storage::send_notices(w, notices, now);
  };
}

}  // namespace warpath::server::notify
