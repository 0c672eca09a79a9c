#pragma once
// The live ratings of a running server (docs/RATINGS.md, "On the server"): the rating book kept in
// memory, rebuilt at start from rated_games, and the job the clock scheduler runs at each look
// (`work`): it takes over the finished games of rated listings not rated yet, in the order they
// ended, rates each from both players' ratings before it and stores the rated_games row and both
// ratings in one transaction; a game that cannot be rated is noted once with why. The book
// answers the lobby's questions (a player's rating, a scenario's side term, the fair bid) without
// touching the database; the store answers the pages'. On a node of several, the book follows
// the games other nodes rate (catch_up, when told of them and before each look of its own).

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "engine/core/registry.hpp"
#include "server/ratings/rating_store.hpp"
#include "server/storage/commit_queue.hpp"
#include "server/tournaments/ratings.hpp"

namespace warpath::server::ratings {

class RatingService {
 public:
  RatingService(const std::string& db_path, storage::CommitQueue& commits, const engine::GameRegistry& games,
                tournaments::RatingParams params = {});

  // Rebuilds the book from rated_games (at start; again after a failed write).
  void load();
  // Applies the games another node rated since the book's last (several nodes: the node running
  // the scheduler rates, the others' books follow it), rebuilding the book if the stored ones do
  // not follow on from it; the number applied.
  std::size_t catch_up();
  // Rates the finished rated games waiting, oldest first; the number rated. Logs and stops at the
  // first write that fails (the next look tries again).
  int work();

  tournaments::Rating rating(const std::string& title, std::int64_t account) const;
  tournaments::SideModel side(const std::string& title, const std::string& scenario) const;
  RatingStore& store() { return store_; }

 private:
  // Submits `work` and waits for its commit; the error, if any.
  std::optional<std::string> commit(storage::CommitQueue::Work work);

  RatingStore store_;
  storage::CommitQueue& commits_;
  const engine::GameRegistry& games_;
  tournaments::RatingParams params_;
  mutable std::mutex mutex_;
  tournaments::RatingBook book_;
  // The end time of the newest game handled (rated or noted unrated); "" until the first look,
  // which reads every finished game. Later looks read from a margin before it, so a game stamped
  // before another but committed after it is not passed over.
  std::string handled_to_;
};

}  // namespace warpath::server::ratings
