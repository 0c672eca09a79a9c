#include "server/tournaments/director.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "server/tournaments/elimination.hpp"
#include "server/tournaments/round_robin.hpp"
#include "server/tournaments/swiss.hpp"

namespace warpath::server::tournaments {

namespace {

int ceil_log2(int n) {
  int k = 0;
  while ((1 << k) < n) ++k;
  return k;
}

int floor_power_of_two(int n) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

const EntrantState* entrant(const TournamentState& state, PlayerId id) {
  for (const auto& p : state.players)
    if (p.id == id) return &p;
  return nullptr;
}

bool withdrawn(const TournamentState& state, PlayerId id) {
  const auto* e = entrant(state, id);
  return e && e->withdrawn;
}

std::vector<const PairingState*> pairings_of(const TournamentState& state, int round) {
  std::vector<const PairingState*> out;
  for (const auto& p : state.pairings)
    if (p.round == round) out.push_back(&p);
  return out;
}

// A game between two entrants: decided at once against a withdrawn player.
PlannedPairing game(const TournamentState& state, PlayerId a, PlayerId b, std::optional<int> pool, bool sides_fixed) {
  PlannedPairing p{a, b, pool, sides_fixed, std::nullopt};
  if (withdrawn(state, a) && !withdrawn(state, b)) {
    p.player1 = b;
    p.player2 = a;
    p.decided = Outcome::first_wins;
  } else if (withdrawn(state, b)) {
    p.decided = Outcome::first_wins;
  }
  return p;
}

PlannedPairing bye(PlayerId id, std::optional<int> pool) {
  return {id, std::nullopt, pool, false, Outcome::first_wins};
}

std::string bracket_name(std::size_t slots, int number) {
  if (slots == 1) return "Final";
  if (slots == 2) return "Semi-final";
  if (slots == 4) return "Quarter-final";
  return "Round " + std::to_string(number);
}

// How often each player took the first seat so far (elimination's balanced sides).
int first_seats(const TournamentState& state, PlayerId id) {
  int n = 0;
  for (const auto& p : state.pairings)
    if (!p.bye() && !p.forfeit && p.first == id) ++n;
  return n;
}

// A bracket round as pairings: byes for slots without a bottom; with balanced sides the player
// who has had the first seat fewer times takes it, ties to the better seed (`top`).
PlannedRound bracket_round(const TournamentState& state, const BracketRound& slots, std::string stage,
                           std::string name) {
  PlannedRound round{std::move(stage), std::move(name), {}, std::nullopt};
  for (const auto& slot : slots) {
    if (!slot.bottom) {
      round.pairings.push_back(bye(slot.top.id, std::nullopt));
      continue;
    }
    PlayerId a = slot.top.id, b = slot.bottom->id;
    if (state.format.balanced && first_seats(state, b) < first_seats(state, a)) std::swap(a, b);
    round.pairings.push_back(game(state, a, b, std::nullopt, state.format.balanced));
  }
  return round;
}

std::vector<Entrant> winners_of(const TournamentState& state, int round) {
  std::vector<Entrant> out;
  for (const auto* p : pairings_of(state, round))
    if (const auto w = pairing_winner(state, *p))
      if (const auto* e = entrant(state, *w)) out.push_back({e->id, e->seed});
  return out;
}

std::vector<Entrant> losers_of(const TournamentState& state, int round) {
  std::vector<Entrant> out;
  for (const auto* p : pairings_of(state, round)) {
    if (p->bye()) continue;
    const auto w = pairing_winner(state, *p);
    if (!w) continue;
    const PlayerId loser = *w == p->player1 ? *p->player2 : p->player1;
    if (const auto* e = entrant(state, loser)) out.push_back({e->id, e->seed});
  }
  return out;
}

int stage_rounds(const TournamentState& state, const std::string& stage) {
  return static_cast<int>(
      std::count_if(state.rounds.begin(), state.rounds.end(), [&](const auto& r) { return r.stage == stage; }));
}

std::variant<PlannedRound, NoMoreRounds, InputError> swiss_round(const TournamentState& state, int number) {
  SwissRequest request;
  for (const auto& p : state.players)
    if (!p.withdrawn) request.players.push_back({p.id, p.rating});
  if (request.players.size() < 2) return NoMoreRounds{};
  request.sides = state.format.balanced ? SideRule::balanced : SideRule::by_bidding;
  for (const auto& r : state.rounds) {
    if (r.stage != "swiss") continue;
    SwissRoundRecord record;
    for (const auto* p : pairings_of(state, r.number)) {
      if (p->bye()) {
        record.bye = p->player1;
      } else if (p->outcome) {
        record.games.push_back({p->first.value_or(p->player1), p->second.value_or(*p->player2), *p->outcome});
      }
    }
    request.rounds.push_back(std::move(record));
  }
  auto paired = pair_swiss_round(request);
  if (auto* error = std::get_if<InputError>(&paired)) return *error;
  const auto& swiss = std::get<SwissRound>(paired);
  if (swiss.status == SwissStatus::no_pairing) return NoMoreRounds{};
  PlannedRound round{"swiss", "Round " + std::to_string(number), {}, std::nullopt};
  for (const auto& board : swiss.boards)
    round.pairings.push_back(game(state, board.first, board.second, std::nullopt, board.sides_assigned));
  if (swiss.bye) round.pairings.push_back(bye(*swiss.bye, std::nullopt));
  return round;
}

// The Swiss part's ranking (withdrawn players left out): by score, Buchholz, median-Buchholz.
std::vector<PlayerId> swiss_ranking(const TournamentState& state) {
  TournamentState swiss = state;
  swiss.rounds.erase(
      std::remove_if(swiss.rounds.begin(), swiss.rounds.end(), [](const auto& r) { return r.stage != "swiss"; }),
      swiss.rounds.end());
  std::set<int> numbers;
  for (const auto& r : swiss.rounds) numbers.insert(r.number);
  swiss.pairings.erase(std::remove_if(swiss.pairings.begin(), swiss.pairings.end(),
                                      [&](const auto& p) { return !numbers.count(p.round); }),
                       swiss.pairings.end());
  const auto table = build_crosstable(tournament_results(swiss));
  std::vector<PlayerId> out;
  if (const auto* t = std::get_if<Crosstable>(&table))
    for (const auto& s : rank_players(*t, {TieBreak::buchholz, TieBreak::median_buchholz}))
      if (!withdrawn(state, s.player)) out.push_back(s.player);
  return out;
}

std::variant<PlannedRound, NoMoreRounds, InputError> elimination_round(const TournamentState& state, int number) {
  const auto& format = state.format;
  if (state.rounds.empty()) {
    std::vector<Entrant> entrants;
    for (const auto& p : state.players)
      if (!p.withdrawn) entrants.push_back({p.id, p.seed});
    if (entrants.size() < 2) return NoMoreRounds{};
    auto seeded = seeded_round(entrants);
    if (auto* error = std::get_if<InputError>(&seeded)) return *error;
    const auto& slots = std::get<BracketRound>(seeded);
    auto round = bracket_round(state, slots, "elimination", bracket_name(slots.size(), number));
    const int games = static_cast<int>(std::count_if(slots.begin(), slots.end(), [](auto& s) { return s.bottom; }));
    int planned = ceil_log2(static_cast<int>(entrants.size()));
    if (format.mulligan) {
      const int survivors = static_cast<int>(slots.size()) + games / 2;
      planned = 1 + (games >= 2 ? 1 : 0) + ceil_log2(survivors);
    }
    round.rounds_planned = planned;
    return round;
  }
  const auto& last = state.rounds.back();
  if (format.mulligan && state.rounds.size() == 1) {
    auto mulligan = mulligan_round(losers_of(state, 1));
    if (auto* error = std::get_if<InputError>(&mulligan)) return *error;
    const auto& m = std::get<MulliganRound>(mulligan);
    if (!m.games.empty()) return bracket_round(state, m.games, "mulligan", "Second chance");
  }
  if (format.mulligan && (state.rounds.size() == 1 || (state.rounds.size() == 2 && last.stage == "mulligan"))) {
    auto survivors = winners_of(state, 1);
    if (state.rounds.size() == 2) {
      const auto second = winners_of(state, 2);
      survivors.insert(survivors.end(), second.begin(), second.end());
    }
    if (survivors.size() < 2) return NoMoreRounds{};
    auto seeded = round_after_mulligan(survivors);
    if (auto* error = std::get_if<InputError>(&seeded)) return *error;
    const auto& slots = std::get<BracketRound>(seeded);
    return bracket_round(state, slots, "elimination", bracket_name(slots.size(), number));
  }
  const auto winners = winners_of(state, last.number);
  if (winners.size() < 2) return NoMoreRounds{};
  auto next = next_round(winners);
  if (auto* error = std::get_if<InputError>(&next)) return *error;
  const auto& slots = std::get<BracketRound>(next);
  return bracket_round(state, slots, last.stage, bracket_name(slots.size(), number));
}

std::variant<PlannedRound, NoMoreRounds, InputError> pool_round(const TournamentState& state, int number) {
  std::vector<PlayerId> ranked;
  for (const auto& p : state.players) ranked.push_back(p.id);
  const int size = std::max(2, state.format.pool_size);
  const int count = std::max(1, (static_cast<int>(ranked.size()) + size - 1) / size);
  auto pools = snake_pools(ranked, count);
  if (auto* error = std::get_if<InputError>(&pools)) return *error;
  PlannedRound round{"pool", "Pool round " + std::to_string(number), {}, std::nullopt};
  int planned = 0;
  int pool_number = 0;
  for (const auto& pool : std::get<std::vector<std::vector<PlayerId>>>(pools)) {
    ++pool_number;
    auto schedule = round_robin_schedule(pool);
    if (auto* error = std::get_if<InputError>(&schedule)) return *error;
    const auto& rounds = std::get<std::vector<ScheduledRound>>(schedule);
    planned = std::max(planned, static_cast<int>(rounds.size()));
    if (number > static_cast<int>(rounds.size())) continue;
    const auto& r = rounds[static_cast<std::size_t>(number - 1)];
    for (const auto& g : r.games) round.pairings.push_back(game(state, g.first, g.second, pool_number, true));
    if (r.bye) round.pairings.push_back(bye(*r.bye, pool_number));
  }
  if (number > planned) return NoMoreRounds{};
  round.rounds_planned = planned;
  if (!state.format.balanced)
    for (auto& p : round.pairings) p.sides_fixed = false;
  return round;
}

}  // namespace

std::optional<int> planned_rounds(const FormatConfig& format, int players) {
  if (format.kind == "swiss") return format.rounds;
  if (format.kind == "swiss_elimination") return format.rounds + ceil_log2(format.playoff);
  if (format.kind == "round_robin") {
    const int size = std::max(2, format.pool_size);
    const int count = std::max(1, (players + size - 1) / size);
    const int biggest = (players + count - 1) / count;
    return biggest % 2 == 0 ? biggest - 1 : biggest;
  }
  return std::nullopt;
}

std::variant<PlannedRound, NoMoreRounds, InputError> next_round(const TournamentState& state) {
  for (const auto& r : state.rounds)
    if (!r.finished) return InputError{"rounds", "round " + std::to_string(r.number) + " is not finished"};
  const int number = static_cast<int>(state.rounds.size()) + 1;
  const auto& format = state.format;
  if (format.kind == "round_robin") return pool_round(state, number);
  if (format.kind == "elimination") return elimination_round(state, number);
  if (format.kind == "swiss" || format.kind == "swiss_elimination") {
    const int swiss_done = stage_rounds(state, "swiss");
    if (swiss_done < format.rounds) {
      auto round = swiss_round(state, number);
      if (std::holds_alternative<NoMoreRounds>(round) && format.kind == "swiss_elimination" && swiss_done > 0) {
        // No more Swiss pairing is possible: on to the playoff.
      } else {
        return round;
      }
    }
    if (format.kind == "swiss") return NoMoreRounds{};
    if (stage_rounds(state, "playoff") == 0) {
      const auto ranking = swiss_ranking(state);
      const int size = std::min(format.playoff, floor_power_of_two(static_cast<int>(ranking.size())));
      if (size < 2) return NoMoreRounds{};
      auto slots = playoff_round(ranking, size);
      if (auto* error = std::get_if<InputError>(&slots)) return *error;
      const auto& bracket = std::get<BracketRound>(slots);
      auto round = bracket_round(state, bracket, "playoff", bracket_name(bracket.size(), number));
      round.rounds_planned = number - 1 + ceil_log2(size);
      return round;
    }
    const auto winners = winners_of(state, state.rounds.back().number);
    if (winners.size() < 2) return NoMoreRounds{};
    auto next = next_round(winners);
    if (auto* error = std::get_if<InputError>(&next)) return *error;
    const auto& slots = std::get<BracketRound>(next);
    return bracket_round(state, slots, "playoff", bracket_name(slots.size(), number));
  }
  return InputError{"format.kind", "no such format: " + format.kind};
}

std::optional<PlayerId> pairing_winner(const TournamentState& state, const PairingState& p) {
  if (!p.outcome) return std::nullopt;
  if (p.bye()) return p.player1;
  const PlayerId first = p.first.value_or(p.player1);
  const PlayerId second = p.second.value_or(*p.player2);
  if (*p.outcome == Outcome::first_wins) return first;
  if (*p.outcome == Outcome::second_wins) return second;
  const auto* a = entrant(state, first);
  const auto* b = entrant(state, second);
  if (!a || !b) return first;
  return a->seed <= b->seed ? first : second;
}

Outcome seat_outcome(const std::optional<std::string>& winner, const std::string& first_role,
                     const std::optional<std::string>& draw_winner) {
  const auto counted = winner ? winner : draw_winner;
  if (!counted) return Outcome::draw;
  return *counted == first_role ? Outcome::first_wins : Outcome::second_wins;
}

TournamentResults tournament_results(const TournamentState& state) {
  TournamentResults results;
  for (const auto& p : state.players) results.players.push_back(p.id);
  for (const auto& r : state.rounds) results.rounds = std::max(results.rounds, r.number);
  for (const auto& p : state.pairings) {
    if (!p.outcome) continue;
    if (p.bye()) {
      results.byes.push_back({p.round, p.player1, ByeKind::pairing});
      continue;
    }
    results.games.push_back(
        {p.round, p.first.value_or(p.player1), p.second.value_or(*p.player2), *p.outcome, p.forfeit});
  }
  // The swiss crosstable keeps the round numbers it was given: renumber to 1..n when a subset.
  std::map<int, int> numbering;
  for (const auto& r : state.rounds) numbering.emplace(r.number, static_cast<int>(numbering.size()) + 1);
  for (auto& g : results.games) g.round = numbering.count(g.round) ? numbering[g.round] : g.round;
  for (auto& b : results.byes) b.round = numbering.count(b.round) ? numbering[b.round] : b.round;
  results.rounds = static_cast<int>(numbering.size());
  return results;
}

std::variant<Standings, InputError> standings(const TournamentState& state) {
  Standings out;
  const auto& kind = state.format.kind;
  std::map<PlayerId, StandingRow> rows;
  for (const auto& p : state.players) rows[p.id] = StandingRow{p.id, 0, 0, 0, 0, 0, 0, 0, {}, p.withdrawn, {}, false};
  for (const auto& p : state.pairings) {
    if (!p.outcome) continue;
    if (p.bye()) {
      auto& r = rows[p.player1];
      ++r.byes;
      r.score += 1;
      if (p.pool) r.pool = p.pool;
      continue;
    }
    const PlayerId first = p.first.value_or(p.player1), second = p.second.value_or(*p.player2);
    for (const PlayerId id : {first, second}) {
      auto& r = rows[id];
      if (p.pool) r.pool = p.pool;
      ++r.played;
      const double s = id == first ? first_score(*p.outcome) : 1 - first_score(*p.outcome);
      r.score += s;
      if (s == 1)
        ++r.wins;
      else if (s == 0)
        ++r.losses;
      else
        ++r.draws;
    }
  }
  auto ranked_by = [&](const TournamentState& part,
                       const std::vector<TieBreak>& order) -> std::variant<std::vector<Standing>, InputError> {
    auto table = build_crosstable(tournament_results(part));
    if (auto* error = std::get_if<InputError>(&table)) return *error;
    return rank_players(std::get<Crosstable>(table), order);
  };
  if (kind == "round_robin") {
    out.tiebreaks = pool_tie_breaks;
    std::map<int, std::vector<PlayerId>> pools;
    for (const auto& p : state.players) pools[rows[p.id].pool.value_or(1)].push_back(p.id);
    for (const auto& [pool, members] : pools) {
      TournamentState part = state;
      const std::set<PlayerId> in(members.begin(), members.end());
      part.players.erase(
          std::remove_if(part.players.begin(), part.players.end(), [&](const auto& e) { return !in.count(e.id); }),
          part.players.end());
      part.pairings.erase(std::remove_if(part.pairings.begin(), part.pairings.end(),
                                         [&](const auto& p) { return !in.count(p.player1); }),
                          part.pairings.end());
      auto ranked = ranked_by(part, out.tiebreaks);
      if (auto* error = std::get_if<InputError>(&ranked)) return *error;
      for (const auto& s : std::get<std::vector<Standing>>(ranked)) {
        auto row = rows[s.player];
        row.pool = pool;
        row.rank = s.rank;
        row.tiebreaks = s.tie_breaks;
        out.rows.push_back(std::move(row));
      }
    }
    return out;
  }
  if (kind == "swiss" || kind == "swiss_elimination") out.tiebreaks = {TieBreak::buchholz, TieBreak::median_buchholz};
  // The Swiss part's (or, for elimination, the whole event's) crosstable ranking.
  TournamentState part = state;
  if (kind == "swiss_elimination") {
    std::set<int> swiss;
    for (const auto& r : state.rounds)
      if (r.stage == "swiss") swiss.insert(r.number);
    part.rounds.erase(
        std::remove_if(part.rounds.begin(), part.rounds.end(), [&](const auto& r) { return !swiss.count(r.number); }),
        part.rounds.end());
    part.pairings.erase(std::remove_if(part.pairings.begin(), part.pairings.end(),
                                       [&](const auto& p) { return !swiss.count(p.round); }),
                        part.pairings.end());
  }
  auto ranked = ranked_by(part, out.tiebreaks);
  if (auto* error = std::get_if<InputError>(&ranked)) return *error;
  const auto& order = std::get<std::vector<Standing>>(ranked);
  // Bracket placings: the last bracket round each player reached, and whether they won it.
  std::map<PlayerId, std::pair<int, int>> reached;  // id -> (round, won it)
  const bool bracket = kind == "elimination" || (kind == "swiss_elimination" && stage_rounds(state, "playoff") > 0);
  if (bracket) {
    for (const auto& p : state.pairings) {
      const auto r =
          std::find_if(state.rounds.begin(), state.rounds.end(), [&](const auto& x) { return x.number == p.round; });
      if (r == state.rounds.end() || (kind == "swiss_elimination" && r->stage != "playoff")) continue;
      const auto w = pairing_winner(state, p);
      for (const auto id : {std::optional<PlayerId>(p.player1), p.player2}) {
        if (!id) continue;
        auto& mark = reached[*id];
        if (p.round >= mark.first) mark = {p.round, w && *w == *id ? 1 : 0};
      }
    }
    // Out: lost the last bracket game they played (decided).
    for (auto& [id, mark] : reached) {
      const auto pairing = std::find_if(state.pairings.begin(), state.pairings.end(), [&](const auto& p) {
        return p.round == mark.first && (p.player1 == id || p.player2 == id);
      });
      rows[id].eliminated = mark.second == 0 && pairing != state.pairings.end() && pairing->outcome.has_value();
    }
    if (kind == "swiss_elimination")
      for (auto& [id, row] : rows)
        if (!reached.count(id)) row.eliminated = true;
  }
  std::vector<StandingRow> list;
  std::map<PlayerId, int> swiss_rank;
  for (const auto& s : order) {
    swiss_rank[s.player] = s.rank;
    auto row = rows[s.player];
    row.tiebreaks = kind == "elimination" ? std::vector<double>{} : s.tie_breaks;
    list.push_back(std::move(row));
  }
  auto key = [&](const StandingRow& r) {
    // Higher is better: the bracket placing, then (Swiss-elimination) the Swiss rank.
    const auto it = reached.find(r.id);
    const int round = it == reached.end() ? 0 : it->second.first;
    const int won = it == reached.end() ? 0 : it->second.second;
    return std::make_tuple(round, won, kind == "elimination" ? 0 : -swiss_rank[r.id]);
  };
  if (bracket)
    std::stable_sort(list.begin(), list.end(), [&](const auto& a, const auto& b) { return key(a) > key(b); });
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0 && key(list[i]) == key(list[i - 1]) &&
        (bracket ? true : swiss_rank[list[i].id] == swiss_rank[list[i - 1].id]))
      list[i].rank = list[i - 1].rank;
    else
      list[i].rank = static_cast<int>(i) + 1;
  }
  out.rows = std::move(list);
  return out;
}

}  // namespace warpath::server::tournaments
