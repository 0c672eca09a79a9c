#include "protocol/seat_replica.hpp"

#include <algorithm>

#include "engine/core/hash.hpp"

namespace warpath::protocol {

using nlohmann::json;

std::string view_hash(const json& view, const std::vector<std::string>& seat_keys) {
  json public_part = json::object();
  json seat_part = json::object();
  for (const auto& [key, value] : view.items())
    (std::find(seat_keys.begin(), seat_keys.end(), key) != seat_keys.end() ? seat_part : public_part)[key] = value;
  return engine::part_hash(public_part) + engine::part_hash(seat_part);
}

SeatReplica::Outcome SeatReplica::apply(const json& message) {
  const std::string type = message.value("type", "");
  if (type == "snapshot") return apply_snapshot(message);
  if (type == "patch") return apply_patch(message);
  return apply_log_page(message);
}

SeatReplica::Outcome SeatReplica::apply_snapshot(const json& message) {
  seat_keys_ = message.at("seat_keys").get<std::vector<std::string>>();
  view_ = message.at("view");
  version_ = message.at("version").get<std::uint64_t>();
  hash_ = message.at("hash").get<std::string>();
  // The lines held before may have been undone since: the log frame that follows brings the newest.
  log_.clear();
  log_first_ = message.at("log_size").get<std::size_t>();
  has_view_ = view_hash(view_, seat_keys_) == hash_;
  return has_view_ ? Outcome::applied : Outcome::mismatch;
}

SeatReplica::Outcome SeatReplica::apply_patch(const json& message) {
  const auto from = message.at("from").get<std::uint64_t>();
  const auto to = message.at("to").get<std::uint64_t>();
  if (has_view_ && to <= version_) return Outcome::outdated;
  if (!has_view_ || from != version_) return Outcome::gap;
  json patched;
  try {
    patched = view_.patch(message.at("ops"));
  } catch (const json::exception&) {
    has_view_ = false;
    return Outcome::mismatch;
  }
  const std::string hash = message.at("hash").get<std::string>();
  if (view_hash(patched, seat_keys_) != hash) {
    has_view_ = false;
    return Outcome::mismatch;
  }
  if (auto log = message.find("log"); log != message.end()) {
    const auto keep = log->at("keep").get<std::size_t>();
    const auto& lines = log->at("lines");
    if (keep > log_size()) {
      has_view_ = false;
      return Outcome::mismatch;
    }
    if (keep < log_first_) {
      log_.clear();
      log_first_ = keep;
    } else {
      log_.resize(keep - log_first_);
    }
    for (const auto& line : lines) log_.push_back(line);
  }
  view_ = std::move(patched);
  version_ = to;
  hash_ = hash;
  return Outcome::applied;
}

SeatReplica::Outcome SeatReplica::apply_log_page(const json& message) {
  if (!has_view_ || message.at("version").get<std::uint64_t>() != version_ ||
      message.at("log_size").get<std::size_t>() != log_size())
    return Outcome::stale;
  const auto from = message.at("from").get<std::size_t>();
  const auto& lines = message.at("lines");
  const std::size_t end = from + lines.size();
  // Lines from `from` to `end`, merged with the held ones: they must touch or overlap them.
  const std::size_t held_end = log_first_ + log_.size();
  if (end < log_first_ || from > held_end) return Outcome::stale;
  const std::size_t first = std::min(from, log_first_);
  const std::size_t last = std::max(end, held_end);
  std::vector<json> merged;
  merged.reserve(last - first);
  for (std::size_t i = first; i < last; ++i)
    merged.push_back(i >= from && i < end ? lines[i - from] : log_[i - log_first_]);
  log_first_ = first;
  log_ = std::move(merged);
  return Outcome::applied;
}

}  // namespace warpath::protocol
