#include "protocol/seat_feed.hpp"

#include "engine/core/hash.hpp"
#include "protocol/limits.hpp"

namespace warpath::protocol {

SeatFeed::SeatFeed(GameId game, std::string seat, nlohmann::json view, std::uint64_t version)
    : game_(game), seat_(std::move(seat)), view_(std::move(view)), hash_(engine::json_hash(view_)), version_(version) {}

Frame SeatFeed::advance(nlohmann::json view, std::uint64_t version) {
  // RFC 6902 operations; nlohmann compares arrays index by index, which is why views keep
  // collections as id-keyed objects or append-only lists.
  nlohmann::json ops = nlohmann::json::diff(view_, view);
  view_ = std::move(view);
  hash_ = engine::json_hash(view_);
  Frame frame = patch_message(game_, seat_, version_, version, ops, hash_);
  history_.push_back({version_, version, frame});
  if (history_.size() > seat_patch_history) history_.pop_front();
  version_ = version;
  snapshot_cache_.reset();
  return frame;
}

std::optional<std::vector<Frame>> SeatFeed::catch_up(std::uint64_t from) const {
  std::vector<Frame> frames;
  if (from == version_) return frames;
  if (from > version_) return std::nullopt;
  for (const auto& step : history_) {
    if (frames.empty() && step.from != from) continue;
    frames.push_back(step.frame);
  }
  if (frames.empty()) return std::nullopt;
  return frames;
}

void SeatFeed::reset(nlohmann::json view, std::uint64_t version) {
  view_ = std::move(view);
  hash_ = engine::json_hash(view_);
  version_ = version;
  history_.clear();
  snapshot_cache_.reset();
}

Frame SeatFeed::snapshot() const {
  if (!snapshot_cache_) snapshot_cache_ = snapshot_message(game_, seat_, version_, view_, hash_);
  return snapshot_cache_;
}

}  // namespace warpath::protocol
