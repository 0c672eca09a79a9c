#pragma once
// Game records and their verification (docs/PROTOCOL.md, "Game records"): what a game was —
// title, rules, scenario, options, players, every move with its time, the result — with a hash
// chain over the moves' digests and the commitment to the game's random seed, which is published
// when the game is created and opened (seed and nonce) once it is over. While the game is on, a
// move's verb and argument are withheld (only its digest is given): an action can be a choice from
// a hidden hand that was taken back before anyone saw it. `verify_record` checks a record offline:
// each move against its digest, the chain link by link, the seed against its commitment, and,
// given the seed, that every move follows from the rules and leads to the recorded result, and that
// a bidding for sides (with its dice, derived from the seed) gave the game its seats and bid.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/registry.hpp"

namespace warpath::server::records {

inline constexpr std::string_view record_format = "warpath-record/1";

// SHA-256 (hex) of "<seed>:<nonce>".
std::string seed_commitment(std::uint64_t seed, std::string_view nonce);

struct RecordedMove {
  std::uint64_t seq = 0;
  std::string role;
  std::string verb;
  nlohmann::json arg;
  std::string time;  // ISO 8601 UTC, as stored
};

struct RecordSource {
  std::int64_t game = 0;
  std::string title;
  std::string rules;  // the rules' version: the binary's
  std::string scenario;
  nlohmann::json options = nlohmann::json::object();
  nlohmann::json players = nlohmann::json::array();  // [{role, name}] for lobby games
  std::string created;
  std::string seed_commitment;
  bool over = false;
  std::uint64_t seed = 0;  // in the record only once the game is over
  std::string seed_nonce;
  nlohmann::json result;   // null while the game goes on
  nlohmann::json bidding;  // how the sides were bid for (bidding::record_json); null: they were not
  std::vector<RecordedMove> moves;
};

// A move's digest: the hash of the move (seq, role, verb, arg, time). The chain's first link: the
// hash of what the game was set up with; each move's link hashes the previous link with the
// move's digest.
std::string move_digest(const nlohmann::json& move);
std::string chain_start(const nlohmann::json& record);
std::string chain_link(const std::string& previous, const std::string& digest);

nlohmann::json build_record(const RecordSource& source);

struct Verdict {
  bool ok = false;
  bool rules_checked = false;  // false while the seed is not revealed
  std::vector<std::string> problems;
  nlohmann::json to_json() const;
};

Verdict verify_record(const nlohmann::json& record, const engine::GameRegistry& games);

}  // namespace warpath::server::records
