#include "server/records/game_record.hpp"

#include "engine/core/match.hpp"
#include "server/bidding/bidding.hpp"
#include "server/util/secrets.hpp"

namespace warpath::server::records {

using nlohmann::json;

namespace {

// The members of the record the chain's first link covers: what the game was set up with.
constexpr const char* header_members[] = {"format",          "game",   "title", "scenario", "options",
                                          "seed_commitment", "created"};

json move_json(const RecordedMove& m) {
  return {{"seq", m.seq}, {"role", m.role}, {"verb", m.verb}, {"arg", m.arg}, {"time", m.time}};
}

}  // namespace

std::string seed_commitment(std::uint64_t seed, std::string_view nonce) {
  return sha256_hex(std::to_string(seed) + ":" + std::string(nonce));
}

std::string chain_start(const json& record) {
  json header = json::object();
  for (const char* member : header_members) header[member] = record.contains(member) ? record.at(member) : json();
  if (record.contains("bidding")) header["bidding"] = record.at("bidding");  // records without one hash as before
  return sha256_hex(header.dump());
}

std::string move_digest(const json& move) {
  json content = json::object();
  for (const char* member : {"seq", "role", "verb", "arg", "time"})
    content[member] = move.contains(member) ? move.at(member) : json();
  return sha256_hex(content.dump());
}

std::string chain_link(const std::string& previous, const std::string& digest) {
  return sha256_hex(previous + "\n" + digest);
}

json build_record(const RecordSource& s) {
  json record = {{"format", record_format}, {"game", s.game},         {"title", s.title},
                 {"rules", s.rules},        {"scenario", s.scenario}, {"options", s.options},
                 {"players", s.players},    {"created", s.created},   {"seed_commitment", s.seed_commitment},
                 {"result", s.result}};
  if (!s.bidding.is_null()) record["bidding"] = s.bidding;
  if (s.over) {
    record["seed"] = std::to_string(s.seed);  // as text: exact in every JSON reader
    record["seed_nonce"] = s.seed_nonce;
  }
  std::string link = chain_start(record);
  json moves = json::array();
  for (const auto& m : s.moves) {
    json move = move_json(m);
    const std::string digest = move_digest(move);
    link = chain_link(link, digest);
    if (!s.over) {  // what was chosen stays unsaid until the end (undone choices from a hand)
      move.erase("verb");
      move.erase("arg");
    }
    move["digest"] = digest;
    move["hash"] = link;
    moves.push_back(std::move(move));
  }
  record["moves"] = std::move(moves);
  record["chain_head"] = link;
  return record;
}

json Verdict::to_json() const { return {{"ok", ok}, {"rules_checked", rules_checked}, {"problems", problems}}; }

Verdict verify_record(const json& record, const engine::GameRegistry& games) {
  Verdict v;
  auto problem = [&](std::string text) { v.problems.push_back(std::move(text)); };
  auto text = [&](const char* member) -> std::string {
    const auto it = record.find(member);
    return it != record.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  if (!record.is_object() || text("format") != record_format) {
    problem("not a " + std::string(record_format) + " record");
    return v;
  }
  const auto moves = record.value("moves", json());
  if (!moves.is_array()) {
    problem("the record has no moves array");
    return v;
  }

  // Each move against its digest, and the chain, link by link.
  std::string link = chain_start(record);
  std::string last_time;
  bool complete = true;  // every move's verb and argument given
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const json& move = moves[i];
    const std::string name = "move " + std::to_string(i + 1);
    if (!move.is_object() || move.value("seq", json()) != json(i + 1)) {
      problem(name + " is missing or out of order");
      break;
    }
    std::string digest = move.value("digest", "");
    if (move.contains("verb")) {
      const std::string computed = move_digest(move);
      if (!digest.empty() && digest != computed) problem(name + ": its content does not match its digest");
      digest = computed;
    } else {
      complete = false;
      if (digest.empty()) problem(name + " has neither its content nor its digest");
    }
    link = chain_link(link, digest);
    if (move.value("hash", "") != link) problem(name + ": its hash does not follow the chain");
    const std::string time = move.value("time", "");
    if (time < last_time) problem("move " + std::to_string(i + 1) + " is dated before the move it follows");
    last_time = time;
  }
  if (text("chain_head") != link) problem("the chain's head is not the last move's hash");

  // The seed against its commitment.
  const bool revealed = record.contains("seed");
  std::uint64_t seed = 0;
  if (revealed) {
    try {
      std::size_t used = 0;
      const std::string seed_text = text("seed");
      seed = std::stoull(seed_text, &used);
      if (used != seed_text.size()) throw std::invalid_argument("trailing characters");
    } catch (const std::exception&) {
      problem("the seed is not a whole number");
      return v;
    }
    if (text("seed_commitment").empty() || seed_commitment(seed, text("seed_nonce")) != text("seed_commitment"))
      problem("the seed and nonce do not match the commitment published at the start");
  } else if (!record.value("result", json()).is_null()) {
    problem("the game is over but its seed is not revealed");
  }
  if (revealed && !complete) problem("the seed is revealed but some moves are withheld");

  // The rules: every move through the legality check, to the recorded result.
  if (revealed && v.problems.empty()) {
    const auto* module = games.find(text("title"));
    if (!module) {
      problem("this program has no rules for '" + text("title") + "'");
    } else {
      try {
        auto match = engine::Match::start(*module, text("scenario"), record.value("options", json::object()), seed);
        for (const auto& move : moves) {
          const engine::Action action{move.value("verb", ""), move.value("arg", json())};
          if (auto error = match.play(move.value("role", ""), action)) {
            problem("move " + std::to_string(move.value("seq", 0)) + " (" + move.value("role", "") + " " + action.verb +
                    ") is refused by the rules: " + error->message);
            break;
          }
        }
        const auto result = match.result();
        const json recorded = record.value("result", json());
        if (v.problems.empty() && (result ? result->to_json() : json()) != recorded)
          problem("the moves lead to " + (result ? result->to_json().dump() : std::string("no result")) +
                  ", not to the recorded result");
        if (const auto bidding = record.value("bidding", json()); !bidding.is_null()) {
          const auto& bid_option = module->info().bid_option;
          const json options = record.value("options", json::object());
          const json bid = bid_option && options.contains(bid_option->option) ? options.at(bid_option->option) : json();
          for (auto& p : bidding::check_record(bidding, module->info().roles, bid_option ? bid_option->max_vp : 0, seed,
                                               bid, record.value("players", json())))
            problem(std::move(p));
        }
        v.rules_checked = v.problems.empty();
      } catch (const std::exception& e) {
        problem(std::string("the game cannot be rebuilt: ") + e.what());
      }
    }
  }
  v.ok = v.problems.empty();
  return v;
}

}  // namespace warpath::server::records
