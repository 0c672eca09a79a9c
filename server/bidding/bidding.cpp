#include "server/bidding/bidding.hpp"

#include <algorithm>

#include "engine/core/rng.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server::bidding {

using nlohmann::json;

namespace {

std::string_view mode_name(Mode mode) { return mode == Mode::sealed ? "sealed" : "auction"; }

}  // namespace

json Config::to_json() const { return {{"mode", mode_name(mode)}, {"favoured", favoured ? json(*favoured) : json()}}; }

std::variant<Config, std::string> parse_config(const json& request, const std::vector<std::string>& roles) {
  if (!request.is_object()) return std::string("'bidding' must be an object {\"mode\", \"favoured\"}");
  for (const auto& [key, value] : request.items())
    if (key != "mode" && key != "favoured") return "'bidding' has no member '" + key + "'";
  Config config;
  const auto mode = request.value("mode", json());
  if (mode == "sealed")
    config.mode = Mode::sealed;
  else if (mode == "auction")
    config.mode = Mode::auction;
  else
    return std::string("'bidding.mode' must be \"sealed\" or \"auction\"");
  const auto favoured = request.value("favoured", json());
  if (!favoured.is_null()) {
    if (config.mode == Mode::auction)
      return std::string("in an auction (14.7) the bidder names the side: 'bidding.favoured' must be null");
    if (!favoured.is_string() || std::find(roles.begin(), roles.end(), favoured.get<std::string>()) == roles.end())
      return std::string("'bidding.favoured' must be one of the game's seats or null (decided by the bids)");
    config.favoured = favoured.get<std::string>();
  }
  return config;
}

Config stored_config(const json& stored) {
  Config config;
  config.mode = stored.value("mode", "sealed") == "auction" ? Mode::auction : Mode::sealed;
  if (const auto f = stored.value("favoured", json()); f.is_string()) config.favoured = f.get<std::string>();
  return config;
}

std::string_view to_string(ActKind kind) {
  switch (kind) {
    case ActKind::sealed:
      return "sealed";
    case ActKind::bid:
      return "bid";
    case ActKind::accept:
      return "accept";
  }
  return "sealed";
}

std::optional<ActKind> act_kind_named(std::string_view name) {
  for (ActKind kind : {ActKind::sealed, ActKind::bid, ActKind::accept})
    if (to_string(kind) == name) return kind;
  return std::nullopt;
}

json Outcome::bid_option() const {
  if (!bid_side) return nullptr;
  return {{"side", *bid_side}, {"vp", vp}};
}

json Outcome::to_json() const { return {{"roles", roles}, {"bid", bid_option()}}; }

json act_to_json(const Act& act) {
  return {{"player", act.player},
          {"kind", to_string(act.kind)},
          {"side", act.side ? json(*act.side) : json()},
          {"vp", act.vp},
          {"default", act.by_default}};
}

std::int64_t turn_ms(const std::optional<clocks::TimeControl>& control) {
  if (!control) return default_turn_ms;
  return control->increment_ms > 0 ? control->increment_ms : control->initial_ms;
}

std::uint64_t dice_seed(std::uint64_t game_seed) {
  const std::string digest = sha256_hex("warpath bidding dice:" + std::to_string(game_seed));
  return std::stoull(digest.substr(0, 16), nullptr, 16);
}

RollOff roll_off(std::uint64_t seed) {
  engine::Rng rng(seed);
  RollOff out;
  for (;;) {
    const int a = rng.roll();
    const int b = rng.roll();
    out.rolls.push_back(a);
    out.rolls.push_back(b);
    if (a != b) {
      out.winner = a > b ? 0 : 1;
      return out;
    }
  }
}

Bidding::Bidding(Config config, std::array<std::string, 2> roles, int max_vp, std::uint64_t seed)
    : config_(std::move(config)), roles_(std::move(roles)), max_vp_(max_vp), dice_seed_(seed) {
  if (config_.mode == Mode::auction) {  // 14.7: each rolls; the higher states the first bid
    auto off = roll_off(dice_seed_);
    rolls_ = std::move(off.rolls);
    opener_ = off.winner;
  }
}

bool Bidding::may_act(int player) const {
  if (outcome_ || player < 0 || player > 1) return false;
  if (config_.mode == Mode::sealed) return !sealed_[static_cast<std::size_t>(player)];
  if (!standing_) return opener_ == player;
  return standing_->player != player;
}

std::optional<std::string> Bidding::checked_side(const std::optional<std::string>& side) const {
  if (side && std::find(roles_.begin(), roles_.end(), *side) == roles_.end()) return std::nullopt;
  return side;
}

std::optional<Refused> Bidding::act(const Act& a) {
  if (outcome_) return Refused{Refusal::closed, "the bidding is over"};
  if (a.player < 0 || a.player > 1) return Refused{Refusal::not_your_turn, "not a player of this bidding"};
  const bool bids = a.kind != ActKind::accept;
  if (bids && (a.vp < 0 || a.vp > max_vp_))
    return Refused{Refusal::bad_bid, "a bid is a whole number of VP from 0 to " + std::to_string(max_vp_)};
  if (a.side && !checked_side(a.side)) return Refused{Refusal::bad_bid, "this game has no seat '" + *a.side + "'"};

  if (config_.mode == Mode::sealed) {  // 13.3
    if (a.kind != ActKind::sealed) return Refused{Refusal::bad_bid, "this bidding takes sealed bids only"};
    if (!may_act(a.player)) return Refused{Refusal::not_your_turn, "your sealed bid is in already"};
    if (config_.favoured && a.side && *a.side != *config_.favoured)
      return Refused{Refusal::bad_bid, "the bids are for the " + *config_.favoured + " side"};
    if (!config_.favoured && !a.side && !a.by_default)
      return Refused{Refusal::bad_bid, "name the 'side' you bid to play"};
    Act stored = a;
    if (config_.favoured) stored.side = config_.favoured;
    acts_.push_back(stored);
    sealed_[static_cast<std::size_t>(a.player)] = stored;
    if (sealed_[0] && sealed_[1]) resolve_sealed();
    return std::nullopt;
  }

  // 14.7: the higher roller bids for a side; then each in turn raises for that side or accepts.
  if (a.kind == ActKind::sealed) return Refused{Refusal::bad_bid, "an auction takes bids and acceptances"};
  if (!may_act(a.player)) return Refused{Refusal::not_your_turn, "it is the other player's turn to bid"};
  if (a.kind == ActKind::accept) {
    if (!standing_) return Refused{Refusal::bad_bid, "there is no bid to accept yet: state one"};
    acts_.push_back(a);
    const int bidder = standing_->player;
    const std::string& bidder_side = *standing_->side;
    const std::string& other_side = bidder_side == roles_[0] ? roles_[1] : roles_[0];
    Outcome o;
    o.roles[static_cast<std::size_t>(bidder)] = bidder_side;
    o.roles[static_cast<std::size_t>(1 - bidder)] = other_side;
    o.bid_side = other_side;  // the VP bid go to the side not bidding
    o.vp = standing_->vp;
    outcome_ = o;
    return std::nullopt;
  }
  if (!standing_) {
    if (!a.side) return Refused{Refusal::bad_bid, "the first bid names the 'side' it is for"};
  } else {
    if (a.side && *a.side != *standing_->side)
      return Refused{Refusal::bad_bid, "a raise is for the side bid for, " + *standing_->side};
    if (a.vp <= standing_->vp)
      return Refused{Refusal::bad_bid, "a raise must be above the current bid of " + std::to_string(standing_->vp)};
  }
  Act stored = a;
  if (standing_) stored.side = standing_->side;
  acts_.push_back(stored);
  standing_ = stored;
  return std::nullopt;
}

void Bidding::resolve_sealed() {
  const Act& a = *sealed_[0];
  const Act& b = *sealed_[1];
  Outcome o;
  if (!config_.favoured && a.side && b.side && *a.side != *b.side) {
    // Each wants a different side: each plays it, and nothing is bid.
    o.roles = {*a.side, *b.side};
    outcome_ = o;
    return;
  }
  const std::string favoured = config_.favoured ? *config_.favoured : a.side ? *a.side : b.side ? *b.side : roles_[0];
  const std::string other = favoured == roles_[0] ? roles_[1] : roles_[0];
  int high = 0;
  if (a.vp != b.vp) {
    high = a.vp > b.vp ? 0 : 1;
  } else {  // 13.3: equal bids, a die decides who plays the favoured side; the bid still counts
    auto off = roll_off(dice_seed_);
    rolls_ = std::move(off.rolls);
    high = off.winner;
  }
  o.roles[static_cast<std::size_t>(high)] = favoured;
  o.roles[static_cast<std::size_t>(1 - high)] = other;
  o.bid_side = other;  // the other player begins with the bid added
  o.vp = std::max(a.vp, b.vp);
  outcome_ = o;
}

std::vector<Act> Bidding::defaults() const {
  std::vector<Act> out;
  if (outcome_) return out;
  if (config_.mode == Mode::sealed) {
    for (int p = 0; p < 2; ++p)
      if (may_act(p)) out.push_back({p, ActKind::sealed, std::nullopt, 0, true});
    return out;
  }
  const int p = may_act(0) ? 0 : 1;
  if (standing_)
    out.push_back({p, ActKind::accept, std::nullopt, 0, true});
  else
    out.push_back({p, ActKind::bid, roles_[0], 0, true});
  return out;
}

json Bidding::view(std::optional<int> viewer) const {
  json acts = json::array();
  for (const auto& a : acts_) {
    if (config_.mode == Mode::sealed && !outcome_ && viewer != a.player)
      acts.push_back({{"player", a.player}, {"kind", "sealed"}, {"received", true}});  // 13.3: written down, unseen
    else
      acts.push_back(act_to_json(a));
  }
  json to_act = json::array();
  for (int p = 0; p < 2; ++p)
    if (may_act(p)) to_act.push_back(p);
  return {{"mode", mode_name(config_.mode)},
          {"favoured", config_.favoured ? json(*config_.favoured) : json()},
          {"max_vp", max_vp_},
          {"acts", acts},
          {"rolls", rolls_},
          {"opener", opener_ ? json(*opener_) : json()},
          {"standing", standing_ ? act_to_json(*standing_) : json()},
          {"to_act", to_act},
          {"outcome", outcome_ ? outcome_->to_json() : json()}};
}

json record_json(const Bidding& b, const std::array<std::string, 2>& players, const std::vector<std::string>& times) {
  json acts = json::array();
  for (std::size_t i = 0; i < b.acts().size(); ++i) {
    json a = act_to_json(b.acts()[i]);
    a["seq"] = i + 1;
    a["time"] = i < times.size() ? json(times[i]) : json();
    acts.push_back(std::move(a));
  }
  json out = b.config().to_json();
  out["players"] = players;
  out["acts"] = std::move(acts);
  out["rolls"] = b.rolls();
  out["outcome"] = b.outcome() ? b.outcome()->to_json() : json();
  return out;
}

std::vector<std::string> check_record(const json& record, const std::vector<std::string>& roles, int max_vp,
                                      std::uint64_t game_seed, const json& bid_option, const json& players) {
  std::vector<std::string> problems;
  if (!record.is_object() || roles.size() != 2 || !record.value("acts", json()).is_array() ||
      !record.value("players", json()).is_array() || record.at("players").size() != 2) {
    problems.emplace_back("the bidding is not one of two players with a list of acts");
    return problems;
  }
  Bidding b(stored_config(record), {roles[0], roles[1]}, max_vp, dice_seed(game_seed));
  for (const auto& a : record.at("acts")) {
    Act act;
    try {
      act.player = a.at("player").get<int>();
      const auto kind = act_kind_named(a.at("kind").get<std::string>());
      if (!kind) throw std::invalid_argument("kind");
      act.kind = *kind;
      if (a.at("side").is_string()) act.side = a.at("side").get<std::string>();
      act.vp = a.at("vp").get<int>();
      act.by_default = a.at("default").get<bool>();
    } catch (const std::exception&) {
      problems.emplace_back("bidding act " + a.value("seq", json()).dump() + " is not readable");
      return problems;
    }
    if (auto refused = b.act(act)) {
      problems.push_back("bidding act " + a.value("seq", json()).dump() + " is refused: " + refused->message);
      return problems;
    }
  }
  if (!b.outcome()) {
    problems.emplace_back("the bidding's acts do not end it");
    return problems;
  }
  if (json(b.rolls()) != record.value("rolls", json())) problems.emplace_back("the bidding's dice are not the seed's");
  if (b.outcome()->to_json() != record.value("outcome", json()))
    problems.push_back("the bids lead to " + b.outcome()->to_json().dump() + ", not to the recorded outcome");
  if (b.outcome()->bid_option() != bid_option) problems.emplace_back("the game was set up with another bid");
  for (std::size_t p = 0; p < 2; ++p) {
    const json& name = record.at("players").at(p);
    bool seated = false;
    for (const auto& seat : players.is_array() ? players : json::array())
      if (seat.value("name", json()) == name && seat.value("role", json()) == b.outcome()->roles[p]) seated = true;
    if (!seated)
      problems.push_back("the game's seats are not the bidding's: " + name.dump() + " plays " + b.outcome()->roles[p]);
  }
  return problems;
}

}  // namespace warpath::server::bidding
