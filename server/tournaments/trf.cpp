// The FIDE Tournament Report File (see trf.hpp).
#include "server/tournaments/trf.hpp"

#include <cstdio>
#include <map>

namespace warpath::server::tournaments {

namespace {

// A line being laid out in fixed columns.
class Line {
 public:
  explicit Line(const char* tag) { put(1, tag); }
  // Writes `text` from 1-based column `column` on.
  void put(std::size_t column, const std::string& text) {
    if (text_.size() < column - 1 + text.size()) text_.resize(column - 1 + text.size(), ' ');
    text_.replace(column - 1, text.size(), text);
  }
  // Right-aligns `text` (which fits: checked before) in the columns first..last.
  void right(std::size_t first, std::size_t last, const std::string& text) {
    put(first, std::string(last + 1 - first - text.size(), ' ') + text);
  }
  std::string finish() const {
    const auto end = text_.find_last_not_of(' ');
    return text_.substr(0, end + 1) + "\n";
  }

 private:
  std::string text_;
};

std::string date(const TrfDate& d, bool two_digit_year) {
  char buffer[16];
  if (two_digit_year) {
    std::snprintf(buffer, sizeof buffer, "%02d/%02d/%02d", d.year % 100, d.month, d.day);
  } else {
    std::snprintf(buffer, sizeof buffer, "%04d/%02d/%02d", d.year, d.month, d.day);
  }
  return buffer;
}

std::optional<InputError> check_date(const std::string& where, const TrfDate& d) {
  if (d.year < 0 || d.year > 9999 || d.month < 1 || d.month > 12 || d.day < 1 || d.day > 31) {
    return InputError{where, "a date needs a year 0-9999, a month 1-12 and a day 1-31"};
  }
  return std::nullopt;
}

std::optional<InputError> check_text(const std::string& where, const std::string& text, std::size_t longest) {
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) return InputError{where, "text cannot hold control characters"};
  }
  if (longest && text.size() > longest) {
    return InputError{where, "at most " + std::to_string(longest) + " characters"};
  }
  return std::nullopt;
}

// The longest prefix of `name` of at most `bytes` bytes that does not cut a UTF-8 character.
std::string cut_utf8(const std::string& name, std::size_t bytes) {
  if (name.size() <= bytes) return name;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) --end;
  return name.substr(0, end);
}

std::optional<InputError> check_player(const std::string& where, const TrfPlayer& p) {
  if (auto error = check_text(where + ".name", p.name, 0)) return error;
  if (p.rating && (*p.rating < 0 || *p.rating > 9999)) return InputError{where + ".rating", "a rating is 0-9999"};
  if (p.sex != ' ' && p.sex != 'm' && p.sex != 'w') return InputError{where + ".sex", "sex is m, w or blank"};
  if (auto error = check_text(where + ".title", p.title, 3)) return error;
  if (auto error = check_text(where + ".federation", p.federation, 3)) return error;
  if (auto error = check_text(where + ".fide_number", p.fide_number, 11)) return error;
  for (char c : p.fide_number) {
    if (c < '0' || c > '9') return InputError{where + ".fide_number", "a FIDE number is digits"};
  }
  if (p.birth) return check_date(where + ".birth", *p.birth);
  return std::nullopt;
}

char result_code(const RoundCard& card) {
  switch (card.kind) {
    case RoundCard::Kind::game:
      return card.points == 1.0 ? '1' : card.points == 0.0 ? '0' : '=';
    case RoundCard::Kind::forfeit:
      return card.points == 1.0 ? '+' : '-';
    case RoundCard::Kind::bye:
      switch (*card.bye) {
        case ByeKind::pairing:
          return 'U';
        case ByeKind::full:
          return 'F';
        case ByeKind::half:
          return 'H';
        case ByeKind::zero:
          return 'Z';
      }
      break;
    case RoundCard::Kind::absent:
      break;
  }
  return 'Z';
}

}  // namespace

std::variant<std::string, InputError> write_trf(const TrfTournament& tournament, const std::vector<TrfPlayer>& players,
                                                const TournamentResults& results, const std::vector<TieBreak>& order) {
  const auto built = build_crosstable(results);
  if (const auto* error = std::get_if<InputError>(&built)) return *error;
  const auto& table = std::get<Crosstable>(built);
  if (table.players.size() > 9999) return InputError{"players", "a report holds at most 9999 players"};
  if (table.rounds > 99) return InputError{"rounds", "a report holds at most 99 rounds (points fit 4 columns)"};

  for (const auto& [where, text] : {std::pair<const char*, const std::string&>{"name", tournament.name},
                                    {"city", tournament.city},
                                    {"type", tournament.type},
                                    {"chief_arbiter", tournament.chief_arbiter},
                                    {"time_control", tournament.time_control}}) {
    if (auto error = check_text(where, text, 0)) return *error;
  }
  if (auto error = check_text("federation", tournament.federation, 3)) return *error;
  if (tournament.start) {
    if (auto error = check_date("start", *tournament.start)) return *error;
  }
  if (tournament.end) {
    if (auto error = check_date("end", *tournament.end)) return *error;
  }
  if (!tournament.round_dates.empty() && tournament.round_dates.size() != static_cast<std::size_t>(table.rounds)) {
    return InputError{"round_dates", "one date per round played, or none"};
  }
  for (std::size_t i = 0; i < tournament.round_dates.size(); ++i) {
    if (auto error = check_date("round_dates[" + std::to_string(i) + "]", tournament.round_dates[i])) return *error;
  }

  std::map<PlayerId, const TrfPlayer*> by_id;
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (auto error = check_player("players[" + std::to_string(i) + "]", players[i])) return *error;
    by_id[players[i].id] = &players[i];
  }
  for (const auto id : table.players) {
    if (!by_id.contains(id)) return InputError{"players", "player " + std::to_string(id) + " has no report data"};
  }

  std::string out;
  const auto header = [&](const char* tag, const std::string& text, bool always = false) {
    if (text.empty() && !always) return;
    Line line(tag);
    line.put(5, text);
    out += line.finish();
  };
  header("012", tournament.name, true);
  header("022", tournament.city);
  header("032", tournament.federation);
  if (tournament.start) header("042", date(*tournament.start, false));
  if (tournament.end) header("052", date(*tournament.end, false));
  header("062", std::to_string(table.players.size()), true);
  int rated = 0;
  for (const auto id : table.players) rated += by_id.at(id)->rating ? 1 : 0;
  header("072", std::to_string(rated), true);
  header("092", tournament.type);
  header("102", tournament.chief_arbiter);
  header("122", tournament.time_control);
  if (!tournament.round_dates.empty()) {
    Line line("132");
    for (std::size_t r = 0; r < tournament.round_dates.size(); ++r) {
      line.put(92 + 10 * r, date(tournament.round_dates[r], true));
    }
    out += line.finish();
  }

  const auto standings = rank_players(table, order);
  std::vector<int> rank_of(table.players.size());
  for (const auto& standing : standings) rank_of[standing.starting_rank - 1] = standing.rank;

  for (std::size_t i = 0; i < table.players.size(); ++i) {
    const TrfPlayer& player = *by_id.at(table.players[i]);
    Line line("001");
    line.right(5, 8, std::to_string(i + 1));
    line.put(10, std::string(1, player.sex));
    line.right(11, 13, player.title);
    line.put(15, cut_utf8(player.name, 33));
    if (player.rating) line.right(49, 52, std::to_string(*player.rating));
    line.put(54, player.federation);
    line.right(58, 68, player.fide_number);
    if (player.birth) line.put(70, date(*player.birth, false));
    char score[16];
    std::snprintf(score, sizeof score, "%4.1f", points(table, i));
    line.right(81, 84, score);
    line.right(86, 89, std::to_string(rank_of[i]));
    for (int round = 1; round <= table.rounds; ++round) {
      const auto& card = table.rows[i][round - 1];
      const std::size_t column = 92 + 10 * static_cast<std::size_t>(round - 1);
      if (card.opponent) {
        line.right(column, column + 3, std::to_string(*card.opponent + 1));
        line.put(column + 5, *card.seat == Seat::first ? "w" : "b");
      } else {
        line.put(column, "0000");
        line.put(column + 5, "-");
      }
      line.put(column + 7, std::string(1, result_code(card)));
    }
    out += line.finish();
  }
  return out;
}

}  // namespace warpath::server::tournaments
