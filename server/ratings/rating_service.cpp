#include "server/ratings/rating_service.hpp"

#include <algorithm>
#include <future>

#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server::ratings {

namespace {
constexpr int games_per_look = 200;
// How far before the newest game handled a look starts reading: far longer than a move takes from
// its timestamp to its commit.
constexpr std::int64_t look_back_ms = 10 * 60 * 1000;
}  // namespace

RatingService::RatingService(const std::string& db_path, storage::CommitQueue& commits,
                             const engine::GameRegistry& games, tournaments::RatingParams params)
    : store_(db_path), commits_(commits), games_(games), params_(params), book_(params) {}

void RatingService::load() {
  std::vector<tournaments::GameRecord> results;
  for (const auto& stored : store_.rated_games()) results.push_back(stored.change.game);
  auto rebuilt = tournaments::recompute(results, params_);
  if (auto* error = std::get_if<tournaments::InputError>(&rebuilt))
    throw std::runtime_error("the stored rated games cannot be rated again: " + error->where + ": " + error->message);
  std::lock_guard lock(mutex_);
  book_ = std::move(std::get<tournaments::RatingBook>(rebuilt));
}

std::size_t RatingService::catch_up() {
  std::int64_t have = 0;
  {
    std::lock_guard lock(mutex_);
    have = static_cast<std::int64_t>(book_.changes().size());
  }
  const auto stored = store_.rated_games(have);
  {
    std::lock_guard lock(mutex_);
    bool follows = static_cast<std::int64_t>(book_.changes().size()) == have;
    for (std::size_t i = 0; follows && i < stored.size(); ++i)
      follows = stored[i].seq == have + static_cast<std::int64_t>(i) + 1 &&
                std::holds_alternative<tournaments::RatingChange>(book_.apply(stored[i].change.game));
    if (follows) return stored.size();
  }
  // The book took a game the database did not, or the stored ones were rebuilt: all of them again.
  load();
  return stored.size();
}

std::optional<std::string> RatingService::commit(storage::CommitQueue::Work work) {
  std::promise<std::optional<std::string>> committed;
  commits_.submit(std::move(work), [&committed](std::optional<std::string> error) { committed.set_value(error); });
  return committed.get_future().get();
}

int RatingService::work() {
  // Another node may have rated games since this one last did (it ran the scheduler then).
  catch_up();
  int rated = 0;
  const std::string since =
      handled_to_.empty() ? "" : unix_ms_to_iso8601(iso8601_to_unix_ms(handled_to_) - look_back_ms);
  for (auto& pending : store_.pending(since, games_per_look)) {
    const auto* module = games_.find(pending.game.title);
    if (!module) continue;  // a title this build does not offer: left for one that does
    const auto& info = module->info();
    pending.game.roles = info.roles;
    if (info.bid_option) pending.game.bid_option = info.bid_option->option;
    pending.game.tournament_draw_winner = info.tournament_draw_winner;
    auto result = rated_result(pending.game);
    std::optional<std::string> not_rated;
    if (auto* why = std::get_if<NotRated>(&result)) not_rated = why->reason;
    std::optional<tournaments::RatingChange> change;
    std::int64_t seq = 0;
    if (!not_rated) {
      std::lock_guard lock(mutex_);
      auto applied = book_.apply(std::get<tournaments::GameRecord>(result));
      if (auto* error = std::get_if<tournaments::InputError>(&applied))
        not_rated = error->where + ": " + error->message;
      else
        change = std::get<tournaments::RatingChange>(applied);
      seq = static_cast<std::int64_t>(book_.changes().size());
    }
    const auto error = change ? commit(RatingStore::record(seq, pending.id, pending.ended_at, *change))
                              : commit(RatingStore::note_unrated(pending.id, *not_rated, utc_now_iso8601()));
    if (error) {
      log_error("rating of game " + std::to_string(pending.id) + " not stored: " + *error);
      if (change) load();  // the book took a game the database did not
      return rated;
    }
    handled_to_ = std::max(handled_to_, pending.ended_at);
    if (change)
      ++rated;
    else
      log_info("game " + std::to_string(pending.id) + " is not rated: " + *not_rated);
  }
  return rated;
}

tournaments::Rating RatingService::rating(const std::string& title, std::int64_t account) const {
  std::lock_guard lock(mutex_);
  return book_.rating(title, account);
}

tournaments::SideModel RatingService::side(const std::string& title, const std::string& scenario) const {
  std::lock_guard lock(mutex_);
  return book_.side(title, scenario);
}

}  // namespace warpath::server::ratings
