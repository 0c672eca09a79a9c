#pragma once
// The stream of views one seat of one game receives: the current view, its hash, and the last
// few patches, so that every connection of the seat shares one diff per move and a client that
// missed some messages can catch up without a full snapshot.

#include <cstdint>
#include <deque>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "protocol/server_message.hpp"

namespace warpath::protocol {

class SeatFeed {
 public:
  SeatFeed(GameId game, std::string seat, nlohmann::json view, std::uint64_t version);

  // Moves the feed to `view` at `version` and returns the patch frame to broadcast.
  Frame advance(nlohmann::json view, std::uint64_t version);

  // Frames that bring a client from `from` to the current version; nullopt when the history
  // no longer reaches back that far (or `from` is not a version this feed produced): send a snapshot.
  std::optional<std::vector<Frame>> catch_up(std::uint64_t from) const;
  Frame snapshot() const;

  // Starts the feed over at `view` (no patch history): for a seat whose views were not kept
  // up while nobody watched it.
  void reset(nlohmann::json view, std::uint64_t version);

  std::uint64_t version() const { return version_; }
  const nlohmann::json& view() const { return view_; }
  const std::string& hash() const { return hash_; }
  std::size_t last_patch_bytes() const { return history_.empty() ? 0 : history_.back().frame->size(); }

 private:
  struct Step {
    std::uint64_t from;
    std::uint64_t to;
    Frame frame;
  };

  GameId game_;
  std::string seat_;
  nlohmann::json view_;
  std::string hash_;
  std::uint64_t version_;
  std::deque<Step> history_;
  mutable Frame snapshot_cache_;
};

}  // namespace warpath::protocol
