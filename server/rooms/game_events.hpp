#pragma once
// What the server itself does to a game outside any player's request: its own moves (a timeout
// the clocks apply automatically, a tournament round's adjudication, a withdrawn player's
// resignation) and telling the seats that the clocks changed. They must reach the room that
// serves the game. On the only node that is this node's (loaded on use, as a player's request
// would). On a node of several it may be another node's, the holder of the game's lease: then
// they go there as cluster events (server/storage/cluster_events.hpp), and that node's
// listener hands them back here (received).

#include <functional>
#include <optional>
#include <string>

#include "server/rooms/room_registry.hpp"
#include "server/storage/cluster_events.hpp"

namespace warpath::server {

// What became of a server move: refused by the game (`error`), handed on to the node serving it
// (`passed_to`: it is applied there, or refused, later), or applied (neither).
struct ServerMoveOutcome {
  std::optional<RoomError> error;
  std::optional<std::string> passed_to;
};

class GameEvents {
 public:
  using Publish = std::function<void(storage::ClusterEvent)>;
  // `cluster`: null on the only node. `publish`: how this node tells the others (empty where the
  // nodes cannot: an SQLite file shared by named nodes, where each node acts only on its own rooms).
  GameEvents(RoomRegistry& rooms, const ClusterNode* cluster, Publish publish);

  // Makes the move in the room serving the game; `done` (any thread, possibly before this
  // returns) gets what became of it. The move's route is filled in here.
  void move(storage::ServerMoveDue move, std::function<void(ServerMoveOutcome)> done);
  // The game's clocks changed without a move: its seats are shown them, wherever it is served.
  void clocks_changed(protocol::GameId game);

  // Events of other nodes, from the cluster's listener.
  void received(const storage::ServerMoveDue& move);
  void received(const storage::ClocksChanged& changed);

 private:
  bool cross_node() const { return cluster_ && publish_; }
  // Makes the move in this node's room for the game (loaded if need be); a room that finds the game
  // served by another node passes it on there.
  void apply_here(storage::ServerMoveDue move, std::function<void(ServerMoveOutcome)> done);
  // Sends the move to `node` (hops counted); false when it was passed on too often already.
  bool pass_on(storage::ServerMoveDue move, const std::string& node);

  RoomRegistry& rooms_;
  const ClusterNode* cluster_;
  Publish publish_;
};

}  // namespace warpath::server
