// The server's own moves and clock notices, delivered to the room serving the game here or on
// another node (see game_events.hpp).

#include "server/rooms/game_events.hpp"

#include "server/util/clock.hpp"
#include "server/util/log.hpp"

namespace warpath::server {

namespace {

// A move passed on more often than this is dropped: the game's lease keeps changing hands, and the
// periodic looks (the scheduler's, a room's recheck when it loads) come back to it.
constexpr int max_hops = 3;

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};

protocol::GameId game_of(const storage::ServerMoveDue& move) {
  return std::visit([](const auto& e) { return e.game; }, move);
}

storage::Route& route_of(storage::ServerMoveDue& move) {
  return std::visit([](auto& e) -> storage::Route& { return e.route; }, move);
}

std::string describe(const storage::ServerMoveDue& move) {
  return std::visit(
      Overloaded{[](const storage::TimeoutDue& t) {
                   return "the timeout of " + t.role + " in game " + std::to_string(t.game);
                 },
                 [](const storage::AdjudicationDue& a) { return "the adjudication of game " + std::to_string(a.game); },
                 [](const storage::ResignationDue& r) {
                   return "the resignation of account " + std::to_string(r.account) + " in game " +
                          std::to_string(r.game);
                 }},
      move);
}

}  // namespace

GameEvents::GameEvents(RoomRegistry& rooms, const ClusterNode* cluster, Publish publish)
    : rooms_(rooms), cluster_(cluster), publish_(std::move(publish)) {}

void GameEvents::move(storage::ServerMoveDue move, std::function<void(ServerMoveOutcome)> done) {
  const auto game = game_of(move);
  if (cross_node() && !rooms_.if_loaded(game)) {
    // Not served here: by the lease's holder if it is another node's and runs, else by this node,
    // which loads the game (taking the lease) as a player's request would.
    std::optional<storage::LeasedElsewhere> holder;
    try {
      holder = cluster_->leases.holder(game);
    } catch (const std::exception& e) {
      log_warn("game " + std::to_string(game) + ": its lease's holder not read: " + e.what());
    }
    if (holder && !holder->node.empty() && holder->node != cluster_->node && holder->expires_at_ms > wall_clock_ms() &&
        pass_on(move, holder->node))
      return done({std::nullopt, holder->node});
  }
  apply_here(std::move(move), std::move(done));
}

void GameEvents::apply_here(storage::ServerMoveDue move, std::function<void(ServerMoveOutcome)> done) {
  auto room = rooms_.acquire(game_of(move));
  if (!room) return done({RoomError{protocol::ErrorCode::overloaded, RoomRegistry::full_message}, std::nullopt});
  auto answered = [this, move, done](std::optional<RoomError> error) {
    if (error && error->code == protocol::ErrorCode::moved && error->elsewhere && cross_node() &&
        !error->elsewhere->node.empty() && error->elsewhere->node != cluster_->node &&
        pass_on(move, error->elsewhere->node))
      return done({std::nullopt, error->elsewhere->node});
    done({std::move(error), std::nullopt});
  };
  std::visit(Overloaded{[&](const storage::TimeoutDue& t) { room->apply_timeout(room, t.role, answered); },
                        [&](const storage::AdjudicationDue&) { room->adjudicate(room, answered); },
                        [&](const storage::ResignationDue& r) {
                          room->act_for(room, SeatClaim{{}, r.account}, std::nullopt,
                                        engine::Action{std::string(engine::resign_verb), nullptr},
                                        [answered](SeatAnswer answer) { answered(std::move(answer.error)); });
                        }},
             move);
}

bool GameEvents::pass_on(storage::ServerMoveDue move, const std::string& node) {
  auto& route = route_of(move);
  if (route.hops >= max_hops) {
    log_warn(describe(move) + " dropped: passed on " + std::to_string(route.hops) + " times");
    return false;
  }
  route.to = node;
  ++route.hops;
  log_debug(describe(move) + " passed on to node " + node);
  std::visit([this](auto& e) { publish_(e); }, move);
  return true;
}

void GameEvents::clocks_changed(protocol::GameId game) {
  if (auto room = rooms_.if_loaded(game)) return room->clocks_changed(room);
  // Not served here: the node that serves it, if any, shows them.
  if (cross_node()) publish_(storage::ClocksChanged{game});
}

void GameEvents::received(const storage::ServerMoveDue& move) {
  const auto& route = std::visit([](const auto& e) -> const storage::Route& { return e.route; }, move);
  if (!cluster_ || route.to != cluster_->node) return;  // another node's to make
  apply_here(move, [what = describe(move)](ServerMoveOutcome outcome) {
    if (outcome.error) log_info(what + ", sent by another node, not applied: " + outcome.error->message);
  });
}

void GameEvents::received(const storage::ClocksChanged& changed) {
  if (auto room = rooms_.if_loaded(changed.game)) room->clocks_changed(room);
}

}  // namespace warpath::server
