// Tournament standings and tie-breaks (see standings.hpp).
#include "server/tournaments/standings.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace warpath::server::tournaments {

namespace {

double bye_points(ByeKind kind) {
  switch (kind) {
    case ByeKind::pairing:
    case ByeKind::full:
      return 1.0;
    case ByeKind::half:
      return 0.5;
    case ByeKind::zero:
      return 0.0;
  }
  return 0.0;
}

// The player's score with every unplayed round counted as a draw: what an opponent's score is
// worth in someone else's tie-break.
double adjusted_points(const Crosstable& table, std::size_t player) {
  double sum = 0;
  for (const auto& card : table.rows[player]) sum += card.played() ? card.points : 0.5;
  return sum;
}

// One value per round: the opponent's adjusted score, or the virtual opponent's for an unplayed
// round (Svon = SPfR + (1 - SfPR) + ½ (n - R)).
std::vector<double> opponent_scores(const Crosstable& table, std::size_t player) {
  std::vector<double> scores;
  double before = 0;
  for (int round = 1; round <= table.rounds; ++round) {
    const auto& card = table.rows[player][round - 1];
    if (card.played()) {
      scores.push_back(adjusted_points(table, *card.opponent));
    } else {
      scores.push_back(before + (1.0 - card.points) + 0.5 * (table.rounds - round));
    }
    before += card.points;
  }
  return scores;
}

}  // namespace

std::variant<Crosstable, InputError> build_crosstable(const TournamentResults& results) {
  if (results.rounds < 0) return InputError{"rounds", "the number of rounds cannot be negative"};
  std::map<PlayerId, std::size_t> index;
  for (std::size_t i = 0; i < results.players.size(); ++i) {
    if (!index.emplace(results.players[i], i).second) {
      return InputError{"players[" + std::to_string(i) + "]", "a player is listed twice"};
    }
  }
  Crosstable table;
  table.players = results.players;
  table.rounds = results.rounds;
  table.rows.assign(results.players.size(), std::vector<RoundCard>(results.rounds));
  std::vector<std::vector<bool>> seen(results.players.size(), std::vector<bool>(results.rounds, false));

  // Places one round's card, refusing an unknown player, a round out of range or a second entry.
  const auto place = [&](const std::string& where, int round, PlayerId player,
                         const RoundCard& card) -> std::optional<InputError> {
    if (round < 1 || round > results.rounds) {
      return InputError{where + ".round", "the round must be from 1 to " + std::to_string(results.rounds)};
    }
    const auto found = index.find(player);
    if (found == index.end())
      return InputError{where, "player " + std::to_string(player) + " is not in the tournament"};
    if (seen[found->second][round - 1]) {
      return InputError{where,
                        "player " + std::to_string(player) + " has two entries in round " + std::to_string(round)};
    }
    seen[found->second][round - 1] = true;
    table.rows[found->second][round - 1] = card;
    return std::nullopt;
  };

  for (std::size_t i = 0; i < results.games.size(); ++i) {
    const auto& game = results.games[i];
    const std::string where = "games[" + std::to_string(i) + "]";
    if (game.first == game.second) return InputError{where, "a player cannot meet themselves"};
    if (game.forfeit && game.outcome == Outcome::draw) {
      return InputError{where + ".outcome", "a forfeit is won by the player who was there"};
    }
    if (!index.contains(game.first) || !index.contains(game.second)) {
      return InputError{where, "both players must be in the tournament"};
    }
    const auto kind = game.forfeit ? RoundCard::Kind::forfeit : RoundCard::Kind::game;
    const double score = first_score(game.outcome);
    RoundCard first{kind, index.at(game.second), Seat::first, std::nullopt, score};
    RoundCard second{kind, index.at(game.first), Seat::second, std::nullopt, 1.0 - score};
    if (auto error = place(where, game.round, game.first, first)) return *error;
    if (auto error = place(where, game.round, game.second, second)) return *error;
  }
  for (std::size_t i = 0; i < results.byes.size(); ++i) {
    const auto& bye = results.byes[i];
    RoundCard card{RoundCard::Kind::bye, std::nullopt, std::nullopt, bye.kind, bye_points(bye.kind)};
    if (auto error = place("byes[" + std::to_string(i) + "]", bye.round, bye.player, card)) return *error;
  }
  return table;
}

double points(const Crosstable& table, std::size_t player) {
  double sum = 0;
  for (const auto& card : table.rows[player]) sum += card.points;
  return sum;
}

double tie_break(const Crosstable& table, std::size_t player, TieBreak kind) {
  auto scores = opponent_scores(table, player);
  switch (kind) {
    case TieBreak::buchholz: {
      double sum = 0;
      for (double s : scores) sum += s;
      return sum;
    }
    case TieBreak::median_buchholz: {
      std::sort(scores.begin(), scores.end());
      double sum = 0;
      const std::size_t drop = scores.size() >= 3 ? 1 : 0;
      for (std::size_t i = drop; i + drop < scores.size(); ++i) sum += scores[i];
      return sum;
    }
    case TieBreak::sonneborn_berger: {
      double sum = 0;
      for (int round = 1; round <= table.rounds; ++round)
        sum += table.rows[player][round - 1].points * scores[round - 1];
      return sum;
    }
  }
  return 0.0;
}

std::vector<Standing> rank_players(const Crosstable& table, const std::vector<TieBreak>& order) {
  std::vector<Standing> standings;
  for (std::size_t i = 0; i < table.players.size(); ++i) {
    Standing standing;
    standing.player = table.players[i];
    standing.starting_rank = static_cast<int>(i) + 1;
    standing.points = points(table, i);
    for (auto kind : order) standing.tie_breaks.push_back(tie_break(table, i, kind));
    standings.push_back(standing);
  }
  // Every value is a multiple of ¼, exact in a double: equality is exact.
  const auto same = [](const Standing& a, const Standing& b) {
    return a.points == b.points && a.tie_breaks == b.tie_breaks;
  };
  std::stable_sort(standings.begin(), standings.end(), [](const Standing& a, const Standing& b) {
    if (a.points != b.points) return a.points > b.points;
    return a.tie_breaks > b.tie_breaks;  // lexicographic, highest first
  });
  for (std::size_t i = 0; i < standings.size(); ++i) {
    standings[i].rank = i > 0 && same(standings[i], standings[i - 1]) ? standings[i - 1].rank : static_cast<int>(i) + 1;
  }
  return standings;
}

}  // namespace warpath::server::tournaments
