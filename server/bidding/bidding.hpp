#pragma once
// Sides by bidding for a lobby game of two seats (docs/PROTOCOL.md, "Bidding"), as pure
// functions of the bids made so far: Wilderness War's sealed bids (13.3) and its alternative
// bidding (14.7), for any title that names the option taking the outcome (engine::BidOption).
//
// Players are numbered by their place in the listing: 0 its owner, 1 the other. Every die comes
// from an Rng seeded with `dice_seed`, derived from the game's seed (fixed when the bidding
// begins), so that the game record can have the bidding replayed and checked. Nothing here reads
// a clock or the database.

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "server/clocks/clock_rules.hpp"

namespace warpath::server::bidding {

// No time control: this long for each turn of bidding.
inline constexpr std::int64_t default_turn_ms = 7LL * 24 * 3'600'000;
// The time a player has for a turn of bidding (all of a sealed bidding): a timed listing's
// allowance per move (its increment; its starting bank when it has none), else the default.
std::int64_t turn_ms(const std::optional<clocks::TimeControl>& control);

enum class Mode { sealed, auction };

struct Config {
  Mode mode = Mode::sealed;
  // Sealed: the side the bids are for; none: each bid names the side it wants (see resolve).
  std::optional<std::string> favoured;

  nlohmann::json to_json() const;
  bool operator==(const Config&) const = default;
};

// From a request {"mode": "sealed" | "auction", "favoured"?: role} for a title with `roles`: the
// config, or what is wrong with it.
std::variant<Config, std::string> parse_config(const nlohmann::json& request, const std::vector<std::string>& roles);
// The stored form (to_json's output) back.
Config stored_config(const nlohmann::json& stored);

enum class ActKind { sealed, bid, accept };
std::string_view to_string(ActKind kind);
std::optional<ActKind> act_kind_named(std::string_view name);

// One step of a bidding.
struct Act {
  int player = 0;
  ActKind kind = ActKind::sealed;
  std::optional<std::string> side;  // sealed (when the bids name it), bid
  int vp = 0;
  bool by_default = false;  // made by the deadline for a player who had not acted

  bool operator==(const Act&) const = default;
};

// How a bidding came out: who plays which role, and the bid the game starts with.
struct Outcome {
  std::array<std::string, 2> roles;     // the role of player 0 and of player 1
  std::optional<std::string> bid_side;  // the role the VP are moved toward; none: no bid
  int vp = 0;

  // The value of the title's bid option: null or {"side", "vp"}.
  nlohmann::json bid_option() const;
  nlohmann::json to_json() const;
  bool operator==(const Outcome&) const = default;
};

enum class Refusal { not_your_turn, bad_bid, closed };
struct Refused {
  Refusal why;
  std::string message;
};

// The dice-seed of a bidding, from the game's seed: a hash, so that dice shown during the bidding
// tell nothing of the game's own random numbers.
std::uint64_t dice_seed(std::uint64_t game_seed);

class Bidding {
 public:
  // `roles`: the title's two seats; `max_vp`: the highest bid the title takes.
  Bidding(Config config, std::array<std::string, 2> roles, int max_vp, std::uint64_t dice_seed);

  // Takes the act, or refuses it and changes nothing.
  std::optional<Refused> act(const Act& act);
  const Config& config() const { return config_; }
  // Whether `player` may act now.
  bool may_act(int player) const;
  bool over() const { return outcome_.has_value(); }
  const std::optional<Outcome>& outcome() const { return outcome_; }
  const std::vector<Act>& acts() const { return acts_; }
  // The dice rolled so far: the auction's opening roll-off (player 0's, player 1's, again on a
  // tie), or the roll-off that breaks a tie of sealed bids.
  const std::vector<int>& rolls() const { return rolls_; }
  // The auction: who states the first bid, and the bid standing.
  std::optional<int> opener() const { return opener_; }
  const std::optional<Act>& standing() const { return standing_; }
  // What the deadline does for each player still to act: a sealed bid of 0 naming no side; in
  // the auction an acceptance, or a bid of 0 for the first role when no bid was stated yet.
  std::vector<Act> defaults() const;

  // The bidding as `viewer` (a player, or none: anyone else) may see it: a sealed bid is only
  // "received" to anyone but its bidder until both are in.
  nlohmann::json view(std::optional<int> viewer) const;

 private:
  void resolve_sealed();
  std::optional<std::string> checked_side(const std::optional<std::string>& side) const;

  Config config_;
  std::array<std::string, 2> roles_;
  int max_vp_ = 0;
  std::uint64_t dice_seed_ = 0;
  std::vector<Act> acts_;
  std::vector<int> rolls_;
  std::array<std::optional<Act>, 2> sealed_;
  std::optional<int> opener_;
  std::optional<Act> standing_;
  std::optional<Outcome> outcome_;
};

// Both roll a die, again while they tie: the rolls in order, and the player who rolled higher.
struct RollOff {
  std::vector<int> rolls;
  int winner = 0;
};
RollOff roll_off(std::uint64_t dice_seed);

nlohmann::json act_to_json(const Act& act);

// The bidding of a game as its record holds it (server/records): mode, favoured side, the
// players' names, every act with its time, the dice and the outcome.
nlohmann::json record_json(const Bidding& bidding, const std::array<std::string, 2>& players,
                           const std::vector<std::string>& times);
// What is wrong with a record's bidding, replayed with the title's `roles` and `max_vp` and the
// game's seed: acts the rules refuse, dice or outcome other than recorded, a game set up with
// another bid (`bid_option`: the value of the title's bid option in the record's options) or seats
// (`players`: the record's [{role, name}]).
std::vector<std::string> check_record(const nlohmann::json& bidding, const std::vector<std::string>& roles, int max_vp,
                                      std::uint64_t game_seed, const nlohmann::json& bid_option,
                                      const nlohmann::json& players);

}  // namespace warpath::server::bidding
