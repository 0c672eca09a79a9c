#include "tests/test_game/duel.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

namespace warpath::testgame {
namespace {

using engine::Action;
using engine::ActionRejected;
using engine::ApplyReport;
using engine::ErrorCode;
using engine::GameState;
using engine::Rng;
using nlohmann::json;

const std::array<std::string, 2> roles = {"red", "blue"};
const std::array<std::string, 6> track = {"a", "b", "c", "d", "e", "f"};
constexpr int deck_size = 20;
constexpr int hand_size = 3;
constexpr int home_run_points = 3;

int card_value(int card) { return card % 5 + 1; }
std::string other(const std::string& role) { return role == roles[0] ? roles[1] : roles[0]; }
std::string home_of(const std::string& role) { return role == roles[0] ? track.front() : track.back(); }
std::string owner_of_pawn(const std::string& pawn) { return pawn[0] == 'r' ? roles[0] : roles[1]; }

int track_index(const std::string& space) {
  return static_cast<int>(std::find(track.begin(), track.end(), space) - track.begin());
}

struct LogLine {
  std::string role, verb, text;
  json arg;
  std::string only;  // the one seat that reads this line (the card a player drew); empty: every seat
};

bool reads(const LogLine& line, std::string_view seat) { return line.only.empty() || line.only == seat; }

struct DuelState final : GameState {
  Rng rng;
  std::vector<int> deck;  // the back is the top
  std::map<std::string, std::vector<int>> hands;
  std::vector<int> discard;
  std::map<std::string, int> score;
  std::map<std::string, std::string> pawns;  // pawn id -> space
  std::string active;                        // empty once the game is over
  int round = 1;
  int rounds = 6;
  int target = 15;
  bool played_card = false, moved = false, rolled = false, drew = false;
  std::string selected;  // pawn chosen, waiting for its destination
  std::vector<LogLine> log;
  std::map<std::string, int> events;

  std::unique_ptr<GameState> clone() const override { return std::make_unique<DuelState>(*this); }

  json to_json() const override {
    json log_json = json::array();
    for (const auto& l : log) {
      log_json.push_back({{"role", l.role}, {"verb", l.verb}, {"arg", l.arg}, {"text", l.text}});
      if (!l.only.empty()) log_json.back()["only"] = l.only;
    }
    return {{"rng", rng.to_json()},
            {"deck", deck},
            {"hands", hands},
            {"discard", discard},
            {"score", score},
            {"pawns", pawns},
            {"active", active},
            {"round", round},
            {"rounds", rounds},
            {"target", target},
            {"played_card", played_card},
            {"moved", moved},
            {"rolled", rolled},
            {"drew", drew},
            {"selected", selected},
            {"log", log_json},
            {"events", events}};
  }

  static DuelState from_json(const json& j) {
    DuelState s;
    s.rng = Rng::from_json(j.at("rng"));
    j.at("deck").get_to(s.deck);
    j.at("hands").get_to(s.hands);
    j.at("discard").get_to(s.discard);
    j.at("score").get_to(s.score);
    j.at("pawns").get_to(s.pawns);
    j.at("active").get_to(s.active);
    j.at("round").get_to(s.round);
    j.at("rounds").get_to(s.rounds);
    j.at("target").get_to(s.target);
    j.at("played_card").get_to(s.played_card);
    j.at("moved").get_to(s.moved);
    j.at("rolled").get_to(s.rolled);
    j.at("drew").get_to(s.drew);
    j.at("selected").get_to(s.selected);
    for (const auto& l : j.at("log"))
      s.log.push_back({l.at("role"), l.at("verb"), l.at("text"), l.at("arg"), l.value("only", std::string())});
    j.at("events").get_to(s.events);
    return s;
  }

  void note(const std::string& role, const Action& a, std::string text) {
    log.push_back({role, a.verb, std::move(text), a.arg, {}});
  }
};

const DuelState& as_duel(const GameState& s) { return dynamic_cast<const DuelState&>(s); }
DuelState& as_duel(GameState& s) { return dynamic_cast<DuelState&>(s); }

void finish_if_won(DuelState& s) {
  for (const auto& role : roles)
    if (s.score[role] >= s.target) s.active.clear();
}

void end_turn(DuelState& s) {
  s.played_card = s.moved = s.rolled = s.drew = false;
  s.selected.clear();
  if (s.active == roles[1]) ++s.round;
  s.active = s.round > s.rounds ? std::string() : other(s.active);
}

std::vector<std::string> own_pawns(const DuelState& s, const std::string& role) {
  std::vector<std::string> out;
  for (const auto& [pawn, space] : s.pawns)
    if (owner_of_pawn(pawn) == role) out.push_back(pawn);
  return out;
}

std::vector<std::string> destinations(const DuelState& s) {
  const int at = track_index(s.pawns.at(s.selected));
  std::vector<std::string> out;
  if (at > 0) out.push_back(track[at - 1]);
  if (at + 1 < static_cast<int>(track.size())) out.push_back(track[at + 1]);
  return out;
}

std::string prompt_for(const DuelState& s, std::string_view seat) {
  if (s.active.empty()) return "The game is over.";
  if (seat != s.active) return "Waiting for " + s.active + ".";
  if (!s.selected.empty()) return "Choose a space to move " + s.selected + " to.";
  return "Play a card, move a pawn, roll, draw, or pass.";
}

class DuelModule final : public engine::GameModule {
 public:
  DuelModule() {
    info_.title_id = "test-duel";
    info_.display_name = "Duel (platform test game)";
    info_.roles = {roles.begin(), roles.end()};
    info_.scenarios = {{"standard", "Standard: six rounds"}, {"short", "Short: two rounds"}};
    info_.options = {{"target", "Score that wins at once", 15},
                     {"rounds", "Rounds to play (overrides scenario)", nullptr}};
  }

  const engine::GameInfo& info() const override { return info_; }

  std::unique_ptr<GameState> setup(const std::string& scenario, const json& options,
                                   std::uint64_t seed) const override {
    if (!info_.has_scenario(scenario)) throw engine::SetupError("unknown scenario '" + scenario + "'");
    if (!options.is_null() && !options.is_object()) throw engine::SetupError("options must be an object");
    auto s = std::make_unique<DuelState>();
    s->rng = Rng(seed);
    s->rounds = scenario == "short" ? 2 : 6;
    const json opts = options.is_object() ? options : json::object();
    for (const auto& [key, value] : opts.items()) {
      if (key != "target" && key != "rounds") throw engine::SetupError("unknown option '" + key + "'");
      if (value.is_null()) continue;  // null means "the default"
      if (!value.is_number_integer() || value.get<int>() < 1 || value.get<int>() > 100)
        throw engine::SetupError("option '" + key + "' must be an integer from 1 to 100");
    }
    if (opts.contains("target") && !opts["target"].is_null()) s->target = opts["target"].get<int>();
    if (opts.contains("rounds") && !opts["rounds"].is_null()) s->rounds = opts["rounds"].get<int>();
    for (int card = 1; card <= deck_size; ++card) s->deck.push_back(card);
    s->rng.shuffle(std::span<int>(s->deck));
    for (const auto& role : roles) {
      for (int i = 0; i < hand_size; ++i) {
        s->hands[role].push_back(s->deck.back());
        s->deck.pop_back();
      }
      std::sort(s->hands[role].begin(), s->hands[role].end());
      s->score[role] = 0;
    }
    s->pawns = {{"r1", "a"}, {"r2", "a"}, {"b1", "f"}, {"b2", "f"}};
    s->active = roles[0];
    return s;
  }

  std::unique_ptr<GameState> load(const json& state_json) const override {
    return std::make_unique<DuelState>(DuelState::from_json(state_json));
  }

  // The test game builds its actions as JSON, the simplest way; the compact list is for speed.
  void list_legal_actions(const GameState& state, std::string_view seat, engine::ActionList& out) const override {
    out.append_json(actions_of(as_duel(state), seat));
  }

  static json actions_of(const DuelState& s, std::string_view seat) {
    json actions = json::object();
    if (s.active.empty() || seat != s.active) return actions;
    if (!s.selected.empty()) {
      actions["space"] = destinations(s);
      actions["cancel"] = true;
      return actions;
    }
    if (!s.played_card && !s.hands.at(s.active).empty()) actions["card"] = s.hands.at(s.active);
    if (!s.moved) actions["piece"] = own_pawns(s, s.active);
    if (!s.rolled) actions["roll"] = true;
    if (!s.drew && !s.deck.empty()) actions["draw"] = true;
    actions["pass"] = true;
    return actions;
  }

  json public_view(const GameState& state) const override {
    const auto& s = as_duel(state);
    json hand_sizes = json::object();
    for (const auto& [role, hand] : s.hands) hand_sizes[role] = hand.size();
    json v = {{"round", s.round},         {"rounds", s.rounds},    {"target", s.target},   {"active", s.active},
              {"score", s.score},         {"pawns", s.pawns},      {"discard", s.discard}, {"deck_size", s.deck.size()},
              {"hand_sizes", hand_sizes}, {"selected", s.selected}};
    if (auto r = result(s)) v["result"] = r->to_json();
    return v;
  }

  json seat_view(const GameState& state, std::string_view seat) const override {
    const auto& s = as_duel(state);
    json v = {{"prompt", prompt_for(s, seat)}};
    if (auto it = s.hands.find(std::string(seat)); it != s.hands.end()) v["hand"] = it->second;
    return v;
  }

  std::vector<std::string> seat_view_keys() const override { return {"hand"}; }

  // Each seat reads the lines for every seat and its own (log_lines numbers them in that log).
  std::size_t log_size(const GameState& state, std::string_view seat) const override {
    const auto& log = as_duel(state).log;
    return static_cast<std::size_t>(
        std::count_if(log.begin(), log.end(), [&](const LogLine& l) { return reads(l, seat); }));
  }

  json log_lines(const GameState& state, std::string_view seat, std::size_t from, std::size_t to) const override {
    json lines = json::array();
    std::size_t index = 0;
    for (const auto& l : as_duel(state).log) {
      if (!reads(l, seat)) continue;
      if (index >= from && index < to)
        lines.push_back({{"role", l.role}, {"verb", l.verb}, {"arg", l.arg}, {"text", l.text}});
      ++index;
    }
    return lines;
  }

  std::vector<std::string> active_roles(const GameState& state) const override {
    const auto& s = as_duel(state);
    if (s.active.empty()) return {};
    return {s.active};
  }

  ApplyReport apply(GameState& state, std::string_view role_view, const Action& a) const override {
    auto& s = as_duel(state);
    const std::string role(role_view);
    ApplyReport report;
    if (a.verb == "card") {
      const int card = a.arg.get<int>();
      auto& hand = s.hands[role];
      hand.erase(std::find(hand.begin(), hand.end(), card));
      s.discard.push_back(card);
      s.score[role] += card_value(card);
      s.played_card = true;
      ++s.events["cards_played"];
      s.note(role, a, role + " plays card " + std::to_string(card) + " for " + std::to_string(card_value(card)) + ".");
    } else if (a.verb == "piece") {
      s.selected = a.arg.get<std::string>();
    } else if (a.verb == "cancel") {
      s.selected.clear();
    } else if (a.verb == "space") {
      move_selected(s, role, a);
    } else if (a.verb == "roll") {
      const int die = s.rng.roll(6);
      s.score[role] += die / 3;
      s.rolled = true;
      ++s.events["rolls"];
      s.note(role, a, role + " rolls " + std::to_string(die) + ".");
      report.used_randomness = true;
      report.dice = {die};
    } else if (a.verb == "draw") {
      auto& hand = s.hands[role];
      const int drawn = s.deck.back();
      hand.push_back(drawn);
      s.deck.pop_back();
      std::sort(hand.begin(), hand.end());
      s.drew = true;
      ++s.events["draws"];
      s.note(role, a, role + " draws a card.");
      // The card drawn: a line of the drawer's log only (the other seats' logs never hold it).
      s.log.push_back({role, a.verb, role + " draws card " + std::to_string(drawn) + ".", a.arg, role});
      report.revealed_hidden = true;
    } else if (a.verb == "pass") {
      s.note(role, a, role + " passes.");
      end_turn(s);
    } else {
      throw ActionRejected(ErrorCode::illegal_action, "unknown verb " + a.verb);
    }
    finish_if_won(s);
    return report;
  }

  engine::PositionSummary position_summary(const GameState& state) const override {
    const auto& s = as_duel(state);
    engine::PositionSummary summary;
    summary.score = s.score;
    summary.score_text =
        "red " + std::to_string(s.score.at(roles[0])) + ", blue " + std::to_string(s.score.at(roles[1]));
    summary.phase = s.active.empty() ? std::string("game over")
                                     : "round " + std::to_string(s.round) + " of " + std::to_string(s.rounds) + ": " +
                                           s.active + " to act";
    return summary;
  }

  std::optional<engine::GameResult> result(const GameState& state) const override {
    const auto& s = as_duel(state);
    if (!s.active.empty()) return std::nullopt;
    engine::GameResult r;
    r.score = s.score;
    const int red = s.score.at(roles[0]), blue = s.score.at(roles[1]);
    if (red != blue) r.winner = red > blue ? roles[0] : roles[1];
    r.summary = r.winner ? *r.winner + " wins " + std::to_string(std::max(red, blue)) + "–" +
                               std::to_string(std::min(red, blue))
                         : "Draw at " + std::to_string(red) + ".";
    return r;
  }

  std::unique_ptr<GameState> redeal_hidden(const GameState& state, std::string_view seat, Rng& rng) const override {
    auto s = std::make_unique<DuelState>(as_duel(state));
    std::vector<int> pool = s->deck;
    for (const auto& [role, hand] : s->hands)
      if (role != seat) pool.insert(pool.end(), hand.begin(), hand.end());
    rng.shuffle(std::span<int>(pool));
    for (auto& [role, hand] : s->hands) {
      if (role == seat) continue;
      for (auto& card : hand) {
        card = pool.back();
        pool.pop_back();
      }
      std::sort(hand.begin(), hand.end());
    }
    s->deck = pool;
    s->rng = Rng(rng.next_u64());
    return s;
  }

  json rule_events(const GameState& state) const override { return as_duel(state).events; }

 private:
  static void move_selected(DuelState& s, const std::string& role, const Action& a) {
    const std::string to = a.arg.get<std::string>();
    const std::string pawn = s.selected;
    s.selected.clear();
    s.moved = true;
    ++s.events["moves"];
    if (to == home_of(other(role))) {
      s.score[role] += home_run_points;
      s.pawns[pawn] = home_of(role);
      ++s.events["home_runs"];
      s.note(role, a, pawn + " reaches " + to + " and scores " + std::to_string(home_run_points) + ".");
    } else {
      s.pawns[pawn] = to;
      s.note(role, a, pawn + " moves to " + to + ".");
    }
  }

  engine::GameInfo info_;
};

}  // namespace

std::unique_ptr<engine::GameModule> make_duel() { return std::make_unique<DuelModule>(); }

}  // namespace warpath::testgame
